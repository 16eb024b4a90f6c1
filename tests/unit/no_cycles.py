#!/usr/bin/env python3
"""no_cycles.py SOURCE_DIR BUILD_DIR -- the checker's files form no cycles.

Includes: a module is a .c with its .h (the public headers under
checker/include/gpumc/ are modules of their own); an edge A -> B is a
#include "B.h" in A.  Calls: an edge A -> B is a global symbol that A's
object file uses and B's defines (nm), over the objects of the current
build (an object whose source no longer exists is stale and skipped).
Exit 0 when both graphs are acyclic; else each cycle is printed."""
import collections
import glob
import os
import re
import subprocess
import sys

SRC, BUILD = sys.argv[1], sys.argv[2]


def sccs(graph):
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in list(graph):
        if v not in index:
            visit(v)
    return out


def module(path):
    base = os.path.splitext(os.path.basename(path))[0]
    return ("gpumc/" + base) if "/include/gpumc/" in path else base


def include_graph():
    files = glob.glob(os.path.join(SRC, "checker/**/*.[ch]"), recursive=True)
    files += glob.glob(os.path.join(SRC, "models/*.[ch]"))
    known = {os.path.basename(f) for f in files}
    graph = collections.defaultdict(set)
    for f in files:
        with open(f, encoding="utf-8", errors="replace") as fh:
            for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', fh.read(), re.M):
                if os.path.basename(inc) not in known:
                    continue
                to = module(("/include/" if inc.startswith("gpumc/") else "/") + inc)
                if to != module(f):
                    graph[module(f)].add(to)
    return graph


def object_source(obj):
    """checker/cli/CMakeFiles/gpumc.dir/__/report/x.c.o -> SRC/checker/report/x.c"""
    rel = os.path.relpath(obj, BUILD)
    m = re.match(r"(.*?)/?CMakeFiles/[^/]+\.dir/(.*)\.o$", rel)
    if not m:
        return None
    inner = "/".join(".." if p == "__" else p for p in m.group(2).split("/"))
    return os.path.normpath(os.path.join(SRC, m.group(1), inner))


def call_graph():
    objs = []
    for d in ("checker", "models"):
        objs += glob.glob(os.path.join(BUILD, d, "**/*.c.o"), recursive=True)
    defs, uses = {}, collections.defaultdict(set)
    for o in objs:
        src = object_source(o)
        if not src or not os.path.exists(src):
            continue
        name = module(src)
        nm = subprocess.run(["nm", o], capture_output=True, text=True, check=True).stdout
        for line in nm.splitlines():
            p = line.split()
            if len(p) == 3 and p[1] in "TDBR":
                defs[p[2]] = name
            elif len(p) == 2 and p[0] == "U":
                uses[name].add(p[1])
    graph = collections.defaultdict(set)
    for f, syms in uses.items():
        for s in syms:
            if s in defs and defs[s] != f:
                graph[f].add(defs[s])
    return graph, len(uses)


def main():
    bad = 0
    inc = include_graph()
    if len(inc) < 20:
        print("no_cycles: found only %d modules with includes under %s" % (len(inc), SRC))
        return 1
    for c in sccs(inc):
        print("include cycle: " + " <-> ".join(c))
        bad = 1
    calls, nobj = call_graph()
    if nobj < 20:
        print("no_cycles: found only %d object files under %s (build first)" % (nobj, BUILD))
        return 1
    for c in sccs(calls):
        print("call cycle: " + " <-> ".join(c))
        bad = 1
    if not bad:
        print("no cycles: %d modules by include, %d by call" % (len(inc), nobj))
    return bad


sys.exit(main())
