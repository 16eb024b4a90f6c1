/*
 * init_tables.cu -- device variables whose initialisers hold addresses:
 * a table of function pointers in __constant__ memory, a __device__
 * pointer into a __device__ array, a linked pair of __device__ structs,
 * and a table of pointers to string literals.  Each thread applies the
 * operation `which` selects to its element (-DWRONG_OP: thread 1 takes
 * the operation after it, which the postcondition catches).
 */
typedef float (*binop)(float, float);

__device__ float add(float a, float b) { return a + b; }
__device__ float mul(float a, float b) { return a * b; }
__device__ float sub(float a, float b) { return a - b; }

__constant__ binop ops[3] = {add, mul, sub};
__device__ const char *op_names[3] = {"add", "mul", "sub"};

__device__ float bias[4] = {0.5f, 1.5f, 2.5f, 3.5f};
__device__ float *second_half = bias + 2;

struct node {
    int value;
    node *next;
};
__device__ node tail = {7, nullptr};
__device__ node head = {3, &tail};

__global__ void apply(const float *x, float *out, int which)
{
    int i = threadIdx.x;
    int op = which;
#ifdef WRONG_OP
    if (i == 1)
        op = (which + 1) % 3;
#endif
    float r = ops[op](x[i], second_half[i % 2]);
    /* the name is right for the operation: 'a', 'm' or 's' */
    if (op_names[op][0] != "ams"[op])
        r = -1.0f;
    out[i] = r + (float)(head.value + head.next->value);
}
