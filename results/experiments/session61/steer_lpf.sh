#!/bin/sh
# steer.sh with the pin wrapper's pins on the left edge (pins_left.lpf): Yosys (the flow's run), floorplan both
# pipelines, place seeds 1 and 2 in parallel.   sh results/experiments/session61/steer_lpf.sh TAG
cd "$(dirname "$0")/../../.."
TAG=$1
S=results/experiments/session61
OUT=$S CORES=2 TDATA=256 CONTEXTS=4 .venv/bin/python results/experiments/session52/engine_steer.py $TAG \
  --param ISSUE_WINDOW=0 --param ENGINE_LANES=1 > $S/$TAG.log 2>&1 || exit 1
mkdir -p build/steer
zcat $S/$TAG.netlist.json.gz > build/steer/$TAG.json
.venv/bin/python results/experiments/session57/fp_cores.py --above --gap --gap-rams "u_lane\.u_masks" \
  build/steer/$TAG.json build/steer/${TAG}fp.json >> $S/$TAG.log 2>&1 || exit 1
export LPF=$S/pins_left.lpf
sh $S/place_lpf.sh ${TAG}fp ${TAG}pl 1 &
sh $S/place_lpf.sh ${TAG}fp ${TAG}pl 2 &
wait
cat $S/${TAG}pl-s1.fmax.txt $S/${TAG}pl-s2.fmax.txt
