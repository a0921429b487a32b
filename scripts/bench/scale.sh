#!/usr/bin/env bash
# The benchmark's scale rows: one dump of SCALE_COUNT DataInstance (default 50,000,000: 100M objects, ~6 GB heap,
# ~6.2 GB dump), MemAnalyzer -dts, -live, -dstrings and -retained on it, and the baseline's histogram and -live for the
# counts check. Run by scripts/bench.sh with SCALE=1 (after the other rows) or SCALE=only (these rows alone); runs on
# its own too. Results go to RESULTS_DIR/<date>-<commit>-scale.tsv (same record kinds as bench.sh's file, plus the load
# average at the start of each case); scripts/bench-table.sh puts them beside the 10M rows.
#
# Environment: NATIVE_DIR (an existing scripts/publish.sh output), SCALE_COUNT, SCALE_RUNS (runs per case, default 1), BENCH_DIR (default /tmp/memanalyzer-bench; the scale
# dump goes to BENCH_DIR/scale and is deleted at the end unless KEEP=1), RESULTS_DIR (default bench-results),
# SCALE_BASELINE_LIVE=0 to leave out the baseline's -live (about 4 minutes and 6 GB at 100M objects).
# Skipped, with the reason, when BENCH_DIR has less than 15 GB free or the machine less than 10 GB of available memory
# (the target process holds the whole heap while the dump is written); -retained and the baseline's -live need 12 GB.
set -euo pipefail
# Every run does the work itself: none reads an index of the dump that an earlier run wrote.
export MEMANALYZER_NOINDEX=1
cd "$(dirname "$0")/../.."
repo=$(pwd)

SCALE_COUNT=${SCALE_COUNT:-50000000}
RUNS=${SCALE_RUNS:-1}
WORK=${BENCH_DIR:-/tmp/memanalyzer-bench}/scale
RESULTS_DIR=${RESULTS_DIR:-bench-results}
mkdir -p "$WORK/out" "$RESULTS_DIR"
need_disk_gb=15; need_memory_gb=10; need_retained_gb=12

free_gb() { df -Pk "$WORK" | awk 'NR == 2 { printf "%d", $4 / 1048576 }'; }
available_gb() { awk '/^MemAvailable/ { printf "%d", $2 / 1048576 }' /proc/meminfo; }
if [ "$(free_gb)" -lt "$need_disk_gb" ]; then
  echo "== scale rows skipped: $WORK has $(free_gb) GB free; they need $need_disk_gb GB (a 6.2 GB dump at 100M objects). Set BENCH_DIR to a larger disk."
  exit 0
fi
if [ "$(available_gb)" -lt "$need_memory_gb" ]; then
  echo "== scale rows skipped: $(available_gb) GB of memory available; they need $need_memory_gb GB (the target holds a 6 GB heap while its dump is written)."
  exit 0
fi

commit=$(git rev-parse --short HEAD)
[ -n "$(git status --porcelain --untracked-files=no)" ] && commit="$commit-dirty"
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
results="$RESULTS_DIR/$(date -u +%Y-%m-%d)-$commit-scale.tsv"
[ -e "$results" ] && results="${results%.tsv}-$(date -u +%H%M%S).tsv"
load_start=$(cut -d' ' -f1-3 /proc/loadavg)

echo "== scale rows: build (Release)"
dotnet build MemAnalyzer -c Release --nologo -v q -o "$WORK/bin/memanalyzer" >/dev/null
dotnet build MemAnalyzer.Tests/TestTargets/LeakyApp -c Release --nologo -v q -o "$WORK/bin/leakyapp" >/dev/null
dotnet build scripts/bench/ClrMdBaseline -c Release --nologo -v q -o "$WORK/bin/baseline" >/dev/null
# The Native AOT executable users install (NATIVE_DIR reuses an existing scripts/publish.sh output).
if [ -n "${NATIVE_DIR:-}" ] && [ -x "$NATIVE_DIR/MemAnalyzer" ]; then
  MA=("$NATIVE_DIR/MemAnalyzer")
else
  MA=("$(scripts/publish.sh "$WORK/bin/memanalyzer-native")")
