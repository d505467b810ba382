#include "core/AllocatorTuning.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace headmap {

void tuneAllocatorForForwardPasses() {
#if defined(__GLIBC__)
    // Setting either one fixes it: glibc stops adapting the thresholds itself.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

}  // namespace headmap
