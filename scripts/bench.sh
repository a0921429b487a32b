#!/usr/bin/env bash
# Benchmark of MemAnalyzer at customer scale, against a baseline run in the same session on the same dumps.
#
#   scripts/bench.sh                 # full scale: 5,000,000 DataInstance (10M objects), 3 runs of each case
#   RUNS=5 COUNT=1000000 scripts/bench.sh
#   QUICK=1 scripts/bench.sh         # plumbing check: tiny dumps, 1 run (plus the native publish, 2-3 minutes)
#
# Environment: RUNS (runs per case, default 3), COUNT (walkthrough DataInstance objects, default 5,000,000),
# BENCH_DIR (where dumps go, default /tmp/memanalyzer-bench; needs ~2 GB; deleted at the end unless KEEP=1),
# QUICK=1 (RUNS=1, COUNT=20000, many-types dump of 50 types; its figures mean nothing),
# RESULTS_DIR (default bench-results), NATIVE_DIR (an existing scripts/publish.sh output to measure instead of publishing).
# MemAnalyzer is the Native AOT executable of scripts/publish.sh, as installed; the JIT build (dotnet MemAnalyzer.dll)
# has its own rows for comparison.
# Scale rows (not with QUICK=1): SCALE=1 adds a dump of SCALE_COUNT DataInstance (default 50,000,000: 100M objects,
# ~6 GB heap, ~6.2 GB dump) and measures -dts, -live, -dstrings and -retained on it (SCALE_RUNS runs, default 1),
# plus the baseline's histogram and -live for the counts check; SCALE=only runs just those rows (and the tiny dump,
# for the fixed cost). They are skipped, with the reason, when BENCH_DIR has less than 15 GB free or the machine
# less than 10 GB available memory (-retained: 12 GB); SCALE=0 (the default) leaves them out.
# Peak RSS is the largest sum over the measured process and all its descendants (MemAnalyzer's isolated analysis
# child included), sampled every 20 ms by scripts/bench/peak-rss.py.
# Results: every case (median, min, max, ratio to the baseline, peak RSS), the goals, the machine (CPU model, cores,
# memory, load), the commit and the date go to RESULTS_DIR/<date>-<commit>.tsv (…-quick.tsv for QUICK=1, which git
# ignores); scripts/bench-table.sh renders that file as the README's tables.
# Baseline: scripts/bench/ClrMdBaseline, a plain ClrMD EnumerateObjects aggregation (and a HashSet root walk for
# -live), which is what dotnet-dump's managed "dumpheap -stat [-live]" does. SOS itself (the repository's local
# dotnet-dump, restored by scripts/setup.sh) runs "dumpheap -stat" and "-stat -live" on the same dumps as peer rows.
# Ends by checking that MemAnalyzer's per-type counts and bytes equal the baseline's, and its all-objects tables
# SOS's; exit 1 if not.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

QUICK=${QUICK:-0}
SCALE=${SCALE:-0}; SCALE_COUNT=${SCALE_COUNT:-50000000}; SCALE_RUNS=${SCALE_RUNS:-1}
[ "$QUICK" = 1 ] && SCALE=0
if [ "$QUICK" = 1 ]; then
  RUNS=${RUNS:-1}; COUNT=${COUNT:-20000}; many_args=(--types 50 --per-type 8); mode=quick
else
  RUNS=${RUNS:-3}; COUNT=${COUNT:-5000000}; many_args=(); mode=full
fi
WORK=${BENCH_DIR:-/tmp/memanalyzer-bench}
mkdir -p "$WORK"
RESULTS_DIR=${RESULTS_DIR:-bench-results}
mkdir -p "$RESULTS_DIR"

# What the results file records about the code and the machine, taken before anything runs.
commit=$(git rev-parse --short HEAD)
[ -n "$(git status --porcelain --untracked-files=no)" ] && commit="$commit-dirty"
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
suffix=""; [ "$QUICK" = 1 ] && suffix=-quick
results="$RESULTS_DIR/$(date -u +%Y-%m-%d)-$commit$suffix.tsv"
[ -e "$results" ] && results="${results%.tsv}-$(date -u +%H%M%S).tsv"
cpu_model=$(awk -F': *' '/^model name/{print $2; exit}' /proc/cpuinfo)
cores=$(nproc)
memory_gb=$(awk '/MemTotal/{printf "%.1f", $2/1048576}' /proc/meminfo)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)

if [ "$SCALE" = only ]; then
  exec scripts/bench/scale.sh
fi

