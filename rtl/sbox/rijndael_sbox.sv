// rijndael_sbox: one byte through the S-box or, when inverse_i is high, the inverse S-box.
// Every combinational S-box mapping sits behind this port list, chosen by IMPL (values shared with
// rijndael_pkg::SBOX_*):
//   SBOX_LUT       (0) case-statement ROMs, one per direction (sbox_fwd_lut, sbox_inv_lut)
//   SBOX_COMPOSITE (2) GF((2^4)^2) inversion plus affine maps, one circuit for both directions
// The block-RAM mapping (SBOX_BRAM, 1) is registered, so it cannot sit behind a combinational port
// list; datapaths that support it instantiate the registered ROM themselves.
// FORWARD / INVERSE drop the direction a build never uses (an encrypt-only core has no inverse
// tables, the key schedule has no inverse at all).
module rijndael_sbox #(
  parameter bit FORWARD = 1'b1,
  parameter bit INVERSE = 1'b1,
  parameter int IMPL    = 0
) (
  input  logic [7:0] data_i,
  input  logic       inverse_i,  // used only when both directions are present
  output logic [7:0] data_o
);
  if (!FORWARD && !INVERSE) begin : g_bad
    ERROR_rijndael_sbox_needs_FORWARD_or_INVERSE u_error ();
  end else if (IMPL == rijndael_pkg::SBOX_COMPOSITE) begin : g_composite
    sbox_composite #(.FORWARD(FORWARD), .INVERSE(INVERSE)) u_composite (
      .data_i(data_i), .inverse_i(inverse_i), .data_o(data_o)
    );
  end else if (IMPL != rijndael_pkg::SBOX_LUT) begin : g_bad_impl
    ERROR_rijndael_sbox_IMPL_must_be_SBOX_LUT_or_SBOX_COMPOSITE u_error ();
  end else if (FORWARD && INVERSE) begin : g_both
    logic [7:0] forward, inverse;
    sbox_fwd_lut u_fwd (.data_i(data_i), .data_o(forward));
    sbox_inv_lut u_inv (.data_i(data_i), .data_o(inverse));
    assign data_o = inverse_i ? inverse : forward;
  end else if (FORWARD) begin : g_forward
    sbox_fwd_lut u_fwd (.data_i(data_i), .data_o(data_o));
  end else begin : g_inverse
    sbox_inv_lut u_inv (.data_i(data_i), .data_o(data_o));
  end

  if (!(FORWARD && INVERSE) && IMPL == rijndael_pkg::SBOX_LUT) begin : g_one_table
    logic unused_inverse;  // a single table has no direction to choose
    assign unused_inverse = inverse_i;
  end
endmodule
