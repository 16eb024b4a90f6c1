/*
 * ir_pass.c -- the instrumentation pass.  See ir_pass.h.
 */
#define _GNU_SOURCE 1 /* dladdr */
#include "ir_pass.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Comdat.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "fe_buf.h"
#include "ir_deadlocal.h"
#include "ir_defaults.h"
#include "ir_asm.h"
#include "ir_internal.h"
#include "ir_names.h"
#include "ir_lanes.h"
#include "ir_other.h"
#include "ir_post.h"
#include "ir_mainlocals.h"
#include "ir_reads.h"

static const char host_layout[] =
    "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128";

/* ---- errors and source locations --------------------------------------- */


int ir_fail(pass *p, const char *fmt, ...)
{
    if (p->d->code)
        return 5; /* keep the first error */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->d->msg, sizeof p->d->msg, fmt, ap);
    va_end(ap);
    p->d->code = 5;
    return 5;
}

static const char *intern(pass *p, const char *s, size_t n)
{
    ir_result *r = p->out;
    for (unsigned i = 0; i < r->nstrings; i++)
        if (strlen(r->strings[i]) == n && !memcmp(r->strings[i], s, n))
            return r->strings[i];
    if (r->nstrings == p->capstrings) {
        unsigned c = p->capstrings ? p->capstrings * 2 : 8;
        char **ns = realloc(r->strings, sizeof *ns * c);
        if (!ns)
            return NULL;
        r->strings = ns;
        p->capstrings = c;
    }
    char *copy = malloc(n + 1);
    if (!copy)
        return NULL;
    memcpy(copy, s, n);
    copy[n] = '\0';
    r->strings[r->nstrings++] = copy;
    return copy;
}

static unsigned add_src(pass *p, const char *file, unsigned line, unsigned col,
                        const char *func, const char *callers)
{
    ir_result *r = p->out;
    for (unsigned i = 0; i < r->nsrcs; i++)
        if (r->srcs[i].file == file && r->srcs[i].line == line && r->srcs[i].col == col &&
            r->srcs[i].callers == callers)
            return i;
    if (r->nsrcs == p->capsrcs) {
        unsigned c = p->capsrcs ? p->capsrcs * 2 : 64;
        ir_srcloc *ns = realloc(r->srcs, sizeof *ns * c);
        if (!ns)
            return 0;
        r->srcs = ns;
        p->capsrcs = c;
    }
    r->srcs[r->nsrcs] = (ir_srcloc){.file = file, .line = line, .col = col, .func = func,
                                    .callers = callers};
    return r->nsrcs++;
}

/* The path of a DIFile: clang 14 splits a path it was given into a
 * directory and a name relative to it (for /a/b/k.cu compiled in /a/c:
 * "/a" and "b/k.cu"), so the name alone can be wrong for the user. */
static void difile_path(const pass *p, LLVMMetadataRef file, const char *name, unsigned n,
                        char *path, size_t size)
{
    char base[4096];
    unsigned dn = 0;
    const char *dir = LLVMDIFileGetDirectory(file, &dn);
    if (dn)
        snprintf(base, sizeof base, "%.*s", (int)(dn < 4000 ? dn : 4000), dir);
    else
        snprintf(base, sizeof base, "%s", p->cwd[0] ? p->cwd : ".");
    n = n < 4000 ? n : 4000;
    if (name[0] == '/')
        snprintf(path, size, "%.*s", (int)n, name);
    else
        snprintf(path, size, "%s/%.*s", base, (int)n, name);
}

/* Is this file one of gpumc's own headers?  Locations inside them are
 * replaced by the user's call site (the inlinedAt chain). */
static int in_prelude(const pass *p, LLVMMetadataRef file, const char *name, unsigned n)
{
    char path[8200];
    difile_path(p, file, name, n, path, sizeof path);
    size_t pn = strlen(p->prelude_dir);
    return !strncmp(path, p->prelude_dir, pn) && (path[pn] == '/' || !path[pn]);
}

/* path without "./" segments, in place: `#include "./k.h"` and
 * `#include "k.h"` name one file, and reports spell it one way. */
static size_t tidy_path(char *path)
{
    char *r = path, *w = path;
    while (*r) {
        if (r[0] == '.' && r[1] == '/' && (r == path || r[-1] == '/')) {
            r += 2;
            while (*r == '/')
                r++;
            continue;
        }
        *w++ = *r++;
    }
    *w = '\0';
    return (size_t)(w - path);
}

/* A user's file as reports name it: as clang names it when that is relative
 * to the working directory (the way the user wrote it), else its path below
 * the working directory, else its absolute path -- without "./" segments. */
static const char *user_file(pass *p, LLVMMetadataRef file, const char *name, unsigned n)
{
    char path[8200];
    unsigned dn = 0;
    const char *dir = LLVMDIFileGetDirectory(file, &dn);
    size_t cl = strlen(p->cwd);
    if (name[0] == '/' || !cl || !dn || (cl == dn && !strncmp(dir, p->cwd, dn))) {
        snprintf(path, sizeof path, "%.*s", (int)n, name); /* as the user spelt it */
        return intern(p, path, tidy_path(path));
    }
    difile_path(p, file, name, n, path, sizeof path);
    size_t len = tidy_path(path);
    if (!strncmp(path, p->cwd, cl) && path[cl] == '/') /* under the working directory */
        return intern(p, path + cl + 1, len - cl - 1);
    return intern(p, path, len);
}

typedef struct where {
    const char *file;
    unsigned line, col;
    const char *func;
    const char *callers;
} where;

/* The name of the function a debug scope lies in (its subprogram's), or
 * NULL.  The C API has no accessors for these: operand 1 of a lexical block
 * is its parent scope, operand 2 of a subprogram its name. */
static const char *scope_function(pass *p, LLVMMetadataRef scope)
{
    for (int depth = 0; scope && depth < 1000; depth++) {
        LLVMMetadataKind k = LLVMGetMetadataKind(scope);
        LLVMValueRef v = LLVMMetadataAsValue(p->cx, scope);
        unsigned n = LLVMGetMDNodeNumOperands(v);
        LLVMValueRef ops[32];
        if (n < 2 || n > 32 || (k == LLVMDISubprogramMetadataKind && n < 3))
            return NULL; /* a lexical block has two operands: file, scope */
        LLVMGetMDNodeOperands(v, ops);
        if (k == LLVMDISubprogramMetadataKind) {
            unsigned len = 0;
            const char *name = ops[2] ? LLVMGetMDString(ops[2], &len) : NULL;
            if (name && len == strlen(IR_POST_KERNEL) && !memcmp(name, IR_POST_KERNEL, len))
                return NULL; /* the postconditions: gpumc's wrapper, no function of the user's */
            return name && len ? intern(p, name, len) : NULL;
        }
        if (k != LLVMDILexicalBlockMetadataKind && k != LLVMDILexicalBlockFileMetadataKind)
            return NULL;
        scope = ops[1] ? LLVMValueAsMetadata(ops[1]) : NULL;
    }
    return NULL;
}

#define CALL_CHAIN_MAX 4

/* Where the user's code inlined at dl was called from, innermost first:
 * "called from f (k.cu:7:5), from g (k.cu:20:9)", or NULL.  gpumc's own
 * headers in between are skipped. */
static const char *call_chain(pass *p, LLVMMetadataRef dl)
{
    char buf[1024];
    size_t used = 0;
    int n = 0;
    for (; dl && n < CALL_CHAIN_MAX; dl = LLVMDILocationGetInlinedAt(dl)) {
        LLVMMetadataRef scope = LLVMDILocationGetScope(dl);
        LLVMMetadataRef file = scope ? LLVMDIScopeGetFile(scope) : NULL;
        unsigned len = 0;
        const char *name = file ? LLVMDIFileGetFilename(file, &len) : NULL;
        if (!name || !len || in_prelude(p, file, name, len) || !LLVMDILocationGetLine(dl))
            continue;
        const char *fn = scope_function(p, scope), *path = user_file(p, file, name, len);
        int k = snprintf(buf + used, sizeof buf - used, "%s %s (%s:%u:%u)",
                         n ? ", from" : "called from", fn ? fn : "?", path ? path : "?",
                         LLVMDILocationGetLine(dl), LLVMDILocationGetColumn(dl));
        if (k < 0 || (size_t)k >= sizeof buf - used)
            break;
        used += (size_t)k;
        n++;
    }
    return n ? intern(p, buf, used) : NULL;
}

/* The innermost location of debug location dl in the user's own source. */
static int locate_dl(pass *p, LLVMMetadataRef dl, where *w)
{
    while (dl) {
        LLVMMetadataRef scope = LLVMDILocationGetScope(dl);
        LLVMMetadataRef file = scope ? LLVMDIScopeGetFile(scope) : NULL;
        unsigned n = 0;
        const char *name = file ? LLVMDIFileGetFilename(file, &n) : NULL;
        if (name && n && !in_prelude(p, file, name, n) && LLVMDILocationGetLine(dl)) {
            w->file = user_file(p, file, name, n);
            w->line = LLVMDILocationGetLine(dl);
            w->col = LLVMDILocationGetColumn(dl);
            w->func = scope_function(p, scope);
            w->callers = call_chain(p, LLVMDILocationGetInlinedAt(dl));
            return w->file ? 0 : -1;
        }
        dl = LLVMDILocationGetInlinedAt(dl);
    }
    return -1;
}

/* Where inst is in the user's source.  An instruction the optimiser gave
 * no line (two calls merged into one lose theirs) is placed at the
 * nearest instruction of its block that has one, before it or else after:
 * the statement it came from, or its neighbour -- not "line 0". */
static int locate(pass *p, LLVMValueRef inst, where *w)
{
    if (locate_dl(p, LLVMInstructionGetDebugLoc(inst), w) == 0)
        return 0;
    if (!LLVMIsAInstruction(inst))
        return -1;
    for (LLVMValueRef i = LLVMGetPreviousInstruction(inst); i; i = LLVMGetPreviousInstruction(i))
        if (locate_dl(p, LLVMInstructionGetDebugLoc(i), w) == 0)
            return 0;
    for (LLVMValueRef i = LLVMGetNextInstruction(inst); i; i = LLVMGetNextInstruction(i))
        if (locate_dl(p, LLVMInstructionGetDebugLoc(i), w) == 0)
            return 0;
    return -1;
}

unsigned ir_src(pass *p, LLVMValueRef inst)
{
    where w;
    if (locate(p, inst, &w) != 0)
        return 0; /* entry 0: the kernel file itself */
    return add_src(p, w.file, w.line, w.col, w.func, w.callers);
}

unsigned ir_src_statement(pass *p, LLVMValueRef inst)
{
    where w;
    if (locate(p, inst, &w) != 0)
        return 0;
    return add_src(p, w.file, w.line, w.col, w.func, NULL);
}

const char *ir_where(pass *p, LLVMValueRef inst, char *buf, size_t n)
{
    where w;
    if (locate(p, inst, &w) == 0)
        snprintf(buf, n, "%s:%u:%u: ", w.file, w.line, w.col);
    else
        snprintf(buf, n, "%s: ", p->out->nsrcs ? p->out->srcs[0].file : "kernel");
    return buf;
}

/* ---- the adapter's declarations ---------------------------------------- */

static LLVMValueRef rt(pass *p, rt_fn f)
{
    static const char *const names[RT_N] = {
        "__gpumc_ir_load", "__gpumc_ir_store", "__gpumc_ir_rmw", "__gpumc_ir_cas",
        "__gpumc_ir_fence", "__gpumc_ir_barrier", "__gpumc_ir_assert", "__gpumc_ir_assume",
        "__gpumc_ir_sreg", "__gpumc_ir_memcpy", "__gpumc_ir_memset", "__gpumc_ir_spin",
        "__gpumc_ir_clwi", "__gpumc_ir_cl_copy", "__gpumc_ir_divisor",
        "__gpumc_ir_barrier_mem", "__gpumc_ir_cl_wait", "__gpumc_ir_require",
        "__gpumc_ir_accessed", "__gpumc_ir_object_base", "__gpumc_ir_unsupported",
        "__gpumc_ir_barrier_object", "__gpumc_ir_iteration", "__gpumc_ir_private_check",
        "__gpumc_ir_barrier_arrive", "__gpumc_ir_barrier_wait", "__gpumc_ir_assert_what",
        "__gpumc_ir_malloc", "__gpumc_ir_free", "__gpumc_ir_arg_check", "__gpumc_ir_cp_async",
        "__gpumc_ir_cp_commit", "__gpumc_ir_cp_wait", "__gpumc_ir_pairs_begin",
        "__gpumc_ir_pairs_next", "__gpumc_ir_other_enter", "__gpumc_ir_other_leave",
        "__gpumc_ir_printf"};
    if (p->rt[f])
        return p->rt[f];
    LLVMTypeRef i32 = p->i32, i64 = p->i64, i8p = p->i8p, ret = p->vd;
    LLVMTypeRef a[9];
    unsigned n = 0;
    switch (f) {
    case RT_LOAD: ret = i64; a[n++] = i8p; a[n++] = i32; a[n++] = i32; a[n++] = i32; break;
    case RT_STORE:
        a[n++] = i8p; a[n++] = i32; a[n++] = i64; a[n++] = i32; a[n++] = i32;
        break;
    case RT_RMW:
        ret = i64; a[n++] = i8p; a[n++] = i32; a[n++] = i32; a[n++] = i64;
        a[n++] = i32; a[n++] = i32;
        break;
    case RT_CAS:
        ret = i64; a[n++] = i8p; a[n++] = i32; a[n++] = i64; a[n++] = i64;
        a[n++] = i32; a[n++] = i32; a[n++] = i32; a[n++] = i32;
        break;
    case RT_FENCE: a[n++] = i32; a[n++] = i32; break;
    case RT_BARRIER: a[n++] = i32; a[n++] = i32; break;
    case RT_BARRIER_MEM: a[n++] = i32; a[n++] = i32; a[n++] = i32; break;
    case RT_ASSERT: case RT_ASSUME: case RT_REQUIRE: a[n++] = i32; break;
    case RT_SREG: ret = i32; a[n++] = i32; break;
    case RT_MEMCPY: a[n++] = i8p; a[n++] = i8p; a[n++] = i64; break;
    case RT_MEMSET: a[n++] = i8p; a[n++] = i32; a[n++] = i64; break;
    case RT_SPIN:
        a[n++] = i32; a[n++] = p->i8pp; a[n++] = p->i64p; a[n++] = i32; a[n++] = i32;
        break;
    case RT_CLWI: ret = i64; a[n++] = i32; a[n++] = i32; break;
    case RT_DIVISOR: ret = i64; a[n++] = i64; break;
    case RT_CLCOPY:
        ret = i64; a[n++] = i8p; a[n++] = i8p; a[n++] = i64; a[n++] = i64; a[n++] = i64;
        a[n++] = i64; a[n++] = i64;
        break;
    case RT_CLWAIT: a[n++] = i32; a[n++] = i32; a[n++] = i8p; break;
    case RT_ACCESSED: ret = i64; a[n++] = i8p; a[n++] = i32; break;
    case RT_OBJBASE: ret = i8p; a[n++] = i8p; break;
    case RT_UNSUPPORTED: a[n++] = i8p; break;
    case RT_BAROBJ: a[n++] = i8p; a[n++] = i32; break;
    case RT_BARARRIVE: ret = i32; a[n++] = i8p; a[n++] = i32; break;
    case RT_BARWAIT: a[n++] = i8p; a[n++] = i32; a[n++] = i32; break;
    case RT_ASSERT_WHAT: a[n++] = i32; a[n++] = i8p; break;
    case RT_MALLOC: ret = i8p; a[n++] = i64; break;
    case RT_FREE: a[n++] = i8p; break;
    case RT_ARGCHECK: a[n++] = i8p; a[n++] = i8p; a[n++] = i32; a[n++] = i8p; break;
    case RT_PCHECK:
        a[n++] = i32; a[n++] = i8p; a[n++] = i8p; a[n++] = i64; a[n++] = i32; a[n++] = i8p;
        break;
    case RT_CPASYNC: a[n++] = i8p; a[n++] = i8p; a[n++] = i32; a[n++] = i32; break;
    case RT_CPWAIT: a[n++] = i32; break;
    case RT_PAIRS_NEXT: ret = i32; break;
    case RT_PRINTF: a[n++] = i8p; a[n++] = i8p; break;
    default: break;
    }
    if (f != RT_SREG && f != RT_CLWI)
        a[n++] = i32; /* the source location, always last */
    p->rtty[f] = LLVMFunctionType(ret, a, n, 0);
    p->rt[f] = LLVMAddFunction(p->m, names[f], p->rtty[f]);
    return p->rt[f];
}

LLVMValueRef ir_call(pass *p, rt_fn f, LLVMValueRef *args, unsigned n)
{
    LLVMValueRef fn = rt(p, f);
    return LLVMBuildCall2(p->b, p->rtty[f], fn, args, n, "");
}

LLVMValueRef ir_c32(pass *p, unsigned long long v) { return LLVMConstInt(p->i32, v, 0); }
static LLVMValueRef c64(pass *p, unsigned long long v) { return LLVMConstInt(p->i64, v, 0); }

/* ---- what is private ----------------------------------------------------- */

static LLVMValueRef base_object(LLVMValueRef v)
{
    for (int i = 0; i < 256 && v; i++) {
        if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v)) {
            v = LLVMGetOperand(v, 0);
            continue;
        }
        if (LLVMIsAConstantExpr(v)) {
            LLVMOpcode op = LLVMGetConstOpcode(v);
            if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast) {
                v = LLVMGetOperand(v, 0);
                continue;
            }
        }
        break;
    }
    return v;
}

static unsigned addrspace_of(LLVMValueRef ptr)
{
    LLVMTypeRef t = LLVMTypeOf(ptr);
    return LLVMGetTypeKind(t) == LLVMPointerTypeKind ? LLVMGetPointerAddressSpace(t) : 0;
}

/* Constant globals (string literals, const tables, OpenCL __constant
 * variables) are never written: every thread reads them natively.  CUDA's
 * __constant__ variables are not constant to LLVM -- the host may set them,
 * and a kernel's write to one must be found -- so they go to the window as
 * read-only regions (IR_G_CONST). */
static int is_readonly_global(LLVMValueRef g)
{
    return LLVMIsAGlobalVariable(g) && LLVMIsGlobalConstant(g);
}

int ir_is_private(const pass *p, LLVMValueRef ptr)
{
    (void)p;
    LLVMValueRef o = base_object(ptr);
    return LLVMIsAAllocaInst(o) || is_readonly_global(o);
}

/* ---- values to and from the ABI's uint64_t -------------------------------- */

static int scalar_type(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t) <= 64;
    case LLVMHalfTypeKind: case LLVMFloatTypeKind: case LLVMDoubleTypeKind:
    case LLVMPointerTypeKind:
        return 1;
    default:
        return 0;
    }
}

unsigned ir_store_size(const pass *p, LLVMTypeRef t)
{
    return (unsigned)LLVMStoreSizeOfType(p->td, t);
}

