/* gpumc scoped C: assert is a checked assertion at its line. */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
void __gpumc_assert_what(int cond, const char *what);
#define assert(e) __gpumc_assert_what(!!(e), #e)
#endif
