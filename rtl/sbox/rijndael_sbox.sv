// rijndael_sbox: one byte through the S-box or, when inverse_i is high, the inverse S-box.
// Every S-box mapping sits behind this port list; FORWARD / INVERSE drop the table a build never
// uses (an encrypt-only core has no inverse tables, the key schedule has no inverse at all).
module rijndael_sbox #(
  parameter bit FORWARD = 1'b1,
  parameter bit INVERSE = 1'b1
) (
  input  logic [7:0] data_i,
  input  logic       inverse_i,  // used only when both tables are present
  output logic [7:0] data_o
);
  if (FORWARD && INVERSE) begin : g_both
    logic [7:0] forward, inverse;
    sbox_fwd_lut u_fwd (.data_i(data_i), .data_o(forward));
    sbox_inv_lut u_inv (.data_i(data_i), .data_o(inverse));
    assign data_o = inverse_i ? inverse : forward;
  end else if (FORWARD) begin : g_forward
    sbox_fwd_lut u_fwd (.data_i(data_i), .data_o(data_o));
  end else if (INVERSE) begin : g_inverse
    sbox_inv_lut u_inv (.data_i(data_i), .data_o(data_o));
  end else begin : g_bad
    ERROR_rijndael_sbox_needs_FORWARD_or_INVERSE u_error ();
  end

  if (!(FORWARD && INVERSE)) begin : g_one_table
    logic unused_inverse;  // a single table has no direction to choose
    assign unused_inverse = inverse_i;
  end
endmodule
