// rijndael_core_folded: column-serial ("economic", seed 001) Rijndael/AES core with a 64- or 32-bit
// datapath, encryption and decryption, two blocks in flight. Selected by rijndael_core (ARCH = 2), which
// owns the shared parameter checks and the port contract (docs/core-interface.md); the handshake, the key
// beat's decode and refused blocks are rijndael_core_front's.
//
// Theory of operation:
// - P = FOLDED_WIDTH / 32 columns per clock (2 or 1), each through 4 S-boxes, then (Inv)MixColumns and
//   AddRoundKey (rijndael_fold_mix_key); PARTS = 4 / P issues per round.
// - The column datapath is three clocks long: [gather -> S-box address register] [S-box output register]
//   [(Inv)MixColumns, AddRoundKey -> state]. Every S-box mapping runs with latency 2 (block RAM: address
//   and output register of the DP16KD, so the ~5.6 ns read of a RAM without output register is never in
//   a path; case ROMs and composite S-boxes: registers inside and after the table). Every column of a
//   round needs a byte of every column of the round before, so one block alone would wait two clocks per
//   round; instead two blocks are kept in flight in two state registers (slots) and their rounds
//   alternate: PARTS clocks of slot 0, PARTS clocks of slot 1, ... A block alone runs PARTS + 2 clocks
//   per round. Results leave in the order the blocks came (the slots take blocks and give results in
//   turn; rounds alternate fairly, so the older block always finishes first).
// - ShiftRows without a second state register: every row keeps its four bytes in four positions, and a
//   result byte is written back to the position its source byte came from (each position is read
//   exactly once per round). The row's rotation then grows by its shift every round; it is tracked per
//   row and slot and undone at the output (rijndael_fold_unrotate).
// - The initial AddRoundKey is round 0 of the same pipeline: its columns come straight from in_block_i
//   while the block beat is offered (AXI-Stream holds the data), pass the S-boxes by (two registers in
//   step with them) and are written with round key 0 (Nr when decrypting); the beat is taken with round
//   0's last column. So the state flops load only from the write stage: no load multiplexer, no XOR in
//   front of them.
// - Round keys come from a store written once per key: P banks of a RAM with a registered read
//   (rijndael_tiny_ram: block RAM on ECP5), word i in bank i mod P; its read is issued with the column and
//   registered once more in the fabric, so the key arrives with the S-box output. Decryption is the
//   equivalent inverse cipher reading the keys backwards, with the plain round key added before
//   InvMixColumns.
// - Key beats: while a supported key beat is offered (and the core is empty) its words are copied, one per
//   clock, into the expansion window and the store; the beat is taken with its last word (the front's
//   key_hold). Then the expansion makes one word per clock, w[i] = w[i-Nk] ^ g(w[i-1]), three clocks for
//   a word that needs SubWord (its own S-boxes, latency 2). The window is a shift register of 8 words
//   (newest on top), so w[i-Nk] is a choice of three positions, not an index computation; the key phase
//   (i mod Nk) is a one-hot ring, and Nk's decodes are registers written at the key beat.
// - Refused requests (rijndael_core_front): a block without a usable key or in a missing direction is
//   taken when the core is empty and leaves one cycle later with out_error_o and zero data; an unsupported
//   key length raises key_error_o and wipes the key window and the store. Reset zeroes every register
//   and wipes the store before in_ready_o rises.
// Cycles (AES-128/192/256, output always ready): back-to-back blocks of one key leave in pairs, on average
// (4 / P) * (Nr + 1) + 1/2 clocks per block with 32 bits (44.5 / 52.5 / 60.5) and 23.5 / 27.5 / 31.5 with 64
// (the next block is offered only after the previous handshake, which costs a clock or three per pair); a block
// alone (a chained mode) takes (4 / P + 2) * Nr + 3 clocks from its handshake to its result's (63 / 75 / 87
// and 43 / 51 / 59). A key change: Nk clocks of copy, then 4 * (Nr + 1) - Nk expansion clocks plus 2 per
// SubWord word, then round 0 (4 / P clocks) of the next block. See docs/architectures.md.
// Only 128-bit blocks (BLOCK_SIZES = 1); every key length of KEY_SIZES.
`include "rijndael_core_params.svh"

// Parameters: the core's list (rtl/pkg/rijndael_core_params.svh). Read here: the size masks (folded: 128-bit
// blocks only), MAX_NB/MAX_NK, the directions, SBOX (S-box mapping, see rijndael_sbox) and FOLDED_WIDTH (64: two
// columns per clock, 32: one). The others belong to other architectures (rijndael_core refuses them here).
module rijndael_core_folded #(
  `RIJNDAEL_CORE_PARAMS
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // input stream: key beats and block beats
  input  logic                 in_valid_i,
  output logic                 in_ready_o,
  input  logic                 in_is_key_i,
  input  logic [2:0]           in_key_len_i,    // key beats: Nk - 4
  input  logic [2:0]           in_block_len_i,  // key beats: Nb - 4
  input  logic                 in_decrypt_i,    // block beats
  input  logic [32*MAX_NK-1:0] in_key_i,
  input  logic [32*MAX_NB-1:0] in_block_i,
  // output stream: one beat per block beat
  output logic                 out_valid_o,
  input  logic                 out_ready_i,
  output logic [32*MAX_NB-1:0] out_block_o,
  output logic                 out_error_o,
  output logic                 key_error_o
);
  localparam logic [4:0] KEY_MASK = 5'(KEY_SIZES);
  localparam bit ENCRYPT  = ENABLE_ENCRYPT != 0;
  localparam bit DECRYPT  = ENABLE_DECRYPT != 0;
  localparam int KEY_W    = 32 * MAX_NK;
  localparam int P        = FOLDED_WIDTH / 32;          // columns per clock
  localparam int PARTS    = 4 / P;                      // clocks per round
  localparam int PART_W   = $clog2(PARTS);
  localparam int NR_MAX   = (MAX_NK > 4 ? MAX_NK : 4) + 6;
  localparam int WORDS    = 4 * (NR_MAX + 1);           // round-key words of the longest key
  localparam int ENTRIES  = WORDS / P;                  // per bank
  localparam int ENTRY_W  = $clog2(ENTRIES);
  localparam int WORD_W   = $clog2(WORDS);
  localparam int LATENCY  = 2;                          // S-box clocks (rijndael_sbox)

  if (BLOCK_SIZES != 'b00001 || MAX_NB != 4) begin : g_check_block
    ERROR_the_folded_architecture_supports_128_bit_blocks_only_BLOCK_SIZES_must_be_1 u_error ();
  end
  if (FOLDED_WIDTH != 32 && FOLDED_WIDTH != 64) begin : g_check_width
    ERROR_FOLDED_WIDTH_must_be_32_or_64 u_error ();
  end

  // ---------------------------------------------------------------------------------------------
  // The shared front: handshake, key-beat decode, refused blocks.
  logic       key_supported, block_refused, key_fire, block_fire, key_open;
  logic       key_valid, key_hold, core_valid, core_ready, out_zero;
  logic       block_ready_next, key_ready_next, empty_next;
  logic [2:0] nk_code, nb_code;
  logic [3:0] key_nr, nr;

  logic       beat_unused, beat_supported_unused;  // the front's beat register (BEAT_REG = 0 here)
  logic [5:0] beat_lens_unused;
  logic unused_slot_ok;  // one key slot: every slot number names it
  rijndael_core_front #(
    .BLOCK_SIZES(BLOCK_SIZES), .KEY_SIZES(KEY_SIZES), .ENABLE_ENCRYPT(ENABLE_ENCRYPT),
    .ENABLE_DECRYPT(ENABLE_DECRYPT), .REFUSE_HERE(1'b1)
  ) u_front (
    .clk_i, .rst_ni, .in_valid_i, .in_ready_o, .in_is_key_i, .in_key_len_i, .in_block_len_i, .in_decrypt_i,
    .block_ready_next_i(block_ready_next), .key_ready_next_i(key_ready_next), .empty_next_i(empty_next),
    .key_hold_i(key_hold), .key_open_o(key_open),
    .in_slot_i(1'b0), .key_supported_o(key_supported), .slot_ok_o(unused_slot_ok), .block_refused_o(block_refused),
    .key_fire_o(key_fire), .block_fire_o(block_fire), .key_nr_o(key_nr), .key_valid_o(key_valid), .nk_code_o(nk_code),
    .nb_code_o(nb_code), .nr_o(nr),
    .core_valid_i(core_valid), .core_ready_o(core_ready), .core_error_i(1'b0),
    .beat_o(beat_unused), .beat_supported_o(beat_supported_unused),  // BEAT_REG only
    .beat_key_len_o(beat_lens_unused[5:3]), .beat_block_len_o(beat_lens_unused[2:0]),
    .out_valid_o, .out_ready_i, .out_error_o, .out_zero_o(out_zero), .key_error_o
  );

  logic unused_front;  // 128-bit blocks only; refusals are decided in the front
  assign unused_front = ^{nb_code, key_valid, beat_unused, beat_supported_unused, beat_lens_unused};
  logic unused_window;  // builds without 256-bit keys never read the oldest window words
  assign unused_window = ^window_q;

  // ---------------------------------------------------------------------------------------------
  // Key registers: copy, expansion, wipe.
  logic [255:0]      window_q;          // the last 8 words made, newest at [255:224]
  logic [2:0]        copy_q;            // key word being copied
  logic              copy_last_q;       // ... and it is the key's last
  logic              setup_q, wipe_q;   // expansion (or wipe) running: no beat is taken
  logic [WORD_W-1:0] ks_index_q;        // word being made, or entry being wiped
  logic [WORD_W-1:0] ks_last_q;         // index of the last word: 4 * (Nr + 1) - 1
  logic [7:0]        phase_q;           // one-hot i mod Nk of the word being made
  logic [7:0]        phase_wrap_q;      // one-hot Nk - 1 (the ring's last phase)
  logic              big_key_q;         // Nk > 6: SubWord at phase 4 too
  logic [1:0]        ks_wait_q;         // clocks until the key S-boxes have the newest word's SubWord
  logic [7:0]        rcon_q;

  logic        copying, ks_expanding, ks_write, word_write, clear_keys;
  logic [31:0] key_words [8];           // in_key_i word j (word 0 = the most significant)
  logic [31:0] expanded, word_in, back;
  logic [7:0]  next_rcon;
  logic        next_sub;                // the word after the one written now needs SubWord

  for (genvar j = 0; j < 8; j++) begin : g_key_words
    if (j < MAX_NK) begin : g_on
      assign key_words[j] = in_key_i[KEY_W-1-32*j -: 32];
    end else begin : g_off
      assign key_words[j] = 32'h0;
    end
  end

  // The key's words go in while its beat is offered to an empty core; the beat is taken with the last.
  assign copying      = in_valid_i && in_is_key_i && key_supported && key_open;
  assign key_hold     = !copy_last_q;
  assign ks_expanding = setup_q && !wipe_q;
  assign ks_write     = ks_expanding && ks_wait_q == 2'd0;
  assign word_write   = copying || ks_write;
  assign word_in      = copying ? key_words[copy_q] : expanded;
  assign clear_keys   = key_fire && !key_supported;  // a refused key wipes the key registers at once

  // w[i - Nk] sits at window position 8 - Nk (position 7 is w[i - 1]).
  logic [31:0] back_by_size [8];  // [Nk - 4]
  for (genvar k = 0; k < 8; k++) begin : g_back
    if (k < 5 && KEY_MASK[k]) begin : g_on
      assign back_by_size[k] = window_q[32*(4-k) +: 32];
    end else begin : g_off
      assign back_by_size[k] = 32'h0;
    end
  end
  assign back = back_by_size[nk_code];

  rijndael_fold_key_word #(.SBOX(SBOX), .SBOX_LATENCY(LATENCY)) u_key_word (
    .clk_i, .rst_ni,
    .back_i(back), .prev_i(window_q[255:224]), .rot_i(phase_q[0]), .sub_i(big_key_q && phase_q[4]),
    .rcon_i(rcon_q), .word_o(expanded), .rcon_o(next_rcon)
  );

  // One-hot phase of the next word, and whether it needs SubWord (so the write waits for the S-boxes).
  logic [7:0] phase_next;
  assign phase_next = (phase_q & phase_wrap_q) != '0 ? 8'd1 : {phase_q[6:0], 1'b0};
  assign next_sub   = phase_next[0] || (big_key_q && phase_next[4]);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      copy_q       <= '0;
      copy_last_q  <= 1'b0;
      setup_q      <= 1'b1;  // wipe the store after reset
      wipe_q       <= 1'b1;
      ks_index_q   <= '0;
      ks_last_q    <= '0;
      phase_q      <= '0;
      phase_wrap_q <= '0;
      big_key_q    <= 1'b0;
      ks_wait_q    <= '0;
      rcon_q       <= '0;
    end else begin
      // copy_q counts the words of the offered key; copy_last_q is decided a clock ahead
      if (copying && !key_fire) begin
        copy_q      <= copy_q + 3'd1;
        copy_last_q <= copy_q + 3'd1 == in_key_len_i + 3'd3;
      end else begin
        copy_q      <= '0;
        copy_last_q <= 1'b0;
      end
      if (key_fire) begin
        setup_q      <= 1'b1;
        wipe_q       <= !key_supported;
        ks_index_q   <= key_supported ? WORD_W'(in_key_len_i) + WORD_W'(4) : '0;
        ks_last_q    <= WORD_W'({key_nr, 2'b11});
        phase_q      <= 8'd1;
        phase_wrap_q <= 8'd1 << (in_key_len_i + 3'd3);
        big_key_q    <= in_key_len_i > 3'd2;
        ks_wait_q    <= 2'(LATENCY);  // word Nk takes SubWord of the last key word
        rcon_q       <= 8'h01;
      end else if (setup_q && wipe_q) begin
        ks_index_q <= ks_index_q + WORD_W'(1);
        if (32'(ks_index_q) == ENTRIES - 1) begin
          setup_q <= 1'b0;
          wipe_q  <= 1'b0;
        end
      end else if (ks_expanding) begin
        if (ks_write) begin
          ks_index_q <= ks_index_q + WORD_W'(1);
          phase_q    <= phase_next;
          rcon_q     <= next_rcon;
          ks_wait_q  <= next_sub ? 2'(LATENCY) : 2'd0;
          if (ks_index_q == ks_last_q) setup_q <= 1'b0;
        end else begin
          ks_wait_q <= ks_wait_q - 2'd1;
        end
      end
    end
  end

  // Key material: zero after reset and after a refused key; shifted only by written words.
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_keys) window_q <= '0;
    else if (word_write)       window_q <= {word_in, window_q[255:32]};
  end

  // ---------------------------------------------------------------------------------------------
  // Slots, issue and the tags that travel with the columns. Round 0 of a slot is the initial
  // AddRoundKey: its columns come straight from in_block_i while the block beat is offered (AXI-Stream
  // holds it), and the beat is taken with the pass's last column. So a block enters the state through
  // the same write port as every round (no load multiplexer in front of the 256 state flops).
  logic [1:0]        busy_q, run_q, done_q, dec_q;   // per slot
  logic [15:0]       offset_q;                       // slot s, row r's rotation at [8s + 2r +: 2]
  logic [7:0]        round_q, key_no_q;              // slot s at [4s +: 4]
  logic [3:0]        cool_q;                         // slot s at [2s +: 2]: clocks before it may issue
  logic              head_q, tail_q;                 // slot of the oldest block, slot the next block takes
  logic              iss_valid_q, iss_slot_q, last_slot_q;
  logic [PART_W-1:0] iss_part_q;

  logic [1:0]        busy_d, run_d, done_d;
  logic [3:0]        cool_d;
  logic              iss_valid_d, iss_slot_d;
  logic [PART_W-1:0] iss_part_d;
  logic              round_end, core_fire, ark_start;
  logic              recent;  // the slot that issued last
  logic [1:0]        shift [4];

  // What the issuing slot's registers say about this issue, registered when the issue is decided (a
  // clock ahead), so the gather's selects and the round-key address come straight from flops.
  logic              iss_dec_q, iss_ark_q, iss_last_q;
  logic [3:0]        iss_round_q, iss_key_no_q;
  logic [7:0]        iss_offset_q;
  logic [8*P-1:0]    iss_pos_q;  // lane j, row r: the state position it reads and writes, at [8j + 2r +: 2]
  // The slots' registers after this clock (the issue of the next clock reads them).
  logic [1:0]        dec_d;
  logic [15:0]       offset_d;
  logic [7:0]        round_d, key_no_d;
  logic [3:0]        next_round, next_key_no;
  logic [7:0]        next_offset;
  logic [8*P-1:0]    pos_d;

  assign round_end      = iss_valid_q && 32'(iss_part_q) == PARTS - 1;
  assign core_fire      = core_valid && core_ready;
  assign recent         = iss_valid_q ? iss_slot_q : last_slot_q;

  for (genvar r = 0; r < 4; r++) begin : g_shift
    assign shift[r] = iss_dec_q ? 2'(4 - r) : 2'(r);
  end
  // the issuing slot at its round's end: the rows moved by their shift (not in round 0)
  assign next_round  = iss_round_q + 4'd1;
  assign next_key_no = iss_dec_q ? iss_key_no_q - 4'd1 : iss_key_no_q + 4'd1;
  assign next_offset = iss_ark_q ? iss_offset_q
                                 : {iss_offset_q[7:6] + shift[3], iss_offset_q[5:4] + shift[2],
                                    iss_offset_q[3:2] + shift[1], iss_offset_q[1:0] + shift[0]};

  // Tags: stage 1 (S-box address registered), stage 2 (S-box output registered: the write stage).
  logic                  t1_valid_q, t1_slot_q, t1_dec_q, t1_mix_q, t1_ark_q, t1_fin_q;
  logic                  t2_valid_q, t2_slot_q, t2_dec_q, t2_mix_q, t2_ark_q, t2_fin_q;
  logic [8*P-1:0]        t1_pos_q, t2_pos_q;  // lane j, row r: position at [8j + 2r +: 2]

  // Next issue: the rest of the current round, else the other slot if it may issue, else the same one;
  // a block offered at the input starts its initial AddRoundKey in the slot it will take when no slot is
  // running its rounds then (rounds of blocks already in the core go first: they leave first).
  always_comb begin
    busy_d = busy_q;
    run_d  = run_q;
    done_d = done_q;
    cool_d[1:0] = cool_q[1:0] != 2'd0 ? cool_q[1:0] - 2'd1 : 2'd0;
    cool_d[3:2] = cool_q[3:2] != 2'd0 ? cool_q[3:2] - 2'd1 : 2'd0;
    if (round_end) begin
      cool_d[2*iss_slot_q +: 2] = 2'(LATENCY);  // its last column is in the state LATENCY + 1 clocks later
      if (iss_last_q) run_d[iss_slot_q] = 1'b0;
    end
    if (t2_valid_q && t2_fin_q) done_d[t2_slot_q] = 1'b1;
    if (core_fire) begin
      busy_d[head_q] = 1'b0;
      done_d[head_q] = 1'b0;
    end

    ark_start  = 1'b0;
    iss_part_d = '0;
    if (iss_valid_q && !round_end) begin
      iss_valid_d = 1'b1;
      iss_slot_d  = iss_slot_q;
      iss_part_d  = iss_part_q + PART_W'(1);
    end else if (run_d[!recent] && cool_d[2*(!recent) +: 2] == 2'd0) begin
      iss_valid_d = 1'b1;
      iss_slot_d  = !recent;
    end else if (run_d[recent] && cool_d[2*recent +: 2] == 2'd0) begin
      iss_valid_d = 1'b1;
      iss_slot_d  = recent;
    end else begin
      // The tail slot is free (its result has left: busy_q, so out_ready_i does not reach the issue
      // registers); the block is usable and not the one taken now; no key setup runs.
      ark_start   = in_valid_i && !in_is_key_i && !block_refused && !block_fire && !setup_q && !busy_q[tail_q];
      iss_valid_d = ark_start;
      iss_slot_d  = tail_q;
    end
    if (ark_start) begin
      busy_d[tail_q]        = 1'b1;
      run_d[tail_q]         = 1'b1;
      cool_d[2*tail_q +: 2] = 2'd0;
    end

    dec_d    = dec_q;
    offset_d = offset_q;
    round_d  = round_q;
    key_no_d = key_no_q;
    if (round_end) begin
      offset_d[8*iss_slot_q +: 8] = next_offset;
      round_d[4*iss_slot_q +: 4]  = next_round;
      key_no_d[4*iss_slot_q +: 4] = next_key_no;
    end
    if (ark_start) begin
      dec_d[tail_q]           = in_decrypt_i;
      offset_d[8*tail_q +: 8] = '0;
      round_d[4*tail_q +: 4]  = 4'd0;
      key_no_d[4*tail_q +: 4] = in_decrypt_i ? nr : 4'd0;
    end
  end

  // Positions of the next issue: lane j handles column c = part * P + j; row r's byte is at position
  // (c + shift_r + offset_r) mod 4 (round 0: position c).
  for (genvar j = 0; j < P; j++) begin : g_pos_next
    logic [1:0] column;
    logic [7:0] offset;
    logic       dec, ark;
    assign column = 2'(32'(iss_part_d) * P + j);
    assign offset = offset_d[8*iss_slot_d +: 8];
    assign dec    = dec_d[iss_slot_d];
    assign ark    = round_d[4*iss_slot_d +: 4] == 4'd0;
    for (genvar r = 0; r < 4; r++) begin : g_row
      assign pos_d[8*j + 2*r +: 2] = ark ? column : column + (dec ? 2'(4 - r) : 2'(r)) + offset[2*r +: 2];
    end
  end

  // What the core can take next cycle (the front registers it): a block in the clock of its pass's last
  // column; a key when both slots are empty.
  assign block_ready_next = iss_valid_d && iss_part_d == PART_W'(PARTS - 1) &&
                            (ark_start ? PARTS == 1 : iss_valid_q && iss_ark_q && !round_end);
  assign key_ready_next   = !setup_q && busy_d == 2'b00 && !key_fire;
  assign empty_next       = !setup_q && busy_d == 2'b00 && !key_fire;  // nothing is taken during a wipe

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q      <= '0;
      run_q       <= '0;
      done_q      <= '0;
      dec_q       <= '0;
      offset_q    <= '0;
      round_q     <= '0;
      key_no_q    <= '0;
      cool_q      <= '0;
      head_q      <= 1'b0;
      tail_q      <= 1'b0;
      iss_valid_q <= 1'b0;
      iss_slot_q  <= 1'b0;
      iss_part_q  <= '0;
      last_slot_q <= 1'b0;
      iss_dec_q    <= 1'b0;
      iss_ark_q    <= 1'b0;
      iss_last_q   <= 1'b0;
      iss_round_q  <= '0;
      iss_key_no_q <= '0;
      iss_offset_q <= '0;
      iss_pos_q    <= '0;
      t1_valid_q  <= 1'b0;
      t1_slot_q   <= 1'b0;
      t1_dec_q    <= 1'b0;
      t1_mix_q    <= 1'b0;
      t1_ark_q    <= 1'b0;
      t1_fin_q    <= 1'b0;
      t1_pos_q    <= '0;
      t2_valid_q  <= 1'b0;
      t2_slot_q   <= 1'b0;
      t2_dec_q    <= 1'b0;
      t2_mix_q    <= 1'b0;
      t2_ark_q    <= 1'b0;
      t2_fin_q    <= 1'b0;
      t2_pos_q    <= '0;
    end else begin
      busy_q      <= busy_d;
      run_q       <= run_d;
      done_q      <= done_d;
      cool_q      <= cool_d;
      iss_valid_q <= iss_valid_d;
      iss_slot_q  <= iss_slot_d;
      iss_part_q  <= iss_part_d;
      if (iss_valid_q) last_slot_q <= iss_slot_q;
      if (core_fire) head_q <= !head_q;
      if (ark_start) tail_q <= !tail_q;
      dec_q        <= dec_d;
      offset_q     <= offset_d;
      round_q      <= round_d;
      key_no_q     <= key_no_d;
      iss_dec_q    <= dec_d[iss_slot_d];
      iss_round_q  <= round_d[4*iss_slot_d +: 4];
      iss_ark_q    <= round_d[4*iss_slot_d +: 4] == 4'd0;
      iss_last_q   <= round_d[4*iss_slot_d +: 4] == nr;
      iss_key_no_q <= key_no_d[4*iss_slot_d +: 4];
      iss_offset_q <= offset_d[8*iss_slot_d +: 8];
      iss_pos_q    <= pos_d;
      t1_valid_q <= iss_valid_q;
      t1_slot_q  <= iss_slot_q;
      t1_dec_q   <= iss_dec_q;
      t1_mix_q   <= !iss_ark_q && !iss_last_q;
      t1_ark_q   <= iss_ark_q;
      t1_fin_q   <= round_end && iss_last_q;
      t1_pos_q   <= iss_pos_q;
      t2_valid_q <= t1_valid_q;
      t2_slot_q  <= t1_slot_q;
      t2_dec_q   <= t1_dec_q;
      t2_mix_q   <= t1_mix_q;
      t2_ark_q   <= t1_ark_q;
      t2_fin_q   <= t1_fin_q;
      t2_pos_q   <= t1_pos_q;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Round-key store: P banks; word i in bank i mod P, entry i / P. Read with the issue, registered
  // once more here, so a column's key arrives in the write stage with its S-box outputs. Writes pass a
  // register (the key word's choice is far from the RAM); nothing reads a word within a clock of its write
  // (the expansion reads its window, and blocks wait two clocks after the last word).
  logic [ENTRY_W-1:0] read_entry, write_entry, write_entry_q;
  logic [WORD_W-1:0]  write_word;
  logic [P-1:0]       bank_write, bank_write_q;
  logic [31:0]        write_data_q;
  logic [32*P-1:0]    round_key, round_key_q;

  assign read_entry  = ENTRY_W'({iss_key_no_q, iss_part_q});
  assign write_word  = copying ? WORD_W'(copy_q) : ks_index_q;
  assign write_entry = wipe_q ? ENTRY_W'(ks_index_q) : ENTRY_W'(write_word / WORD_W'(P));

  for (genvar b = 0; b < P; b++) begin : g_bank
    assign bank_write[b] = (setup_q && wipe_q) || (word_write && 32'(write_word) % P == b);
    rijndael_tiny_ram #(.WIDTH(32), .DEPTH(ENTRIES)) u_store (
      .clk_i       (clk_i),
      .write_i     (bank_write_q[b]),
      .write_addr_i(write_entry_q),
      .write_data_i(write_data_q),
      .read_addr_i (read_entry),
      .read_data_o (round_key[32*(P-1-b) +: 32])
    );
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      bank_write_q  <= '0;
      write_entry_q <= '0;
      write_data_q  <= '0;
      round_key_q   <= '0;
    end else begin
      bank_write_q  <= bank_write;
      write_entry_q <= write_entry;
      write_data_q  <= wipe_q ? 32'h0 : word_in;
      round_key_q   <= round_key;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Datapath: P lanes. Lane j computes output column c = part * P + j of the issuing slot; its row-r byte
  // comes from position (c + shift_r + offset_r) mod 4 of the slot's state (round 0: column c of the
  // offered block), and the result goes back to that position (round 0: position c).
  logic [255:0]    state_q;  // slot s at [128s +: 128]; byte (row r, position p) at [127 - 8*(4p + r)] of it
  logic [32*P-1:0] lane_out;

  for (genvar j = 0; j < P; j++) begin : g_lane
    logic [1:0]  column;
    logic [31:0] gathered, fresh, substituted, bypass_q, bypass2_q, mixed_in;

    assign column = 2'(32'(iss_part_q) * P + j);
    for (genvar r = 0; r < 4; r++) begin : g_row
      logic [7:0] candidates [8];  // [{slot, position}]
      logic [7:0] columns [4];     // [column]: the offered block
      for (genvar p = 0; p < 4; p++) begin : g_pos
        assign candidates[p]     = state_q[127 - 8*(4*p + r) -: 8];
        assign candidates[4 + p] = state_q[128 + 127 - 8*(4*p + r) -: 8];
        assign columns[p]        = in_block_i[127 - 8*(4*p + r) -: 8];
      end
      assign gathered[31-8*r -: 8] = candidates[{iss_slot_q, iss_pos_q[8*j + 2*r +: 2]}];
      assign fresh[31-8*r -: 8]    = columns[column];
    end

    rijndael_sbox #(.FORWARD(ENCRYPT), .INVERSE(DECRYPT), .IMPL(SBOX), .LANES(4), .LATENCY(LATENCY)) u_sbox (
      .clk_i, .rst_ni, .en_i(1'b1),
      .data_i   (gathered),
      .inverse_i(iss_dec_q),
      .data_o   (substituted)
    );

    // The initial AddRoundKey passes the S-boxes by, in step with them.
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        bypass_q  <= '0;
        bypass2_q <= '0;
      end else begin
        bypass_q  <= fresh;
        bypass2_q <= bypass_q;
      end
    end
    assign mixed_in = t2_ark_q ? bypass2_q : substituted;

    rijndael_fold_mix_key #(.ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)) u_mix_key (
      .column_i (mixed_in),
      .key_i    (round_key_q[32*(P-1-j) +: 32]),
      .decrypt_i(t2_dec_q),
      .mix_i    (t2_mix_q),
      .column_o (lane_out[32*(P-1-j) +: 32])
    );
  end

  // State bytes load only from the write stage (a slot takes a block through its round 0).
  for (genvar s = 0; s < 2; s++) begin : g_slot
    for (genvar r = 0; r < 4; r++) begin : g_row
      for (genvar p = 0; p < 4; p++) begin : g_pos
        // The lanes of one write stage hit distinct positions of a row.
        logic       hit;
        logic [7:0] from_lane;
        if (P == 2) begin : g_two
          logic hit0;
          assign hit0      = t2_pos_q[2*r +: 2] == 2'(p);
          assign hit       = hit0 || t2_pos_q[8 + 2*r +: 2] == 2'(p);
          assign from_lane = hit0 ? lane_out[63-8*r -: 8] : lane_out[31-8*r -: 8];
        end else begin : g_one
          assign hit       = t2_pos_q[2*r +: 2] == 2'(p);
          assign from_lane = lane_out[31-8*r -: 8];
        end
        always_ff @(posedge clk_i) begin
          if (!rst_ni) begin
            state_q[128*s + 127 - 8*(4*p + r) -: 8] <= 8'h00;
          end else if (t2_valid_q && t2_slot_q == 1'(s) && hit) begin
            state_q[128*s + 127 - 8*(4*p + r) -: 8] <= from_lane;
          end
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Output: the oldest block, rows rotated back.
  logic [127:0] unrotated;
  assign core_valid = done_q[head_q];

  rijndael_fold_unrotate #(.KEY_SIZES(KEY_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)) u_unrotate (
    .state_i(head_q ? state_q[255:128] : state_q[127:0]), .offsets_i(offset_q[8*head_q +: 8]),
    .block_o(unrotated)
  );
  assign out_block_o = out_zero ? '0 : unrotated;
endmodule