echo "== build (Release)"
dotnet build MemAnalyzer -c Release --nologo -v q -o "$WORK/bin/memanalyzer" >/dev/null
dotnet build MemAnalyzer.Tests/TestTargets/LeakyApp -c Release --nologo -v q -o "$WORK/bin/leakyapp" >/dev/null
dotnet build MemAnalyzer.Tests/TestTargets/LeakyAppAfter -c Release --nologo -v q -o "$WORK/bin/leakyappafter" >/dev/null
dotnet build scripts/bench/ClrMdBaseline -c Release --nologo -v q -o "$WORK/bin/baseline" >/dev/null
# What users run: the Native AOT executable that scripts/install.sh installs. The JIT build gets its own rows.
if [ -n "${NATIVE_DIR:-}" ] && [ -x "$NATIVE_DIR/MemAnalyzer" ]; then
  native="$NATIVE_DIR/MemAnalyzer"
else
  native=$(scripts/publish.sh "$WORK/bin/memanalyzer-native")
fi
MA=("$native")
# The work itself is measured: no case reads an index an earlier run of it wrote. The index cases below switch it on
# with a cache folder of their own.
export MEMANALYZER_NOINDEX=1
JIT=("dotnet" "$WORK/bin/memanalyzer/MemAnalyzer.dll")
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
declare -A MADE_BY
make_dump() {
  local name=$1; shift
  start_target "$@"
  "$createdump" -f "$WORK/$name.dmp" --withheap "$target_pid" >/dev/null
  kill "$target_pid"
  # Written back before anything is timed (a writeback beside the first rows slows them).
  sync
  MADE_BY[$name]="$(basename "$1" .dll) ${*:2}"
  printf '   %-10s %6s MB  (%s)\n' "$name" "$(( $(stat -c %s "$WORK/$name.dmp") / 1048576 ))" "$*"
}

echo "== dumps (test target LeakyApp)"
make_dump walk "$WORK/bin/leakyapp/LeakyApp.dll" walkthrough --count "$COUNT"
make_dump walk10 "$WORK/bin/leakyapp/LeakyApp.dll" walkthrough --count $((COUNT / 10))
make_dump after "$WORK/bin/leakyappafter/LeakyAppAfter.dll" walkthrough --count "$COUNT"
make_dump many "$WORK/bin/leakyapp/LeakyApp.dll" manytypes "${many_args[@]}"
make_dump tiny "$WORK/bin/leakyapp/LeakyApp.dll" walkthrough --count 10
make_dump cache "$WORK/bin/leakyapp/LeakyApp.dll" cache --count 10 --entries 15000

# The heap of each dump, and its object count, from MemAnalyzer's summary rows.
heap_bytes() { "${MA[@]}" -f "$WORK/$1.dmp" -dts 1 -silent | awk '/Managed Heap\(TotalSize\)/{gsub(",","",$1); print $1}'; }
heap_objects() { "${MA[@]}" -f "$WORK/$1.dmp" -dts 1 -silent | awk '/Managed Heap\(Allocated\)!/{gsub(",","",$2); print $2}'; }

