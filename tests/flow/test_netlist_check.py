"""tools/netlist_check.py: whether an edited tree would keep a configuration's placements.

The verdict runs the flow's own lookup (synth.placed_from_records) on a fake stored result in a scratch results
folder: every seed's place-and-route job with the record's pnr_id is answered by it, a seed it lacks or another
pnr_id is not. main() is checked on a fake check for its exit status. The real synthesis path was run by hand
on tiny8 with a comment added to its core (it keeps its record's placements).
Run: .venv/bin/python -m pytest -q tests/flow/test_netlist_check.py
"""
from __future__ import annotations

import json


def _job(pnr_id: str, seed: int) -> dict:
    return {"kind": "pnr", "key": f"k{seed}", "seed": seed, "clock_mhz": 100.0, "pnr_id": pnr_id, "label": "x",
            "target": "ecp5-85k"}


def _store(results, seeds: list[int]) -> None:
    results.mkdir(parents=True, exist_ok=True)
    record = {"config": "x", "label": "x", "target": "ecp5-85k", "pnr_id": "same", "seeds": seeds,
              "input_hash": "a" * 64, "seed_runs": [{"seed": s, "status": "ok", "fmax_mhz": 150.0 + s}
                                                   for s in seeds]}
    (results / "x-ecp5-85k-aaaaaaaaaaaa.json").write_text(json.dumps(record))


def test_same_pnr_id_for_every_seed_keeps_the_placements(load_tool, flow_dirs):
    tool = load_tool("netlist_check")
    _store(flow_dirs[0], [1, 2, 3])
    keeps, why = tool.verdict([_job("same", s) for s in (1, 2, 3)])
    assert keeps and "aaaaaaaaaaaa" in why


def test_a_missing_seed_or_another_netlist_is_placed_again(load_tool, flow_dirs):
    tool = load_tool("netlist_check")
    _store(flow_dirs[0], [1])
    keeps, why = tool.verdict([_job("same", s) for s in (1, 2, 3)])
    assert not keeps and "seed(s) 2, 3 placed again" in why
    keeps, why = tool.verdict([_job("other", 1)])
    assert not keeps and "seed(s) 1 placed again" in why


def test_exit_status_says_whether_every_configuration_keeps(load_tool, monkeypatch, capsys):
    tool = load_tool("netlist_check")
    answers = {"a": (True, "current: a.json"), "b": (False, "new netlist")}
    monkeypatch.setattr(tool, "check", lambda name, target, seeds: answers[name])
    assert tool.main(["a"]) == 0
    assert tool.main(["a", "b"]) == 1
    out = capsys.readouterr().out
    assert "a: current: a.json" in out and "b: new netlist" in out
    assert tool.main([]) == 2