LLVMValueRef ir_to_i64(pass *p, LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    switch (LLVMGetTypeKind(t)) {
    case LLVMPointerTypeKind:
        return LLVMBuildPtrToInt(p->b, v, p->i64, "");
    case LLVMHalfTypeKind:
        v = LLVMBuildBitCast(p->b, v, LLVMInt16TypeInContext(p->cx), "");
        break;
    case LLVMFloatTypeKind:
        v = LLVMBuildBitCast(p->b, v, p->i32, "");
        break;
    case LLVMDoubleTypeKind:
        return LLVMBuildBitCast(p->b, v, p->i64, "");
    default:
        break;
    }
    if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 64)
        return v;
    return LLVMBuildZExt(p->b, v, p->i64, "");
}

LLVMValueRef ir_from_i64(pass *p, LLVMValueRef v, LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMPointerTypeKind:
        return LLVMBuildIntToPtr(p->b, v, t, "");
    case LLVMHalfTypeKind:
        return LLVMBuildBitCast(p->b, LLVMBuildTrunc(p->b, v, LLVMInt16TypeInContext(p->cx), ""),
                                t, "");
    case LLVMFloatTypeKind:
        return LLVMBuildBitCast(p->b, LLVMBuildTrunc(p->b, v, p->i32, ""), t, "");
    case LLVMDoubleTypeKind:
        return LLVMBuildBitCast(p->b, v, t, "");
    default:
        if (LLVMGetIntTypeWidth(t) == 64)
            return v;
        return LLVMBuildTrunc(p->b, v, t, "");
    }
}

static LLVMValueRef byte_ptr(pass *p, LLVMValueRef base8, unsigned long long off)
{
    if (!off)
        return base8;
    LLVMValueRef idx = c64(p, off);
    return LLVMBuildGEP2(p->b, p->i8, base8, &idx, 1, "");
}

typedef struct mem_access {
    int order, scope;
    unsigned src;
} mem_access;

/* Pieces of an aggregate: element type and byte offset of element i. */
static unsigned n_pieces(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMStructTypeKind: return LLVMCountStructElementTypes(t);
    case LLVMArrayTypeKind: return LLVMGetArrayLength(t);
    case LLVMVectorTypeKind: return LLVMGetVectorSize(t);
    default: return 0;
    }
}

static LLVMTypeRef piece_type(LLVMTypeRef t, unsigned i)
{
    return LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i)
                                                    : LLVMGetElementType(t);
}

static unsigned long long piece_offset(const pass *p, LLVMTypeRef t, unsigned i)
{
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind)
        return LLVMOffsetOfElement(p->td, t, i);
    return (unsigned long long)i * LLVMABISizeOfType(p->td, LLVMGetElementType(t));
}

static int check_scalar(pass *p, LLVMTypeRef t, LLVMValueRef inst)
{
    unsigned sz = ir_store_size(p, t);
    if (scalar_type(t) && (sz == 1 || sz == 2 || sz == 4 || sz == 8))
        return 0;
    char w[512];
    return ir_fail(p, "%serror: unsupported: a shared-memory access of %u bytes that is not an "
                "aggregate of 1, 2, 4 or 8-byte values", ir_where(p, inst, w, sizeof w), sz);
}

/* The accesses at source location src carry values of type t: a float
 * one prints as a float.  Accesses that disagree (a struct copied member by
 * member at one place) print integers. */
static void note_value_kind(pass *p, unsigned src, LLVMTypeRef t)
{
    if (src >= p->out->nsrcs || !p->in_reach) /* another kernel's code (a template's
                                                 other instance) says nothing */
        return;
    LLVMTypeKind k = LLVMGetTypeKind(t);
    int kind = k == LLVMHalfTypeKind || k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind
                   ? IR_VALUE_FLOAT : k == LLVMPointerTypeKind ? IR_VALUE_POINTER : IR_VALUE_INT;
    ir_srcloc *s = &p->out->srcs[src];
    s->vkind = !s->vkind || s->vkind == kind ? kind : IR_VALUE_INT;
}

static LLVMValueRef emit_load(pass *p, LLVMValueRef ptr8, LLVMTypeRef t, const mem_access *a,
                              LLVMValueRef inst)
{
    unsigned n = n_pieces(t);
    if (n || LLVMGetTypeKind(t) == LLVMStructTypeKind) {
        int vec = LLVMGetTypeKind(t) == LLVMVectorTypeKind;
        LLVMValueRef agg = LLVMGetUndef(t);
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef e = emit_load(p, byte_ptr(p, ptr8, piece_offset(p, t, i)),
                                       piece_type(t, i), a, inst);
            if (!e)
                return NULL;
            agg = vec ? LLVMBuildInsertElement(p->b, agg, e, ir_c32(p, i), "")
                      : LLVMBuildInsertValue(p->b, agg, e, i, "");
        }
        return agg;
    }
    if (check_scalar(p, t, inst))
        return NULL;
    note_value_kind(p, a->src, t);
    LLVMValueRef args[] = {ptr8, ir_c32(p, ir_store_size(p, t)), ir_c32(p, a->order), ir_c32(p, a->scope),
                           ir_c32(p, a->src)};
    return ir_from_i64(p, ir_call(p, RT_LOAD, args, 5), t);
}

static int emit_store(pass *p, LLVMValueRef ptr8, LLVMValueRef v, const mem_access *a,
                      LLVMValueRef inst)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned n = n_pieces(t);
    if (n || LLVMGetTypeKind(t) == LLVMStructTypeKind) {
        int vec = LLVMGetTypeKind(t) == LLVMVectorTypeKind;
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef e = vec ? LLVMBuildExtractElement(p->b, v, ir_c32(p, i), "")
                                 : LLVMBuildExtractValue(p->b, v, i, "");
            if (emit_store(p, byte_ptr(p, ptr8, piece_offset(p, t, i)), e, a, inst))
                return 5;
        }
        return 0;
    }
    if (check_scalar(p, t, inst))
        return 5;
    note_value_kind(p, a->src, t);
    LLVMValueRef args[] = {ptr8, ir_c32(p, ir_store_size(p, t)), ir_to_i64(p, v), ir_c32(p, a->order),
                           ir_c32(p, a->scope), ir_c32(p, a->src)};
    ir_call(p, RT_STORE, args, 6);
    return 0;
}

/* ---- rewriting instructions --------------------------------------------- */

static int order_of(LLVMAtomicOrdering o)
{
    switch (o) {
    case LLVMAtomicOrderingNotAtomic: return 0;
    case LLVMAtomicOrderingUnordered: case LLVMAtomicOrderingMonotonic: return 1;
    case LLVMAtomicOrderingAcquire: return 2;
    case LLVMAtomicOrderingRelease: return 3;
    case LLVMAtomicOrderingAcquireRelease: return 4;
    default: return 5;
    }
}

static mem_access access_of(pass *p, LLVMValueRef inst)
{
    mem_access a;
    int fence = LLVMIsAFenceInst(inst) != NULL;
    a.order = fence ? 0 : order_of(LLVMGetOrdering(inst));
    int vol = (LLVMIsALoadInst(inst) || LLVMIsAStoreInst(inst)) && LLVMGetVolatile(inst);
    /* --volatile=relaxed, PTX's reading: a volatile access is a relaxed
     * access at system scope (by default it is plain, as in C++) */
    if (!a.order && p->volatile_relaxed && vol)
        a.order = 1;
    a.scope = !fence && a.order && LLVMIsAtomicSingleThread(inst) ? 0 : 3;
    a.src = ir_src(p, inst);
    if (vol && a.src < p->out->nsrcs && p->in_reach) /* for the race report's words */
        p->out->srcs[a.src].is_volatile = 1;
    return a;
}

LLVMValueRef ir_i8p(pass *p, LLVMValueRef ptr)
{
    return LLVMBuildPointerCast(p->b, ptr, p->i8p, "");
}

void ir_replace(LLVMValueRef inst, LLVMValueRef with)
{
    if (with)
        LLVMReplaceAllUsesWith(inst, with);
    LLVMInstructionEraseFromParent(inst);
}

int ir_stop_at_run_time(pass *p, LLVMValueRef call, const char *what)
{
    LLVMPositionBuilderBefore(p->b, call);
    LLVMValueRef a[] = {ir_i8p(p, LLVMBuildGlobalStringPtr(p->b, what, "")),
                        ir_c32(p, ir_src(p, call))};
    ir_call(p, RT_UNSUPPORTED, a, 2);
    LLVMTypeRef t = LLVMTypeOf(call);
    ir_replace(call, LLVMGetTypeKind(t) == LLVMVoidTypeKind ? NULL : LLVMGetUndef(t));
    return 0;
}

/* Arithmetic, casts, compares, selects and aggregate moves have no effect:
 * a value used only by dead ones is unused.  (The pass runs no dead-code
 * elimination, and inlined wrappers leave such code behind: atomicAdd's
 * bit conversions of the old value.)  Phis count as uses: loops. */
static int pure_forward(LLVMValueRef u)
{
    if (LLVMIsABinaryOperator(u) || LLVMIsACastInst(u) || LLVMIsACmpInst(u))
        return 1;
    switch (LLVMGetInstructionOpcode(u)) {
    case LLVMExtractValue: case LLVMInsertValue: case LLVMSelect: case LLVMGetElementPtr:
    case LLVMExtractElement: case LLVMInsertElement: case LLVMFNeg:
        return 1;
    default:
        return 0;
    }
}

static int unused_below(LLVMValueRef v, int depth)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (depth > 8 || !LLVMIsAInstruction(user) || !pure_forward(user) ||
            !unused_below(user, depth + 1))
            return 0;
    }
    return 1;
}

int ir_result_unused(LLVMValueRef v)
{
    return unused_below(v, 0);
}

unsigned ir_rmw_op(unsigned op, LLVMValueRef call)
{
    return ir_result_unused(call) ? op | IR_RMW_UNUSED : op;
}

/* ---- bounds of private arrays ------------------------------------------ */

/* The byte offset of ptr in the object it is a GEP chain from, if every
 * index on the way is a constant: 0, else -1. */
static int constant_offset(pass *p, LLVMValueRef ptr, long long *off)
{
    *off = 0;
    for (int i = 0; i < 256; i++) {
        int gep = LLVMIsAGetElementPtrInst(ptr) ||
                  (LLVMIsAConstantExpr(ptr) && LLVMGetConstOpcode(ptr) == LLVMGetElementPtr);
        int cast = LLVMIsABitCastInst(ptr) || LLVMIsAAddrSpaceCastInst(ptr) ||
                   (LLVMIsAConstantExpr(ptr) && (LLVMGetConstOpcode(ptr) == LLVMBitCast ||
                                                 LLVMGetConstOpcode(ptr) == LLVMAddrSpaceCast));
        if (!gep && !cast)
            return 0;
        if (gep) {
            LLVMTypeRef ty = LLVMGetGEPSourceElementType(ptr);
            unsigned n = (unsigned)LLVMGetNumOperands(ptr);
            for (unsigned k = 1; k < n; k++) {
                LLVMValueRef ix = LLVMGetOperand(ptr, k);
                if (!LLVMIsAConstantInt(ix))
                    return -1;
                long long v = LLVMConstIntGetSExtValue(ix);
                if (k == 1) {
                    *off += v * (long long)LLVMABISizeOfType(p->td, ty);
                } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
                    *off += (long long)LLVMOffsetOfElement(p->td, ty, (unsigned)v);
                    ty = LLVMStructGetTypeAtIndex(ty, (unsigned)v);
                } else if (LLVMGetTypeKind(ty) == LLVMArrayTypeKind ||
                           LLVMGetTypeKind(ty) == LLVMVectorTypeKind) {
                    ty = LLVMGetElementType(ty);
                    *off += v * (long long)LLVMABISizeOfType(p->td, ty);
                } else {
                    return -1;
                }
            }
        }
        ptr = LLVMGetOperand(ptr, 0);
    }
    return -1;
}

/* The size of a private object (an alloca, a constant global): a constant,
 * or for a variable-length array the product the alloca was made with. */
static LLVMValueRef object_size(pass *p, LLVMValueRef obj, long long *known)
{
    LLVMTypeRef ty = LLVMIsAAllocaInst(obj) ? LLVMGetAllocatedType(obj) : LLVMGlobalGetValueType(obj);
    long long each = (long long)LLVMABISizeOfType(p->td, ty);
    LLVMValueRef count = LLVMIsAAllocaInst(obj) ? LLVMGetOperand(obj, 0) : NULL;
    *known = -1;
    if (!count || LLVMIsAConstantInt(count)) {
        *known = each * (count ? (long long)LLVMConstIntGetZExtValue(count) : 1);
        return LLVMConstInt(p->i64, (unsigned long long)*known, 0);
    }
    return LLVMBuildMul(p->b, LLVMBuildIntCast2(p->b, count, p->i64, 0, ""),
                        LLVMConstInt(p->i64, (unsigned long long)each, 0), "");
}

/* "write to private array 'tile'" (a parameter's copy, x.addr, is x). */
static void describe_private(LLVMValueRef obj, int write, char *out, size_t n)
{
    size_t len;
    const char *raw = LLVMGetValueName2(obj, &len);
    char name[128];
    if (LLVMIsAAllocaInst(obj))
        snprintf(name, sizeof name, "%.*s", (int)(len > 5 && !strcmp(raw + len - 5, ".addr")
                                                       ? len - 5 : len), raw);
    else
        ir_var_name(raw, name, sizeof name);
    const char *op = write ? "write to" : "read from";
    if (!name[0])
        snprintf(out, n, "%s a private array", op);
    else
        snprintf(out, n, "%s %s '%s'", op, LLVMIsAAllocaInst(obj) ? "private array" : "constant",
                 name);
}

/* A thread's own arrays are accessed natively, without events, so the
 * checker never sees where they end: an access to one through an index
 * that is not a constant in bounds gets a check before it, which reports
 * an access outside the array as a memory error (it would overwrite the
 * thread's other variables, or read them). */
static void check_private_bounds(pass *p, LLVMValueRef inst, LLVMValueRef ptr, unsigned size,
                                 int write)
{
    LLVMValueRef obj = base_object(ptr);
    if (!LLVMIsAAllocaInst(obj) && !is_readonly_global(obj))
        return;
    long long off, known;
    LLVMPositionBuilderBefore(p->b, inst);
    LLVMValueRef total = object_size(p, obj, &known);
    if (constant_offset(p, ptr, &off) == 0 && known >= 0 && off >= 0 && off + size <= known)
        return;
    LLVMValueRef at = LLVMBuildSub(p->b, LLVMBuildPtrToInt(p->b, ptr, p->i64, ""),
                                   LLVMBuildPtrToInt(p->b, obj, p->i64, ""), "");
    LLVMValueRef end = LLVMBuildAdd(p->b, at, LLVMConstInt(p->i64, size, 0), "");
    LLVMValueRef ok = LLVMBuildAnd(p->b, LLVMBuildICmp(p->b, LLVMIntULT, at, total, ""),
                                   LLVMBuildICmp(p->b, LLVMIntULE, end, total, ""), "");
    char what[160];
    describe_private(obj, write, what, sizeof what);
    LLVMValueRef a[] = {LLVMBuildZExt(p->b, ok, p->i32, ""), ir_i8p(p, ptr), ir_i8p(p, obj), total,
                        ir_c32(p, size), ir_i8p(p, LLVMBuildGlobalStringPtr(p->b, what, "")),
                        ir_c32(p, ir_src(p, inst))};
    ir_call(p, RT_PCHECK, a, 7);
}

/* An access through a pointer the function was given, at an offset from
 * it: checked to stay in the buffer the argument points into (the name of
 * the argument is the buffer's, for the message). */
static void check_arg_bounds(pass *p, LLVMValueRef inst, LLVMValueRef ptr, unsigned size,
                             int write)
{
    LLVMValueRef obj = base_object(ptr);
    if (obj == ptr || !LLVMIsAArgument(obj))
        return;
    size_t len;
    const char *name = LLVMGetValueName2(obj, &len);
    char what[160];
    snprintf(what, sizeof what, "%s '%.*s'", write ? "write to" : "read from",
             len ? (int)len : 6, len ? name : "buffer");
    LLVMPositionBuilderBefore(p->b, inst);
    LLVMValueRef a[] = {ir_i8p(p, ptr), ir_i8p(p, obj), ir_c32(p, size),
                        ir_i8p(p, LLVMBuildGlobalStringPtr(p->b, what, "")),
                        ir_c32(p, ir_src(p, inst))};
    ir_call(p, RT_ARGCHECK, a, 5);
}

static int do_load(pass *p, LLVMValueRef inst)
{
    LLVMValueRef ptr = LLVMGetOperand(inst, 0);
    if (ir_is_private(p, ptr) && LLVMGetOrdering(inst) == LLVMAtomicOrderingNotAtomic &&
        !(p->volatile_relaxed && LLVMGetVolatile(inst))) {
        check_private_bounds(p, inst, ptr, ir_store_size(p, LLVMTypeOf(inst)), 0);
        return 0;
    }
    check_arg_bounds(p, inst, ptr, ir_store_size(p, LLVMTypeOf(inst)), 0);
    LLVMPositionBuilderBefore(p->b, inst);
    mem_access a = access_of(p, inst);
    LLVMValueRef v = emit_load(p, ir_i8p(p, ptr), LLVMTypeOf(inst), &a, inst);
    if (!v)
        return 5;
    ir_replace(inst, v);
    return 0;
}

static int do_store(pass *p, LLVMValueRef inst)
{
    LLVMValueRef ptr = LLVMGetOperand(inst, 1);
    if (ir_is_private(p, ptr) && LLVMGetOrdering(inst) == LLVMAtomicOrderingNotAtomic) {
        check_private_bounds(p, inst, ptr, ir_store_size(p, LLVMTypeOf(LLVMGetOperand(inst, 0))),
                             1);
        return 0;
    }
    check_arg_bounds(p, inst, ptr, ir_store_size(p, LLVMTypeOf(LLVMGetOperand(inst, 0))), 1);
    LLVMPositionBuilderBefore(p->b, inst);
    mem_access a = access_of(p, inst);
    if (emit_store(p, ir_i8p(p, ptr), LLVMGetOperand(inst, 0), &a, inst))
        return 5;
    ir_replace(inst, NULL);
    return 0;
}

static int rmw_op(LLVMAtomicRMWBinOp op)
{
    switch (op) {
    case LLVMAtomicRMWBinOpXchg: return 0;
    case LLVMAtomicRMWBinOpAdd: return 1;
    case LLVMAtomicRMWBinOpSub: return 2;
    case LLVMAtomicRMWBinOpAnd: return 3;
    case LLVMAtomicRMWBinOpOr: return 4;
    case LLVMAtomicRMWBinOpXor: return 5;
    case LLVMAtomicRMWBinOpMin: return 6;
    case LLVMAtomicRMWBinOpMax: return 7;
    case LLVMAtomicRMWBinOpUMin: return 8;
    case LLVMAtomicRMWBinOpUMax: return 9;
    case LLVMAtomicRMWBinOpFAdd: return 12;
    case LLVMAtomicRMWBinOpFSub: return 13;
    default: return -1; /* nand */
    }
}

