#!/usr/bin/env bash
# Installs what the build needs on a fresh Debian machine (JDK 17 and Maven are expected; anything else
# the project needs is installed here). Safe to run again: it only installs what is missing.
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
