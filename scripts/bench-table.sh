#!/usr/bin/env bash
# Renders a results file of scripts/bench.sh as markdown tables, naming the file, commit, date and machine.
#
#   scripts/bench-table.sh [results.tsv]            # print the markdown (default: the newest non-quick bench-results/*.tsv)
#   scripts/bench-table.sh --write [results.tsv]    # the full tables into docs/performance.md (bench-table markers)
#                                                   # and the short table into README.md (bench-summary markers)
# The newest scale results (bench-results/*-scale*.tsv, from SCALE=1 or SCALE=only; SCALE_RESULTS names another) are
# rendered after them: the 10M-object rows of the results file beside the 100M-object rows, with the growth and goals.
set -euo pipefail
cd "$(dirname "$0")/.."

readme=0
if [ "${1:-}" = --write ] || [ "${1:-}" = --readme ]; then readme=1; shift; fi
# Newest by the run's start time (its "started" line), not by name: names sort by commit hash within a day.
newest() { for f in "$@"; do printf '%s\t%s\n' "$(awk -F'\t' '$1 == "meta" && $2 == "started" { print $3 }' "$f")" "$f"; done | sort | tail -1 | cut -f2; }
results=${1:-$(newest $(ls bench-results/*.tsv 2>/dev/null | grep -v -e '-quick\.tsv$' -e '-scale[-0-9]*\.tsv$') || true)}
scale_results=${SCALE_RESULTS:-$(newest $(ls bench-results/*-scale*.tsv 2>/dev/null) || true)}
[ -n "$results" ] && [ -f "$results" ] || { echo "error: no results file (run scripts/bench.sh, or name one)" >&2; exit 1; }

render() {
  awk -F'\t' -v file="$results" -v up="${LINK_PREFIX:-}" '
    function n(x,   s, r) { s = sprintf("%.0f", x); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
    function mb(x) { return x < 10 * 1048576 ? sprintf("%.1f MB", x / 1048576) : n(x / 1048576) " MB" }
    function sec(x) { return x < 1 ? sprintf("%.3f", x) : sprintf("%.2f", x) }
    $1 == "meta" { meta[$2] = $3 }
    $1 == "dump" { dumps[++nd] = $0 }
    $1 == "case" { cases[++nc] = $0 }
    $1 == "goal" { goals[++ng] = $0 }
    $1 == "check" { checks[++nk] = $0 }
    END {
      printf "<!-- rendered by scripts/bench-table.sh from %s -->\n", file
      printf "From [%s](%s%s): commit `%s`, %s to %s, %s mode, runs per case: %s (median, min and max).\n", \
        file, up, file, meta["commit"], meta["started"], meta["finished"], meta["mode"], meta["runs"]
      printf "Machine: %s, %s cores, %s GB, %s, .NET %s; load average %s at the start, %s at the end.\n", \
        meta["cpu"], meta["cores"], meta["memory_gb"], meta["kernel"], meta["dotnet_runtime"], meta["load_average_start"], meta["load_average_end"]
      printf "Baseline: %s. Fixed cost (tiny dump): %s s.\n", meta["baseline"], meta["fixed_cost_s"]
      if (meta["mode"] != "full") printf "\n**A %s run: its figures measure nothing, it only checks the plumbing.**\n", meta["mode"]
      printf "\n| dump | made by | objects | heap | file |\n| --- | --- | --- | --- | --- |\n"
      for (i = 1; i <= nd; i++) { split(dumps[i], d, "\t"); printf "| %s | `%s` | %s | %s | %s |\n", d[2], d[6], n(d[3]), mb(d[4]), mb(d[5]) }
      printf "\n| case | median | min – max | baseline ÷ this | peak RSS |\n| --- | --- | --- | --- | --- |\n"
      for (i = 1; i <= nc; i++) {
        split(cases[i], c, "\t")
        printf "| %s | %s s | %s – %s s | %s | %s |\n", c[3], sec(c[4]), sec(c[5]), sec(c[6]), (c[7] == "-" ? "" : c[7] "×"), (c[8] == "-" ? "" : n(c[8]) " MB")
      }
      printf "\n| goal | value | limit | verdict |\n| --- | --- | --- | --- |\n"
      for (i = 1; i <= ng; i++) { split(goals[i], g, "\t"); printf "| %s | %s | %s | %s |\n", g[2], g[3], g[4], (g[5] == "met" ? "met" : "**" g[5] "**") }
      printf "\nExactness against the baseline:"
      for (i = 1; i <= nk; i++) { split(checks[i], k, "\t"); printf "%s %s: %s", (i > 1 ? ";" : ""), k[2], (k[3] == "equal" ? k[4] : "**" k[4] "**") }
      printf ".\n"
    }' "$results"
  [ -n "$scale_results" ] && [ -f "$scale_results" ] && render_scale
  true
}

# The scale rows beside the 10M rows: time and peak RSS per view, growth with start-up excluded, and the issue's goals.
render_scale() {
  awk -F'\t' -v file="$scale_results" -v up="${LINK_PREFIX:-}" '
    function n(x,   s, r) { s = sprintf("%.0f", x); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
    FNR == 1 { part++ }
    part == 1 && $1 == "case" { small[$2] = $4; smallrss[$2] = $8 }
    part == 1 && $1 == "dump" && $2 == "walk" { smallobjects = $3 }
    part == 1 && $1 == "meta" { smallmeta[$2] = $3 }
    part == 2 && $1 == "meta" { meta[$2] = $3 }
    part == 2 && $1 == "case" { big[$2] = $4; bigrss[$2] = $8; bigload[$2] = $9; ratio[$2] = $7 }
    part == 2 && $1 == "dump" { objects = $3; heap = $4; filebytes = $5; madeby = $6 }
    part == 2 && $1 == "check" { checks[++nk] = $0 }
    part == 2 && $1 == "skipped" { skipped[++ns] = $2 }
    function m(x) { return x < 1e7 ? sprintf("%.1fM", x / 1e6) : sprintf("%dM", x / 1e6 + 0.5) }
    function row(label, key, divisor,   limit, growth, t, verdict, rt) {
      limit = 300 + heap / divisor / 1048576
      if (!(("ma.scale." key) in big)) { printf "| %s | %.2f s | %s MB | not run | | | %s MB | |\n", label, small["ma.walk." key], n(smallrss["ma.walk." key]), n(limit); return }
      # A 10M run within 10 ms of start-up leaves no time to grow from: no ratio, rather than a meaningless one.
      t = small["ma.walk." key] - small["ma.tiny"]
      growth = t > 0.01 ? sprintf("%.1f×", (big["ma.scale." key] - big["ma.tiny"]) / t) : "none (the 10M run is start-up)"
      verdict = (bigrss["ma.scale." key] <= limit ? "met" : "**NOT met**") ", time " \
        (slower > 1.5 ? sprintf("not comparable (fixed cost %.1f× the 10M run%ss)", slower, "\047") : (t <= 0.01 ? "not comparable" : (growth + 0 <= 11 ? "met" : "**NOT met**")))
      printf "| %s | %.2f s | %s MB | %.2f s | %s MB | %s | %s MB | %s (load %s) |\n", label, small["ma.walk." key], n(smallrss["ma.walk." key]), \
        big["ma.scale." key], n(bigrss["ma.scale." key]), growth, n(limit), verdict, bigload["ma.scale." key]
    }
    END {
      slower = big["ma.tiny"] / small["ma.tiny"]
      printf "\n#### %s and %s objects side by side\n\n", m(smallobjects), m(objects)
      printf "Scale rows from [%s](%s%s): commit `%s`, %s to %s, runs per case: %s; load average %s at the start, %s at the end (a shared machine: times are upper bounds).\n", \
        file, up, file, meta["commit"], meta["started"], meta["finished"], meta["runs"], meta["load_average_start"], meta["load_average_end"]
      printf "Dump: %s objects, %s MB heap, %s MB file (`%s`), against %s objects in the 10M rows. Peak RSS: %s. The mark%s work lists %s.\n\n", \
        n(objects), n(heap / 1048576), n(filebytes / 1048576), madeby, n(smallobjects), meta["rss"], "\047s", meta["mark_work_list"]
      printf "The %s rows: commit `%s`, load average %s at the start, fixed cost (tiny dump) %.2f s, peak RSS %s. The %s rows: fixed cost %.2f s (%.1f× slower).\n\n", \
        m(smallobjects), smallmeta["commit"], smallmeta["load_average_start"], small["ma.tiny"], \
        ("rss" in smallmeta ? smallmeta["rss"] : "of the largest single process (GNU time)"), m(objects), big["ma.tiny"], slower
      printf "| view | %s: time | %s: peak RSS | %s: time | %s: peak RSS | time growth (start-up excluded; goal <= 11×) | RSS goal at %s | verdict (load at start) |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n", \
        m(smallobjects), m(smallobjects), m(objects), m(objects), m(objects)
      row("`-dts`", "dts", 16); row("`-live`", "live", 16); row("`-dstrings`", "dstrings", 16); row("`-live -retained`", "retained", 8)
      if ("ma.scale.index.retained" in big) {
        row("`-live -retained` writing the index", "index.write", 8); row("`-live -retained` from the index", "index.retained", 8)
        row("`-suspects` from the index", "index.suspects", 8)
        printf "\nThe index of the %s-object dump: %s bytes (%.1f per object); a second question (`…from the index`) should answer in 3 s or less.\n", \
          m(objects), n(meta["index_bytes"]), meta["index_bytes"] / objects
      }
      if ("base.scale.live" in big) printf "\nBaseline at %s: histogram %.2f s (%s MB), -live %.2f s (%s MB); our histogram (`-dts`) is %s× faster (goal >= 10×), our `-live` %s× (goal >= 20×).\n", \
        m(objects), big["base.scale"], n(bigrss["base.scale"]), big["base.scale.live"], n(bigrss["base.scale.live"]), ratio["ma.scale.dts"], ratio["ma.scale.live"]
      else if ("base.scale" in big) printf "\nBaseline at %s: histogram %.2f s (%s MB); our histogram (`-dts`) is %s× faster (goal >= 10×); its -live was not run.\n", m(objects), big["base.scale"], n(bigrss["base.scale"]), ratio["ma.scale.dts"]
      if (nk > 0) { printf "Exactness at %s against the baseline:", m(objects); for (i = 1; i <= nk; i++) { split(checks[i], k, "\t"); printf "%s %s: %s", (i > 1 ? ";" : ""), k[2], (k[3] == "equal" ? k[4] : "**" k[4] "**") } printf ".\n" }
      for (i = 1; i <= ns; i++) printf "Skipped: %s.\n", skipped[i]
    }' "$results" "$scale_results"
}

# The README's short table: what a user runs, at 10M objects, against the baseline, and the 100M histogram if measured.
render_summary() {
  awk -F'\t' -v file="$results" -v scale="$scale_results" '
    function sec(x) { return x < 1 ? sprintf("%.2f", x) : sprintf("%.1f", x) }
    function n(x,   s, r) { s = sprintf("%.0f", x); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
    FILENAME == file && $1 == "meta" { meta[$2] = $3 }
    FILENAME == file && $1 == "dump" && $2 == "walk" { objects = $3 }
    FILENAME == file && $1 == "case" { t[$2] = $4; r[$2] = $7; rss[$2] = $8 }
    FILENAME == scale && $1 == "case" { big[$2] = $4; bigratio[$2] = $7 }
    FILENAME == scale && $1 == "dump" { bigobjects = $3 }
    function row(label, key, base, sos) {
      if (!(key in t)) return
      printf "| %s | %s s | %s | %s | %s MB |\n", label, sec(t[key]), (base in t ? sec(t[base]) " s (" r[key] "× faster)" : ""),
        (sos in t ? sec(t[sos]) " s (" sprintf("%.1f", t[sos] / t[key]) "× faster), " n(rss[sos]) " MB" : ""), n(rss[key])
    }
    END {
      printf "<!-- rendered by scripts/bench-table.sh from %s -->\n", file
      printf "A %s-object dump (commit `%s`, %s, %s cores, load average %s at the start), median of %s runs; the baseline is a plain ClrMD walk, SOS is the real `dotnet-dump` (`dumpheap -stat`, `-stat -live`) on the same dump. All tables, goals and earlier runs: [docs/performance.md](docs/performance.md#latest-results).\n\n", \
        n(objects), meta["commit"], substr(meta["started"], 1, 10), meta["cores"], meta["load_average_start"], meta["runs"]
      printf "| MemAnalyzer | time | baseline | SOS | peak RSS |\n| --- | --- | --- | --- | --- |\n"
      row("start-up on a tiny dump", "ma.tiny", "base.tiny", "sos.tiny")
      row("`-dts` (all objects by type)", "ma.walk.dts", "base.walk", "sos.walk")
      row("`-live`", "ma.walk.live", "base.walk.live", "sos.walk.live")
      row("`-dstrings`", "ma.walk.dstrings", "", "")
      row("diff of two dumps (10M and 5M objects)", "ma.diff", "", "")
      row("`-live -retained`", "ma.walk.retained", "", "")
      row("`-live -roots <type>`", "ma.walk.roots", "", "")
      row("`-live -retained` writing the index (first question)", "ma.walk.index.write", "", "")
      row("`-live -retained` from the index (a second question)", "ma.walk.index.retained", "", "")
      row("`-suspects` from the index", "ma.walk.index.suspects", "", "")
      row("`-sql` writing the kept tables (first query)", "ma.walk.sql.write", "", "")
      row("`-sql` from the kept tables (a second query)", "ma.walk.sql.kept", "", "")
      row("`-sql` of the live columns from the kept tables (a second query)", "ma.walk.sql.kept.columns", "", "")
      row("`-sql` naming `refs`, keeping the tables and references (first query)", "ma.walk.sql.write.refs", "", "")
      row("`-sql` naming `refs` from the kept references (a second query)", "ma.walk.sql.kept.refs", "", "")
      row("`-export` (every table as Parquet)", "ma.walk.export", "", "")
      row("`-export` from the kept tables and references", "ma.walk.export.kept", "", "")
      row("`-fragmentation`", "ma.walk.frag", "", "")
      row("`-handles`", "ma.walk.handles", "", "")
      row("`-finalizable`", "ma.walk.finalizable", "", "")
      row("`-inspections`", "ma.walk.inspections", "", "")
      if ("ma.scale.dts" in big) printf "\nAt %s objects, `-dts` takes %s s (%s× faster than the baseline).\n", n(bigobjects), sec(big["ma.scale.dts"]), bigratio["ma.scale.dts"]
      if ("ma.scale.index.retained" in big) printf "At %s objects, `-live -retained` takes %s s, %s s from the index (a second question), and `-suspects` from the index %s s.\n", n(bigobjects), sec(big["ma.scale.retained"]), sec(big["ma.scale.index.retained"]), sec(big["ma.scale.index.suspects"])
    }' "$results" ${scale_results:+"$scale_results"}
}

# Replaces the lines between <!-- NAME:begin --> and <!-- NAME:end --> of FILE by the output of a command.
write_between() {
  local file=$1 name=$2; shift 2
  grep -q "^<!-- $name:begin -->\$" "$file" && grep -q "^<!-- $name:end -->\$" "$file" \
    || { echo "error: $file has no <!-- $name:begin --> / <!-- $name:end --> lines" >&2; exit 1; }
  local table; table=$(mktemp)
  "$@" > "$table"
  awk -v table="$table" -v begin="<!-- $name:begin -->" -v end="<!-- $name:end -->" '
    $0 == begin { print; while ((getline line < table) > 0) print line; skip = 1; next }
    $0 == end { skip = 0 }
    !skip' "$file" > "$file.new"
  mv "$file.new" "$file"
  rm -f "$table"
}

if [ "$readme" = 0 ]; then
  render
  exit 0
fi
if [ "$(awk -F'\t' '$1 == "meta" && $2 == "mode" { print $3 }' "$results")" != full ]; then
  echo "error: $results is not a full run (QUICK=1 figures mean nothing): not putting it into the documentation" >&2
  exit 1
fi
LINK_PREFIX=../ write_between docs/performance.md bench-table render
write_between README.md bench-summary render_summary
echo "docs/performance.md and README.md: tables from $results"