/* A floating-point add or subtract on a 16-bit type is the harness's add
 * of that format (14 binary16, 15 bfloat16); a subtract adds -val. */
static int lowp_rmw_op(pass *p, int op, LLVMTypeRef t, LLVMValueRef *val)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if ((op != 12 && op != 13) || (k != LLVMHalfTypeKind && k != LLVMBFloatTypeKind))
        return op;
    if (op == 13)
        *val = LLVMBuildFNeg(p->b, *val, "");
    return k == LLVMHalfTypeKind ? 14 : 15;
}

static int do_rmw(pass *p, LLVMValueRef inst)
{
    char w[512];
    int op = rmw_op(LLVMGetAtomicRMWBinOp(inst));
    if (op < 0)
        return ir_fail(p, "%serror: unsupported: atomic NAND", ir_where(p, inst, w, sizeof w));
    LLVMValueRef val = LLVMGetOperand(inst, 1);
    LLVMTypeRef t = LLVMTypeOf(val);
    if (check_scalar(p, t, inst))
        return 5;
    LLVMPositionBuilderBefore(p->b, inst);
    op = lowp_rmw_op(p, op, t, &val);
    mem_access a = access_of(p, inst);
    note_value_kind(p, a.src, t);
    LLVMValueRef args[] = {ir_i8p(p, LLVMGetOperand(inst, 0)), ir_c32(p, ir_store_size(p, t)),
                           ir_c32(p, ir_rmw_op((unsigned)op, inst)), ir_to_i64(p, val),
                           ir_c32(p, a.order),
                           ir_c32(p, a.scope), ir_c32(p, a.src)};
    ir_replace(inst, ir_from_i64(p, ir_call(p, RT_RMW, args, 7), t));
    return 0;
}

static int do_cmpxchg(pass *p, LLVMValueRef inst)
{
    LLVMValueRef cmp = LLVMGetOperand(inst, 1), nv = LLVMGetOperand(inst, 2);
    LLVMTypeRef t = LLVMTypeOf(cmp);
    if (check_scalar(p, t, inst))
        return 5;
    LLVMPositionBuilderBefore(p->b, inst);
    mem_access a = access_of(p, inst);
    note_value_kind(p, a.src, t);
    LLVMValueRef cmp64 = ir_to_i64(p, cmp);
    LLVMValueRef args[] = {ir_i8p(p, LLVMGetOperand(inst, 0)), ir_c32(p, ir_store_size(p, t)), cmp64,
                           ir_to_i64(p, nv), ir_c32(p, order_of(LLVMGetCmpXchgSuccessOrdering(inst))),
                           ir_c32(p, order_of(LLVMGetCmpXchgFailureOrdering(inst))),
                           ir_c32(p, a.scope),
                           ir_c32(p, (LLVMGetWeak(inst) ? 1u : 0u) |
                                         (ir_result_unused(inst) ? IR_CAS_UNUSED : 0u)),
                           ir_c32(p, a.src)};
    LLVMValueRef old = ir_call(p, RT_CAS, args, 9);
    LLVMValueRef ok = LLVMBuildICmp(p->b, LLVMIntEQ, old, cmp64, "");
    LLVMValueRef agg = LLVMGetUndef(LLVMTypeOf(inst));
    agg = LLVMBuildInsertValue(p->b, agg, ir_from_i64(p, old, t), 0, "");
    agg = LLVMBuildInsertValue(p->b, agg, ok, 1, "");
    ir_replace(inst, agg);
    return 0;
}

/* A fence's order, 0 for a signal fence (single-thread scope: it orders
 * nothing here).  LLVM 14's C API reads neither for fences, so they come
 * from the instruction's text ("fence [syncscope("singlethread")] ORDER"). */
static int fence_order(LLVMValueRef inst)
{
    char *text = LLVMPrintValueToString(inst);
    int o = strstr(text, "singlethread") ? 0 : strstr(text, " seq_cst") ? 5
          : strstr(text, " acq_rel") ? 4 : strstr(text, " release") ? 3
          : strstr(text, " acquire") ? 2 : 5;
    LLVMDisposeMessage(text);
    return o;
}

static int do_fence(pass *p, LLVMValueRef inst)
{
    int order = fence_order(inst);
    if (order) {
        LLVMPositionBuilderBefore(p->b, inst);
        mem_access a = access_of(p, inst);
        a.order = order;
        a.scope = 3;
        LLVMValueRef args[] = {ir_c32(p, a.order), ir_c32(p, a.scope), ir_c32(p, a.src)};
        ir_call(p, RT_FENCE, args, 3);
    }
    ir_replace(inst, NULL);
    return 0;
}

/* ---- calls ------------------------------------------------------------------ */

typedef struct intrinsic {
    const char *name;
    rt_fn fn;
    int ptr_arg;  /* index of a pointer argument to pass as i8*, or -1 */
    int barrier;  /* append a barrier id */
} intrinsic;

static const intrinsic intrinsics[] = {
    {"__gpumc_load", RT_LOAD, 0, 0},     {"__gpumc_store", RT_STORE, 0, 0},
    {"__gpumc_rmw", RT_RMW, 0, 0},       {"__gpumc_cas", RT_CAS, 0, 0},
    {"__gpumc_fence", RT_FENCE, -1, 0},  {"__gpumc_barrier", RT_BARRIER, -1, 1},
    {"__gpumc_assert", RT_ASSERT, -1, 0}, {"__gpumc_assume", RT_ASSUME, -1, 0},
    {"__gpumc_assert_what", RT_ASSERT_WHAT, 1, 0},
    {"__gpumc_malloc", RT_MALLOC, -1, 0}, {"__gpumc_free", RT_FREE, 0, 0},
    {"__gpumc_sreg", RT_SREG, -1, 0},    {"__gpumc_require", RT_REQUIRE, -1, 0},
    {"__gpumc_accessed", RT_ACCESSED, 0, 0}, {"__gpumc_object_base", RT_OBJBASE, 0, 0},
    {"__gpumc_unsupported", RT_UNSUPPORTED, 0, 0},
    {"__gpumc_barrier_object", RT_BAROBJ, 0, 0},
    {"__gpumc_barrier_arrive", RT_BARARRIVE, 0, 0}, {"__gpumc_barrier_wait", RT_BARWAIT, 0, 0},
    {"__gpumc_cp_async", RT_CPASYNC, 0, 0}, {"__gpumc_cp_commit", RT_CPCOMMIT, -1, 0},
    {"__gpumc_cp_wait", RT_CPWAIT, -1, 0},
    {"__gpumc_pairs_begin", RT_PAIRS_BEGIN, -1, 0}, {"__gpumc_pairs_next", RT_PAIRS_NEXT, -1, 0},
};

static int is_kernel(pass *p, LLVMValueRef fn);
static void drop_used_lists(pass *p);
static int only_dead_constants_use(LLVMValueRef v);

/* A precondition written in the kernel's own body (not in a function
 * inlined into it) is the launch's; elsewhere it is the callee's, which
 * its caller must meet: an assertion. */
static rt_fn require_kind(pass *p, LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    LLVMMetadataRef dl = LLVMInstructionGetDebugLoc(call);
    return is_kernel(p, fn) && (!dl || !LLVMDILocationGetInlinedAt(dl)) ? RT_REQUIRE : RT_ASSERT;
}

/* __gpumc_rmw passes a value's bits as i64, so its type is gone; a
 * floating-point add or sub (gpumc_rmw_op 12, 13: float or double by
 * size; 14: binary16) still says it was a float, and prints as one. */
static void note_rmw_value_kind(pass *p, LLVMValueRef call, LLVMValueRef size, LLVMValueRef op)
{
    if (!LLVMIsAConstantInt(size) || !LLVMIsAConstantInt(op))
        return;
    unsigned long long o = LLVMConstIntGetZExtValue(op), n = LLVMConstIntGetZExtValue(size);
    LLVMContextRef c = LLVMGetModuleContext(p->m);
    LLVMTypeRef t = o == 14 && n == 2 ? LLVMHalfTypeInContext(c)
                  : (o == 12 || o == 13) && n == 4 ? LLVMFloatTypeInContext(c)
                  : (o == 12 || o == 13) && n == 8 ? LLVMDoubleTypeInContext(c) : NULL;
    if (t)
        note_value_kind(p, ir_src(p, call), t);
}

static int do_intrinsic(pass *p, LLVMValueRef call, const intrinsic *in)
{
    unsigned n = (unsigned)LLVMGetNumArgOperands(call);
    LLVMValueRef args[12];
    LLVMPositionBuilderBefore(p->b, call);
    unsigned k = 0;
    for (unsigned i = 0; i < n && k < 9; i++) {
        LLVMValueRef a = LLVMGetOperand(call, i);
        args[k++] = (int)i == in->ptr_arg ? ir_i8p(p, a) : a;
    }
    if (in->fn == RT_CAS) /* strong */
        args[k++] = ir_c32(p, ir_result_unused(call) ? IR_CAS_UNUSED : 0);
    if (in->fn == RT_RMW && k > 2)
        note_rmw_value_kind(p, call, args[1], args[2]);
    if (in->fn == RT_RMW && k > 2 && ir_result_unused(call))
        args[2] = LLVMBuildOr(p->b, LLVMBuildIntCast2(p->b, args[2], p->i32, 0, ""),
                              ir_c32(p, IR_RMW_UNUSED), "");
    if (in->barrier)
        args[k++] = ir_c32(p, p->nbarriers++);
    if (in->fn != RT_SREG)
        args[k++] = ir_c32(p, ir_src(p, call));
    rt_fn which = in->fn == RT_REQUIRE ? require_kind(p, call) : in->fn;
    LLVMValueRef fn = rt(p, which);
    if (LLVMCountParams(fn) != k) {
        char w[512];
        return ir_fail(p, "%serror: internal: %s called with %u arguments",
                    ir_where(p, call, w, sizeof w), in->name, n);
    }
    for (unsigned i = 0; i < k; i++) /* int widths may differ (bool, short) */
        if (LLVMTypeOf(args[i]) != LLVMTypeOf(LLVMGetParam(fn, i)) &&
            LLVMGetTypeKind(LLVMTypeOf(args[i])) == LLVMIntegerTypeKind)
            args[i] = LLVMBuildIntCast2(p->b, args[i], LLVMTypeOf(LLVMGetParam(fn, i)), 0, "");
    LLVMValueRef r = LLVMBuildCall2(p->b, p->rtty[which], fn, args, k, "");
    ir_replace(call, LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMVoidTypeKind ? NULL : r);
    return 0;
}

/* Collectives: the adapter function __gpumc_ir_<name> takes the
 * intrinsic's arguments, then a collective id (per call site) and the
 * source location. */
static const char *const collectives[] = {
    "__gpumc_warp_sync", "__gpumc_shfl", "__gpumc_vote", "__gpumc_match_any",
    "__gpumc_warp_reduce", "__gpumc_cta_vote", "__gpumc_converge", NULL};

/* A shuffle moves a value's bits as i64 (__gpumc_bits), so its type is
 * gone from the call; the conversion in front of it (a float's bitcast,
 * widened) still says it was a float, and of what size, so the traces
 * show "gives 0.5", not the bits. */
static void note_shuffled_kind(pass *p, LLVMValueRef call, unsigned src)
{
    LLVMValueRef v = LLVMGetOperand(call, 1);
    if (LLVMIsAZExtInst(v))
        v = LLVMGetOperand(v, 0);
    if (!LLVMIsABitCastInst(v))
        return;
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(v, 0));
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k != LLVMHalfTypeKind && k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)
        return;
    note_value_kind(p, src, t);
    if (src < p->out->nsrcs && p->in_reach)
        p->out->srcs[src].vsize = k == LLVMHalfTypeKind ? 2 : k == LLVMFloatTypeKind ? 4 : 8;
}

static int do_collective(pass *p, LLVMValueRef call, LLVMValueRef callee, const char *name)
{
    LLVMTypeRef ft = LLVMGlobalGetValueType(callee);
    unsigned n = LLVMCountParamTypes(ft);
    LLVMTypeRef *pt = calloc(n + 2, sizeof *pt);
    LLVMValueRef *args = calloc(n + 2, sizeof *args);
    if (!pt || !args) {
        free(pt);
        free(args);
        return ir_fail(p, "out of memory");
    }
    LLVMGetParamTypes(ft, pt);
    pt[n] = pt[n + 1] = p->i32;
    char rtname[96];
    snprintf(rtname, sizeof rtname, "__gpumc_ir_%s", name + 8);
    LLVMTypeRef rft = LLVMFunctionType(LLVMGetReturnType(ft), pt, n + 2, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(p->m, rtname);
    if (!fn)
        fn = LLVMAddFunction(p->m, rtname, rft);
    LLVMPositionBuilderBefore(p->b, call);
    for (unsigned i = 0; i < n; i++)
        args[i] = LLVMGetOperand(call, i);
    args[n] = ir_c32(p, p->nbarriers++);
    unsigned src = ir_src(p, call);
    args[n + 1] = ir_c32(p, src);
    if (!strcmp(name, "__gpumc_shfl"))
        note_shuffled_kind(p, call, src);
    LLVMValueRef r = LLVMBuildCall2(p->b, rft, fn, args, n + 2, "");
    ir_replace(call, LLVMGetTypeKind(LLVMGetReturnType(ft)) == LLVMVoidTypeKind ? NULL : r);
    free(pt);
    free(args);
    return 0;
}

static int do_memop(pass *p, LLVMValueRef call, int is_set)
{
    LLVMValueRef dst = LLVMGetOperand(call, 0), src = LLVMGetOperand(call, 1);
    if (ir_is_private(p, dst) && (is_set || ir_is_private(p, src)))
        return 0;
    /* a struct copied through a kernel argument is checked as a store or
     * load of its size is (a default-length buffer grows, a message names
     * the buffer); a length known only at run time, from its first byte */
    LLVMValueRef n = LLVMGetOperand(call, 2);
    unsigned long long bytes = LLVMIsAConstantInt(n) ? LLVMConstIntGetZExtValue(n) : 1;
    if (bytes && bytes <= 0xffffffffull) {
        check_arg_bounds(p, call, dst, (unsigned)bytes, 1);
        if (!is_set)
            check_arg_bounds(p, call, src, (unsigned)bytes, 0);
    }
    LLVMPositionBuilderBefore(p->b, call);
    LLVMValueRef len = LLVMBuildIntCast2(p->b, LLVMGetOperand(call, 2), p->i64, 0, "");
    LLVMValueRef s = is_set ? LLVMBuildZExt(p->b, src, p->i32, "") : ir_i8p(p, src);
    LLVMValueRef args[] = {ir_i8p(p, dst), s, len, ir_c32(p, ir_src(p, call))};
    ir_call(p, is_set ? RT_MEMSET : RT_MEMCPY, args, 4);
    ir_replace(call, NULL);
    return 0;
}

/* assert's failure call (__assertfail in CUDA, __assert_fail in C) and a
 * trap both end the thread with an assertion finding at the call's line. */
static int replace_by_failed_assert(pass *p, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(p->b, call);
    LLVMValueRef a[] = {ir_c32(p, 0), ir_c32(p, ir_src(p, call))};
    ir_call(p, RT_ASSERT, a, 2);
    ir_replace(call, NULL);
    return 0;
}

/* assert's failure call (__assertfail, __assert_fail): its first argument
 * is the assertion's text, which the finding shows -- the source line
 * quoted is the caller's when the assert sits in an inlined helper. */
static int replace_failed_assert_with_text(pass *p, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(p->b, call);
    LLVMValueRef a[] = {ir_c32(p, 0), ir_i8p(p, LLVMGetOperand(call, 0)),
                        ir_c32(p, ir_src(p, call))};
    ir_call(p, RT_ASSERT_WHAT, a, 3);
    ir_replace(call, NULL);
    return 0;
}

/* Functions the native harness may call as they are: libm. */
int ir_native_ok(const char *name)
{
    static void *libm;
    static const char *const libc_ok[] = {"abs", "labs", "llabs", NULL};
    for (int i = 0; libc_ok[i]; i++)
        if (!strcmp(name, libc_ok[i]))
            return 1;
    if (!libm)
        libm = dlopen("libm.so.6", RTLD_LAZY | RTLD_LOCAL);
    void *sym = libm ? dlsym(libm, name) : NULL;
    Dl_info where;
    /* dlsym also finds libm's dependencies (libc: usleep, rand, time) */
    return sym && dladdr(sym, &where) && where.dli_fname && strstr(where.dli_fname, "libm");
}

static int instrument_inst(pass *p, LLVMValueRef inst);

/* Can a call of an undefined function touch the kernel's memory?  Not
 * when it takes and returns no pointer (globals aside): its only effect
 * is its value -- GPUVerify's "arbitrary value" (a `nondet()`).  A struct
 * passed by value is a pointer to a copy in the IR (byval): the callee
 * gets the copy, not the kernel's memory.  (In scoped C such a call is
 * libc's -- rand, time, usleep --: still refused.) */
static int touches_no_memory(LLVMValueRef call, LLVMValueRef callee)
{
    unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
    if (LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMPointerTypeKind)
        return 0;
    for (unsigned i = 0, n = LLVMGetNumArgOperands(call); i < n; i++)
        if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, i))) == LLVMPointerTypeKind &&
            !LLVMGetCallSiteEnumAttribute(call, i + 1, byval) &&
            !(i < LLVMCountParams(callee) && LLVMGetEnumAttributeAtIndex(callee, i + 1, byval)))
            return 0;
    return 1;
}

/* Such a call, checked as returning zero (its type's) and doing nothing
 * else; the harness says so (ir_result.stubbed, a note with the verdict). */
static int stub_call(pass *p, LLVMValueRef call, const char *user)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    ir_replace(call, LLVMGetTypeKind(t) == LLVMVoidTypeKind ? NULL : LLVMConstNull(t));
    char *list = p->out->stubbed, quoted[300];
    snprintf(quoted, sizeof quoted, "'%s'", user);
    if (strstr(list, quoted))
        return 0;
    size_t have = strlen(list), want = strlen(quoted) + (have ? 2 : 0);
    if (have + want + 4 < sizeof p->out->stubbed)
        snprintf(list + have, sizeof p->out->stubbed - have, "%s%s", have ? ", " : "", quoted);
    else if (!strstr(list, "..."))
        snprintf(list + have, sizeof p->out->stubbed - have, ", ...");
    return 0;
}

/* The text of a string literal passed as a call's argument, or NULL. */
static const char *literal_text(LLVMValueRef v)
{
    while (v && LLVMIsAConstantExpr(v)) /* getelementptr or bitcast of the literal */
        v = LLVMGetOperand(v, 0);
    LLVMValueRef init = v && LLVMIsAGlobalVariable(v) ? LLVMGetInitializer(v) : NULL;
    size_t len = 0;
    return init && LLVMIsConstantString(init) ? LLVMGetAsString(init, &len) : NULL;
}

/* Add place (file:line:col) to the places a warning lists: a place in
 * the file of its first is written without the file. */
