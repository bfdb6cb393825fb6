"""`rijndael report` on a small synthetic result set: files, tables, Pareto front, and the HTML page
rendering every plot offline in headless Chromium."""
from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from rijndael_hw import report


def _result(config, rounds, lut4, fmax, cycles, decrypt=0, target="ecp5-85k", status="ok"):
    params = {"BLOCK_SIZES": 1, "KEY_SIZES": 1, "MAX_NB": 4, "MAX_NK": 4, "ENABLE_ENCRYPT": 1,
              "ENABLE_DECRYPT": decrypt, "ARCH": 0, "ROUNDS_PER_CYCLE": rounds, "FOLDED_WIDTH": 32,
              "SUBSTAGES": 0, "SBOX": 0, "TBOX": 0, "ENC_KEYS": 0}
    gbps = 128 * fmax / cycles / 1000
    return {"schema": 1, "config": config, "params": params, "target": target, "device": "test device",
            "status": status, "fits": True, "lut4": lut4, "ff": lut4 // 10, "bram": 0, "dsp": 0,
            "fmax_mhz": fmax, "fmax_mhz_per_seed": {"1": fmax, "2": fmax + 1, "3": fmax - 1},
            "cycles_per_block": cycles, "latency_cycles": cycles, "block_bits": 128, "gbps": gbps,
            "gbps_per_klut4": gbps / (lut4 / 1000), "wrapper": {"lut4": 133, "ff": 290},
            "input_hash": f"{abs(hash(config)):064x}"[:64], "created": "2026-11-23T00:00:00Z",
            "critical_path": ["clk-to-q 0.52 Source a.Q", "setup 0.00 Sink b.D"]}


