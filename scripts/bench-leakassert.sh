#!/usr/bin/env bash
# What MemAnalyzer.Testing's assertions cost in a test process of about 100,000 objects, as a user gets the package:
# MemAnalyzer.Testing packed into a folder, the xUnit consumer (MemAnalyzer.Tests/TestTargets/LeakAssertConsumer)
# restored from it, and its CostTests run alone RUNS times (default 3). Each run prints a passing Released's time, a
# failing one's (the dump and its analysis included), the test process's resident size before and its peak during the
# failing one (rss_before: once the process has been dumped, which faults in the memory its GC committed; rss_undumped:
# before that). Goals (issue #43): passing <= 100 ms, failing <= 5 s on a 2-core machine, peak <= 2x the size before.
# Run it on a quiet machine: the suite checks the memory (LeakAssertPackageTests), only this script the times.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
work=$(mktemp -d /tmp/memanalyzer-bench-leakassert.XXXXXX)
trap 'rm -rf "$work"' EXIT
version="1.0.0-bench.$(date -u +%Y%m%d%H%M%S).$$"

dotnet build MemAnalyzer.Testing -c Release --nologo -v q >/dev/null
dotnet pack MemAnalyzer.Testing -c Release --no-build -p:BuildProjectReferences=false -o "$work/feed" -p:PackageVersion="$version" --nologo -v q >/dev/null
cp -r MemAnalyzer.Tests/TestTargets/LeakAssertConsumer "$work/consumer"
rm -rf "$work/consumer/bin" "$work/consumer/obj"
cat > "$work/consumer/nuget.config" <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration><packageSources><add key="memanalyzer-packed" value="$work/feed" /></packageSources></configuration>
XML
export NUGET_PACKAGES="$work/packages" MEMANALYZER_KEEPDUMP=${MEMANALYZER_KEEPDUMP:-0}
dotnet build "$work/consumer" -c Release -p:MemAnalyzerTestingVersion="$version" --nologo -v q >/dev/null

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(git rev-parse --short HEAD)"
printf '%-4s %12s %12s %16s %16s %14s %8s\n' run passing_ms failing_ms rss_undumped_MB rss_before_MB peak_MB peak/rss
for run in $(seq 1 "$RUNS"); do
  dotnet test "$work/consumer" -c Release --no-build --nologo -v q -p:MemAnalyzerTestingVersion="$version" \
    --filter "FullyQualifiedName~CostTests" >/dev/null
  cost=$(head -1 "$work/consumer/bin/Release/net10.0/cost.txt"); [ -n "${VERBOSE:-}" ] && echo "$cost"
  field() { sed -E "s/.*$1=([0-9]+).*/\1/" <<<"$cost"; }
  awk -v r="$run" -v p="$(field passing_ms)" -v f="$(field failing_ms)" -v u="$(field rss_undumped_kb)" -v b="$(field rss_before_kb)" -v k="$(field peak_kb)" \
    'BEGIN { printf "%-4s %12d %12d %16.0f %16.0f %14.0f %8.2f\n", r, p, f, u/1024, b/1024, k/1024, k/b }'
done
echo "goals: passing <= 100 ms, failing <= 5000 ms, peak/rss <= 2"