static void add_place(struct ir_warning *w, const char *place)
{
    size_t have = strlen(w->where), flen = strcspn(w->where, ":");
    const char *p = place;
    if (have && !strncmp(place, w->where, flen) && place[flen] == ':')
        p += flen + 1;
    if (strstr(w->where, p) || have + strlen(p) + 8 >= sizeof w->where) {
        if (!strstr(w->where, "..."))
            snprintf(w->where + have, sizeof w->where - have, "; ...");
        return;
    }
    snprintf(w->where + have, sizeof w->where - have, "%s%s", have ? "; " : "", p);
}

void ir_warn_at(pass *p, LLVMValueRef inst, const char *text)
{
    char place[300];
    ir_where(p, inst, place, sizeof place);
    place[strcspn(place, " ")] = '\0'; /* "k.cu:3:9: " -> "k.cu:3:9:" */
    if (place[0] && place[strlen(place) - 1] == ':')
        place[strlen(place) - 1] = '\0';
    ir_result *r = p->out;
    unsigned i = 0;
    while (i < r->nwarnings && strcmp(r->warnings[i].text, text ? text : "?"))
        i++;
    if (i == r->nwarnings && i < sizeof r->warnings / sizeof r->warnings[0]) {
        snprintf(r->warnings[i].text, sizeof r->warnings[i].text, "%s", text ? text : "?");
        r->nwarnings++;
    }
    if (i < r->nwarnings)
        add_place(&r->warnings[i], place);
}

/* __gpumc_warn("text") (gpumc_ir.h): a note with the verdict at the
 * user's line; the call itself does nothing. */
static int do_warn(pass *p, LLVMValueRef call)
{
    ir_warn_at(p, call, literal_text(LLVMGetOperand(call, 0)));
    ir_replace(call, NULL);
    return 0;
}

/* __cvta_generic_to_shared / __cvta_shared_to_generic (gpumc_cuda.h). */
static int do_cvta(pass *p, LLVMValueRef call, int to_shared)
{
    LLVMPositionBuilderBefore(p->b, call);
    LLVMValueRef a = LLVMGetOperand(call, 0);
    LLVMTypeRef t = LLVMTypeOf(call);
    ir_replace(call, to_shared ? LLVMBuildIntCast2(p->b, ir_asm_to_shared(p, a), t, 0, "")
                               : LLVMBuildPointerCast(p->b, ir_asm_from_shared(p, a), t, ""));
    return 0;
}

static int do_call(pass *p, LLVMValueRef call)
{
    LLVMValueRef callee = LLVMGetCalledValue(call);
    if (LLVMIsAInlineAsm(callee)) {
        LLVMValueRef access;
        int rc = ir_asm_lower(p, call, &access);
        return rc || !access ? rc : instrument_inst(p, access);
    }
    if (LLVMIsAConstantExpr(callee) && LLVMGetConstOpcode(callee) == LLVMBitCast)
        callee = LLVMGetOperand(callee, 0); /* a C call through an unprototyped declaration */
    if (!LLVMIsAFunction(callee))
        return 0; /* indirect: the target is instrumented where defined */
    size_t len = 0;
    const char *name = LLVMGetValueName2(callee, &len);
    for (unsigned i = 0; i < sizeof intrinsics / sizeof intrinsics[0]; i++)
        if (!strcmp(name, intrinsics[i].name))
            return do_intrinsic(p, call, &intrinsics[i]);
    if (!strcmp(name, "__gpumc_warn"))
        return do_warn(p, call);
    if (!strcmp(name, "__gpumc_cvta_shared") || !strcmp(name, "__gpumc_cvta_generic"))
        return do_cvta(p, call, name[13] == 's');
    for (unsigned i = 0; collectives[i]; i++)
        if (!strcmp(name, collectives[i]))
            return do_collective(p, call, callee, name);
    if (!strncmp(name, "llvm.memcpy.", 12) || !strncmp(name, "llvm.memmove.", 13))
        return do_memop(p, call, 0);
    if (!strncmp(name, "llvm.memset.", 12))
        return do_memop(p, call, 1);
    int rc = 0;
    if (ir_builtin_nvvm(p, call, name, &rc) || ir_builtin_opencl(p, call, name, &rc) ||
        ir_builtin_scopedc(p, call, name, &rc))
        return rc;
    if (!strcmp(name, "llvm.trap"))
        return replace_by_failed_assert(p, call); /* __builtin_trap() */
    if (!strncmp(name, "llvm.", 5) || !LLVMIsDeclaration(callee))
        return 0;
    if (!strncmp(name, "__gpumc_ir_", 11))
        return 0;
    if (!strcmp(name, "vprintf") && LLVMGetNumArgOperands(call) == 2) {
        /* CUDA's printf: the format and its arguments packed in a buffer */
        LLVMPositionBuilderBefore(p->b, call);
        LLVMValueRef a[] = {ir_i8p(p, LLVMGetOperand(call, 0)), ir_i8p(p, LLVMGetOperand(call, 1)),
                            ir_c32(p, ir_src(p, call))};
        ir_call(p, RT_PRINTF, a, 3);
        ir_replace(call, LLVMConstInt(LLVMTypeOf(call), 0, 0));
        p->out->prints = 1;
        return 0;
    }
    if (!strcmp(name, "printf") || !strcmp(name, "vprintf")) {
        ir_replace(call, LLVMConstInt(LLVMTypeOf(call), 0, 0)); /* OpenCL's: not shown */
        return 0;
    }
    if ((!strcmp(name, "__assertfail") || !strcmp(name, "__assert_fail")) &&
        LLVMGetNumArgOperands(call) > 0)
        return replace_failed_assert_with_text(p, call);
    if (ir_native_ok(name) || ir_builtin_clmath(p, call, name))
        return 0;
    char user[256], what[512];
    ir_demangle(name, user, sizeof user);
    static const char *const collective_names[] = {"__shfl", "__ballot", "__any", "__all",
                                                   "__syncwarp", "__activemask", "__match_",
                                                   "__reduce_", "__syncthreads_", NULL};
    /* OpenCL images and pipes, CUDA textures and surfaces: their memory is
     * not modelled, so say that rather than "no definition". */
    static const char *const image_names[] = {"read_image", "write_image", "get_image_",
                                              "__translate_sampler_initializer", "read_pipe",
                                              "write_pipe", "reserve_read_pipe",
                                              "reserve_write_pipe", "get_pipe_", "tex1D",
                                              "tex2D", "tex3D", "texCubemap", "surf1D", "surf2D",
                                              "surf3D", "__read_pipe", "__write_pipe",
                                              "__reserve_read_pipe", "__reserve_write_pipe",
                                              "__commit_read_pipe", "__commit_write_pipe",
                                              "__work_group_reserve_", "__work_group_commit_",
                                              "__sub_group_reserve_", "__sub_group_commit_",
                                              "__get_pipe_", NULL};
    snprintf(what, sizeof what, "call to '%s', which has no definition gpumc can see (device "
             "code must define every function it calls that takes or returns a pointer; if "
             "another file defines it, give that file too: gpumc FILE MORE-FILES...)", user);
    int known = 0;
    for (int i = 0; collective_names[i]; i++)
        if (!strncmp(user, collective_names[i], strlen(collective_names[i]))) {
            snprintf(what, sizeof what, "the warp or block collective '%s' (not modelled yet)",
                     user);
            known = 1;
        }
    for (int i = 0; image_names[i]; i++)
        if (!strncmp(user, image_names[i], strlen(image_names[i]))) {
            /* clang's pipe built-ins are __write_pipe_2 and the like:
             * named as the program wrote them */
            char shown[256];
            size_t n = strlen(user);
            int pipe = !strncmp(user, "__", 2) && strstr(user, "pipe");
            if (pipe && n > 4 && user[n - 2] == '_' && user[n - 1] >= '0' && user[n - 1] <= '9')
                n -= 2;
            snprintf(shown, sizeof shown, "%.*s", (int)(pipe ? n - 2 : n), user + (pipe ? 2 : 0));
            snprintf(what, sizeof what, IR_IMAGES_UNSUPPORTED " ('%s'); pass the data in a buffer",
                     strstr(user, "sampler_initializer") ? "sampler_t" : shown);
            known = 1;
        }
    if (!known && p->lang != FE_LANG_SCOPED_C && touches_no_memory(call, callee))
        return stub_call(p, call, user);
    return ir_stop_at_run_time(p, call, what);
}

/* An integer division by a variable can trap, and a trap is reported at
 * the thread's last location: the divisor passes through the adapter,
 * which makes the division's location the last.  (Through, not beside: the
 * optimiser may move a division above a call it does not depend on.) */
static int mark_division(pass *p, LLVMValueRef inst)
{
    LLVMValueRef d = LLVMGetOperand(inst, 1);
    if (LLVMIsConstant(d) || LLVMGetTypeKind(LLVMTypeOf(d)) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(LLVMTypeOf(d)) > 64)
        return 0; /* vector divisions keep the thread's last location */
    LLVMPositionBuilderBefore(p->b, inst);
    LLVMValueRef a[] = {ir_to_i64(p, d), ir_c32(p, ir_src(p, inst))};
    LLVMSetOperand(inst, 1, LLVMBuildTrunc(p->b, ir_call(p, RT_DIVISOR, a, 2), LLVMTypeOf(d), ""));
    return 0;
}

/* A shift by the operand's width or more is poison in IR, and x86 masks
 * the count, but PTX's shl/shr clamp it: 0, or the sign bits for an
 * arithmetic right shift -- what CUDA code that shifts a word by 32 gets on
 * the GPU.  (OpenCL masks the count itself: its IR never shifts that far.) */
static int clamp_shift(pass *p, LLVMValueRef inst)
{
    LLVMValueRef x = LLVMGetOperand(inst, 0), amt = LLVMGetOperand(inst, 1);
    LLVMTypeRef t = LLVMTypeOf(inst);
    if (p->lang != FE_LANG_CUDA || LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
        return 0;
    unsigned w = LLVMGetIntTypeWidth(t);
    if (LLVMIsAConstantInt(amt) && w <= 64 && LLVMConstIntGetZExtValue(amt) < w)
        return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    LLVMValueRef zero = LLVMConstNull(t);
    LLVMPositionBuilderBefore(p->b, inst);
    LLVMValueRef big = LLVMBuildICmp(p->b, LLVMIntUGE, amt, LLVMConstInt(t, w, 0), "");
    LLVMValueRef sh = LLVMBuildBinOp(p->b, op, x, LLVMBuildSelect(p->b, big, zero, amt, ""), "");
    LLVMValueRef fill = op == LLVMAShr ? LLVMBuildAShr(p->b, x, LLVMConstInt(t, w - 1, 0), "")
                                       : zero;
    ir_replace(inst, LLVMBuildSelect(p->b, big, fill, sh, ""));
    return 0;
}

static int instrument_inst(pass *p, LLVMValueRef inst)
{
    switch (LLVMGetInstructionOpcode(inst)) {
    case LLVMSDiv: case LLVMUDiv: case LLVMSRem: case LLVMURem:
        return mark_division(p, inst);
    case LLVMShl: case LLVMLShr: case LLVMAShr:
        return clamp_shift(p, inst);
    case LLVMLoad: return do_load(p, inst);
    case LLVMStore: return do_store(p, inst);
    case LLVMAtomicRMW: return do_rmw(p, inst);
    case LLVMAtomicCmpXchg: return do_cmpxchg(p, inst);
    case LLVMFence: return do_fence(p, inst);
    case LLVMCall: return do_call(p, inst);
    default: return 0;
    }
}

int ir_vec_push(vec *s, LLVMValueRef x)
{
    if (s->n == s->cap) {
        unsigned c = s->cap ? s->cap * 2 : 64;
        LLVMValueRef *nv = realloc(s->v, sizeof *nv * c);
        if (!nv)
            return -1;
        s->v = nv;
        s->cap = c;
    }
    s->v[s->n++] = x;
    return 0;
}

static int instrument_function(pass *p, LLVMValueRef fn)
{
    vec todo = {0};
    int rc = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !rc; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !rc; i = LLVMGetNextInstruction(i))
            rc = ir_vec_push(&todo, i) ? ir_fail(p, "out of memory") : 0;
    for (unsigned k = 0; k < todo.n && !rc; k++)
        rc = instrument_inst(p, todo.v[k]);
    free(todo.v);
    return rc;
}

/* ---- await checks at loop headers ------------------------------------------ */

/* Loop headers: targets of DFS back edges (iterative DFS over the CFG);
 * back gets the back edges as pairs (from, to). */
static int find_headers(LLVMValueRef fn, vec *headers, vec *back)
{
    unsigned n = LLVMCountBasicBlocks(fn);
    if (!n)
        return 0;
    LLVMBasicBlockRef *bbs = malloc(sizeof *bbs * n);
    unsigned char *state = calloc(n, 1); /* 0 new, 1 on stack, 2 done */
    unsigned *next = calloc(n, sizeof *next), *stack = malloc(sizeof *stack * n);
    unsigned char *is_header = calloc(n, 1);
    int rc = 0;
    if (!bbs || !state || !next || !stack || !is_header) {
        rc = -1;
        goto out;
    }
    LLVMGetBasicBlocks(fn, bbs);
    unsigned sp = 0;
    stack[sp++] = 0;
    state[0] = 1;
    while (sp) {
        unsigned b = stack[sp - 1];
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[b]);
        unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
        if (next[b] == ns) {
            state[b] = 2;
            sp--;
            continue;
        }
        LLVMBasicBlockRef s = LLVMGetSuccessor(term, next[b]++);
        unsigned si = 0;
        while (si < n && bbs[si] != s)
            si++;
        if (si == n)
            continue;
        if (state[si] == 1) {
            is_header[si] = 1;
            if (ir_vec_push(back, LLVMBasicBlockAsValue(bbs[b])) ||
                ir_vec_push(back, LLVMBasicBlockAsValue(s))) {
                rc = -1;
                goto out;
            }
        } else if (state[si] == 0) {
            state[si] = 1;
            stack[sp++] = si;
        }
    }
    for (unsigned i = 0; i < n && !rc; i++)
        if (is_header[i])
            rc = ir_vec_push(headers, LLVMBasicBlockAsValue(bbs[i]));
out:
    free(bbs);
    free(state);
    free(next);
    free(stack);
    free(is_header);
    return rc;
}

/* The locals that stay in memory (allocas of the entry block): their
 * contents are loop state the header's phis do not show. */
static int memory_locals(LLVMValueRef fn, vec *out)
{
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    for (LLVMValueRef i = LLVMGetFirstInstruction(entry); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsAAllocaInst(i) && ir_vec_push(out, i))
            return -1;
    return 0;
}

static LLVMValueRef entry_alloca(pass *p, LLVMValueRef fn, LLVMTypeRef t)
{
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    LLVMPositionBuilder(p->b, entry, LLVMGetFirstInstruction(entry));
    return LLVMBuildAlloca(p->b, t, "");
}

/* Record piece k of the state: its address and size (flagged
 * IRRT_SPIN_SCRATCH for a local whose value at the header is dead: not
 * compared, and writing it is no change). */
#define IRRT_SPIN_SCRATCH (1ull << 63) /* as in the adapters */
static void state_piece(pass *p, LLVMValueRef parr, LLVMValueRef sarr, unsigned n, unsigned k,
                        LLVMValueRef obj, LLVMTypeRef t, int scratch)
{
    LLVMValueRef idx[] = {c64(p, 0), c64(p, k)};
    LLVMBuildStore(p->b, ir_i8p(p, obj),
                   LLVMBuildGEP2(p->b, LLVMArrayType(p->i8p, n), parr, idx, 2, ""));
    LLVMBuildStore(p->b, c64(p, LLVMABISizeOfType(p->td, t) | (scratch ? IRRT_SPIN_SCRATCH : 0)),
                   LLVMBuildGEP2(p->b, LLVMArrayType(p->i64, n), sarr, idx, 2, ""));
}

/* Where the loop of header bb starts in the source (the `while`/`for`):
 * clang records it as the first location of the !llvm.loop node on the
 * back edge.  Without one, the header's first instruction. */
static unsigned loop_src(pass *p, LLVMValueRef fn, LLVMBasicBlockRef bb, LLVMValueRef first)
{
    unsigned kind = LLVMGetMDKindID("llvm.loop", 9);
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
        LLVMValueRef md = term ? LLVMGetMetadata(term, kind) : NULL;
        unsigned nops = md ? LLVMGetMDNodeNumOperands(md) : 0;
        if (nops < 2 || nops > 64)
            continue;
        int to_header = 0;
        for (unsigned k = 0; k < LLVMGetNumSuccessors(term); k++)
            to_header |= LLVMGetSuccessor(term, k) == bb;
        if (!to_header)
            continue;
        LLVMValueRef ops[64];
        LLVMGetMDNodeOperands(md, ops);
        LLVMMetadataRef start = ops[1] ? LLVMValueAsMetadata(ops[1]) : NULL;
        where w;
        if (start && LLVMGetMetadataKind(start) == LLVMDILocationMetadataKind &&
            locate_dl(p, start, &w) == 0)
            return add_src(p, w.file, w.line, w.col, w.func, w.callers);
    }
    return ir_src(p, first);
}

static int is_back_edge(const vec *back, LLVMBasicBlockRef from, LLVMBasicBlockRef to)
{
    for (unsigned k = 0; k + 1 < back->n; k += 2)
        if (back->v[k] == LLVMBasicBlockAsValue(from) && back->v[k + 1] == LLVMBasicBlockAsValue(to))
            return 1;
    return 0;
}

/* An i32 phi at the top of header bb: 1 when control comes from outside
 * the loop, 0 along a back edge.  A visit from outside starts the loop
 * afresh -- the state it finds repeating one from an earlier entry (the
 * loop of a helper called twice) is no spin. */
static LLVMValueRef entered_phi(pass *p, LLVMValueRef fn, LLVMBasicBlockRef bb, const vec *back)
{
    LLVMPositionBuilder(p->b, bb, LLVMGetFirstInstruction(bb));
    LLVMValueRef phi = LLVMBuildPhi(p->b, p->i32, "");
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
        unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
        for (unsigned k = 0; k < ns; k++) {
            if (LLVMGetSuccessor(term, k) != bb)
                continue;
            LLVMValueRef v = ir_c32(p, is_back_edge(back, b, bb) ? 0 : 1);
            LLVMAddIncoming(phi, &v, &b, 1);
        }
    }
    return phi;
}

static int nonzero_const(LLVMValueRef v)
{
    return v && LLVMIsAConstantInt(v) && LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64 &&
           LLVMConstIntGetZExtValue(v) != 0;
}

/* Is v phi plus or minus a non-zero constant (a pointer: phi advanced by a
 * constant number of non-empty elements)?  Then v != phi, always. */
