#!/usr/bin/env bash
# Installs Debian's nginx for the reverse proxy's test (deploy/nginx.conf) when it is missing (needs root or sudo).
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
sudo=''
if [ "$(id -u)" -ne 0 ]; then sudo='sudo'; fi
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends nginx
