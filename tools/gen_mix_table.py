#!/usr/bin/env python3
"""Write the mixing-table round of the block-RAM iterative core from the golden model:

- rtl/sbox/sbox_mix_bram.sv: behavioural model of the table RAM (a 512 x 16 ROM read into two registers).
- rtl/ecp5/sbox_mix_bram.sv: the same as a Lattice ECP5 DP16KD instantiated by hand, output register on
  (Yosys never sets REGMODE = "OUTREG" itself, see tools/gen_sbox_bram.py). `rijndael synth` reads it.
- rtl/cipher/rijndael_round_mix_table.sv: the round's linear layer on the table's outputs.

Why: with one byte per lookup (sbox_bram), an encrypt + decrypt round is RAM -> (Inv)ShiftRows choice ->
(Inv)MixColumns choice -> key and mask -> RAM, 5 LUT levels (`iterative-bram`'s path of record). A DP16KD
port is 18 bits wide, so each lookup can return two bytes: encryption {S(x), 2 S(x)}, decryption
{9 InvS(x), 2 InvS(x)} (address {decrypt, x}). With those, every output bit of MixColumns and of
InvMixColumns is an XOR over the four bytes of its column in which each byte contributes the XOR of at
most three of its 16 wires, the same three in both directions (the search below picks them), so a LUT4
per byte (the direction and three wires) and one LUT4 over the four byte terms (one of them a single
wire, the same in both directions) make the round: two LUT levels instead of five, plus the mask.
Decryption uses ShiftRows' wiring, not InvShiftRows': the iterative core holds a decrypting block with its
columns reflected (column c at column -c mod Nb), which turns InvShiftRows into ShiftRows (reflecting the
columns conjugates a rotation of each row into the opposite one) and commutes with everything column-wise
(SubBytes, InvMixColumns, AddRoundKey with a reflected key). So no direction choice sits in the shift.
The last round leaves without mixing: S(x) is the encryption table's first byte, InvS(x) the inverse of
xtime on the decryption table's second byte.

Lane word: bits [15:8] the first byte, [7:0] the second. The table layout and the 18-bit packing are
tools/gen_tbox_bram.py's (a 16-bit word as bytes at [7:0] and [16:9] of an 18-bit RAM word); both ports
read the same 512 words, port a for one lane, port b for the other.

Run: .venv/bin/python tools/gen_mix_table.py   (--check: exit 1 if a file is stale)
"""
import itertools
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "tools"))

from gen_tbox_bram import initvals as _tbox_initvals  # noqa: E402
from gen_sbox_bram import dp16kd_bus  # noqa: E402
from rijndael_hw.model import INV_SBOX, SBOX, gf_mul  # noqa: E402

GENERIC = REPO / "rtl" / "sbox" / "sbox_mix_bram.sv"
ECP5 = REPO / "rtl" / "ecp5" / "sbox_mix_bram.sv"
ROUND = REPO / "rtl" / "cipher" / "rijndael_round_mix_table.sv"

ENC = (1, 2)   # encryption table: (first byte, second byte) = (1, 2) * S(x)
DEC = (9, 2)   # decryption table: (9, 2) * InvS(x)
MIX = (2, 3, 1, 1)      # MixColumns: output row r takes coefficient MIX[k] of row r + k
INV_MIX = (14, 11, 13, 9)


def entry(x: int, inverse: bool) -> int:
    y = INV_SBOX[x] if inverse else SBOX[x]
    first, second = DEC if inverse else ENC
    return (gf_mul(first, y) << 8) | gf_mul(second, y)


def wire_function(byte_coef: int, bit: int) -> int:
    """Wire `bit` of a byte that holds byte_coef * y, as a mask over the bits of y."""
    return sum(1 << i for i in range(8) if (gf_mul(byte_coef, 1 << i) >> bit) & 1)


def wires(coefs) -> list[int]:
    """The 16 wires of a lane word (bit 15 first) as functions of y."""
    return [wire_function(coefs[0], b) for b in reversed(range(8))] + \
           [wire_function(coefs[1], b) for b in reversed(range(8))]


