"""tools/area_by_module.py: LUT4 sites per module with the hierarchy kept.

Synthesizes `iterative-bram` with the flow's Yosys script (hierarchy kept) and checks what the design's
structure fixes: the round-key store is one block RAM per column (four rijndael_key_ram instances, MAX_NB = 4,
one DP16KD each in its 36-bit mode), the output FIFO is a row of four registers (rijndael_fifo_chain: flip-flops,
two data choices at its head for HEAD_LOAD and FALL_THROUGH and a few LUTs of control, no LUT RAM), the round's
entry choice is one PFUMX per bit (rijndael_slice_mux, ECP5), the mixing-table round is one instance, and the eight mixing-table
modules hold one DP16KD each: twelve in all, the key schedule has none of its own.
Run: .venv/bin/python -m pytest -q tests/flow/test_area_by_module.py
"""
from __future__ import annotations


def test_lut4_sites_rule(load_tool):
    tool = load_tool("area_by_module")
    assert tool.lut4_sites({"LUT4": 10, "CCU2C": 3, "TRELLIS_DPR16X4": 2, "TRELLIS_FF": 99}) == 10 + 6 + 12


def test_iterative_bram_modules(load_tool):
    tool = load_tool("area_by_module")
    stats = tool.module_stats("iterative-bram", [])
    stores = [s for n, s in stats.items() if "rijndael_key_ram" in n]
    assert sum(s["instances"] for s in stores) == 4
    assert all(s["cells"].get("DP16KD", 0) == 1 and not s["cells"].get("TRELLIS_DPR16X4") for s in stores)
    assert not [n for n in stats if "rijndael_fifo_small" in n]
    (fifo,) = [s for n, s in stats.items() if "rijndael_fifo_chain" in n]
    assert not fifo["cells"].get("TRELLIS_DPR16X4") and fifo["cells"].get("TRELLIS_FF", 0) >= 4 * 129
    # the head's choice (port or stage behind) and the output's (head or the beat falling through), per bit,
    # and a few LUTs of control: the stages behind the head take no data choice
    assert 2 * 129 <= tool.lut4_sites(fifo["cells"]) < 2 * 129 + 40
    slice_muxes = [s for n, s in stats.items() if "rijndael_slice_mux" in n]  # the round's entry choice
    assert sum(s["cells"].get("PFUMX", 0) * s["instances"] for s in slice_muxes) == 128
    (round_unit,) = [s for n, s in stats.items() if "rijndael_round_mix_table" in n]  # (ENTRY: a $paramod name)
    assert round_unit["instances"] == 1 and round_unit["cells"].get("LUT4", 0) >= 128
    tables = [s for n, s in stats.items() if "sbox_mix_bram" in n]
    assert sum(s["instances"] for s in tables) == 8
    assert all(s["cells"].get("DP16KD", 0) == 1 for s in tables)
    rams = sum(s["cells"].get("DP16KD", 0) * s["instances"] for s in stats.values())
    assert rams == 12
