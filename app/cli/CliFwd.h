#pragma once
// CLI11's App and Option by name only. CLI11 is header-only and costs about 4 s of compile per
// file that includes it (a third of the first build's time when every viewer file did):
// headers declare their commands' registration with these, and only the .cpp files that
// register options include <CLI/CLI.hpp>.
namespace CLI {
class App;
class Option;
}  // namespace CLI
