// rijndael_mix_column: MixColumns of one 32-bit column, or InvMixColumns when inverse_i is high.
//
// Both directions share one MixColumns network (rijndael_pkg::mix_column explains the factoring);
// an encrypt-only build (INVERSE = 0) leaves out the preprocessing. Row 0 is the most significant byte.
module rijndael_mix_column #(
  parameter bit INVERSE = 1'b1
) (
  input  logic [31:0] column_i,
  input  logic        inverse_i,
  output logic [31:0] column_o
);
  assign column_o = rijndael_pkg::mix_column(column_i, INVERSE && inverse_i);

  if (!INVERSE) begin : g_no_inverse
    logic unused_inverse;  // the preprocessing is not built, so the direction does not matter
    assign unused_inverse = inverse_i;
  end
endmodule