fi
BASE=("dotnet" "$WORK/bin/baseline/ClrMdBaseline.dll")
dotnet_root=$(dirname "$(readlink -f "$(command -v dotnet)")")
createdump=$(ls -d "$dotnet_root"/shared/Microsoft.NETCore.App/*/createdump 2>/dev/null | sort -V | tail -1)
[ -x "$createdump" ] || { echo "error: createdump not found under $dotnet_root/shared/Microsoft.NETCore.App" >&2; exit 1; }

target_pid=""
cleanup() {
  [ -n "$target_pid" ] && kill "$target_pid" 2>/dev/null || true
  [ "${KEEP:-0}" = 1 ] || rm -f "$WORK"/*.dmp
}
trap cleanup EXIT

# make_dump <name> <count>: a walkthrough target of <count> DataInstance, dumped with its heap, then ended.
declare -A MADE_BY
make_dump() {
  local name=$1 count=$2 log="$WORK/out/$1.target.log"
  dotnet "$WORK/bin/leakyapp/LeakyApp.dll" walkthrough --count "$count" < <(sleep 1000000) > "$log" 2>&1 &
  for _ in $(seq 1 2400); do grep -q '^READY' "$log" && break; sleep 0.5; done
  target_pid=$(awk '/^READY/{print $2; exit}' "$log")
  [ -n "$target_pid" ] || { echo "error: the walkthrough target of $count instances did not start (see $log)" >&2; exit 1; }
  "$createdump" -f "$WORK/$name.dmp" --withheap "$target_pid" >/dev/null
  kill "$target_pid"; target_pid=""
  # The dump's gigabytes are written back to disk before anything is timed: a writeback running beside the first
  # rows made them up to 1.5× slower.
  sync
  MADE_BY[$name]="LeakyApp walkthrough --count $count"
  printf '   %-10s %6s MB  (%s)\n' "$name" "$(( $(stat -c %s "$WORK/$name.dmp") / 1048576 ))" "${MADE_BY[$name]}"
}

declare -A MEDIAN MIN MAX RSS LOAD
measured=()
source "$repo/scripts/bench/measure.sh"
declare -A DESCRIPTION=(
  [ma.tiny]="MemAnalyzer, tiny dump (start-up, dump open, DAC)"
  [ma.scale.dts]="MemAnalyzer -dts, scale walkthrough"
  [ma.scale.live]="MemAnalyzer -live, scale walkthrough"
  [ma.scale.dstrings]="MemAnalyzer -dstrings, scale walkthrough"
  [ma.scale.retained]="MemAnalyzer -live -retained, scale walkthrough"
  [ma.scale.retained.4k]="MemAnalyzer -live -retained, scale walkthrough, 4 KB pages (MEMANALYZER_HUGEPAGES=0)"
  [ma.scale.index.write]="MemAnalyzer -live -retained, scale walkthrough, writing the index (the first question)"
  [ma.scale.index.retained]="MemAnalyzer -live -retained from the index, scale walkthrough (a second question)"
  [ma.scale.index.suspects]="MemAnalyzer -suspects from the index, scale walkthrough"
  [ma.scale.index.roots]="MemAnalyzer -live -roots DataInstance[] from the index, scale walkthrough (one instance)"
  [ma.scale.index.roots.many]="MemAnalyzer -live -roots DataInstance from the index, scale walkthrough (half the objects: 50M instances)"
  [base.scale]="baseline histogram, scale walkthrough"
  [base.scale.live]="baseline -live, scale walkthrough"
  [sos.scale]="SOS dumpheap -stat, scale walkthrough"
  [sos.scale.live]="SOS dumpheap -stat -live, scale walkthrough"
)
declare -A VERSUS=([ma.scale.dts]=base.scale [ma.scale.live]=base.scale.live [sos.scale]=base.scale [sos.scale.live]=base.scale.live)

echo "== scale rows: dumps (load average $load_start, $(available_gb) GB available, $(free_gb) GB free in $WORK)"
make_dump tiny 10
make_dump scale "$SCALE_COUNT"

echo "== scale rows: MemAnalyzer"
measure ma.tiny "${MA[@]}" -f "$WORK/tiny.dmp" -dts -silent
# All types (-dts with a large N), so that the counts check below reuses these outputs.
measure ma.scale.dts "${MA[@]}" -f "$WORK/scale.dmp" -dts 1000000000 -silent
measure ma.scale.live "${MA[@]}" -f "$WORK/scale.dmp" -dts 1000000000 -live -silent -verbose
measure ma.scale.dstrings "${MA[@]}" -f "$WORK/scale.dmp" -dstrings -silent
skipped=()
if [ "$(available_gb)" -ge "$need_retained_gb" ]; then
  measure ma.scale.retained "${MA[@]}" -f "$WORK/scale.dmp" -dts -live -retained -silent
  measure ma.scale.retained.4k env MEMANALYZER_HUGEPAGES=0 "${MA[@]}" -f "$WORK/scale.dmp" -dts -live -retained -silent
  # The index (a second question of the same dump), with a cache folder of its own: written once, then read.
  index=(env -u MEMANALYZER_NOINDEX XDG_CACHE_HOME="$WORK/cache" "${MA[@]}")
  rm -rf "$WORK/cache/memanalyzer"
  MEASURE_RUNS=1 measure ma.scale.index.write "${index[@]}" -f "$WORK/scale.dmp" -dts -live -retained -silent
  index_bytes=$(stat -c %s "$WORK"/cache/memanalyzer/*.maidx)
  measure ma.scale.index.retained "${index[@]}" -f "$WORK/scale.dmp" -dts -live -retained -silent
  measure ma.scale.index.suspects "${index[@]}" -f "$WORK/scale.dmp" -suspects -silent
  measure ma.scale.index.roots "${index[@]}" -f "$WORK/scale.dmp" -dts 1 -live -roots 'MemAnalyzer.TestTargets.LeakyApp.DataInstance[]' -silent
  measure ma.scale.index.roots.many "${index[@]}" -f "$WORK/scale.dmp" -dts 1 -live -roots 'MemAnalyzer.TestTargets.LeakyApp.DataInstance' -silent
  cmp -s "$WORK/out/ma.scale.retained.out" "$WORK/out/ma.scale.index.retained.out" || { echo "error: -retained from the index differs" >&2; status_index=1; }
  echo "   index of the scale dump: $index_bytes bytes"
else
  skipped+=("ma.scale.retained: $(available_gb) GB of memory available, $need_retained_gb GB needed")
  echo "   ma.scale.retained skipped: ${skipped[-1]#*: }"
fi
echo "== scale rows: baseline (ClrMD EnumerateObjects aggregation, scripts/bench/ClrMdBaseline)"
measure base.scale "${BASE[@]}" stat "$WORK/scale.dmp"
if [ "${SCALE_BASELINE_LIVE:-1}" = 1 ] && [ "$(available_gb)" -ge "$need_retained_gb" ]; then
  measure base.scale.live "${BASE[@]}" stat "$WORK/scale.dmp" -live
else
  skipped+=("base.scale.live: SCALE_BASELINE_LIVE=${SCALE_BASELINE_LIVE:-1}, $(available_gb) GB of memory available ($need_retained_gb GB needed)")
  echo "   base.scale.live skipped: ${skipped[-1]#*: }"
fi

# SOS itself (the repository's local dotnet-dump), the peer users know; SCALE_SOS_LIVE=0 leaves out its -live.
if (cd "$repo" && dotnet tool run dotnet-dump --version) > "$WORK/out/sos.version" 2>/dev/null; then
  echo "== scale rows: SOS (dotnet-dump $(head -1 "$WORK/out/sos.version"))"
  mkdir -p "$WORK/bin"
  printf '#!/usr/bin/env bash\ncd "%s" || exit 1\nexec dotnet tool run dotnet-dump analyze "$@"\n' "$repo" > "$WORK/bin/sos-run"
  chmod +x "$WORK/bin/sos-run"
  sos=("$WORK/bin/sos-run")
  measure sos.scale "${sos[@]}" "$WORK/scale.dmp" -c "dumpheap -stat" -c exit
  if [ "${SCALE_SOS_LIVE:-1}" = 1 ] && [ "$(available_gb)" -ge "$need_retained_gb" ]; then
    measure sos.scale.live "${sos[@]}" "$WORK/scale.dmp" -c "dumpheap -stat -live" -c exit
  else
    skipped+=("sos.scale.live: SCALE_SOS_LIVE=${SCALE_SOS_LIVE:-1}, $(available_gb) GB of memory available ($need_retained_gb GB needed)")
  fi
else
  skipped+=("sos.scale: the local dotnet-dump tool is not restored (scripts/setup.sh)")
fi

heap_bytes=$("${MA[@]}" -f "$WORK/scale.dmp" -dts 1 -silent | awk '/Managed Heap\(TotalSize\)/{gsub(",","",$1); print $1}')
heap_objects=$(awk '/Managed Heap\(Allocated\)!/{gsub(",","",$2); print $2}' "$WORK/out/ma.scale.dts.out")
work_list=$(grep -o "peaked at .*" "$WORK/out/ma.scale.live.err" || echo "not reported")

echo "== scale rows: exactness against the baseline"
check_rows=()
status=0
for pair in "scale:base.scale:ma.scale.dts" "scale -live:base.scale.live:ma.scale.live"; do
  IFS=: read -r label base ours <<< "$pair"
  [ -n "${MEDIAN[$base]:-}" ] || continue
  if "${BASE[@]}" compare "$WORK/out/$base.out" "$WORK/out/$ours.out" > "$WORK/out/compare.txt"; then
    check_rows+=("$(printf 'check\t%s\tequal\t%s' "$label" "$(tail -1 "$WORK/out/compare.txt" | sed 's/^ *//')")")
  else
    status=1
    check_rows+=("$(printf 'check\t%s\tDIFFER\t%s' "$label" "$(tail -1 "$WORK/out/compare.txt" | sed 's/^ *//')")")
  fi
  echo " $label: $(tail -1 "$WORK/out/compare.txt")"
done

{
  printf '# MemAnalyzer benchmark scale rows, written by scripts/bench/scale.sh; render with scripts/bench-table.sh\n'
  printf '# meta\t<key>\t<value>\n'
  printf '# dump\t<name>\t<objects>\t<heap bytes>\t<file bytes>\t<made by>\n'
  printf '# case\t<key>\t<description>\t<median s>\t<min s>\t<max s>\t<ratio: baseline median / this median, or ->\t<peak RSS MB>\t<load average at its start>\n'
  printf '# check\t<dump and selection>\t<equal|DIFFER>\t<comparison>\n'
  printf '# skipped\t<case: why>\n'
  printf 'meta\tmode\tscale\n'
  printf 'meta\tcommit\t%s\n' "$commit"
  printf 'meta\tstarted\t%s\n' "$started"
  printf 'meta\tfinished\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf 'meta\tcpu\t%s\n' "$(awk -F': *' '/^model name/{print $2; exit}' /proc/cpuinfo)"
  printf 'meta\tcores\t%s\n' "$(nproc)"
  printf 'meta\tmemory_gb\t%s\n' "$(awk '/MemTotal/{printf "%.1f", $2/1048576}' /proc/meminfo)"
  printf 'meta\tload_average_start\t%s\n' "$load_start"
  printf 'meta\tload_average_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  printf 'meta\truns\t%s\n' "$RUNS"
  printf 'meta\tcount\t%s\n' "$SCALE_COUNT"
  printf 'meta\trss\tlargest sum of VmRSS over the process tree sampled every 20 ms, or the largest descendant'"'"'s own peak (scripts/bench/peak-rss.py)\n'
  printf 'meta\tmark_work_list\t%s\n' "$work_list"
  printf 'meta\tindex_bytes\t%s\n' "${index_bytes:-not measured}"
  printf 'dump\tscale\t%s\t%s\t%s\t%s\n' "$heap_objects" "$heap_bytes" "$(stat -c %s "$WORK/scale.dmp")" "${MADE_BY[scale]}"
  for key in "${measured[@]}"; do
    ratio=-; [ -n "${VERSUS[$key]:-}" ] && [ -n "${MEDIAN[${VERSUS[$key]}]:-}" ] && ratio=$(awk -v a="${MEDIAN[${VERSUS[$key]}]}" -v b="${MEDIAN[$key]}" 'BEGIN { printf "%.2f", a / b }')
    printf 'case\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$key" "${DESCRIPTION[$key]}" "${MEDIAN[$key]}" "${MIN[$key]}" "${MAX[$key]}" "$ratio" "${RSS[$key]}" "${LOAD[$key]}"
  done
  [ ${#check_rows[@]} -gt 0 ] && printf '%s\n' "${check_rows[@]}"
  [ ${#skipped[@]} -gt 0 ] && printf 'skipped\t%s\n' "${skipped[@]}"
  true
} > "$results"
echo "== scale results written to $results"
[ "${status_index:-0}" = 0 ] || status=1
exit "$status"
