#!/usr/bin/env bash
# The committed build/*.wasm must be exactly what the sources produce: rebuild, then compare.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent build
if ! git diff --quiet -- build/; then
  echo "build/ differs from the committed WebAssembly after a rebuild:" >&2
  git diff --stat -- build/ >&2
  echo "Run 'npm run build' and commit build/." >&2
  exit 1
fi
echo "build/ matches the sources."
