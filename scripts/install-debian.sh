#!/usr/bin/env bash
# Installs the Debian packages the tests start, those missing (needs root or sudo): Chromium for
# the browser tests, redis-server for the shared sandbox store's, nginx for the reverse proxy's
# (deploy/nginx.conf), Python with pip for the Python library's (sdks/python), PHP with its curl
# and zip extensions and Composer for the PHP library's (sdks/php). One apt run for all of them,
# so the package lists are fetched once.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server >/dev/null || missing+=(redis-server)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v python3 >/dev/null || missing+=(python3)
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
command -v php >/dev/null || missing+=(php-cli)
php -m 2>/dev/null | grep -qix curl || missing+=(php-curl)
php -m 2>/dev/null | grep -qix zip || missing+=(php-zip)
command -v composer >/dev/null || missing+=(composer)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
sudo=''
if [ "$(id -u)" -ne 0 ]; then sudo='sudo'; fi
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
