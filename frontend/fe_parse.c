/*
 * fe_parse.c -- libclang parsing with the embedded preludes.
 * See fe_parse.h for the contract.
 */
#include "fe_parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_prelude.h"

#define MAX_ARGS 64

static int lang_args(fe_lang lang, const char **a)
{
    int n = 0;
    if (lang == FE_LANG_CUDA) {
        static const char *const cuda[] = {
            "-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
            "--cuda-gpu-arch=sm_70", "-std=c++17",
            "-Wno-unknown-cuda-version", "-isystem", "/__gpumc__/cuda",
            "-include", "gpumc_cuda.h", NULL };
        for (; cuda[n]; n++)
            a[n] = cuda[n];
    } else if (lang == FE_LANG_OPENCL) {
        static const char *const cl[] = {
            "-x", "cl", "-cl-std=CL2.0", "-isystem", "/__gpumc__/opencl",
            "-include", "gpumc_opencl.h", NULL };
        for (; cl[n]; n++)
            a[n] = cl[n];
    } else {
        static const char *const c[] = {
            "-x", "c", "-std=gnu11", "-isystem", "/__gpumc__/c",
            "-include", "gpumc_c.h", NULL };
        for (; c[n]; n++)
            a[n] = c[n];
    }
    a[n++] = "-ferror-limit=20";
    a[n++] = "-Wno-everything"; /* warnings are not ours to report */
    return n;
}

/* ---- diagnostics ------------------------------------------------------ */

typedef struct span {
    CXFile file;
    unsigned b, e;
} span;

typedef struct host_bodies {
    span v[256];
    int n;
} host_bodies;

/* flags: 1 = has a device/global attribute, 2 = has a body */
static enum CXChildVisitResult attr_cb(CXCursor c, CXCursor p, CXClientData d)
{
    (void)p;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CUDADeviceAttr || k == CXCursor_CUDAGlobalAttr)
        *(int *)d = 1;
    if (k == CXCursor_CompoundStmt)
        *(int *)d |= 2;
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult host_cb(CXCursor c, CXCursor p, CXClientData d)
{
    (void)p;
    host_bodies *hb = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
        return CXChildVisit_Recurse;
    if (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate)
        return CXChildVisit_Continue;
    int flags = 0;
    clang_visitChildren(c, attr_cb, &flags);
    if ((flags & 1) || !(flags & 2) || hb->n == 256)
        return CXChildVisit_Continue;
    CXSourceRange r = clang_getCursorExtent(c);
    span *s = &hb->v[hb->n++];
    clang_getFileLocation(clang_getRangeStart(r), &s->file, NULL, NULL, &s->b);
    clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &s->e);
    return CXChildVisit_Continue;
}

static int in_host_body(const host_bodies *hb, CXSourceLocation l)
{
    CXFile f = NULL;
    unsigned off = 0;
    clang_getFileLocation(l, &f, NULL, NULL, &off);
    for (int i = 0; f && i < hb->n; i++)
        if (clang_File_isEqual(hb->v[i].file, f) && hb->v[i].b <= off &&
            off < hb->v[i].e)
            return 1;
    return 0;
}

static void append_diag(fe_diag *d, const char *s, const fe_pp *pp,
                        CXDiagnostic dg)
{
    size_t len = strlen(d->msg);
    if (len + 8 >= sizeof d->msg)
        return;
    char buf[1024];
    CXFile f = NULL;
    unsigned line = 0, col = 0;
    CXSourceLocation l = clang_getDiagnosticLocation(dg);
    clang_getFileLocation(l, &f, &line, &col, NULL);
    if (f) {
        /* columns of the user's text; file and line as #line presents them */
        CXString fn = clang_getFileName(f);
        const char *fs = clang_getCString(fn);
        CXString pf;
        unsigned pl = 0;
        clang_getPresumedLocation(l, &pf, &pl, NULL);
        CXString txt = clang_getDiagnosticSpelling(dg);
        snprintf(buf, sizeof buf, "%s:%u:%u: error: %s", clang_getCString(pf), pl,
                 fe_pp_col(pp, fs ? fs : "", line, col), clang_getCString(txt));
        clang_disposeString(fn);
        clang_disposeString(pf);
        clang_disposeString(txt);
        s = buf;
    }
    snprintf(d->msg + len, sizeof d->msg - len, "%s%s", len ? "\n" : "", s);
}

/* Collect clang's errors into diag; returns the number of errors kept. */
static int collect_errors(CXTranslationUnit tu, fe_lang lang, fe_diag *d,
                          const fe_pp *pp)
{
    host_bodies hb;
    hb.n = 0;
    if (lang == FE_LANG_CUDA)
        clang_visitChildren(clang_getTranslationUnitCursor(tu), host_cb, &hb);
    int nerr = 0;
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic dg = clang_getDiagnostic(tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
        int keep = sev >= CXDiagnostic_Error &&
                   (sev == CXDiagnostic_Fatal ||
                    !in_host_body(&hb, clang_getDiagnosticLocation(dg)));
        if (keep && nerr < 5) {
            CXString s = clang_formatDiagnostic(
                dg, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn);
            append_diag(d, clang_getCString(s), pp, dg);
            clang_disposeString(s);
        }
        nerr += keep;
        clang_disposeDiagnostic(dg);
    }
    if (nerr)
        d->code = 5;
    return nerr;
}

