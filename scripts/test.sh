#!/usr/bin/env bash
# Every check of the project: lint and formatting, types, OpenAPI lint, unit tests, production
# build, browser tests.
# Each step leaves a JSON report in test-results/ so scripts/test-summary.mjs can total them.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
rm -rf test-results
mkdir -p test-results
failed=0

check() {
  local name=$1 started=$SECONDS
  shift
  echo "::: $name"
  "$@"
  local status=$?
  echo "::: $name finished in $((SECONDS - started)) s"
  if [ $status -eq 0 ]; then
    echo '{"numPassedTests":1,"numFailedTests":0}' >"test-results/check-$name.json"
  else
    echo '{"numPassedTests":0,"numFailedTests":1}' >"test-results/check-$name.json"
    failed=1
  fi
}

bash scripts/install-chromium.sh
check lint npm run lint
check typecheck npm run typecheck
check openapi npm run lint:openapi
check build npm run build

projects=(--project unit --project integration --project e2e --project e2e-cms)
# Without a fresh build the browser tests would test stale pages, so only unit tests run.
if [ -f test-results/check-build.json ] && grep -q '"numFailedTests":1' test-results/check-build.json; then
  projects=(--project unit --project integration)
fi
npx vitest run "${projects[@]}" --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest.json || failed=1

node scripts/test-summary.mjs test-results
exit $failed
