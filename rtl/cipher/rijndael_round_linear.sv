// rijndael_round_linear: the part of a Rijndael round after SubBytes, as combinational logic:
// (Inv)ShiftRows, (Inv)MixColumns and AddRoundKey; the last round (no mixing, no key) on an output of its own.
//
// Datapaths whose S-boxes are registered (block-RAM ROMs, sbox_bram) compute SubBytes in the RAM's
// output register and the rest of the round here. The key is added after the mixing network in both
// directions: decryption's middle rounds take InvMixColumns(rk) (the equivalent inverse cipher with
// transformed keys, which the iterative core stores beside each round key), so no key add sits between the
// S-box and the mixing network (`rijndael`: shifted -> key add -> InvMixColumns was a level of its
// RAM-to-RAM round). go_i masks the mixed state per column, so the caller's key register can carry a new
// block into the round's last XOR when no block goes on (the iterative core's block-RAM builds). A last
// round leaves without its key, which the caller adds where the round's path is not (the output FIFO).
// Columns past Nb stay zero.
//
// state_o is a middle round (always mixed) and last_o a last round: the iterative core's round units take
// state_o into their next round and only the output FIFO takes a last round, so no last-round choice sits
// in the round's path. The direction and the block-length code come once per output column: the caller
// drives them from a register copy per column, so no single flop fans out to every bit of the round
// (`rijndael`, seed 1: stage L's one direction flag -> the five-way (Inv)ShiftRows -> (Inv)MixColumns ->
// the RAM address, 18.1 ns of which 14.4 ns routing). Column c's copies steer everything that makes
// output column c, including the bytes its (Inv)ShiftRows gathers from other columns.
module rijndael_round_linear #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter bit         ENCRYPT     = 1'b1,
  parameter bit         DECRYPT     = 1'b1,
  parameter bit         SHIFT_ROWS  = 1'b1   // 0: state_i is already shifted (see g_shifted)
) (
  input  logic [32*MAX_NB-1:0] state_i,       // after (Inv)SubBytes
  input  logic [32*MAX_NB-1:0] round_key_i,   // decrypting: InvMixColumns(rk)
  input  logic [12*MAX_NB-1:0] nb_code_i,     // Nb - 4, per output column c and row r at [12*c + 3*r +: 3]
  input  logic [MAX_NB-1:0]    decrypt_i,     // per output column
  input  logic [MAX_NB-1:0]    go_i,          // per output column: 0 masks the mixed state (state_o = key)
  output logic [32*MAX_NB-1:0] state_o,       // a middle round: (Inv)MixColumns, masked, ^ round key
  output logic [32*MAX_NB-1:0] last_o         // a last round without its key: (Inv)ShiftRows(state_i)
);
  localparam int W = 32 * MAX_NB;

  for (genvar c = 0; c < MAX_NB; c++) begin : g_col
    logic        inverse;
    logic [11:0] nb_codes;  // the column's four row copies
    logic [31:0] shifted, key, mixed;
    assign nb_codes = nb_code_i[12*c +: 12];
    assign inverse = DECRYPT && (decrypt_i[c] || !ENCRYPT);
    assign key     = round_key_i[W-1-32*c -: 32];
    if (SHIFT_ROWS) begin : g_shift  // (Inv)ShiftRows zeroes the columns past Nb
      rijndael_shift_column #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES), .COL(c)) u_shift_column (
        .data_i(state_i), .nb_codes_i(nb_codes), .inverse_i(inverse), .column_o(shifted)
      );
    end else begin : g_shifted
      // The caller shifted the rows in front of its S-boxes (ShiftRows commutes with the byte-wise
      // lookup, so a datapath that registers inside the S-box shifts on the shorter side of its
      // register). Columns past Nb carry S(0) here (ShiftRows would have zeroed them), so they are masked.
      logic       used;
      logic [2:0] nb_code;
      logic       unused_row_copies;  // the mask needs one copy
      assign nb_code           = nb_codes[2:0];
      assign unused_row_copies = ^nb_codes[11:3];
      if (c < 4) begin : g_always
        assign used = 1'b1;
        logic unused_nb_code;  // the first four columns are always used
        assign unused_nb_code = ^nb_code;
      end else begin : g_by_nb
        assign used = nb_code >= 3'(c - 3);
      end
      assign shifted = state_i[W-1-32*c -: 32] & {32{used}};
    end
    rijndael_mix_column #(.INVERSE(DECRYPT)) u_mix_column (
      .column_i (shifted),
      .inverse_i(inverse),
      .column_o (mixed)
    );
    assign state_o[W-1-32*c -: 32] = (mixed & {32{go_i[c]}}) ^ key;
    assign last_o[W-1-32*c -: 32]  = shifted;
  end
endmodule
