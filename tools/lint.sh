#!/usr/bin/env bash
# Lint every named configuration with `verilator --lint-only -Wall`; any warning fails.
# Waivers live in tools/verilator_waivers.vlt, each with a one-line reason.
# The runs are independent, so they go LINT_JOBS at a time (default: the number of CPUs) and their
# results are printed in a fixed order once all are done.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
jobs_max=${LINT_JOBS:-$(nproc)}
out_dir=$(mktemp -d)
trap 'rm -rf "$out_dir"' EXIT

# One lint run: label, top module, comma-separated NAME=VALUE parameters, files (space separated).
# Writes "ok" or the first 40 lines of Verilator's output to $out_dir/<n>.
count=0
lint_one() {
  local n=$1 label=$2 top=$3 params=$4 files=$5 gflags=() p out
  for p in ${params//,/ }; do gflags+=("-G$p"); done
  # shellcheck disable=SC2086 # the file lists are word lists by design
  if out=$(verilator --lint-only -Wall -Irtl/pkg --top-module "$top" "${gflags[@]}" tools/verilator_waivers.vlt \
             $files 2>&1); then
    echo "lint ok   $label" > "$out_dir/$n"
  else
    { echo "lint FAIL $label"; echo "$out" | head -40; } > "$out_dir/$n"
  fi
}
submit() {
  while (( $(jobs -rp | wc -l) >= jobs_max )); do wait -n || true; done
  lint_one "$count" "$@" &
  count=$((count + 1))
}

# The cores: every named configuration, and the direction-only builds (they change which logic exists).
while read -r name params files; do
  submit "$name" rijndael_core "$params" "${files//,/ }"
done < <(python3 - <<'PY'
from rijndael_hw import configs
files = ",".join(str(f) for f in configs.rtl_files())
variants = [(n, configs.get(n)) for n in configs.names()]
variants += [("iterative-encrypt-only", configs.get("iterative", {"ENABLE_DECRYPT": 0})),
             ("iterative-decrypt-only", configs.get("iterative", {"ENABLE_ENCRYPT": 0}))]
for name, cfg in variants:
    params = ",".join(f"{k}={v}" for k, v in cfg.verilog_params().items())
    print(name, params, files)
PY
)
# The engine (rtl/system) around the core configurations it must work with, at two TDATA widths.
engine_files="rtl/system/rijndael_regs_pkg.sv rtl/system/rijndael_engine_pkg.sv rtl/system/rijndael_regs.sv
  rtl/system/rijndael_keep_run.sv rtl/system/rijndael_stream_to_blocks.sv rtl/system/rijndael_blocks_to_stream.sv rtl/system/rijndael_block_flags.sv rtl/system/rijndael_block_data.sv
  rtl/system/rijndael_core_dispatch.sv rtl/system/rijndael_core_collect.sv rtl/system/rijndael_group_unpack.sv
  rtl/system/rijndael_issue_queue.sv rtl/system/rijndael_issue_window.sv rtl/system/rijndael_reorder.sv
  rtl/system/rijndael_gcm_prep.sv $(ls rtl/system/rijndael_gf128_*.sv rtl/system/rijndael_ghash*.sv)
  rtl/system/rijndael_engine.sv rtl/system/rijndael_lane.sv rtl/system/rijndael_engine_lanes.sv"
while read -r name params files; do
  submit "engine $name" rijndael_engine "$params" "${files//,/ } $engine_files"
done < <(python3 - <<'PY'
from rijndael_hw import configs
files = ",".join(str(f) for f in configs.rtl_files())
for name in ("iterative", "pipelined", "pipelined-both", "folded32"):
    for width, contexts in ((128, 4), (32, 1)):
        params = {**configs.get(name).verilog_params(), "TDATA_WIDTH": width, "CONTEXTS": contexts}
        print(f"{name}-w{width}-c{contexts}", ",".join(f"{k}={v}" for k, v in params.items()), files)
# one key slot per context (KEY_SLOTS >= CONTEXTS)
params = {**configs.get("pipelined-both", {"KEY_SLOTS": 4}).verilog_params(), "TDATA_WIDTH": 128, "CONTEXTS": 4}
print("pipelined-both-slots4-w128-c4", ",".join(f"{k}={v}" for k, v in params.items()), files)
# two cores (CORES=2): pipelined with two blocks per beat, key slots, a slow core at TDATA 128, large blocks
for name, over, width, contexts in (("pipelined", {}, 256, 4), ("pipelined-both", {"KEY_SLOTS": 4}, 256, 4),
                                    ("iterative", {}, 128, 4), ("rijndael", {}, 256, 2), ("folded32", {}, 32, 1)):
    params = {**configs.get(name, over).verilog_params(), "TDATA_WIDTH": width, "CONTEXTS": contexts, "CORES": 2}
    print(f"{name}{'-slots4' if over else ''}-x2-w{width}-c{contexts}", ",".join(f"{k}={v}" for k, v in params.items()),
          files)
# two cores in arrival order (ISSUE_WINDOW = 0: no window, no reorder buffer)
params = {**configs.get("pipelined").verilog_params(), "TDATA_WIDTH": 256, "CONTEXTS": 4, "CORES": 2, "ISSUE_WINDOW": 0}
print("pipelined-x2-inorder-w256-c4", ",".join(f"{k}={v}" for k, v in params.items()), files)
PY
)
# The two-pipeline engine in lanes (rijndael_engine_lanes): one key slot per context, one shared, one context.
while read -r name params files; do
  submit "engine lanes $name" rijndael_engine_lanes "$params" "${files//,/ } $engine_files"
done < <(python3 - <<'PY'
from rijndael_hw import configs
files = ",".join(str(f) for f in configs.rtl_files())
for label, over, contexts in (("slots4-c4", {"KEY_SLOTS": 4}, 4), ("c4", {}, 4), ("c1", {}, 1)):
    params = {**configs.get("pipelined", over).verilog_params(), "TDATA_WIDTH": 256, "CONTEXTS": contexts,
              "CORES": 2, "ISSUE_WINDOW": 0}
    print(f"pipelined-x2-w256-{label}", ",".join(f"{k}={v}" for k, v in params.items()), files)
PY
)
# The flow's pin wrappers (flow/rtl): every Fmax is measured inside one, so they are held to the same rule.
core_files=$(python3 -c 'from rijndael_hw import configs; print(" ".join(map(str, configs.rtl_files())))')
config_params() {   # a named configuration's core parameters, NAME=VALUE comma separated
  python3 -c 'import sys; from rijndael_hw import configs
print(",".join(f"{k}={v}" for k, v in configs.get(sys.argv[1]).verilog_params().items()))' "$1"
}
submit "pin wrapper pipelined" rijndael_synth_top "$(config_params pipelined)" \
  "$core_files flow/rtl/rijndael_synth_top.sv"
submit "engine pin wrapper pipelined-x2-inorder-w256-c4" rijndael_synth_engine_top \
  "$(config_params pipelined),TDATA_WIDTH=256,CONTEXTS=4,CORES=2,ISSUE_WINDOW=0,FIFO_DEPTH=32" \
  "$core_files $engine_files flow/rtl/rijndael_synth_engine_top.sv"
submit "engine pin wrapper lanes pipelined-x2-w256-c4" rijndael_synth_engine_top \
  "$(config_params pipelined),TDATA_WIDTH=256,CONTEXTS=4,CORES=2,ISSUE_WINDOW=0,ENGINE_LANES=1" \
  "$core_files $engine_files flow/rtl/rijndael_synth_engine_top.sv"
submit "engine pin wrapper iterative-w128-c2" rijndael_synth_engine_top \
  "$(config_params iterative),TDATA_WIDTH=128,CONTEXTS=2" \
  "$core_files $engine_files flow/rtl/rijndael_synth_engine_top.sv"
# The GHASH unit of the engine's GCM (rtl/system/rijndael_ghash*.sv), on its own: both implementations,
# the digit widths, one and several contexts.
ghash_files=$(python3 -c 'from rijndael_hw.engine_sim import GHASH_UNIT_SOURCES; print(" ".join(GHASH_UNIT_SOURCES))')
for params in "FAST=0,DIGIT=8,CONTEXTS=1" "FAST=0,DIGIT=32,CONTEXTS=4" "FAST=0,DIGIT=128,CONTEXTS=3" \
              "FAST=1,CONTEXTS=1" "FAST=1,CONTEXTS=4" "FAST=1,CONTEXTS=5"; do
  submit "ghash ${params//,/ }" rijndael_ghash "$params" "$ghash_files"
done
wait

status=0
for ((n = 0; n < count; n++)); do
  cat "$out_dir/$n"
  grep -q "^lint ok" "$out_dir/$n" || status=1
done
exit $status
