#!/usr/bin/env bash
# Builds the project when its sources changed and runs the Laplace AMR demo on MPJ Express ranks; arguments are
# passed to the demo (try --help). Relative paths (--output, --restart, --trace) are the caller's. Nothing is
# installed into the local Maven repository: the demo runs from the build's own jars.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
classpath="$root/demo/target/classpath.txt"
stamp="$root/demo/target/demo.stamp"
# Rebuild only when a source or a pom is newer than the last build (a Maven check alone takes seconds).
if [ ! -e "$stamp" ] || [ ! -e "$classpath" ] || [ -n "$(find "$root" -path "$root/.mpj" -prune -o \
    \( -path '*/src/main/*' -o -name pom.xml \) -newer "$stamp" -print -quit)" ]; then
  if [ ! -e "$stamp" ]; then
    echo "demo: building the project (the first time this downloads its dependencies and takes a minute or two)" >&2
    mvn -B -ntp -f "$root/pom.xml" -DskipTests -pl demo -am package dependency:build-classpath \
      -Dmdep.outputFile="$classpath" | grep -E '^\[INFO\] (Building|BUILD)|ERROR' >&2 || true
  else
    mvn -B -q -ntp -f "$root/pom.xml" -DskipTests -pl demo -am package dependency:build-classpath \
      -Dmdep.outputFile="$classpath"
  fi
  [ -e "$classpath" ] && [ -e "$root/demo/target/classes" ] || { echo "demo: the build failed" >&2; exit 1; }
  touch "$stamp"
fi
exec java -Dmpj.home="$root/.mpj" -cp "$root/demo/target/classes:$(cat "$classpath")" \
  org.amrbalance.mesh.demo.LaplaceDemo "$@"