static int steps_from(pass *p, LLVMValueRef v, LLVMValueRef phi)
{
    if (!LLVMIsAInstruction(v))
        return 0;
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAdd:
        return (LLVMGetOperand(v, 0) == phi && nonzero_const(LLVMGetOperand(v, 1))) ||
               (LLVMGetOperand(v, 1) == phi && nonzero_const(LLVMGetOperand(v, 0)));
    case LLVMSub:
        return LLVMGetOperand(v, 0) == phi && nonzero_const(LLVMGetOperand(v, 1));
    case LLVMGetElementPtr: {
        LLVMTypeRef et = LLVMGetGEPSourceElementType(v);
        return LLVMGetNumOperands(v) == 2 && LLVMGetOperand(v, 0) == phi &&
               nonzero_const(LLVMGetOperand(v, 1)) && LLVMTypeIsSized(et) &&
               LLVMABISizeOfType(p->td, et) != 0;
    }
    default:
        return 0;
    }
}

/* Does header bb carry an induction variable -- a phi that every back edge
 * steps by a constant -- so that its state differs after every iteration
 * and can never repeat (a counted `for`)?  Only the budget applies then. */
static int has_induction(pass *p, LLVMBasicBlockRef bb, const vec *back)
{
    for (LLVMValueRef phi = LLVMGetFirstInstruction(bb); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        int steps = 1;
        for (unsigned k = 0; k < LLVMCountIncoming(phi) && steps; k++)
            if (is_back_edge(back, LLVMGetIncomingBlock(phi, k), bb))
                steps = steps_from(p, LLVMGetIncomingValue(phi, k), phi);
        if (steps)
            return 1;
    }
    return 0;
}

/* Is bb the head of a check's loop over the other threads (the prelude's
 * __GPUMC_PAIRS: a back edge taken while __gpumc_pairs_next() says so)?
 * It ends after one pass over the launch: no spin, no budget. */
static int pairs_loop(pass *p, LLVMBasicBlockRef bb, const vec *back)
{
    if (!p->rt[RT_PAIRS_NEXT])
        return 0;
    for (unsigned k = 0; k + 1 < back->n; k += 2) {
        if (back->v[k + 1] != LLVMBasicBlockAsValue(bb))
            continue;
        LLVMValueRef br = LLVMGetBasicBlockTerminator(LLVMValueAsBasicBlock(back->v[k]));
        LLVMValueRef c = br && LLVMIsABranchInst(br) && LLVMIsConditional(br)
                             ? LLVMGetCondition(br) : NULL;
        while (c && (LLVMIsAICmpInst(c) || LLVMIsACastInst(c)))
            c = LLVMGetOperand(c, 0);
        if (c && LLVMIsACallInst(c) && LLVMGetCalledValue(c) == p->rt[RT_PAIRS_NEXT])
            return 1;
    }
    return 0;
}

/* gpumc_spin at the top of loop header bb, over the values its phis carry
 * (spilled to slots) and the memory locals whose value there may matter
 * (mem; scratch: the others, ir_deadlocal.h); gpumc_iteration for a
 * counted loop. */
static int spin_header(pass *p, LLVMValueRef fn, LLVMBasicBlockRef bb, const vec *mem,
                       const vec *scratch, const vec *back)
{
    if (has_induction(p, bb, back)) {
        LLVMValueRef at = LLVMGetFirstInstruction(bb);
        while (at && LLVMIsAPHINode(at))
            at = LLVMGetNextInstruction(at);
        LLVMPositionBuilderBefore(p->b, at);
        LLVMValueRef src = ir_c32(p, loop_src(p, fn, bb, at));
        ir_call(p, RT_ITER, &src, 1);
        return 0;
    }
    vec phis = {0}, slots = {0};
    LLVMValueRef entered = entered_phi(p, fn, bb, back);
    LLVMValueRef at = LLVMGetFirstInstruction(bb);
    for (; at && LLVMIsAPHINode(at); at = LLVMGetNextInstruction(at))
        if (at != entered && ir_vec_push(&phis, at))
            return ir_fail(p, "out of memory");
    unsigned n = phis.n + mem->n + scratch->n;
    LLVMValueRef ptrs = LLVMConstNull(p->i8pp), sizes = LLVMConstNull(p->i64p);
    int rc = 0;
    if (n) {
        LLVMValueRef parr = entry_alloca(p, fn, LLVMArrayType(p->i8p, n));
        LLVMValueRef sarr = entry_alloca(p, fn, LLVMArrayType(p->i64, n));
        for (unsigned k = 0; k < phis.n && !rc; k++)
            if (ir_vec_push(&slots, entry_alloca(p, fn, LLVMTypeOf(phis.v[k]))))
                rc = ir_fail(p, "out of memory");
        LLVMPositionBuilderBefore(p->b, at);
        for (unsigned k = 0; k < phis.n && !rc; k++) {
            LLVMBuildStore(p->b, phis.v[k], slots.v[k]);
            state_piece(p, parr, sarr, n, k, slots.v[k], LLVMTypeOf(phis.v[k]), 0);
        }
        for (unsigned k = 0; k < mem->n && !rc; k++)
            state_piece(p, parr, sarr, n, phis.n + k, mem->v[k], LLVMGetAllocatedType(mem->v[k]),
                        0);
        for (unsigned k = 0; k < scratch->n && !rc; k++) /* (last: the adapter splits there) */
            state_piece(p, parr, sarr, n, phis.n + mem->n + k, scratch->v[k],
                        LLVMGetAllocatedType(scratch->v[k]), 1);
        ptrs = LLVMBuildPointerCast(p->b, parr, p->i8pp, "");
        sizes = LLVMBuildPointerCast(p->b, sarr, p->i64p, "");
    }
    if (!rc) {
        LLVMPositionBuilderBefore(p->b, at);
        LLVMValueRef args[] = {ir_c32(p, p->nloops++), ptrs, sizes, ir_c32(p, n), entered,
                               ir_c32(p, loop_src(p, fn, bb, at))};
        ir_call(p, RT_SPIN, args, 6);
    }
    free(phis.v);
    free(slots.v);
    return rc;
}

/* The spin state is hashed, so it must not hold whatever an earlier run
 * left on the thread's stack: a local is zeroed where it is allocated, and
 * a header phi's undefined incoming value becomes zero (both refine
 * "undefined").  Otherwise a replay could block where the run did not. */
static void define_state(pass *p, LLVMBasicBlockRef bb, const vec *mem, int zero_locals)
{
    for (unsigned k = 0; zero_locals && k < mem->n; k++) {
        LLVMValueRef a = mem->v[k], next = LLVMGetNextInstruction(a);
        LLVMTypeRef t = LLVMGetAllocatedType(a);
        if (!next || !LLVMTypeIsSized(t) || !LLVMIsAConstantInt(LLVMGetOperand(a, 0)))
            continue;
        uint64_t size = LLVMABISizeOfType(p->td, t) *
                        LLVMConstIntGetZExtValue(LLVMGetOperand(a, 0));
        LLVMPositionBuilderBefore(p->b, next);
        LLVMBuildMemSet(p->b, a, LLVMConstInt(p->i8, 0, 0),
                        c64(p, size), LLVMGetAlignment(a));
    }
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i))
        for (unsigned k = 0; k < LLVMCountIncoming(i); k++)
            if (LLVMIsUndef(LLVMGetIncomingValue(i, k)) || LLVMIsPoison(LLVMGetIncomingValue(i, k)))
                LLVMSetOperand(i, k, LLVMConstNull(LLVMTypeOf(i)));
}

static int add_spins(pass *p, LLVMValueRef fn)
{
    vec headers = {0}, mem = {0}, back = {0};
    if (find_headers(fn, &headers, &back)) {
        free(headers.v);
        free(back.v);
        return ir_fail(p, "out of memory");
    }
    int rc = 0;
    if (headers.n && memory_locals(fn, &mem))
        rc = ir_fail(p, "out of memory");
    /* each header's state: the locals whose value there may matter, found
     * before the instrumentation below adds uses of them */
    vec *live = headers.n ? calloc(2 * (size_t)headers.n, sizeof *live) : NULL, *dead = live;
    if (headers.n && !live && !rc)
        rc = ir_fail(p, "out of memory");
    if (live)
        dead = live + headers.n;
    for (unsigned k = 0; k < headers.n && !rc; k++)
        for (unsigned j = 0; j < mem.n && !rc; j++) {
            int d = ir_local_dead_at(mem.v[j], LLVMValueAsBasicBlock(headers.v[k]), p->td);
            if (ir_vec_push(d ? &dead[k] : &live[k], mem.v[j]))
                rc = ir_fail(p, "out of memory");
        }
    for (unsigned k = 0; k < headers.n && !rc; k++)
        define_state(p, LLVMValueAsBasicBlock(headers.v[k]), &mem, k == 0);
    for (unsigned k = 0; k < headers.n && !rc; k++)
        if (!pairs_loop(p, LLVMValueAsBasicBlock(headers.v[k]), &back))
            rc = spin_header(p, fn, LLVMValueAsBasicBlock(headers.v[k]), &live[k], &dead[k],
                             &back);
    for (unsigned k = 0; live && k < 2 * headers.n; k++)
        free(live[k].v);
    free(live);
    free(headers.v);
    free(mem.v);
    free(back.v);
    return rc;
}

/* ---- kernels, parameters, globals -------------------------------------------- */

static int is_kernel(pass *p, LLVMValueRef fn)
{
    if (LLVMIsDeclaration(fn))
        return 0;
    unsigned cc = LLVMGetFunctionCallConv(fn);
    if (cc == LLVMSPIRKERNELCallConv || cc == LLVMPTXKernelCallConv)
        return 1;
    unsigned n = LLVMGetNamedMetadataNumOperands(p->m, "nvvm.annotations");
    if (!n)
        return 0;
    LLVMValueRef *ops = malloc(sizeof *ops * n);
    int yes = 0;
    if (!ops)
        return 0;
    LLVMGetNamedMetadataOperands(p->m, "nvvm.annotations", ops);
    for (unsigned i = 0; i < n && !yes; i++) {
        unsigned k = LLVMGetMDNodeNumOperands(ops[i]);
        if (k < 2)
            continue;
        LLVMValueRef *o = malloc(sizeof *o * k);
        if (!o)
            break;
        LLVMGetMDNodeOperands(ops[i], o);
        unsigned sl = 0;
        const char *s = o[1] ? LLVMGetMDString(o[1], &sl) : NULL;
        yes = o[0] == fn && s && sl == 6 && !memcmp(s, "kernel", 6);
        free(o);
    }
    free(ops);
    return yes;
}

/* Scoped C: main is the program's first thread; renamed, so that the
 * harness's symbol never meets the checker's own main. */
static int find_main(pass *p, LLVMValueRef *out)
{
    LLVMValueRef m = LLVMGetNamedFunction(p->m, "main");
    if (!m || LLVMIsDeclaration(m)) {
        p->d->code = 5;
        snprintf(p->d->msg, sizeof p->d->msg, "%s: error: a scoped-C program needs a main "
                 "function (the host thread)", p->out->srcs[0].file);
        return 5;
    }
    unsigned n = LLVMCountParams(m);
    if (n != 0 && n != 2) {
        char w[512];
        return ir_fail(p, "%serror: unsupported: main with %u parameters",
                       ir_where(p, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(m)), w,
                                sizeof w), n);
    }
    LLVMSetValueName2(m, "__gpumc_sc_main", 15);
    snprintf(p->out->kernel, sizeof p->out->kernel, "main");
    *out = m;
    return 0;
}

/* The kernel a --kernel='name<args>' wrapper's pointer names (IR_KERNEL_REF
 * in ir_pass.h), or NULL: C++ resolved the user's spelling, so
 * k<Mode::Slow> finds the kernel the demangler calls k<(Mode)1>. */
static LLVMValueRef referenced_kernel(pass *p)
{
    LLVMValueRef ref = LLVMGetNamedGlobal(p->m, IR_KERNEL_REF);
    if (!ref)
        return NULL;
    LLVMValueRef f = LLVMGetInitializer(ref);
    while (f && LLVMIsAConstantExpr(f) && LLVMGetNumOperands(f) > 0) /* a cast */
        f = LLVMGetOperand(f, 0);
    drop_used_lists(p); /* the pointer's only user: it is no device variable of the file */
    if (only_dead_constants_use(ref)) {
        LLVMReplaceAllUsesWith(ref, LLVMGetUndef(LLVMTypeOf(ref)));
        LLVMDeleteGlobal(ref);
    }
    return f && LLVMIsAFunction(f) && is_kernel(p, f) ? f : NULL;
}

/* The namespace ("ns::", into ns) of kernel `user` when it is an instance
 * of the template --kernel names without one (want "k<4>", user
 * "ns::k<2>"): only a qualified name instantiates a template in a
 * namespace, so the error says which. */
static void namespace_of(const char *user, const char *want, char *ns, size_t n)
{
    size_t wb = strcspn(want, "<("), ub = strcspn(user, "<(");
    if (!want[wb] || want[wb] != '<' || strstr(want, "::") || ub < wb + 2 ||
        strncmp(user + ub - wb, want, wb) || strncmp(user + ub - wb - 2, "::", 2))
        return;
    snprintf(ns, n, "%.*s", (int)(ub - wb), user);
}

static int find_kernel(pass *p, const char *want, LLVMValueRef *out)
{
    if (p->lang == FE_LANG_SCOPED_C)
        return find_main(p, out);
    LLVMValueRef named = want ? referenced_kernel(p) : NULL;
    if (named) {
        size_t len;
        ir_demangle(LLVMGetValueName2(named, &len), p->out->kernel, sizeof p->out->kernel);
        *out = named;
        return 0;
    }
    LLVMValueRef found = NULL;
    int nfound = 0, unlisted = 0;
    char list[1400] = "", matches[1400] = "", fulls[1400] = "", ns[256] = "";
    int by_signature = want && ir_name_params(want); /* an overload: name(float *, int) */
    uint64_t seen[64];          /* the names so far (hashed): an overload repeats one */
    int nseen = 0, overloaded = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(p->m); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        if (!is_kernel(p, f) || !strcmp(LLVMGetValueName2(f, &len), IR_POST_KERNEL))
            continue;
        char user[256];
        ir_demangle(LLVMGetValueName2(f, &len), user, sizeof user);
        uint64_t h = 1469598103934665603ull;
        for (const char *c = user; *c; c++)
            h = (h ^ (unsigned char)*c) * 1099511628211ull;
        for (int k = 0; k < nseen; k++)
            overloaded |= seen[k] == h;
        if (nseen < 64)
            seen[nseen++] = h;
        size_t l = strlen(list);
        if (!unlisted && l + strlen(user) + 2 + 32 < sizeof list) /* whole names only */
            snprintf(list + l, sizeof list - l, "%s%s", l ? ", " : "", user);
        else
            unlisted++;
        char full[512];
        ir_demangle_full(LLVMGetValueName2(f, &len), full, sizeof full);
        if (!strncmp(full, "void ", 5)) /* a template's demangled name has its return type */
            memmove(full, full + 5, strlen(full + 5) + 1);
        l = strlen(fulls);
        if (l + strlen(full) + 2 < sizeof fulls)
            snprintf(fulls + l, sizeof fulls - l, "%s%s", l ? ", " : "", full);
        if (want && !ns[0])
            namespace_of(user, want, ns, sizeof ns);
        if (!want || ir_name_matches(by_signature ? full : user, want)) {
            found = f;
            nfound++;
            snprintf(p->out->kernel, sizeof p->out->kernel, "%s", user);
            l = strlen(matches);
            if (l + strlen(full) + 2 < sizeof matches)
                snprintf(matches + l, sizeof matches - l, "%s%s", l ? ", " : "", full);
        }
    }
    if (nfound == 1) {
        *out = found;
        return 0;
    }
    p->d->code = 17;
    if (unlisted) { /* room was kept for this */
        size_t l = strlen(list);
        snprintf(list + l, sizeof list - l, ", and %d more", unlisted);
    }
    if (!list[0])
        snprintf(p->d->msg, sizeof p->d->msg, "%s: error: no kernel to check: the file "
                 "defines no kernel (if it is in another file, give gpumc that file; a kernel "
                 "template that is never launched needs its arguments: --kernel='name<int, 4>')",
                 p->out->srcs[0].file);
    else if (!want) /* overloads are told apart by their parameters */
        snprintf(p->d->msg, sizeof p->d->msg, "%s: error: several kernels (%s): choose one "
                 "with --kernel=NAME", p->out->srcs[0].file, overloaded ? matches : list);
    else if (!nfound && ns[0]) /* a template's instance the file does not make */
        snprintf(p->d->msg, sizeof p->d->msg, "%s: error: no kernel named '%s' (kernels: %s); "
                 "the template is in namespace %.*s: --kernel='%s%s' instantiates it",
                 p->out->srcs[0].file, want, overloaded ? fulls : list,
                 (int)strlen(ns) - 2, ns, ns, want);
    else if (!nfound) /* overloads again by their parameters */
        snprintf(p->d->msg, sizeof p->d->msg, "%s: error: no kernel named '%s' (kernels: %s)",
                 p->out->srcs[0].file, want, overloaded ? fulls : list);
    else
        snprintf(p->d->msg, sizeof p->d->msg, "%s: error: '%s' names several kernels (%s): "
                 "give the template arguments or, for overloads, the parameter types too "
                 "(--kernel='name(float*, int)')", p->out->srcs[0].file, want, matches);
    return 17;
}

static ir_pkind kind_of(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: return IR_P_INT;
    case LLVMHalfTypeKind: case LLVMFloatTypeKind: case LLVMDoubleTypeKind: return IR_P_FLOAT;
    case LLVMPointerTypeKind: return IR_P_PTR;
    default: return IR_P_AGG;
    }
}

/* Append t's scalar leaves at byte offset base to q->fields; -1 when the
 * layout cannot be listed (an unknown member, too many members). */
static int flatten_fields(pass *p, LLVMTypeRef t, unsigned long long base, ir_param *q)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMStructTypeKind) {
        for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++)
            if (flatten_fields(p, LLVMStructGetTypeAtIndex(t, i),
                               base + LLVMOffsetOfElement(p->td, t, i), q) < 0)
                return -1;
        return 0;
    }
    if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
        LLVMTypeRef e = LLVMGetElementType(t);
        unsigned n = k == LLVMArrayTypeKind ? LLVMGetArrayLength(t) : LLVMGetVectorSize(t);
        unsigned long long step = LLVMABISizeOfType(p->td, e);
        for (unsigned i = 0; i < n; i++)
            if (flatten_fields(p, e, base + i * step, q) < 0)
                return -1;
        return 0;
    }
    ir_pkind kind = kind_of(t);
    if (kind == IR_P_AGG || q->nfields >= IR_MAX_FIELDS || base > 0xffffffffull)
        return -1;
    if (!q->fields && !(q->fields = calloc(IR_MAX_FIELDS, sizeof *q->fields)))
        return -1;
    LLVMTypeRef e = kind == IR_P_PTR ? LLVMGetElementType(t) : NULL;
    unsigned esize = e && LLVMTypeIsSized(e) ? ir_store_size(p, e) : 1;
    q->fields[q->nfields++] = (ir_field){(unsigned)base, ir_store_size(p, t), kind, esize, 0, 0};
    return 0;
}

