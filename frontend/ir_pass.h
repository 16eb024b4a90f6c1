/*
 * ir_pass.h -- the instrumentation pass: kernel bitcode in, harness-ready
 * bitcode out (LLVM C API).
 *
 * ir_instrument() loads the bitcode clang made of the user's file
 * (ir_clang.h), inlines and promotes private variables to registers, and
 * rewrites every access that may touch shared state into a call of the
 * __gpumc_ir_* adapter (frontend/include/rt/gpumc_irrt.h), which forwards it
 * to the harness ABI with the access's source location:
 *  - loads and stores not provably private (a private object is an alloca
 *    or a constant global), split into 1/2/4/8-byte pieces;
 *  - atomicrmw, cmpxchg, fence, memcpy/memmove/memset;
 *  - calls of the gpumc intrinsics of gpumc_ir.h (and the NVVM intrinsics
 *    clang emits for CUDA builtins);
 *  - every loop header gets an await check (gpumc_spin) over the loop's
 *    SSA state, so a loop that only re-reads shared memory blocks.
 * Shared (__shared__, __local), device (__device__, global) and dynamic
 * shared variables move to a virtual address window: each is given slot k
 * at GPUMC_IR_VBASE + k * GPUMC_IR_VSLOT, which the adapter maps to the
 * region of the accessing thread's CTA (or the one device region).
 * The kernel gets an entry __gpumc_ir_entry(void **args) that loads each
 * parameter from args[i], so the C glue needs no knowledge of the target
 * calling convention.  Errors are values: 0, or 5 with a message
 * ("file:line:col: error: unsupported: ...") in diag.
 */
#ifndef GPUMC_IR_PASS_H
#define GPUMC_IR_PASS_H

#include <stddef.h>
#include <stdint.h>

#include "fe.h"

#define GPUMC_IR_VBASE 0x3e0000000000ull
#define GPUMC_IR_VSLOT (1ull << 32)
#define GPUMC_IR_MAXSLOTS 256

/* IR_G_TLS: a scoped-C thread-local variable (__thread, _Thread_local):
 * one copy per thread, which the adapter keeps on the thread's stack.
 * IR_G_CONST: a CUDA __constant__ variable, one read-only region. */
typedef enum ir_gkind {
    IR_G_DEVICE = 0, IR_G_SHARED, IR_G_DYNSHARED, IR_G_TLS, IR_G_CONST
} ir_gkind;

typedef enum ir_pkind { IR_P_INT = 0, IR_P_FLOAT, IR_P_PTR, IR_P_AGG } ir_pkind;

/* A variable in the virtual window. */
typedef struct ir_global {
    char name[128];      /* as the user wrote it */
    uint64_t size;       /* bytes (dynamic shared: 0, the launch decides) */
    ir_gkind kind;
    unsigned slot;
    unsigned char *init; /* size bytes of initial contents, or NULL: zero */
    ir_pkind elem_kind;  /* its scalar, or its arrays' innermost element */
    unsigned elem_size;  /* bytes of one (1 for structs) */
    int elem_fp16;       /* IR_FP16_*: an array of __half / __nv_bfloat16 (or pairs) */
    int linkable;        /* external, under the name the user wrote: a postcondition
                            can declare and read it */
    int in_reach;        /* used by the code the checked kernel can run */
    int no_initialiser;  /* an IR_G_CONST in reach, all zeros, declared without
                            "= ..." (or not known): the host's copy is not known */
    /* IR_G_CONST made of structs: the scalar members of one (malloc'd, NULL
     * when the layout is not flat numbers) and its size with padding */
    struct ir_field *fields;
    unsigned nfields, struct_size;
} ir_global;

/* A kernel parameter. */
/* A scalar member of a struct passed by value (nested structs and arrays
 * flattened), in layout order: what `--arg s=v1,v2,...` fills. */
typedef struct ir_field {
    unsigned offset, size;
    ir_pkind kind;       /* IR_P_INT, IR_P_FLOAT or IR_P_PTR */
    unsigned elem_size;  /* IR_P_PTR: bytes of what it points to (1 when unknown) */
    int has_required;    /* IR_P_INT: the kernel's __requires demand `s.f == required` */
    long long required;
} ir_field;
#define IR_MAX_FIELDS 1024

