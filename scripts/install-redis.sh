#!/usr/bin/env bash
# Installs Debian's redis-server for the shared sandbox store's tests when it is missing (needs root or sudo).
set -euo pipefail
if command -v redis-server >/dev/null; then exit 0; fi
sudo=''
if [ "$(id -u)" -ne 0 ]; then sudo='sudo'; fi
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends redis-server
