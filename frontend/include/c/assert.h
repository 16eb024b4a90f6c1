/* gpumc scoped C: assert is a checked assertion at its line. */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
void __gpumc_assert(int cond);
#define assert(e) __gpumc_assert(!!(e))
#endif
