#!/bin/sh
# Steering placement of build/steer/TAG.json per seed (session 56's place.sh, results here).
#   sh results/experiments/session58/place.sh TAG SEED...
OUT=results/experiments/session58 exec sh "$(dirname "$0")/../session56/place.sh" "$@"
