#!/usr/bin/env bash
# Benchmark of MemAnalyzer at customer scale, against a baseline run in the same session on the same dumps.
#
#   scripts/bench.sh                 # full scale: 5,000,000 DataInstance (10M objects), 3 runs of each case
#   RUNS=5 COUNT=1000000 scripts/bench.sh
#
# Environment: RUNS (runs per case, default 3), COUNT (walkthrough DataInstance objects, default 5,000,000),
# BENCH_DIR (where dumps go, default /tmp/memanalyzer-bench; needs ~2 GB; deleted at the end unless KEEP=1).
# Baseline: SOS through dotnet-dump when `dotnet-dump` is on PATH; otherwise (the registry here does not serve it)
# scripts/bench/ClrMdBaseline, a plain ClrMD EnumerateObjects aggregation (and a HashSet root walk for -live),
# which is what dotnet-dump's managed "dumpheap -stat [-live]" does.
# Ends by checking that MemAnalyzer's per-type counts and bytes equal the baseline's; exit 1 if not.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

RUNS=${RUNS:-3}
COUNT=${COUNT:-5000000}
WORK=${BENCH_DIR:-/tmp/memanalyzer-bench}
mkdir -p "$WORK"

if [ ! -x /usr/bin/time ]; then
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq time >/dev/null
fi

