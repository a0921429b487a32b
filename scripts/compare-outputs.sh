#!/usr/bin/env bash
# Runs a fixed set of command lines over every mode against a few real test dumps and saves what each printed (stdout,
# stderr, exit code, and any CSV/JSON file it wrote), with only the genuinely variable fields normalized (timestamps,
# durations, temporary paths). For refactorings that must not change any output: run it before and after, then diff.
#
#   scripts/compare-outputs.sh OUT_DIR            # outputs of this worktree's build into OUT_DIR
#   diff -r BEFORE_DIR AFTER_DIR                  # must print nothing
#
# Environment: DUMP_DIR (default /tmp/memanalyzer-compare-dumps): the dumps are made there once (createdump --withheap
# of the test targets in MemAnalyzer.Tests/TestTargets) and reused by later runs, so before and after read the same
# files; delete it to make them anew. MA: the MemAnalyzer command to run (default: dotnet on this worktree's Release
# build, built here with BUILD=1, the default). The commands run with -silent off, so the notes on stderr are compared
# too (with the suspension time, DAC path and durations normalized). ONLY: a regular expression; only the command lines
# whose name matches it run (to compare a few views quickly; the proof of a refactoring is a run of them all).
set -euo pipefail
# Every run does the work itself: none reads an index of the dump that an earlier run wrote.
export MEMANALYZER_NOINDEX=1
cd "$(dirname "$0")/.."
repo=$(pwd)
out=${1:?usage: scripts/compare-outputs.sh OUT_DIR}
DUMP_DIR=${DUMP_DIR:-/tmp/memanalyzer-compare-dumps}
mkdir -p "$out" "$DUMP_DIR"
out=$(cd "$out" && pwd)

if [ "${BUILD:-1}" = 1 ]; then
  dotnet build MemAnalyzer -c Release --nologo -v q >/dev/null
fi
dll="$repo/MemAnalyzer/bin/Release/net10.0/MemAnalyzer.dll"
if [ -n "${MA:-}" ]; then read -r -a ma <<< "$MA"; else ma=(dotnet "$dll"); fi

