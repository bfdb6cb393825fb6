#!/bin/sh
# Steering placement of build/steer/TAG.json per seed (session 56's place.sh, results here).
#   sh results/experiments/session57/place.sh TAG SEED...
OUT=results/experiments/session57 exec sh "$(dirname "$0")/../session56/place.sh" "$@"