declare -A MEDIAN MIN MAX RSS LOAD
measured=()
# What each case is, for the results file and the README's table (scripts/bench-table.sh).
declare -A DESCRIPTION=(
  [base.tiny]="baseline, tiny dump (start-up, dump open, DAC)"
  [base.walk]="baseline histogram, walkthrough"
  [base.walk.live]="baseline -live, walkthrough"
  [base.many]="baseline histogram, many types"
  [base.many.live]="baseline -live, many types"
  [sos.tiny]="SOS dumpheap -stat, tiny dump (start-up, dump open, DAC)"
  [sos.walk]="SOS dumpheap -stat, walkthrough"
  [sos.walk.live]="SOS dumpheap -stat -live, walkthrough"
  [sos.many]="SOS dumpheap -stat, many types"
  [sos.many.live]="SOS dumpheap -stat -live, many types"
  [ma.tiny]="MemAnalyzer, tiny dump (start-up, dump open, DAC)"
  [ma.walk.dts]="MemAnalyzer -dts, walkthrough"
  [ma.walk.dtn]="MemAnalyzer -dtn, walkthrough"
  [ma.walk.live]="MemAnalyzer -live, walkthrough"
  [ma.walk10.dts]="MemAnalyzer -dts, walkthrough/10"
  [ma.many.dts]="MemAnalyzer -dts, many types"
  [ma.many.live]="MemAnalyzer -live, many types"
  [ma.walk.dstrings]="MemAnalyzer -dstrings, walkthrough"
  [ma.many.dstrings]="MemAnalyzer -dstrings, many types"
  [ma.diff]="MemAnalyzer diff -f walkthrough -f2 after"
  [ma.walk.retained]="MemAnalyzer -live -retained, walkthrough"
  [ma.walk.retained.4k]="MemAnalyzer -live -retained, walkthrough, 4 KB pages (MEMANALYZER_HUGEPAGES=0)"
  [ma.walk.roots]="MemAnalyzer -live -roots DataInstance, walkthrough"
  [ma.cache.roots]="MemAnalyzer -roots CachedItem, 15,000-entry ConcurrentDictionary (a path through an array of structs)"
  [ma.walk.suspects]="MemAnalyzer -suspects, walkthrough"
  [ma.walk.frag]="MemAnalyzer -fragmentation, walkthrough (one walk with the free blocks, no mark)"
  [ma.walk.handles]="MemAnalyzer -handles, walkthrough (the handle table and one mark)"
  [ma.walk.finalizable]="MemAnalyzer -finalizable, walkthrough (the queue, and the retained bytes of the ready objects)"
  [ma.walk.inspections]="MemAnalyzer -inspections, walkthrough (one mark and one walk)"
  [ma.walk.objects]="MemAnalyzer -objects DataInstance[] (the largest-retained array), walkthrough"
  [ma.walk.index.write]="MemAnalyzer -live -retained, walkthrough, writing the index (the first question)"
  [ma.walk.index.retained]="MemAnalyzer -live -retained from the index, walkthrough (a second question)"
  [ma.walk.index.roots]="MemAnalyzer -live -roots DataInstance from the index, walkthrough"
  [ma.walk.index.suspects]="MemAnalyzer -suspects from the index, walkthrough"
  [ma.walk.index.objects]="MemAnalyzer -objects DataInstance[] from the index, walkthrough"
  [ma.walk.sql]="MemAnalyzer -sql (dumpheap -stat recipe), walkthrough, no index (the query's tables only)"
  [ma.walk.sql.write]="MemAnalyzer -sql (dumpheap -stat recipe), walkthrough, keeping every table beside the index (the first query)"
  [ma.walk.sql.kept]="MemAnalyzer -sql (dumpheap -stat recipe) from the kept tables, walkthrough (a second query)"
  [ma.walk.sql.kept.columns]="MemAnalyzer -sql (top dominators recipe: the live columns from the index) from the kept tables, walkthrough (a second query)"
  [ma.walk.sql.refs]="MemAnalyzer -sql over refs (count of references and named fields), walkthrough, no index"
  [ma.walk.sql.write.refs]="MemAnalyzer -sql over refs, walkthrough, keeping every table and the references (the first query)"
  [ma.walk.sql.kept.refs]="MemAnalyzer -sql over refs from the kept references, walkthrough (a second query)"
  [ma.walk.export]="MemAnalyzer -export (every table as Parquet), walkthrough, no index"
  [ma.walk.export.kept]="MemAnalyzer -export (every table as Parquet) from the kept tables and references, walkthrough"
  [jit.tiny]="JIT build (dotnet MemAnalyzer.dll), tiny dump"
  [jit.walk.dts]="JIT build -dts, walkthrough"
  [jit.walk.live]="JIT build -live, walkthrough"
  [ma.pid]="MemAnalyzer -pid (live walkthrough target)"
)
# The baseline case each MemAnalyzer case is compared with (ratio = baseline median / this median).
declare -A VERSUS=(
  [ma.tiny]=base.tiny [ma.walk.dts]=base.walk [ma.walk.dtn]=base.walk [ma.walk.live]=base.walk.live
  [ma.many.dts]=base.many [ma.many.live]=base.many.live [jit.tiny]=base.tiny [jit.walk.dts]=base.walk
  [jit.walk.live]=base.walk.live
)
# measure <key> <command...>: RUNS runs; wall seconds median/min/max and the largest peak RSS (MB, process tree)
source "$repo/scripts/bench/measure.sh"

# The baseline as a command (so measure can run it): baseline-run <dump> [-live]. It is a plain ClrMD walk
# (scripts/bench/ClrMdBaseline): what dotnet-dump's managed "dumpheap -stat [-live]" does, without its start-up.
baseline_name="ClrMD EnumerateObjects aggregation (scripts/bench/ClrMdBaseline)"
printf '#!/usr/bin/env bash\nexec dotnet "%s" stat "$@"\n' "$WORK/bin/baseline/ClrMdBaseline.dll" > "$WORK/bin/baseline-run"
chmod +x "$WORK/bin/baseline-run"
baseline() { "$WORK/bin/baseline-run" "$WORK/$1.dmp" ${2:-}; }
# SOS itself, the peer users know: the repository's local dotnet-dump (dotnet-tools.json, restored by scripts/setup.sh),
# "dumpheap -stat [-live]" on the same dumps. sos-run <dump> [-live]; sos-table <dump> [-live] prints its table as the
# baseline's "count<TAB>bytes<TAB>type" lines (MethodTables of one name added up, the Free row left out).
sos_version=""
if (cd "$repo" && dotnet tool run dotnet-dump --version) > "$WORK/out/sos.version" 2>/dev/null; then
  sos_version=$(head -1 "$WORK/out/sos.version")
  cat > "$WORK/bin/sos-run" <<EOS
