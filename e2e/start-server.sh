#!/usr/bin/env bash
# Starts the app as a user would (`npm start` from the repo root) on its own port with a fresh,
# throw-away data folder, so every e2e run begins from the demo seed.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA_DIR="$(mktemp -d -t jara-e2e-XXXXXX)"
export DATA_DIR
export PORT="${PORT:-3100}"
trap 'rm -rf "$DATA_DIR"' EXIT
npm start
