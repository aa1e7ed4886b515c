#include <cstdio>

int main() {
    std::puts("morphview: under construction");
    return 0;
}
