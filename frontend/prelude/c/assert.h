/* gpumc scoped-C prelude: assert becomes a checked gpumc assertion. */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
void __gpumc_assert(int cond);
#define assert(e) __gpumc_assert(!!(e))
#endif
