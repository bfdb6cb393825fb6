"""Simulation models of vendor primitives for the tests that check a hand-instantiated file (rtl/ecp5/)
against its behavioural twin: written from the vendor's documentation, never from the RTL under test."""
from __future__ import annotations


def dp16kd_ports() -> str:
    """DP16KD's pins as a Verilog port list (both sides: data in/out, address, enables, clock, reset, selects)."""
    ports = []
    for side in "AB":
        ports += [f"input DI{side}{b}" for b in range(18)] + [f"input AD{side}{b}" for b in range(14)]
        ports += [f"input CE{side}", f"input OCE{side}", f"input CLK{side}", f"input WE{side}",
                  f"input RST{side}", f"input CS{side}2", f"input CS{side}1", f"input CS{side}0"]
        ports += [f"output DO{side}{b}" for b in range(18)]
    return ", ".join(ports)


def dp16kd_parameters(width: int) -> str:
    """DP16KD's parameter declarations with both data widths defaulting to `width` (a model checks the ones it
    knows)."""
    return f"""\
  parameter DATA_WIDTH_A = {width};
  parameter DATA_WIDTH_B = {width};
  parameter REGMODE_A = "NOREG";
  parameter REGMODE_B = "NOREG";
  parameter RESETMODE = "SYNC";
  parameter ASYNC_RESET_RELEASE = "SYNC";
  parameter CSDECODE_A = "0b000";
  parameter CSDECODE_B = "0b000";
  parameter WRITEMODE_A = "NORMAL";
  parameter WRITEMODE_B = "NORMAL";
  parameter GSR = "ENABLED";"""


def dp16kd_x18_model() -> str:
    """A DP16KD for 18-bit ports, from Lattice's description (TN1264): 1K x 18 per port, the address on
    AD13..AD4, taken at a CE edge; a write (CE and WE) stores the 9-bit halves whose byte enable (AD0 the low,
    AD1 the high) is set, a read (CE, WE low) latches the word; OUTREG adds an output register (OCE); RST
    zeroes both read stages synchronously; INITVAL word w at bits [20w +: 18] (all zero by default)."""
    params = "\n".join(f"  parameter INITVAL_{i:02X} = 320'h0;" for i in range(64))
    fill = "\n".join(f"    init_word(8'h{i:02X}, INITVAL_{i:02X});" for i in range(64))
    sides = []
    for side in "AB":
        s = side.lower()
        address = ", ".join(f"AD{side}{b}" for b in range(13, 3, -1))
        data_in = ", ".join(f"DI{side}{b}" for b in range(17, -1, -1))
        outputs = "\n".join(f"  assign DO{side}{b} = {s}_out[{b}];" for b in range(18))
        sides.append(f"""
  wire [9:0] {s}_address = {{{address}}};
  wire [17:0] {s}_in = {{{data_in}}};
  reg [17:0] {s}_read = 18'h0, {s}_reg = 18'h0;
  always @(posedge CLK{side}) begin
    if (CE{side} && WE{side}) begin
      if (AD{side}0) memory[{s}_address][8:0]  <= {s}_in[8:0];
      if (AD{side}1) memory[{s}_address][17:9] <= {s}_in[17:9];
    end
    if (RST{side}) {s}_read <= 18'h0;
    else if (CE{side} && !WE{side}) {s}_read <= memory[{s}_address];
    if (RST{side}) {s}_reg <= 18'h0;
    else if (OCE{side}) {s}_reg <= {s}_read;
  end
  wire [17:0] {s}_out = REGMODE_{side} == "OUTREG" ? {s}_reg : {s}_read;
{outputs}""")
    return f"""\
module DP16KD ({dp16kd_ports()});
{dp16kd_parameters(18)}
{params}
  reg [17:0] memory [0:1023];
  task init_word(input [7:0] index, input [319:0] value);
    integer i;
    for (i = 0; i < 16; i = i + 1) memory[index * 16 + i] = value[20 * i +: 18];
  endtask
  initial begin
    if (DATA_WIDTH_A != 18 || DATA_WIDTH_B != 18) $fatal(1, "the model knows 18-bit ports only");
{fill}
  end
{"".join(sides)}
endmodule
"""


def dp16kd_x36_model() -> str:
    """A DP16KD in its 36-bit pseudo-dual-port mode (DATA_WIDTH_A = DATA_WIDTH_B = 36), from Lattice's description
    of that mode (TN1264, PDPW16KD: 512 x 36, one write port, one read port): the write on port A (CEA and WEA)
    at AD13..AD5 with the four 9-bit byte enables on AD3..AD0, the data over DIA (bits 17..0) and DIB (35..18);
    the read on port B (CEB, WEB low) at AD13..AD5 into a read register, the data over DOA (17..0) and DOB
    (35..18); OUTREG (REGMODE_B) adds an output register (OCEB); RSTB zeroes both read stages synchronously.
    The pin use is that of Yosys' own PDPW16KD mapping (share/lattice/brams_map_16kd.v)."""
    write_address = ", ".join(f"ADA{b}" for b in range(13, 4, -1))
    read_address = ", ".join(f"ADB{b}" for b in range(13, 4, -1))
    data_in = ", ".join([f"DIB{b}" for b in range(17, -1, -1)] + [f"DIA{b}" for b in range(17, -1, -1)])
    outputs = "\n".join([f"  assign DOA{b} = out[{b}];" for b in range(18)] +
                        [f"  assign DOB{b} = out[{18 + b}];" for b in range(18)])
    return f"""\
module DP16KD ({dp16kd_ports()});
{dp16kd_parameters(36)}
  reg [35:0] memory [0:511];
  integer i;
  initial begin
    if (DATA_WIDTH_A != 36 || DATA_WIDTH_B != 36) $fatal(1, "the model knows the 36-bit mode only");
    for (i = 0; i < 512; i = i + 1) memory[i] = 36'h0;
  end
  wire [8:0] write_address = {{{write_address}}};
  wire [8:0] read_address = {{{read_address}}};
  wire [35:0] data_in = {{{data_in}}};
  reg [35:0] read = 36'h0, out_reg = 36'h0;
  always @(posedge CLKA) begin
    if (CEA && WEA) begin
      if (ADA0) memory[write_address][8:0]   <= data_in[8:0];
      if (ADA1) memory[write_address][17:9]  <= data_in[17:9];
      if (ADA2) memory[write_address][26:18] <= data_in[26:18];
      if (ADA3) memory[write_address][35:27] <= data_in[35:27];
    end
  end
  always @(posedge CLKB) begin
    if (RSTB) read <= 36'h0;
    else if (CEB && !WEB) read <= memory[read_address];
    if (RSTB) out_reg <= 36'h0;
    else if (OCEB) out_reg <= read;
  end
  wire [35:0] out = REGMODE_B == "OUTREG" ? out_reg : read;
{outputs}
endmodule
"""
