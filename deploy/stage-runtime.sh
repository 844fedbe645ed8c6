#!/usr/bin/env bash
# Copies what the compiled services need at run time from a built workspace (web/dist and every
# package's dist/ present) into DEST, in the workspace's own layout: the root manifests, lockfile
# and dependency patches, and each package Node runs (schemas, services/*, pipelines) without its
# TypeScript sources and node_modules: package.json, dist/, and the files the code reads beside them
# (schemas/clickhouse migrations, services/domain/rating-plans and risk-models, pipelines/fixtures). The layout is
# kept because the code finds those files relative to its own (services/platform/src/paths.ts).
# `pnpm install --prod` in DEST then adds the production dependencies. deploy/Dockerfile and
# deploy/check-runtime-image.sh both use it.
#
#   bash deploy/stage-runtime.sh SOURCE DEST
set -euo pipefail
source_dir=$(cd "$1" && pwd)
dest=$2
mkdir -p "$dest"
cp "$source_dir/package.json" "$source_dir/pnpm-workspace.yaml" "$source_dir/pnpm-lock.yaml" "$dest/"
# The patches pnpm-workspace.yaml applies to dependencies (kafkajs, docs/decisions/0123): an install
# without them fails.
cp -r "$source_dir/patches" "$dest/patches"

cd "$source_dir"
for package in schemas services/* pipelines; do
  [[ -f "$package/package.json" && -d "$package/src" ]] || continue
  [[ -f "$package/dist/.built" ]] || { echo "$package is not compiled: run node deploy/build-services.mjs" >&2; exit 1; }
  mkdir -p "$dest/$package"
  tar -C "$package" --exclude=./src --exclude=./node_modules -cf - . | tar -C "$dest/$package" -xf -
done

[[ -f web/dist/index.html ]] || { echo "web/dist is not built: run pnpm --filter @ust/web build" >&2; exit 1; }
mkdir -p "$dest/web"
cp -r web/dist "$dest/web/dist"
