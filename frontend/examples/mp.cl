// OpenCL 2.0 message passing with explicit orders and scopes.
// launch: --grid=2 --block=1 --arg data=int[1] --arg flag=int[1]
// expect: no error; with -DWG the flag uses work-group scope across
// work-groups: heterogeneous race.
#ifdef WG
#define SCOPE memory_scope_work_group
#else
#define SCOPE memory_scope_device
#endif

__kernel void mp(__global int *data, __global atomic_int *flag) {
  if (get_group_id(0) == 0) {
    data[0] = 42;
    atomic_store_explicit(flag, 1, memory_order_release, SCOPE);
  } else {
    while (atomic_load_explicit(flag, memory_order_acquire, SCOPE) == 0);
    assert(data[0] == 42);
  }
}
