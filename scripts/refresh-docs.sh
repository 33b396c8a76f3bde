#!/usr/bin/env bash
# Regenerates the figures and tables of README.md and docs/ from the commands that produce them, and splices each
# generated Markdown table into its page between the markers
#   <!-- generated: NAME -->  ...  <!-- end generated -->
#
#   scripts/refresh-docs.sh            balancing quality on the bundled hierarchies and the trigger comparison
#                                      (deterministic, about three minutes)
#   scripts/refresh-docs.sh --bench    also the JMH benchmarks (half an hour; quiet machine): the scale targets of
#                                      docs/benchmarks.md, the full summary and CSV files in docs/results/
set -euo pipefail
cd "$(dirname "$0")/.."

bench=""
for arg in "$@"; do
  case "$arg" in
    --bench) bench=1 ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "refresh-docs: unknown option $arg (see --help)" >&2; exit 2 ;;
  esac
done

scripts/setup.sh
mvn -B -q -ntp -DskipTests package
jar=experiments/target/amrbalance.jar
D=readers/src/test/resources/hierarchies
inputs=$D/enzo_IsolatedGalaxy_galaxy0030.hierarchy,$D/chombo_testGrids.2d,$D/chombo_testGrids.3d,$D/amrex_pelelmex_2d_Header
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# splice PAGE NAME FILE: replaces the lines between the markers of NAME in PAGE by FILE.
splice() {
  local page=$1 name=$2 file=$3
  grep -q "^<!-- generated: $name -->\$" "$page" || { echo "refresh-docs: no marker for $name in $page" >&2; exit 1; }
  awk -v name="$name" -v file="$file" '
    $0 == "<!-- generated: " name " -->" { print; while ((getline line < file) > 0) print line; skip = 1; next }
    skip && $0 == "<!-- end generated -->" { skip = 0 }
    !skip { print }' "$page" > "$tmp/page" && cat "$tmp/page" > "$page"
}

# Every balancer on the bundled hierarchies (README), against the cut-to-cells bound (docs/real-hierarchies.md), and
# total against level-synchronous efficiency (docs/grid-indivisibility.md).
java -jar $jar balance --balancer all --ranks 16,64,1024 --markdown --input "$inputs" > "$tmp/balance.md"
splice README.md balance-all "$tmp/balance.md"
java -jar $jar reproduce real-hierarchies --out docs/results
splice docs/benchmarks.md real-hierarchies-scaling docs/results/real-hierarchies-scaling.md
splice docs/real-hierarchies.md real-hierarchies-quality docs/results/real-hierarchies-quality.md
splice docs/real-hierarchies.md real-hierarchies-options docs/results/real-hierarchies-options.md
splice docs/grid-indivisibility.md real-hierarchies-efficiency docs/results/real-hierarchies-efficiency.md

# Balancers side by side on generated and real 2-D hierarchies (docs/grid-packing-experiments.md; seconds).
java -jar $jar reproduce compare-balancers --out docs/results
splice docs/grid-packing-experiments.md compare-balancers docs/results/compare-balancers-summary.md

# Every trigger against the best fixed interval and never on the load models, with noise and spikes, on the tuning
# seeds; then the default trigger on 500 held-out replicates per row, the new rows included (deterministic; about a
# quarter of an hour on 2 cores).
java -jar $jar reproduce trigger-comparison --out docs/results
splice docs/triggers.md trigger-comparison docs/results/trigger-comparison-summary.md
splice docs/triggers.md trigger-comparison-held-out docs/results/trigger-comparison-held-out.md

# Where the adaptive trigger's loss on the two hardest rows comes from: the step of its first remap on each tuning
# replicate, and the loss with that remap forced at the best fixed interval's length (docs/triggers.md; seconds).
java -jar $jar first-remaps --row ld:sigma=0.2 --fixed 16 > docs/results/first-remaps-ld.md
java -jar $jar first-remaps --row random-walk:sigma=0.2 --fixed 40 --bin 8 > docs/results/first-remaps-random-walk.md

# How precisely one run's steps tell the load model's growth: the adaptive trigger's estimate against maximum
# likelihood on the same steps, drawn from the model it learned on each of the two rows (docs/triggers.md; a minute).
java -jar $jar fit-spread --row ld:sigma=0.2 --interval 16 --intervals 2,5,12 > docs/results/fit-spread-ld.md
java -jar $jar fit-spread --row random-walk:sigma=0.2 --interval 40 --intervals 2,5,10 \
  > docs/results/fit-spread-random-walk.md
splice docs/triggers.md fit-spread-ld docs/results/fit-spread-ld.md
splice docs/triggers.md fit-spread-random-walk docs/results/fit-spread-random-walk.md

# What each trigger keeps on 1,024 and 65,536 ranks (heap difference and saved state; half a minute).
java -Xmx4g -cp $jar org.amrbalance.experiments.bench.TriggerMemory > docs/results/trigger-memory.md
splice docs/benchmarks.md trigger-memory docs/results/trigger-memory.md

# Heap of one balance call per balancer in a fresh 1 GiB JVM (docs/benchmarks.md; half a minute): the table of the
# summary.
java -jar $jar bench --mode memory --out "$tmp/memory" > /dev/null
awk '/^\| balancer \| grids \| ranks \| status/ { t = 1 } t && /^\|/ { print; next } t { exit }' \
  "$tmp/memory/benchmarks.md" > "$tmp/memory.md"
splice docs/benchmarks.md bench-memory "$tmp/memory.md"

# The whole run's summary and CSV files go to docs/results/; the scale targets' block is spliced into its section.
# section HEADING FILE: the first bullet list or table after the line that starts with HEADING.
section() {
  awk -v h="$1" 'index($0, h) == 1 { s = 1; next } s && /^(\||- )/ { print; t = 1; next } t { exit }' "$2"
}

if [ -n "$bench" ]; then
  java -jar $jar bench --mode all --out "$tmp/bench"
  cp "$tmp/bench/benchmarks.md" "$tmp/bench/benchmarks.csv" "$tmp/bench/memory.csv" docs/results/
  splice docs/benchmarks.md bench-scale "$tmp/bench/bench-scale.md"
  for part in "bench-machine|# Balancer benchmarks" "bench-time|## Time to balance (ms per call" \
      "bench-time-real|## Time to balance the real hierarchies" "bench-triggers|## Cost of one trigger step" \
      "bench-gi-target|## Grid-indivisibility, sequential L1"; do
    section "${part#*|}" "$tmp/bench/benchmarks.md" > "$tmp/part.md"
    [ -s "$tmp/part.md" ] || { echo "refresh-docs: no '${part#*|}' in the bench summary" >&2; exit 1; }
    splice docs/benchmarks.md "${part%%|*}" "$tmp/part.md"
  done
fi
echo "refresh-docs: done; review with git diff"
