/*
 * canon.h -- canonical text form of one execution.
 *
 * Contract:
 *  - An execution is named by its rf and co only (values and event order
 *    follow from them in a straight-line program).  Both the brute-force
 *    enumerator and the engine glue describe an execution through this
 *    builder, so equal executions give byte-equal strings.
 *  - Reads are named by their instruction's source id; a write by the
 *    source id, with suffix "w" for the write part of an RMW/CAS; the
 *    initial write is "init".  Form:
 *        "r<src><-<write> ... | x0:<w>,<w> x1: x2:"
 *    reads sorted by source id, co lists in coherence order without the
 *    initial write.
 *  - canon_str returns a malloc'd string the caller frees.
 */
#ifndef PROP_CANON_H
#define PROP_CANON_H

#define CANON_MAX_READS 64
#define CANON_NLOCS 3
#define CANON_MAX_CO 32

typedef struct canon_write {
    int init;     /* the initial write (src, rmw unused) */
    unsigned src;
    int rmw;      /* write part of an RMW / successful CAS */
} canon_write;

typedef struct canon {
    int nr;
    struct {
        unsigned src;
        canon_write from;
    } rd[CANON_MAX_READS];
    int nco[CANON_NLOCS];
    canon_write co[CANON_NLOCS][CANON_MAX_CO];
    int overflow; /* too many reads/writes: the string says so */
} canon;

void canon_init(canon *c);
void canon_read(canon *c, unsigned rsrc, canon_write from);
/* Append w to the co order of loc (call in coherence order). */
void canon_co(canon *c, int loc, canon_write w);
char *canon_str(canon *c);

#endif
