#!/usr/bin/env bash
# Runs the whole test suite (real dumps, real processes) and ends with "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh || exit 1

log=$(mktemp)
dotnet test MemAnalyzer.sln -c Release --logger "console;verbosity=normal" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# dotnet test closes each assembly with "Passed!  - Failed: F, Passed: P, Skipped: S, Total: T".
summary=$(grep -E "(Passed|Failed)! +- +Failed: +[0-9]+, Passed: +[0-9]+" "$log" | sed -E 's/.*Failed: +([0-9]+), Passed: +([0-9]+), Skipped: +([0-9]+).*/\1 \2 \3/')
failed=0; passed=0; skipped=0
while read -r f p s; do
  [ -z "${f:-}" ] && continue
  failed=$((failed + f)); passed=$((passed + p)); skipped=$((skipped + s))
done <<< "$summary"
rm -f "$log"

if [ -z "$summary" ] && [ "$status" -eq 0 ]; then
  echo "error: no test summary found in the dotnet test output" >&2
  status=1
fi
echo "$passed passed, $failed failed, $skipped skipped"
exit "$status"
