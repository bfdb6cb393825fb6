#!/bin/sh
# Steering (never a record): the flow's Yosys run of the two-pipeline engine (engine_steer.py, when TAG's
# netlist is not there yet), then place.sh (placement and placed paths) for each seed given.
#   sh results/experiments/session56/steer.sh TAG SEED...
set -e
cd "$(dirname "$0")/../../.."
OUT=results/experiments/session56
TAG=$1; shift
[ -f $OUT/$TAG.netlist.json.gz ] || OUT=$OUT .venv/bin/python results/experiments/session52/engine_steer.py "$TAG" \
    --param ISSUE_WINDOW=0 --param FIFO_DEPTH=32 > $OUT/$TAG.log 2>&1
mkdir -p build/steer; [ -f build/steer/$TAG.json ] || zcat $OUT/$TAG.netlist.json.gz > build/steer/$TAG.json
[ $# -eq 0 ] || sh $OUT/place.sh "$TAG" "$@"
echo done >> $OUT/$TAG.log
