// rijndael_slice_mux: WIDTH 2:1 choices, z = s ? a : b per bit, each meant to be one ECP5 slice's wide-function
// multiplexer (PFUMX) behind the two LUT4s that compute a and b. Behavioural model (simulation, lint, iCE40,
// generic); rtl/ecp5/rijndael_slice_mux.sv instantiates the PFUMX with the same port list.
//
// Why: a choice between two four-input functions by a fifth signal is one slice on ECP5 (two LUT4s and the
// PFUMX, whose select is the slice's M input), but Yosys maps only shared-input LUT5s onto a PFUMX; left to
// itself it builds such a choice as two LUT levels. The caller computes a and b with at most four inputs
// each, into nets it keeps (so that each is one LUT4, which is what a PFUMX's inputs must be on ECP5).
module rijndael_slice_mux #(
  parameter int WIDTH = 1
) (
  input  logic [WIDTH-1:0] a_i,  // chosen where s_i is high
  input  logic [WIDTH-1:0] b_i,  // chosen where s_i is low
  input  logic [WIDTH-1:0] s_i,
  output logic [WIDTH-1:0] z_o
);
  for (genvar i = 0; i < WIDTH; i++) begin : g_bit
    assign z_o[i] = s_i[i] ? a_i[i] : b_i[i];
  end
endmodule
