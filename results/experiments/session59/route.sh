#!/bin/sh
# Steering placement and routing of build/steer/TAG.json on one seed (session 56's route.sh, results here).
#   [ROUTER=router1] sh results/experiments/session59/route.sh TAG SEED
OUT=results/experiments/session59 exec sh "$(dirname "$0")/../session56/route.sh" "$@"