def lane_masks():
    """Per row offset k and output bit j: (enc mask, dec mask) over the 16 wires, chosen so that the union
    of the two has at most three wires (one LUT4 with the direction) and, for k = 3, one wire that is the
    same in both directions (no LUT)."""
    enc_w, dec_w = wires(ENC), wires(DEC)
    index = {w: i for i, w in enumerate(range(16))}
    masks = {}
    for k in range(4):
        for j in range(8):
            enc_target, dec_target = wire_function(MIX[k], j), wire_function(INV_MIX[k], j)
            best = None
            for size in range(1, 4):
                for chosen in itertools.combinations(range(16), size):
                    enc_sets = [s for r in range(1, size + 1) for s in itertools.combinations(chosen, r)
                                if _xor(enc_w, s) == enc_target]
                    dec_sets = [s for r in range(1, size + 1) for s in itertools.combinations(chosen, r)
                                if _xor(dec_w, s) == dec_target]
                    if enc_sets and dec_sets:
                        best = (min(enc_sets, key=len), min(dec_sets, key=len))
                        break
                if best:
                    break
            assert best, (k, j)
            masks[k, j] = tuple(sum(1 << (15 - i) for i in s) for s in best)
    del index
    return masks


def _xor(ws, subset) -> int:
    value = 0
    for i in subset:
        value ^= ws[i]
    return value


def check(masks) -> None:
    """The network against MixColumns / InvMixColumns of the golden model's field, on random columns; and
    its shape (at most three wires per byte term, the k = 3 term one wire equal in both directions)."""
    rng = random.Random(1)
    for _ in range(2000):
        column = [rng.randrange(256) for _ in range(4)]
        for inverse in (False, True):
            table = [entry(x, inverse) for x in column]
            y = [INV_SBOX[x] if inverse else SBOX[x] for x in column]
            coef = INV_MIX if inverse else MIX
            for r in range(4):
                expect = 0
                for k in range(4):
                    expect ^= gf_mul(coef[k], y[(r + k) % 4])
                got = 0
                for j in range(8):
                    bit = 0
                    for k in range(4):
                        mask = masks[k, j][1 if inverse else 0]
                        bit ^= bin(table[(r + k) % 4] & mask).count("1") & 1
                    got |= bit << j
                assert got == expect, (column, inverse, r)
    for (k, j), (enc, dec) in masks.items():
        assert bin(enc | dec).count("1") <= 3, (k, j)
        if k == 3:
            assert enc == dec and bin(enc).count("1") == 1, (k, j)
        if k == 1:  # room for the k = 3 wire in the same LUT4 (see rijndael_round_mix_table)
            assert bin(enc | dec).count("1") <= 2, (k, j)
    for x in range(256):  # the last round: S(x) and InvS(x) = xtime^-1 of the second byte
        assert entry(x, False) >> 8 == SBOX[x]
        assert inv_xtime(entry(x, True) & 0xFF) == INV_SBOX[x]


def inv_xtime(a: int) -> int:
    return (a >> 1) ^ (0x8D if a & 1 else 0)


HEADER = """\
// sbox_mix_bram: the mixing table of the block-RAM iterative round as a dual-port registered ROM; {what}
// Generated by tools/gen_mix_table.py from rijndael_hw.model; do not edit by hand.
//
// Two independent read ports (a, b), so one RAM serves two byte lanes. Each port's data_o is the 16-bit
// entry of its data_i: {{S(x), 2 S(x)}}, or {{9 InvS(x), 2 InvS(x)}} when its inverse_i is high (the bytes
// the round's linear layer rijndael_round_mix_table needs, see tools/gen_mix_table.py), LATENCY = 2 clock
// edges later: the RAM's address register, then its output register. Reset zeroes both stages.
// One 18-kbit DP16KD (ECP5) for both directions (512 x 16, both ports 18 bits wide). The behavioural
// (rtl/sbox) and ECP5 (rtl/ecp5) files share this port list and latency; the flow reads the ECP5 one for
// ECP5 targets.
module sbox_mix_bram #(
  parameter bit FORWARD = 1'b1,
  parameter bit INVERSE = 1'b1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [7:0]  a_data_i,
  input  logic        a_inverse_i,  // used only when both directions are present
  output logic [15:0] a_data_o,
  input  logic [7:0]  b_data_i,
  input  logic        b_inverse_i,
  output logic [15:0] b_data_o
);
  localparam bit BOTH = FORWARD && INVERSE;

  if (!FORWARD && !INVERSE) begin : g_bad
    ERROR_sbox_mix_bram_needs_FORWARD_or_INVERSE u_error ();
  end

  // The ROM address of each port: {{inverse, byte}} (the inverse table on top); one direction: the byte.
  logic [8:0] a_address, b_address;
  assign a_address = {{BOTH ? a_inverse_i : !FORWARD, a_data_i}};
  assign b_address = {{BOTH ? b_inverse_i : !FORWARD, b_data_i}};
"""

