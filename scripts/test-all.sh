#!/usr/bin/env bash
# `npm test`: typecheck and lint, the integration tests, then the end-to-end and cluster tests on the
# production build. The build is made beside the integration tests, at the lowest priority: they
# keep two cores about seven-eighths busy (their workers wait on PostgreSQL and on timers), the
# build takes the rest, and what is left of it after them is shorter than the minute and a half it
# took alone (CI time, issue 20).
set -uo pipefail
cd "$(dirname "$0")/.."

npm run test:static || exit

log=$(mktemp)
AURUM_TYPECHECKED=1 nice -n 19 npx next build >"$log" 2>&1 &
build=$!
npm run test:integration
integration=$?
wait "$build"
built=$?
if [ "$built" -ne 0 ] || [ "$integration" -eq 0 ]; then cat "$log"; fi
rm -f "$log"
[ "$integration" -eq 0 ] || exit "$integration"
[ "$built" -eq 0 ] || exit "$built"

npx playwright test && npm run test:e2e:instances && npm run test:cluster
