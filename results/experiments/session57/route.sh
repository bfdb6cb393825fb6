#!/bin/sh
# Steering placement and router2 of build/steer/TAG.json on one seed (session 56's route.sh, results here).
#   sh results/experiments/session57/route.sh TAG SEED
OUT=results/experiments/session57 exec sh "$(dirname "$0")/../session56/route.sh" "$@"
