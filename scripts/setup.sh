#!/usr/bin/env bash
# Installs what the build needs on a fresh Debian machine (JDK 17 and Maven are expected; anything else
# the project needs is installed here). Safe to run again: it only installs what is missing.
#
# MPJ Express (the message-passing engine of the distributed runtime) comes from Debian's libmpj-java.
# Its starter loads ranks with a class loader over MPJ_HOME/lib, where the package lacks log4j, so a
# private MPJ_HOME is assembled in .mpj/ (lib/ with real copies of the jars, conf/ with the configuration),
# and mpj.jar is installed into the local Maven repository under fixed coordinates for the compiler.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then
    as_root apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

command -v javac >/dev/null 2>&1 || apt_install openjdk-17-jdk-headless
command -v mvn >/dev/null 2>&1 || apt_install maven
# The cluster tests make hosts as network namespaces (ip, unshare); they are skipped where that is not allowed.
if [ "$(id -u)" -eq 0 ]; then
  command -v ip >/dev/null 2>&1 || apt_install iproute2
  command -v unshare >/dev/null 2>&1 || apt_install util-linux
fi

# --- MPJ Express -------------------------------------------------------------------------------------
# Keep these coordinates in step with the MPJ dependency of adaptive-mesh/pom.xml.
MPJ_GROUP=org.mpj-express
MPJ_ARTIFACT=mpj
MPJ_VERSION=0.44
MPJ_PKG_LIB=/usr/share/mpj/lib
MPJ_PKG_CONF=/usr/share/mpj/conf/mpjexpress.conf
JAVA_SHARE=/usr/share/java
MPJ_JARS=(mpj starter daemon runtimecommon loader1 loader2 mpi mpjdev mpjbuf xdev smpdev niodev)
EXTRA_JARS=(log4j-1.2 commons-cli commons-codec commons-io)

missing=""
for jar in "${MPJ_JARS[@]}"; do [ -e "$MPJ_PKG_LIB/$jar.jar" ] || missing=1; done
for jar in "${EXTRA_JARS[@]}"; do [ -e "$JAVA_SHARE/$jar.jar" ] || missing=1; done
[ -e "$MPJ_PKG_CONF" ] || missing=1
if [ -n "$missing" ]; then
  # libmpj-java depends on log4j 1.2, commons-cli, commons-codec and commons-io; they are named so that
  # a partly removed installation is repaired too.
  apt_install libmpj-java liblog4j1.2-java libcommons-cli-java libcommons-codec-java libcommons-io-java
fi

# Copies $1 to $2 (symlinks resolved) unless $2 already holds the same bytes.
sync_file() {
  if ! cmp -s "$1" "$2"; then
    cp -L "$1" "$2.tmp.$$"
    mv -f "$2.tmp.$$" "$2"
  fi
}

MPJ_HOME_DIR=.mpj
mkdir -p "$MPJ_HOME_DIR/lib" "$MPJ_HOME_DIR/conf"
for jar in "$MPJ_PKG_LIB"/*.jar; do
  # The versioned names (mpj-0.44.jar) are the same files as the plain ones; keep the plain names only.
  case "$(basename "$jar")" in *-[0-9]*.jar) continue ;; esac
  sync_file "$jar" "$MPJ_HOME_DIR/lib/$(basename "$jar")"
done
for jar in "${EXTRA_JARS[@]}"; do
  sync_file "$JAVA_SHARE/$jar.jar" "$MPJ_HOME_DIR/lib/$jar.jar"
done
sync_file "$MPJ_PKG_CONF" "$MPJ_HOME_DIR/conf/mpjexpress.conf"

# mpj.jar for the compiler: installed into the local Maven repository when missing or different.
M2_REPO="${HOME}/.m2/repository"
if [ -f "${HOME}/.m2/settings.xml" ]; then
  custom_repo="$(sed -n 's:.*<localRepository>\(.*\)</localRepository>.*:\1:p' "${HOME}/.m2/settings.xml" | head -n 1)"
  [ -z "$custom_repo" ] || M2_REPO="$custom_repo"
fi
installed="$M2_REPO/${MPJ_GROUP//.//}/$MPJ_ARTIFACT/$MPJ_VERSION/$MPJ_ARTIFACT-$MPJ_VERSION.jar"
if ! cmp -s "$MPJ_HOME_DIR/lib/mpj.jar" "$installed"; then
  mvn -B -q -N org.apache.maven.plugins:maven-install-plugin:3.1.3:install-file \
    -Dfile="$MPJ_HOME_DIR/lib/mpj.jar" -DgroupId="$MPJ_GROUP" -DartifactId="$MPJ_ARTIFACT" \
    -Dversion="$MPJ_VERSION" -Dpackaging=jar -DgeneratePom=true
fi
