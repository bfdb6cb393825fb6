// rijndael_round_linear: the part of a Rijndael round after SubBytes, as combinational logic:
// (Inv)ShiftRows, (Inv)MixColumns (not in the last round) and AddRoundKey.
//
// Datapaths whose S-boxes are registered (block-RAM ROMs, sbox_bram) compute SubBytes in the RAM's
// output register and the rest of the round here. Decryption adds the plain round key before the shared
// mixing network, as rijndael_round does (the equivalent inverse cipher with untransformed keys:
// InvMixColumns(x) ^ InvMixColumns(k) = InvMixColumns(x ^ k)). Columns past Nb stay zero.
module rijndael_round_linear #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter bit         ENCRYPT     = 1'b1,
  parameter bit         DECRYPT     = 1'b1,
  parameter bit         SHIFT_ROWS  = 1'b1   // 0: state_i is already shifted (see g_shifted)
) (
  input  logic [32*MAX_NB-1:0] state_i,      // after (Inv)SubBytes
  input  logic [32*MAX_NB-1:0] round_key_i,
  input  logic [2:0]           nb_code_i,
  input  logic                 decrypt_i,
  input  logic                 last_round_i,  // no (Inv)MixColumns
  output logic [32*MAX_NB-1:0] state_o,
  // state_o as it is when last_round_i is high, for a consumer that only ever takes last rounds (the
  // iterative core's output FIFO): with SHIFT_ROWS = 0 it skips the mixing network and the last-round
  // choice (shifted ^ round key in either direction), so that logic is not shared between the state
  // register's path and the FIFO's; with SHIFT_ROWS = 1 it is state_o.
  output logic [32*MAX_NB-1:0] last_o
);
  localparam int W = 32 * MAX_NB;
  logic [W-1:0] back;

  if (SHIFT_ROWS) begin : g_with_shift
    // rijndael_round_back is this round up to the encryption AddRoundKey (decryption's key is already in).
    rijndael_round_back #(
      .MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)
    ) u_back (
      .state_i, .round_key_i, .nb_code_i, .decrypt_i, .last_round_i,
      .state_o(back)
    );
    assign last_o = state_o;
  end else begin : g_shifted
    // The caller shifted the rows in front of its S-boxes (ShiftRows commutes with the byte-wise lookup,
    // so a datapath that registers inside the S-box shifts on the shorter side of its register). What is
    // left of rijndael_round_back: the columns past Nb carry S(0) here (ShiftRows would have zeroed them),
    // so they are masked, then decryption's key and the (Inv)MixColumns network. rijndael_round_back is
    // not given a parameter for this because the pipelined core elaborates it, and its characterization
    // results are keyed by the hash of every file they elaborate.
    logic         inverse;
    logic [W-1:0] shifted, pre_mix, mixed;
    assign inverse = DECRYPT && (decrypt_i || !ENCRYPT);
    for (genvar c = 0; c < MAX_NB; c++) begin : g_col
      logic used;
      if (c < 4) begin : g_always
        assign used = 1'b1;
      end else begin : g_by_nb
        assign used = nb_code_i >= 3'(c - 3);
      end
      assign shifted[W-1-32*c -: 32] = state_i[W-1-32*c -: 32] & {32{used}};
      rijndael_mix_column #(.INVERSE(DECRYPT)) u_mix_column (
        .column_i (pre_mix[W-1-32*c -: 32]),
        .inverse_i(inverse),
        .column_o (mixed[W-1-32*c -: 32])
      );
    end
    if (MAX_NB == 4) begin : g_one_nb
      logic unused_nb_code;  // four columns are always used
      assign unused_nb_code = ^nb_code_i;
    end
    assign pre_mix = inverse ? shifted ^ round_key_i : shifted;
    assign back    = last_round_i ? pre_mix : mixed;
    assign last_o  = shifted ^ round_key_i;
  end

  assign state_o = DECRYPT && (decrypt_i || !ENCRYPT) ? back : back ^ round_key_i;
endmodule
