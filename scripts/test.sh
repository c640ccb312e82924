#!/usr/bin/env bash
# The whole test suite: what README's `npm test` (= `npm run validate`) runs and what CI runs.
# Installs what the tests need (npm packages, Debian's Chromium) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/stages.sh
source scripts/stages.sh

stage "install (npm ci, Chromium) when missing"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null
  else
    echo "Chromium is missing: install it with 'sudo apt-get install -y chromium'" >&2
    exit 1
  fi
fi

stage "typecheck"
npm run typecheck --silent
stage "lint (correctness, hooks, accessibility, module and feature boundaries, unused exports)"
npm run lint --silent
npm run test:lint-rules --silent
npm run knip --silent
stage "format (Prettier)"
npm run format:check --silent
stage "unit and API tests (shared, server on embedded PGlite, web)"
npm run test:unit --silent
stage "attack suite (authorisation on every route and spelling, input, sessions, sockets, races)"
npm run test:security --silent
stage "build the web app"
npm run build --silent
npm run budget --silent
stage "end-to-end (Playwright, Chromium)"
if [ -f e2e/playwright.config.ts ]; then
  npm run e2e -w e2e --silent
fi
