#!/usr/bin/env bash
# Mutation testing (Stryker.NET) of the code the unit tests reach quickly. Not part of CI: scripts/test.sh
# does not call it. Usage:
#
#   scripts/mutate.sh [area ...]      areas: analysis trend memorymap csv cli retention dominators paths scratch
#                                     (default: all but the last three, whose files retention includes)
#   scripts/mutate.sh --list          the areas and the files each one mutates
#
# The chosen areas are mutated in ONE Stryker run on MemAnalyzer/MemAnalyzer.csproj with
# MemAnalyzer.Tests/MemAnalyzer.Tests.csproj (its build, initial test run and the compilation of the mutated assembly
# take about 7 minutes on the shared 2-core machine, so they are paid once), mutating only those areas' files and
# running only the unit tests (namespace MemAnalyzer.Tests.Unit: the end-to-end and integration tests start real
# processes and are far too slow to run once per mutant), less the time-boxed fuzz tests (MemAnalyzer.Tests.Unit.Fuzz). The report is then split per area by file.
#
# Time budget: the run is stopped by `timeout` after the sum of the chosen areas' budgets (the per-area seconds
# below, measured at --concurrency 1 on the 2-core machine with room to spare; MUTATE_BUDGET overrides the sum).
# A run stopped that way reports no score.
# Environment:
#   MUTATE_CONCURRENCY  Stryker's --concurrency (default 1: the machine is shared)
#   MUTATE_BUDGET       seconds for the whole run, instead of the sum of the areas' budgets
#   MUTATE_LEVEL        Stryker's --mutation-level (default Standard)
#   MUTATE_REPORT       a mutation-report.json to summarize instead of running Stryker
#   MUTATE_FILTER       Stryker's --test-case-filter (default: the unit tests without the fuzz tests, see below; an
#                       area run alone may narrow it, see tests[] below)
#
# Reports: StrykerOutput/<areas>/reports/mutation-report.{html,json} (git-ignored), log in StrykerOutput/<areas>/.
# Each area gets one line
#   mutation <area>: score S% (killed K, survived S, timeout T, no coverage N, compile error C, ignored I)
# with its survivors and uncovered mutants listed under it (file:line mutator: replacement). The score is Stryker's:
# (killed + timeout) / (killed + timeout + survived + no coverage).
set -uo pipefail
set -f  # the area file globs are Stryker's, not the shell's
cd "$(dirname "$0")/.."
root=$(pwd)

