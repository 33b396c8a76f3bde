#!/usr/bin/env bash
# Checks advise's prediction against a measurement on the demo: per repeat, the default demo on 1 rank (its trace and
# hierarchy series), then on 2 ranks with each balancer named; advise predicts each 2-rank run from the 1-rank trace,
# both by replaying the balancer and trigger over the series and for the very assignment the 2-rank run recorded;
# each prediction also with the machine's lockstep efficiency (`amrbalance lockstep` just before and just after each
# 2-rank run, averaged; until run 3 of docs/results/advise-check, once a repeat). The balancers run in a rotated order
# each repeat, so that no balancer always runs first or last.
# Usage: scripts/advise-check.sh [--repeat N] [--balancers a,b,...] [--output DIR] [--demo-option ...]...
#        scripts/advise-check.sh --summarize DIR [--balancers a,b,...]   (the tables again from DIR/results.csv)
# Prints one row per 2-rank run, per balancer medians, and how the error follows the 2-rank run's own work rate;
# needs an otherwise idle machine (a few minutes a repeat).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
repeat=3
balancers=sfc-hilbert
out="$root/target/advise-check"
demo_options=()
summarize=""
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat="$2"; shift 2 ;;
    --balancers) balancers="$2"; shift 2 ;;
    --output) out="$2"; shift 2 ;;
    --demo-option) demo_options+=("$2"); shift 2 ;;
    --summarize) summarize="$2"; out="$2"; shift 2 ;;
    *) echo "advise-check: unknown option $1 (try --repeat N, --balancers a,b, --output DIR, --demo-option X," \
         "--summarize DIR)" >&2
       exit 2 ;;
  esac
done
[[ "$repeat" =~ ^[1-9][0-9]*$ ]] || { echo "advise-check: --repeat = $repeat: must be a whole number >= 1" >&2; exit 2; }
results="$out/results.csv"
if [ -n "$summarize" ]; then
  [ -f "$results" ] || { echo "advise-check: --summarize $summarize: no results.csv there" >&2; exit 2; }
else
jar="$root/experiments/target/amrbalance.jar"
if [ ! -e "$jar" ] || [ -n "$(find "$root" -path "$root/.mpj" -prune -o \( -path '*/src/main/*' -o -name pom.xml \) \
    -newer "$jar" -print -quit)" ]; then
  mvn -B -q -ntp -f "$root/pom.xml" -DskipTests -Djacoco.skip=true install >&2
fi
mkdir -p "$out"
echo "repeat,balancer,measured_1_rank,measured_2_ranks,predicted_replay,predicted_recorded,work_1,work_2,outside_1,\
outside_2,lockstep_efficiency,predicted_replay_lockstep,predicted_recorded_lockstep" > "$results"

per_step() { grep -o '[0-9.]* ms per step' "$1" | head -1 | cut -d' ' -f1; }
# The machine's lockstep speedup of 2 threads over 2: how fast ranks that meet at every exchange run here now.
lockstep() { java -jar "$jar" lockstep --rounds 5 --json | sed -n 's/.*"medianLockstepSpeedup": \([0-9.eE+-]*\).*/\1/p' \
  | awk '{e = $1 / 2; printf "%.4f", (e > 1 ? 1 : e)}'; }
# "A B": seconds per unit of work and per step outside it, as advise calibrates them from trace $1 and series $2
calibration() { java -jar "$jar" advise --input "$2" --trace "$1" --ranks 1 --balancer knapsack --trigger never 2>&1 \
  | sed -n 's/.*: \([0-9.eE+-]*\) s per unit of work.* + \([0-9.eE+-]*\) s per step outside it.*/\1 \2/p'; }
# seconds per step of the JSON line of advise whose balancer (or the recorded baseline) matches $2, in ms
predicted() { grep "\"balancer\": \"$2\"" "$1" | head -1 | sed 's/.*"secondsPerStep": \([0-9.eE+-]*\).*/\1/' \
  | awk '{printf "%.1f", $1 * 1000}'; }

