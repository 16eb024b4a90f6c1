// Globals whose initialisers hold addresses: a table of thread functions,
// a table of names (string literals), a pointer into an array, and
// structs pairing a name with a function.  main spawns the table's
// workers; each adds its share through the pointer.  One execution, the
// total checked.  -DSWAPPED: the pointer names the wrong element, and the
// check fails.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int totals[3];
#ifdef SWAPPED
atomic_int *sum = &totals[2];
#else
atomic_int *sum = &totals[1];
#endif

static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
struct op {
    const char *name;
    int (*f)(int);
};
struct op ops[] = {{"twice", twice}, {"thrice", thrice}};
const char *labels[] = {"first", "second"};

static void *first(void *arg)
{
    (void)arg;
    atomic_fetch_add_explicit(sum, ops[0].f(5), memory_order_relaxed);
    return 0;
}

static void *second(void *arg)
{
    (void)arg;
    atomic_fetch_add_explicit(sum, ops[1].f(5), memory_order_relaxed);
    return 0;
}

void *(*workers[2])(void *) = {first, second};

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], 0, workers[i], 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    assert(labels[1][0] == 's' && ops[1].name[2] == 'r');
    assert(atomic_load_explicit(&totals[1], memory_order_relaxed) == 25);
    return 0;
}