GENERIC_BODY = """
  function automatic logic [15:0] entry(input logic [8:0] a);
    case (a)  // full: all 512 values listed
{cases}
      default: entry = 16'h0;  // unreachable: all 512 values are listed
    endcase
  endfunction

  (* rom_style = "block", ram_style = "block" *)
  logic [15:0] table_rom [512];
  initial begin
    for (int i = 0; i < 512; i++) table_rom[i] = entry(i[8:0]);
  end

  logic [15:0] a_read_q, b_read_q;  // the RAM's address register, seen as its read data
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a_read_q <= 16'h0;
      b_read_q <= 16'h0;
      a_data_o <= 16'h0;
      b_data_o <= 16'h0;
    end else begin
      a_read_q <= table_rom[a_address];
      b_read_q <= table_rom[b_address];
      a_data_o <= a_read_q;
      b_data_o <= b_read_q;
    end
  end
endmodule
"""

ECP5_BODY = """
  // INITVAL strings: 512 words {{forward, inverse}} of 16 bits in the 18-bit packing (words 512.. unused).
{initvals}

  logic [17:0] a_read, b_read;
  logic [13:0] a_pins, b_pins;
  // 18-bit port width: the word address is on AD13..AD4 (AD3..AD0 unused); both ports read words 0..511.
  assign a_pins = {{1'b0, a_address, 4'b0000}};
  assign b_pins = {{1'b0, b_address, 4'b0000}};

  DP16KD #(
    .DATA_WIDTH_A(18), .DATA_WIDTH_B(18),
    .REGMODE_A("OUTREG"), .REGMODE_B("OUTREG"),
    .RESETMODE("SYNC"), .ASYNC_RESET_RELEASE("SYNC"),
    .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
    .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL"),
    .GSR("DISABLED"),
{initval_ports}
  ) u_ram (
    .CLKA(clk_i), .CEA(1'b1), .OCEA(1'b1), .RSTA(!rst_ni), .WEA(1'b0),
    .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
{ada}
{dia}
{doa}
    .CLKB(clk_i), .CEB(1'b1), .OCEB(1'b1), .RSTB(!rst_ni), .WEB(1'b0),
    .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0),
{adb}
{dib}
{dob}
  );

  assign a_data_o = {{a_read[16:9], a_read[7:0]}};
  assign b_data_o = {{b_read[16:9], b_read[7:0]}};
  logic unused_read;  // bits 8 and 17 of each 18-bit word are unused
  assign unused_read = ^{{a_read[17], a_read[8], b_read[17], b_read[8]}};
endmodule
"""

