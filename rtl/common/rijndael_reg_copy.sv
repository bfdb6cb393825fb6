// rijndael_reg_copy: one register that synthesis keeps as a cell of its own (the leaf of
// rijndael_reg_copies).
//
// Why a kept module: Yosys 0.70 (synth_ecp5) merges flip-flops with the same D input even when they, or
// their signal, carry `keep`: a vector of copies loaded with {N{x}} in one always_ff became one flop, and
// so did the per-unit reset flops loaded from rst_ni (checked on the cached netlist of `rijndael` at
// f91e31e: one goes_on_q, go_col_q and dec_pair_q flop and one read_row_q row instead of MAX_NB or
// 2*MAX_NB). Flops in different instances of a kept module are never merged. No reset and no enable:
// either would put logic (a reset inverter per instance) inside the boundary, in front of every copy;
// the caller folds its reset into d_i instead.
(* keep_hierarchy *)
module rijndael_reg_copy #(
  parameter int WIDTH = 1
) (
  input  logic             clk_i,
  input  logic [WIDTH-1:0] d_i,
  output logic [WIDTH-1:0] q_o
);
  always_ff @(posedge clk_i) q_o <= d_i;
endmodule
