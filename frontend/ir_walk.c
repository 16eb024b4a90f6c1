/*
 * ir_walk.c -- the values derived from one value, each visited once
 * (contract in ir_walk.h).
 */
#include "ir_walk.h"

#include <stdlib.h>
#include <string.h>

int ir_walk_init(ir_walk *w, LLVMValueRef start)
{
    w->n = w->next = 0;
    w->v = malloc(IR_WALK_MAX * sizeof *w->v);
    if (!w->v)
        return -1;
    w->v[w->n++] = start;
    return 0;
}

int ir_walk_add(ir_walk *w, LLVMValueRef v)
{
    for (unsigned i = 0; i < w->n; i++)
        if (w->v[i] == v)
            return 0;
    if (w->n == IR_WALK_MAX)
        return -1;
    w->v[w->n++] = v;
    return 0;
}

LLVMValueRef ir_walk_next(ir_walk *w)
{
    return w->next < w->n ? w->v[w->next++] : NULL;
}

void ir_walk_free(ir_walk *w)
{
    free(w->v);
    w->v = NULL;
}

int ir_callee_prefixed(LLVMValueRef fn, const char *prefix)
{
    size_t len, n = strlen(prefix);
    const char *s = fn ? LLVMGetValueName2(fn, &len) : NULL;
    return s && len >= n && !strncmp(s, prefix, n);
}
