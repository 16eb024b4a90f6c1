/*
 * canon.h -- canonical text form of one execution.
 *
 * Contract:
 *  - An execution is named by its rf and co only (values and event order
 *    follow from them in a straight-line program).  Both the brute-force
 *    enumerator and the engine glue describe an execution through this
 *    builder, so equal executions give byte-equal strings.
 *  - An event is named by its instruction's source id and, in a counted
 *    loop, its iteration (0 first; printed as ".<iter>" when > 0).  A read
 *    is "r" + that name; a write is the name, with suffix "w" for the
 *    write part of an RMW/CAS; the initial write is "init".  Form:
 *        "r<src><-<write> ... | x0:<w>,<w> x1: x2:"
 *    reads sorted by (source id, iteration), co lists in coherence order
 *    without the initial write.
 *  - canon_str returns a malloc'd string the caller frees.
 */
#ifndef PROP_CANON_H
#define PROP_CANON_H

#define CANON_MAX_READS 64
#define CANON_NLOCS 3
#define CANON_MAX_CO 32

typedef struct canon_write {
    int init;     /* the initial write (src, iter, rmw unused) */
    unsigned src;
    unsigned iter; /* loop iteration of the instruction, 0 outside loops */
    int rmw;      /* write part of an RMW / successful CAS */
} canon_write;

typedef struct canon {
    int nr;
    struct canon_rd {
        unsigned src, iter;
        canon_write from;
    } rd[CANON_MAX_READS];
    int nco[CANON_NLOCS];
    canon_write co[CANON_NLOCS][CANON_MAX_CO];
    int overflow; /* too many reads/writes: the string says so */
} canon;

void canon_init(canon *c);
void canon_read(canon *c, unsigned rsrc, unsigned iter, canon_write from);
/* Same event (both initial, or same source id, iteration and part)? */
int canon_same_write(canon_write a, canon_write b);
/* Append w to the co order of loc (call in coherence order). */
void canon_co(canon *c, int loc, canon_write w);
char *canon_str(canon *c);

/* What the loads of one complete execution returned, as the program saw
 * them: "<name>=<value> ..." sorted by (source id, iteration).  Brute force
 * takes the values from rf; the engine's harness records what its calls
 * returned -- which is all a run that folds repeated plain accesses
 * (elide.h) can be compared on, its events being fewer. */
typedef struct canon_loads {
    int n, overflow;
    struct canon_ld {
        unsigned src, iter;
        unsigned long value;
    } v[CANON_MAX_READS];
} canon_loads;

void canon_loads_init(canon_loads *l);
void canon_load(canon_loads *l, unsigned src, unsigned iter, unsigned long value);
char *canon_loads_str(canon_loads *l);

#endif
