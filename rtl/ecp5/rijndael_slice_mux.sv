// rijndael_slice_mux: WIDTH 2:1 choices, z = s ? a : b per bit, each one ECP5 slice's wide-function multiplexer
// (PFUMX: Z = C0 ? ALUT : BLUT), instantiated by hand. The same port list as the behavioural model
// (rtl/common/rijndael_slice_mux.sv, which says why); the flow reads this file for ECP5 targets. nextpnr packs
// a PFUMX with the LUT4s that drive its ALUT and BLUT into one slice, so a_i and b_i must each be a LUT4's
// output (the caller keeps them as nets computed from at most four inputs).
module rijndael_slice_mux #(
  parameter int WIDTH = 1
) (
  input  logic [WIDTH-1:0] a_i,
  input  logic [WIDTH-1:0] b_i,
  input  logic [WIDTH-1:0] s_i,
  output logic [WIDTH-1:0] z_o
);
  for (genvar i = 0; i < WIDTH; i++) begin : g_bit
    PFUMX u_mux (.ALUT(a_i[i]), .BLUT(b_i[i]), .C0(s_i[i]), .Z(z_o[i]));
  end
endmodule
