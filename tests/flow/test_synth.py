"""`rijndael synth`: one small synthesis smoke test (CI), the parsers and result assembly on canned tool
output (no tools), and a place-and-route run (--full: it takes minutes)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rijndael_hw import configs, synth

RIJNDAEL = [sys.executable, "-m", "rijndael_hw.cli"]
SMALL = ["--config", "iterative", "--param", "ENABLE_DECRYPT=0", "--param", "KEY_SIZES=1"]
TINY = ["--config", "tiny8"]  # the smallest core: the CI smoke test synthesizes it
FIELDS = ("lut4", "ff", "bram", "dsp", "fmax_mhz", "cycles_per_block", "latency_cycles", "gbps", "gbps_per_klut4",
          "input_hash", "tools", "wrapper", "status", "fits", "timing_met")


def _synth(*args, config=SMALL):
    proc = subprocess.run(RIJNDAEL + ["synth", *config, *args, "--json"], capture_output=True, text=True,
                          cwd=configs.REPO_ROOT, timeout=1200)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def test_generic_synthesis_and_cached_rerun(flow_dirs):
    results, _ = flow_dirs
    first = _synth("--target", "generic", config=TINY)
    for field in FIELDS:
        assert field in first, field
    assert first["status"] == "ok" and not first["cached"]
    # Even one S-box (eight 8-input functions) takes more than a hundred LUT4; the state is 128 flops.
    assert first["lut4"] > 100 and first["ff"] >= 128
    assert first["wrapper"]["ff"] > 0 and first["wrapper"]["lut4"] < first["lut4"]
    # Documented timing of the tiny architecture (tests/core timing()): 16 clocks per round, 4 for the
    # initial AddRoundKey, 2 of pipeline and 1 for the registered in_ready_o, so 16 * 10 + 7 per AES-128 block
    # back to back, measured by `rijndael bench`.
    assert first["cycles_per_block"] == 16 * 10 + 7 and first["block_bits"] == 128
    assert first["fmax_mhz"] is None and first["gbps"] is None  # generic: no place and route
    stored = list(results.glob("*.json"))
    assert len(stored) == 1 and first["input_hash"][:12] in stored[0].name
    again = _synth("--target", "generic", config=TINY)
    assert again["cached"] and again["input_hash"] == first["input_hash"] and again["lut4"] == first["lut4"]


def test_input_hash_tracks_inputs(flow_dirs):
    base = synth.plan(configs.get("iterative", SMALL[3::2]), "generic", 1)
    same = synth.plan(configs.get("iterative", SMALL[3::2]), "generic", 1)
    other_param = synth.plan(configs.get("iterative"), "generic", 1)
    other_target = synth.plan(configs.get("iterative", SMALL[3::2]), "ecp5-85k", 1)
    other_seeds = synth.plan(configs.get("iterative", SMALL[3::2]), "ecp5-85k", 3)
    hashes = {p.input_hash for p in (base, other_param, other_target, other_seeds)}
    assert same.input_hash == base.input_hash and len(hashes) == 4
    # Yosys reads what the hashes cover and nothing else (a file it read but did not elaborate still shifted
    # its generated names, so a record moved with files it does not use): the elaborated files, with -defer
    # so that the dispatcher's default-parameter branches are never built.
    assert base.sources == synth.used_sources(base.config, "generic")
    assert "rtl/cipher/rijndael_core_iterative.sv" in base.sources
    assert not any(name in base.script for name in ("rijndael_core_pipelined.sv", "rijndael_core_folded.sv",
                                                      "rijndael_core_tiny.sv", "rtl/system/"))
    assert "read_verilog -sv -defer " in base.script


@pytest.mark.full  # elaborates several configurations (about 50 s); test_input_hash_tracks_inputs in CI
def test_input_hash_covers_the_elaborated_files_only(flow_dirs, monkeypatch):
    # An edit to RTL the configuration does not elaborate keeps its stored results; an edit to RTL it does
    # elaborate is a new input. The folded configuration elaborates no pipelined file and vice versa, and no
    # core result reads the engine (rtl/system) or its pin wrapper (`rijndael synth --engine`).
    real = synth._sources
    config = configs.get("folded32")
    base = synth.plan(config, "generic", 1).input_hash
    assert "rtl/cipher/rijndael_core_folded.sv" in synth.used_sources(config)
    assert "rtl/cipher/rijndael_core_pipelined.sv" not in synth.used_sources(config)

    def edited(path):
        def sources(family=None, design=synth.CORE):
            every = real(family, design)
            return {**every, path: every[path] + "\n// an edit\n"} if path in every else every
        return sources
    monkeypatch.setattr(synth, "_sources", edited("rtl/cipher/rijndael_core_pipelined.sv"))
    assert synth.plan(config, "generic", 1).input_hash == base
    for path in ("rtl/system/rijndael_engine.sv", "rtl/system/rijndael_regs_pkg.sv",
                 "flow/rtl/rijndael_synth_engine_top.sv"):
        assert path not in real(None) and path in real(None, synth.engine_design(config))
        monkeypatch.setattr(synth, "_sources", edited(path))
        assert synth.plan(config, "generic", 1).input_hash == base, path
    monkeypatch.setattr(synth, "_sources", edited("rtl/cipher/rijndael_core_folded.sv"))
    assert synth.plan(config, "generic", 1).input_hash != base


def test_every_flow_departure_names_a_configuration_and_a_reason():
    families = {t.family for t in synth.TARGETS.values()}
    for (name, where), options in synth.FLOW_OPTIONS.items():
        assert name in configs.names() and (where in families or where in synth.TARGETS), (name, where)
        assert options.why and (options.synth_args or options.nextpnr_args or options.ebr_sites), name
        # A floorplan names sites of one device, so it is given for one target, not a family.
        assert not options.ebr_sites or where in synth.TARGETS, name


def _ram_netlist(*names):
    cells = {name: {"type": "DP16KD", "attributes": {}} for name in names}
    cells["lut"] = {"type": "LUT4", "attributes": {}}
    return json.dumps({"modules": {"top": {"cells": cells},
                                   "DP16KD": {"attributes": {"blackbox": 1}, "cells": {}}}}).encode()


def test_block_ram_floorplan_fixes_rams_in_name_order():
    sites = synth.ecp5_85k_ebr_row(46, 40, 3)
    assert sites == ("X40/Y46/EBR0", "X42/Y46/EBR1", "X44/Y46/EBR2")
    placed = json.loads(synth.place_block_rams(_ram_netlist("u.b_ram", "u.a_ram"), sites))["modules"]["top"]["cells"]
    assert placed["u.a_ram"]["attributes"]["BEL"] == "X40/Y46/EBR0"
    assert placed["u.b_ram"]["attributes"]["BEL"] == "X42/Y46/EBR1"
    assert "BEL" not in placed["lut"]["attributes"]
    with pytest.raises(synth.FlowError, match="3 DP16KD cells for 2 EBR sites"):
        synth.place_block_rams(_ram_netlist("a", "b", "c"), sites[:2])
    with pytest.raises(synth.FlowError):
        synth.ecp5_85k_ebr_row(47, 40, 1)  # not an EBR row
    with pytest.raises(synth.FlowError):
        synth.ecp5_85k_ebr_row(46, 118, 3)  # two sites left in the row


def test_register_floorplan_fixes_matching_flip_flops_in_name_order():
    sites = synth.ecp5_85k_ff_block(68, 32, 2, 10)
    assert sites[:3] == ("X68/Y32/SLICEA.FF0", "X68/Y32/SLICEA.FF1", "X68/Y32/SLICEB.FF0")
    assert sites[8] == "X69/Y32/SLICEA.FF0" and len(sites) == 10
    assert synth.ecp5_85k_ff_block(68, 32, 1, 9)[8] == "X68/Y33/SLICEA.FF0"  # the next row when a row is full
    with pytest.raises(synth.FlowError):
        synth.ecp5_85k_ff_block(68, 33, 1, 9)  # would reach Y34, not a checked logic row
    cells = {name: {"type": "TRELLIS_FF", "attributes": {}} for name in ("u.reg_q_TRELLIS_FF_Q_1", "u.reg_q_TRELLIS_FF_Q",
                                                                       "u.other_q_TRELLIS_FF_Q")}
    cells["u.reg_q_lut"] = {"type": "LUT4", "attributes": {}}
    netlist = json.dumps({"modules": {"top": {"cells": cells}}}).encode()
    pins = ((r"\.reg_q_TRELLIS_FF_Q(_\d+)?$", sites[:2]),)
    placed = json.loads(synth.place_registers(netlist, pins))["modules"]["top"]["cells"]
    assert placed["u.reg_q_TRELLIS_FF_Q"]["attributes"]["BEL"] == sites[0]
    assert placed["u.reg_q_TRELLIS_FF_Q_1"]["attributes"]["BEL"] == sites[1]
    assert "BEL" not in placed["u.other_q_TRELLIS_FF_Q"]["attributes"] and "BEL" not in placed["u.reg_q_lut"]["attributes"]
    with pytest.raises(synth.FlowError, match="2 flip-flops match"):
        synth.place_registers(netlist, ((r"reg_q_TRELLIS", sites[:1]),))
    with pytest.raises(synth.FlowError, match="0 flip-flops match"):
        synth.place_registers(netlist, ((r"missing_q", sites),))


def test_register_floorplan_reaches_a_kept_module_instantiated_once():
    # "MODULE::CELL": the cells of a module the netlist keeps (a kept register copy); its BEL applies to every
    # instance, so a module used twice is refused.
    sites = synth.ecp5_85k_ff_block(40, 32, 8, 2)
    copy = {"cells": {"q_o_TRELLIS_FF_Q_1": {"type": "TRELLIS_FF", "attributes": {}},
                      "q_o_TRELLIS_FF_Q": {"type": "TRELLIS_FF", "attributes": {}}}}
    other = {"cells": {"q_o_TRELLIS_FF_Q": {"type": "TRELLIS_FF", "attributes": {}}}}

    def netlist(uses):
        top = {"cells": {f"u.copy{i}": {"type": "copy_wide", "attributes": {}} for i in range(uses)}
               | {"u.one": {"type": "copy_narrow", "attributes": {}}, "u.two": {"type": "copy_narrow", "attributes": {}}}}
        return json.dumps({"modules": {"top": top, "copy_wide": copy, "copy_narrow": other}}).encode()

    placed = json.loads(synth.place_registers(netlist(1), ((r"^copy_wide$::TRELLIS_FF", sites),)))["modules"]
    assert placed["copy_wide"]["cells"]["q_o_TRELLIS_FF_Q"]["attributes"]["BEL"] == sites[0]
    assert placed["copy_wide"]["cells"]["q_o_TRELLIS_FF_Q_1"]["attributes"]["BEL"] == sites[1]
    assert "BEL" not in placed["copy_narrow"]["cells"]["q_o_TRELLIS_FF_Q"]["attributes"]
    with pytest.raises(synth.FlowError, match="instantiated 2 times"):
        synth.place_registers(netlist(2), ((r"^copy_wide$::TRELLIS_FF", sites),))
    with pytest.raises(synth.FlowError, match="instantiated 2 times"):
        synth.place_registers(netlist(1), ((r"^copy_narrow$::TRELLIS_FF", sites[:1]),))


def test_ring_floorplan_puts_the_first_and_last_rounds_side_by_side():
    sites = synth.ecp5_85k_round_ring(10)
    assert len(sites) == 80 and len(set(sites)) == 80
    by_round = {}
    names = sorted(((r, i) for r in range(10) for i in range(8)), key=lambda ri: f"g_round[{ri[0]}].g_ram[{ri[1]}]")
    for (r, i), site in zip(names, sites):
        by_round.setdefault(r, []).append(site)
    xy = {r: [tuple(int(v[1:]) for v in s.split("/")[:2]) for s in by_round[r]] for r in by_round}
    assert {y for _, y in xy[0]} == {46} and {y for _, y in xy[9]} == {46}
    assert 0 < min(x for x, _ in xy[0]) - max(x for x, _ in xy[9]) <= 10   # three EBR sites apart, mid-row
    assert {y for _, y in xy[5]} == {22}
    with pytest.raises(synth.FlowError):
        synth.ecp5_85k_round_ring(12)


def _xy(site):
    return tuple(int(v[1:]) for v in site.split("/")[:2])


@pytest.mark.parametrize("rounds", [12, 14])
def test_wide_ring_keeps_each_round_on_one_row_and_the_ends_together(rounds):
    # pipelined-192/-256: every EBR site used once and a real one (52 a row, X4-X120), each round on one
    # row, consecutive rounds neighbours in a row or across a turn, the ring's first and last round side
    # by side mid-row on Y46, and -256's two rounds past the ring on Y70 above them.
    sites = synth.ecp5_85k_round_wide_ring(rounds)
    assert len(sites) == 8 * rounds and len(set(sites)) == len(sites)
    assert all(int(s.split("/")[2][3:]) == synth.ECP5_85K_EBR_X_ROW[x] for s, (x, _) in zip(sites, map(_xy, sites)))
    names = sorted(((r, i) for r in range(rounds) for i in range(8)), key=lambda ri: f"g_round[{ri[0]}].g_ram[{ri[1]}]")
    by_round = {}
    for (r, _), site in zip(names, sites):
        by_round.setdefault(r, []).append(_xy(site))
    assert by_round == {r: s for r, s in enumerate(synth._wide_ring_rounds(rounds))}
    assert all(len({y for _, y in by_round[r]}) == 1 for r in by_round)
    centre = {r: (sum(x for x, _ in s) / 8, s[0][1]) for r, s in by_round.items()}
    for r in range(1, rounds):
        (x0, y0), (x1, y1) = centre[r - 1], centre[r]
        assert (y0 == y1 and abs(x1 - x0) <= 20) or (abs(y1 - y0) == 24 and abs(x1 - x0) <= 6), r
    first, last = by_round[0], by_round[rounds - 1]
    assert {y for _, y in first} == {y for _, y in last} == {46}
    assert 0 < min(x for x, _ in first) - max(x for x, _ in last) <= 16   # the gap of four sites mid-row
    assert 50 <= min(x for x, _ in first) <= 76
    # the rounds after the first half: together on the die's left (the far broadcast's)
    assert all(centre[r][0] < 60 for r in range(rounds // 2, rounds))
    if rounds == 14:
        assert {y for r in (10, 11) for _, y in by_round[r]} == {70}
    with pytest.raises(synth.FlowError):
        synth.ecp5_85k_round_wide_ring(20)


def test_ring_round_keys_sit_beside_their_rounds():
    # Each round's key register on its own block of flip-flops, beside the round's RAMs in the ring and on
    # the side facing the die's middle; the pattern takes either name Yosys may give the key's flops.
    entries = synth.ecp5_85k_ring_round_keys(10)
    assert len(entries) == 10
    all_sites = [site for _, sites in entries for site in sites]
    assert len(all_sites) == 1280 and len(set(all_sites)) == 1280
    ebr = {}
    names = sorted(((r, i) for r in range(10) for i in range(8)), key=lambda ri: f"g_round[{ri[0]}].g_ram[{ri[1]}]")
    for (r, _), site in zip(names, synth.ecp5_85k_round_ring(10)):
        ebr.setdefault(r, []).append(tuple(int(v[1:]) for v in site.split("/")[:2]))
    for j, (pattern, sites) in enumerate(entries):
        xy = [tuple(int(v[1:]) for v in site.split("/")[:2]) for site in sites]
        ram_rows = [y for _, y in ebr[j]]
        row = max(set(ram_rows), key=ram_rows.count)
        assert all(0 < abs(y - row) <= 3 and abs(y - 34) < abs(row - 34) for _, y in xy), (j, xy[:3])
        ram_xs = [x for x, y in ebr[j] if y == row]
        assert min(ram_xs) <= min(x for x, _ in xy) and max(x for x, _ in xy) <= max(ram_xs) + 1, j
        prefix = "u_core.genblk10.g_pipelined.u_core."
        assert re.search(pattern, f"{prefix}g_round[{j}].g_part[5].round_key_enc_TRELLIS_FF_Q_7")
        assert re.search(pattern, f"{prefix}g_round[{8 - j}].g_part[5].round_key_dec_TRELLIS_FF_Q") or j == 9
        assert not re.search(pattern, f"{prefix}g_round[{(j + 1) % 10}].g_part[5].round_key_enc_TRELLIS_FF_Q")


def test_ring_round_keys_with_decrypting_key_terms():
    # DEC_STORE builds: each round's decrypting key term (rounds 0 .. Nr-2) on the row nearer its RAMs, its
    # encryption key on the next row inwards; the last round has the encryption key only.
    plain = synth.ecp5_85k_ring_round_keys(10)
    entries = synth.ecp5_85k_ring_round_keys(10, dec_terms=True)
    assert len(entries) == 19
    all_sites = [site for _, sites in entries for site in sites]
    assert len(all_sites) == 19 * 128 and len(set(all_sites)) == len(all_sites)
    prefix = "u_core.genblk10.g_pipelined.u_core."
    for j in range(9):
        (dec_pattern, dec_sites), (enc_pattern, enc_sites) = entries[2 * j], entries[2 * j + 1]
        assert re.search(dec_pattern, f"{prefix}g_round[{j}].g_part[4].genblk3.genblk1.g_back_shift.dec_term_TRELLIS_FF_Q_3")
        assert not re.search(dec_pattern, f"{prefix}g_round[{j + 1}].g_part[4].genblk3.g_back_shift.dec_term_TRELLIS_FF_Q")
        assert enc_pattern == plain[j][0]
        dec_y = {int(site.split("/")[1][1:]) for site in dec_sites}
        enc_y = {int(site.split("/")[1][1:]) for site in enc_sites}
        ram_row = 22 if 3 <= j <= 7 else 46
        assert max(abs(y - ram_row) for y in dec_y) <= min(abs(y - ram_row) for y in enc_y), j
    assert entries[18] == plain[9]


def test_floorplan_is_one_targets_core_build_only(flow_dirs, monkeypatch):
    # A floorplan reaches its configuration's hashes and synth job on its target only; the same configuration
    # on another target, another configuration, and an engine build around that core keep theirs.
    folded, tiny = configs.get("folded32"), configs.get("tiny8")
    engine = synth.engine_design(folded, cores=1)
    before = {k: synth.plan(c, t, 1, design=d) for k, (c, t, d) in {
        "folded": (folded, "ecp5-85k", synth.CORE), "folded25": (folded, "ecp5-25k", synth.CORE),
        "tiny": (tiny, "ecp5-85k", synth.CORE), "engine": (folded, "ecp5-85k", engine)}.items()}
    sites = synth.ecp5_85k_ebr_row(46, 40, 2)
    monkeypatch.setitem(synth.FLOW_OPTIONS, ("folded32", "ecp5-85k"), synth.FlowOptions(ebr_sites=sites, why="test"))
    after = {k: synth.plan(p.config, p.target.name, 1, design=p.design) for k, p in before.items()}
    for unchanged in ("folded25", "tiny", "engine"):
        assert after[unchanged].input_hash == before[unchanged].input_hash, unchanged
        assert "ebr_sites" not in synth.synth_job(after[unchanged])
    changed = after["folded"]
    assert changed.input_hash != before["folded"].input_hash and changed.synth_hash != before["folded"].synth_hash
    assert changed.script == before["folded"].script  # the floorplan is applied to the netlist, not in Yosys
    assert synth.synth_job(changed)["ebr_sites"] == list(sites)
    assert changed.flow.as_dict()["ebr_sites"] == list(sites)


def test_flow_options_change_one_configuration_only(flow_dirs, monkeypatch):
    # A per-configuration departure from the default flow reaches that configuration's Yosys script and
    # nextpnr arguments (so its hashes and its result), and nothing else's.
    folded = configs.get("folded32")
    tiny = configs.get("tiny8")
    before = {c.name: synth.plan(c, "ecp5-85k", 1) for c in (folded, tiny)}
    monkeypatch.setitem(synth.FLOW_OPTIONS, ("folded32", "ecp5"),
                        synth.FlowOptions("-noabc9", ("--router", "router2"), "test"))
    after = {c.name: synth.plan(c, "ecp5-85k", 1) for c in (folded, tiny)}
    assert after["tiny8"].input_hash == before["tiny8"].input_hash
    assert after["tiny8"].pnr_key(1, "n") == before["tiny8"].pnr_key(1, "n")
    changed = after["folded32"]
    assert changed.input_hash != before["folded32"].input_hash
    assert changed.synth_hash != before["folded32"].synth_hash
    assert "synth_ecp5 -noabc9 -top" in changed.script and "synth_ecp5 -top" in before["folded32"].script
    assert changed.nextpnr_args(2)[-2:] == ["--router", "router2"] and "--seed" in changed.nextpnr_args(2)
    assert synth.pnr_job(changed, 2, b"")["args"] == changed.nextpnr_args(2)
    # The same configuration on another family keeps the default flow.
    assert synth.plan(folded, "ice40-up5k", 1).flow == synth.FlowOptions()
    result = synth.assemble(changed, SYNTH_OK, [{"seed": 1, "status": "ok", "fmax_mhz": 50.0}], BENCH_OK)
    assert result["flow_options"]["synth_args"] == "-noabc9"
    assert "flow_options" not in synth.assemble(after["tiny8"], SYNTH_OK, [], BENCH_OK)


def test_ecp5_places_with_the_static_placer_and_ice40_with_heap():
    # The placer is a flow-wide choice per device family (synth.PLACER), part of every ECP5 record's pnr_id.
    for target in ("ecp5-85k", "ecp5-25k"):
        args = synth.plan(configs.get("folded32"), target, 1).nextpnr_args(1)
        assert args[args.index("--placer") + 1] == "static", target
    assert "--placer" not in synth.plan(configs.get("folded32"), "ice40-up5k", 1).nextpnr_args(1)
    # A configuration's own nextpnr options still come last (they may override).
    changed = synth.plan(configs.get("rijndael"), "ecp5-85k", 1).nextpnr_args(1)
    assert changed[-2:] == ["--router", "router2"] and changed.count("--placer") == 1


def test_unknown_target_is_a_usage_error():
    proc = subprocess.run(RIJNDAEL + ["synth", "--target", "virtex"], capture_output=True, text=True)
    assert proc.returncode == 2 and "invalid choice" in proc.stderr


CRITICAL = """Info: Critical path report for clock '$glbnet$clk' (posedge -> posedge):
Info:       type curr  total name
Info:   clk-to-q  0.52  0.52 Source a_q.Q
Info:      setup  0.00  20.60 Source b_q.M
Info: 3.37 ns logic, 17.24 ns routing
Info:
Info: Max frequency for clock '$glbnet$clk': 48.54 MHz (FAIL at 100.00 MHz)
"""


def test_critical_path_parser():
    lines = synth.critical_path("Info: noise\n" + CRITICAL)
    assert lines[0].strip().startswith("type") and lines[-1].strip() == "3.37 ns logic, 17.24 ns routing"
    assert synth._FMAX_RE.findall(CRITICAL)[-1][1] == "48.54"


def test_resources_count_lut_sites():
    cells = {"LUT4": 100, "CCU2C": 10, "TRELLIS_DPR16X4": 2, "TRELLIS_FF": 50, "DP16KD": 3, "PFUMX": 7}
    assert synth.resources(cells, "ecp5") == {"lut4": 132, "ff": 50, "bram": 3, "dsp": 0, "carry": 10, "dist_ram": 2}
    ice = synth.resources({"SB_LUT4": 9, "SB_DFFER": 4, "SB_DFF": 1, "SB_RAM40_4K": 2, "SB_CARRY": 3}, "ice40")
    assert (ice["lut4"], ice["ff"], ice["bram"]) == (9, 5, 2)
    stat = {"modules": {"$paramod$abc\\rijndael_core": {"num_cells_by_type": cells},
                        "\\rijndael_synth_top": {"num_cells_by_type": {"LUT4": 5, "TRELLIS_FF": 9,
                                                                        "$paramod$abc\\rijndael_core": 1}}}}
    split = synth.split_counts(stat, "ecp5")
    assert split["core"]["lut4"] == 132 and split["wrapper"] == {"lut4": 5, "ff": 9, "bram": 0, "dsp": 0,
                                                                 "carry": 0, "dist_ram": 0}


def test_split_counts_adds_up_kept_submodules():
    # With `-noflatten` the core keeps submodules: its count is its own cells plus each instance's (nested).
    stat = {"modules": {
        "\\rijndael_synth_top": {"num_cells_by_type": {"LUT4": 5, "$paramod$c\\rijndael_core": 1}},
        "$paramod$c\\rijndael_core": {"num_cells_by_type": {"LUT4": 10, "TRELLIS_FF": 4, "$paramod$s\\rijndael_sbox": 16}},
        "$paramod$s\\rijndael_sbox": {"num_cells_by_type": {"LUT4": 8, "sbox_fwd_lut": 1}},
        "\\sbox_fwd_lut": {"num_cells_by_type": {"LUT4": 159, "CCU2C": 1}}}}
    split = synth.split_counts(stat, "ecp5")
    assert split["core"]["lut4"] == 10 + 16 * (8 + 159 + 2) and split["core"]["ff"] == 4
    assert split["core_cells"]["LUT4"] == 10 + 16 * (8 + 159) and split["wrapper"]["lut4"] == 5


def _plan():
    return synth.plan(configs.get("iterative", SMALL[3::2]), "ecp5-85k", 3, clock_mhz=60)


SYNTH_OK = {"status": "ok", "core": {"lut4": 4000, "ff": 500, "bram": 0, "dsp": 0}, "wrapper": {"lut4": 1, "ff": 2}}
BENCH_OK = {"status": "ok", "cycles_per_block": 10, "latency_cycles": 10, "block_bits": 128}


def test_assemble_median_throughput_and_timing():
    pnrs = [{"seed": s, "status": "ok", "fmax_mhz": f} for s, f in ((1, 50.0), (2, 70.0), (3, 65.0))]
    r = synth.assemble(_plan(), SYNTH_OK, pnrs, BENCH_OK)
    assert r["status"] == "ok" and r["fmax_mhz"] == 65.0 and r["timing_met"] is True
    assert r["gbps"] == pytest.approx(128 * 65.0 / 10 / 1000) and r["gbps_per_klut4"] == pytest.approx(r["gbps"] / 4)
    slow = synth.assemble(_plan(), SYNTH_OK, [{"seed": 1, "status": "ok", "fmax_mhz": 40.0}], BENCH_OK)
    assert slow["status"] == "ok" and slow["timing_met"] is False  # a result, not a failure


def test_assemble_does_not_fit_is_a_result():
    pnrs = [{"seed": 1, "status": "does_not_fit", "fmax_mhz": None, "error": "does not fit: ICESTORM_LC 6000/5280"}]
    r = synth.assemble(_plan(), SYNTH_OK, pnrs, BENCH_OK)
    assert r["status"] == "does_not_fit" and r["fits"] is False and r["gbps"] is None and r["lut4"] == 4000


@pytest.mark.full
def test_place_and_route_ecp5_25k(flow_dirs):
    r = _synth("--target", "ecp5-25k", "--seeds", "1", "--clock", "1000")
    assert r["status"] == "ok" and r["fits"] is True
    assert 10 < r["fmax_mhz"] < 1000 and r["timing_met"] is False  # 1 GHz is out of reach: a result
    assert r["gbps"] == pytest.approx(128 * r["fmax_mhz"] / r["cycles_per_block"] / 1000, rel=1e-3)
    assert r["critical_path"], "nextpnr's critical path report was not captured"


NETLIST = {"creator": "Yosys", "modules": {"top": {
    "attributes": {"top": "1", "src": "flow/rtl/top.sv:1.1-9.9"},
    "cells": {"a_q": {"type": "TRELLIS_FF", "attributes": {"src": "rtl/x.sv:10.3-12.4"}, "connections": {"Q": [2]}},
              "b": {"type": "LUT4", "attributes": {"src": "rtl/x.sv:14.3-14.9"}, "connections": {"A": [2]}},
              "u_core": {"type": "$scopeinfo", "attributes": {"cell_src": "rtl/y.sv:3.1-4.2",
                                                               "module": "$paramod$0123\\rijndael_core"}}},
    "netnames": {"a_q": {"bits": [2], "attributes": {"src": "rtl/x.sv:8.9-8.12"}}}},
    "LUT4": {"attributes": {"blackbox": "1"}, "ports": {"A": {"direction": "input", "bits": [2]}},
             "cells": {"$specify$101": {"type": "$specify2"}}}}}


def _netlist(edit=None) -> bytes:
    data = json.loads(json.dumps(NETLIST))
    if edit:
        edit(data["modules"]["top"])
    return json.dumps(data).encode()


def test_netlist_id_ignores_source_locations_only():
    # Place and route sees no `src` value (a netlist with every `src` rewritten placed and routed to the
    # identical result, docs/results.md "Method"), so lines moved in the sources keep a netlist's id ...
    base = synth.netlist_id(_netlist())

    def moved(m):
        m["attributes"]["src"] = "flow/rtl/top.sv:3.1-11.9"
        m["cells"]["a_q"]["attributes"]["src"] = "rtl/pkg/params.svh:2.1-2.9"
        m["netnames"]["a_q"]["attributes"]["src"] = "rtl/x.sv:80.9-80.12"
        m["cells"]["u_core"]["attributes"].update(cell_src="rtl/y.sv:9.1-9.2", module="$paramod$4567\\rijndael_core")
    assert synth.netlist_id(_netlist(moved)) == base
    # The vendor library's blackboxes count by their interface, not by the timing cells Yosys numbered inside.
    data = json.loads(_netlist())
    data["modules"]["LUT4"]["cells"] = {"$specify$377": {"type": "$specify2"}}
    assert synth.netlist_id(json.dumps(data).encode()) == base
    data["modules"]["LUT4"]["ports"]["B"] = {"direction": "input", "bits": [3]}
    assert synth.netlist_id(json.dumps(data).encode()) != base
    # ... and everything else is a different netlist: a name, a type, a connection, the order of cells.
    def renamed(m):
        m["cells"]["c_q"] = m["cells"].pop("a_q")
    def retyped(m):
        m["cells"]["b"]["type"] = "PFUMX"
    def rewired(m):
        m["cells"]["b"]["connections"]["A"] = [3]
    def reordered(m):
        m["cells"] = dict(reversed(list(m["cells"].items())))
    for edit in (renamed, retyped, rewired, reordered):
        assert synth.netlist_id(_netlist(edit)) != base, edit.__name__


def test_placement_is_taken_from_a_result_with_the_same_netlist(flow_dirs):
    # A new source tree (new input hash) whose netlist is a stored result's takes that result's place-and-route
    # runs, says so, and gives the same figures; another netlist or another clock takes nothing.
    results, _ = flow_dirs
    p = _plan()
    nid = synth.netlist_id(_netlist())
    synth_ok = {**SYNTH_OK, "netlist_gz": b"x", "netlist_id": nid}
    pnrs = [{"seed": s, "status": "ok", "fmax_mhz": f, "timing_met": True, "wall_seconds": 100.0,
             "utilization": {"TRELLIS_SLICE": {"used": 10, "available": 41820}} if s == 1 else None,
             "critical_path": ["clk-to-q a_q", "1.00 ns logic, 2.00 ns routing"] if s == 1 else []}
            for s, f in ((1, 61.0), (2, 70.0), (3, 65.0))]
    old = synth.assemble(p, synth_ok, pnrs, BENCH_OK)
    old["input_hash"] = "0" * 64  # as if stored from older sources
    assert old["netlist_id"] == nid and old["pnr_id"] == p.pnr_id(nid) and "pnr_reused_from" not in old
    results.mkdir(parents=True, exist_ok=True)
    (results / f"{p.result_path.name.rsplit('-', 1)[0]}-{'0' * 12}.json").write_text(json.dumps(old))
    taken = [synth.placed_from_records(synth.pnr_job(p, s, b"", nid)) for s in p.seeds]
    assert all(t is not None for t in taken)
    new = synth.assemble(p, synth_ok, taken, BENCH_OK)
    for field in ("fmax_mhz", "fmax_mhz_per_seed", "critical_path", "pnr_utilization", "pnr_id", "gbps"):
        assert new[field] == old[field], field
    assert new["pnr_reused_from"] == ["0" * 12]
    assert f"taken from result {'0' * 12}" in synth.format_text(new)
    assert synth.placed_from_records(synth.pnr_job(p, 1, b"", synth.netlist_id(_netlist(
        lambda m: m["cells"]["b"].update(type="PFUMX"))))) is None
    faster = synth.plan(p.config, "ecp5-85k", 3, clock_mhz=80)
    assert synth.placed_from_records(synth.pnr_job(faster, 1, b"", nid)) is None
