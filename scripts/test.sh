#!/usr/bin/env bash
# Every gate of the project, in order, stopping at the first that fails: lint and formatting,
# unit tests, search relevance (the query set over the built records), the production build (it
# checks the types of the whole project, tests and scripts too), the page and bundle budget,
# integration tests (real servers on localhost, the build's own server and its link checker
# among them), browser tests, the accessibility sweep, the OpenAPI lint, the load test. The
# secret scan runs with the CMS browser tests, on the builds made with fake secrets.
# Each gate prints how long it took; each leaves a JSON report in test-results/ so
# scripts/test-summary.mjs can end the run with one line, "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
rm -rf test-results
mkdir -p test-results
started_all=$SECONDS
timings=()

finish() {
  echo
  echo '::: timings'
  printf '%s\n' "${timings[@]}"
  echo "::: total $((SECONDS - started_all)) s"
  node scripts/test-summary.mjs test-results
  exit "$1"
}

# Runs one gate and records how long it took; returns its exit status.
run() {
  local name=$1 started=$SECONDS
  shift
  echo "::: $name"
  "$@"
  local status=$?
  local verdict=ok
  [ $status -eq 0 ] || verdict=FAILED
  timings+=("$(printf '%-12s %4d s  %s' "$name" $((SECONDS - started)) "$verdict")")
  return $status
}

# A gate that is a command: its exit status is its one result.
gate() {
  local name=$1
  if run "$@"; then
    echo '{"numPassedTests":1,"numFailedTests":0}' >"test-results/$name.json"
  else
    echo '{"numPassedTests":0,"numFailedTests":1}' >"test-results/$name.json"
    finish 1
  fi
}

# A gate that is a Vitest run: its report counts every test in it.
tests() {
  local name=$1
  shift
  local report="test-results/$name.json"
  run "$name" npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$report" && return
  # A run that crashed before reporting (a failed global setup, say) still counts as a failure.
  [ -f "$report" ] || echo '{"numPassedTests":0,"numFailedTests":1}' >"$report"
  finish 1
}

# Chromium (browser gates), redis-server and nginx (integration gate) come from apt: on a fresh
# machine it downloads and installs them while the first gates run.
packages_log=$(mktemp)
bash scripts/install-debian.sh >"$packages_log" 2>&1 &
packages_install=$!

# Waits for that install (its timing is the wait left over); shows its output only if it failed.
packages_ready() {
  if run packages wait "$packages_install"; then
    rm -f "$packages_log"
    return
  fi
  cat "$packages_log"
  echo 'Installing Debian packages failed: the integration and browser gates cannot run.'
  echo '{"numPassedTests":0,"numFailedTests":1}' >test-results/packages.json
  finish 1
}

gate lint npm run lint
tests unit --project unit
gate relevance npm run test:relevance
# Standalone output too, so the deployment test runs that folder without a second build.
gate build env NEXT_OUTPUT=standalone npm run build
gate budget npm run test:budget
packages_ready
tests integration --project integration
tests browser --project e2e --project e2e-cms --exclude tests/e2e/accessibility.test.ts
tests axe --project e2e tests/e2e/accessibility.test.ts
gate openapi npm run lint:openapi
gate load npm run test:load
finish 0
