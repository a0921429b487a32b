#!/usr/bin/env bash
# The leak-tracking loop: measure one process N times and append each measurement to one CSV, to chart later.
#
#   scripts/leak-track.sh [options] (--pid <pid> | --start "<command>") [-- <MemAnalyzer switches>]
#
# Target (one of):
#   --pid <pid>          watch a running .NET process
#   --start "<command>"  start the command as the target (its stdin/stdout are the script's to drive); killed at the end
#     --ready <prefix>   with --start: wait until the target prints a line starting with <prefix> before iteration 1
#     --send <line>      with --start: write <line> to the target's stdin at each iteration (one test step)
#     --ack <prefix>     with --send: wait until the target answers with a line starting with <prefix>
# Loop:
#   -n <N>               iterations (default 10)
#   --step "<command>"   run this shell command before each measurement; $ITERATION and $TARGET_PID are set
#   --interval <s>       seconds to wait between iterations when there is no --step or --send (default 1)
#   --gc                 force a full GC in the target before each measurement (MemAnalyzer -gc)
#   -o <file.csv>        the CSV to append to (default leak.csv)
# After the loop:
#   the trend report of the CSV is printed (MemAnalyzer -trend <file.csv>)
#   --html <file.html>   also write the trend report with charts
#   --fail-on-growth <B> exit 60 when the heap or a type grows faster than B bytes per iteration (a CI gate)
# Everything after "--" goes to MemAnalyzer unchanged (default: -dtn "5000;N#200" -live).
# Each iteration runs: MemAnalyzer -pid <pid> -o <file> -context "iteration <i>" -silent <switches>
# MEMANALYZER may name the MemAnalyzer command; by default the installed MemAnalyzer on PATH, else the Release build of
# this checkout (built if missing).
set -euo pipefail

usage() { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-1}"; }
fail() { echo "error: $*" >&2; exit 1; }

pid="" start="" ready="" send="" ack="" step="" iterations=10 interval=1 gc=0 output="leak.csv" html="" limit=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --pid) pid="${2:?--pid needs a pid}"; shift 2 ;;
        --start) start="${2:?--start needs a command}"; shift 2 ;;
        --ready) ready="${2:?}"; shift 2 ;;
        --send) send="${2:?}"; shift 2 ;;
        --ack) ack="${2:?}"; shift 2 ;;
        --step) step="${2:?}"; shift 2 ;;
        -n) iterations="${2:?-n needs a number}"; shift 2 ;;
        --interval) interval="${2:?}"; shift 2 ;;
        --gc) gc=1; shift ;;
        -o) output="${2:?-o needs a file}"; shift 2 ;;
        --html) html="${2:?--html needs a file}"; shift 2 ;;
        --fail-on-growth) limit="${2:?--fail-on-growth needs bytes per iteration}"; shift 2 ;;
        -h|--help) usage 0 ;;
        --) shift; break ;;
        *) fail "unknown option '$1' (see $0 --help)" ;;
    esac
done
switches=("$@")
[[ ${#switches[@]} -gt 0 ]] || switches=(-dtn "5000;N#200" -live)
[[ -n "$pid" || -n "$start" ]] || fail "give the target: --pid <pid> or --start \"<command>\""
[[ -z "$pid" || -z "$start" ]] || fail "give either --pid or --start, not both"
[[ -z "$send$ack$ready" || -n "$start" ]] || fail "--send, --ack and --ready drive a target started with --start"
[[ "$iterations" =~ ^[0-9]+$ && "$iterations" -gt 0 ]] || fail "-n $iterations is not a positive number"

if [[ -n "${MEMANALYZER:-}" ]]; then
    read -r -a memanalyzer <<< "$MEMANALYZER"
elif command -v MemAnalyzer >/dev/null 2>&1; then
    # The installed tool (scripts/install.sh) on PATH; the checkout's build only where none is installed.
    memanalyzer=(MemAnalyzer)
else
    root="$(cd "$(dirname "$0")/.." && pwd)"
    dll="$root/MemAnalyzer/bin/Release/net10.0/MemAnalyzer.dll"
    [[ -f "$dll" ]] || dotnet build "$root/MemAnalyzer/MemAnalyzer.csproj" -c Release --nologo -v q >/dev/null
    memanalyzer=(dotnet "$dll")
fi

# Reads the target's output until a line starts with $1.
wait_for() {
    local line
    while IFS= read -r line <&"${TARGET[0]}"; do
        [[ "$line" == "$1"* ]] && return 0
    done
    fail "the target exited before it printed '$1'"
}

if [[ -n "$start" ]]; then
    coproc TARGET { exec bash -c "exec $start"; }
    pid=$TARGET_PID
    echo "started the target as pid $pid" >&2
    trap 'status=$?; kill "$pid" 2>/dev/null && { wait "$pid" 2>/dev/null || true; }; exit $status' EXIT
    [[ -z "$ready" ]] || wait_for "$ready"
fi

for ((i = 1; i <= iterations; i++)); do
    if [[ -n "$send" ]]; then
        echo "$send" >&"${TARGET[1]}"
        [[ -z "$ack" ]] || wait_for "$ack"
    fi
    if [[ -n "$step" ]]; then
        ITERATION=$i TARGET_PID=$pid bash -c "$step"
    elif [[ -z "$send" && $i -gt 1 ]]; then
        sleep "$interval"
    fi
    gc_switch=()
    [[ $gc -eq 0 ]] || gc_switch=(-gc)
    "${memanalyzer[@]}" -pid "$pid" "${gc_switch[@]}" -o "$output" -context "iteration $i" -silent "${switches[@]}"
    echo "iteration $i: appended to $output"
done

trend=(-trend "$output")
[[ -z "$html" ]] || trend+=(-html "$html")
[[ -z "$limit" ]] || trend+=(-failongrowth "$limit")
echo
"${memanalyzer[@]}" "${trend[@]}"