#!/usr/bin/env bash
cd "$repo" || exit 1
if [ "\${2:-}" = -live ]; then exec dotnet tool run dotnet-dump analyze "\$1" -c "dumpheap -stat -live" -c exit; fi
exec dotnet tool run dotnet-dump analyze "\$1" -c "dumpheap -stat" -c exit
EOS
  chmod +x "$WORK/bin/sos-run"
else
  echo "   SOS: the local dotnet-dump tool is not restored (run scripts/setup.sh): no SOS rows"
fi
sos_table() {
  "$WORK/bin/sos-run" "$WORK/$1.dmp" ${2:-} | awk '
    /^ *MT +Count +TotalSize +Class Name/ { table = 1; next }
    /^Total / { table = 0 }
    table && $1 ~ /^[0-9a-fA-F]+$/ && NF >= 4 {
      count = $2; bytes = $3; gsub(",", "", count); gsub(",", "", bytes)
      name = $0; sub(/^ *[0-9a-fA-F]+ +[0-9,]+ +[0-9,]+ /, "", name)
      if (name == "Free") next
      c[name] += count; b[name] += bytes
    }
    END { for (n in c) printf "%d\t%d\t%s\n", c[n], b[n], n }'
}

echo "== machine: $cpu_model, $cores cores, $memory_gb GB, load average $load_start"
echo "== baseline: $baseline_name"
measure base.tiny "$WORK/bin/baseline-run" "$WORK/tiny.dmp"
measure base.walk "$WORK/bin/baseline-run" "$WORK/walk.dmp"
measure base.walk.live "$WORK/bin/baseline-run" "$WORK/walk.dmp" -live
measure base.many "$WORK/bin/baseline-run" "$WORK/many.dmp"
measure base.many.live "$WORK/bin/baseline-run" "$WORK/many.dmp" -live
if [ -n "$sos_version" ]; then
  echo "== SOS (dotnet-dump $sos_version)"
  measure sos.tiny "$WORK/bin/sos-run" "$WORK/tiny.dmp"
  measure sos.walk "$WORK/bin/sos-run" "$WORK/walk.dmp"
  measure sos.walk.live "$WORK/bin/sos-run" "$WORK/walk.dmp" -live
  measure sos.many "$WORK/bin/sos-run" "$WORK/many.dmp"
  measure sos.many.live "$WORK/bin/sos-run" "$WORK/many.dmp" -live
fi
echo "== MemAnalyzer"
measure ma.tiny "${MA[@]}" -f "$WORK/tiny.dmp" -dts -silent
measure ma.walk.dts "${MA[@]}" -f "$WORK/walk.dmp" -dts -silent
measure ma.walk.dtn "${MA[@]}" -f "$WORK/walk.dmp" -dtn -silent
if "${MA[@]}" --help | grep -q -- "-fragmentation"; then
  measure ma.walk.frag "${MA[@]}" -f "$WORK/walk.dmp" -fragmentation -silent