for r in $(seq 1 "$repeat"); do
  one="$out/r$r-1rank"
  rm -rf "$one"
  echo "advise-check: repeat $r/$repeat, 1 rank" >&2
  "$root/scripts/demo.sh" --ranks 1 --progress 1000 --trace "$one/trace.csv" --write-hierarchy "$one/h" \
    --output "$one" "${demo_options[@]}" > "$one.log" 2>&1
  # The 1-rank run's own calibration, the same for every balancer of the repeat.
  read -r w1 o1 <<< "$(calibration "$one/trace.csv" "$one/h")"
  read -r -a list <<< "${balancers//,/ }"
  order=()
  for k in "${!list[@]}"; do
    order+=("${list[$(( (k + r - 1) % ${#list[@]} ))]}")
  done
  for b in "${order[@]}"; do
    two="$out/r$r-2ranks-$b"
    rm -rf "$two"
    echo "advise-check: repeat $r/$repeat, 2 ranks, $b" >&2
    # Measured just before and just after the run, averaged: the shared machine's speed drifts within minutes.
    before=$(lockstep)
    "$root/scripts/demo.sh" --ranks 2 --balancer "$b" --progress 1000 --trace "$two/trace.csv" \
      --write-hierarchy "$two/h" --output "$two" "${demo_options[@]}" > "$two.log" 2>&1
    efficiency=$(awk -v a="$before" -v b="$(lockstep)" 'BEGIN {printf "%.4f", (a + b) / 2}')
    java -jar "$jar" advise --input "$one/h" --trace "$one/trace.csv" --ranks 2 --balancer "$b" \
      --trigger adaptive --json > "$two.replay.json" 2> /dev/null
    java -jar "$jar" advise --input "$two/h" --trace "$one/trace.csv" --ranks 2 --balancer "$b" \
      --trigger adaptive --json > "$two.recorded.json" 2> /dev/null
    java -jar "$jar" advise --input "$one/h" --trace "$one/trace.csv" --ranks 2 --balancer "$b" \
      --trigger adaptive --lockstep-efficiency "$efficiency" --json > "$two.replay-lockstep.json" 2> /dev/null
    java -jar "$jar" advise --input "$two/h" --trace "$one/trace.csv" --ranks 2 --balancer "$b" \
      --trigger adaptive --lockstep-efficiency "$efficiency" --json > "$two.recorded-lockstep.json" 2> /dev/null
    read -r w2 o2 <<< "$(calibration "$two/trace.csv" "$two/h")"
    echo "$r,$b,$(per_step "$one.log"),$(per_step "$two.log"),$(predicted "$two.replay.json" "$b"),$(predicted \
      "$two.recorded.json" "recorded by the code"),$w1,$w2,$o1,$o2,$efficiency,$(predicted "$two.replay-lockstep.json" \
      "$b"),$(predicted "$two.recorded-lockstep.json" "recorded by the code")" >> "$results"
  done
done
fi

echo "ms per step; prediction error = predicted / measured 2-rank time - 1; 'lockstep': the machine's lockstep"
echo "speedup of 2 threads over 2 (amrbalance lockstep, measured for the run), given to advise as"
echo "--lockstep-efficiency; 'work 2 / 1 rank': seconds per unit of work fitted to the 2-rank run's trace over those"
echo "fitted to the 1-rank trace; 'outside the work': ms per step of each trace's wall time outside its slowest rank's"
echo "sweeps (exchanges, waiting, regrid)"
echo
echo "| repeat | balancer | 1 rank | 2 ranks | predicted (replay) | error | predicted (recorded map) | error |\
 lockstep | predicted (replay, lockstep) | error | predicted (recorded, lockstep) | error |\
 work 2 / 1 rank | outside the work, 1 -> 2 ranks |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
tail -n +2 "$results" | awk -F, '{printf "| %s | %s | %s | %s | %s | %+.1f%% | %s | %+.1f%% | %.3f | %s | %+.1f%% | %s |\
 %+.1f%% | %.2f | %.0f -> %.0f |\n", $1, $2, $3, $4, $5, 100 * ($5 / $4 - 1), $6, 100 * ($6 / $4 - 1), $11, $12,
  100 * ($12 / $4 - 1), $13, 100 * ($13 / $4 - 1), $8 / $7, 1000 * $9, 1000 * $10}'
echo
echo "| balancer | median 2 ranks (range) | median predicted (replay) | median error (replay) |\
 median error (recorded map) | median error (replay, lockstep) | median error (recorded, lockstep) |"
echo "|---|---|---|---|---|---|---|"
rows_dir=$(mktemp -d)
trap 'rm -rf "$rows_dir"' EXIT
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
for b in ${balancers//,/ }; do
  tail -n +2 "$results" | awk -F, -v b="$b" '$2 == b {print $4, $5, $5 / $4 - 1, $6 / $4 - 1, $12 / $4 - 1,
    $13 / $4 - 1}' > "$rows_dir/$b.rows"
  pct() { cut -d' ' -f"$1" "$rows_dir/$b.rows" | median | awk '{print 100 * $1}'; }
  printf "| %s | %.1f (%.1f-%.1f) | %.1f | %+.1f%% | %+.1f%% | %+.1f%% | %+.1f%% |\n" "$b" \
    "$(cut -d' ' -f1 "$rows_dir/$b.rows" | median)" "$(cut -d' ' -f1 "$rows_dir/$b.rows" | sort -g | head -1)" \
    "$(cut -d' ' -f1 "$rows_dir/$b.rows" | sort -g | tail -1)" "$(cut -d' ' -f2 "$rows_dir/$b.rows" | median)" "$(pct 3)" \
    "$(pct 4)" "$(pct 5)" "$(pct 6)"
done
echo
# The machine's speed for the same work, one rank busy against two: each 2-rank run's own seconds per unit of work
# over its repeat's 1-rank run's. A prediction from the 1-rank run cannot know it; how much of the error it explains:
echo "work rate of each 2-rank run over its 1-rank run's (from their own traces) against the error (replay, lockstep):"
tail -n +2 "$results" | awk -F, '{x = $8 / $7; y = $12 / $4 - 1; n++; sx += x; sy += y; sxx += x * x; syy += y * y;
  sxy += x * y; if (x >= 0.95 && x <= 1.05) { near = near sprintf(" %+.1f%%", 100 * y) }
  if (x < lo || n == 1) lo = x; if (x > hi || n == 1) hi = x}
  END {r = (sxy - sx * sy / n) / sqrt((sxx - sx * sx / n) * (syy - sy * sy / n));
  printf "  %d runs, work rate %.2f-%.2f x, correlation %.2f; errors where it was within 5%% of 1:%s\n", n, lo, hi,
  r, (near == "" ? " none" : near)}'
echo
echo "raw rows: $results"