ROUND_TEXT = """\
// rijndael_round_mix_table: the linear layer of the block-RAM iterative round on the mixing table's outputs
// (sbox_mix_bram): ShiftRows' wiring, (Inv)MixColumns, the mask and AddRoundKey; the last round (no mixing,
// no key) on an output of its own. 128-bit blocks (Nb = 4).
// Generated by tools/gen_mix_table.py from rijndael_hw.model; do not edit by hand.
//
// Each lane is a 16-bit table word: {{S(x), 2 S(x)}} encrypting, {{9 InvS(x), 2 InvS(x)}} decrypting. Output
// bit j of row r in column c is the XOR over k = 0..3 of one term of the lane at row r + k of ShiftRows
// (the lane of column (c + r + k) mod 4): the XOR of the wires in ENC_MASK[k][j] or DEC_MASK[k][j]
// (at most three wires between the two, so one LUT4 with the direction; for k = 3 a single wire the same in
// both directions). A decrypting block is held with its columns reflected (column c at column -c mod 4;
// the core reflects it as it enters and its round keys as they are read), which makes InvShiftRows
// ShiftRows' wiring, so the direction only picks each term. go_i masks the mixed state per column where no
// block goes on, and the key is added after it: with ENTRY = 0 the caller's key register carries a new block
// there (state_o = key); with ENTRY = 1 state_o is entry_i there instead, the block the caller takes in this
// clock, chosen by one PFUMX per bit (rijndael_slice_mux) behind the LUT4 of the mixed terms and the key and
// the caller's LUT4 of entry_i, so the choice adds no LUT level to the round.
// The last round: the encryption table's first byte S(x) at ShiftRows' position, or for decryption
// InvS(x) = xtime^-1 of the second byte, with the reflection undone (the result leaves in the normal
// column order). Direction flags come once per output column (a register copy each, see the caller).
module rijndael_round_mix_table #(
  parameter bit ENTRY = 1'b0  // 1: where go_i is low, state_o is entry_i (else the key)
) (
  input  logic [255:0] state_i,      // 16 lanes of 16 bits, lane 0 (byte 0 of the block) at the top
  input  logic [127:0] round_key_i,  // decrypting: reflected InvMixColumns(rk)
  input  logic [3:0]   decrypt_i,    // per output column
  input  logic [3:0]   go_i,         // per output column: 0 masks the mixed state (state_o = key or entry_i)
  input  logic [127:0] entry_i,      // ENTRY: each bit one LUT4's output (see rijndael_slice_mux)
  output logic [127:0] state_o,      // a middle round: mixed, masked, ^ round key
  output logic [127:0] last_o        // a last round without its key, in normal column order
);
  // Mask of row offset k and output bit j at [16 * (8 * k + j) +: 16]: the wires (bit 15 = the first byte's
  // bit 7) of the lane at row offset k that make output bit j. Packed: every tool takes packed parameters.
  localparam logic [511:0] ENC_MASK = {{
{enc}
  }};
  localparam logic [511:0] DEC_MASK = {{
{dec}
  }};

  function automatic logic [15:0] lane(input logic [255:0] s, input int row, input int col);
    lane = s[255 - 16 * (4 * col + row) -: 16];
  endfunction

  function automatic logic [7:0] inv_xtime(input logic [7:0] a);
    inv_xtime = {{1'b0, a[7:1]}} ^ (a[0] ? 8'h8d : 8'h00);
  endfunction

  for (genvar c = 0; c < 4; c++) begin : g_col
    logic [31:0] mixed, key, last;
    assign key = round_key_i[127 - 32 * c -: 32];
    for (genvar r = 0; r < 4; r++) begin : g_row
      logic [15:0] words [4];
      for (genvar k = 0; k < 4; k++) begin : g_term
        assign words[k] = lane(state_i, (r + k) % 4, (c + r + k) % 4);
      end
      for (genvar j = 0; j < 8; j++) begin : g_bit
        // Three LUT4 terms (the direction and at most three wires each; the k = 1 term, two wires, also
        // takes the k = 3 wire, which is the same in both directions), then one LUT with the key and the
        // mask. Kept, so that synthesis maps exactly these two levels (ABC left to itself merged the XOR
        // differently, into three levels).
        (* keep *) logic [2:0] terms;
        logic [15:0] wire3;
        assign wire3 = words[3] & ENC_MASK[16 * (24 + j) +: 16];
        assign terms[0] = decrypt_i[c] ? ^(words[0] & DEC_MASK[16 * j +: 16]) : ^(words[0] & ENC_MASK[16 * j +: 16]);
        assign terms[1] = ^wire3 ^ (decrypt_i[c] ? ^(words[1] & DEC_MASK[16 * (8 + j) +: 16])
                                                 : ^(words[1] & ENC_MASK[16 * (8 + j) +: 16]));
        assign terms[2] = decrypt_i[c] ? ^(words[2] & DEC_MASK[16 * (16 + j) +: 16])
                                       : ^(words[2] & ENC_MASK[16 * (16 + j) +: 16]);
        assign mixed[31 - 8 * r - (7 - j)] = ^terms;
      end
      // The last round: the lane ShiftRows brings to (r, c), or decrypting the one InvShiftRows brings
      // there in the normal order, which in the reflected state sits at column (r - c) mod 4.
      logic [15:0] enc_lane, dec_lane;
      assign enc_lane = lane(state_i, r, (c + r) % 4);
      assign dec_lane = lane(state_i, r, (r - c + 4) % 4);
      assign last[31 - 8 * r -: 8] = decrypt_i[c] ? inv_xtime(dec_lane[7:0]) : enc_lane[15:8];
      logic unused_lane_halves;  // the last round reads one byte of each
      assign unused_lane_halves = ^{{enc_lane[7:0], dec_lane[15:8]}};
    end
    if (ENTRY) begin : g_entry
      (* keep *) logic [31:0] keyed;  // one LUT4 per bit: the three terms and the key
      assign keyed = mixed ^ key;
      rijndael_slice_mux #(.WIDTH(32)) u_choice (
        .a_i(keyed), .b_i(entry_i[127 - 32 * c -: 32]), .s_i({{32{{go_i[c]}}}}), .z_o(state_o[127 - 32 * c -: 32])
      );
    end else begin : g_key
      assign state_o[127 - 32 * c -: 32] = (mixed & {{32{{go_i[c]}}}}) ^ key;
      logic unused_entry;
      assign unused_entry = ^entry_i[127 - 32 * c -: 32];
    end
    assign last_o[127 - 32 * c -: 32]  = last;
  end
endmodule
"""


