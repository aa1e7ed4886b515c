#pragma once
// The heap settings a GL driver that runs on the CPU needs. Mesa's llvmpipe allocates its vertex
// and setup buffers anew for every draw (megabytes for a mesh of 50,000 vertices) and frees them
// at the end of it. glibc's malloc then gives that memory back to the kernel (the top of the heap
// past M_TRIM_THRESHOLD is trimmed, chunks past M_MMAP_THRESHOLD are unmapped), so the next frame
// takes a page fault for every 4 KiB it writes. glibc moves both thresholds up as large chunks are
// freed, so whether a process pays depends on the order of its first allocations: `bench
// --vertices 50000 --targets 300 --density 0.02 --active 8` took 56 ms a frame with cs-sparse run
// first and 20 ms with cpu run first, a fifth of the time in page faults. Fixed thresholds keep
// the memory in the process: 16 to 18 ms either way. Call before the first GL context is made.
namespace renderer {

// Sets M_MMAP_THRESHOLD to 32 MiB (glibc's largest) and M_TRIM_THRESHOLD to 256 MiB: up to that
// much freed memory stays mapped for the next frame. Does nothing without glibc; under ASan,
// whose allocator replaces malloc, mallopt has no effect.
void keepFreedMemoryForTheDriver();

}  // namespace renderer
