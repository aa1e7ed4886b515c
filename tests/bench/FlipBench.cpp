// LDR-FLIP (morph/image/Flip.h) on a 512x512 pair, as regress computes it for a shot with a
// "flipMean" tolerance: the two images of tests/fixtures/flip/ (a neutral face and its mouth
// opened) doubled to 512x512. Single-threaded, like each of regress's comparing workers.
#include <string>

#include <benchmark/benchmark.h>

#include "morph/image/Flip.h"
#include "morph/image/ImageFile.h"

namespace {

morph::RgbaImage fixture(const char* name) {
    auto image = morph::readImageFile(std::string(MORPHVIEW_FLIP_FIXTURES) + "/" + name);
    if (!image) return {};
    morph::RgbaImage doubled{image->width * 2, image->height * 2, {}};
    doubled.pixels.resize(doubled.pixels.size() + size_t(doubled.width) * doubled.height * 4);
    for (int y = 0; y < doubled.height; ++y)
        for (int x = 0; x < doubled.width; ++x)
            for (int c = 0; c < 4; ++c)
                doubled.pixels[size_t((y * doubled.width + x) * 4 + c)] =
                    image->pixels[size_t(((y / 2) * image->width + x / 2) * 4 + c)];
    return doubled;
}

void BM_Flip512(benchmark::State& state) {
    const morph::RgbaImage a = fixture("face_neutral.png");
    const morph::RgbaImage b = fixture("face_jaw30.png");
    if (!a.valid() || !b.valid()) {
        state.SkipWithError("tests/fixtures/flip not found");
        return;
    }
    for (auto _ : state) benchmark::DoNotOptimize(morph::computeFlip(a, b).mean);
    state.SetItemsProcessed(state.iterations() * 512 * 512);
}
BENCHMARK(BM_Flip512)->Unit(benchmark::kMillisecond);

}  // namespace