static void describe_fields(pass *p, LLVMTypeRef t, ir_param *q)
{
    if (flatten_fields(p, t, 0, q) == 0)
        return;
    free(q->fields);
    q->fields = NULL;
    q->nfields = 0;
}

/* A cudaTextureObject_t / cudaSurfaceObject_t: a pointer to the prelude's
 * descriptor structs (gpumc_texture.h). */
static int texture_kind(LLVMTypeRef pointee)
{
    const char *n = LLVMGetTypeKind(pointee) == LLVMStructTypeKind ? LLVMGetStructName(pointee)
                                                                  : NULL;
    if (n && !strcmp(n, "struct.__gpumc_texture"))
        return IR_TEX_OBJECT;
    if (n && !strcmp(n, "struct.__gpumc_surface"))
        return IR_SURF_OBJECT;
    return 0;
}

/* Is n the struct type `name`, or a renamed copy of it ("name.3")? */
static int struct_named(const char *n, const char *name)
{
    size_t k = strlen(name);
    if (!n || strncmp(n, name, k))
        return 0;
    if (!n[k])
        return 1;
    if (n[k] != '.' || !n[k + 1])
        return 0;
    for (const char *c = n + k + 1; *c; c++)
        if (*c < '0' || *c > '9')
            return 0;
    return 1;
}

/* CUDA's 16-bit float structs (cuda_fp16.h, cuda_bf16.h), whose members
 * the compiled code moves as 16-bit integers. */
static int fp16_kind(LLVMTypeRef pointee)
{
    const char *n = LLVMGetTypeKind(pointee) == LLVMStructTypeKind ? LLVMGetStructName(pointee)
                                                                  : NULL;
    if (struct_named(n, "struct.__half") || struct_named(n, "struct.__half2"))
        return IR_FP16_HALF;
    if (struct_named(n, "struct.__nv_bfloat16") || struct_named(n, "struct.__nv_bfloat162"))
        return IR_FP16_BF16;
    return 0;
}

/* The kernel's name as it is declared: no namespace, no template arguments. */
static void declared_name(const char *user, char *out, size_t n)
{
    const char *s = user, *c;
    int depth = 0;
    for (c = user; *c; c++) {
        depth += *c == '<' ? 1 : *c == '>' ? -1 : 0;
        if (depth == 0 && c[0] == ':' && c[1] == ':')
            s = c + 2;
    }
    snprintf(out, n, "%.*s", (int)strcspn(s, "<("), s);
}

/* C++ default arguments of kernel k's number parameters, from its
 * declaration in the source (IR keeps none): a parameter given no --arg
 * value takes the one the program passes by leaving it out. */
static void read_param_defaults(pass *p, LLVMValueRef k)
{
    LLVMMetadataRef sp = LLVMGetSubprogram(k);
    LLVMMetadataRef file = sp ? LLVMDIScopeGetFile(sp) : NULL;
    unsigned nlen = 0, dlen = 0, n = p->out->nparams;
    const char *name = file ? LLVMDIFileGetFilename(file, &nlen) : NULL;
    const char *dir = file ? LLVMDIFileGetDirectory(file, &dlen) : NULL;
    if (p->lang != FE_LANG_CUDA || !name || !nlen || !n)
        return;
    char path[4096], simple[256];
    if (name[0] == '/' || !dlen)
        snprintf(path, sizeof path, "%.*s", (int)nlen, name);
    else
        snprintf(path, sizeof path, "%.*s/%.*s", (int)dlen, dir, (int)nlen, name);
    char *text = fe_buf_read_file(path);
    char (*defs)[IR_DEFAULT_MAX] = calloc(n, sizeof *defs);
    declared_name(p->out->kernel, simple, sizeof simple);
    if (text && defs &&
        ir_param_defaults(text, simple, LLVMDISubprogramGetLine(sp), n, defs) > 0)
        for (unsigned i = 0; i < n; i++) {
            ir_param *q = &p->out->params[i];
            if (q->kind == IR_P_INT || q->kind == IR_P_FLOAT)
                snprintf(q->cxx_default, sizeof q->cxx_default, "%s", defs[i]);
        }
    free(defs);
    free(text);
}

static int describe_params(pass *p, LLVMValueRef k)
{
    /* scoped C: main's argc/argv are the adapter's, not --arg values */
    unsigned n = p->lang == FE_LANG_SCOPED_C ? 0 : LLVMCountParams(k);
    unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
    p->out->params = calloc(n ? n : 1, sizeof *p->out->params);
    if (!p->out->params)
        return ir_fail(p, "out of memory");
    p->out->nparams = n;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef a = LLVMGetParam(k, i);
        LLVMTypeRef t = LLVMTypeOf(a);
        ir_param *q = &p->out->params[i];
        size_t len;
        const char *nm = LLVMGetValueName2(a, &len);
        if (len)
            snprintf(q->name, sizeof q->name, "%.*s", (int)len, nm);
        else
            snprintf(q->name, sizeof q->name, "arg%u", i);
        q->kind = kind_of(t);
        q->size = ir_store_size(p, t);
        q->unused = !LLVMGetFirstUse(a); /* (debug info's mentions are no uses) */
        if (LLVMGetEnumAttributeAtIndex(k, i + 1, byval)) {
            q->kind = IR_P_AGG;
            q->size = ir_store_size(p, LLVMGetElementType(t));
            describe_fields(p, LLVMGetElementType(t), q);
        } else if (q->kind == IR_P_AGG) {
            describe_fields(p, t, q);
        } else if (q->kind == IR_P_PTR) {
            LLVMTypeRef e = LLVMGetElementType(t);
            q->elem_kind = kind_of(e);
            q->elem_size = LLVMTypeIsSized(e) ? ir_store_size(p, e) : 1;
            if (q->elem_kind == IR_P_AGG && LLVMTypeIsSized(e)) /* a buffer of structs: */
                describe_fields(p, e, q); /* values by member, as for one passed by value */
            q->local = p->lang == FE_LANG_OPENCL && LLVMGetPointerAddressSpace(t) == AS_SHARED;
            q->texture = texture_kind(e);
            q->elem_fp16 = fp16_kind(e);
            q->read = ir_param_read(a);
        }
    }
    read_param_defaults(p, k);
    return 0;
}

/* The function v names, through a constant cast, or NULL. */
static LLVMValueRef as_function(LLVMValueRef v)
{
    while (LLVMIsAConstantExpr(v) && (LLVMGetConstOpcode(v) == LLVMBitCast ||
                                      LLVMGetConstOpcode(v) == LLVMPtrToInt))
        v = LLVMGetOperand(v, 0);
    return LLVMIsAFunction(v) ? v : NULL;
}

/* The parameter of kernel k that v is, through casts, or -1. */
static int param_index(LLVMValueRef k, LLVMValueRef v)
{
    while (LLVMIsAZExtInst(v) || LLVMIsASExtInst(v) || LLVMIsATruncInst(v) ||
           LLVMIsABitCastInst(v) || LLVMIsAPtrToIntInst(v))
        v = LLVMGetOperand(v, 0);
    if (!LLVMIsAArgument(v) || LLVMGetParamParent(v) != k)
        return -1;
    for (unsigned i = 0, n = LLVMCountParams(k); i < n; i++)
        if (LLVMGetParam(k, i) == v)
            return (int)i;
    return -1;
}

/* The integer member of a struct parameter passed by value that v loads
 * (`q.a`: a load through constant indices from the parameter), or NULL. */
static ir_field *struct_member(pass *p, LLVMValueRef k, LLVMValueRef v)
{
    while (LLVMIsAZExtInst(v) || LLVMIsASExtInst(v) || LLVMIsATruncInst(v))
        v = LLVMGetOperand(v, 0);
    if (!LLVMIsALoadInst(v))
        return NULL;
    LLVMValueRef ptr = LLVMGetOperand(v, 0);
    unsigned long long off = 0;
    if (LLVMIsAGetElementPtrInst(ptr)) {
        LLVMValueRef base = LLVMGetOperand(ptr, 0);
        LLVMTypeRef t = LLVMGetElementType(LLVMTypeOf(base));
        unsigned n = (unsigned)LLVMGetNumOperands(ptr);
        if (n < 2 || !LLVMIsAConstantInt(LLVMGetOperand(ptr, 1)) ||
            LLVMConstIntGetZExtValue(LLVMGetOperand(ptr, 1)) != 0)
            return NULL;
        for (unsigned j = 2; j < n; j++) {
            LLVMValueRef ix = LLVMGetOperand(ptr, j);
            if (!LLVMIsAConstantInt(ix))
                return NULL;
            unsigned long long x = LLVMConstIntGetZExtValue(ix);
            if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
                off += LLVMOffsetOfElement(p->td, t, (unsigned)x);
                t = LLVMStructGetTypeAtIndex(t, (unsigned)x);
            } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
                t = LLVMGetElementType(t);
                off += x * LLVMABISizeOfType(p->td, t);
            } else {
                return NULL;
            }
        }
        ptr = base;
    }
    int i = param_index(k, ptr);
    ir_param *q = i >= 0 ? &p->out->params[i] : NULL;
    if (!q || q->kind != IR_P_AGG)
        return NULL;
    unsigned size = ir_store_size(p, LLVMTypeOf(v));
    for (unsigned j = 0; j < q->nfields; j++)
        if (q->fields[j].offset == off && q->fields[j].size == size &&
            q->fields[j].kind == IR_P_INT)
            return &q->fields[j];
    return NULL;
}

/* Note what a condition the kernel requires (__requires(c)) demands of its
 * integer parameters: `x == K`, alone or in a conjunction (`&`, and the
 * `!!` the macro adds), so that a value gpumc chooses for x is K rather
 * than one the kernel refuses (GPUVerify's kernels pin sizes this way).
 * `negated`: c must be false instead. */
static void note_required(pass *p, LLVMValueRef k, LLVMValueRef c, int negated, int depth)
{
    if (depth > 16 || !LLVMIsAInstruction(c))
        return;
    LLVMOpcode op = LLVMGetInstructionOpcode(c);
    LLVMValueRef a = LLVMGetNumOperands(c) > 0 ? LLVMGetOperand(c, 0) : NULL;
    LLVMValueRef b = LLVMGetNumOperands(c) > 1 ? LLVMGetOperand(c, 1) : NULL;
    if (op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc) {
        note_required(p, k, a, negated, depth + 1);
        return;
    }
    if (op == LLVMXor && LLVMIsAConstantInt(b) && LLVMConstIntGetZExtValue(b) == 1 &&
        LLVMGetIntTypeWidth(LLVMTypeOf(c)) == 1) { /* !e */
        note_required(p, k, a, !negated, depth + 1);
        return;
    }
    if (op == LLVMAnd && !negated) {
        note_required(p, k, a, 0, depth + 1);
        note_required(p, k, b, 0, depth + 1);
        return;
    }
    if (op == LLVMOr && !negated) { /* one side holding is enough: the first */
        note_required(p, k, a, 0, depth + 1);
        return;
    }
    if (op != LLVMICmp)
        return;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
    if (pr == (negated ? LLVMIntNE : LLVMIntEQ)) { /* f == fn, a function pointer */
        LLVMValueRef fa = as_function(a), other = b;
        if (!fa) {
            fa = as_function(b);
            other = a;
        }
        int pi = fa ? param_index(k, other) : -1;
        if (fa && pi >= 0 && p->out->params[pi].kind == IR_P_PTR) {
            size_t len = 0;
            const char *nm = LLVMGetValueName2(fa, &len);
            snprintf(p->out->params[pi].required_fn, sizeof p->out->params[pi].required_fn,
                     "%.*s", (int)len, nm);
            return;
        }
    }
    if (LLVMIsAConstantInt(a)) {
        LLVMValueRef t = a;
        a = b;
        b = t;
    }
    if (!LLVMIsAConstantInt(b))
        return;
    ir_field *f = struct_member(p, k, a);
    int i = f ? -1 : param_index(k, a);
    if ((pr == LLVMIntNE || pr == LLVMIntEQ) && LLVMConstIntGetZExtValue(b) == 0 && !f &&
        i < 0) { /* e != 0, e == 0 of a condition e */
        note_required(p, k, a, negated ^ (pr == LLVMIntEQ), depth + 1);
        return;
    }
    if (pr != (negated ? LLVMIntNE : LLVMIntEQ))
        return;
    if (f) {
        f->has_required = 1;
        f->required = LLVMConstIntGetSExtValue(b);
        return;
    }
    if (i < 0 || p->out->params[i].kind != IR_P_INT)
        return;
    p->out->params[i].has_required = 1;
    p->out->params[i].required = LLVMConstIntGetSExtValue(b);
}

static void find_required(pass *p, LLVMValueRef k)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(k); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            LLVMValueRef f = LLVMIsACallInst(in) ? LLVMGetCalledValue(in) : NULL;
            size_t len = 0;
            if (f && LLVMIsAFunction(f) && LLVMGetNumArgOperands(in) == 1 &&
                !strcmp(LLVMGetValueName2(f, &len), "__gpumc_require"))
                note_required(p, k, LLVMGetOperand(in, 0), 0, 0);
        }
}

/* The call passes its arguments as the kernel takes them: a struct by
 * value (byval) is copied to the stack at the callee's alignment only if
 * the call site says byval and align too -- without them an over-aligned
 * struct (alignas(64)) shifts every stack argument after it. */
static int copy_param_attributes(pass *p, LLVMValueRef k, LLVMValueRef call)
{
    for (unsigned i = 1; i <= LLVMCountParams(k); i++) {
        unsigned n = LLVMGetAttributeCountAtIndex(k, i);
        if (!n)
            continue;
        LLVMAttributeRef *attrs = malloc(n * sizeof *attrs);
        if (!attrs)
            return ir_fail(p, "out of memory");
        LLVMGetAttributesAtIndex(k, i, attrs);
        for (unsigned j = 0; j < n; j++)
            LLVMAddCallSiteAttribute(call, i, attrs[j]);
        free(attrs);
    }
    return 0;
}

/* void __gpumc_ir_entry(void **args): the kernel called with args[i]. */
static int build_entry(pass *p, LLVMValueRef k, const char *name)
{
    LLVMTypeRef ft = LLVMFunctionType(p->vd, &p->i8pp, 1, 0);
    LLVMValueRef e = LLVMAddFunction(p->m, name, ft);
    LLVMPositionBuilderAtEnd(p->b, LLVMAppendBasicBlockInContext(p->cx, e, "entry"));
    unsigned n = LLVMCountParams(k);
    LLVMValueRef *args = calloc(n ? n : 1, sizeof *args);
    if (!args)
        return ir_fail(p, "out of memory");
    if (p->lang == FE_LANG_SCOPED_C && n == 2) { /* main(1, args): args is argv */
        args[0] = LLVMConstInt(LLVMTypeOf(LLVMGetParam(k, 0)), 1, 0);
        args[1] = LLVMBuildPointerCast(p->b, LLVMGetParam(e, 0), LLVMTypeOf(LLVMGetParam(k, 1)), "");
    }
    for (unsigned i = 0; i < n && p->lang != FE_LANG_SCOPED_C; i++) {
        LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(k, i));
        LLVMValueRef idx = c64(p, i);
        LLVMValueRef slot = LLVMBuildGEP2(p->b, p->i8p, LLVMGetParam(e, 0), &idx, 1, "");
        LLVMValueRef ptr = LLVMBuildLoad2(p->b, p->i8p, slot, "");
        LLVMValueRef fn = p->out->params[i].required_fn[0]
                              ? LLVMGetNamedFunction(p->m, p->out->params[i].required_fn)
                              : NULL;
        if (fn) /* the function the kernel's __requires(f == fn) names */
            args[i] = LLVMBuildPointerCast(p->b, fn, t, "");
        else if (p->out->params[i].kind == IR_P_AGG && LLVMGetTypeKind(t) == LLVMPointerTypeKind)
            args[i] = LLVMBuildPointerCast(p->b, ptr, t, ""); /* byval */
        else
            args[i] = LLVMBuildLoad2(p->b, t, LLVMBuildPointerCast(p->b, ptr,
                                                                    LLVMPointerType(t, 0), ""), "");
    }
    LLVMValueRef call = LLVMBuildCall2(p->b, LLVMGlobalGetValueType(k), k, args, n, "");
    free(args);
    LLVMBuildRetVoid(p->b);
    return copy_param_attributes(p, k, call);
}

static int window_kind(const pass *p, LLVMValueRef g, ir_gkind *kind)
{
    if (!LLVMGetFirstUse(g) || is_readonly_global(g))
        return 0;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (!strncmp(name, "llvm.", 5))
        return 0;
    unsigned as = addrspace_of(g);
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    if (p->lang != FE_LANG_SCOPED_C && as == AS_SHARED) {
        int unsized = LLVMIsDeclaration(g) ||
                      (LLVMGetTypeKind(t) == LLVMArrayTypeKind && LLVMGetArrayLength(t) == 0);
        *kind = unsized ? IR_G_DYNSHARED : IR_G_SHARED;
        return 1;
    }
    if (LLVMIsDeclaration(g))
        return 0; /* e.g. threadIdx: used only through its static getters */
    if (p->lang != FE_LANG_SCOPED_C && as == AS_CONST)
        *kind = IR_G_CONST;
    else
        *kind = p->lang == FE_LANG_SCOPED_C && LLVMIsThreadLocal(g) ? IR_G_TLS : IR_G_DEVICE;
    return 1;
}

/* What the variables' initial data may point to: the variables moved
 * into the window (index i of `moved` is globals[i]), whose addresses are
 * known now, and what stays where the loader puts it (functions,
 * read-only data such as string literals), whose addresses the harness
 * fills in: `addrs`, in ir_result.fnrelocs' order. */
typedef struct init_ctx {
    const LLVMValueRef *moved;
    unsigned nmoved, global; /* global: the variable being written */
    vec addrs;
} init_ctx;

static int moved_index(const init_ctx *ic, LLVMValueRef g)
{
    for (unsigned i = 0; i < ic->nmoved; i++)
        if (ic->moved[i] == g)
            return (int)i;
    return -1;
}

/* The global a pointer constant is based on (through casts and constant
 * GEPs), or NULL. */
static LLVMValueRef pointer_base(LLVMValueRef c)
{
    while (LLVMIsAConstantExpr(c) && (LLVMGetConstOpcode(c) == LLVMBitCast ||
                                      LLVMGetConstOpcode(c) == LLVMAddrSpaceCast ||
                                      LLVMGetConstOpcode(c) == LLVMGetElementPtr))
        c = LLVMGetOperand(c, 0);
    return LLVMIsAGlobalValue(c) ? c : NULL;
}

/* The value of pointer constant c when known now: a number, or a moved
 * variable's window address plus a constant offset.  -1 otherwise. */
