// rijndael_round_mix_split: an encryption round's ShiftRows and MixColumns cut in two halves of one
// LUT level each, for the encrypt-only pipelined cores with block-RAM S-boxes (rijndael_core_pipelined,
// SUBSTAGES >= 4), which have two plain registers after the RAM's output: PART 1 sits in front of the
// second of them, PART 2 in front of the round's last register together with AddRoundKey.
//
// MixColumns' output byte r of a column a_0..a_3 is
//     b_r = {02}(a_r ^ a_(r+1))  ^  (a_(r+1) ^ a_(r+2) ^ a_(r+3))        (indices mod 4)
// PART 1 registers the two terms apart: mix_o = {02}(a_r ^ a_(r+1)) (four inputs per bit: xtime's
// reduction adds bit 7 of both bytes) and sum_o = the three-byte XOR (three inputs per bit); PART 2 XORs
// them (two inputs, the caller adds the round key as a third: one LUT4). The whole network plus the key
// in one part was three LUT levels behind a 2.9 ns route from the register beside the RAM row (the
// critical path of `pipelined`); in one part in front of that register (the SPLIT_MIX try of d610d62)
// still two. In the last round there is no MixColumns: PART 1 passes the shifted state in mix_o and
// zero in sum_o.
module rijndael_round_mix_split #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter int         PART        = 1      // 1: ShiftRows and the two halves; 2: their XOR
) (
  input  logic [32*MAX_NB-1:0] state_i,      // PART 1: after SubBytes; PART 2: PART 1's mix_o
  input  logic [32*MAX_NB-1:0] sum_i,        // PART 2: PART 1's sum_o (PART 1 ignores it)
  input  logic [2:0]           nb_code_i,
  input  logic                 last_round_i,
  output logic [32*MAX_NB-1:0] mix_o,        // PART 1: first half; PART 2: MixColumns (before AddRoundKey)
  output logic [32*MAX_NB-1:0] sum_o         // PART 1: second half; PART 2: zero
);
  localparam int W = 32 * MAX_NB;

  if (PART != 1 && PART != 2) begin : g_check_part
    ERROR_rijndael_round_mix_split_PART_must_be_1_or_2 u_error ();
  end

  if (PART == 1) begin : g_first
    logic [W-1:0] shifted;
    logic         unused_sum;
    rijndael_shift_rows #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES)) u_shift_rows (
      .data_i   (state_i),
      .nb_code_i(nb_code_i),
      .inverse_i(1'b0),
      .data_o   (shifted)
    );
    for (genvar c = 0; c < MAX_NB; c++) begin : g_column
      for (genvar r = 0; r < 4; r++) begin : g_byte
        // Byte r of column c and the three that follow it in the column (row 0 in the MSB).
        localparam int B0 = W - 1 - 32 * c - 8 * r;
        localparam int B1 = W - 1 - 32 * c - 8 * ((r + 1) % 4);
        localparam int B2 = W - 1 - 32 * c - 8 * ((r + 2) % 4);
        localparam int B3 = W - 1 - 32 * c - 8 * ((r + 3) % 4);
        assign mix_o[B0 -: 8] = last_round_i ? shifted[B0 -: 8]
                                             : rijndael_pkg::xtime(shifted[B0 -: 8] ^ shifted[B1 -: 8]);
        assign sum_o[B0 -: 8] = last_round_i ? 8'h00 : shifted[B1 -: 8] ^ shifted[B2 -: 8] ^ shifted[B3 -: 8];
      end
    end
    assign unused_sum = ^sum_i;
  end else begin : g_second
    logic unused_part2;
    assign mix_o        = state_i ^ sum_i;
    assign sum_o        = '0;
    assign unused_part2 = ^{nb_code_i, last_round_i};
  end
endmodule