declare -A files budget
files[analysis]="Analysis/Ranking.cs Analysis/SnapshotDiff.cs Analysis/TopNQuery.cs Analysis/TypeFilter.cs"
files[trend]="Trend/*.cs"
files[memorymap]="MemoryMap/MemoryClassifier.cs MemoryMap/SmapsParser.cs MemoryMap/VmmapCsvParser.cs"
files[csv]="Output/Csv/CsvBlock.cs"
files[cli]="Cli/RequestBuilder.cs Cli/SwitchValues.cs Cli/ArgumentNormalizer.cs"
files[retention]="Retention/*.cs"
# The part of retention that issue 35 rewrote (Semi-NCA, the dominator tree and the builder's size bookkeeping): it fits
# a budget where the whole of Retention/ does not.
files[dominators]="Retention/SemiNca.cs Retention/DepthFirstNumbering.cs Retention/Predecessors.cs Retention/DominatorTree.cs Retention/TypeRetention.cs Retention/ObjectSizes.cs Retention/ObjectSizeCollector.cs"
# The files of Retention/ that issue 47 rewrote for a second -roots (the graph read back without references, the
# counts of the types asked for, the chain cache).
files[paths]="Retention/ObjectGraph.cs Retention/RootPaths.cs Retention/TypeRootPaths.cs"
# The files of Retention/ that issue 47 rewrote so that the dominators' arrays are memory written before (the reading's
# chunks carved from arrays lent afterwards, faulted in on the idle core).
files[scratch]="Retention/ScratchArrays.cs Retention/EdgeBuffer.cs Retention/DominatorTree.cs"
# Seconds per area: the build and the initial unit-test run take about two minutes of that.
budget[analysis]=600
budget[trend]=900
budget[memorymap]=900
budget[csv]=420
budget[cli]=1200
budget[retention]=1800
budget[dominators]=2400  # measured 1,476 s on 2026-11-27 (load 20-33 during the build)
budget[scratch]=2400
budget[paths]=2700  # 219 mutants: stopped at 1,500 s on 2026-11-29 (with issue 47's tests), no score
# The tests an area run alone is mutation-tested with, when narrower than all the unit tests. dominators: the
# retention unit tests less the slow ones. Every test that builds a dominator tree covers nearly every mutant of
# these files, so each mutant ran about 90 s of tests (the 3,000 naive-dominator graphs, 600 brute-force graphs,
# 300 released-reference graphs, three graphs of 300,000 to 1,000,000 objects): the 232 mutants would have taken
# hours (a first run was stopped by hand after 40 minutes, with no score). Kept: the hand-written graphs, batch 0 of the naive comparison (100 graphs), seeds 1-3 of each
# brute-force theory and DominatorMutationTests (about 9 s for all 68 in Release). The score is thus a lower bound
# of what the whole unit suite would give.
declare -A tests
tests[dominators]='FullyQualifiedName~MemAnalyzer.Tests.Unit.Retention.'\
'&FullyQualifiedName!~ALongChainNeedsNoRecursion'\
'&FullyQualifiedName!~ADoublyLinkedListWhoseNodesPointBackToTheirListIsNotQuadratic'\
'&FullyQualifiedName!~OnALargeRandomGraphEveryReachableByteIsRetainedByTheOnlyType'\
'&FullyQualifiedName!~DominatorsComputedWhileReleasingTheReferencesEqualThoseComputedKeepingThem'\
'&(FullyQualifiedName!~DominatorsAgainstNaiveTests|DisplayName~batch: 0\))'\
'&(FullyQualifiedName!~DominatorBruteForceTests.OnRandom|DisplayName~seed: 1\)|DisplayName~seed: 2\)|DisplayName~seed: 3\))'
# paths and scratch: the same retention unit tests as dominators.
tests[paths]=${tests[dominators]}
tests[scratch]=${tests[dominators]}
order=(analysis trend memorymap csv cli retention)
# Areas not in the default run (their files are in another area already).
extra=(dominators paths scratch)

if [ "${1:-}" = "--list" ]; then
  for a in "${order[@]}" "${extra[@]}"; do echo "$a (${budget[$a]} s): ${files[$a]}"; done
  exit 0
fi

