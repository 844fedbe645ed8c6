#!/usr/bin/env bash
# A single-node Kafka broker (KRaft, combined broker + controller) run straight from the Apache
# jars on Maven Central, for machines without Docker: the integration tests start one per run,
# and developers can run one by hand. See README.md beside this file.
#
#   kafka.sh fetch                               download the jars into libs/<version>/ (cached)
#   kafka.sh start <port> <dir> [controller-port]  run a broker in the foreground on 127.0.0.1
#   kafka.sh run                                 fetch + start on 127.0.0.1:9092 in ./data/kafka
#
# The Kafka version comes only from the repository's .env (KAFKA_VERSION).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"

die() { echo "kafka.sh: $*" >&2; exit 1; }

kafka_version() {
  local version
  version="$(sed -n 's/^KAFKA_VERSION=\([^[:space:]#]*\).*/\1/p' "$root/.env" 2>/dev/null | tail -n 1)"
  [[ -n "$version" ]] || die "KAFKA_VERSION is not set in $root/.env"
  echo "$version"
}

version="$(kafka_version)"
libs="$here/libs/$version"

fetch() {
  # The marker is written last, so an interrupted download is redone rather than half-used.
  [[ -f "$libs/.complete" ]] && return 0
  command -v mvn >/dev/null || die "Maven (mvn) is needed to download the Kafka jars: apt-get install maven"
  # Global, not local: the EXIT trap runs after a failing command has left this function.
  staging="$here/libs/.staging-$version-$$"
  rm -rf "$staging"
  trap 'rm -rf "$staging"' EXIT
  echo "kafka.sh: downloading Kafka $version jars from Maven Central into $libs" >&2
  # Debian's Maven 3.8 prints colour resets even in batch mode; strip them (pipefail keeps mvn's status).
  mvn -B -q -f "$here/pom.xml" \
    -Dkafka.version="$version" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$staging" 2>&1 \
    | sed 's/\x1b\[[0-9;]*m//g' >&2
  [[ -n "$(ls "$staging"/kafka_2.13-*.jar 2>/dev/null)" ]] || die "Maven finished but no kafka_2.13 jar is in $staging"
  touch "$staging/.complete"
  # Another fetch may have finished first; its copy is as good as ours.
  if [[ ! -f "$libs/.complete" ]]; then
    rm -rf "$libs"
    mv "$staging" "$libs"
  fi
  rm -rf "$staging"
  trap - EXIT
}

# A KRaft cluster id: 16 random bytes, base64url without padding (what `StorageTool random-uuid`
# prints), and, like Kafka's own, never starting with '-' so it is not read as an option.
cluster_id() {
  local id
  while :; do
    id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')"
    [[ "$id" != -* ]] && { echo "$id"; return; }
  done
}

write_config() {
  local port="$1" dir="$2" controller_port="$3"
  cat >"$dir/server.properties" <<EOF
# Written by deploy/local/kafka/kafka.sh: one combined broker + controller, loopback only.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/logs
num.partitions=3
auto.create.topics.enable=true
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
# Fewer offsets partitions than the default 50, so the first consumer group is ready sooner.
offsets.topic.num.partitions=5
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
# Groups start at once instead of waiting 3 s for more members to join.
group.initial.rebalance.delay.ms=0
EOF
  # Kafka is chatty at INFO; warnings and errors are what a test failure needs, plus the line
  # saying the server started.
  cat >"$dir/log4j2.properties" <<'EOF'
status = warn
appender.out.type = Console
appender.out.name = out
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = warn
rootLogger.appenderRef.out.ref = out
logger.started.name = kafka.server.KafkaRaftServer
logger.started.level = info
EOF
}

# Waits for process $1 to end, then stops process $2 (politely, then not).
stop_with() {
  local parent="$1" target="$2"
  while kill -0 "$parent" 2>/dev/null; do sleep 1; done
  kill -TERM "$target" 2>/dev/null || return 0
  for _ in $(seq 1 10); do kill -0 "$target" 2>/dev/null || return 0; sleep 1; done
  kill -KILL "$target" 2>/dev/null || true
}

start() {
  local port="${1:-}" dir="${2:-}" controller_port="${3:-}"
  [[ "$port" =~ ^[0-9]+$ && -n "$dir" ]] || die "usage: kafka.sh start <port> <dir> [controller-port]"
  [[ -n "$controller_port" ]] || controller_port=$((port + 1))
  command -v java >/dev/null || die "Java 17+ is needed to run the broker: apt-get install openjdk-17-jre-headless"
  [[ -f "$libs/.complete" ]] || die "the Kafka $version jars are missing: run 'bash $here/kafka.sh fetch' first"
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)"
  write_config "$port" "$dir" "$controller_port"
  local classpath="$libs/*"
  local -a jvm=(-Xmx512m -Xms128m "-Dlog4j2.configurationFile=$dir/log4j2.properties")
  # A directory formatted before keeps its data (a developer restarting `run`); a new one is
  # formatted with a fresh cluster id.
  if [[ ! -f "$dir/logs/meta.properties" ]]; then
    java "${jvm[@]}" -cp "$classpath" kafka.tools.StorageTool format \
      --config "$dir/server.properties" --cluster-id "$(cluster_id)" --ignore-formatted >"$dir/format.log" 2>&1 \
      || { cat "$dir/format.log" >&2; die "formatting $dir/logs failed"; }
  fi
  # A caller that may die without cleaning up (a test run) names itself in KAFKA_STOP_WITH_PID;
  # a watchdog then stops the broker once that process is gone.
  if [[ -n "${KAFKA_STOP_WITH_PID:-}" ]]; then
    stop_with "$KAFKA_STOP_WITH_PID" $$ &
  fi
  # exec: the broker becomes this process (same pid), so killing the caller's process group, or
  # this pid, stops it.
  if [[ "${KAFKA_LOG_TO_CONSOLE:-0}" == 1 ]]; then
    exec java "${jvm[@]}" -cp "$classpath" kafka.Kafka "$dir/server.properties"
  fi
  exec java "${jvm[@]}" -cp "$classpath" kafka.Kafka "$dir/server.properties" >>"$dir/broker.log" 2>&1
}

case "${1:-}" in
  fetch) fetch ;;
  start) shift; start "$@" ;;
  run)
    fetch
    echo "kafka.sh: Kafka $version on 127.0.0.1:9092 (controller 9093), data in $root/data/kafka; Ctrl-C stops it" >&2
    KAFKA_LOG_TO_CONSOLE=1 start 9092 "$root/data/kafka" 9093
    ;;
  *) die "usage: kafka.sh fetch | start <port> <dir> [controller-port] | run" ;;
esac
