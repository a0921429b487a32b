#!/usr/bin/env bash
# Runs the whole test suite (real dumps, real processes) and ends with "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh || exit 1

results=$(mktemp -d)
dotnet test MemAnalyzer.sln -c Release --logger "console;verbosity=normal" --logger "trx;LogFileName=results.trx" --results-directory "$results"
status=$?

# The TRX file holds the real run's counters: <Counters total=".." executed=".." passed=".." failed=".." ...>.
counter() { grep -o "<Counters [^>]*" "$results"/*.trx 2>/dev/null | grep -o " $1=\"[0-9]*\"" | grep -o "[0-9]*" | awk '{s+=$1} END {print s+0}'; }
passed=$(counter passed); failed=$(counter failed); total=$(counter total); executed=$(counter executed)
skipped=$((total - executed))

# A CI log keeps only its tail: name every failed test and the first lines of its message just above the counts.
if [ "$failed" -gt 0 ]; then
  echo "Failed tests:"
  awk '
    /<UnitTestResult / && /outcome="Failed"/ { match($0, /testName="[^"]*"/); name = substr($0, RSTART + 10, RLENGTH - 11); inResult = 1; lines = 0; inMessage = 0 }
    inResult && name != "" { print "- " name; name = "" }
    inResult && /<Message>/ { inMessage = 1; sub(/.*<Message>/, "") }
    inResult && inMessage { line = $0; done = sub(/<\/Message>.*/, "", line); if (lines < 8) print "    " line; lines++; if (done) { inMessage = 0; inResult = 0 } }
  ' "$results"/*.trx | sed -e 's/&quot;/"/g' -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&apos;/'"'"'/g' -e 's/&amp;/\&/g'
fi
rm -rf "$results"

if [ "$total" -eq 0 ] && [ "$status" -eq 0 ]; then
  echo "error: no test was run" >&2
  status=1
fi
echo "$passed passed, $failed failed, $skipped skipped"
exit "$status"
