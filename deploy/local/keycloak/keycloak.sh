#!/usr/bin/env bash
# A Keycloak server, the real external OpenID issuer of the integration tests, run straight from
# its distribution on Maven Central (org.keycloak:keycloak-quarkus-dist), for machines without
# Docker. Dev mode only: plain HTTP on loopback, an H2 file database in a directory of the
# caller's. See README.md beside this file.
#
#   keycloak.sh fetch               download and unpack the distribution into dist/<version>/ (cached)
#   keycloak.sh start <port> <dir>  run `kc.sh start-dev` in the foreground on http://127.0.0.1:<port>
#   keycloak.sh stop <dir>          stop the server started with that directory
#   keycloak.sh java-home           print the Java 21+ JDK start would use (fails if there is none)
#   keycloak.sh run                 fetch + start on 127.0.0.1:8180 with data in ./data/keycloak
#
# The Keycloak version comes only from the repository's .env (KEYCLOAK_VERSION). Keycloak needs
# Java 21 or newer: JAVA_HOME when it is one, else the newest JDK under /usr/lib/jvm or /opt.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
MIN_JAVA=21

die() { echo "keycloak.sh: $*" >&2; exit 1; }

keycloak_version() {
  local version
  version="$(sed -n 's/^KEYCLOAK_VERSION=\([^[:space:]#]*\).*/\1/p' "$root/.env" 2>/dev/null | tail -n 1)"
  [[ -n "$version" ]] || die "KEYCLOAK_VERSION is not set in $root/.env"
  echo "$version"
}

version="$(keycloak_version)"
dist="$here/dist/$version"

fetch() {
  # The marker is written last, so an interrupted download or unpack is redone rather than half-used.
  [[ -f "$dist/.complete" ]] && return 0
  command -v mvn >/dev/null || die "Maven (mvn) is needed to download Keycloak: apt-get install maven"
  command -v tar >/dev/null || die "tar is needed to unpack Keycloak"
  # Global, not local: the EXIT trap runs after a failing command has left this function.
  staging="$here/dist/.staging-$version-$$"
  rm -rf "$staging"
  trap 'rm -rf "$staging"' EXIT
  mkdir -p "$staging"
  echo "keycloak.sh: downloading Keycloak $version from Maven Central into $dist" >&2
  # The tarball lands in Maven's local repository too, so a second checkout does not download it again.
  # Debian's Maven 3.8 prints colour resets even in batch mode; strip them (pipefail keeps mvn's status).
  mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
    -Dartifact="org.keycloak:keycloak-quarkus-dist:$version:tar.gz" \
    -DoutputDirectory="$staging" 2>&1 \
    | sed 's/\x1b\[[0-9;]*m//g' >&2
  local archive="$staging/keycloak-quarkus-dist-$version.tar.gz"
  [[ -f "$archive" ]] || die "Maven finished but $archive is missing"
  tar -xzf "$archive" -C "$staging" --strip-components=1
  rm -f "$archive"
  [[ -x "$staging/bin/kc.sh" ]] || die "the Keycloak archive has no bin/kc.sh"
  touch "$staging/.complete"
  # Another fetch may have finished first; its copy is as good as ours.
  if [[ ! -f "$dist/.complete" ]]; then
    rm -rf "$dist"
    mv "$staging" "$dist"
  fi
  rm -rf "$staging"
  trap - EXIT
}

# The major version of the java binary $1 ("1.8.0_x" gives 1, which is too old anyway).
java_major() {
  "$1" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1
}

