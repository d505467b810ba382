#pragma once
// The C allocator's settings for a program that runs forward passes (headmap, headmap-cli).

namespace headmap {

// Keeps freed matrices of up to 32 MB for reuse instead of returning them to the system.
//
// A forward pass allocates the same large temporaries once per layer: (T, 4864) MLP blocks,
// a (T, T) score matrix per head in each OpenMP thread. glibc gives memory at the top of a
// heap back as soon as 128 KB are free, and each thread's own heap even sooner, so every layer
// faulted its pages in again and the kernel cleared them: 3-4% of a 512-token pass in the
// kernel's page-fault and page-clearing code (perf), and 5-10% of its time at 128 tokens
// measured with the setting against without (README, "Speed"). Larger blocks (a whole
// 4,096 x 4,096 head) still come straight from the system and go back when freed, and at most
// 64 MB of free memory stays at the top of a heap, so resident memory grows by little.
// Called by the programs' main(), not by the engine itself: the allocator is the process's.
void tuneAllocatorForForwardPasses();

}  // namespace headmap
