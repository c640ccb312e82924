#!/usr/bin/env bash
# Stage timing for scripts/test.sh and .ci/run: `stage NAME` ends the stage before it and starts
# NAME; the table of every stage's seconds is printed when the outermost script exits (pass or
# fail). A nested script (test.sh under .ci/run) writes into the same table through STAGES_FILE.

if [ -z "${STAGES_FILE:-}" ]; then
  STAGES_FILE="$(mktemp -t jara-stages-XXXXXX)"
  export STAGES_FILE
  STAGES_OWNER=1
else
  STAGES_OWNER=0
fi
STAGE_NAME=""
STAGE_START=0

stage_end() {
  if [ -n "$STAGE_NAME" ]; then
    printf '%s\t%s\n' "$(($(date +%s) - STAGE_START))" "$STAGE_NAME" >>"$STAGES_FILE"
    STAGE_NAME=""
  fi
}

stage() {
  stage_end
  STAGE_NAME="$1"
  STAGE_START=$(date +%s)
  echo "== $1"
}

stages_report() {
  local status=$?
  stage_end
  if [ "$STAGES_OWNER" = 1 ]; then
    echo
    echo "== stage times (s)"
    local total=0 seconds name
    while IFS=$'\t' read -r seconds name; do
      printf '%6s  %s\n' "$seconds" "$name"
      total=$((total + seconds))
    done <"$STAGES_FILE"
    printf '%6s  %s\n' "$total" "total"
    rm -f "$STAGES_FILE"
  fi
  return $status
}
trap stages_report EXIT
