#!/usr/bin/env bash
# npm test: every stage CI runs, each timed, then a report of where the time went (the stages'
# wall times, the ten slowest test files, the count of tests executed): scripts/test-report.ts.
# The API suites run once on both databases (each file imported once); the report splits their
# tests' time by database. A failing stage stops the run, after the report.
set -uo pipefail
cd "$(dirname "$0")/.."
results=test-results
mkdir -p "$results"
# .ci/run writes its install stage first; a local run starts a fresh list.
[ -n "${TEST_STAGES_KEEP:-}" ] || : >"$results/stages.tsv"
rm -f "$results"/*.json

report() { npm exec --no -- tsx scripts/test-report.ts "$results" || true; }

stage() {
  local name=$1
  shift
  echo "== $name"
  local start
  start=$(date +%s)
  "$@"
  local rc=$?
  printf '%s\t%s\t%s\n' "$name" "$(($(date +%s) - start))" "$rc" >>"$results/stages.tsv"
  if [ "$rc" -ne 0 ]; then
    echo "== $name failed (exit $rc)" >&2
    report
    exit "$rc"
  fi
}

json() { echo "--reporter=default --reporter=json --outputFile.json=$results/$1.json"; }

# shellcheck disable=SC2046
stage lint npm run --silent lint
stage typecheck npm run --silent typecheck
# shellcheck disable=SC2046
stage "API" npx vitest run $(json api)
stage build npm run --silent build
# shellcheck disable=SC2046
stage browser npx vitest run --config vitest.e2e.config.ts $(json browser)
report