areas=("$@")
[ ${#areas[@]} -eq 0 ] && areas=("${order[@]}")
for a in "${areas[@]}"; do
  if [ -z "${files[$a]+x}" ]; then
    echo "error: unknown area '$a' (areas: ${order[*]} ${extra[*]})" >&2
    exit 2
  fi
done

concurrency=${MUTATE_CONCURRENCY:-1}
level=${MUTATE_LEVEL:-Standard}
# The unit tests, less the fuzz tests: each of those runs for its full 2-second budget and asserts only that no
# parser throws, so every mutant they reach would cost seconds per fuzz test and kill almost nothing.
filter="FullyQualifiedName~MemAnalyzer.Tests.Unit.&FullyQualifiedName!~MemAnalyzer.Tests.Unit.Fuzz."
[ ${#areas[@]} -eq 1 ] && [ -n "${tests[${areas[0]}]+x}" ] && filter=${tests[${areas[0]}]}
filter=${MUTATE_FILTER:-$filter}
dotnet tool restore >/dev/null || { echo "error: dotnet tool restore failed (dotnet-stryker)" >&2; exit 1; }

# Prints the summary line and the survivors of one area's JSON report.
summarize() {
  local area=$1 report=$2 regex=$3
  jq -r --arg area "$area" --arg re "$regex" '
    [.files | to_entries[] | select(.key | test($re)) | .key as $f | .value.mutants[] | {f: $f, s: .status, l: .location.start.line,
      m: .mutatorName, r: (.replacement // "")}] as $all
    | def n(s): [$all[] | select(.s == s)] | length;
      (n("Killed")) as $k | (n("Survived")) as $sv | (n("Timeout")) as $t | (n("NoCoverage")) as $nc
    | (n("CompileError")) as $ce | (n("Ignored")) as $ig
    | (if ($k + $t + $sv + $nc) > 0 then (($k + $t) * 10000 / ($k + $t + $sv + $nc) | round / 100) else 0 end) as $score
    | "mutation \($area): score \($score)% (killed \($k), survived \($sv), timeout \($t), no coverage \($nc), compile error \($ce), ignored \($ig))",
      ($all[] | select(.s == "Survived" or .s == "NoCoverage")
        | "  \(.s | ascii_downcase) \(.f | sub(".*/MemAnalyzer/"; "")):\(.l) \(.m): \(.r | gsub("\n"; " ") | .[0:100])")
  ' "$report"
}

# MUTATE_REPORT=<mutation-report.json>: only print the per-area lines of an existing report.
if [ -n "${MUTATE_REPORT:-}" ]; then
  for a in "${areas[@]}"; do
    regex=$(for f in ${files[$a]}; do f=${f//./\\.}; printf '%s|' "(^|/)${f//\*/[^/]*}\$"; done)
    summarize "$a" "$MUTATE_REPORT" "${regex%|}"
  done
  exit 0
fi

# One Stryker run for all the chosen areas: the build, the initial test run and the compilation of the mutated
# assembly (about 7 minutes on the shared 2-core machine) are paid once; the report is then split per area by file.
args=()
seconds=0
for a in "${areas[@]}"; do
  for f in ${files[$a]}; do args+=(--mutate "**/$f"); done
  seconds=$((seconds + ${budget[$a]}))
done
seconds=${MUTATE_BUDGET:-$seconds}
name=$(IFS=-; echo "${areas[*]}")
[ "${areas[*]}" = "${order[*]}" ] && name=all
out="$root/StrykerOutput/$name"
rm -rf "$out"
mkdir -p "$out"
echo "== mutation ${areas[*]} (budget ${seconds} s, concurrency $concurrency, tests $filter, log $out/stryker.log)"
start=$(date +%s)
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- MemAnalyzer MemAnalyzer.Tests || echo "+changes")
(cd MemAnalyzer.Tests && timeout -k 30 "$seconds" nice -n 10 dotnet stryker \
  --project MemAnalyzer.csproj \
  --test-project MemAnalyzer.Tests.csproj \
  --test-case-filter "$filter" \
  --concurrency "$concurrency" \
  --mutation-level "$level" \
  --reporter Progress --reporter Html --reporter Json \
  --output "$out" \
  --skip-version-check \
  "${args[@]}") >"$out/stryker.log" 2>&1
rc=$?
elapsed=$(( $(date +%s) - start ))
report="$out/reports/mutation-report.json"
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
  echo "mutation ${areas[*]}: stopped by the time budget (${seconds} s), no score"
  exit 1
elif [ ! -f "$report" ]; then
  echo "mutation ${areas[*]}: Stryker failed (exit $rc), no report; see $out/stryker.log"
  tail -n 20 "$out/stryker.log"
  exit 1
fi

summaries=()
for a in "${areas[@]}"; do
  regex=$(for f in ${files[$a]}; do f=${f//./\\.}; printf '%s|' "(^|/)${f//\*/[^/]*}\$"; done)
  summary=$(summarize "$a" "$report" "${regex%|}")
  echo "$summary"
  summaries+=("$(head -n 1 <<<"$summary")")
done
echo
echo "== mutation summary (commit $commit as built at the start, $(date -u -d @"$start" +%Y-%m-%dT%H:%MZ), ${elapsed} s, concurrency $concurrency)"
printf '%s\n' "${summaries[@]}"
