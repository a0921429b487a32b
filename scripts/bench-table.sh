#!/usr/bin/env bash
# Renders a results file of scripts/bench.sh as the README's markdown tables, naming the file, commit, date and machine.
#
#   scripts/bench-table.sh [results.tsv]            # print the markdown (default: the newest non-quick bench-results/*.tsv)
#   scripts/bench-table.sh --readme [results.tsv]   # put it into README.md between the bench-table markers
set -euo pipefail
cd "$(dirname "$0")/.."

readme=0
if [ "${1:-}" = --readme ]; then readme=1; shift; fi
results=${1:-$(ls bench-results/*.tsv 2>/dev/null | grep -v -- '-quick\.tsv$' | sort | tail -1 || true)}
[ -n "$results" ] && [ -f "$results" ] || { echo "error: no results file (run scripts/bench.sh, or name one)" >&2; exit 1; }

render() {
  awk -F'\t' -v file="$results" '
    function n(x,   s, r) { s = sprintf("%d", x); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
    function mb(x) { return x < 10 * 1048576 ? sprintf("%.1f MB", x / 1048576) : n(x / 1048576) " MB" }
    $1 == "meta" { meta[$2] = $3 }
    $1 == "dump" { dumps[++nd] = $0 }
    $1 == "case" { cases[++nc] = $0 }
    $1 == "goal" { goals[++ng] = $0 }
    $1 == "check" { checks[++nk] = $0 }
    END {
      printf "<!-- rendered by scripts/bench-table.sh from %s -->\n", file
      printf "From [%s](%s): commit `%s`, %s to %s, %s mode, runs per case: %s (median, min and max).\n", \
        file, file, meta["commit"], meta["started"], meta["finished"], meta["mode"], meta["runs"]
      printf "Machine: %s, %s cores, %s GB, %s, .NET %s; load average %s at the start, %s at the end.\n", \
        meta["cpu"], meta["cores"], meta["memory_gb"], meta["kernel"], meta["dotnet_runtime"], meta["load_average_start"], meta["load_average_end"]
      printf "Baseline: %s. Fixed cost (tiny dump): %s s.\n", meta["baseline"], meta["fixed_cost_s"]
      if (meta["mode"] != "full") printf "\n**A %s run: its figures measure nothing, it only checks the plumbing.**\n", meta["mode"]
      printf "\n| dump | made by | objects | heap | file |\n| --- | --- | --- | --- | --- |\n"
      for (i = 1; i <= nd; i++) { split(dumps[i], d, "\t"); printf "| %s | `%s` | %s | %s | %s |\n", d[2], d[6], n(d[3]), mb(d[4]), mb(d[5]) }
      printf "\n| case | median | min – max | baseline ÷ this | peak RSS |\n| --- | --- | --- | --- | --- |\n"
      for (i = 1; i <= nc; i++) {
        split(cases[i], c, "\t")
        printf "| %s | %.2f s | %.2f – %.2f s | %s | %s |\n", c[3], c[4], c[5], c[6], (c[7] == "-" ? "" : c[7] "×"), (c[8] == "-" ? "" : n(c[8]) " MB")
      }
      printf "\n| goal | value | limit | verdict |\n| --- | --- | --- | --- |\n"
      for (i = 1; i <= ng; i++) { split(goals[i], g, "\t"); printf "| %s | %s | %s | %s |\n", g[2], g[3], g[4], (g[5] == "met" ? "met" : "**" g[5] "**") }
      printf "\nExactness against the baseline:"
      for (i = 1; i <= nk; i++) { split(checks[i], k, "\t"); printf "%s %s: %s", (i > 1 ? ";" : ""), k[2], (k[3] == "equal" ? k[4] : "**" k[4] "**") }
      printf ".\n"
    }' "$results"
}

if [ "$readme" = 0 ]; then
  render
  exit 0
fi
if [ "$(awk -F'\t' '$1 == "meta" && $2 == "mode" { print $3 }' "$results")" != full ]; then
  echo "error: $results is not a full run (QUICK=1 figures mean nothing): not putting it into README.md" >&2
  exit 1
fi
grep -q '^<!-- bench-table:begin -->$' README.md && grep -q '^<!-- bench-table:end -->$' README.md \
  || { echo "error: README.md has no <!-- bench-table:begin --> / <!-- bench-table:end --> lines" >&2; exit 1; }
table=$(mktemp)
render > "$table"
awk -v table="$table" '
  /^<!-- bench-table:begin -->$/ { print; while ((getline line < table) > 0) print line; skip = 1; next }
  /^<!-- bench-table:end -->$/ { skip = 0 }
  !skip' README.md > README.md.new
mv README.md.new README.md
rm -f "$table"
echo "README.md: tables from $results"
