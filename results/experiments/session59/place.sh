#!/bin/sh
# Steering placement of build/steer/TAG.json per seed (session 56's script, results here).
#   sh results/experiments/session59/place.sh TAG SEED...
OUT=results/experiments/session59 exec sh "$(dirname "$0")/../session56/place.sh" "$@"
