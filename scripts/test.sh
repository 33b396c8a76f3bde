#!/usr/bin/env bash
# Runs every test of every module (unit tests with Surefire, integration tests with Failsafe) after
# installing what the build needs. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec mvn -B -ntp verify "$@"
