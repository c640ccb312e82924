#!/usr/bin/env bash
# Starts the app as a user would (`npm start` from the repo root) on its own port with a fresh,
# throw-away data folder, so every e2e run begins from the demo seed.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA_DIR="$(mktemp -d -t jara-e2e-XXXXXX)"
export DATA_DIR
export PORT="${PORT:-3100}"
# The server judges opening and delivery hours at the fixed instant playwright.config.ts gives
# (JARA_TEST_CLOCK), but the checkout page checks delivery hours by the browser's own clock, which
# stays real (cancel windows and chat days compare it with times the server stamped): deliveries
# round the clock, so a journey runs at any hour (the 8 AM–9 PM default is covered by the server
# tests on a set clock).
export DELIVERY_HOURS="${DELIVERY_HOURS:-00:00-24:00}"
# Behind a proxy, as in production: the journeys' calls made outside the browser each come with a
# client address of their own (tests/helpers.ts apiPost), so the per-address limits meet many
# students rather than one machine making 20 accounts in five minutes.
export TRUST_PROXY=true
trap 'rm -rf "$DATA_DIR"' EXIT
# A second server for one journey (SERVER_ONLY=1) serves the web build the first one made.
if [ "${SERVER_ONLY:-}" = 1 ]; then
  npm run start -w apps/server
else
  npm start
fi