fi
measure ma.walk.live "${MA[@]}" -f "$WORK/walk.dmp" -dts -live -silent
measure ma.walk.handles "${MA[@]}" -f "$WORK/walk.dmp" -handles -silent
measure ma.walk.finalizable "${MA[@]}" -f "$WORK/walk.dmp" -finalizable -silent
measure ma.walk.inspections "${MA[@]}" -f "$WORK/walk.dmp" -inspections -silent
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
measure ma.walk.retained "${MA[@]}" -f "$WORK/walk.dmp" -dts -live -retained -silent
# The same without huge pages for the managed heap (Linux/HugePages.cs), so that each run measures what they give.
measure ma.walk.retained.4k env MEMANALYZER_HUGEPAGES=0 "${MA[@]}" -f "$WORK/walk.dmp" -dts -live -retained -silent
measure ma.walk.roots "${MA[@]}" -f "$WORK/walk.dmp" -dts 1 -live -roots MemAnalyzer.TestTargets.LeakyApp.DataInstance -silent
measure ma.cache.roots "${MA[@]}" -f "$WORK/cache.dmp" -dts 1 -roots MemAnalyzer.TestTargets.LeakyApp.Cache.CachedItem -silent
measure ma.walk.suspects "${MA[@]}" -f "$WORK/walk.dmp" -suspects -silent
measure ma.walk.objects "${MA[@]}" -f "$WORK/walk.dmp" -objects 'MemAnalyzer.TestTargets.LeakyApp.DataInstance[]' 1 -silent
# The index (a second question of the same dump): index-run fresh|warm <args>, with a cache folder of its own; fresh
# empties it first, so that every run of the first question writes the index anew.
cat > "$WORK/bin/index-run" <<EOS
#!/usr/bin/env bash
[ "\$1" = fresh ] && rm -rf "$WORK/cache/memanalyzer"
shift
exec env -u MEMANALYZER_NOINDEX XDG_CACHE_HOME="$WORK/cache" "${MA[0]}" "\$@"
EOS
chmod +x "$WORK/bin/index-run"
measure ma.walk.index.write "$WORK/bin/index-run" fresh -f "$WORK/walk.dmp" -dts -live -retained -silent
index_bytes=$(stat -c %s "$WORK"/cache/memanalyzer/*.maidx)
measure ma.walk.index.retained "$WORK/bin/index-run" warm -f "$WORK/walk.dmp" -dts -live -retained -silent
measure ma.walk.index.roots "$WORK/bin/index-run" warm -f "$WORK/walk.dmp" -dts 1 -live -roots MemAnalyzer.TestTargets.LeakyApp.DataInstance -silent
measure ma.walk.index.suspects "$WORK/bin/index-run" warm -f "$WORK/walk.dmp" -suspects -silent
measure ma.walk.index.objects "$WORK/bin/index-run" warm -f "$WORK/walk.dmp" -objects 'MemAnalyzer.TestTargets.LeakyApp.DataInstance[]' 1 -silent
for args in "-dts -live -retained" "-suspects"; do
  # shellcheck disable=SC2086
  cmp -s <("${MA[@]}" -f "$WORK/walk.dmp" $args -silent) <("$WORK/bin/index-run" warm -f "$WORK/walk.dmp" $args -silent) \
    || { echo "error: $args from the index differs from the same view built anew" >&2; exit 1; }
done
echo "   index of the walkthrough dump: $index_bytes bytes; outputs from the index equal to those built anew"
# -sql and -export (issue 44): the README's dumpheap -stat recipe without the index, writing the kept tables (fresh) and
# reading them (warm); an export of every table, replaced on each run.
sql_query="SELECT type, count(*) AS count, sum(size) AS bytes FROM objects GROUP BY type ORDER BY bytes DESC, type"
measure ma.walk.sql "${MA[@]}" -f "$WORK/walk.dmp" -sql "$sql_query" -silent
measure ma.walk.sql.write "$WORK/bin/index-run" fresh -f "$WORK/walk.dmp" -sql "$sql_query" -silent
sql_kept_bytes=$(cat "$WORK"/cache/memanalyzer/*.sql.maidx.db | wc -c)
measure ma.walk.sql.kept "$WORK/bin/index-run" warm -f "$WORK/walk.dmp" -sql "$sql_query" -silent
cmp -s <("${MA[@]}" -f "$WORK/walk.dmp" -sql "$sql_query" -silent) <("$WORK/bin/index-run" warm -f "$WORK/walk.dmp" -sql "$sql_query" -silent) \
  || { echo "error: -sql from the kept tables differs from the same query over a walk" >&2; exit 1; }
echo "   kept SQL tables of the walkthrough dump: $sql_kept_bytes bytes; the query's rows from them equal to a walk's"
# A second query naming the live columns (retained, dominator): the objects' rows walked, their columns from the index.
columns_query="SELECT address, type, retained FROM objects WHERE live AND dominator IS NULL ORDER BY retained DESC, address LIMIT 10"
measure ma.walk.sql.kept.columns "$WORK/bin/index-run" warm -f "$WORK/walk.dmp" -sql "$columns_query" -silent
cmp -s <("${MA[@]}" -f "$WORK/walk.dmp" -sql "$columns_query" -silent) <("$WORK/bin/index-run" warm -f "$WORK/walk.dmp" -sql "$columns_query" -silent) \
  || { echo "error: -sql of the live columns from the kept tables differs from the same query over a walk" >&2; exit 1; }
# A query naming refs reads the graph with its references (15M rows on the walkthrough dump): without the index, as the
# first query keeping the tables and the references, and as a second query that reads the kept references.
refs_query="SELECT count(*) AS refs, count(field) AS named FROM refs"
measure ma.walk.sql.refs "${MA[@]}" -f "$WORK/walk.dmp" -sql "$refs_query" -silent
measure ma.walk.sql.write.refs "$WORK/bin/index-run" fresh -f "$WORK/walk.dmp" -sql "$refs_query" -silent
measure ma.walk.sql.kept.refs "$WORK/bin/index-run" warm -f "$WORK/walk.dmp" -sql "$refs_query" -silent
measure ma.walk.export "${MA[@]}" -f "$WORK/walk.dmp" -export "$WORK/out/export" -overwrite -silent
measure ma.walk.export.kept "$WORK/bin/index-run" warm -f "$WORK/walk.dmp" -export "$WORK/out/export" -overwrite -silent
measure jit.tiny "${JIT[@]}" -f "$WORK/tiny.dmp" -dts -silent
measure jit.walk.dts "${JIT[@]}" -f "$WORK/walk.dmp" -dts -silent
measure jit.walk.live "${JIT[@]}" -f "$WORK/walk.dmp" -dts -live -silent

# A live target: the same walkthrough heap, analyzed with -pid; the pause comes from MemAnalyzer's own note.
start_target "$WORK/bin/leakyapp/LeakyApp.dll" walkthrough --count "$COUNT"
measure ma.pid "${MA[@]}" -pid "$target_pid" -dts
pauses=()
for _ in $(seq 1 "$RUNS"); do
  "${MA[@]}" -pid "$target_pid" -dts > /dev/null 2> "$WORK/out/pid.err"
  pauses+=("$(grep -o 'suspended for [0-9,]* ms' "$WORK/out/pid.err" | tr -dc '0-9')")
done
pause_ms=$(printf '%s\n' "${pauses[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
pause_min=$(printf '%s\n' "${pauses[@]}" | sort -n | head -1); pause_max=$(printf '%s\n' "${pauses[@]}" | sort -n | tail -1)
echo "   pause of the live target: median ${pause_ms} ms (runs: ${pauses[*]})"

declare -A OBJECTS HEAP
for d in walk walk10 after many tiny; do OBJECTS[$d]=$(heap_objects "$d"); HEAP[$d]=$(heap_bytes "$d"); done
walk_bytes=${HEAP[walk]}; walk_objects=${OBJECTS[walk]}; many_bytes=${HEAP[many]}; many_objects=${OBJECTS[many]}
walk10_objects=${OBJECTS[walk10]}
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
goal_rows=()
# goal <text> <value> <limit> <ge|le>: prints the goal's line and keeps it for the results file
goal() {
  local v; v=$(verdict "$2" "$3" "$4")
  printf '   %-58s %8s  %-8s\n' "$1" "$2" "$v"
  goal_rows+=("$(printf 'goal\t%s\t%s\t%s %s\t%s' "$1" "$2" "$([ "$4" = ge ] && echo '>=' || echo '<=')" "$3" "$v")")
}
goal "histogram >= 5x faster than baseline (walkthrough, total)" "$hist_ratio" 5 ge
goal "  same, walk only" "$hist_walk_ratio" 5 ge
goal "histogram >= 5x faster than baseline (many types, total)" "$many_ratio" 5 ge
goal "  same, walk only" "$many_walk_ratio" 5 ge
goal "-live >= 5x faster than baseline -live (walkthrough)" "$live_ratio" 5 ge
goal "-live >= 5x faster than baseline -live (many types)" "$many_live_ratio" 5 ge
goal "-live <= 2x our histogram (total)" "$live_vs_hist" 2 le
goal "  same, walk only" "$live_vs_hist_walk" 2 le
goal "dump-vs-dump diff <= 1.3x one analysis" "$diff_ratio" 1.3 le
goal "peak RSS (MB), walkthrough <= 300 MB + heap/16 = $rss_limit MB" "$rss_worst" "$rss_limit" le
goal "peak RSS (MB), many types <= 300 MB + heap/16 = $many_rss_limit MB" "$many_rss_worst" "$many_rss_limit" le
goal "10x objects ($walk10_objects -> $walk_objects) <= 11x time (total)" "$linear" 11 le
goal "  JIT build: histogram vs baseline (total)" "$(r "${MEDIAN[base.walk]}" "${MEDIAN[jit.walk.dts]}")" 5 ge
goal "  JIT build: -live vs its histogram (total)" "$(r "${MEDIAN[jit.walk.live]}" "${MEDIAN[jit.walk.dts]}")" 2 le
goal "live pause <= the same walk from a dump (pause / -dts total)" "$pause_ratio" 1 le
if [ -n "$sos_version" ]; then
  goal "histogram vs SOS dumpheap -stat (walkthrough, total)" "$(r "${MEDIAN[sos.walk]}" "${MEDIAN[ma.walk.dts]}")" 5 ge
  goal "-live vs SOS dumpheap -stat -live (walkthrough, total)" "$(r "${MEDIAN[sos.walk.live]}" "${MEDIAN[ma.walk.live]}")" 5 ge
  goal "histogram vs SOS dumpheap -stat (many types, total)" "$(r "${MEDIAN[sos.many]}" "${MEDIAN[ma.many.dts]}")" 5 ge
fi
retained_limit=$(( 300 + walk_bytes / 8 / 1048576 ))
goal "-retained <= 3x our -live (walkthrough, total)" "$(r "${MEDIAN[ma.walk.retained]}" "${MEDIAN[ma.walk.live]}")" 3 le
goal "-fragmentation <= 2x our histogram (one more walk, total)" "$(r "${MEDIAN[ma.walk.frag]}" "${MEDIAN[ma.walk.dts]}")" 2 le
goal "-handles <= 1.5x our -live (walkthrough, total)" "$(r "${MEDIAN[ma.walk.handles]}" "${MEDIAN[ma.walk.live]}")" 1.5 le
goal "-inspections <= 2x our -live (one walk beyond the mark, total)" "$(r "${MEDIAN[ma.walk.inspections]}" "${MEDIAN[ma.walk.live]}")" 2 le
goal "peak RSS of -inspections <= 2x -live's" "$(r "${RSS[ma.walk.inspections]}" "${RSS[ma.walk.live]}")" 2 le
goal "-roots <= 1.5x our -live (walkthrough, total)" "$(r "${MEDIAN[ma.walk.roots]}" "${MEDIAN[ma.walk.live]}")" 1.5 le
goal "peak RSS (MB) of -retained <= 300 MB + heap/8 = $retained_limit MB" "${RSS[ma.walk.retained]}" "$retained_limit" le
goal "second question: -retained from the index <= 3 s (walkthrough, total)" "${MEDIAN[ma.walk.index.retained]}" 3 le
goal "first -sql (keeping the tables) <= 1.5x -retained (total)" "$(r "${MEDIAN[ma.walk.sql.write]}" "${MEDIAN[ma.walk.retained]}")" 1.5 le
goal "second -sql (from the kept tables) <= 1 s (total)" "${MEDIAN[ma.walk.sql.kept]}" 1 le
goal "peak RSS of the first -sql <= 1.5x -retained's" "$(r "${RSS[ma.walk.sql.write]}" "${RSS[ma.walk.retained]}")" 1.5 le
goal "first -sql naming refs (no index) <= 1.5x -retained (total)" "$(r "${MEDIAN[ma.walk.sql.refs]}" "${MEDIAN[ma.walk.retained]}")" 1.5 le
goal "second -sql naming the live columns (objects walked, columns from the index) <= 1 s (total)" "${MEDIAN[ma.walk.sql.kept.columns]}" 1 le
goal "first -sql naming refs, keeping the tables and references <= 1.5x -retained (total)" "$(r "${MEDIAN[ma.walk.sql.write.refs]}" "${MEDIAN[ma.walk.retained]}")" 1.5 le
goal "second -sql naming refs (from the kept references) <= 1 s (total)" "${MEDIAN[ma.walk.sql.kept.refs]}" 1 le
goal "-export from the kept tables and references <= 2x -retained (total)" "$(r "${MEDIAN[ma.walk.export.kept]}" "${MEDIAN[ma.walk.retained]}")" 2 le
goal "peak RSS of -export <= 1.5x -retained's" "$(r "${RSS[ma.walk.export]}" "${RSS[ma.walk.retained]}")" 1.5 le
goal "-export <= 2x -retained (total)" "$(r "${MEDIAN[ma.walk.export]}" "${MEDIAN[ma.walk.retained]}")" 2 le
goal "second question: -suspects from the index <= 3 s (walkthrough, total)" "${MEDIAN[ma.walk.index.suspects]}" 3 le
goal "first question: -retained writing the index <= 1.3x -retained (total)" "$(r "${MEDIAN[ma.walk.index.write]}" "${MEDIAN[ma.walk.retained]}")" 1.3 le
goal "index bytes per live object (walkthrough)" "$(r "$index_bytes" "$walk_objects")" 40 le

echo
echo "== exactness: MemAnalyzer's per-type counts and bytes against the baseline"
status=0
check() {
  local dump=$1 selection=${2:-}
  local label="$dump${selection:+ $selection}"
  baseline "$dump" $selection > "$WORK/out/expected.tsv" 2>/dev/null
  "${MA[@]}" -f "$WORK/$dump.dmp" -dts 1000000000 -silent $selection > "$WORK/out/actual.txt"
  echo " $label:"
  if dotnet "$WORK/bin/baseline/ClrMdBaseline.dll" compare "$WORK/out/expected.tsv" "$WORK/out/actual.txt" > "$WORK/out/compare.txt"; then
    check_rows+=("$(printf 'check\t%s\tequal\t%s' "$label" "$(tail -1 "$WORK/out/compare.txt" | sed 's/^ *//')")")
  else
    status=1
    check_rows+=("$(printf 'check\t%s\tDIFFER\t%s' "$label" "$(tail -1 "$WORK/out/compare.txt" | sed 's/^ *//')")")
  fi
  cat "$WORK/out/compare.txt"
}
check_rows=()
check walk; check walk -live; check many; check many -live
if [ -n "$sos_version" ]; then
  # The all-objects tables against SOS itself (-live differs from SOS by design: frozen objects and roots SOS misses).
  baseline() { sos_table "$1" ${2:-}; }
  check_sos() { local before=${#check_rows[@]}; check "$1"; check_rows[$before]=$(sed "s/^check\t$1\t/check\t$1 vs SOS\t/" <<<"${check_rows[$before]}"); }
  check_sos walk; check_sos many
fi
[ "$status" -eq 0 ] && echo "== counts equal" || echo "== COUNTS DIFFER"

# The results file: one record per line, its kind in the first column (see the header lines it starts with).
{
  printf '# MemAnalyzer benchmark results, written by scripts/bench.sh; render with scripts/bench-table.sh\n'
  printf '# meta\t<key>\t<value>\n'
  printf '# dump\t<name>\t<objects>\t<heap bytes>\t<file bytes>\t<made by>\n'
  printf '# case\t<key>\t<description>\t<median s>\t<min s>\t<max s>\t<ratio: baseline median / this median, or ->\t<peak RSS MB>\n'
  printf '# goal\t<goal>\t<value>\t<limit>\t<verdict>\n'
  printf '# check\t<dump and selection>\t<equal|DIFFER>\t<comparison>\n'
  printf 'meta\tmode\t%s\n' "$mode"
  printf 'meta\tcommit\t%s\n' "$commit"
  printf 'meta\tstarted\t%s\n' "$started"
  printf 'meta\tfinished\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf 'meta\tcpu\t%s\n' "$cpu_model"
  printf 'meta\tcores\t%s\n' "$cores"
  printf 'meta\tmemory_gb\t%s\n' "$memory_gb"
  printf 'meta\tload_average_start\t%s\n' "$load_start"
  printf 'meta\tload_average_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  printf 'meta\tkernel\t%s\n' "$(uname -sr)"
  printf 'meta\tdotnet_runtime\t%s\n' "$(basename "$(dirname "$createdump")")"
  printf 'meta\truns\t%s\n' "$RUNS"
  printf 'meta\tcount\t%s\n' "$COUNT"
  printf 'meta\tbaseline\t%s\n' "$baseline_name"
  printf 'meta\tsos\t%s\n' "${sos_version:-not measured}"
  printf 'meta\tfixed_cost_s\tMemAnalyzer %s, baseline %s\n' "$ma_fixed" "$base_fixed"
  printf 'meta\trss\tlargest sum of VmRSS over the process tree sampled every 20 ms, or the largest descendant'"'"'s own peak (scripts/bench/peak-rss.py)\n'
  for d in walk walk10 after many tiny; do
    printf 'dump\t%s\t%s\t%s\t%s\t%s\n' "$d" "${OBJECTS[$d]}" "${HEAP[$d]}" "$(stat -c %s "$WORK/$d.dmp")" "${MADE_BY[$d]}"
  done
  for key in "${measured[@]}"; do
    ratio=-; [ -n "${VERSUS[$key]:-}" ] && ratio=$(r "${MEDIAN[${VERSUS[$key]}]}" "${MEDIAN[$key]}")
    printf 'case\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$key" "${DESCRIPTION[$key]}" "${MEDIAN[$key]}" "${MIN[$key]}" "${MAX[$key]}" "$ratio" "${RSS[$key]}"
  done
  printf 'case\tpause\tpause of the live target (MemAnalyzer'"'"'s note)\t%s\t%s\t%s\t-\t-\n' \
    "$(awk -v m="$pause_ms" 'BEGIN { printf "%.3f", m / 1000 }')" "$(awk -v m="$pause_min" 'BEGIN { printf "%.3f", m / 1000 }')" "$(awk -v m="$pause_max" 'BEGIN { printf "%.3f", m / 1000 }')"
  printf '%s\n' "${goal_rows[@]}" "${check_rows[@]}"
} > "$results"
echo "== results written to $results"
if [ "$SCALE" = 1 ]; then
  # The 10M-object dumps go first: the scale rows need the disk.
  rm -f "$WORK"/*.dmp
  NATIVE_DIR=$(dirname "$native") scripts/bench/scale.sh || status=1
fi
exit "$status"
