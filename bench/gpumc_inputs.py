#!/usr/bin/env python3
"""Run gpumc over GPUMC's own inputs and compare with what GPUMC recorded.

    bench/gpumc_inputs.py CHECKOUT [--gpumc build/gpumc] [--under input/examples]
                          [--timeout 60] [--jobs 2] [--json out.jsonl] [--genmc-suite]

CHECKOUT is a checkout of GPUMC's public repository
(0Ccipher/gpuMem-race-detection); nothing of it is kept here.  Every .c file
under CHECKOUT/UNDER is checked with `gpumc --format=json --liveness=ignore`
(GPUMC never runs with -check-liveness).  Where a directory has a cop.sh
(GPUMC's run script: one `genmc ... FILE.c` line per run), the run's GenMC
flags are translated (--disable-race-detection: --races=ignore,
--disable-barrier-divergence: --divergence=ignore), and where it also has an
*exec.dat table (one row per run, in the same order, the execution count
last), GPUMC's count is the reference.  The Dat3M litmus tests are compared
with the verdicts of GPUMC's litmus harness (test.results.csv: error or
not), with --races=ignore, as that harness only warns about races.

A file is
  agree      gpumc explored everything without error and counted what GPUMC
             counted;
  disagree   gpumc verified with another count (a litmus test: another
             verdict);
  error      gpumc found an error; GPUMC, like GenMC, stops at its first
             error, so its count is either every execution or those up to
             its first error: compare the verdicts by hand;
  no-ref     no recorded count to compare with (the verdict is listed);
  rejected   gpumc could not lower or run it (exit 5, 7, or a signal);
  timeout    gpumc did not finish within --timeout.

With --genmc-suite, the files are instead the test suite GPUMC inherits from
GenMC (CHECKOUT/tests, or UNDER when given): every variants/*.c of a test
directory is run with --model=rc11 --no-commute (GenMC explores commuting
atomics in every order) and --liveness=ignore unless the test asks for
-check-liveness (in its genmc.rc11.mo.in, the flags of all its runs, or in
a line of args.rc11.mo.in), once per line of args.rc11.mo.in (the compiler flags
after `|` go after `--`, a relative -I resolved as GenMC's build directory
CHECKOUT/build would); under correct/ the reference
is the count on the same line of expected.rc11.mo.in (0 means every
execution is blocked: gpumc's "incomplete" with 0 executions agrees), under
wrong/ it is an error.
Tests whose GenMC flags change the semantics (-lapor, -persevere, -helper,
-unroll=N, also given by a test's unroll.in, ...) keep them in the listing but the reference
is dropped (no-ref).  A wrong/ test is "agree" when gpumc finds an error,
"disagree" when it verifies.

Prints one line per file and a summary; exit 0.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import subprocess


def runs_of(directory):
    """[(file, flags, count)] from cop.sh and the *exec.dat table, in order."""
    script = os.path.join(directory, "cop.sh")
    tables = sorted(glob.glob(os.path.join(directory, "*exec.dat")))
    if not os.path.exists(script):
        return []
    runs = []
    for line in open(script, errors="replace"):
        if "genmc" not in line or line.lstrip().startswith("#"):
            continue
        m = re.search(r"(\S+\.c)\b", line)
        if m:
            runs.append((os.path.join(directory, m.group(1)), line))
    counts = []
    for row in open(tables[0], errors="replace") if tables else []:
        cols = row.split()
        if cols and re.fullmatch(r"\d+", cols[-1]):
            counts.append(int(cols[-1]))
    return [(f, flags, counts[i] if i < len(counts) else None)
            for i, (f, flags) in enumerate(runs)]


def gpumc_flags(genmc_line):
    flags = ["--liveness=ignore"]  # GPUMC never runs with -check-liveness
    if "--disable-race-detection" in genmc_line:
        flags.append("--races=ignore")
    if "--disable-barrier-divergence" in genmc_line:
        flags.append("--divergence=ignore")
    return flags


# GenMC flags under which a GenMC count is still RC11's count of complete
# executions with races checked.
NEUTRAL_GENMC_FLAGS = {"-check-consistency-type=full", "-check-consistency-point=exec",
                       "-check-consistency-point=step", "-disable-race-detection",
                       "-check-liveness", "-mo"}


def genmc_runs(checkout, directory):
    """[(gpumc flags, compiler flags, neutral?, expected count or None)]: one
    per line of args.rc11.mo.in (a test without it is one plain run), with
    the flags of genmc.rc11.mo.in, the count from the same line of
    expected.rc11.mo.in."""
    path = os.path.join(directory, "args.rc11.mo.in")
    lines = open(path, errors="replace").read().splitlines() if os.path.exists(path) else [""]
    lines = [l for l in lines if l.strip()] or [""]
    expected = os.path.join(directory, "expected.rc11.mo.in")
    counts = open(expected, errors="replace").read().split() if os.path.exists(expected) else []
    # genmc.rc11.mo.in: the test's own GenMC flags, for each of its runs
    extra = os.path.join(directory, "genmc.rc11.mo.in")
    extra = open(extra, errors="replace").read().split() if os.path.exists(extra) else []
    # unroll.in: GenMC's test runner passes -unroll=N (bounded loops) for it
    unroll = os.path.join(directory, "unroll.in")
    if os.path.exists(unroll):
        extra.append("-unroll=" + open(unroll, errors="replace").read().strip())
    runs = []
    for i, line in enumerate(lines):
        tool, _, cc = line.partition("|")
        tool = extra + tool.split()
        cc = [("-I" + os.path.normpath(os.path.join(checkout, "build", a[2:])))
              if a.startswith("-I") and not os.path.isabs(a[2:]) else a for a in cc.split()]
        flags = ["--races=ignore"] if "-disable-race-detection" in tool else []
        if "-check-liveness" not in tool:
            flags.append("--liveness=ignore")
        count = int(counts[i]) if i < len(counts) and counts[i].isdigit() else None
        runs.append((flags, cc, all(t in NEUTRAL_GENMC_FLAGS for t in tool), count))
    return runs


def genmc_suite_jobs(checkout, root):
    """[(file, flags, ref)]: ref is a count (correct/), "error" (wrong/) or None."""
    jobs = []
    for variant in sorted(glob.glob(os.path.join(root, "**", "variants", "*.c"), recursive=True)):
        variant = os.path.normpath(variant)
        test = os.path.dirname(os.path.dirname(variant))
        wrong = "wrong" in os.path.relpath(test, checkout).split(os.sep)
        for flags, cc, neutral, count in genmc_runs(checkout, test):
            flags = ["--model=rc11", "--no-commute"] + flags + (["--"] + cc if cc else [])
            ref = None
            if neutral:
                ref = "error" if wrong else count
            jobs.append((variant, flags, ref))
    return jobs


def check(gpumc, path, flags, timeout):
    # compiler flags (after "--") go last
    cc = flags[flags.index("--"):] if "--" in flags else []
    tool = flags[:len(flags) - len(cc)]
    cmd = [gpumc, "--format=json", "--timeout=%d" % timeout] + tool + [path] + cc
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 60)
    except subprocess.TimeoutExpired:
        return {"rc": None, "status": "timeout"}
    out = {"rc": p.returncode}
    try:
        j = json.loads(p.stdout)
        out["status"] = j.get("status")
        out["verdict"] = j.get("verdict")
        out["complete"] = j.get("counts", {}).get("complete")
        out["why"] = j.get("incomplete_reason")
        out["findings"] = [f.get("message", "") for f in j.get("findings") or []]
        if j.get("error"):
            out["status"] = "rejected"
            out["message"] = j["error"].get("message", "").strip()[:200]
    except ValueError:
        out["status"] = "rejected"
        out["message"] = ((p.stderr or p.stdout).strip().splitlines() or [""])[0][:200]
    return out


def classify(res, ref):
    st = res.get("status")
    if res.get("rc") not in (0, 3, 42) or st in (None, "rejected"):
        return "rejected"
    if st == "timeout" or (st == "incomplete" and "timeout" in (res.get("why") or "")):
        return "timeout"
    if ref is None:
        return "no-ref"
    if ref == 0 and res.get("complete") == 0 and st == "incomplete":
        return "agree"  # every execution blocked (by assume), as the reference says
    if ref == "error":
        return {"error": "agree", "verified": "disagree"}.get(st, "no-ref")
    if ref == "verified":
        return {"verified": "agree", "error": "disagree"}.get(st, "no-ref")
    if st == "verified":
        return "agree" if res.get("complete") == ref else "disagree"
    return "error" if st == "error" else "no-ref"


def litmus_refs(root):
    """{file: "error" | "verified"} from the litmus harness's test.results.csv
    (GPUMC's test-transc.py: one `NAME,1|0` line per test, 1 when GenMC exited
    42; test NAME is the file litmus-tests/NAME-with-/-as-_.c).  That harness
    runs without --stop-on-race, where GPUMC only warns about races, so its
    verdicts are about everything but races: gpumc runs these with
    --races=ignore."""
    refs = {}
    for csv in glob.glob(os.path.join(root, "**", "test.results.csv"), recursive=True):
        tests = os.path.join(os.path.dirname(csv), "litmus-tests")
        for row in open(csv, errors="replace"):
            name, _, bit = row.strip().rpartition(",")
            if name and bit in ("0", "1"):
                f = os.path.normpath(os.path.join(tests, name.replace("/", "_") + ".c"))
                refs[f] = "error" if bit == "1" else "verified"
    return refs


def gpumc_input_jobs(root):
    """[(file, flags, ref)] for GPUMC's inputs: ref is its recorded count, or
    its verdict for a litmus test."""
    known = {}
    for script in glob.glob(os.path.join(root, "**", "cop.sh"), recursive=True):
        for f, line, count in runs_of(os.path.dirname(script)):
            known[os.path.normpath(f)] = (gpumc_flags(line), count)
    for f, verdict in litmus_refs(root).items():
        known[f] = (["--liveness=ignore", "--races=ignore"], verdict)
    files = sorted(os.path.normpath(f)
                   for f in glob.glob(os.path.join(root, "**", "*.c"), recursive=True))
    return [(f,) + known.get(f, (["--liveness=ignore"], None)) for f in files]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkout")
    ap.add_argument("--gpumc", default=os.path.join(os.path.dirname(__file__), "..", "build",
                                                    "gpumc"))
    ap.add_argument("--under")
    ap.add_argument("--genmc-suite", action="store_true")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json")
    a = ap.parse_args()
    root = os.path.join(a.checkout, a.under or ("tests" if a.genmc_suite else "input/examples"))
    jobs = genmc_suite_jobs(a.checkout, root) if a.genmc_suite else gpumc_input_jobs(root)

    def one(job):
        f, flags, ref = job
        res = check(a.gpumc, f, flags, a.timeout)
        return f, flags, ref, classify(res, ref), res

    tally = {}
    out = open(a.json, "w") if a.json else None
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for f, flags, ref, kind, res in ex.map(one, jobs):
            tally[kind] = tally.get(kind, 0) + 1
            name = os.path.relpath(f, a.checkout)
            cc = " ".join(flags[flags.index("--") + 1:]) if "--" in flags else ""
            print("%-9s %-70s gpumc: %s, %s executions; GPUMC: %s" % (
                kind, name + (" " + cc if cc else ""), res.get("verdict") or res.get("status"),
                res.get("complete"), "-" if ref is None else ref))
            if out:
                out.write(json.dumps({"file": name, "flags": flags, "gpumc_ref": ref,
                                      "class": kind, **res}) + "\n")
    if out:
        out.close()
    print("summary: " + ", ".join("%s %d" % kv for kv in sorted(tally.items())))


if __name__ == "__main__":
    main()
