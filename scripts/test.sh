#!/usr/bin/env bash
# Runs every test of every module (unit tests with Surefire, integration tests with Failsafe) after
# installing what the build needs. Exits non-zero on any failure.
#
#   scripts/test.sh           the default run
#   scripts/test.sh --soak    the same with the long soaks: 20,000 mutated inputs per reader instead of 2,000
# Other arguments go to Maven (e.g. -pl readers -am).
set -euo pipefail
cd "$(dirname "$0")/.."
args=()
for arg in "$@"; do
  if [ "$arg" = --soak ]; then
    args+=(-Damrbalance.fuzz.mutations=20000)
  else
    args+=("$arg")
  fi
done
scripts/setup.sh
exec mvn -B -ntp verify "${args[@]}"
