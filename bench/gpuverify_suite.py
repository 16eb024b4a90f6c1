#!/usr/bin/env python3
"""Run gpumc over GPUVerify's test suite and compare with its expectations.

    bench/gpuverify_suite.py CHECKOUT [--gpumc build/gpumc] [--timeout 30]
                             [--jobs 2] [--max-local 128] [--json out.jsonl]
                             [--under OpenCL/atomics]

CHECKOUT is a checkout of GPUVerify (mc-imperial/gpuverify); nothing of it
is kept here.  Every kernel.cl / kernel.cu under CHECKOUT/testsuite starts
with GPUVerify's expectation and options:

    //pass                         or //xfail:NOT_ALL_VERIFIED (a race or a
    //--local_size=64 --num_groups=64  failed assertion), //xfail:<other>

gpumc checks a concrete launch, so the launch is cut down: at most
--max-local threads per group (the largest dimension halved until it fits)
and, along x, as many groups as keep the launch within twice that (at least
2; GPUVerify's sizes mostly exist to be symbolic).  A CUDA kernel is
checked with --cooperative: GPUVerify takes a grid's blocks to be resident
together, so its grid barriers are valid.  GPUVerify's --kernel-args (the
values of the scalar parameters) and --global_offset are passed on as they
are: gpumc takes both.
A kernel whose GPUVerify options change what is checked (--only-intra-group,
--equality-abstraction, --no-barrier-access-checks, --only-log, ...) is
listed as `flags`; its verdict is not compared.

A kernel is
  agree      pass and gpumc verified, or NOT_ALL_VERIFIED and gpumc found an
             error;
  missed     NOT_ALL_VERIFIED but gpumc verified (at this launch);
  false      pass but gpumc found an error;
  precondition  the cut-down launch breaks the kernel's __requires (exit 17:
             nothing verified; GPUVerify's own launch may meet it);
  rejected   gpumc could not run it (exit 5, 7, 17, or a signal) where
             GPUVerify accepts it;
  expected   GPUVerify rejects it (xfail other than NOT_ALL_VERIFIED);
  flags      GPUVerify options that change the question (see above);
  timeout    gpumc did not finish (or stopped incomplete).

Prints one line per kernel and a summary; exit 0.
"""
import argparse
import concurrent.futures
import glob
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpumc_inputs  # noqa: E402  (its check(): one gpumc run, JSON read back)

# GPUVerify options after which its verdict answers another question
CHANGING = ("--only-intra-group", "--equality-abstraction", "--no-barrier-access-checks",
            "--only-log", "--only-divergence", "--asymmetric-asserts", "--array-equalities",
            "--no-benign-tolerance", "--warp-sync", "--adversarial-abstraction",
            "--atomic=", "--no-annotations", "--only-requires", "--invariants-as-candidates")


def dims(text):
    """'64' or '[64,2]' or '64,2' -> [64, 2]."""
    return [int(v) for v in re.findall(r"\d+", text)] or [1]


