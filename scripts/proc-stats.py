#!/usr/bin/env python3
"""Wall time, CPU time and peak RSS of whole processes, for scripts/benchmark.ts.

    scripts/proc-stats.py RUNS WARMUPS FRESH_DIR -- COMMAND [ARG ...] [::: COMMAND [ARG ...] ...]

Runs COMMAND WARMUPS + RUNS times (several commands: interleaved, one of each per
round), stdin from /dev/null, stdout to /dev/null, stderr kept for the last failure,
an argument "{fresh}" replaced by a path under FRESH_DIR that no run used before (when
FRESH_DIR is not "-"), and prints a JSON array with an
object per command: the wall, CPU (user + system) and peak RSS of every timed run, and the
first failure. Node has no getrusage for its children; wait4 gives CPU time at
microsecond resolution and ru_maxrss, the peak resident set of the child, which
is what the memory guard of docs/benchmarks.md is stated in. A spawned child counts the
pages it shared with this Python process until exec (about 10 MB), so a small process
reads about 10 MB; the benchmark subtracts an idle process measured the same way.

Outputs go to fresh paths and are removed by the caller after all runs, not between
them: on ext4, creating files shortly after deleting many makes the kernel skip over
recently freed inodes (`recently_deleted`), which was measured to raise a `-r` run's
system time from 0.06 s to 0.44 s. Users convert into a fresh or kept folder, not one
emptied a second before.
"""
import json
import os
import sys
import tempfile
import time


def run_once(argv: list, devnull: int) -> dict:
    err = tempfile.TemporaryFile()
    t0 = time.perf_counter()
    # posix_spawn (vfork-like in glibc) rather than fork: a 1,000-run loop then costs
    # what a shell loop costs per process, not the copy of this interpreter's pages.
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, devnull, 0),
        (os.POSIX_SPAWN_DUP2, devnull, 1),
        (os.POSIX_SPAWN_DUP2, err.fileno(), 2),
    ])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    err.seek(0)
    tail = err.read().decode("utf-8", "replace").strip().splitlines()[-1:]
    return {
        "wallMs": wall * 1000,
        "cpuMs": (usage.ru_utime + usage.ru_stime) * 1000,
        # Linux reports ru_maxrss in kilobytes
        "maxRssBytes": usage.ru_maxrss * 1024,
        "status": os.waitstatus_to_exitcode(status),
        "stderr": tail[0] if tail else "",
    }


def main() -> None:
    runs, warmups, fresh = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    if sys.argv[4] != "--":
        sys.exit("proc-stats.py: expected -- before the command")
    # Several commands separated by ::: run in turn, one of each per round, so that a
    # change of the machine's load hits them alike (their ratios are what is compared).
    commands, current = [], []
    for arg in sys.argv[5:]:
        if arg == ":::":
            commands.append(current)
            current = []
        else:
            current.append(arg)
    commands.append(current)
    devnull = os.open(os.devnull, os.O_RDWR)
    timed = [[] for _ in commands]
    failures = [None for _ in commands]
    for i in range(warmups + runs):
        for k, argv in enumerate(commands):
            if failures[k] is not None:
                continue
            if fresh != "-":
                path = os.path.join(fresh, f"{k}-{i}")
                argv = [path if a == "{fresh}" else a for a in argv]
            r = run_once(argv, devnull)
            if r["status"] != 0:
                failures[k] = f"exit {r['status']}: {r['stderr']}"
            elif i >= warmups:
                timed[k].append(r)
    print(json.dumps([{
        "wallMs": [r["wallMs"] for r in rs],
        "cpuMs": [r["cpuMs"] for r in rs],
        "maxRssBytes": [r["maxRssBytes"] for r in rs],
        "failure": failure,
    } for rs, failure in zip(timed, failures)]))


if __name__ == "__main__":
    main()