@pytest.fixture()
def results(tmp_path):
    folder = tmp_path / "results"
    folder.mkdir()
    rows = [_result(f"iterative,ROUNDS_PER_CYCLE={k}", k, 6000 * k, 50.0 / k ** 0.5, 10 // k) for k in (1, 2, 5, 10)]
    rows.append(_result("slow-and-big", 1, 50000, 10.0, 10))  # dominated: must not be on the front
    rows[-1]["flow_options"] = {"synth_args": "-noabc9", "nextpnr_args": [], "why": "test"}
    rows.append(_result("broken", 1, 1, 1.0, 1, status="error"))  # errors are not reported
    for i, row in enumerate(rows):
        (folder / f"r{i}.json").write_text(json.dumps(row))
    return folder


def test_pareto_front():
    assert report.pareto_front([(1, 1), (2, 3), (3, 2), (4, 5), (4, 4)]) == [(1, 1), (2, 3), (4, 5)]


def test_report_files_and_tables(results, tmp_path):
    docs = tmp_path / "docs"
    written = report.write_report(results_dir=results, docs_dir=docs)
    names = {p.name for p in written}
    assert {"results.md", "results.html", "pareto.png", "unroll_area.png", "unroll_fmax.png",
            "unroll_throughput.png"} <= names
    md = (docs / "results.md").read_text()
    assert "iterative,ROUNDS_PER_CYCLE=5" in md and "broken" not in md
    assert "| slow-and-big (flow: `-noabc9`) |" in md  # a departure from the default flow is named
    assert "rijndael-sv" in md and "XCV812E" in md  # reference points are named with their devices
    for name in ("pareto", "unroll_area", "unroll_fmax", "unroll_throughput"):
        assert f"img/{name}.png" in md
        assert (docs / "img" / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_html_is_self_contained(results, tmp_path):
    docs = tmp_path / "docs"
    report.write_report(results_dir=results, docs_dir=docs)
    page = (docs / "results.html").read_text()
    sources = re.findall(r'(?:src|href)="([^"]*)"', page)
    assert len(sources) == len(report.PLOTS)
    assert all(s.startswith("data:image/png;base64,") for s in sources)
    assert "http://" not in page and "https://" not in page and "<script" not in page


def _chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(_chromium() is None, reason="Debian package `chromium` is not installed (make deps installs it)")
def test_html_renders_every_plot_in_chromium(results, tmp_path):
    docs = tmp_path / "docs"
    report.write_report(results_dir=results, docs_dir=docs)
    page = (docs / "results.html").read_text()
    # A test-only copy with a probe that writes each image's decoded size into the DOM after load.
    probe = """<script>window.addEventListener('load', function () {
      var out = document.createElement('pre'); out.id = 'probe';
      out.textContent = Array.from(document.images).map(function (i) {
        return 'IMG ' + i.id + ' ' + (i.complete ? i.naturalWidth : -1) + 'x' + i.naturalHeight; }).join('\\n');
      document.body.appendChild(out); });</script>"""
    test_page = tmp_path / "probe.html"
    test_page.write_text(page.replace("</body>", probe + "</body>"))
    proc = subprocess.run([_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                           "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000",
                           "--dump-dom", test_page.as_uri()],
                          capture_output=True, text=True, timeout=120)
    sizes = dict((m.group(1), (int(m.group(2)), int(m.group(3))))
                 for m in re.finditer(r"IMG (\w+) (-?\d+)x(\d+)", proc.stdout))
    assert set(sizes) == {name.split(".")[0] for name, _, _ in report.PLOTS}, proc.stderr[-2000:]
    for name, (width, height) in sizes.items():
        assert width > 100 and height > 100, f"plot {name} did not render ({width}x{height})"


def test_goals_table_matches_by_parameters(tmp_path):
    from rijndael_hw import configs

    folder = tmp_path / "results"
    folder.mkdir()
    encrypt_only = configs.get("iterative", ["KEY_SIZES=1", "ENABLE_DECRYPT=0"])
    row = _result(encrypt_only.name, 1, 4000, 120.0, 10)  # 1.536 Gbit/s, 0.384 per kLUT4: meets 0.37
    row["params"] = encrypt_only.verilog_params()
    slow = dict(row, fmax_mhz=100.0, gbps=1.28, gbps_per_klut4=0.32, seeds=[1], created="2026-11-24T00:00:00Z")
    row["seeds"] = [1, 2, 3]
    (folder / "a.json").write_text(json.dumps(row))
    (folder / "b.json").write_text(json.dumps(dict(slow, config="iterative,ENABLE_DECRYPT=0,KEY_SIZES=1,x")))
    rows = report.goal_rows(report.load_results(folder))
    mine = [r for r in rows if r["goal"] == "iterative, encrypt-only AES-128"]
    # The 3-seed result wins over a newer 1-seed one of the same build.
    assert len(mine) == 1 and mine[0]["met"] is True and mine[0]["seeds"] == 3
    pipelined = [r for r in rows if r["goal"].startswith("pipelined")]
    assert pipelined and all(r["met"] is None and r["value"] is None for r in pipelined)
    md = report.goals_markdown(report.load_results(folder))
    assert "| iterative, encrypt-only AES-128 | ecp5-85k | Gbit/s per kLUT4 | >= 0.37 | 0.384 | **met** | 3 |" in md


def test_goal_bound_by_another_configuration(tmp_path):
    """unrolled2 / unrolled5 must be above `iterative` in Gbit/s: the bound is iterative's measured figure,
    and a goal whose reference is not measured is not judged."""
    from rijndael_hw import configs

    folder = tmp_path / "results"
    folder.mkdir()
    iterative = _result("iterative", 1, 12000, 96.0, 10)             # 1.2288 Gbit/s
    faster = _result("unrolled2", 2, 21000, 93.0, 5)                  # 2.3808 Gbit/s: above
    slower = _result("unrolled5", 5, 60000, 9.0, 2)                   # 0.576 Gbit/s: below
    for name, r in (("i", iterative), ("u2", faster), ("u5", slower)):
        r["params"] = configs.get(r["config"]).verilog_params()  # goals find results by their parameters
        (folder / f"{name}.json").write_text(json.dumps(r))
    rows = {r["goal"]: r for r in report.goal_rows(report.load_results(folder))}
    assert rows["unrolled2"]["met"] is True and rows["unrolled5"]["met"] is False
    assert rows["unrolled2"]["bound"] == "iterative (1.229)"
    md = report.goals_markdown(report.load_results(folder))
    assert "| unrolled2 | ecp5-85k | Gbit/s | > iterative (1.229) | 2.381 | **met** |" in md
    (folder / "i.json").unlink()
    rows = {r["goal"]: r for r in report.goal_rows(report.load_results(folder))}
    assert rows["unrolled2"]["met"] is None and rows["unrolled2"]["value"] is not None


def test_derived_goal_figures(tmp_path):
    """Goals on figures a result holds only implicitly: one CBC-encrypt stream (a block per latency_cycles)
    and `rijndael` at 256-bit blocks and keys (Nr = 14 cycles per block), computed from the stored Fmax."""
    from rijndael_hw import configs

    folder = tmp_path / "results"
    folder.mkdir()
    bram = _result("iterative-bram", 1, 1900, 110.0, 10)
    bram["latency_cycles"] = 22                      # 128 * 110 / 22 = 0.64 Gbit/s: below 1.0
    big = _result("rijndael", 1, 9000, 70.0, 10)     # 256 * 70 / 14 = 1.28 Gbit/s: above 1.14
    for name, r in (("b", bram), ("r", big)):
        r["params"] = configs.get(r["config"]).verilog_params()
        (folder / f"{name}.json").write_text(json.dumps(r))
    rows = {(r["goal"], r["field"]): r for r in report.goal_rows(report.load_results(folder))}
    single = rows[("iterative-bram", "gbps_single_stream")]
    assert single["value"] == pytest.approx(0.64) and single["met"] is False
    wide = rows[("rijndael (all 25 sizes)", "gbps_256")]
    assert wide["value"] == pytest.approx(1.28) and wide["met"] is True
    md = report.goals_markdown(report.load_results(folder))
    assert "| rijndael (all 25 sizes) | ecp5-85k | Gbit/s at 256-bit blocks and keys | >= 1.14 | 1.280 | **met** |" in md


def test_hand_written_analysis_survives_a_rewrite(results, tmp_path):
    docs = tmp_path / "docs"
    report.write_report(results_dir=results, docs_dir=docs)
    md = (docs / "results.md").read_text()
    assert report.ANALYSIS_BEGIN in md and "No analysis written yet." in md
    (docs / "results.md").write_text(md.replace("No analysis written yet.", "The S-box path limits it.\n\nSecond."))
    report.write_report(results_dir=results, docs_dir=docs)
    md = (docs / "results.md").read_text()
    assert "The S-box path limits it.\n\nSecond." in md and "No analysis written yet." not in md


def test_critical_path_summary():
    lines = ["       type curr  total name",
             "   clk-to-q  0.52  0.52 Source u_core.g_iterative.u_core.state_q_TRELLIS_FF_Q_1.Q",
             "    routing  1.17  1.70 Net x (4,2) -> (2,3)",
             "      logic  0.24  1.93 Source u_core.a_LUT4_Z.F",
             "      logic  0.26  2.92 Source u_core.b_PFUMX_Z.OFX",
             "      logic  0.44  6.49 Source $nextpnr_CCU2C_5$CCU2_COMB0.F",
             "      setup  0.00  18.83 Source u_core.out_block_o_TRELLIS_FF_Q_99.M",
             " 5.74 ns logic, 13.10 ns routing"]
    c = report.critical_path_summary(lines)
    assert c["start"] == "g_iterative.u_core.state_q" and c["end"] == "out_block_o"
    assert c["levels"] == 3 and c["cells"] == {"carry": 1, "wide mux": 1, "block RAM": 0, "LUT": 1}
    assert (c["logic_ns"], c["routing_ns"]) == (5.74, 13.10)


def test_engine_results_get_their_own_table(results, tmp_path):
    # An engine build of a configuration (`rijndael synth --engine`) neither replaces that configuration's core
    # row nor enters the core tables and plots; it has a table of its own with the bench figure it used.
    core = _result("pipelined", 1, 9000, 200.0, 1)
    engine = {**_result("pipelined", 1, 12000, 190.0, 0.5149), "design": "engine",
              "label": "engine-pipelined,TDATA_WIDTH=256,FIFO_DEPTH=512,CONTEXTS=4,CORES=2",
              "engine_params": {"TDATA_WIDTH": 256, "FIFO_DEPTH": 512, "CONTEXTS": 4, "CORES": 2},
              "engine_bench": {"mode": "ctr", "message_blocks": 256}, "input_hash": "e" * 64}
    (results / "core.json").write_text(json.dumps(core))
    (results / "engine.json").write_text(json.dumps(engine))
    assert len([r for r in report.load_results(results) if r["config"] == "pipelined"]) == 2
    docs = tmp_path / "docs"
    report.write_report(results_dir=results, docs_dir=docs)
    md = (docs / "results.md").read_text()
    tables = md.split("## Engine builds")
    assert len(tables) == 2 and "`eeeeeeeeeeee`" in tables[1] and "`eeeeeeeeeeee`" not in tables[0]
    assert "pipelined, 2 core(s), TDATA 256, 4 contexts, FIFO 512" in tables[1] and "0.5149 (ctr, 256-block" in tables[1]
    assert "| pipelined |" in tables[0]


def test_engine_rows_name_the_issue_variant(results, tmp_path):
    # ISSUE_WINDOW = 0 (two cores in arrival order) is a build of its own: its row says so, beside the
    # window's row of the same core and widths.
    window = {**_result("pipelined", 1, 30000, 30.0, 0.519), "design": "engine",
              "label": "engine-pipelined,TDATA_WIDTH=256,FIFO_DEPTH=512,CONTEXTS=4,CORES=2",
              "engine_params": {"TDATA_WIDTH": 256, "FIFO_DEPTH": 512, "CONTEXTS": 4, "CORES": 2},
              "engine_bench": {"mode": "ctr", "message_blocks": 256}, "input_hash": "a" * 64}
    inorder = {**window, "label": window["label"] + ",ISSUE_WINDOW=0", "input_hash": "b" * 64,
               "engine_params": {**window["engine_params"], "ISSUE_WINDOW": 0}}
    (results / "w.json").write_text(json.dumps(window))
    (results / "i.json").write_text(json.dumps(inorder))
    md = report.engine_markdown([r for r in report.load_results(results) if r.get("design") == "engine"])
    rows = [line for line in md.splitlines() if line.startswith("| pipelined")]
    assert len(rows) == 2
    assert sum("arrival order (ISSUE_WINDOW 0)" in row for row in rows) == 1
    assert any("`bbbbbbbbbbbb`" in row and "arrival order" in row for row in rows)


def test_current_tree_result_wins_over_a_newer_one(tmp_path):
    """After a change is measured and reverted, the experiment's record is the newest of its configuration, but
    the reverted tree's own (older) record is the one that describes the code: the report takes the result
    whose input hash the tree gives now, and the newest only when none has it."""
    from rijndael_hw import configs, synth

    current = synth.plan(configs.get("tiny8", []), "ice40-up5k", 3).input_hash
    results = tmp_path / "results"
    results.mkdir()
    old = {**_result("tiny8", 0, 1600, 34.0, 166, target="ice40-up5k"), "input_hash": current, "seeds": [1, 2, 3],
           "created": "2026-12-01T00:00:00Z"}
    new = {**_result("tiny8", 0, 1700, 30.0, 166, target="ice40-up5k"), "input_hash": "f" * 64, "seeds": [1, 2, 3],
           "created": "2026-12-02T00:00:00Z"}
    (results / "a.json").write_text(json.dumps(old))
    (results / "b.json").write_text(json.dumps(new))
    (chosen,) = report.load_results(results)
    assert chosen["input_hash"] == current
    (results / "a.json").unlink()
    other = {**old, "input_hash": "a" * 64}
    (results / "a.json").write_text(json.dumps(other))
    (chosen,) = report.load_results(results)
    assert chosen["input_hash"] == "f" * 64  # none is current: the newest
