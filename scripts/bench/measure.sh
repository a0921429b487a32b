# shellcheck shell=bash
# measure <key> <command...>: runs the command MEASURE_RUNS (else RUNS) times through scripts/bench/peak-rss.py and
# records, under <key>, the median, min and max wall seconds, the largest peak RSS (MB) of the process tree and the
# 1-minute load average when the case started; stdout and stderr of the last run go to $WORK/out/<key>.out/.err.
# Sourced by scripts/bench.sh and scripts/bench/scale.sh, which declare the associative arrays
# MEDIAN MIN MAX RSS LOAD, the array measured, and set repo and WORK.
measure() {
  local key=$1; shift
  measured+=("$key")
  LOAD[$key]=$(cut -d' ' -f1 /proc/loadavg)
  local times=() rss=0 seconds kb
  for _ in $(seq 1 "${MEASURE_RUNS:-$RUNS}"); do
    "$repo/scripts/bench/peak-rss.py" -o "$WORK/out/time" "$@" > "$WORK/out/$key.out" 2> "$WORK/out/$key.err"
    read -r seconds kb < <(tail -1 "$WORK/out/time")
    times+=("$seconds")
    [ "$kb" -gt "$rss" ] && rss=$kb
  done
  mapfile -t sorted < <(printf '%s\n' "${times[@]}" | sort -g)
  MEDIAN[$key]=${sorted[$(( (${#sorted[@]} - 1) / 2 ))]}
  MIN[$key]=${sorted[0]}
  MAX[$key]=${sorted[-1]}
  RSS[$key]=$((rss / 1024))
  printf '   %-22s median %7.3f s  min %7.3f  max %7.3f  peak RSS %6d MB  (load %s)\n' "$key" "${MEDIAN[$key]}" "${MIN[$key]}" "${MAX[$key]}" "${RSS[$key]}" "${LOAD[$key]}"
}
