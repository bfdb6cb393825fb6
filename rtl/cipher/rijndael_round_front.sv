// rijndael_round_front: the first part of a Rijndael round, SubBytes (InvSubBytes when decrypting),
// combinational. rijndael_round is built from this module and rijndael_round_back; they are separate so
// that the pipelined core can put a register between them (SUBSTAGES) without a second copy of the round.
module rijndael_round_front #(
  parameter int MAX_NB  = 4,
  parameter bit ENCRYPT = 1'b1,
  parameter bit DECRYPT = 1'b1,
  parameter int SBOX    = 0  // S-box mapping, see rijndael_sbox
) (
  input  logic [32*MAX_NB-1:0] state_i,
  input  logic                 decrypt_i,
  output logic [32*MAX_NB-1:0] state_o
);
  localparam int W = 32 * MAX_NB;

  logic inverse;
  assign inverse = DECRYPT && (decrypt_i || !ENCRYPT);

  for (genvar i = 0; i < 4 * MAX_NB; i++) begin : g_sbox
    rijndael_sbox #(.FORWARD(ENCRYPT), .INVERSE(DECRYPT), .IMPL(SBOX)) u_sbox (
      .data_i   (state_i[W-1-8*i -: 8]),
      .inverse_i(inverse),
      .data_o   (state_o[W-1-8*i -: 8])
    );
  end
endmodule
