#!/usr/bin/env python3
"""Cold-start CPU time of whole processes, interleaved, medians (docs/benchmarks.md "Cold start").

    scripts/cold-start.py N LABEL 'COMMAND' [LABEL 'COMMAND' ...]

Runs each command N times, one of each in turn (so a load change hits them all alike),
with stdout/stderr to /dev/null, and prints for each the median CPU time (user + system
from wait4, microsecond resolution, unlike /usr/bin/time's 10 ms), the median wall time
and the ratio of its CPU median to the first command's (give `node -e 0` first).
"""
import os
import shlex
import statistics
import sys
import time


def main() -> None:
    n = int(sys.argv[1])
    rest = sys.argv[2:]
    jobs = [(rest[i], shlex.split(rest[i + 1])) for i in range(0, len(rest), 2)]
    runs = {label: [] for label, _ in jobs}
    devnull = os.open(os.devnull, os.O_RDWR)
    for _ in range(n):
        for label, argv in jobs:
            t0 = time.perf_counter()
            pid = os.fork()
            if pid == 0:
                os.dup2(devnull, 1)
                os.dup2(devnull, 2)
                os.execvp(argv[0], argv)
            _, status, usage = os.wait4(pid, 0)
            runs[label].append((usage.ru_utime + usage.ru_stime, time.perf_counter() - t0, status))
    base = None
    for label, _ in jobs:
        cpu = statistics.median(r[0] for r in runs[label])
        wall = statistics.median(r[1] for r in runs[label])
        base = base or cpu
        failed = sum(1 for r in runs[label] if r[2] != 0)
        print(f"{label:16s} cpu {cpu * 1000:6.1f} ms  wall {wall * 1000:6.1f} ms  ratio {cpu / base:.2f}  n={n} failed={failed}")


if __name__ == "__main__":
    main()