def render_masks(masks, which: int) -> str:
    """Most significant first: (k, j) = (3, 7) down to (0, 0)."""
    rows = []
    for k in reversed(range(4)):
        bits = ", ".join(f"16'h{masks[k, j][which]:04x}" for j in reversed(range(8)))
        rows.append(f"    {bits}")
    return ",\n".join(rows)


def render_round(masks) -> str:
    return ROUND_TEXT.format(enc=render_masks(masks, 0), dec=render_masks(masks, 1))


def all_entries() -> list[int]:
    return [entry(x, False) for x in range(256)] + [entry(x, True) for x in range(256)]


def render_generic() -> str:
    cases = "\n".join(f"      9'h{a:03x}: entry = 16'h{e:04x};" for a, e in enumerate(all_entries()))
    return HEADER.format(what="behavioural model (simulation, generic).") + GENERIC_BODY.format(cases=cases)


def render_ecp5() -> str:
    # gen_tbox_bram's packing takes 32-bit entries and lays out their upper halves in words 0..511 and
    # their lower halves in words 512..1023: our 16-bit entries go in as upper halves, zero lower halves.
    values = _tbox_initvals([e << 16 for e in all_entries()])
    lines = [f"  localparam logic [319:0] TABLE_{i:02X} = 320'h{v:080x};" for i, v in enumerate(values)]
    ports = ",\n".join(f"    .INITVAL_{i:02X}(TABLE_{i:02X})" for i in range(64))

    return (HEADER.format(what="Lattice ECP5 DP16KD\n// (both ports, output register on).")
            + ECP5_BODY.format(initvals="\n".join(lines), initval_ports=ports,
                               ada=dp16kd_bus("ADA", "a_pins", 14), adb=dp16kd_bus("ADB", "b_pins", 14),
                               dia=dp16kd_bus("DIA", "", value="1'b0"), doa=dp16kd_bus("DOA", "a_read"),
                               dib=dp16kd_bus("DIB", "", value="1'b0"), dob=dp16kd_bus("DOB", "b_read").rstrip(",")))


def outputs() -> dict[Path, str]:
    masks = lane_masks()
    check(masks)
    return {GENERIC: render_generic(), ECP5: render_ecp5(), ROUND: render_round(masks)}


if __name__ == "__main__":
    files = outputs()
    if len(sys.argv) >= 2 and sys.argv[1] == "--check":
        stale = [str(path.relative_to(REPO)) for path, text in files.items()
                 if not path.exists() or path.read_text() != text]
        if stale:
            print("stale: " + ", ".join(stale) + " (run tools/gen_mix_table.py)")
        sys.exit(1 if stale else 0)
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
