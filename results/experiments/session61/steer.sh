#!/bin/sh
# Session 61 steering of the lanes engine: Yosys (the flow's run), floorplan both pipelines, place seeds 1 and 2
# in parallel.   sh results/experiments/session61/steer.sh TAG
# With LPF=FILE the pins go where FILE says (pins_left.lpf: the left edge) and the placements are named TAGpl.
cd "$(dirname "$0")/../../.."
TAG=$1
S=results/experiments/session61
OUT=$S CORES=2 TDATA=256 CONTEXTS=4 .venv/bin/python results/experiments/session52/engine_steer.py $TAG \
  --param ISSUE_WINDOW=0 --param ENGINE_LANES=1 > $S/$TAG.log 2>&1 || exit 1
mkdir -p build/steer
zcat $S/$TAG.netlist.json.gz > build/steer/$TAG.json
.venv/bin/python results/experiments/session57/fp_cores.py --above --gap --gap-rams "u_lane\.u_masks" \
  build/steer/$TAG.json build/steer/${TAG}fp.json >> $S/$TAG.log 2>&1 || exit 1
PL=${TAG}fp
[ -n "$LPF" ] && PL=${TAG}pl
for SEED in 1 2; do
  if [ -n "$LPF" ]; then
    LPF=$LPF sh $S/place_lpf.sh ${TAG}fp $PL $SEED &
  else
    OUT=$S sh results/experiments/session56/place.sh ${TAG}fp $SEED &
  fi
done
wait
cat $S/$PL-s1.fmax.txt $S/$PL-s2.fmax.txt
