// The device heap: each thread builds a linked list with new (nodes of a class
// with a virtual function, every other one of a derived class), sums it through
// the virtual call, adds the last element of a malloc'd buffer, and frees it all
// with delete and free.  Launch: --grid=1 --block=4, out = int[4], n = 4:
// thread t's nodes hold i*t for i < 4, the odd ones doubled, so
// out[t] = (0 + 2t + 2t + 6t) + 3 = 10t + 3; --post pins it.
// -DBAD_FREE: each thread also frees out, which malloc did not return: a
//             memory error at the free.
struct Node {
    int v;
    Node *next;
    __device__ Node(int v, Node *next) : v(v), next(next) {}
    __device__ virtual ~Node() {}
    __device__ virtual int value() const { return v; }
};

struct Doubled : Node {
    __device__ Doubled(int v, Node *next) : Node(v, next) {}
    __device__ int value() const override { return 2 * v; }
};

__global__ void heap(int *out, int n)
{
    int t = threadIdx.x;
    Node *head = nullptr;
    for (int i = 0; i < n; i++)
        head = i % 2 ? new Doubled(i * t, head) : new Node(i * t, head);
    int s = 0;
    for (Node *x = head; x; x = x->next)
        s += x->value();
    int *buf = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        buf[i] = i;
    s += buf[n - 1];
    free(buf);
#ifdef BAD_FREE
    free(out);
#endif
    while (head) {
        Node *next = head->next;
        delete head;
        head = next;
    }
    out[t] = s;
}
