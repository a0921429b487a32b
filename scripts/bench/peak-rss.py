#!/usr/bin/env python3
"""Runs a command and prints "<wall seconds> <peak RSS KiB>" to the file named by -o (as GNU time -f "%e %M" does),
where the peak is the largest SUM of VmRSS over the command and all its descendants (MemAnalyzer's isolated analysis
child included), sampled every 20 ms from /proc, or the largest single descendant's own peak (getrusage) when that is
larger (a process shorter than one sample). GNU time reports only the largest single process it waited for.
The wall time ends when the command is reaped (not at the next sample), in milliseconds: start-up rows take ~70 ms.

    peak-rss.py -o OUTFILE command [args...]
"""
import os
import resource
import subprocess
import sys
import threading
import time


def children_map():
    """Every process's children, from a scan of /proc: the fallback where /proc/<pid>/task/<tid>/children is missing."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
            # The command name is in parentheses and may hold spaces: the parent pid is the second field after it.
            ppid = int(stat[stat.rindex(b")") + 2:].split()[1])
            parents.setdefault(ppid, []).append(int(entry))
        except (OSError, ValueError, IndexError):
            continue
    return parents


HAVE_CHILDREN_FILES = os.path.exists(f"/proc/self/task/{os.getpid()}/children")


def children_of(pid):
    """The children of one process, from its threads' children files: a few reads per sample, where a scan of
    /proc read every process's stat (~100 files every 20 ms) and took CPU from the measured command."""
    children = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{tid}/children") as f:
                    children.extend(int(c) for c in f.read().split())
            except OSError:
                continue
    except OSError:
        pass
    return children


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_rss(root):
    parents = None if HAVE_CHILDREN_FILES else children_map()
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += rss_kib(pid)
        stack.extend(children_of(pid) if parents is None else parents.get(pid, []))
    return total


def main():
    if len(sys.argv) < 4 or sys.argv[1] != "-o":
        sys.stderr.write("usage: peak-rss.py -o OUTFILE command [args...]\n")
        return 2
    out, command = sys.argv[2], sys.argv[3:]
    start = time.monotonic()
    process = subprocess.Popen(command)
    peak = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], tree_rss(process.pid))
            done.wait(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    returncode = process.wait()
    seconds = time.monotonic() - start
    done.set()
    sampler.join()
    # Every descendant has been reaped by now (MemAnalyzer waits for its child): the largest one's own peak, in KiB.
    largest = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    with open(out, "w") as f:
        f.write(f"{seconds:.3f} {max(peak[0], largest)}\n")
    return returncode


if __name__ == "__main__":
    sys.exit(main())
