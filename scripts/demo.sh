#!/usr/bin/env bash
# The main job on a built-in example: starts the sample target (a leaky app with known object counts),
# analyzes the live process, writes a heap dump of it, and analyzes the dump with -live and -dead.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'kill "${target_pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

# The installed MemAnalyzer when there is one (scripts/install.sh), else a fresh Native AOT publish (2-5 minutes).
if command -v MemAnalyzer >/dev/null 2>&1 && [ "${DEMO_PUBLISH:-0}" != 1 ]; then
  native=$(command -v MemAnalyzer)
  echo "== using the installed MemAnalyzer $native (DEMO_PUBLISH=1 publishes a fresh one instead)"
else
  echo "== publishing MemAnalyzer (the native binary scripts/install.sh installs) into $work/memanalyzer"
  native=$(scripts/publish.sh "$work/memanalyzer")
fi
echo "== building the sample target (LeakyApp)"
dotnet build MemAnalyzer.Tests/TestTargets/LeakyApp/LeakyApp.csproj -c Release -o "$work/leakyapp" --nologo -v q >/dev/null
memanalyzer() { "$native" "$@"; }
echo "   using $native ($("$native" --version))"

mkfifo "$work/stdin"
dotnet "$work/leakyapp/LeakyApp.dll" roots < "$work/stdin" > "$work/target.out" &
target_pid=$!
exec 3> "$work/stdin"
until grep -q READY "$work/target.out" 2>/dev/null; do sleep 0.2; done

echo "== MemAnalyzer -pid $target_pid -dts 10          (live process, top 10 types by bytes)"
memanalyzer -pid "$target_pid" -dts 10

dump="$work/leakyapp.dmp"
"$(dirname "$(readlink -f "$(command -v dotnet)")")"/shared/Microsoft.NETCore.App/*/createdump --withheap -f "$dump" "$target_pid" >/dev/null
echo
echo "== MemAnalyzer -f leakyapp.dmp -dtn 10 -live     (the dump: reachable objects by count)"
memanalyzer -f "$dump" -dtn 10 -live
echo
echo "== MemAnalyzer -f leakyapp.dmp -dead -dtn 5      (what the next full GC would free)"
memanalyzer -f "$dump" -dead -dtn 5
