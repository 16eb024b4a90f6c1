/* cublas.h -- cuBLAS, legacy API (the same names, no handle): see cublas_api.h. */
#include "cublas_api.h"
