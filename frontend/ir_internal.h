/*
 * ir_internal.h -- what the instrumentation pass shares with its builtin
 * tables (ir_builtins.c): the pass state and the helpers that emit calls
 * of the adapter.  Not a public interface: only the pass's own modules
 * (ir_pass.c, ir_builtins.c, ir_clmath.c, ir_asm.c, ir_post.c, ir_other.c)
 * include it.
 */
#ifndef GPUMC_IR_INTERNAL_H
#define GPUMC_IR_INTERNAL_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "ir_pass.h"

/* NVPTX address spaces (CUDA and OpenCL are compiled for nvptx64). */
enum { AS_GENERIC = 0, AS_GLOBAL = 1, AS_SHARED = 3, AS_CONST = 4 };

/* The adapter functions of frontend/include/rt/gpumc_irrt.h. */
typedef enum rt_fn {
    RT_LOAD, RT_STORE, RT_RMW, RT_CAS, RT_FENCE, RT_BARRIER, RT_ASSERT, RT_ASSUME,
    RT_SREG, RT_MEMCPY, RT_MEMSET, RT_SPIN, RT_CLWI, RT_CLCOPY, RT_DIVISOR, RT_BARRIER_MEM,
    RT_CLWAIT, RT_REQUIRE, RT_ACCESSED, RT_OBJBASE, RT_UNSUPPORTED, RT_BAROBJ, RT_ITER, RT_PCHECK,
    RT_BARARRIVE, RT_BARWAIT, RT_ASSERT_WHAT, RT_MALLOC, RT_FREE, RT_ARGCHECK, RT_CPASYNC,
    RT_CPCOMMIT, RT_CPWAIT, RT_PAIRS_BEGIN, RT_PAIRS_NEXT, RT_OTHER_ENTER, RT_OTHER_LEAVE, RT_PRINTF,
    RT_N
} rt_fn;

/* A growing array of values (the owner frees v). */
typedef struct vec {
    LLVMValueRef *v;
    unsigned n, cap;
} vec;
int ir_vec_push(vec *s, LLVMValueRef x);

typedef struct pass {
    LLVMContextRef cx;
    LLVMModuleRef m;
    LLVMTargetDataRef td;
    LLVMBuilderRef b;
    LLVMTypeRef i1, i8, i32, i64, vd, i8p, i8pp, i64p;
    LLVMValueRef rt[RT_N];
    LLVMTypeRef rtty[RT_N];
    fe_lang lang;
    const char *prelude_dir;
    int volatile_relaxed;        /* ir_job.volatile_relaxed */
    char cwd[4096];      /* the working directory ("" if unknown): file names */
    ir_result *out;
    unsigned capsrcs, capstrings;
    unsigned nbarriers, nloops;
    /* the functions the checked kernel (and the postconditions) may run:
     * only theirs say what the source table's values are */
    LLVMValueRef *reach;
    unsigned nreach;
    int in_reach;        /* the function being instrumented is one of them */
    vec texrefs;         /* the texture references bound (their globals), in
                            the order of the harness's table */
    LLVMValueRef texref_table; /* that table, __gpumc_ir_texrefs (NULL: none yet) */
    fe_diag *d;
} pass;

/* Record the first error (code 5) and return 5. */
int ir_fail(pass *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "file:line:col: " of inst in the user's source (for messages). */
const char *ir_where(pass *p, LLVMValueRef inst, char *buf, size_t n);
/* A note shown with the verdict at inst's line: each text once, with all
 * its places (ir_result.warnings). */
void ir_warn_at(pass *p, LLVMValueRef inst, const char *text);
/* The source-table index of inst. */
unsigned ir_src(pass *p, LLVMValueRef inst);
/* The same without the call chain: one entry for every inlined copy of
 * the statement (what identifies a scoped-C barrier). */
unsigned ir_src_statement(pass *p, LLVMValueRef inst);
/* Call adapter function f with args (src already included). */
LLVMValueRef ir_call(pass *p, rt_fn f, LLVMValueRef *args, unsigned n);
LLVMValueRef ir_c32(pass *p, unsigned long long v);
LLVMValueRef ir_i8p(pass *p, LLVMValueRef ptr);
LLVMValueRef ir_to_i64(pass *p, LLVMValueRef v);
LLVMValueRef ir_from_i64(pass *p, LLVMValueRef v, LLVMTypeRef t);
unsigned ir_store_size(const pass *p, LLVMTypeRef t);
int ir_is_private(const pass *p, LLVMValueRef ptr);
/* Replace inst's uses by with (NULL: none) and erase it. */
void ir_replace(LLVMValueRef inst, LLVMValueRef with);
/* Replace a call of something gpumc cannot model by gpumc_unsupported: the
 * thread that reaches it stops the run there (exit 5, "unsupported: what"
 * at its line), so a kernel that never does -- another kernel of the file,
 * a helper nobody calls, a path the launch does not take -- is checked. */
int ir_stop_at_run_time(pass *p, LLVMValueRef call, const char *what);
#define IR_IMAGES_UNSUPPORTED \
    "images, samplers, pipes, textures and surfaces are not modelled"
/* GPUMC_RMW_UNUSED of the harness ABI: or'ed into an RMW's operation when
 * the program never uses its result. */
#define IR_RMW_UNUSED 0x100u
#define IR_CAS_UNUSED 0x100u /* gpumc_cas's weak: GPUMC_CAS_UNUSED */
/* Is v's value never used (no uses, or only by dead casts/extracts)? */
int ir_result_unused(LLVMValueRef v);
/* op, or'ed with IR_RMW_UNUSED when the result of `call` is never used. */
unsigned ir_rmw_op(unsigned op, LLVMValueRef call);

/* ir_builtins.c: a call of a language builtin the pass knows by name.
 * Returns 1 if handled (0 or an error recorded in p->d), 0 if not one. */
int ir_builtin_nvvm(pass *p, LLVMValueRef call, const char *name, int *rc);
int ir_builtin_opencl(pass *p, LLVMValueRef call, const char *name, int *rc);
/* Is call a query of the thread's ids or the launch's shape (threadIdx,
 * get_local_id, ...: what differs between threads only by their ids)? */
int ir_builtin_is_id(const pass *p, LLVMValueRef call);
/* Scoped C: __VERIFIER_*, pthread_*, exit/abort and the prelude's
 * compare-exchange become calls of the scoped-C adapter (gpumc_scrt.h). */
int ir_builtin_scopedc(pass *p, LLVMValueRef call, const char *name, int *rc);
/* ir_clmath.c: OpenCL numeric built-ins (convert_*, min/max/..., libm math);
 * 1 if the call was replaced. */
int ir_builtin_clmath(pass *p, LLVMValueRef call, const char *mangled);
/* Functions the native harness may call as they are (libm). */
int ir_native_ok(const char *name);

#endif