enum { IR_TEX_OBJECT = 1, IR_SURF_OBJECT = 2 };
enum { IR_FP16_HALF = 1, IR_FP16_BF16 = 2 };
typedef struct ir_param {
    char name[128];
    ir_pkind kind;
    unsigned size;       /* bytes of the parameter itself */
    ir_pkind elem_kind;  /* pointers: what they point to */
    unsigned elem_size;  /* pointers: bytes of one element (0: unknown, 1) */
    int elem_fp16;       /* pointers to CUDA's __half / __nv_bfloat16 (or their pairs):
                            IR_FP16_HALF / IR_FP16_BF16, their values read so */
    int local;           /* OpenCL __local pointer: one buffer per CTA */
    int texture;         /* IR_TEX_OBJECT / IR_SURF_OBJECT: a CUDA texture or surface
                            object (a pointer to gpumc_texture.h's descriptor) */
    ir_field *fields;    /* IR_P_AGG: its scalar members (malloc'd; NULL when */
    unsigned nfields;    /* the layout has more than IR_MAX_FIELDS or unknowns) */
    int has_required;    /* IR_P_INT: the kernel's __requires demand `name == required` */
    long long required;
    char required_fn[256]; /* IR_P_PTR: ... `name == function` (its IR name), or "" */
    int unused;          /* the kernel never reads it (after inlining): any value will do */
    int read;            /* IR_P_PTR: the kernel may read what it points to (ir_reads.h) */
    char cxx_default[48]; /* IR_P_INT, IR_P_FLOAT: its C++ default argument, a literal
                            (ir_defaults.h), or "" */
} ir_param;

typedef struct ir_srcloc {
    const char *file;    /* points into ir_result.strings */
    unsigned line, col;
    const char *func;    /* the enclosing function's name, or NULL (strings) */
    const char *callers; /* "called from f (k.cu:7:5)..." when inlined, or NULL */
    int vkind;           /* its accesses' values: 0 none yet, IR_VALUE_* */
    unsigned vsize;      /* 0, or the size of the values when narrower than the
                            accesses (a float shuffled through 8 bytes) */
    int is_volatile;     /* a volatile load or store is here */
} ir_srcloc;
enum { IR_VALUE_FLOAT = 1, IR_VALUE_INT = 2, IR_VALUE_POINTER = 3 };

typedef struct ir_result {
    void *bc;            /* instrumented bitcode (malloc'd) */
    size_t bclen;
    char kernel[256];    /* the kernel's name as the user writes it */
    ir_param *params; unsigned nparams;
    ir_param *texrefs; unsigned ntexrefs; /* texture references the kernel fetches
                            through (IR_TEX_OBJECT): entry j of __gpumc_ir_texrefs */
    ir_global *globals; unsigned nglobals;
    ir_srcloc *srcs; unsigned nsrcs;
    int has_post;        /* __gpumc_ir_post_entry exists */
    int mem_barriers;    /* some barrier orders only some memory spaces */
    int access_log;      /* the program asks for threads' access logs (gpumc_accessed) */
    int device_heap;     /* the program allocates: CUDA device malloc, scoped-C malloc */
    int prints;          /* device code calls printf (CUDA's vprintf) */
    fe_lang lang;        /* the job's */
    char **strings; unsigned nstrings;
    /* functions without a definition taking and returning no pointers,
     * checked as returning zero and doing nothing else: "'f', 'g'" */
    char stubbed[512];
    /* the prelude's words on constructs at the user's lines (__gpumc_warn):
     * each text once, with where it was called ("k.cu:3:9", then more
     * places as "; 7:5" or "; other.cu:2:1") */
    struct ir_warning { char text[320]; char where[200]; } warnings[8];
    unsigned nwarnings;
    /* addresses the loader decides (functions, read-only data such as
     * string literals) in the variables' initial data: entry k's 8 bytes at
     * `off` in globals[global].init hold __gpumc_ir_fnrelocs[k] (an array
     * of those addresses in the bitcode), which the harness stores there
     * before it makes the regions */
    struct ir_fnreloc { unsigned global; unsigned long long off; } *fnrelocs;
    unsigned nfnrelocs;
} ir_result;

typedef struct ir_job {
    const char *bc_path;     /* clang's output */
    const char *user_file;   /* the kernel file as the user named it */
    const char *prelude_dir; /* locations in here belong to gpumc, not the user */
    const char *kernel;      /* --kernel, or NULL: the only kernel */
    fe_lang lang;            /* decides the address-space numbering */
    const char *post_bc;     /* NULL, or the postconditions' kernel (IR_POST_KERNEL) */
    int volatile_relaxed;    /* volatile accesses are relaxed atomics, sys (PTX) */
    const char *const *link_bc; /* the program's other files, compiled (--link) */
    int nlink;
} ir_job;

/* The kernel that checks --post conditions: it takes the checked kernel's
 * parameters; its entry is __gpumc_ir_post_entry(void **args). */
#define IR_POST_KERNEL "__gpumc_post"
/* The global of a --kernel='name<args>' wrapper that points at the kernel. */
#define IR_KERNEL_REF "__gpumc_kernel_ref"

int ir_instrument(const ir_job *job, ir_result *out, fe_diag *d);
void ir_result_free(ir_result *r);

#endif
