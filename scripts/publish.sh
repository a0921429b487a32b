#!/usr/bin/env bash
# Publishes MemAnalyzer to OUTDIR: the executable OUTDIR/MemAnalyzer (an apphost over a ReadyToRun-compiled,
# framework-dependent build: it needs the .NET 10 runtime, not the SDK), its libraries, and collect-dacs.sh beside it.
# Usage: scripts/publish.sh OUTDIR
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
# ReadyToRun precompiles MemAnalyzer and its libraries, so start-up JITs less; fall back to a plain publish where the
# registry does not serve the crossgen package.
if ! dotnet publish MemAnalyzer -c Release -r linux-x64 --self-contained false -p:PublishReadyToRun=true --nologo -v q -o "$out" >/dev/null 2>&1; then
  dotnet publish MemAnalyzer -c Release -r linux-x64 --self-contained false --nologo -v q -o "$out" >/dev/null
fi
chmod +x "$out/MemAnalyzer" "$out/collect-dacs.sh"
echo "$out/MemAnalyzer"
