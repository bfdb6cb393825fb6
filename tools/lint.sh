#!/usr/bin/env bash
# Lint every named configuration with `verilator --lint-only -Wall`; any warning fails.
# Waivers live in tools/verilator_waivers.vlt, each with a one-line reason.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
status=0
while read -r name params files; do
  gflags=()
  for p in ${params//,/ }; do gflags+=("-G$p"); done
  if out=$(verilator --lint-only -Wall --top-module rijndael_core "${gflags[@]}" \
             tools/verilator_waivers.vlt ${files//,/ } 2>&1); then
    echo "lint ok   $name"
  else
    echo "lint FAIL $name"; echo "$out" | head -40; status=1
  fi
done < <(python3 - <<'PY'
from rijndael_hw import configs
files = ",".join(str(f) for f in configs.rtl_files())
variants = [(n, configs.get(n)) for n in configs.names()]
# Direction-only builds change which logic exists, so lint them too.
variants += [("iterative-encrypt-only", configs.get("iterative", {"ENABLE_DECRYPT": 0})),
             ("iterative-decrypt-only", configs.get("iterative", {"ENABLE_ENCRYPT": 0}))]
for name, cfg in variants:
    params = ",".join(f"{k}={v}" for k, v in cfg.verilog_params().items())
    print(name, params, files)
PY
)
exit $status
