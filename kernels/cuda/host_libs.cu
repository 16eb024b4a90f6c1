// A kernel that rotates complex numbers with cuComplex.h, in a file whose host code
// calls cuBLAS, cuBLASLt, cuFFT, cuSPARSE, cuRAND, cuSOLVER, NVTX, NCCL and MPI around it: gpumc
// compiles the host code (the libraries are declared, never run) and checks the
// kernel, whose complex arithmetic is asserted.  It loads and stores with cache hints
// (__ldcs, __stcs) and takes bfloat16 from cublas_v2.h, as CUDA's header provides it.
// Launch: --grid=2 --block=33, re = im = 64 floats, n = 64.  -DOFF_BY_ONE: i <= n
// touches re[64]: a memory error.
#include <cassert>
#include <cstdio>
#include <cuComplex.h>
#include <cublasLt.h>
#include <cublas_v2.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>
#include <cusparse.h>
#include <mpi.h>
#include <nccl.h>

__global__ void rotate(float *re, float *im, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef OFF_BY_ONE
    if (i <= n) {
#else
    if (i < n) {
#endif
        cuComplex z = cuCmulf(make_cuComplex(__ldcs(&re[i]), __ldcg(&im[i])),
                              make_cuComplex(0.0f, 1.0f));
        __stcs(&re[i], cuCrealf(z));
        __stwt(&im[i], cuCimagf(z));
    }
    assert(__bfloat162float(__float2bfloat16(1.5f)) == 1.5f);
    cuComplex a = make_cuComplex(1.0f, 2.0f), b = make_cuComplex(3.0f, 4.0f);
    cuComplex ab = cuCmulf(a, b);
    assert(cuCrealf(ab) == -5.0f && cuCimagf(ab) == 10.0f);
    cuComplex q = cuCdivf(ab, b);
    assert(fabsf(q.x - 1.0f) < 1e-6f && fabsf(q.y - 2.0f) < 1e-6f);
    assert(cuCabsf(b) == 5.0f && cuCimagf(cuConjf(b)) == -4.0f);
    cuDoubleComplex d = cuCsub(cuComplexFloatToDouble(b), make_cuDoubleComplex(6.0, 0.0));
    assert(cuCabs(d) == 5.0 && cuCreal(cuCfma(d, d, d)) == -10.0);
}

int main(int argc, char **argv)
{
    int rank = 0, ranks = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    ncclUniqueId id;
    ncclComm_t comm;
    if (rank == 0)
        ncclGetUniqueId(&id);
    MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
    ncclCommInitRank(&comm, ranks, id, rank);
    float *re, *im;
    cudaMalloc(&re, 64 * sizeof(float));
    cudaMalloc(&im, 64 * sizeof(float));
    curandGenerator_t gen;
    curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
    curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
    curandGenerateUniform(gen, re, 64);
    curandGenerateNormal(gen, im, 64, 0.0f, 1.0f);
    rotate<<<2, 32>>>(re, im, 64);

    cublasHandle_t h;
    const float one = 1.0f, zero = 0.0f;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS)
        return 1;
    cublasSetMathMode(h, CUBLAS_TF32_TENSOR_OP_MATH);
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, 8, 8, 8, &one, re, 8, im, 8, &zero, re, 8);
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, re, CUDA_R_32F, 8, im, CUDA_R_32F,
                 8, &zero, re, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    int imax = 0;
    cublasIsamax(h, 64, re, 1, &imax);

    cublasLtHandle_t lt;
    cublasLtMatmulDesc_t op;
    cublasLtMatmulPreference_t pref;
    cublasLtMatmulHeuristicResult_t heur;
    cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_BIAS;
    int found = 0;
    nvtxRangePush("lt");
    cublasLtCreate(&lt);
    cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi);
    cublasLtMatmulPreferenceCreate(&pref);
    cublasLtMatmulAlgoGetHeuristic(lt, op, 0, 0, 0, 0, pref, 1, &heur, &found);
    cublasLtMatmul(lt, op, &one, re, 0, im, 0, &zero, re, 0, re, 0, &heur.algo, 0, 0, 0);
    cublasLtDestroy(lt);
    nvtxNameCudaStream(0, "default");
    nvtxRangePop();

    cufftHandle plan;
    cufftPlan1d(&plan, 32, CUFFT_C2C, 1);
    cufftExecC2C(plan, (cufftComplex *)re, (cufftComplex *)re, CUFFT_FORWARD);
    cufftDestroy(plan);

    cusparseHandle_t sp;
    cusparseSpMatDescr_t A;
    cusparseDnVecDescr_t x, y;
    size_t bytes = 0;
    cusparseCreate(&sp);
    cusparseCreateCsr(&A, 8, 8, 8, im, im, re, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateDnVec(&x, 8, re, CUDA_R_32F);
    cusparseCreateDnVec(&y, 8, im, CUDA_R_32F);
    cusparseSpMV_bufferSize(sp, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, x, &zero, y,
                            CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bytes);

    cusolverDnHandle_t sol;
    int lwork = 0;
    cusolverDnCreate(&sol);
    cusolverDnSgetrf_bufferSize(sol, 8, 8, re, 8, &lwork);
    printf("%d %zu %d %s\n", imax, bytes, lwork, cusparseGetErrorString(CUSPARSE_STATUS_SUCCESS));
    ncclAllReduce(re, re, 64, ncclFloat, ncclSum, comm, 0);
    ncclCommDestroy(comm);
    MPI_Finalize();
    cusolverDnDestroy(sol);
    cusparseDestroy(sp);
    cublasDestroy(h);
    curandDestroyGenerator(gen);
    return 0;
}
