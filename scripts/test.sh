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
rm -rf "$results"

if [ "$total" -eq 0 ] && [ "$status" -eq 0 ]; then
  echo "error: no test was run" >&2
  status=1
fi
echo "$passed passed, $failed failed, $skipped skipped"
exit "$status"
