// rijndael_reg_copies: COPIES registers that all load the same WIDTH-bit value, each a cell of its own.
//
// Why: one register steering many distant cells (a direction flag into every column of a round, a row
// into every column RAM's read address, a reset into every unit) is one long route on the FPGA; a copy per
// consumer group lets the placer put each copy next to its consumers. Synthesis would merge identical
// registers back into one (see rijndael_reg_copy), so each copy is a kept instance.
//
// Reset: synchronous, active low, to RESET (every bit); folded into the copies' shared D input, so the
// reset costs at most one LUT input in front of them rather than a reset inverter per copy.
// q_o holds the copies side by side: copy c at [WIDTH*c +: WIDTH], each equal to the d_i of the clock
// before (RESET after a clock with rst_ni low).
module rijndael_reg_copies #(
  parameter int WIDTH  = 1,
  parameter int COPIES = 1,
  parameter bit RESET  = 1'b0
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic [WIDTH-1:0]        d_i,
  output logic [WIDTH*COPIES-1:0] q_o
);
  logic [WIDTH-1:0] d_or_reset;
  assign d_or_reset = rst_ni ? d_i : {WIDTH{RESET}};
  for (genvar c = 0; c < COPIES; c++) begin : g_copy
    rijndael_reg_copy #(.WIDTH(WIDTH)) u_copy (.clk_i(clk_i), .d_i(d_or_reset), .q_o(q_o[WIDTH*c +: WIDTH]));
  end
endmodule