static int const_pointer(pass *p, const init_ctx *ic, LLVMValueRef c, unsigned long long *v)
{
    *v = 0;
    if (LLVMIsNull(c))
        return 0;
    if (LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMIntToPtr) {
        if (!LLVMIsAConstantInt(LLVMGetOperand(c, 0)))
            return -1;
        *v = LLVMConstIntGetZExtValue(LLVMGetOperand(c, 0));
        return 0;
    }
    LLVMValueRef base = pointer_base(c);
    int i = base ? moved_index(ic, base) : -1;
    long long off;
    if (i < 0 || constant_offset(p, c, &off) != 0)
        return -1;
    *v = GPUMC_IR_VBASE + (unsigned long long)p->out->globals[i].slot * GPUMC_IR_VSLOT +
         (unsigned long long)off;
    return 0;
}

/* Pointer constant c, at byte `at` of the variable's initial data, into
 * buf: its value, or a relocation (buf keeps zeros) when it points into
 * what the loader places -- a function, a variable left where it is. */
static int pointer_bytes(pass *p, init_ctx *ic, LLVMValueRef c, unsigned char *buf,
                         unsigned long long at)
{
    LLVMValueRef base = pointer_base(c);
    if (!base || (!LLVMIsAFunction(base) && moved_index(ic, base) >= 0)) {
        unsigned long long v;
        if (const_pointer(p, ic, c, &v))
            return -1;
        memcpy(buf, &v, 8);
        return 0;
    }
    if (!LLVMIsAFunction(base) && LLVMIsDeclaration(base))
        return -1; /* a variable of another file's */
    ir_result *r = p->out;
    struct ir_fnreloc *q = realloc(r->fnrelocs, sizeof *q * (r->nfnrelocs + 1));
    if (!q)
        return -1;
    r->fnrelocs = q;
    if (ir_vec_push(&ic->addrs, LLVMConstPointerCast(c, p->i8p)))
        return -1;
    q[r->nfnrelocs].global = ic->global;
    q[r->nfnrelocs++].off = at;
    return 0;
}

/* Write constant c (of c's type) into buf[0..n), which is byte `at` of
 * the variable's initial data: 0, or -1 if it holds something other than
 * numbers and the addresses const_pointer knows. */
static int const_bytes(pass *p, init_ctx *ic, LLVMValueRef c, unsigned char *buf,
                       unsigned long long n, unsigned long long at)
{
    LLVMTypeRef t = LLVMTypeOf(c);
    unsigned long long sz = LLVMStoreSizeOfType(p->td, t);
    if (sz > n)
        return -1;
    if (LLVMIsUndef(c) || LLVMIsNull(c))
        return 0;
    if (LLVMIsAConstantInt(c)) {
        unsigned long long v = LLVMConstIntGetZExtValue(c);
        memcpy(buf, &v, sz < 8 ? sz : 8);
        return 0;
    }
    if (LLVMIsAConstantFP(c)) {
        LLVMBool lost;
        double d = LLVMConstRealGetDouble(c, &lost);
        float f = (float)d;
        if (LLVMGetTypeKind(t) == LLVMDoubleTypeKind)
            memcpy(buf, &d, 8);
        else if (LLVMGetTypeKind(t) == LLVMFloatTypeKind)
            memcpy(buf, &f, 4);
        else
            return -1;
        return 0;
    }
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind)
        return sz == 8 ? pointer_bytes(p, ic, c, buf, at) : -1;
    unsigned k = n_pieces(t);
    if (!k)
        return -1;
    int seq = LLVMIsAConstantDataSequential(c) != NULL;
    for (unsigned i = 0; i < k; i++) {
        LLVMValueRef e = seq ? LLVMGetElementAsConstant(c, i) : LLVMGetOperand(c, i);
        unsigned long long off = piece_offset(p, t, i);
        if (!e || off > n || const_bytes(p, ic, e, buf + off, n - off, at + off))
            return -1;
    }
    return 0;
}

static int copy_init(pass *p, init_ctx *ic, LLVMValueRef g, ir_global *out)
{
    LLVMValueRef init = LLVMGetInitializer(g);
    if (!init || LLVMIsUndef(init) || LLVMIsNull(init) || !out->size)
        return 0;
    out->init = calloc(1, out->size);
    if (!out->init)
        return ir_fail(p, "out of memory");
    if (const_bytes(p, ic, init, out->init, out->size, 0))
        return ir_fail(p, "%s: error: unsupported: the initializer of '%s' (an address gpumc "
                    "cannot place in initial data)", p->out->srcs[0].file, out->name);
    return 0;
}

/* The addresses initial data holds that the loader decides, for the
 * harness: __gpumc_ir_fnrelocs, an array of them in ir_result.fnrelocs'
 * order. */
static int emit_fnrelocs(pass *p, const vec *addrs)
{
    if (!addrs->n)
        return 0;
    LLVMValueRef arr = LLVMConstArray(p->i8p, addrs->v, addrs->n);
    LLVMValueRef g = LLVMAddGlobal(p->m, LLVMTypeOf(arr), "__gpumc_ir_fnrelocs");
    LLVMSetInitializer(g, arr);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetAlignment(g, 16); /* as C aligns an array of 16 bytes or more */
    return 0;
}

/* llvm.used and llvm.compiler.used only keep symbols alive for a GPU
 * binary's host side; they would hold moved variables' window addresses. */
static void drop_used_lists(pass *p)
{
    static const char *const lists[] = {"llvm.used", "llvm.compiler.used"};
    for (unsigned i = 0; i < 2; i++) {
        LLVMValueRef g = LLVMGetNamedGlobal(p->m, lists[i]);
        if (g)
            LLVMDeleteGlobal(g);
    }
}

/* The scalar a global is made of (arrays of arrays of it), for --arg. */
static void element_of(const pass *p, LLVMTypeRef t, ir_global *q)
{
    while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    q->elem_kind = kind_of(t);
    q->elem_size = q->elem_kind == IR_P_AGG || !LLVMTypeIsSized(t) ? 1 : ir_store_size(p, t);
    q->elem_fp16 = fp16_kind(t);
}

/* A __constant__ or __device__ array of structs: the members --arg values
 * fill, as for a buffer of structs (describe_fields). */
static void constant_struct_layout(pass *p, LLVMTypeRef t, ir_global *q)
{
    while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    if (LLVMGetTypeKind(t) != LLVMStructTypeKind || !LLVMTypeIsSized(t))
        return;
    ir_param z;
    memset(&z, 0, sizeof z);
    describe_fields(p, t, &z);
    q->fields = z.fields;
    q->nfields = z.nfields;
    q->struct_size = (unsigned)LLVMABISizeOfType(p->td, t);
}

/* Is f one of the functions the kernel may run (find_reach)? */
static int reached(const pass *p, LLVMValueRef f)
{
    for (unsigned i = 0; i < p->nreach; i++)
        if (p->reach[i] == f)
            return 1;
    return 0;
}

/* Is v used (through constant expressions too) by code the kernel runs? */
static int used_in_reach(const pass *p, LLVMValueRef v)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAInstruction(user) &&
            reached(p, LLVMGetBasicBlockParent(LLVMGetInstructionParent(user))))
            return 1;
        if (LLVMIsAConstantExpr(user) && used_in_reach(p, user))
            return 1;
    }
    return 0;
}

/* The identifier a variable is declared as: ns::x is x. */
static const char *declared_id(const char *name)
{
    const char *colon = strrchr(name, ':');
    return colon ? colon + 1 : name;
}

/* Where identifier id stands on the line at s (not inside a longer
 * name), or NULL. */
static const char *token_on_line(const char *s, const char *id)
{
    size_t n = strlen(id);
    const char *eol = strchr(s, '\n');
    for (const char *at = s; (at = strstr(at, id)) && (!eol || at < eol); at++)
        if ((at == s || !(isalnum((unsigned char)at[-1]) || at[-1] == '_')) &&
            !(isalnum((unsigned char)at[n]) || at[n] == '_'))
            return at;
    return NULL;
}

/* In text, the first line that declares `__constant__ ... id`: 1 when the
 * declaration gives an initialiser (an '=' before its ';'), 0 when not,
 * -1 when no line does. */
static int constant_declaration(const char *text, const char *id)
{
    for (const char *s = text; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : NULL) {
        const char *at = token_on_line(s, id), *kw = token_on_line(s, "__constant__");
        if (!at || !kw || kw > at)
            continue;
        for (const char *c = at + strlen(id); *c && c < at + 4096; c++)
            if (*c == '=' || *c == ';')
                return *c == '=';
        return -1;
    }
    return -1;
}

/* Does the source declare __constant__ variable `name` with an
 * initialiser?  A table the host fills is declared without one, and the
 * IR cannot tell it from one written `= {0}` (nor has debug information
 * for device variables), so the user's files are read: those of the
 * code instrumented so far.  -1: not known (declared by a macro, say). */
static int declared_with_initialiser(const pass *p, const char *name)
{
    const char *id = declared_id(name), *read[64]; /* (file names are interned) */
    unsigned nread = 0;
    int rc = -1;
    for (unsigned i = 0; i < p->out->nsrcs && rc < 0 && nread < 64; i++) {
        const char *f = p->out->srcs[i].file;
        unsigned k = 0;
        while (k < nread && read[k] != f)
            k++;
        if (k < nread)
            continue;
        read[nread++] = f;
        char *text = fe_buf_read_file(f);
        if (text)
            rc = constant_declaration(text, id);
        free(text);
    }
    return rc;
}

static int is_texref(const pass *p, LLVMValueRef g)
{
    for (unsigned j = 0; j < p->texrefs.n; j++)
        if (p->texrefs.v[j] == g)
            return 1;
    return 0;
}

/* A variable the kernel uses that the file only declares (`extern
 * __device__ int scale;` of a program built with -rdc): the harness
 * could not link, so say which and where it would come from.  (Scoped
 * C's are libc's; an extern __shared__ array is the dynamic buffer.) */
static int undefined_variable(pass *p, LLVMValueRef g)
{
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (p->lang == FE_LANG_SCOPED_C || !LLVMIsDeclaration(g) || addrspace_of(g) == AS_SHARED ||
        !strncmp(name, "llvm.", 5) || !strncmp(name, "__gpumc", 7) || !used_in_reach(p, g))
        return 0;
    char user[256];
    ir_var_name(name, user, sizeof user);
    return ir_fail(p, "%s: error: '%s' is declared but not defined in the file: name the file "
                   "that defines it after the kernel's (gpumc FILE MORE-FILES)",
                   p->out->srcs[0].file, user);
}

/* Move shared/device variables into the virtual window. */
static int move_globals(pass *p)
{
    drop_used_lists(p);
    vec gs = {0};
    for (LLVMValueRef g = LLVMGetFirstGlobal(p->m); g; g = LLVMGetNextGlobal(g))
        if (ir_vec_push(&gs, g))
            return ir_fail(p, "out of memory");
    p->out->globals = calloc(gs.n ? gs.n : 1, sizeof *p->out->globals);
    if (!p->out->globals)
        return ir_fail(p, "out of memory");
    /* the variables moved, in globals' order: their initial data may
     * point at each other, so it is written once every one has a slot */
    LLVMValueRef *moved = calloc(gs.n ? gs.n : 1, sizeof *moved);
    if (!moved) {
        free(gs.v);
        return ir_fail(p, "out of memory");
    }
    int rc = 0, dyn_slot = -1, dyn_named = 0;
    for (unsigned i = 0; i < gs.n && !rc; i++) {
        LLVMValueRef g = gs.v[i];
        ir_gkind kind;
        if (is_texref(p, g)) { /* a handle the harness's table holds now */
            if (!LLVMGetFirstUse(g))
                LLVMDeleteGlobal(g);
            continue;
        }
        if ((rc = undefined_variable(p, g)) != 0)
            break;
        if (!window_kind(p, g, &kind))
            continue;
        if (p->out->nglobals >= GPUMC_IR_MAXSLOTS) {
            rc = ir_fail(p, "%s: error: unsupported: more than %d shared or device variables",
                      p->out->srcs[0].file, GPUMC_IR_MAXSLOTS);
            break;
        }
        ir_global *q = &p->out->globals[p->out->nglobals];
        size_t len;
        const char *mangled = LLVMGetValueName2(g, &len);
        ir_var_name(mangled, q->name, sizeof q->name);
        q->linkable = LLVMGetLinkage(g) == LLVMExternalLinkage && !LLVMIsDeclaration(g) &&
                      len == strlen(q->name) && !memcmp(mangled, q->name, len);
        q->kind = kind;
        q->in_reach = used_in_reach(p, g);
        q->no_initialiser = kind == IR_G_CONST && q->in_reach &&
                            LLVMIsNull(LLVMGetInitializer(g)) &&
                            declared_with_initialiser(p, q->name) != 1;
        q->size = kind == IR_G_DYNSHARED ? 0 : LLVMABISizeOfType(p->td, LLVMGlobalGetValueType(g));
        element_of(p, LLVMGlobalGetValueType(g), q);
        if ((kind == IR_G_CONST || kind == IR_G_DEVICE) && q->elem_kind == IR_P_AGG)
            constant_struct_layout(p, LLVMGlobalGetValueType(g), q);
        /* every extern __shared__ array is the one dynamic buffer, named
         * after the first that the kernel itself uses */
        if (kind == IR_G_DYNSHARED && dyn_slot >= 0) {
            q->slot = (unsigned)dyn_slot;
            if (!dyn_named && used_in_reach(p, g)) {
                memcpy(p->out->globals[dyn_slot].name, q->name, sizeof q->name);
                dyn_named = 1;
            }
        } else {
            q->slot = p->out->nglobals;
            if (kind == IR_G_DYNSHARED) {
                dyn_slot = (int)q->slot;
                dyn_named = used_in_reach(p, g);
            }
        }
        moved[p->out->nglobals++] = g;
    }
    init_ctx ic = {moved, p->out->nglobals, 0, {0}};
    for (unsigned i = 0; i < p->out->nglobals && !rc; i++) {
        ir_global *q = &p->out->globals[i];
        ic.global = i;
        if (q->kind != IR_G_DYNSHARED)
            rc = copy_init(p, &ic, moved[i], q);
    }
    if (!rc)
        rc = emit_fnrelocs(p, &ic.addrs);
    for (unsigned i = 0; i < p->out->nglobals && !rc; i++) {
        LLVMValueRef g = moved[i];
        unsigned long long addr =
            GPUMC_IR_VBASE + (unsigned long long)p->out->globals[i].slot * GPUMC_IR_VSLOT;
        LLVMReplaceAllUsesWith(g, LLVMConstIntToPtr(c64(p, addr), LLVMTypeOf(g)));
        LLVMDeleteGlobal(g);
    }
    free(ic.addrs.v);
    free(moved);
    free(gs.v);
    return rc;
}

/* ---- driver ------------------------------------------------------------------ */

/* GPU calling conventions mean nothing on the host: every function and
 * call uses C's. */
static void host_calls(LLVMValueRef f)
{
    LLVMSetFunctionCallConv(f, LLVMCCallConv);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsACallInst(i))
                LLVMSetInstructionCallConv(i, LLVMCCallConv);
}

static void drop_target_attrs(pass *p)
{
    static const char *const attrs[] = {"target-cpu", "target-features", "frame-pointer"};
    for (LLVMValueRef f = LLVMGetFirstFunction(p->m); f; f = LLVMGetNextFunction(f)) {
        for (unsigned i = 0; i < sizeof attrs / sizeof attrs[0]; i++)
            LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, attrs[i],
                                             (unsigned)strlen(attrs[i]));
        host_calls(f);
    }
}

/* The kernel's module was compiled for the GPU, where every symbol is the
 * module's own (dso_local): in the harness's shared object that holds only
 * if they are hidden -- a vtable of a class with virtual functions would
 * otherwise need a relocation a shared object cannot have. */
static void hide_definitions(pass *p)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(p->m); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f) && LLVMGetLinkage(f) != LLVMInternalLinkage &&
            LLVMGetLinkage(f) != LLVMPrivateLinkage)
            LLVMSetVisibility(f, LLVMHiddenVisibility);
    for (LLVMValueRef g = LLVMGetFirstGlobal(p->m); g; g = LLVMGetNextGlobal(g))
        if (!LLVMIsDeclaration(g) && LLVMGetLinkage(g) != LLVMInternalLinkage &&
            LLVMGetLinkage(g) != LLVMPrivateLinkage)
            LLVMSetVisibility(g, LLVMHiddenVisibility);
}

/* Instructions in fn's body. */
static unsigned body_size(LLVMValueRef fn)
{
    unsigned n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            n++;
    return n;
}

/* Direct calls of fn. */
static unsigned call_sites(LLVMValueRef fn)
{
    unsigned n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        n += LLVMIsACallInst(user) && LLVMGetCalledValue(user) == fn;
    }
    return n;
}

#define INLINE_BUDGET 50000 /* instructions a helper may add by being inlined everywhere */

/* The user's helpers are inlined wherever the inliner can, as nvcc does:
 * a finding inside one then names the call it came through ("called from
 * f (k.cu:7:5)"), which a helper left as a function cannot say.  Not a
 * kernel (OpenCL may call one), not one the user marked noinline, not one
 * of gpumc's headers (they say what must be inlined: __forceinline__, and
 * their locations are the user's call site anyway), and not one whose
 * copies would add more than INLINE_BUDGET instructions (the inliner's
 * own judgement then stands). */
static void inline_user_helpers(pass *p)
{
    unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
    unsigned never = LLVMGetEnumAttributeKindForName("noinline", 8);
    for (LLVMValueRef fn = LLVMGetFirstFunction(p->m); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || is_kernel(p, fn) ||
            LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, never) ||
            LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, always))
            continue;
        LLVMMetadataRef sp = LLVMGetSubprogram(fn);
        LLVMMetadataRef file = sp ? LLVMDIScopeGetFile(sp) : NULL;
        unsigned len = 0;
        const char *name = file ? LLVMDIFileGetFilename(file, &len) : NULL;
        if (!name || !len || in_prelude(p, file, name, len))
            continue;
        unsigned calls = call_sites(fn);
        if (calls < 2 || (uint64_t)calls * body_size(fn) > INLINE_BUDGET)
            continue;
        LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                LLVMCreateEnumAttribute(p->cx, always, 0));
    }
}

static int run_passes(pass *p, const char *pipeline)
{
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(p->m, pipeline, NULL, o);
    LLVMDisposePassBuilderOptions(o);
    if (!e)
        return 0;
    char *msg = LLVMGetErrorMessage(e);
    int rc = ir_fail(p, "internal error: LLVM passes: %s", msg);
    LLVMDisposeErrorMessage(msg);
    return rc;
}

static int load_module(pass *p, const char *bc_path)
{
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(bc_path, &buf, &msg)) {
        int rc = ir_fail(p, "internal error: cannot read %s: %s", bc_path, msg ? msg : "");
        LLVMDisposeMessage(msg);
        return rc;
    }
    int bad = LLVMParseBitcodeInContext2(p->cx, buf, &p->m);
    LLVMDisposeMemoryBuffer(buf);
    if (bad)
        return ir_fail(p, "internal error: cannot parse the bitcode clang wrote");
    LLVMSetTarget(p->m, "x86_64-pc-linux-gnu");
    LLVMSetDataLayout(p->m, host_layout);
    if (!p->td)
        p->td = LLVMGetModuleDataLayout(p->m);
    return 0;
}