/* ---- parsing ---------------------------------------------------------- */

/* Unsaved files: the preludes, the rewritten files, and `extra` (which
 * replaces a rewritten file of the same name). */
static int build_unsaved(const fe_pp *pp, const struct CXUnsavedFile *extra,
                         struct CXUnsavedFile *u, int max)
{
    int n = 0;
    for (int i = 0; i < fe_nprelude_files && n < max; i++, n++) {
        u[n].Filename = fe_prelude_files[i].path;
        u[n].Contents = fe_prelude_files[i].text;
        u[n].Length = fe_prelude_files[i].len;
    }
    for (int i = 0; pp && i < pp->n && n < max; i++) {
        if (extra && !strcmp(extra->Filename, pp->files[i].path))
            continue;
        u[n].Filename = pp->files[i].path;
        u[n].Contents = pp->files[i].text;
        u[n].Length = pp->files[i].len;
        n++;
    }
    if (extra && n < max)
        u[n++] = *extra;
    return n;
}

static int parse_once(const fe_options *opt, fe_lang lang, CXIndex index,
                      const fe_pp *pp, const struct CXUnsavedFile *extra,
                      CXTranslationUnit *tu)
{
    const char *args[MAX_ARGS + 16];
    int na = lang_args(lang, args);
    for (int i = 0; i < opt->nclang_args && na < MAX_ARGS + 15; i++)
        args[na++] = opt->clang_args[i];
    struct CXUnsavedFile u[64];
    int nu = build_unsaved(pp, extra, u, 64);
    unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord |
                     CXTranslationUnit_KeepGoing;
    enum CXErrorCode rc = clang_parseTranslationUnit2(
        index, opt->input, args, na, u, (unsigned)nu, flags, tu);
    return rc == CXError_Success ? 0 : -1;
}

static int reparse_rewritten(const fe_options *opt, fe_lang lang,
                             fe_parsed *out)
{
    fe_pp pp;
    if (fe_pp_rewrite(out->tu, &pp) < 0) {
        fe_pp_free(&pp);
        return -1;
    }
    if (pp.n == 0) {
        fe_pp_free(&pp);
        return 0;
    }
    CXTranslationUnit tu2 = NULL;
    fe_diag scratch;
    memset(&scratch, 0, sizeof scratch);
    if (parse_once(opt, lang, out->index, &pp, NULL, &tu2) < 0 ||
        collect_errors(tu2, lang, &scratch, &pp) > 0) {
        /* keep the first parse: operators in macros will be reported */
        if (tu2)
            clang_disposeTranslationUnit(tu2);
        fe_pp_free(&pp);
        return 0;
    }
    clang_disposeTranslationUnit(out->tu);
    out->tu = tu2;
    out->pp = pp;
    return 0;
}

int fe_parse(const fe_options *opt, fe_lang lang, fe_parsed *out,
             fe_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->index = clang_createIndex(0, 0);
    if (parse_once(opt, lang, out->index, NULL, NULL, &out->tu) < 0) {
        diag->code = 5;
        snprintf(diag->msg, sizeof diag->msg,
                 "%s: error: cannot parse the file (does it exist and is it readable?)",
                 opt->input);
        return 5;
    }
    if (collect_errors(out->tu, lang, diag, NULL) > 0)
        return 5;
    if (reparse_rewritten(opt, lang, out) < 0) {
        diag->code = 5;
        snprintf(diag->msg, sizeof diag->msg, "%s: error: out of memory",
                 opt->input);
        return 5;
    }
    return 0;
}

void fe_parsed_free(fe_parsed *p)
{
    if (p->tu)
        clang_disposeTranslationUnit(p->tu);
    if (p->index)
        clang_disposeIndex(p->index);
    fe_pp_free(&p->pp);
    free(p->appended);
    memset(p, 0, sizeof *p);
}

int fe_parse_append(const fe_options *opt, fe_lang lang, fe_parsed *p,
                    const char *text, fe_diag *diag)
{
    size_t size = 0;
    CXFile f = clang_getFile(p->tu, opt->input);
    const char *cur = f ? clang_getFileContents(p->tu, f, &size) : NULL;
    char *all = cur ? malloc(size + strlen(text) + 1) : NULL;
    if (!all) {
        diag->code = 5;
        snprintf(diag->msg, sizeof diag->msg, "%s: error: cannot read the file again",
                 opt->input);
        return 5;
    }
    memcpy(all, cur, size);
    strcpy(all + size, text);
    struct CXUnsavedFile extra = { opt->input, all, (unsigned long)strlen(all) };
    CXTranslationUnit tu = NULL;
    int rc = parse_once(opt, lang, p->index, &p->pp, &extra, &tu);
    if (rc < 0 || collect_errors(tu, lang, diag, &p->pp) > 0) {
        if (rc < 0)
            snprintf(diag->msg, sizeof diag->msg, "%s: error: cannot parse the file",
                     opt->input);
        diag->code = 5;
        if (tu)
            clang_disposeTranslationUnit(tu);
        free(all);
        return 5;
    }
    clang_disposeTranslationUnit(p->tu);
    p->tu = tu;
    free(p->appended);
    p->appended = all; /* libclang may keep pointing into unsaved contents */
    return 0;
}
