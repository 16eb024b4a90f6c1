/*
 * comm.h -- commuting blind atomics (docs/model.md, "Commuting atomics").
 *
 * A relaxed RMW whose returned value the program never uses ("blind": the
 * harness passes GPUMC_RMW_UNUSED) of a commutative operation leaves the
 * same value behind whatever order it runs in among the other blind RMWs
 * of its class (one operation family, one scope, one location).  When
 * nothing can observe that order -- every other access to the location is
 * hb-ordered with every blind RMW of it, no acquire read or acquire fence
 * synchronises through a blind write, and no SC fences lie both hb-before
 * and hb-after its blind RMWs -- the explorer runs them in one order only: a blind read reads the
 * co-latest write and is never revisited by a blind write of its class.
 *
 * Float and double adds commute while every order of a run of them
 * leaves the same sum (exact partial sums, or two adds onto zero); the
 * guard checks each as it joins its run.
 *
 * Identical blind RMWs -- one operation of no family (an exchange, a
 * wrapping inc/dec, a 16-bit float add) with one operand -- commute too:
 * each applies the same function to the value it finds.  The first such
 * RMW issued on a location names its class (same operation, size and
 * operand); others of no family are in no class there.
 *
 * Blind RMWs that do not commute in value -- different exchanges, a
 * floating-point add, or two operation families on one
 * location -- leave a value behind that depends on their order, but while
 * no read of that location other than a blind RMW's is ever issued,
 * nothing sees that value: they are one class too (a "write-only"
 * location).  The first such read issued (a load, a CAS, an RMW whose
 * result is used, a postcondition's) gives the location's RMWs their
 * families back, with a restart if a write-only class was in use.
 *
 * Plain (non-atomic) stores at a write-only location join its class: a
 * store is placed co-latest only ("pinned") when other co slots were
 * open to it, and a read issued there later restarts the run as above.
 * A store that no other write could precede costs no restart.  (Two such
 * stores unordered race: their orders matter only with races not
 * reported -- ignored, across groups, or reported once with --keep-going.
 * Atomic stores keep every order: litmus tests count co orders.)
 *
 * Whether nothing observes the order is learned while exploring:
 * comm_guard() sees every event that could observe it, and the first that
 * does switches the reduction off for its location and asks for a restart
 * (x->stop = EXEC_RESTART); the explorer then starts over, so no execution
 * explored under a wrong assumption is counted or reported.
 */
#ifndef GPUMC_COMM_H
#define GPUMC_COMM_H

#include "exec.h"

/* The class of an RMW of size bytes with this operand issued on location
 * loc (0: not a commuting blind RMW, explore it in every order).
 * `unused`: GPUMC_RMW_UNUSED was given. */
uint8_t comm_class(struct gpumc_exec *x, uint32_t loc, gpumc_rmw_op op, unsigned size,
                   uint64_t operand, int unused, gpumc_order o, gpumc_scope sc);
/* The same for a CAS (`unused`: GPUMC_CAS_UNUSED was given): it belongs
 * to no family, so it is blind only at a write-only location. */
uint8_t comm_cas_class(struct gpumc_exec *x, uint32_t loc, int unused, gpumc_order succ,
                       gpumc_order fail, gpumc_scope sc);
/* The class of a plain store to loc (0: none, place it at
 * every co slot), the write-only class while the location is one. */
uint8_t comm_store_class(struct gpumc_exec *x, uint32_t loc, gpumc_order o, gpumc_scope sc);
/* A store of the write-only class was placed co-latest though earlier co
 * slots were open to it: a read issued at loc from now on restarts. */
void comm_store_pinned(struct gpumc_exec *x, uint32_t loc);
/* A read of location loc whose value the program uses is issued (a load,
 * a CAS, an RMW whose result is used): the location stops being
 * write-only (may set x->stop to EXEC_RESTART). */
void comm_read_issued(struct gpumc_exec *x, uint32_t loc);
/* e was just added or given a new rf, and the graph is consistent (a new
 * write: also before it is placed in co, which the guard does not read):
 * 1 when e observes an order of blind RMWs (x->stop is then EXEC_RESTART). */
int comm_guard(struct gpumc_exec *x, eid e);
/* SC fence f was just added, before its consistency check (the order
 * explored may be the one psc forbids): 1 when a location's blind writes
 * now have SC fences both hb-before and hb-after them, whose order psc
 * may then see (x->stop is EXEC_RESTART). */
int comm_sc_fence(struct gpumc_exec *x, eid f);
/* Free what the reduction keeps in x. */
void comm_free(struct gpumc_exec *x);

#endif
