#!/usr/bin/env bash
# Rehearses deploy/Dockerfile's runtime stage without Docker: a clean copy of the repository (the
# files git tracks or would track, as the build context) is installed and built as in the build
# stage, staged by deploy/stage-runtime.sh and given production dependencies only as in the
# prod-deps stage; then the compiled standalone starts from that copy with the workspace's Node
# (24, as the image's base) on a fresh DATA_DIR (DEMO_SCALE=fixtures), /health must answer, and a
# data route must answer an access token from the compiled token CLI. Prints the size of the
# runtime tree (the image's /app, an estimate of what the image adds to the Node base image).
#
#   bash deploy/check-runtime-image.sh [work directory, default a new temporary one]
#
# Uses the local pnpm store (--offline), so run `pnpm install` in the repository first. Takes a few
# minutes: the web build and the fixtures dataset dominate. Set KEEP=1 to keep the work directory.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d -t ust-runtime-image-XXXXXX)}
PNPM="npx -y pnpm@10.34.9"
export CI=true # pnpm: no prompts

server_pid=
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true; fi
  if [[ "${KEEP:-}" != 1 ]]; then rm -rf "$work"; else echo "kept $work"; fi
}
trap cleanup EXIT

step() { echo "::: $*"; }

step "build stage: install and build in $work/build"
mkdir -p "$work/build"
(cd "$repo" && git ls-files -co --exclude-standard -z | grep -zv -e '^web/e2e/' -e '\.test\.tsx\?$' | tar --null -T - -cf -) | tar -C "$work/build" -xf -
(cd "$work/build" && $PNPM install --frozen-lockfile --offline --reporter=silent)
if [[ -f "$repo/web/dist/index.html" && "${REBUILD_WEB:-}" != 1 ]]; then
  # The web app is the Dockerfile's too, but slow to build on a small machine: reuse the
  # repository's build when there is one (REBUILD_WEB=1 to build it here).
  cp -r "$repo/web/dist" "$work/build/web/dist"
else
  (cd "$work/build" && $PNPM --filter @ust/web build)
fi
(cd "$work/build" && node deploy/build-services.mjs)
bash "$work/build/deploy/stage-runtime.sh" "$work/build" "$work/app"

step "prod-deps stage: production dependencies only in $work/app"
(cd "$work/app" && $PNPM install --prod --frozen-lockfile --offline --ignore-scripts --reporter=silent --filter '@ust/standalone...')
bash "$repo/deploy/trim-runtime-tree.sh" "$work/app"
for tool in tsx typescript vitest esbuild vite; do
  if [[ -e "$work/app/node_modules/$tool" ]] || compgen -G "$work/app/node_modules/.pnpm/$tool@*" > /dev/null; then
    echo "the runtime tree holds $tool, a development tool" >&2
    exit 1
  fi
done
if find "$work/app" -path '*/node_modules' -prune -o -name '*.ts' -print | grep -q .; then
  echo "the runtime tree holds TypeScript sources" >&2
  exit 1
fi

# The image's base is node:24; the workspace pins the same Node (deploy/pin-node.mjs), whatever
# Node this machine has.
node=$repo/node_modules/.bin/node
step "runtime: the compiled standalone with plain node, $("$node" --version)"
data_dir="$work/data"
port=$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
export NODE_ENV=production DATA_DIR="$data_dir" DEMO_SCALE=fixtures PORT="$port" HOST=127.0.0.1 WEB_DIST_DIR="$work/app/web/dist"
started=$(date +%s)
(cd "$work/app" && MALLOC_ARENA_MAX=2 exec "$node" --max-semi-space-size=16 --conditions=ust-compiled services/standalone/dist/main.js) > "$work/standalone.log" 2>&1 &
server_pid=$!
until curl -sf "http://127.0.0.1:$port/health" > /dev/null; do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    tail -30 "$work/standalone.log" >&2
    echo "the standalone exited before /health answered" >&2
    exit 1
  fi
  if (($(date +%s) - started > 600)); then
    echo "no /health answer in 600 s" >&2
    exit 1
  fi
  sleep 1
done
echo "/health answered after $(($(date +%s) - started)) s"
token=$(cd "$work/app" && "$node" --conditions=ust-compiled services/identity/dist/cli/token.js admin)
statistics=$(curl -sf -H "authorization: Bearer $token" "http://127.0.0.1:$port/api/facilities-statistics")
node -e "const s = JSON.parse(process.argv[1]); if (!(s.total_facilities > 0)) { console.error('no facilities:', process.argv[1]); process.exit(1); } console.log('facilities-statistics: ' + s.total_facilities + ' facilities')" "$statistics"
# Followed to the public URL's host (the platform sends other hosts there), and read whole before
# it is searched: `grep -q` would stop reading at the match, and curl's failure to write the rest
# would fail the pipeline.
page=$(curl -sfL "http://127.0.0.1:$port/")
if ! grep -q '<div id="root">' <<<"$page"; then
  echo "/ did not answer the web app's page from $WEB_DIST_DIR: $(head -c 300 <<<"$page")" >&2
  exit 1
fi
echo "web app served from $WEB_DIST_DIR"
# The fixtures' import and rebuild ran on threads; each exit was followed by malloc_trim through
# koffi's binary for this system, the only one the tree keeps (docs/decisions/0130).
for _ in $(seq 30); do
  grep -q 'returned freed memory after the rebuild thread' "$work/standalone.log" && break
  sleep 1
done
if ! grep -q 'returned freed memory after the rebuild thread' "$work/standalone.log"; then
  echo "no freed memory returned after the rebuild thread in 30 s: koffi did not load in the runtime tree" >&2
  exit 1
fi
echo "freed memory returned after the job threads: $(grep -c 'returned freed memory' "$work/standalone.log") calls"

step "size of the runtime tree (the image's /app)"
du -sh "$work/app"
du -sh "$work/app/node_modules"
du -sh "$work/app/node_modules/.pnpm/@chdb"* # the ClickHouse engine, most of it
echo "runtime image rehearsal passed"
