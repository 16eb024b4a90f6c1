/* gpumc: assert in a kernel is a gpumc assertion (a finding at its line),
 * whatever header brought it in. */
#include "../cuda/gpumc_ir.h"
#undef assert
#define assert(e) __gpumc_assert_what(!!(e), #e)
