"""The RTL reads into Yosys and elaborates for every named configuration; bad parameters stop
elaboration with a message that names the conflict (in Verilator and Icarus too)."""
import subprocess

import pytest

from rijndael_hw import configs, flow

DIRECTION_VARIANTS = [
    ("iterative-encrypt-only", configs.get("iterative", {"ENABLE_DECRYPT": 0})),
    ("iterative-decrypt-only", configs.get("iterative", {"ENABLE_ENCRYPT": 0})),
]


# One configuration per core file and S-box mapping in CI (about 13 s each); --full reads every named one.
READ_IN_CI = {"iterative", "rijndael", "pipelined-both", "folded32", "tiny8", "tbox", "iterative-composite",
              "unrolled2"}


@pytest.mark.parametrize("name", [n if n in READ_IN_CI else pytest.param(n, marks=pytest.mark.full)
                                  for n in configs.names()])
def test_reads_into_yosys(name):
    code, log = flow.yosys_read(configs.get(name))
    assert code == 0, log[-3000:]
    assert "ERROR" not in log


@pytest.mark.parametrize("name,config", DIRECTION_VARIANTS, ids=[n for n, _ in DIRECTION_VARIANTS])
def test_direction_variants_read_into_yosys(name, config):
    code, log = flow.yosys_read(config)
    assert code == 0, log[-3000:]


BAD = [
    ({"MAX_NB": 5}, "ERROR_MAX_NB_does_not_match_BLOCK_SIZES"),
    ({"MAX_NK": 4}, "ERROR_MAX_NK_does_not_match_KEY_SIZES"),
    ({"ENABLE_ENCRYPT": 0, "ENABLE_DECRYPT": 0}, "ERROR_ENABLE_ENCRYPT_and_ENABLE_DECRYPT_both_off"),
]


def _raw_params(overrides):
    params = configs.get("iterative").verilog_params()
    params.update(overrides)
    return params


def _elaborate_command(tool, params, out_dir):
    files = [str(f) for f in configs.rtl_files()]
    if tool == "verilator":
        return ["verilator", "--lint-only", f"-I{configs.INCLUDE_DIR}", "--top-module", configs.TOP,
                *[f"-G{k}={v}" for k, v in params.items()], *files]
    return ["iverilog", "-g2012", "-I", str(configs.INCLUDE_DIR), "-o", str(out_dir / "sim"), "-s", configs.TOP,
            *[f"-P{configs.TOP}.{k}={v}" for k, v in params.items()], *files]


@pytest.mark.parametrize("tool", ["verilator", "icarus"])
@pytest.mark.parametrize("overrides,message", BAD, ids=[m for _, m in BAD])
def test_bad_parameters_stop_elaboration(tmp_path, tool, overrides, message):
    proc = subprocess.run(_elaborate_command(tool, _raw_params(overrides), tmp_path), capture_output=True, text=True)
    assert proc.returncode != 0
    assert message in proc.stdout + proc.stderr


@pytest.mark.parametrize("overrides,message", BAD, ids=[m for _, m in BAD])
def test_bad_parameters_refused_by_registry(overrides, message):
    with pytest.raises(configs.ConfigError) as err:
        configs.get("iterative", overrides)
    # the registry names the parameters in conflict
    assert any(name in str(err.value) for name in overrides)