# A JAVA_HOME whose java is $MIN_JAVA or newer: JAVA_HOME first, then the java on PATH, then the
# newest of the JDKs installed under /usr/lib/jvm and /opt.
find_java_home() {
  local -a candidates=()
  [[ -n "${JAVA_HOME:-}" ]] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  local home
  for home in /usr/lib/jvm/* /opt/java/* /opt/*jdk*; do
    [[ -x "$home/bin/java" ]] && candidates+=("$home")
  done
  local best="" best_major=0 major seen=""
  for home in "${candidates[@]}"; do
    [[ -x "$home/bin/java" ]] || continue
    major="$(java_major "$home/bin/java")"
    seen+=" $home (${major:-?})"
    if [[ -n "$major" && "$major" -ge "$MIN_JAVA" && "$major" -gt "$best_major" ]]; then
      best="$home"
      best_major="$major"
    fi
  done
  # Debian 12 packages no Java 21; Temurin's packages (adoptium.net) or Debian 13's openjdk-21 do.
  [[ -n "$best" ]] || die "Keycloak $version needs Java $MIN_JAVA or newer and none was found (looked at JAVA_HOME, PATH, /usr/lib/jvm, /opt; seen:${seen:- none}): install a JDK $MIN_JAVA+ (Eclipse Temurin, or openjdk-21-jre-headless where the distribution has it) or point JAVA_HOME at one"
  echo "$best"
}

# Waits for process $1 to end, then stops process $2 (politely, then not).
stop_with() {
  local parent="$1" target="$2"
  while kill -0 "$parent" 2>/dev/null; do sleep 1; done
  stop_pid "$target"
}

stop_pid() {
  local target="$1"
  kill -TERM "$target" 2>/dev/null || return 0
  for _ in $(seq 1 20); do kill -0 "$target" 2>/dev/null || return 0; sleep 1; done
  kill -KILL "$target" 2>/dev/null || true
}

start() {
  local port="${1:-}" dir="${2:-}"
  [[ "$port" =~ ^[0-9]+$ && -n "$dir" ]] || die "usage: keycloak.sh start <port> <dir>"
  [[ -f "$dist/.complete" ]] || die "Keycloak $version is missing: run 'bash $here/keycloak.sh fetch' first"
  JAVA_HOME="$(find_java_home)"
  export JAVA_HOME
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)"
  # The first admin of the master realm, for the admin REST API; a caller sets its own.
  export KC_BOOTSTRAP_ADMIN_USERNAME="${KC_BOOTSTRAP_ADMIN_USERNAME:-admin}"
  export KC_BOOTSTRAP_ADMIN_PASSWORD="${KC_BOOTSTRAP_ADMIN_PASSWORD:-admin}"
  # kc.db-url-path has no command-line option: it puts the H2 database under $dir/data/h2
  # instead of the distribution's own data directory.
  export JAVA_OPTS_APPEND="${JAVA_OPTS_APPEND:-} -Dkc.db-url-path=$dir"
  echo $$ >"$dir/keycloak.pid"
  # A caller that may die without cleaning up (a test run) names itself in KEYCLOAK_STOP_WITH_PID;
  # a watchdog then stops the server once that process is gone.
  if [[ -n "${KEYCLOAK_STOP_WITH_PID:-}" ]]; then
    stop_with "$KEYCLOAK_STOP_WITH_PID" $$ &
  fi
  # --hostname pins the issuer (the `iss` of every token) to one URL, whatever Host a client sends.
  local -a args=(
    start-dev
    --http-host=127.0.0.1
    "--http-port=$port"
    "--hostname=http://127.0.0.1:$port"
    --db=dev-file
  )
  # exec: kc.sh becomes this process (same pid), so killing the caller's process group, or this
  # pid, stops it; kc.sh passes SIGTERM on to java.
  if [[ "${KEYCLOAK_LOG_TO_CONSOLE:-0}" == 1 ]]; then
    exec "$dist/bin/kc.sh" "${args[@]}"
  fi
  exec "$dist/bin/kc.sh" "${args[@]}" >>"$dir/keycloak.log" 2>&1
}

stop() {
  local dir="${1:-}"
  [[ -n "$dir" ]] || die "usage: keycloak.sh stop <dir>"
  [[ -f "$dir/keycloak.pid" ]] || die "no keycloak.pid in $dir: nothing was started there"
  stop_pid "$(cat "$dir/keycloak.pid")"
  rm -f "$dir/keycloak.pid"
}

case "${1:-}" in
  fetch) fetch ;;
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  java-home) find_java_home ;;
  run)
    fetch
    echo "keycloak.sh: Keycloak $version on http://127.0.0.1:8180 (admin/admin), data in $root/data/keycloak; Ctrl-C stops it" >&2
    KEYCLOAK_LOG_TO_CONSOLE=1 start 8180 "$root/data/keycloak"
    ;;
  *) die "usage: keycloak.sh fetch | start <port> <dir> | stop <dir> | java-home | run" ;;
esac
