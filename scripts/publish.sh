#!/usr/bin/env bash
# Publishes MemAnalyzer to OUTDIR as one Native AOT executable, OUTDIR/MemAnalyzer (no .NET runtime needed to run it;
# it starts in milliseconds and runs its isolated analysis child as itself), with collect-dacs.sh beside it.
# Needs the .NET 10 SDK, clang and zlib1g-dev (scripts/setup.sh installs them). AOT and trim warnings are errors.
# Usage: [PIE=1] scripts/publish.sh OUTDIR
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: scripts/publish.sh OUTDIR" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
out=$1
mkdir -p "$out"
out=$(cd "$out" && pwd)
if ! command -v dotnet >/dev/null 2>&1; then
  echo "error: the .NET 10 SDK is required to publish MemAnalyzer (dotnet not found on PATH)" >&2
  exit 1
fi
if ! command -v clang >/dev/null 2>&1 || [ ! -e /usr/include/zlib.h ]; then
  echo "error: the Native AOT link needs clang and zlib1g-dev: run scripts/setup.sh (or apt-get install clang zlib1g-dev)" >&2
  exit 1
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# TrimmerSingleWarn=false: a library's AOT or trim warnings are shown one by one, not folded into IL2104/IL3053.
# PIE=1: a position-independent executable (loads at a random address; starts ~15 ms slower, see MemAnalyzer.csproj).
pie=()
if [ "${PIE:-0}" = 1 ]; then
  pie=(-p:PositionIndependentExecutable=true -p:IlcDehydrate=true)
fi
if ! dotnet publish MemAnalyzer -c Release -r linux-x64 -p:PublishAot=true -p:TrimmerSingleWarn=false "${pie[@]}" \
    -p:TreatWarningsAsErrors=true -p:IlcTreatWarningsAsErrors=true --nologo -v q -o "$out" >"$log" 2>&1; then
  cat "$log" >&2
  echo "error: the Native AOT publish failed (see above)" >&2
  exit 1
fi
# DuckDB.NET.Data's own warnings (its LIST/MAP/STRUCT readers) come folded into one IL2104/IL3053 (MemAnalyzer.csproj):
# MemAnalyzer reads no such column through them (SqlResult turns every value into text or a number). Any other fails.
warnings=$(grep "warning IL" "$log" | grep -v "Assembly 'DuckDB.NET.Data' produced" || true)
if [ -n "$warnings" ]; then
  echo "$warnings" >&2
  echo "error: the Native AOT publish reported AOT or trim warnings (see above)" >&2
  exit 1
fi
# libduckdb.so (about 70 MB) stays beside the executable: -sql and -export load it, nothing else does.
[ -f "$out/libduckdb.so" ] || { echo "error: the publish left no libduckdb.so beside MemAnalyzer (DuckDB.NET.Data.Full)" >&2; exit 1; }
# The native debug symbols are large and not needed to run.
rm -f "$out/MemAnalyzer.dbg"
chmod +x "$out/MemAnalyzer" "$out/collect-dacs.sh"
echo "$out/MemAnalyzer"
