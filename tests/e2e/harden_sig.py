#!/usr/bin/env python3
"""harden_sig.py -- signal checks for harden_test.sh (a Python parent, so
that gpumc starts with default signal dispositions, which a background job
of a script would not have).

  harden_sig.py clean SIG DELAY OUT -- GPUMC ARGS...
      send SIG after DELAY s; print "<exit> <seconds after the signal>";
      stdout goes to OUT
  harden_sig.py twice DELAY OUT -- GPUMC ARGS...
      two SIGINTs 0.3 s apart (the second must end gpumc at once)
  harden_sig.py dup SIG DELAY OUT -- GPUMC ARGS...
      SIG twice back to back, as timeout(1) sends it (one request: the
      run must still end cleanly, with its report)
  harden_sig.py orphans SIG DELAY OUT -- GPUMC ARGS...
      send SIG to the parent only once its workers run; print the number of
      workers still alive 2 s after the parent ended
"""
import os, signal, subprocess, sys, time


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def main():
    mode = sys.argv[1]
    rest = sys.argv[2:]
    dash = rest.index("--")
    params, cmd = rest[:dash], rest[dash + 1:]
    sig = getattr(signal, params[0]) if mode != "twice" else signal.SIGINT
    delay = float(params[-2])
    out = open(params[-1], "w")
    p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
    time.sleep(delay)
    workers = children(p.pid)
    t = time.time()
    p.send_signal(sig)
    if mode == "twice":
        time.sleep(0.3)
        p.send_signal(signal.SIGINT)
    if mode == "dup":
        time.sleep(0.002) # the first one handled before the second comes
        p.send_signal(sig)
    try:
        p.wait(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    took = time.time() - t
    if mode == "orphans":
        time.sleep(2)
        left = [w for w in workers if alive(w)]
        for w in left:
            os.kill(w, signal.SIGKILL)
        print(f"{len(workers)} {len(left)}")
    else:
        print(f"{p.returncode} {took:.2f}")


main()
