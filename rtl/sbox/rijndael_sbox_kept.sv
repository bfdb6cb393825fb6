// rijndael_sbox_kept: rijndael_sbox, always enabled, as a module that synthesis keeps whole (the iterative
// core's data S-boxes), with a direction input per lane (lane l's table choice reads inverse_i[l], so the
// caller can steer each lane from a register copy of its own: one flag steering every lane was a long route).
//
// Why: flattened into the core, ABC merged the choices in front of the case-ROM tables (AddRoundKey,
// ShiftRows, the state choice) into their 6-input lookups and duplicated them per output bit: the
// encrypt-only iterative core mapped to 7623 LUT4 flattened against ~4600 with its S-boxes kept apart
// (Yosys 0.70 synth_ecp5, 2026-11-29). Only the iterative core uses it: in the pipelined core's key-word
// S-box a kept boundary put two reset inverters and the enable in front of the lanes' registers (the
// wipe flop -> two LUTs -> three long routes -> the lanes' LSR was the critical path of two of three
// seeds, 149.61 MHz against 167.81), so that one stays flattened. No enable port: an enable crossing
// the kept boundary is not a constant inside, and costs logic in front of every register.
(* keep_hierarchy *)
module rijndael_sbox_kept #(
  parameter bit FORWARD = 1'b1,
  parameter bit INVERSE = 1'b1,
  parameter int IMPL    = 0,
  parameter int LANES   = 1,
  parameter int LATENCY = 0
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic [8*LANES-1:0] data_i,
  input  logic [LANES-1:0]   inverse_i,     // bit l steers data bits [8*l +: 8]
  output logic [8*LANES-1:0] data_o
);
  for (genvar l = 0; l < LANES; l++) begin : g_lane
    rijndael_sbox #(.FORWARD(FORWARD), .INVERSE(INVERSE), .IMPL(IMPL), .LANES(1), .LATENCY(LATENCY)) u_sbox (
      .clk_i, .rst_ni, .en_i(1'b1), .data_i(data_i[8*l +: 8]), .inverse_i(inverse_i[l]), .data_o(data_o[8*l +: 8])
    );
  end
endmodule
