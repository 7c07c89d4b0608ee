#!/usr/bin/env bash
# Builds build/tracker.wasm from native/ with Debian's emscripten 3.1.6: a standalone module (no JS
# glue) with a plain C ABI, instantiated by src/wasm/load.ts. The output must be byte-identical from
# run to run (CI rebuilds and compares), so there is no timestamp, path or random seed in it.
set -euo pipefail
cd "$(dirname "$0")/.."
# Run it as `npm run build:native` (as scripts/check-wasm.sh does): npm puts node_modules/.bin first on
# PATH, so emcc's link step finds the binaryen package's wasm-opt, not Debian's, and the bytes differ
# from a build started with bash directly.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
EMCC="${EMCC:-emcc}"
if ! command -v "$EMCC" >/dev/null 2>&1; then
  echo "build:native needs emscripten (apt-get install -y emscripten libeigen3-dev)" >&2
  exit 1
fi
EIGEN="${EIGEN_INCLUDE:-/usr/include/eigen3}"
# TRACKER_WASM_OUT / TRACKER_EXTRA_LDFLAGS: for profiling builds (e.g. --profiling-funcs) kept out of build/
OUT="${TRACKER_WASM_OUT:-build/tracker.wasm}"
OBJ="$(mktemp -d)"
trap 'rm -rf "$OBJ"' EXIT
mkdir -p "$(dirname "$OUT")"

CXXFLAGS=(-std=c++17 -O3 -DNDEBUG -DEIGEN_NO_DEBUG -DEIGEN_DONT_PARALLELIZE -fno-exceptions -fno-rtti
  -msimd128 -I"$EIGEN" -Inative/include -ffile-prefix-map="$PWD"=. -Wall -Wextra)
EXPORTS='["_nt_create","_nt_destroy","_nt_configure","_nt_set_param","_nt_track","_nt_track_motion","_nt_get_pose","_nt_handover_pose","_nt_state","_nt_map_id","_nt_count","_nt_reset","_nt_keyframe_poses","_nt_save_map","_nt_saved_map","_nt_load_map","_nt_global_bundle_adjust","_nt_close_step","_nt_stage_times","_malloc","_free"]'

SOURCES=$(cd native/src && find . -name '*.cc' | LC_ALL=C sort)
OBJS=()
# two compilers at a time (the machine has two cores), reaped with `wait -n`: polling `jobs` in a
# subshell forks many times a second, and on a busy machine a recycled pid made bash forget a
# finished compiler ("wait: pid … is not a child of this shell"), failing the build
running=0
failed=0
for s in $SOURCES; do
  o="$OBJ/$(echo "${s#./}" | tr '/' '_').o"
  "$EMCC" "${CXXFLAGS[@]}" -c "native/src/${s#./}" -o "$o" &
  OBJS+=("$o")
  running=$((running + 1))
  if [ "$running" -ge 2 ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
if [ "$failed" -ne 0 ]; then
  echo "build:native: a source file failed to compile (see above)" >&2
  exit 1
fi

"$EMCC" -O3 -msimd128 -fno-exceptions "${OBJS[@]}" -o "$OUT" \
  --no-entry -sSTANDALONE_WASM=1 -sEXPORTED_FUNCTIONS="$EXPORTS" \
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -sMAXIMUM_MEMORY=2147483648 -sTOTAL_STACK=1048576 \
  -sFILESYSTEM=0 -sERROR_ON_UNDEFINED_SYMBOLS=1 ${TRACKER_EXTRA_LDFLAGS:-}
echo "built $OUT ($(wc -c <"$OUT") bytes)"
