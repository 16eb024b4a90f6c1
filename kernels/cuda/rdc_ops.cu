/*
 * rdc_ops.cu -- the other file of rdc_reduce.cu's program: the operator
 * and the starting value its kernel uses but does not define.
 */
__device__ int identity_value = 100;

__device__ int combine(int a, int b)
{
    return a + b;
}
