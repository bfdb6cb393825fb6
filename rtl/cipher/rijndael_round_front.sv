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

  logic inverse;
  assign inverse = DECRYPT && (decrypt_i || !ENCRYPT);

  rijndael_sbox #(.FORWARD(ENCRYPT), .INVERSE(DECRYPT), .IMPL(SBOX), .LANES(4 * MAX_NB)) u_sbox (
    .clk_i(1'b0), .rst_ni(1'b1), .en_i(1'b0),  // combinational (LATENCY 0)
    .data_i(state_i), .inverse_i(inverse), .data_o(state_o)
  );
endmodule
