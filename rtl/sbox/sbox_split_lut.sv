// sbox_split_lut: one lane of the case-ROM S-box with its first register inside the table (rijndael_sbox,
// SBOX_LUT with LATENCY >= 1): four 6-input lookups, one per value of the top two input bits (each one
// slice cluster on a 4-input-LUT FPGA), registered with those two bits, then a 4:1 choice. That halves
// the logic depth on either side of the register.
//
// keep_hierarchy: flattened into the core, ABC merged the choices in front of the tables (AddRoundKey,
// ShiftRows, the state choice) into the 6-input lookups and duplicated them per output bit: the
// encrypt-only iterative core mapped to 7623 LUT4 with the lanes flattened, 4576 with them kept apart
// (Yosys 0.70 synth_ecp5, 2026-11-29). The quarter tables are constant-folded inside this module, so it is
// kept whole, not its tables.
(* keep_hierarchy *)
module sbox_split_lut #(
  parameter bit FORWARD = 1'b1,
  parameter bit INVERSE = 1'b1
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       en_i,
  input  logic [7:0] data_i,
  input  logic       inverse_i,  // used only when both directions are present
  output logic [7:0] data_o      // one clock edge (en_i high) after data_i
);
  logic [31:0] quarter, quarter_q;  // byte t: S-box of {t, data[5:0]} (flat: Yosys cannot size a 2-D net here)
  logic [1:0]  top_q;
  logic        inverse;  // constant in a one-direction build, so the choice below folds into the tables
  assign inverse = INVERSE && (inverse_i || !FORWARD);

  for (genvar q = 0; q < 4; q++) begin : g_quarter
    logic [7:0] address, forward, backward;
    assign address = {2'(q), data_i[5:0]};
    if (FORWARD) begin : g_fwd
      sbox_fwd_lut u_fwd (.data_i(address), .data_o(forward));
    end else begin : g_no_fwd
      assign forward = 8'h00;
    end
    if (INVERSE) begin : g_inv
      sbox_inv_lut u_inv (.data_i(address), .data_o(backward));
    end else begin : g_no_inv
      assign backward = 8'h00;
    end
    assign quarter[8*q +: 8] = inverse ? backward : forward;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      quarter_q <= '0;
      top_q     <= '0;
    end else if (en_i) begin
      quarter_q <= quarter;
      top_q     <= data_i[7:6];
    end
  end
  assign data_o = quarter_q[8*top_q +: 8];
endmodule
