#!/usr/bin/env bash
# Installs the system packages the project needs and a fresh Debian machine may lack:
# a Java runtime (17 or newer) for DynamoDB Local and Chromium for the end-to-end tests.
# Safe to run again: it installs only what is missing.
set -euo pipefail

missing=()

java_major() {
  java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1
}
if ! command -v java >/dev/null 2>&1 || [ "$(java_major)" -lt 17 ]; then
  missing+=(openjdk-17-jre-headless)
fi

# A headless browser for the end-to-end suite: CHROME_PATH, or a system Chromium, or Debian's.
if [ -z "${CHROME_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  missing+=(chromium)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "installing system packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