def cut(ds, limit):
    ds = list(ds)
    while math.prod(ds) > limit:
        i = ds.index(max(ds))
        ds[i] = max(1, ds[i] // 2)
    return ds


def parse(path, max_local):
    """(expectation, gpumc flags, changing?) from a kernel's header."""
    lines = open(path, errors="replace").read().splitlines()[:2] + ["", ""]
    expect = lines[0][2:].strip() if lines[0].startswith("//") else "pass"
    opts = lines[1][2:].split() if lines[1].startswith("//") else []
    local, groups, changing, defines, given = [1], [1], False, [], []
    for o in opts:
        name, _, val = o.partition("=")
        if o.startswith("-D"):
            defines.append(o)
        elif name in ("--kernel-args", "--global_offset"):  # gpumc takes them as GPUVerify does
            given.append(o)
        elif name in ("--local_size", "--blockDim"):
            local = dims(val)
        elif name in ("--num_groups", "--gridDim"):
            groups = dims(val)
        elif name == "--global_size":
            groups = [max(1, g // max(1, l)) for g, l in zip(dims(val), local + [1, 1])]
        elif any(o.startswith(c) for c in CHANGING):
            changing = True
    local = cut(local, max_local)
    # at least 2 groups (inter-group races), more while the launch stays small
    groups = [min(groups[0], max(2, 2 * max_local // math.prod(local)))] + [1] * (len(groups) - 1)
    cuda = path.endswith(".cu")
    flags = ["--block=" if cuda else "--local-size=", "--grid=" if cuda else "--num-groups="]
    flags = [flags[0] + ",".join(map(str, local)), flags[1] + ",".join(map(str, groups))]
    if cuda:  # GPUVerify takes every CUDA grid's blocks to run together
        flags.append("--cooperative")
    return expect, flags + given + (["--"] + defines if defines else []), changing


def default_too_short(res):
    """The buffer a memory error says was left at its default length (one
    element per thread), and that length: GPUVerify's arrays are unbounded,
    so the run is repeated with it longer, as gpumc's hint says to."""
    for m in res.get("findings") or []:
        hit = re.search(r"'(\w+)' has the default length, one element per global thread "
                        r"\((\d+)\)", m)
        if hit:
            return hit.group(1), int(hit.group(2))
    return None


def run(gpumc, path, flags, timeout):
    """gpumc on the kernel (a scalar parameter GPUVerify treats symbolically
    gets gpumc's choice, or its --kernel-args value).  A buffer a memory
    error shows too short at its default length gets 4x that, once."""
    flags = list(flags)
    longer = set()
    for _ in range(16):
        res = gpumc_inputs.check(gpumc, path, flags, timeout)
        short = default_too_short(res)
        if not short or short[0] in longer:
            break
        longer.add(short[0])
        at = flags.index("--") if "--" in flags else len(flags)
        flags.insert(at, "--arg=%s=[%d]" % (short[0], 4 * short[1] + 64))
    res["flags"] = flags
    return res


def classify(expect, changing, res):
    if expect.startswith("xfail") and expect != "xfail:NOT_ALL_VERIFIED":
        return "expected"
    if changing:
        return "flags"
    st = res.get("status")
    if res.get("rc") == 17 and "precondition does not hold" in (res.get("message") or ""):
        return "precondition"
    if res.get("rc") not in (0, 3, 42) or st in (None, "rejected"):
        return "rejected"
    if st in ("timeout", "incomplete"):
        return "timeout"
    bug = expect == "xfail:NOT_ALL_VERIFIED"
    if st == "error":
        return "agree" if bug else "false"
    return "missed" if bug else "agree"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkout")
    ap.add_argument("--gpumc", default=os.path.join(os.path.dirname(__file__), "..", "build",
                                                    "gpumc"))
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-local", type=int, default=128)
    ap.add_argument("--json")
    ap.add_argument("--under", default="", help="a folder under CHECKOUT/testsuite")
    a = ap.parse_args()
    root = os.path.join(a.checkout, "testsuite", a.under)
    files = sorted(glob.glob(os.path.join(root, "**", "kernel.cl"), recursive=True) +
                   glob.glob(os.path.join(root, "**", "kernel.cu"), recursive=True))
    jobs = [(f,) + parse(f, a.max_local) for f in files]
    counts = {}
    out = open(a.json, "w") if a.json else None
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futs = [pool.submit(run, a.gpumc, f, flags, a.timeout) for f, _, flags, _ in jobs]
        for (f, expect, flags, changing), fut in zip(jobs, futs):
            res = fut.result()
            c = classify(expect, changing, res)
            counts[c] = counts.get(c, 0) + 1
            what = res.get("verdict") or (res.get("message") or "").splitlines()[0:1] or res.get("status")
            print("%-9s %-70s %s; GPUVerify: %s" % (c, os.path.relpath(f, a.checkout), what,
                                                  expect), flush=True)
            if out:
                out.write(json.dumps({"file": f, "class": c, "expect": expect, **res}) + "\n")
    print("summary: " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
