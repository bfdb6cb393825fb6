"""tools/netlist_check.py: whether an edited tree would keep a configuration's placements.

The verdict is checked on fake records (the rule `rijndael synth` applies when it reuses placements: a stored
result of the same configuration and target with the same pnr_id and every seed), and main() on a fake check
for its exit status. The real synthesis path was run by hand on tiny8 with a comment added to its core (keeps
its record's placements).
Run: .venv/bin/python -m pytest -q tests/flow/test_netlist_check.py
"""
from __future__ import annotations


def _record(name: str, pnr_id: str, seeds: list[int], created: str) -> dict:
    return {"_file": name, "pnr_id": pnr_id, "seeds": seeds, "created": created, "fmax_mhz": 150.0,
            "netlist_id": "n" * 64}


def test_same_pnr_id_with_every_seed_keeps_the_placements(load_tool):
    tool = load_tool("netlist_check")
    records = [_record("new.json", "other", [1, 2, 3], "2026-12-04"), _record("old.json", "same", [1, 2, 3], "2026-12-01")]
    keeps, why = tool.verdict("same", [1, 2, 3], records)
    assert keeps and "old.json" in why


def test_a_record_with_fewer_seeds_or_another_netlist_does_not(load_tool):
    tool = load_tool("netlist_check")
    keeps, why = tool.verdict("same", [1, 2, 3], [_record("one-seed.json", "same", [1], "2026-12-04")])
    assert not keeps and "placed again" in why and "one-seed.json" in why
    keeps, why = tool.verdict("same", [1, 2, 3], [_record("x.json", "other", [1, 2, 3], "2026-12-04")])
    assert not keeps and "placed again" in why
    keeps, why = tool.verdict("same", [1, 2, 3], [])
    assert not keeps and "no stored result" in why


def test_exit_status_says_whether_every_configuration_keeps(load_tool, monkeypatch, capsys):
    tool = load_tool("netlist_check")
    answers = {"a": (True, "current: a.json"), "b": (False, "new netlist")}
    monkeypatch.setattr(tool, "check", lambda name, target, seeds: answers[name])
    assert tool.main(["a"]) == 0
    assert tool.main(["a", "b"]) == 1
    out = capsys.readouterr().out
    assert "a: current: a.json" in out and "b: new netlist" in out
    assert tool.main([]) == 2
