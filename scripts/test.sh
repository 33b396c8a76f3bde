#!/usr/bin/env bash
# Runs every test of every module (unit tests with Surefire, integration tests with Failsafe) after
# installing what the build needs. Exits non-zero on any failure.
#
#   scripts/test.sh           the default run: the unit lane (*Test, Surefire) and the integration lane (*IT, Failsafe:
#                             paper reproductions, golden numbers, fuzzing, runs on MPJ Express ranks)
#   scripts/test.sh --fast    the unit lane only (with the build's checks)
#   scripts/test.sh --soak    the default run with the long soaks: 20,000 mutated inputs per reader instead of 2,000
# Other arguments go to Maven (e.g. -pl readers -am).
set -euo pipefail
cd "$(dirname "$0")/.."
args=()
for arg in "$@"; do
  if [ "$arg" = --soak ]; then
    args+=(-Damrbalance.fuzz.mutations=20000)
  elif [ "$arg" = --fast ]; then
    args+=(-DskipITs)
  else
    args+=("$arg")
  fi
done
scripts/setup.sh
exec mvn -B -ntp verify "${args[@]}"
