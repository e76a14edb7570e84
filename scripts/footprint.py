#!/usr/bin/env python3
"""Start-up time and memory of the Gomoku app against a hello-world Tauri app, in the same run.

Usage (under an X display, e.g. `xvfb-run -a`): footprint.py APP HELLO [RUNS]

Each run starts each app alternately (so both meet the same machine state) with its files in a
fresh folder and waits for `GOMOKU_READY` on its standard output: the page calls the shell's
`page_ready` command two animation frames after its first view is shown (for Gomoku: the board
drawn). That time, from the spawn, is the start-up time. After a further settle time the
proportional set size (PSS, /proc/PID/smaps_rollup) of the app and of every process it started
(WebKit's web and network processes) is summed. Medians are printed, with their ratio, and the
ratio of each back-to-back pair of starts.
"""

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

SETTLE_SECONDS = 3.0
READY_TIMEOUT = 60.0


def children_of(pid):
    """Every descendant of `pid`, from /proc."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            parents.setdefault(int(fields[1]), []).append(int(entry))
        except OSError:
            continue
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def pss_kib(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def name_of(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return "?"


def one_run(binary):
    """(start-up ms, {process name: PSS MiB}) of one start of `binary`."""
    data = tempfile.mkdtemp(prefix="footprint-")
    env = dict(os.environ, GOMOKU_DATA_DIR=data, GOMOKU_STARTUP_PROBE="1")
    started = time.monotonic()
    child = subprocess.Popen([binary], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, start_new_session=True, text=True)
    try:
        ready, marks = None, ""
        while time.monotonic() - started < READY_TIMEOUT:
            line = child.stdout.readline()
            if not line:
                break
            if line.startswith("GOMOKU_READY"):
                ready = (time.monotonic() - started) * 1000
                marks = line[len("GOMOKU_READY"):].strip()
                break
        if ready is None:
            raise SystemExit(f"{binary} never reported its first frame")
        time.sleep(SETTLE_SECONDS)
        memory = {}
        for pid in [child.pid] + children_of(child.pid):
            name = "app" if pid == child.pid else name_of(pid)
            memory[name] = memory.get(name, 0) + pss_kib(pid) / 1024
        if marks and marks != "null":
            page_marks = json.loads(marks)
            print("   page (ms since navigation): " + ", ".join(
                f"{k} {v:.0f}" if isinstance(v, (int, float)) else f"{k} {v}"
                for k, v in page_marks.items()), flush=True)
        return ready, memory
    finally:
        os.killpg(child.pid, signal.SIGTERM)
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()


def summary(label, results):
    times = [t for t, _ in results]
    totals = [sum(m.values()) for _, m in results]
    names = sorted({n for _, m in results for n in m})
    parts = ", ".join(
        f"{n} {statistics.median(m.get(n, 0) for _, m in results):.0f}" for n in names)
    print(f"{label:6} start → first frame: median {statistics.median(times):.0f} ms "
          f"(runs: {', '.join(f'{t:.0f}' for t in times)}); "
          f"PSS median {statistics.median(totals):.0f} MiB ({parts})")
    return statistics.median(times), statistics.median(totals)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    app, hello = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) == 4 else 5
    results = {"gomoku": [], "hello": []}
    for i in range(runs):
        for label, binary in (("gomoku", app), ("hello", hello)):
            ready, memory = one_run(binary)
            results[label].append((ready, memory))
            print(f"run {i + 1} {label:6} {ready:6.0f} ms  {sum(memory.values()):6.1f} MiB  "
                  + ", ".join(f"{n} {v:.1f}" for n, v in sorted(memory.items())), flush=True)
    g_time, g_mem = summary("gomoku", results["gomoku"])
    h_time, h_mem = summary("hello", results["hello"])
    print(f"ratio  memory {g_mem / h_mem:.2f} x hello world; start {g_time / h_time:.2f} x")
    # Each Gomoku start is followed by a hello-world start: a pair meets the same machine state,
    # so the pairs' ratios show how much of the spread is the machine's drift.
    pairs = [g / h for (g, _), (h, _) in zip(results["gomoku"], results["hello"])]
    print(f"pairs  start ratio median {statistics.median(pairs):.2f} x "
          f"(each pair: {', '.join(f'{r:.2f}' for r in pairs)})")


if __name__ == "__main__":
    main()
