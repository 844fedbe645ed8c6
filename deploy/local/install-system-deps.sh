#!/usr/bin/env bash
# Installs the Debian packages the tests need, only those that are missing, then fetches the
# local Kafka broker and Keycloak. Safe to run again: when everything is present it does not touch apt.
#
#   bash deploy/local/install-system-deps.sh            # install what is missing
#   bash deploy/local/install-system-deps.sh --dry-run  # only say what it would do
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dry_run=false
[[ "${1:-}" == "--dry-run" ]] && dry_run=true

say() { printf '[install-system-deps] %s\n' "$*"; }

# As root run apt directly (containers and CI images often have no sudo); otherwise use sudo.
as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    say "need root to run: $* (run this script as root or install sudo)" >&2
    exit 1
  fi
}

missing=()
check() { # check <package> <why it is needed> <test command...>
  local package="$1" why="$2"
  shift 2
  if "$@" >/dev/null 2>&1; then
    say "ok: ${why}"
  else
    say "missing: ${why} -> will install ${package}"
    missing+=("${package}")
  fi
}

check redis-server 'redis-server (Cache and JobQueue integration tests)' command -v redis-server
# Any Java will do for the local Kafka broker; 17 is the oldest Kafka 4 supports.
check openjdk-17-jre-headless 'java (local Kafka broker)' command -v java
check maven 'mvn (fetches the Kafka broker jars)' command -v mvn
check chromium '/usr/bin/chromium (browser tests)' test -x /usr/bin/chromium
check poppler-utils 'pdftotext and pdftoppm (exposure sheet PDF tests)' command -v pdftoppm

if [[ ${#missing[@]} -eq 0 ]]; then
  say 'all system packages present; apt not touched'
elif [[ "${dry_run}" == true ]]; then
  say "dry run: would run apt-get update and apt-get install -y --no-install-recommends ${missing[*]}"
else
  if ! command -v apt-get >/dev/null 2>&1; then
    say "apt-get not found: install these packages with your system's package manager: ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  say 'running apt-get update'
  as_root apt-get update
  say "installing: ${missing[*]}"
  as_root apt-get install -y --no-install-recommends "${missing[@]}"
  say "installed: ${missing[*]}"
fi

kafka_script="${repo_root}/deploy/local/kafka/kafka.sh"
if [[ -f "${kafka_script}" ]]; then
  if [[ "${dry_run}" == true ]]; then
    say "dry run: would run bash deploy/local/kafka/kafka.sh fetch"
  else
    say 'fetching the local Kafka broker: bash deploy/local/kafka/kafka.sh fetch'
    (cd "${repo_root}" && bash deploy/local/kafka/kafka.sh fetch)
  fi
else
  say 'deploy/local/kafka/kafka.sh not found; skipping the Kafka broker fetch'
fi
keycloak_script="${repo_root}/deploy/local/keycloak/keycloak.sh"
if [[ -f "${keycloak_script}" ]]; then
  # Keycloak needs Java 21+, which Debian 12 does not package: it is checked, not installed.
  if java_home="$(bash "${keycloak_script}" java-home 2>&1)"; then
    say "ok: Java 21+ for Keycloak (${java_home})"
  else
    say "missing: ${java_home#keycloak.sh: }" >&2
  fi
  if [[ "${dry_run}" == true ]]; then
    say "dry run: would run bash deploy/local/keycloak/keycloak.sh fetch"
  else
    say 'fetching Keycloak: bash deploy/local/keycloak/keycloak.sh fetch'
    (cd "${repo_root}" && bash deploy/local/keycloak/keycloak.sh fetch)
  fi
else
  say 'deploy/local/keycloak/keycloak.sh not found; skipping the Keycloak fetch'
fi
say 'done'
