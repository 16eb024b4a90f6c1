/* cublas_v2.h -- cuBLAS, current API: see cublas_api.h. */
#include "cublas_api.h"
