#!/bin/sh
# Session 62 steering of the lanes engine: Yosys (the flow's run) with PARAMS (extra --param NAME=V), the
# pipelines floorplanned with FP (fp_cores.py options), placement seeds 1 and 2 in parallel.
#   PARAMS="--param FIFO_DEPTH=32" FP="--gap-size 9 --gap-rams ..." sh results/experiments/session62/steer.sh TAG
# SKIP_SYNTH=1 reuses build/steer/TAG.json (another floorplan of the same netlist).
# S=results/experiments/sessionNN writes there instead (session 63); SEEDS="1" places those seeds only
# (SEEDS="" none: netlist and floorplan only).
cd "$(dirname "$0")/../../.."
TAG=$1
S=${S:-results/experiments/session62}
mkdir -p build/steer
if [ -z "$SKIP_SYNTH" ]; then
  OUT=$S CORES=2 TDATA=256 CONTEXTS=4 .venv/bin/python results/experiments/session52/engine_steer.py $TAG \
    --param ISSUE_WINDOW=0 --param ENGINE_LANES=1 $PARAMS > $S/$TAG.log 2>&1 || exit 1
  zcat $S/$TAG.netlist.json.gz > build/steer/$TAG.json
fi
.venv/bin/python results/experiments/session57/fp_cores.py --above --gap $FP \
  build/steer/$TAG.json build/steer/${TAG}fp.json >> $S/$TAG.log 2>&1 || exit 1
for SEED in ${SEEDS-1 2}; do
  OUT=$S sh results/experiments/session56/place.sh ${TAG}fp $SEED &
done
wait
for SEED in ${SEEDS-1 2}; do cat $S/${TAG}fp-s$SEED.fmax.txt; done
