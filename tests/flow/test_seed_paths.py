"""tools/seed_paths.py: every seed's critical path of a stored result, read back from the stage cache.

A fake record and the cache entries its seeds would have (keys as Plan.pnr_key makes them: the record's
pnr_id and the seed) in a temporary cache; the tool must find each seed's entry and summarize its path, and
say so (exit 1) when a seed's entry is missing.
Run: .venv/bin/python -m pytest -q tests/flow/test_seed_paths.py
"""
from __future__ import annotations

import json

PATH = [
    "       type curr  total name",
    "   clk-to-q  0.52  0.52 Source u_core.a_q_TRELLIS_FF_Q.Q",
    "    routing  1.40  1.92 Net u_core.a_q (1,1) -> (2,2)",
    "                          Sink u_core.b_LUT4_Z.A",
    "      logic  0.24  2.16 Source u_core.b_LUT4_Z.F",
    "    routing  0.61  2.77 Net u_core.b (2,2) -> (2,3)",
    "                          Sink u_core.c_q_TRELLIS_FF_Q.DI",
    "      setup  0.00  2.77 Source u_core.c_q_TRELLIS_FF_Q.DI",
    " 0.24 ns logic, 2.01 ns routing",
]


def test_summary(load_tool):
    tool = load_tool("seed_paths")
    assert tool.summary(PATH) == "u_core.a_q -> 1 logic levels -> u_core.c_q (0.24 ns logic, 2.01 ns routing)"
    assert tool.summary([]) == "(no path kept)"


def test_reads_every_seed_from_the_cache(tmp_path, monkeypatch, capsys, load_tool):
    tool = load_tool("seed_paths")
    monkeypatch.setenv("RIJNDAEL_FLOW_CACHE", str(tmp_path / "cache"))
    record = {"config": "x", "target": "ecp5-85k", "fmax_mhz": 150.0, "seeds": [1, 2], "pnr_id": "abc"}
    result = tmp_path / "x-ecp5-85k-0.json"
    result.write_text(json.dumps(record))
    cache = tmp_path / "cache"
    cache.mkdir()
    key1 = tool.synth._sha(json.dumps(["abc", 1]))
    (cache / f"pnr-{key1}.json").write_text(json.dumps({"fmax_mhz": 151.5, "critical_path": PATH}))
    assert tool.main([str(result)]) == 1  # seed 2 is not in the cache
    out = capsys.readouterr().out
    assert "seed 1: 151.5 MHz  u_core.a_q -> 1 logic levels" in out
    assert "seed 2: not in" in out
    key2 = tool.synth._sha(json.dumps(["abc", 2]))
    (cache / f"pnr-{key2}.json").write_text(json.dumps({"fmax_mhz": 149.0, "critical_path": PATH}))
    assert tool.main([str(result)]) == 0


def test_a_result_without_pnr_id_is_named_not_a_crash(tmp_path, monkeypatch, capsys, load_tool):
    # Results stored before place-and-route ids have no pnr_id: the tool says so (exit 1) and goes on to the
    # next file instead of stopping with a KeyError.
    tool = load_tool("seed_paths")
    monkeypatch.setenv("RIJNDAEL_FLOW_CACHE", str(tmp_path / "cache"))
    old = tmp_path / "old-ecp5-85k-0.json"
    old.write_text(json.dumps({"config": "old", "target": "ecp5-85k", "fmax_mhz": 90.0, "seeds": [1]}))
    new = tmp_path / "new-ecp5-85k-0.json"
    new.write_text(json.dumps({"config": "new", "target": "ecp5-85k", "fmax_mhz": 95.0, "seeds": [1], "pnr_id": "def"}))
    assert tool.main([str(old), str(new)]) == 1
    out = capsys.readouterr().out
    assert "no pnr_id" in out and "new on ecp5-85k" in out and "seed 1: not in" in out