static void init_types(pass *p)
{
    p->i1 = LLVMInt1TypeInContext(p->cx);
    p->i8 = LLVMInt8TypeInContext(p->cx);
    p->i32 = LLVMInt32TypeInContext(p->cx);
    p->i64 = LLVMInt64TypeInContext(p->cx);
    p->vd = LLVMVoidTypeInContext(p->cx);
    p->i8p = LLVMPointerType(p->i8, 0);
    p->i8pp = LLVMPointerType(p->i8p, 0);
    p->i64p = LLVMPointerType(p->i64, 0);
}

/* Record inst's location as the thread's last (an assume(1) in the
 * adapter: no event). */
static void mark_at(pass *p, LLVMValueRef inst)
{
    where w;
    if (locate(p, inst, &w) != 0)
        return;
    LLVMPositionBuilderBefore(p->b, inst);
    LLVMValueRef a[] = {ir_c32(p, 1), ir_c32(p, ir_src(p, inst))};
    ir_call(p, RT_ASSUME, a, 2);
}

#define RET_PATH_MAX 8 /* blocks a return's cleanup dispatch may take */

/* The value of v on the path being followed: a constant, or a phi of a
 * block already passed whose value is in phis/vals.  0 if unknown. */
static int path_value(LLVMValueRef v, const LLVMValueRef *phis, const long long *vals, int n,
                      long long *out)
{
    if (LLVMIsAConstantInt(v)) {
        *out = LLVMConstIntGetSExtValue(v);
        return 1;
    }
    for (int i = n - 1; i >= 0; i--)
        if (phis[i] == v) {
            *out = vals[i];
            return 1;
        }
    return 0;
}

/* The successor a switch takes for value v. */
static LLVMBasicBlockRef switch_target(LLVMValueRef sw, long long v)
{
    unsigned ncases = (LLVMGetNumOperands(sw) - 2) / 2; /* cond, default, (value, dest)... */
    for (unsigned j = 0; j < ncases; j++)
        if (LLVMConstIntGetSExtValue(LLVMGetOperand(sw, 2 + 2 * j)) == v)
            return LLVMValueAsBasicBlock(LLVMGetOperand(sw, 3 + 2 * j));
    return LLVMGetSwitchDefaultDest(sw);
}

/* Does control entering block x from block `from` reach rb doing nothing
 * on the way?  The blocks passed may hold only phis and a branch or switch
 * whose way is known from them: the cleanup dispatch clang emits when a
 * return leaves a scope (a phi naming why the scope is left, switched on). */
static int reaches_ret(LLVMBasicBlockRef from, LLVMBasicBlockRef x, LLVMBasicBlockRef rb)
{
    LLVMValueRef phis[32];
    long long vals[32];
    int n = 0;
    for (int step = 0; step < RET_PATH_MAX; step++) {
        if (x == rb)
            return 1;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(x), i;
        int had = n;
        for (i = LLVMGetFirstInstruction(x); term && i != term; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsAPHINode(i))
                return 0;
            for (unsigned k = 0; k < LLVMCountIncoming(i); k++)
                if (LLVMGetIncomingBlock(i, k) == from && n < 32 &&
                    path_value(LLVMGetIncomingValue(i, k), phis, vals, had, &vals[n]))
                    phis[n++] = i;
        }
        LLVMBasicBlockRef next = NULL;
        long long v;
        if (term && LLVMGetInstructionOpcode(term) == LLVMBr && !LLVMIsConditional(term))
            next = LLVMGetSuccessor(term, 0);
        else if (term && LLVMGetInstructionOpcode(term) == LLVMSwitch &&
                 path_value(LLVMGetOperand(term, 0), phis, vals, n, &v))
            next = switch_target(term, v);
        if (!next)
            return 0;
        from = x;
        x = next;
    }
    return 0;
}

/* Is bb's branch an explicit `return;` to rb (the ret block at line
 * `line`, reached directly or as reaches_ret says)?  Its branch carries
 * the statement's line.  (A conditional branch to rb cannot tell
 * `if (c) return;` from an `if` the kernel's end follows.) */
static int return_edge(LLVMBasicBlockRef bb, LLVMBasicBlockRef rb, unsigned line)
{
    LLVMValueRef br = LLVMGetBasicBlockTerminator(bb);
    LLVMMetadataRef from = br ? LLVMInstructionGetDebugLoc(br) : NULL;
    return br && LLVMGetInstructionOpcode(br) == LLVMBr && !LLVMIsConditional(br) && from &&
           LLVMDILocationGetLine(from) != line && reaches_ret(bb, LLVMGetSuccessor(br, 0), rb);
}

/* Block x no longer has `from` as a predecessor: its phis forget it (the
 * C API cannot remove an incoming value, so each phi is rebuilt). */
static void drop_incoming(pass *p, LLVMBasicBlockRef x, LLVMBasicBlockRef from)
{
    for (LLVMValueRef i = LLVMGetFirstInstruction(x); i && LLVMIsAPHINode(i);) {
        LLVMValueRef next = LLVMGetNextInstruction(i);
        LLVMPositionBuilderBefore(p->b, i);
        LLVMValueRef phi = LLVMBuildPhi(p->b, LLVMTypeOf(i), "");
        for (unsigned k = 0; k < LLVMCountIncoming(i); k++) {
            LLVMValueRef v = LLVMGetIncomingValue(i, k);
            LLVMBasicBlockRef b = LLVMGetIncomingBlock(i, k);
            if (b != from)
                LLVMAddIncoming(phi, &v, &b, 1);
        }
        LLVMReplaceAllUsesWith(i, phi);
        LLVMInstructionEraseFromParent(i);
        i = next;
    }
}

/* A thread's end is reported where its kernel returns, not at its last
 * memory access.  clang sends every `return;` (its branch carries the
 * statement's line) and the fall off the end (the closing brace) to one
 * `ret void` block: each explicit return gets a `ret void` of its own, at
 * its line, and every ret is marked. */
static void mark_returns(pass *p, LLVMValueRef kernel)
{
    LLVMBasicBlockRef last = LLVMGetLastBasicBlock(kernel);
    for (LLVMBasicBlockRef rb = LLVMGetFirstBasicBlock(kernel); rb; rb = LLVMGetNextBasicBlock(rb)) {
        LLVMValueRef ret = LLVMGetBasicBlockTerminator(rb);
        if (!ret || LLVMGetInstructionOpcode(ret) != LLVMRet)
            continue;
        LLVMMetadataRef at = LLVMInstructionGetDebugLoc(ret);
        int alone = LLVMGetFirstInstruction(rb) == ret && LLVMGetNumOperands(ret) == 0;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(kernel); alone && at && bb;
             bb = bb == last ? NULL : LLVMGetNextBasicBlock(bb)) {
            if (!return_edge(bb, rb, LLVMDILocationGetLine(at)))
                continue;
            LLVMValueRef br = LLVMGetBasicBlockTerminator(bb);
            LLVMBasicBlockRef to = LLVMGetSuccessor(br, 0);
            LLVMBasicBlockRef own = LLVMAppendBasicBlockInContext(p->cx, kernel, "return.at");
            LLVMPositionBuilderAtEnd(p->b, own);
            LLVMValueRef r = LLVMBuildRetVoid(p->b);
            LLVMInstructionSetDebugLoc(r, LLVMInstructionGetDebugLoc(br));
            LLVMSetSuccessor(br, 0, own);
            drop_incoming(p, to, bb);
        }
        mark_at(p, ret);
    }
}

static int add_reached(pass *p, LLVMValueRef f)
{
    if (!f || !LLVMIsAFunction(f) || reached(p, f))
        return 0;
    LLVMValueRef *r = realloc(p->reach, sizeof *r * (p->nreach + 1));
    if (!r)
        return -1;
    p->reach = r;
    p->reach[p->nreach++] = f;
    return 0;
}

/* Is f used other than as the callee of a call (its address taken)? */
static int address_taken(LLVMValueRef f)
{
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != f)
            return 1;
    }
    return 0;
}

/* The functions the kernel may run: reached by direct calls from it or
 * from the postconditions, or whose address is taken (called through a
 * pointer, maybe). */
static int find_reach(pass *p, LLVMValueRef kernel)
{
    int rc = add_reached(p, kernel) | add_reached(p, LLVMGetNamedFunction(p->m, IR_POST_KERNEL));
    for (LLVMValueRef f = LLVMGetFirstFunction(p->m); f && !rc; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f) && address_taken(f))
            rc = add_reached(p, f);
    for (unsigned k = 0; k < p->nreach && !rc; k++)
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->reach[k]); bb && !rc;
             bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !rc; i = LLVMGetNextInstruction(i))
                if (LLVMIsACallInst(i))
                    rc = add_reached(p, LLVMGetCalledValue(i));
    return rc ? ir_fail(p, "out of memory") : 0;
}

/* f without its body: a declaration (the C API has no call for it). */
static void delete_body(LLVMValueRef f)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind)
                LLVMReplaceAllUsesWith(i, LLVMGetUndef(LLVMTypeOf(i)));
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
            next = LLVMGetNextInstruction(i);
            LLVMInstructionEraseFromParent(i); /* branches too: no block is used now */
        }
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f), next; bb; bb = next) {
        next = LLVMGetNextBasicBlock(bb);
        LLVMDeleteBasicBlock(bb);
    }
    LLVMSetLinkage(f, LLVMExternalLinkage); /* a declaration's only linkage */
    LLVMSetComdat(f, NULL);
}

/* Is v used by nothing but constants nothing uses (what the instructions
 * of a deleted body, or a deleted llvm.used list, leave behind)? */
static int only_dead_constants_use(LLVMValueRef v)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAConstant(user) || LLVMIsAGlobalValue(user) ||
            !only_dead_constants_use(user))
            return 0;
    }
    return 1;
}

/* Code the kernel cannot run (the file's other kernels, another instance
 * of a template) is neither instrumented nor compiled: a file of many big
 * kernels costs what the one checked costs.  Unreached functions are
 * called only by unreached functions (find_reach), so once every body is
 * gone none is used and all can go. */
static void drop_unreached(pass *p)
{
    vec dead = {0};
    for (LLVMValueRef f = LLVMGetFirstFunction(p->m); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f) && !reached(p, f) &&
            strncmp(LLVMGetValueName2(f, &(size_t){0}), "__gpumc_", 8) && !ir_vec_push(&dead, f))
            delete_body(f);
    for (unsigned i = 0; i < dead.n; i++)
        if (!LLVMGetFirstUse(dead.v[i]))
            LLVMDeleteFunction(dead.v[i]);
    free(dead.v);
    /* The shared variables only those functions used: each CTA's shared
     * memory is the checked kernel's (another kernel's array overlaid on
     * it would take the blame for an access before the kernel's own). */
    for (LLVMValueRef g = LLVMGetFirstGlobal(p->m), next; g; g = next) {
        next = LLVMGetNextGlobal(g);
        if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3 && only_dead_constants_use(g)) {
            LLVMReplaceAllUsesWith(g, LLVMGetUndef(LLVMTypeOf(g)));
            LLVMDeleteGlobal(g);
        }
    }
}

/* A C99 `inline` definition (neither static nor extern) promises an
 * external definition elsewhere, which a kernel file never has; OpenCL
 * compilers take it as the definition.  Made the module's own, a call the
 * optimiser does not inline still links. */
static void own_inline_definitions(pass *p)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(p->m); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f) && LLVMGetLinkage(f) == LLVMAvailableExternallyLinkage)
            LLVMSetLinkage(f, LLVMInternalLinkage);
}

/* The texture references bound while instrumenting, by their names. */
static int describe_texrefs(pass *p)
{
    unsigned n = p->texrefs.n;
    p->out->texrefs = calloc(n ? n : 1, sizeof *p->out->texrefs);
    if (!p->out->texrefs)
        return ir_fail(p, "out of memory");
    p->out->ntexrefs = n;
    for (unsigned j = 0; j < n; j++) {
        ir_param *q = &p->out->texrefs[j];
        ir_var_name(LLVMGetValueName2(p->texrefs.v[j], &(size_t){0}), q->name, sizeof q->name);
        q->kind = IR_P_PTR;
        q->size = 8;
        q->texture = IR_TEX_OBJECT;
    }
    return 0;
}

static int instrument_all(pass *p, LLVMValueRef kernel)
{
    int rc = describe_params(p, kernel);
    if (!rc)
        find_required(p, kernel);
    if (!rc)
        rc = find_reach(p, kernel);
    if (!rc) {
        drop_unreached(p);
        own_inline_definitions(p);
    }
    for (LLVMValueRef f = LLVMGetFirstFunction(p->m); f && !rc; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f) && strncmp(LLVMGetValueName2(f, &(size_t){0}), "__gpumc_ir_", 11)) {
            p->in_reach = reached(p, f);
            rc = instrument_function(p, f);
        }
    for (LLVMValueRef f = LLVMGetFirstFunction(p->m); f && !rc; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            rc = add_spins(p, f);
    if (!rc && p->lang != FE_LANG_SCOPED_C)
        mark_returns(p, kernel);
    if (!rc)
        rc = move_globals(p);
    if (!rc)
        rc = build_entry(p, kernel, "__gpumc_ir_entry");
    LLVMValueRef post = LLVMGetNamedFunction(p->m, IR_POST_KERNEL);
    if (!rc && post)
        rc = build_entry(p, post, "__gpumc_ir_post_entry");
    if (!rc)
        rc = describe_texrefs(p);
    p->out->has_post = post != NULL;
    /* (an async copy's barrier orders no memory) */
    p->out->mem_barriers = p->rt[RT_BARRIER_MEM] != NULL || p->rt[RT_CLCOPY] != NULL;
    p->out->access_log = p->rt[RT_ACCESSED] != NULL;
    p->out->device_heap |= p->rt[RT_MALLOC] != NULL;
    return rc;
}

/* Link the postcondition module (ir_lower.c writes it) into the kernel's. */
#define LINK_WHY_MAX 512

/* What LLVM's linker says is wrong (two definitions of one symbol),
 * kept for the message instead of printed: ctx is a LINK_WHY_MAX buffer. */
static void link_diagnostic(LLVMDiagnosticInfoRef di, void *ctx)
{
    char *why = (char *)ctx;
    if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || why[0])
        return;
    char *msg = LLVMGetDiagInfoDescription(di);
    snprintf(why, LINK_WHY_MAX, "%s", msg ? msg : "");
    LLVMDisposeMessage(msg);
}

/* Link the module at path (the postconditions, or another file of the
 * program) into the kernel's. */
static int link_module(pass *p, const char *path, const char *what)
{
    LLVMModuleRef main = p->m;
    p->m = NULL;
    int rc = load_module(p, path);
    LLVMModuleRef other = p->m;
    p->m = main;
    if (rc)
        return rc;
    char why[LINK_WHY_MAX] = "";
    LLVMContextSetDiagnosticHandler(p->cx, link_diagnostic, why);
    int failed = LLVMLinkModules2(main, other);
    LLVMContextSetDiagnosticHandler(p->cx, NULL, NULL);
    if (!failed)
        return 0;
    /* "Linking globals named '_Z7slot_ofii': symbol multiply defined!" */
    const char *q = strstr(why, "named '"), *e = q ? strchr(q + 7, '\'') : NULL;
    if (e) {
        char mangled[256], user[256];
        snprintf(mangled, sizeof mangled, "%.*s", (int)(e - q - 7), q + 7);
        ir_demangle(mangled, user, sizeof user);
        return ir_fail(p, "%s: error: cannot link %s: '%s' is defined in more than one of "
                       "them", p->out->srcs[0].file, what, user);
    }
    return ir_fail(p, "%s: error: cannot link %s: %s", p->out->srcs[0].file, what,
                   why[0] ? why : "the linker refused it");
}

int ir_instrument(const ir_job *job, ir_result *out, fe_diag *d)
{
    memset(out, 0, sizeof *out);
    pass p = {0};
    p.lang = job->lang;
    p.out = out;
    out->lang = job->lang;
    p.d = d;
    p.prelude_dir = job->prelude_dir;
    p.volatile_relaxed = job->volatile_relaxed;
    if (!getcwd(p.cwd, sizeof p.cwd))
        p.cwd[0] = '\0';
    p.cx = LLVMContextCreate();
    p.b = LLVMCreateBuilderInContext(p.cx);
    init_types(&p);
    add_src(&p, intern(&p, job->user_file, strlen(job->user_file)), 0, 0, NULL, NULL); /* entry 0 */
    int rc = load_module(&p, job->bc_path);
    if (!rc) /* not the temporary copy's or wrapper's name: the bitcode is a cache key */
        LLVMSetSourceFileName(p.m, job->user_file, strlen(job->user_file));
    LLVMValueRef k = NULL;
    for (int k = 0; k < job->nlink && !rc; k++)
        rc = link_module(&p, job->link_bc[k], "the program's other files");
    if (!rc && job->post_bc)
        rc = link_module(&p, job->post_bc, "the postconditions");
    if (!rc) /* before inlining: a helper's returns are its own only until then */
        rc = ir_post_move(&p);
    if (!rc) {
        inline_user_helpers(&p);
        rc = run_passes(&p, "function(sroa),cgscc(inline),function(sroa,mem2reg)");
    }
    /* (after inlining: a helper's locals are main's now, its calls gone) */
    if (!rc && p.lang == FE_LANG_SCOPED_C && ir_share_main_locals(p.m) < 0)
        rc = ir_fail(&p, "out of memory");
    if (!rc)
        ir_split_lanes(p.m, p.b);
    if (!rc)
        rc = find_kernel(&p, job->kernel, &k);
    if (!rc)
        rc = ir_other_resolve(&p, k);
    if (!rc)
        rc = instrument_all(&p, k);
    if (!rc) {
        drop_target_attrs(&p);
        hide_definitions(&p);
        LLVMStripModuleDebugInfo(p.m);
        LLVMMemoryBufferRef mb = LLVMWriteBitcodeToMemoryBuffer(p.m);
        out->bclen = LLVMGetBufferSize(mb);
        out->bc = malloc(out->bclen);
        if (out->bc)
            memcpy(out->bc, LLVMGetBufferStart(mb), out->bclen);
        else
            rc = ir_fail(&p, "out of memory");
        LLVMDisposeMemoryBuffer(mb);
    }
    if (p.m)
        LLVMDisposeModule(p.m);
    free(p.reach);
    free(p.texrefs.v);
    LLVMDisposeBuilder(p.b);
    LLVMContextDispose(p.cx);
    return rc ? d->code : 0;
}

void ir_result_free(ir_result *r)
{
    free(r->bc);
    for (unsigned i = 0; i < r->nparams; i++)
        free(r->params[i].fields);
    free(r->params);
    free(r->texrefs);
    for (unsigned i = 0; i < r->nglobals; i++) {
        free(r->globals[i].init);
        free(r->globals[i].fields);
    }
    free(r->globals);
    free(r->fnrelocs);
    free(r->srcs);
    for (unsigned i = 0; i < r->nstrings; i++)
        free(r->strings[i]);
    free(r->strings);
    memset(r, 0, sizeof *r);
}
