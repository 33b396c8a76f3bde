#!/usr/bin/env bash
# Builds the project and runs the Laplace AMR demo; arguments are passed to the demo (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
mvn -B -q -ntp -DskipTests install
mvn -B -q -ntp -pl adaptive-mesh dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
exec java -cp "adaptive-mesh/target/classes:$(cat adaptive-mesh/target/classpath.txt)" \
  org.amrbalance.mesh.demo.LaplaceDemo "$@"