echo "== build (Release)"
dotnet build MemAnalyzer -c Release --nologo -v q -o "$WORK/bin/memanalyzer" >/dev/null
dotnet build MemAnalyzer.Tests/TestTargets/LeakyApp -c Release --nologo -v q -o "$WORK/bin/leakyapp" >/dev/null
dotnet build MemAnalyzer.Tests/TestTargets/LeakyAppAfter -c Release --nologo -v q -o "$WORK/bin/leakyappafter" >/dev/null
dotnet build scripts/bench/ClrMdBaseline -c Release --nologo -v q -o "$WORK/bin/baseline" >/dev/null
# Also a ReadyToRun publish (precompiled, less start-up JIT), measured on its own rows if the registry serves crossgen.
r2r=0
dotnet publish MemAnalyzer -c Release -r linux-x64 --self-contained false -p:PublishReadyToRun=true --nologo -v q -o "$WORK/bin/memanalyzer-r2r" >/dev/null 2>&1 && r2r=1
MA=("dotnet" "$WORK/bin/memanalyzer/MemAnalyzer.dll")
# createdump of the newest installed runtime (the one the test target rolls forward to), next to the dotnet host.
dotnet_root=$(dirname "$(readlink -f "$(command -v dotnet)")")
createdump=$(ls -d "$dotnet_root"/shared/Microsoft.NETCore.App/*/createdump 2>/dev/null | sort -V | tail -1)
[ -x "$createdump" ] || { echo "error: createdump not found under $dotnet_root/shared/Microsoft.NETCore.App" >&2; exit 1; }

targets=()
cleanup() {
  for p in "${targets[@]}"; do kill "$p" 2>/dev/null || true; done
  [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"/*.dmp "$WORK"/out
}
trap cleanup EXIT
mkdir -p "$WORK/out"

# start_target <dll> <args...>: starts a test target, waits for READY, sets $target_pid
start_target() {
  local dll=$1; shift
  local log="$WORK/out/target.$RANDOM.log"
  dotnet "$dll" "$@" < <(sleep 1000000) > "$log" 2>&1 &
  for _ in $(seq 1 1200); do grep -q '^READY' "$log" && break; sleep 0.25; done
  target_pid=$(awk '/^READY/{print $2; exit}' "$log")
  [ -n "$target_pid" ] || { echo "error: $dll did not start" >&2; exit 1; }
  targets+=("$target_pid")
}

# make_dump <name> <dll> <args...>
make_dump() {
  local name=$1; shift
  start_target "$@"
  "$createdump" -f "$WORK/$name.dmp" --withheap "$target_pid" >/dev/null
  kill "$target_pid"
  printf '   %-10s %6s MB  (%s)\n' "$name" "$(( $(stat -c %s "$WORK/$name.dmp") / 1048576 ))" "$*"
}

echo "== dumps (test target LeakyApp)"
make_dump walk "$WORK/bin/leakyapp/LeakyApp.dll" walkthrough --count "$COUNT"
make_dump walk10 "$WORK/bin/leakyapp/LeakyApp.dll" walkthrough --count $((COUNT / 10))
make_dump after "$WORK/bin/leakyappafter/LeakyAppAfter.dll" walkthrough --count "$COUNT"
make_dump many "$WORK/bin/leakyapp/LeakyApp.dll" manytypes
make_dump tiny "$WORK/bin/leakyapp/LeakyApp.dll" walkthrough --count 10

# The heap of each dump, and its object count, from MemAnalyzer's summary rows.
heap_bytes() { "${MA[@]}" -f "$WORK/$1.dmp" -dts 1 -silent | awk '/Managed Heap\(TotalSize\)/{gsub(",","",$1); print $1}'; }
heap_objects() { "${MA[@]}" -f "$WORK/$1.dmp" -dts 1 -silent | awk '/Managed Heap\(Allocated\)!/{gsub(",","",$2); print $2}'; }

declare -A MEDIAN MIN MAX RSS
# measure <key> <command...>: RUNS runs; wall seconds median/min/max and the largest peak RSS (MB)
measure() {
  local key=$1; shift
  local times=() rss=0
  for _ in $(seq 1 "$RUNS"); do
    /usr/bin/time -f "%e %M" -o "$WORK/out/time" "$@" > "$WORK/out/$key.out" 2> "$WORK/out/$key.err"
    read -r seconds kb < <(tail -1 "$WORK/out/time")
    times+=("$seconds")
    [ "$kb" -gt "$rss" ] && rss=$kb
  done
  mapfile -t sorted < <(printf '%s\n' "${times[@]}" | sort -g)
  MEDIAN[$key]=${sorted[$(( (${#sorted[@]} - 1) / 2 ))]}
  MIN[$key]=${sorted[0]}
  MAX[$key]=${sorted[-1]}
  RSS[$key]=$((rss / 1024))
  printf '   %-22s median %6.2f s  min %6.2f  max %6.2f  peak RSS %5d MB\n' "$key" "${MEDIAN[$key]}" "${MIN[$key]}" "${MAX[$key]}" "${RSS[$key]}"
}

# The baseline as a command (so /usr/bin/time can run it): baseline-run <dump> [-live]
if command -v dotnet-dump >/dev/null 2>&1; then
  baseline_name="SOS (dotnet-dump analyze -c \"dumpheap -stat [-live]\")"
  cat > "$WORK/bin/baseline-run" <<'EOS'
#!/usr/bin/env bash
if [ "${2:-}" = -live ]; then exec dotnet-dump analyze "$1" -c "dumpheap -stat -live" -c exit; fi
exec dotnet-dump analyze "$1" -c "dumpheap -stat" -c exit
EOS
else
  baseline_name="ClrMD EnumerateObjects aggregation (scripts/bench/ClrMdBaseline; dotnet-dump is not installable here)"
  printf '#!/usr/bin/env bash\nexec dotnet "%s" stat "$@"\n' "$WORK/bin/baseline/ClrMdBaseline.dll" > "$WORK/bin/baseline-run"
fi
chmod +x "$WORK/bin/baseline-run"
baseline() { "$WORK/bin/baseline-run" "$WORK/$1.dmp" ${2:-}; }

echo "== machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GB", $2/1048576}' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== baseline: $baseline_name"
measure base.tiny "$WORK/bin/baseline-run" "$WORK/tiny.dmp"
measure base.walk "$WORK/bin/baseline-run" "$WORK/walk.dmp"
measure base.walk.live "$WORK/bin/baseline-run" "$WORK/walk.dmp" -live
measure base.many "$WORK/bin/baseline-run" "$WORK/many.dmp"
measure base.many.live "$WORK/bin/baseline-run" "$WORK/many.dmp" -live
echo "== MemAnalyzer"
measure ma.tiny "${MA[@]}" -f "$WORK/tiny.dmp" -dts -silent
measure ma.walk.dts "${MA[@]}" -f "$WORK/walk.dmp" -dts -silent
measure ma.walk.dtn "${MA[@]}" -f "$WORK/walk.dmp" -dtn -silent
measure ma.walk.live "${MA[@]}" -f "$WORK/walk.dmp" -dts -live -silent
measure ma.walk10.dts "${MA[@]}" -f "$WORK/walk10.dmp" -dts -silent
measure ma.many.dts "${MA[@]}" -f "$WORK/many.dmp" -dts -silent
measure ma.many.live "${MA[@]}" -f "$WORK/many.dmp" -dts -live -silent
if "${MA[@]}" --help | grep -q -- "-dstrings"; then
  measure ma.walk.dstrings "${MA[@]}" -f "$WORK/walk.dmp" -dstrings -silent
  measure ma.many.dstrings "${MA[@]}" -f "$WORK/many.dmp" -dstrings -silent
else
  echo "   -dstrings              not in this build (issue 8): not measured"
fi
measure ma.diff "${MA[@]}" -f "$WORK/walk.dmp" -f2 "$WORK/after.dmp" -dts -silent
if [ "$r2r" = 1 ]; then
  measure r2r.tiny dotnet "$WORK/bin/memanalyzer-r2r/MemAnalyzer.dll" -f "$WORK/tiny.dmp" -dts -silent
  measure r2r.walk.dts dotnet "$WORK/bin/memanalyzer-r2r/MemAnalyzer.dll" -f "$WORK/walk.dmp" -dts -silent
  measure r2r.walk.live dotnet "$WORK/bin/memanalyzer-r2r/MemAnalyzer.dll" -f "$WORK/walk.dmp" -dts -live -silent
fi

# A live target: the same walkthrough heap, analyzed with -pid; the pause comes from MemAnalyzer's own note.
start_target "$WORK/bin/leakyapp/LeakyApp.dll" walkthrough --count "$COUNT"
measure ma.pid "${MA[@]}" -pid "$target_pid" -dts
pauses=()
for _ in $(seq 1 "$RUNS"); do
  "${MA[@]}" -pid "$target_pid" -dts > /dev/null 2> "$WORK/out/pid.err"
  pauses+=("$(grep -o 'suspended for [0-9,]* ms' "$WORK/out/pid.err" | tr -dc '0-9')")
done
pause_ms=$(printf '%s\n' "${pauses[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "   pause of the live target: median ${pause_ms} ms (runs: ${pauses[*]})"

walk_bytes=$(heap_bytes walk); walk_objects=$(heap_objects walk); many_bytes=$(heap_bytes many); many_objects=$(heap_objects many)
walk10_objects=$(heap_objects walk10)
r() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "n/a"; else printf "%.2f", a / b }'; }
sub() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (a - b < 0.001 ? 0.001 : a - b) }'; }
verdict() { awk -v v="$1" -v limit="$2" -v dir="$3" 'BEGIN { if (v == "n/a") print "n/a"; else if ((dir == "ge" && v >= limit) || (dir == "le" && v <= limit)) print "met"; else print "NOT met" }'; }

# Walk time = total minus the same tool's total on a tiny dump (process start, dump open, DAC load).
ma_fixed=${MEDIAN[ma.tiny]}; base_fixed=${MEDIAN[base.tiny]}
hist_ratio=$(r "${MEDIAN[base.walk]}" "${MEDIAN[ma.walk.dts]}")
hist_walk_ratio=$(r "$(sub "${MEDIAN[base.walk]}" "$base_fixed")" "$(sub "${MEDIAN[ma.walk.dts]}" "$ma_fixed")")
many_ratio=$(r "${MEDIAN[base.many]}" "${MEDIAN[ma.many.dts]}")
many_walk_ratio=$(r "$(sub "${MEDIAN[base.many]}" "$base_fixed")" "$(sub "${MEDIAN[ma.many.dts]}" "$ma_fixed")")
live_ratio=$(r "${MEDIAN[base.walk.live]}" "${MEDIAN[ma.walk.live]}")
many_live_ratio=$(r "${MEDIAN[base.many.live]}" "${MEDIAN[ma.many.live]}")
live_vs_hist=$(r "${MEDIAN[ma.walk.live]}" "${MEDIAN[ma.walk.dts]}")
live_vs_hist_walk=$(r "$(sub "${MEDIAN[ma.walk.live]}" "$ma_fixed")" "$(sub "${MEDIAN[ma.walk.dts]}" "$ma_fixed")")
diff_ratio=$(r "${MEDIAN[ma.diff]}" "${MEDIAN[ma.walk.dts]}")
linear=$(r "${MEDIAN[ma.walk.dts]}" "${MEDIAN[ma.walk10.dts]}")
rss_limit=$(( 300 + walk_bytes / 16 / 1048576 ))
rss_worst=${RSS[ma.walk.live]}; for k in ma.walk.dts ma.walk.dtn ma.diff ma.pid; do [ "${RSS[$k]}" -gt "$rss_worst" ] && rss_worst=${RSS[$k]}; done
many_rss_limit=$(( 300 + many_bytes / 16 / 1048576 ))
many_rss_worst=${RSS[ma.many.live]}; [ "${RSS[ma.many.dts]}" -gt "$many_rss_worst" ] && many_rss_worst=${RSS[ma.many.dts]}
pause_ratio=$(r "$pause_ms" "$(awk -v t="${MEDIAN[ma.walk.dts]}" 'BEGIN { print t * 1000 }')")
ops() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / t / 1e6 }'; }

echo
echo "== results (median of $RUNS runs; walk = total minus the same tool on a tiny dump: MemAnalyzer ${ma_fixed} s, baseline ${base_fixed} s)"
echo "   walkthrough dump: $walk_objects objects, $((walk_bytes / 1048576)) MB heap; many-types dump: $many_objects objects, $((many_bytes / 1048576)) MB heap"
echo "   MemAnalyzer -dts walkthrough: $(ops "$walk_objects" "${MEDIAN[ma.walk.dts]}") M objects/s end to end, $(ops "$walk_objects" "$(sub "${MEDIAN[ma.walk.dts]}" "$ma_fixed")") M objects/s walk"
echo "   baseline histogram walkthrough: $(ops "$walk_objects" "${MEDIAN[base.walk]}") M objects/s end to end, $(ops "$walk_objects" "$(sub "${MEDIAN[base.walk]}" "$base_fixed")") M objects/s walk"
printf '   %-58s %8s  %-8s\n' "goal" "ratio" "verdict"
printf '   %-58s %8s  %-8s\n' "histogram >= 5x faster than baseline (walkthrough, total)" "$hist_ratio" "$(verdict "$hist_ratio" 5 ge)"
printf '   %-58s %8s  %-8s\n' "  same, walk only" "$hist_walk_ratio" "$(verdict "$hist_walk_ratio" 5 ge)"
printf '   %-58s %8s  %-8s\n' "histogram >= 5x faster than baseline (many types, total)" "$many_ratio" "$(verdict "$many_ratio" 5 ge)"
printf '   %-58s %8s  %-8s\n' "  same, walk only" "$many_walk_ratio" "$(verdict "$many_walk_ratio" 5 ge)"
printf '   %-58s %8s  %-8s\n' "-live >= 5x faster than baseline -live (walkthrough)" "$live_ratio" "$(verdict "$live_ratio" 5 ge)"
printf '   %-58s %8s  %-8s\n' "-live >= 5x faster than baseline -live (many types)" "$many_live_ratio" "$(verdict "$many_live_ratio" 5 ge)"
printf '   %-58s %8s  %-8s\n' "-live <= 2x our histogram (total)" "$live_vs_hist" "$(verdict "$live_vs_hist" 2 le)"
printf '   %-58s %8s  %-8s\n' "  same, walk only" "$live_vs_hist_walk" "$(verdict "$live_vs_hist_walk" 2 le)"
printf '   %-58s %8s  %-8s\n' "dump-vs-dump diff <= 1.3x one analysis" "$diff_ratio" "$(verdict "$diff_ratio" 1.3 le)"
printf '   %-58s %8s  %-8s\n' "peak RSS (MB), walkthrough <= 300 MB + heap/16 = $rss_limit MB" "$rss_worst" "$(verdict "$rss_worst" "$rss_limit" le)"
printf '   %-58s %8s  %-8s\n' "peak RSS (MB), many types <= 300 MB + heap/16 = $many_rss_limit MB" "$many_rss_worst" "$(verdict "$many_rss_worst" "$many_rss_limit" le)"
printf '   %-58s %8s  %-8s\n' "10x objects ($walk10_objects -> $walk_objects) <= 11x time (total)" "$linear" "$(verdict "$linear" 11 le)"
if [ "$r2r" = 1 ]; then
  printf '   %-58s %8s  %-8s\n' "  ReadyToRun publish: histogram vs baseline (total)" "$(r "${MEDIAN[base.walk]}" "${MEDIAN[r2r.walk.dts]}")" "$(verdict "$(r "${MEDIAN[base.walk]}" "${MEDIAN[r2r.walk.dts]}")" 5 ge)"
  printf '   %-58s %8s  %-8s\n' "  ReadyToRun publish: -live vs its histogram (total)" "$(r "${MEDIAN[r2r.walk.live]}" "${MEDIAN[r2r.walk.dts]}")" "$(verdict "$(r "${MEDIAN[r2r.walk.live]}" "${MEDIAN[r2r.walk.dts]}")" 2 le)"
fi
printf '   %-58s %8s  %-8s\n' "live pause <= the same walk from a dump (pause / -dts total)" "$pause_ratio" "$(verdict "$pause_ratio" 1 le)"

echo
echo "== exactness: MemAnalyzer's per-type counts and bytes against the baseline"
status=0
check() {
  local dump=$1 selection=${2:-}
  local label="$dump${selection:+ $selection}"
  baseline "$dump" $selection > "$WORK/out/expected.tsv" 2>/dev/null
  "${MA[@]}" -f "$WORK/$dump.dmp" -dts 1000000000 -silent $selection > "$WORK/out/actual.txt"
  echo " $label:"
  dotnet "$WORK/bin/baseline/ClrMdBaseline.dll" compare "$WORK/out/expected.tsv" "$WORK/out/actual.txt" || status=1
}
if command -v dotnet-dump >/dev/null 2>&1; then
  echo "   (SOS output is not parsed here; comparing against the ClrMD reference instead)"
  baseline() { dotnet "$WORK/bin/baseline/ClrMdBaseline.dll" stat "$WORK/$1.dmp" ${2:-}; }
fi
check walk; check walk -live; check many; check many -live
[ "$status" -eq 0 ] && echo "== counts equal" || echo "== COUNTS DIFFER"
exit "$status"
