#!/usr/bin/env bash
# ESLint and Prettier side by side: each runs on one core, and the checks share nothing.
set -uo pipefail
cd "$(dirname "$0")/.."
npx eslint . &
eslint=$!
npx prettier --check .
prettier=$?
wait "$eslint"
eslint_status=$?
exit $((eslint_status || prettier))
