#!/usr/bin/env bash
# Installs Debian's chromium for the dashboard browser test (playwright-core drives it; browsers cannot
# be downloaded from Playwright's CDN here). Idempotent: does nothing when chromium is already there.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
chromium --version
