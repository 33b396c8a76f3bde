#!/usr/bin/env bash
# Builds the project and runs the Laplace AMR demo on MPJ Express ranks; arguments are passed to the demo
# (try --help). Nothing is installed into the local Maven repository: the demo runs from the build's own jars.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
mvn -B -q -ntp -DskipTests -pl adaptive-mesh -am package dependency:build-classpath \
  -Dmdep.outputFile=target/classpath.txt
exec java -cp "adaptive-mesh/target/classes:$(cat adaptive-mesh/target/classpath.txt)" \
  org.amrbalance.mesh.demo.LaplaceDemo "$@"
