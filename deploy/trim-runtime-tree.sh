#!/usr/bin/env bash
# Removes from a runtime tree's node_modules what the image never loads:
# - native binaries built for other systems than the one this runs on: koffi's package (the FFI
#   that calls malloc_trim, docs/decisions/0130) carries its binary for 18 systems, 84 MB; the
#   image needs one, about 5 MB;
# - the Node the workspace pins for development (the root's node-<platform>-<arch> optional
#   dependency, deploy/pin-node.mjs), about 130 MB: the image runs on its base image's Node.
#
#   bash deploy/trim-runtime-tree.sh APP_DIR
set -euo pipefail
app=${1:?usage: trim-runtime-tree.sh APP_DIR}
own=$(node -p 'process.platform + "_" + process.arch')
shopt -s nullglob
for builds in "$app"/node_modules/.pnpm/koffi@*/node_modules/koffi/build/koffi; do
  [[ -d "$builds/$own" ]] || { echo "koffi has no binary for $own in $builds" >&2; exit 1; }
  for system in "$builds"/*/; do
    [[ "$(basename "$system")" == "$own" ]] || rm -rf "$system"
  done
done
rm -rf "$app"/node_modules/.pnpm/node-{linux,darwin,win}-* "$app"/node_modules/node-{linux,darwin,win}-* "$app/node_modules/.bin/node"
