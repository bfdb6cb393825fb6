// (session 39 experiment, not in rtl/): rijndael_reg_copy with a synchronous active-high clear, kept.
(* keep_hierarchy *)
module rijndael_reg_copy_clear #(
  parameter int WIDTH = 1
) (
  input  logic             clk_i,
  input  logic             clear_i,
  input  logic [WIDTH-1:0] d_i,
  output logic [WIDTH-1:0] q_o
);
  always_ff @(posedge clk_i) begin
    if (clear_i) q_o <= '0;
    else         q_o <= d_i;
  end
endmodule