# The dumps, made once.
dotnet_root=$(dirname "$(readlink -f "$(command -v dotnet)")")
createdump=$(ls -d "$dotnet_root"/shared/Microsoft.NETCore.App/*/createdump 2>/dev/null | sort -V | tail -1)
make_dump() { # make_dump <name> <project> <args...>
  local name=$1 project=$2; shift 2
  [ -s "$DUMP_DIR/$name.dmp" ] && return
  local bin="$DUMP_DIR/bin/$project"
  [ -f "$bin/$project.dll" ] || dotnet build "MemAnalyzer.Tests/TestTargets/$project" -c Release --nologo -v q -o "$bin" >/dev/null
  local log="$DUMP_DIR/$name.log"
  # The target reads commands from stdin until its end: a sleep keeps it open, and is ended with the target.
  exec 3< <(sleep 100000)
  local feeder=$!
  dotnet "$bin/$project.dll" "$@" <&3 > "$log" 2>&1 &
  exec 3<&-
  local pid=""
  for _ in $(seq 1 2400); do pid=$(awk '/^READY/{print $2; exit}' "$log" 2>/dev/null || true); [ -n "$pid" ] && break; sleep 0.25; done
  [ -n "$pid" ] || { echo "error: $project $* did not start" >&2; exit 1; }
  "$createdump" -f "$DUMP_DIR/$name.tmp" --withheap "$pid" >/dev/null
  kill "$pid" "$feeder"
  mv "$DUMP_DIR/$name.tmp" "$DUMP_DIR/$name.dmp"
}
make_dump roots LeakyApp roots
make_dump strings LeakyApp strings
make_dump walk LeakyApp walkthrough --count 20000
make_dump after LeakyAppAfter walkthrough --count 20000
make_dump retention LeakyApp retention
make_dump loadcontexts LeakyApp loadcontexts
# 5,600 types (generic instantiations) named while the walk runs: the type table's rows and their order.
make_dump many LeakyApp manytypes
# Two gcdumps of one LeakyApp (walkthrough) by the real dotnet-gcdump (a local tool: scripts/setup.sh restores it), one
# "leak" command apart, for the .gcdump backend of the type table, the diff, -suspects and -dominators.
make_gcdumps() {
  [ -s "$DUMP_DIR/second.gcdump" ] && return
  local bin="$DUMP_DIR/bin/LeakyApp"
  [ -f "$bin/LeakyApp.dll" ] || dotnet build MemAnalyzer.Tests/TestTargets/LeakyApp -c Release --nologo -v q -o "$bin" >/dev/null
  local log="$DUMP_DIR/gcdump.log" input="$DUMP_DIR/gcdump.in"
  rm -f "$input"; mkfifo "$input"
  dotnet "$bin/LeakyApp.dll" walkthrough < "$input" > "$log" 2>&1 &
  exec 4> "$input"
  local pid=""
  for _ in $(seq 1 2400); do pid=$(awk '/^READY/{print $2; exit}' "$log" 2>/dev/null || true); [ -n "$pid" ] && break; sleep 0.25; done
  [ -n "$pid" ] || { echo "error: LeakyApp walkthrough did not start" >&2; exit 1; }
  dotnet tool run dotnet-gcdump collect -p "$pid" -o "$DUMP_DIR/first-tmp.gcdump" >/dev/null
  echo leak >&4
  for _ in $(seq 1 2400); do grep -q '^LEAKED' "$log" && break; sleep 0.25; done
  dotnet tool run dotnet-gcdump collect -p "$pid" -o "$DUMP_DIR/second-tmp.gcdump" >/dev/null
  exec 4>&-
  kill "$pid" 2>/dev/null || true
  rm -f "$input"
  mv "$DUMP_DIR/first-tmp.gcdump" "$DUMP_DIR/first.gcdump"
  mv "$DUMP_DIR/second-tmp.gcdump" "$DUMP_DIR/second.gcdump"
}
make_gcdumps
# A damaged copy of the strings dump: the MethodTable of one string (the address -dstrings -showaddress prints for
# its top value) overwritten, so the raw walk steps over a damaged place in the histogram and in -dstrings alike.
if [ ! -s "$DUMP_DIR/damaged.dmp" ]; then
  address=$("${ma[@]}" -f "$DUMP_DIR/strings.dmp" -dstrings 1 -showaddress -silent | grep -o '0x[0-9a-f]\{8,\}' | head -1)
  [ -n "$address" ] || { echo "error: no string address to damage" >&2; exit 1; }
  cp "$DUMP_DIR/strings.dmp" "$DUMP_DIR/damaged.tmp"
  python3 - "$DUMP_DIR/damaged.tmp" "$address" <<'EOS'
import struct, sys
path, address = sys.argv[1], int(sys.argv[2], 16)
with open(path, "r+b") as f:
    head = f.read(64)
    phoff, = struct.unpack_from("<Q", head, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", head, 0x36)
    for i in range(phnum):
        f.seek(phoff + i * phentsize)
        kind, _, offset, vaddr, _, filesz = struct.unpack("<IIQQQQ", f.read(40))
        if kind == 1 and vaddr <= address < vaddr + filesz:
            f.seek(offset + address - vaddr)
            f.write(struct.pack("<Q", 0x00007f00dead0000))
            sys.exit(0)
sys.exit("address not in the core's PT_LOAD ranges")
EOS
  mv "$DUMP_DIR/damaged.tmp" "$DUMP_DIR/damaged.dmp"
fi

# Normalizes what differs from run to run: times and durations in notes, temporary paths, and -verbose's peak of the
# live mark's work lists (the mark runs on several threads: the peak differs between two runs of one build).
normalize() {
  sed -E \
    -e "s#$DUMP_DIR#DUMPS#g" -e "s#$out#OUT#g" \
    -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})?/TIMESTAMP/g' \
    -e 's/[0-9]+([.,][0-9]+)? ?(ms|s|seconds|minutes)\b/DURATION/g' \
    -e 's#/tmp/[A-Za-z0-9._-]+#/tmp/TEMP#g' \
    -e 's/work lists peaked at [0-9,]+ entries \([0-9,]+ bytes\)/work lists peaked at N entries (N bytes)/'
}

n=0
run() { # run <name> <args...>: one command line; its outputs go to OUT/<name>.*
  local name=$1; shift
  [[ -n "${ONLY:-}" && ! $name =~ $ONLY ]] && return 0
  n=$((n + 1))
  local files="$out/files/$name"
  rm -rf "$files"; mkdir -p "$files"
  local args=("${@//@FILES@/$files}")
  args=("${args[@]//@DUMPS@/$DUMP_DIR}")
  set +e
  "${ma[@]}" "${args[@]}" > "$out/$name.stdout" 2> "$out/$name.stderr"
  echo $? > "$out/$name.exit"
  set -e
  printf '%s\n' "${args[*]}" | normalize > "$out/$name.cmd"
  for f in "$out/$name.stdout" "$out/$name.stderr"; do normalize < "$f" > "$f.n" && mv "$f.n" "$f"; done
  for f in "$files"/*; do [ -e "$f" ] || continue; normalize < "$f" > "$f.n" && mv "$f.n" "$f"; done
  rmdir "$files" 2>/dev/null || true
  printf '  %-28s exit %s\n' "$name" "$(cat "$out/$name.exit")"
}

D=@DUMPS@
for dump in roots strings walk retention loadcontexts damaged; do
  run "$dump.dts"        -f $D/$dump.dmp -dts 50000
  run "$dump.dtn"        -f $D/$dump.dmp -dtn 50000
  run "$dump.live"       -f $D/$dump.dmp -dts 50000 -live
  run "$dump.dead"       -f $D/$dump.dmp -dts 50000 -dead
  run "$dump.dstrings"   -f $D/$dump.dmp -dstrings 200 -showaddress
  run "$dump.dstrings.live" -f $D/$dump.dmp -dstrings 200 -live
  run "$dump.dstrings.dead" -f $D/$dump.dmp -dstrings 200 -dead
done
for dump in roots retention walk; do
  run "$dump.retained"   -f $D/$dump.dmp -dts 50000 -live -retained
  run "$dump.dtr"        -f $D/$dump.dmp -dtr 200
  run "$dump.dtn.retained" -f $D/$dump.dmp -dtn 50000 -retained
done
run roots.roots          -f $D/roots.dmp -live -roots 'MemAnalyzer.TestTargets*' 5
run retention.roots      -f $D/retention.dmp -roots '*Retention*' 3
run walk.roots           -f $D/walk.dmp -dts 5 -live -roots MemAnalyzer.TestTargets.LeakyApp.DataInstance
run roots.vmmap          -f $D/roots.dmp -vmmap
# The views of the live graph and of the GC's structures.
for dump in roots retention walk; do
  run "$dump.suspects"   -f $D/$dump.dmp -suspects 5 -suspectpct 2
  run "$dump.dominators" -f $D/$dump.dmp -dominators 5 2
  run "$dump.handles"    -f $D/$dump.dmp -handles
  run "$dump.finalizable" -f $D/$dump.dmp -finalizable
  run "$dump.inspections" -f $D/$dump.dmp -inspections
  for gen in gen0 gen1 gen2 loh poh frozen; do
    run "$dump.gen.$gen" -f $D/$dump.dmp -dts 50000 -gen $gen
  done
done
run retention.objects    -f $D/retention.dmp -objects MemAnalyzer.TestTargets.LeakyApp.Retention.Customer 3
run retention.suspects.json -f $D/retention.dmp -suspects -o @FILES@/suspects.json
run retention.suspects.diff -f $D/retention.dmp -f2 $D/walk.dmp -suspects
run walk.vmmap.live      -f $D/walk.dmp -vmmap -live -unit KB
run roots.type           -f $D/roots.dmp -type 'MemAnalyzer.*Item' -dtn
run roots.filter         -f $D/roots.dmp -dts '5000;N#100' -unit MB
run diff                 -f $D/walk.dmp -f2 $D/after.dmp -dts 50000
run diff.dtn.live        -f $D/walk.dmp -f2 $D/after.dmp -dtn 50000 -live -showunchanged
run diff.dead            -f $D/walk.dmp -f2 $D/after.dmp -dead
run diff.retained        -f $D/walk.dmp -f2 $D/after.dmp -live -retained
run diff.dstrings        -f $D/walk.dmp -f2 $D/strings.dmp -dstrings 200
run diff.dstrings.dtn    -f $D/strings.dmp -f2 $D/walk.dmp -dstrings 200 -dtn -live
run diff.csv             -f $D/walk.dmp -f2 $D/after.dmp -o @FILES@/diff.csv -time fixed
run diff.json            -f $D/walk.dmp -f2 $D/after.dmp -o @FILES@/diff.json -time fixed
run diff.format.json     -f $D/walk.dmp -f2 $D/after.dmp -format json -time fixed
run csv                  -f $D/roots.dmp -o @FILES@/roots.csv -context one -time fixed
run csv.live.retained    -f $D/roots.dmp -live -retained -o @FILES@/roots.csv -context one -time fixed -sep ';' -unit KB
run csv.vmmap            -f $D/roots.dmp -vmmap -o @FILES@/roots.csv -time fixed
run csv.dstrings         -f $D/strings.dmp -dstrings 100 -o @FILES@/strings.csv -time fixed
run csv.dstrings.diff    -f $D/walk.dmp -f2 $D/strings.dmp -dstrings 100 -o @FILES@/strings.csv -time fixed
run csv.batch            -f "$D/r*.dmp" -o @FILES@/batch.csv -time fixed
# A batch's CSV blocks come in the order of the dumps (since 2026-11-29; before, in the order they finished, and this
# script sorted the rows). Its stderr still has each dump's lines as that dump ends: compare them sorted.
[ ! -f "$out/csv.batch.stderr" ] || sort -o "$out/csv.batch.stderr" "$out/csv.batch.stderr"
run json                 -f $D/roots.dmp -o @FILES@/roots.json -time fixed
run json.dead.vmmap      -f $D/roots.dmp -dead -vmmap -o @FILES@/roots.json -time fixed
run json.dstrings        -f $D/strings.dmp -dstrings 50 -o @FILES@/strings.json -time fixed
run format.json          -f $D/roots.dmp -format json -live -retained -time fixed
run format.json.dtr      -f $D/retention.dmp -format json -dtr 30 -time fixed
run roots.dead.retained  -f $D/roots.dmp -dead -retained
run format.json.dstrings -f $D/strings.dmp -format json -dstrings 30 -time fixed
run resultfile           -f $D/roots.dmp -resultfile @FILES@/result.txt -dts 3
run damaged.allow        -f $D/damaged.dmp -dts 50000 -allowdamage
run many.dts             -f $D/many.dmp -dts 50000
run many.dtn             -f $D/many.dmp -dtn 20
run many.live            -f $D/many.dmp -dts 50000 -live
run many.dead            -f $D/many.dmp -dtn 50000 -dead
run many.type            -f $D/many.dmp -type '*Holder<System.Int16*' -dtn
run many.csv             -f $D/many.dmp -o @FILES@/many.csv -time fixed
run many.json            -f $D/many.dmp -format json -time fixed
run many.diff            -f $D/many.dmp -f2 $D/walk.dmp -dts 50000
run verbose.live         -f $D/roots.dmp -dts 3 -live -verbose
# The views of their own: their diffs, their CSV and JSON rows, their thresholds.
for dump in roots walk; do
  run "$dump.fragmentation" -f $D/$dump.dmp -fragmentation
  run "$dump.handles.retained" -f $D/$dump.dmp -handles -retained -unit KB
done
run fragmentation.diff   -f $D/walk.dmp -f2 $D/after.dmp -fragmentation
run fragmentation.csv    -f $D/roots.dmp -fragmentation -o @FILES@/fragmentation.csv -time fixed
run fragmentation.json   -f $D/roots.dmp -fragmentation -format json -time fixed
run fragmentation.diff.json -f $D/walk.dmp -f2 $D/after.dmp -fragmentation -format json -time fixed
run fragmentation.diff.csv -f $D/walk.dmp -f2 $D/after.dmp -fragmentation -o @FILES@/fragmentation.csv -time fixed
run roots.modules        -f $D/roots.dmp -modules
run modules.diff         -f $D/walk.dmp -f2 $D/after.dmp -modules -showunchanged
run modules.csv          -f $D/roots.dmp -modules -o @FILES@/modules.csv -time fixed
run modules.json         -f $D/roots.dmp -modules -format json -time fixed
run modules.diff.csv     -f $D/walk.dmp -f2 $D/after.dmp -modules -o @FILES@/modules.csv -time fixed
run handles.diff         -f $D/walk.dmp -f2 $D/after.dmp -handles
run handles.diff.unchanged -f $D/walk.dmp -f2 $D/after.dmp -handles -showunchanged
run handles.csv          -f $D/roots.dmp -handles -retained -o @FILES@/handles.csv -time fixed
run handles.json         -f $D/roots.dmp -handles -format json -time fixed
run handles.diff.json    -f $D/walk.dmp -f2 $D/after.dmp -handles -format json -time fixed
run handles.diff.csv     -f $D/walk.dmp -f2 $D/after.dmp -handles -o @FILES@/handles.csv -time fixed
run finalizable.diff     -f $D/walk.dmp -f2 $D/after.dmp -finalizable -showunchanged
run finalizable.csv      -f $D/roots.dmp -finalizable -o @FILES@/finalizable.csv -time fixed -unit KB
run finalizable.json     -f $D/roots.dmp -finalizable -format json -time fixed
run finalizable.diff.json -f $D/walk.dmp -f2 $D/after.dmp -finalizable -format json -time fixed
run inspections.thresholds -f $D/retention.dmp -inspections -minhandlers 2 -sparsepct 50 -mingroup 1
run inspections.diff     -f $D/walk.dmp -f2 $D/after.dmp -inspections -showunchanged
run inspections.csv      -f $D/retention.dmp -inspections -o @FILES@/inspections.csv -time fixed
run inspections.json     -f $D/retention.dmp -inspections -format json -time fixed
run inspections.diff.json -f $D/walk.dmp -f2 $D/after.dmp -inspections -format json -time fixed
run suspects.csv         -f $D/retention.dmp -suspects -o @FILES@/suspects.csv -time fixed
run suspects.diff.json   -f $D/walk.dmp -f2 $D/after.dmp -suspects -format json -time fixed
run dominators.type      -f $D/retention.dmp -dominators 3 1 -type '*Customer'
run objects.address      -f $D/roots.dmp -objects 'MemAnalyzer.TestTargets*Item' 2
# -dstrings of a batch (the notes of its dumps come in the order they finish: -silent), its JSON, --top, a diff's JSON.
run dstrings.batch       -f "$D/r*.dmp" -dstrings 20 -silent
run dstrings.batch.json  -f "$D/r*.dmp" -dstrings 20 -format json -time fixed -silent
run dstrings.top         -f $D/strings.dmp -dstrings --top 5
run dstrings.diff.json   -f $D/walk.dmp -f2 $D/strings.dmp -dstrings 30 -format json -time fixed
# -dominators: depth 0, -live, the damage gate, the unit.
run dominators.depth0    -f $D/roots.dmp -dominators 3 0
run dominators.live.kb   -f $D/retention.dmp -dominators 4 -live -unit KB
run damaged.dominators   -f $D/damaged.dmp -dominators 3
run damaged.dominators.allow -f $D/damaged.dmp -dominators 3 -allowdamage
run gen.csv              -f $D/walk.dmp -gen gen2 -o @FILES@/gen.csv -time fixed
run gen.json             -f $D/walk.dmp -gen loh -format json -time fixed
run gen.diff             -f $D/walk.dmp -f2 $D/after.dmp -gen gen2
# .gcdump files as targets, and what a gcdump cannot answer (exit 1).
G=$D/first.gcdump G2=$D/second.gcdump
run gcdump.dts           -f $G -dts 50000
run gcdump.dtn.type      -f $G -dtn -type 'MemAnalyzer.*'
run gcdump.retained      -f $G -dts 30 -retained
run gcdump.roots         -f $G -roots MemAnalyzer.TestTargets.LeakyApp.DataInstance 2
run gcdump.csv           -f $G -o @FILES@/gcdump.csv -time fixed
run gcdump.json          -f $G -format json -time fixed
run gcdump.diff          -f $G -f2 $G2 -dts 50000
run gcdump.diff.dump     -f $G -f2 $D/walk.dmp -dtn 30
run gcdump.diff.json     -f $G -f2 $G2 -format json -time fixed
run gcdump.suspects      -f $G -suspects
run gcdump.suspects.diff -f $G -f2 $G2 -suspects
run gcdump.dominators    -f $G -dominators 5 2
for view in -dstrings -handles -finalizable -inspections -fragmentation -dead -vmmap '-gen gen2' '-objects x' '-html @FILES@/p.html'; do
  run "gcdump.refused${view%% *}" -f $G $view
done
run gcdump.refused-modules -f $G -modules
run gcdump.diff.retained -f $G -f2 $G2 -retained
# The one HTML page of an analysis (its generation time normalized).
run html.types           -f $D/roots.dmp -dts 20 -html @FILES@/page.html
run html.suspects        -f $D/retention.dmp -suspects -html @FILES@/page.html
run html.diff            -f $D/walk.dmp -f2 $D/after.dmp -html @FILES@/page.html
run html.vmmap           -f $D/roots.dmp -vmmap -retained -html @FILES@/page.html
# Switches that do not go together: each refusal's line and exit code, before any target is read.
R=$D/roots.dmp
run bad.frag.live        -f $R -fragmentation -live -gen gen0
run bad.frag.batch       -f $R -f $D/walk.dmp -fragmentation
run bad.handles.final    -f $R -handles -finalizable
run bad.handles.unchanged -f $R -handles -showunchanged
run bad.handles.retained.diff -f $R -f2 $D/walk.dmp -handles -retained
run bad.handles.batch    -f $R -f $D/walk.dmp -handles
run bad.handles.dts      -f $R -handles -dts -type x
run bad.final.retained   -f $R -finalizable -retained
run bad.final.gen        -f $R -finalizable -gen gen2
run bad.insp.threshold   -f $R -minhandlers 3
run bad.insp.value       -f $R -inspections -sparsepct 101
run bad.insp.min         -f $R -inspections -minhandlers 1
run bad.insp.mingroup    -f $R -inspections -mingroup x
run bad.insp.others      -f $R -inspections -live -dstrings -vmmap
run bad.insp.batch       -f $R -f $D/walk.dmp -inspections
run bad.insp.unchanged   -f $R -inspections -showunchanged
run bad.susp.dom         -f $R -suspects -dominators
run bad.susp.type        -f $R -suspects -type x
run bad.susp.pct         -f $R -suspectpct 5
run bad.susp.pct.value   -f $R -suspects -suspectpct 0
run bad.susp.others      -f $R -suspects -dts -gen gen0
run bad.susp.batch       -f $R -f $D/walk.dmp -suspects
run bad.dom.depth        -f $R -dominators 3 x
run bad.dom.diff         -f $R -f2 $D/walk.dmp -dominators
run bad.dom.csv          -f $R -dominators -o @FILES@/d.csv
run bad.dom.pct          -f $R -dominators -suspectpct 3
run bad.obj.diff         -f $R -f2 $D/walk.dmp -objects x
run bad.obj.top          -f $R -objects x 0
run bad.obj.switch       -f $R -objects x -o @FILES@/o.csv
run bad.obj.html         -f $R -objects x -html @FILES@/o.html
run bad.obj.empty        -f $R -objects ''
run bad.dstrings.html    -f $R -dstrings -html @FILES@/s.html
run bad.dstrings.type    -f $R -dstrings -type x
run bad.dstrings.dts     -f $R -dstrings -dts
run bad.dstrings.vmmap   -f $R -dstrings -vmmap
run bad.dstrings.resultfile -f $R -dstrings -resultfile @FILES@/r.txt
run bad.dstrings.suspects -f $R -dstrings -suspects
run bad.dstrings.gen     -f $R -dstrings -gen gen0
run bad.dstrings.retained -f $R -dstrings -retained
run bad.dstrings.unchanged -f $R -f2 $D/walk.dmp -dstrings -showunchanged
run bad.dstrings.n       -f $R -dstrings:abc
run bad.dstrings.live.dead -f $R -dstrings -live -dead
run bad.showaddress.handles -f $R -showaddress -handles
run bad.dom.handles      -f $R -dominators -handles
run bad.dom.others       -f $R -dominators -dts -gen gen0 -showunchanged
run bad.dom.top          -f $R -dominators 0
run bad.dom.depth.alone  -f $R --dominators-depth 2
run bad.dom.unit         -f $R -dominators -unit XX
run bad.dom.batch        -f $R -f $D/walk.dmp -dominators
run bad.dom.json         -f $R -dominators -format json
run bad.dom.html         -f $R -dominators -html @FILES@/d.html
run bad.gen.retained     -f $R -gen gen2 -retained
run bad.showaddress      -f $R -showaddress
run bad.unchanged        -f $R -showunchanged
run bad.live.dead        -f $R -live -dead
run bad.dts.dtn          -f $R -dts -dtn
run bad.roots.csv        -f $R -roots x -o @FILES@/r.csv
run bad.roots.top        -f $R -roots x 0
run bad.batch.diff       -f $R -f $D/walk.dmp -f2 $D/after.dmp
run bad.batch.resultfile -f $R -f $D/walk.dmp -resultfile @FILES@/r.txt
run bad.batch.html       -f $R -f $D/walk.dmp -html @FILES@/b.html
run bad.csvswitch        -f $R -sep ';'
run bad.json.sep         -f $R -format json -sep ';'
run bad.top              -f $R --top 0
run bad.trend            -trend x.csv -f $R
run bad.nothing          -dts
run bad.both             -f $R -pid 1
run bad.unknown          -f $R -bogus
run help                 -h
echo "$n command lines; outputs in $out"
