// rijndael_core_tiny: byte-serial Rijndael/AES core, an 8-bit datapath around a single S-box that the
// data and the key schedule share; encryption and decryption. Selected by rijndael_core (ARCH = 3),
// which owns the shared parameter checks and the port contract (docs/core-interface.md). Aimed at the
// smallest FPGAs (iCE40 UP5K): no wide S-box banks, round keys in one RAM block.
//
// Theory of operation:
// - Two-stage byte pipeline. Stage 0 picks one state byte per clock (ShiftRows is the choice of byte,
//   as in rijndael_core_folded: each row is rotated in place and the rotation tracked per row) into
//   sbox_in_q; stage 1 puts it through the S-box into a 3-byte column accumulator. With the fourth
//   byte the column is complete: (Inv)MixColumns and AddRoundKey (rijndael_fold_mix_key) write it back
//   to the positions its bytes came from. A round is 16 clocks; Nr rounds plus a 4-clock initial
//   AddRoundKey (one column per clock) plus the pipeline give 16 * Nr + 6 clocks per block.
// - Round keys (both directions) live in a 32-bit wide RAM with a registered read (rijndael_tiny_ram,
//   one FPGA RAM block), written once per key. Decryption is the equivalent inverse cipher reading
//   them backwards, with the plain round key added before InvMixColumns.
// - Key beats: the core copies the key words from in_key_i into the RAM *before* it accepts the beat
//   (AXI-Stream holds the data stable while valid is high and ready low), one word per clock, and takes
//   the beat with the last word: no key register. After the beat it expands the remaining words, one
//   per clock, five clocks for the words that need SubWord (through the shared S-box).
// - The handshake, the key beat's decode and refused requests are rijndael_core_front's (shared by every
//   architecture): in_ready_o is a register (the core says a clock ahead that it will be idle), a block
//   without a usable key or in a missing direction leaves one cycle later with out_error_o and zero data;
//   an unsupported key length is taken at once, raises key_error_o and wipes the RAM. Reset zeroes every
//   register and wipes the RAM before in_ready_o rises.
// Cycles: 16 * Nr + 6 from a block's handshake to its result's; the next block is taken the clock after
// the result leaves (16 * Nr + 7 per block back to back).
// Only 128-bit blocks (BLOCK_SIZES = 1); every key length of KEY_SIZES.
`include "rijndael_core_params.svh"

// Parameters: the core's list (rtl/pkg/rijndael_core_params.svh). Read here: the size masks (tiny: 128-bit
// blocks only), MAX_NB/MAX_NK, the directions and SBOX (S-box mapping, see rijndael_sbox). The others belong to
// other architectures (rijndael_core refuses them here).
module rijndael_core_tiny #(
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
  localparam logic [4:0] BLOCK_MASK = 5'(BLOCK_SIZES);
  localparam logic [4:0] KEY_MASK   = 5'(KEY_SIZES);
  localparam bit         ENCRYPT    = ENABLE_ENCRYPT != 0;
  localparam bit         DECRYPT    = ENABLE_DECRYPT != 0;
  localparam int KEY_W  = 32 * MAX_NK;
  localparam int NR_MAX = (MAX_NK > 4 ? MAX_NK : 4) + 6;
  localparam int WORDS  = 4 * (NR_MAX + 1);  // round-key words of the longest key
  localparam int ADDR_W = $clog2(WORDS);

  if (BLOCK_SIZES != 'b00001 || MAX_NB != 4) begin : g_check_block
    ERROR_the_tiny_architecture_supports_128_bit_blocks_only_BLOCK_SIZES_must_be_1 u_error ();
  end
  if (SBOX == rijndael_pkg::SBOX_BRAM) begin : g_check_sbox
    ERROR_SBOX_bram_is_not_supported_by_the_tiny_architecture u_error ();
  end

  // ---------------------------------------------------------------------------------------------
  // Handshakes
  logic key_fire, block_fire, out_fire, key_open, key_hold, out_zero;
  logic block_ready_next, key_ready_next, empty_next;
  logic [2:0] nk_code_q, nb_code;  // the key in use, decoded once at its beat (rijndael_core_front)
  logic [3:0] nr_q;

  // Block processing. Stage 0 walks (round_q, step_q): round 0 = initial AddRoundKey (ark_q), steps
  // 0..3 one column each; rounds 1..Nr (issue_q), steps 0..15 one byte each (column step/4, row step%4).
  // Timing: every decision that many flops depend on is a register decoded one clock ahead (ark_q,
  // issue_q, last_round_q, done_q, the round-key numbers), so the handshake, which arrives late in the
  // clock, only ever selects between values that are already there.
  logic [127:0] state_q, state_d;  // byte (row r, position p) at [127 - 8*(4p + r)]
  logic [7:0]   offset_q, offset_d;  // row r's rotation at [2r +: 2]
  logic [3:0]   round_q, round_d, step_q, step_d;
  logic         busy_q, busy_d, done_q, done_d, ark_q, ark_d, issue_q, issue_d;
  logic         last_round_q, last_round_d;  // round_q == nr_q
  logic         decrypt_q, decrypt_d;
  logic [3:0]   key_now_q, key_now_d;    // round key number of round_q (Nr - round_q when decrypting)
  logic [3:0]   key_next_q, key_next_d;  // round key number of round_q + 1

  // Stage 1: the byte in front of the S-box and what it belongs to.
  logic [7:0]  sbox_in_q, sbox_in_d;
  logic        s1_data_q, s1_data_d, s1_key_q, s1_key_d, s1_last_q, s1_last_d, s1_inv_q, s1_inv_d;
  logic        s1_done_q, s1_done_d;  // the byte in stage 1 completes a data column
  logic [1:0]  s1_row_q, s1_row_d, s1_col_q, s1_col_d;
  logic [23:0] acc_q, acc_d;  // S-box outputs of rows 0..2 of the current column

  // Key copy (before the key beat is taken), expansion and wiping.
  logic [2:0]        copy_q, copy_d;
  logic              copy_last_q, copy_last_d;  // copy_q is the key's last word (decided a clock ahead)
  logic              setup_q, setup_d, wipe_q, wipe_d;
  logic [ADDR_W-1:0] ks_index_q, ks_index_d;  // word being made (expansion) or entry being wiped
  logic [ADDR_W-1:0] ks_source_q, ks_source_d;  // ks_index - Nk: where w[i - Nk] is read
  logic [2:0]        ks_step_q, ks_step_d;
  logic              ks_sbox_q, ks_sbox_d;    // the word being made needs SubWord (phase 0, or 4 if Nk > 6)
  logic              ks_rot_q, ks_rot_d;      // ... and RotWord (phase 0)
  logic              ks_write_q, ks_write_d;  // this clock writes a word
  logic [2:0]        phase_q, phase_d;        // ks_index mod Nk
  logic [7:0]        rcon_q, rcon_d;
  logic [31:0]       prev_q, prev_d;          // the last word made, w[i-1]

  // ---------------------------------------------------------------------------------------------
  // The shared front: handshake, key-beat decode, refused blocks.
  logic        key_supported, copying, key_valid, block_refused, core_ready;
  logic [31:0] key_words [8];  // in_key_i word j (word 0 = the most significant)
  logic [3:0]  key_nr;

  for (genvar j = 0; j < 8; j++) begin : g_key_words
    if (j < MAX_NK) begin : g_on
      assign key_words[j] = in_key_i[KEY_W-1-32*j -: 32];
    end else begin : g_off
      assign key_words[j] = 32'h0;
    end
  end

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
    .key_fire_o(key_fire),
    .block_fire_o(block_fire), .key_nr_o(key_nr), .key_valid_o(key_valid), .nk_code_o(nk_code_q),
    .nb_code_o(nb_code), .nr_o(nr_q),
    .core_valid_i(done_q), .core_ready_o(core_ready), .core_error_i(1'b0),
    .beat_o(beat_unused), .beat_supported_o(beat_supported_unused),  // BEAT_REG only
    .beat_key_len_o(beat_lens_unused[5:3]), .beat_block_len_o(beat_lens_unused[2:0]),
    .out_valid_o, .out_ready_i, .out_error_o, .out_zero_o(out_zero), .key_error_o
  );

  logic unused_front;  // 128-bit blocks only; refusals are decided in the front
  assign unused_front = ^{nb_code, block_refused, key_valid, key_nr, BLOCK_MASK, beat_unused,
                          beat_supported_unused, beat_lens_unused};

  // A supported key beat is copied while it is offered to an idle core and taken with its last word
  // (copy_last_q: the beat is held stable meanwhile).
  assign copying  = in_valid_i && in_is_key_i && key_supported && key_open;
  assign key_hold = !copy_last_q;
  assign out_fire = done_q && core_ready;

  logic [127:0] unrotated;
  rijndael_fold_unrotate #(.KEY_SIZES(KEY_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)) u_unrotate (
    .state_i(state_q), .offsets_i(offset_q), .block_o(unrotated)
  );
  assign out_block_o = out_zero ? '0 : unrotated;

  // ---------------------------------------------------------------------------------------------
  // The single S-box (forward for the key schedule even in decrypt-only builds).
  logic [7:0]  substituted;
  logic [31:0] column;  // the complete column of stage 1 (rows 0..2 accumulated, row 3 now)

  rijndael_sbox #(.FORWARD(1'b1), .INVERSE(DECRYPT), .IMPL(SBOX)) u_sbox (
    .clk_i(1'b0), .rst_ni(1'b1), .en_i(1'b0),  // combinational (LATENCY 0)
    .data_i   (sbox_in_q),
    .inverse_i(s1_inv_q),
    .data_o   (substituted)
  );
  assign column = {acc_q, substituted};

  // ---------------------------------------------------------------------------------------------
  // Key expansion: w[i] = w[i-Nk] (read from the RAM) ^ g(w[i-1]); SubWord byte by byte.
  // The decodes of the phase are registers (ks_sbox_q, ks_rot_q, ks_write_q), set a clock ahead.
  logic        ks_expanding, ks_write;
  logic [31:0] ks_sub_source, ks_word, round_key;

  assign ks_expanding  = setup_q && !wipe_q;
  assign ks_write      = ks_write_q;
  assign ks_sub_source = ks_rot_q ? {prev_q[23:0], prev_q[31:24]} : prev_q;  // RotWord at phase 0
  assign ks_word       = round_key ^ (!ks_sbox_q ? prev_q : ks_rot_q ? column ^ {rcon_q, 24'h0} : column);

  // ---------------------------------------------------------------------------------------------
  // Round-key RAM.
  logic              ram_write;
  logic [ADDR_W-1:0] ram_write_addr, ram_read_addr;
  logic [31:0]       ram_write_data;

  always_comb begin
    ram_write      = 1'b0;
    ram_write_addr = ks_index_q;
    ram_write_data = 32'h0;
    if (copying) begin
      ram_write      = 1'b1;
      ram_write_addr = ADDR_W'(copy_q);
      ram_write_data = key_words[copy_q];
    end else if (setup_q && wipe_q) begin
      ram_write = 1'b1;
    end else if (ks_write) begin
      ram_write      = 1'b1;
      ram_write_data = ks_word;
    end
  end

  // Read address, one clock ahead of its use: round key (number, column) of the next data column.
  // The key numbers are registers, so a block's address path is a multiplexer, not a subtraction.
  always_comb begin
    if (block_fire)  // key 0 (Nr when decrypting), column 0, for the first column of round 0
      ram_read_addr = in_decrypt_i ? ADDR_W'({nr_q, 2'd0}) : '0;
    else if (ark_q)
      ram_read_addr = (step_q[1:0] == 2'd3) ? ADDR_W'({key_next_q, 2'd0})
                                            : ADDR_W'({key_now_q, 2'(step_q[1:0] + 2'd1)});
    else if (issue_q)
      ram_read_addr = ADDR_W'({key_now_q, step_q[3:2]});
    else if (ks_expanding)  // w[i - Nk], for the next word when this cycle writes one
      ram_read_addr = ks_write ? ks_source_q + ADDR_W'(1) : ks_source_q;
    else
      ram_read_addr = '0;     // w[0] for the first word after a key beat; zero after a wipe
  end

  rijndael_tiny_ram #(.WIDTH(32), .DEPTH(WORDS)) u_ram (
    .clk_i       (clk_i),
    .write_i     (ram_write),
    .write_addr_i(ram_write_addr),
    .write_data_i(ram_write_data),
    .read_addr_i (ram_read_addr),
    .read_data_o (round_key)
  );

  // ---------------------------------------------------------------------------------------------
  // Stage 0: pick the state bytes. Round 0 reads whole columns (position = step); rounds read the
  // byte of row step%4 at position (column + shift_r + offset_r).
  logic [1:0]  shift [4];
  logic [1:0]  read_pos [4];
  logic [1:0]  stage0_column, stage0_row;
  logic [31:0] gathered, ark_column;

  assign stage0_column = step_q[3:2];
  assign stage0_row    = step_q[1:0];

  for (genvar r = 0; r < 4; r++) begin : g_gather
    logic [7:0] candidates [4];
    for (genvar p = 0; p < 4; p++) begin : g_pos
      assign candidates[p] = state_q[127 - 8*(4*p + r) -: 8];
    end
    assign shift[r]    = decrypt_q ? 2'(4 - r) : 2'(r);
    assign read_pos[r] = stage0_column + shift[r] + offset_q[2*r +: 2];
    assign gathered[31-8*r -: 8]   = candidates[read_pos[r]];
    // The initial AddRoundKey, apart from the round datapath so that it adds no depth to it.
    assign ark_column[31-8*r -: 8] = candidates[step_q[1:0]] ^ round_key[31-8*r -: 8];
  end

  // ---------------------------------------------------------------------------------------------
  // Column write: the initial AddRoundKey (stage 0) or a finished column (stage 1), never both.
  logic        column_done;
  logic [1:0]  write_pos [4];
  logic [31:0] column_out;

  assign column_done = s1_done_q;  // s1_data_q && s1_row_q == 3, decided in stage 0

  rijndael_fold_mix_key #(.ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)) u_mix_key (
    .column_i (column),
    .key_i    (round_key),
    .decrypt_i(decrypt_q),
    .mix_i    (!s1_last_q),
    .column_o (column_out)
  );

  // A state byte loads the block (only ever when no block is being worked on), the initial
  // AddRoundKey or a finished column; the selects are registers, the handshake only enables.
  for (genvar r = 0; r < 4; r++) begin : g_state_row
    assign write_pos[r] = s1_col_q + shift[r] + offset_q[2*r +: 2];
    for (genvar p = 0; p < 4; p++) begin : g_state_pos
      logic [7:0] early;  // what the byte loads unless stage 1 writes a column (known early in the clock)
      assign early = ark_q ? ark_column[31-8*r -: 8]
                           : in_block_i[127 - 8*(4*p + r) -: 8];
      always_comb begin
        state_d[127 - 8*(4*p + r) -: 8] = state_q[127 - 8*(4*p + r) -: 8];
        // The three sources never coincide: a block is taken only when none is being worked on.
        if (block_fire || (ark_q && step_q[1:0] == 2'(p)) || (column_done && write_pos[r] == 2'(p)))
          state_d[127 - 8*(4*p + r) -: 8] = column_done ? column_out[31-8*r -: 8] : early;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Control. The block's own progress comes first; a handshake (block_fire / key_fire) overrides it
  // last: it never coincides with stage 0 work, and so it only enters at the end of each path.
  always_comb begin
    offset_d     = offset_q;
    round_d      = round_q;
    step_d       = step_q;
    busy_d       = busy_q && !out_fire;
    done_d       = done_q && !out_fire;
    ark_d        = ark_q;
    issue_d      = issue_q;
    last_round_d = last_round_q;
    decrypt_d    = decrypt_q;
    key_now_d    = key_now_q;
    key_next_d   = key_next_q;
    sbox_in_d    = 8'h00;
    s1_data_d    = 1'b0;
    s1_key_d     = 1'b0;
    s1_last_d    = 1'b0;
    s1_inv_d     = 1'b0;
    s1_done_d    = 1'b0;
    s1_row_d     = 2'd0;
    s1_col_d     = 2'd0;
    acc_d        = acc_q;
    copy_d       = (copying && !copy_last_q) ? copy_q + 3'd1 : (copying && !key_fire) ? copy_q : 3'd0;
    copy_last_d  = copying && copy_d == in_key_len_i + 3'd3;
    setup_d      = setup_q;
    wipe_d       = wipe_q;
    ks_index_d   = ks_index_q;
    ks_source_d  = ks_source_q;
    ks_step_d    = ks_step_q;
    phase_d      = phase_q;
    rcon_d       = rcon_q;
    prev_d       = prev_q;

    // Stage 1: collect rows 0..2; the fourth byte completes the column (written above).
    if ((s1_data_q || s1_key_q) && s1_row_q != 2'd3) acc_d[23 - 8*s1_row_q -: 8] = substituted;
    if (column_done && s1_col_q == 2'd3) begin
      offset_d = {offset_q[7:6] + shift[3], offset_q[5:4] + shift[2], offset_q[3:2] + shift[1],
                  offset_q[1:0] + shift[0]};
      if (s1_last_q) done_d = 1'b1;
    end

    // Stage 0 of the block: the initial AddRoundKey, then the rounds byte by byte.
    if (ark_q) begin
      step_d = step_q + 4'd1;
      if (step_q == 4'd3) begin
        step_d       = 4'd0;
        round_d      = 4'd1;
        ark_d        = 1'b0;
        issue_d      = 1'b1;
        last_round_d = nr_q == 4'd1;
        key_now_d    = key_next_q;
        key_next_d   = decrypt_q ? key_next_q - 4'd1 : key_next_q + 4'd1;
      end
    end
    if (issue_q) begin
      sbox_in_d = gathered[31 - 8*stage0_row -: 8];
      s1_data_d = 1'b1;
      s1_last_d = last_round_q;
      s1_inv_d  = decrypt_q;
      s1_done_d = stage0_row == 2'd3;
      s1_row_d  = stage0_row;
      s1_col_d  = stage0_column;
      step_d    = step_q + 4'd1;
      if (step_q == 4'd15) begin
        round_d      = round_q + 4'd1;
        last_round_d = round_q + 4'd1 == nr_q;
        key_now_d    = key_next_q;
        key_next_d   = decrypt_q ? key_next_q - 4'd1 : key_next_q + 4'd1;
        if (last_round_q) issue_d = 1'b0;  // the rest happens in stage 1
      end
    end

    // Key setup (never while a block is in the core).
    if (setup_q && wipe_q) begin
      ks_index_d = ks_index_q + ADDR_W'(1);
      if (32'(ks_index_q) == WORDS - 1) begin
        setup_d = 1'b0;
        wipe_d  = 1'b0;
      end
    end
    if (ks_expanding) begin
      if (ks_write) begin
        prev_d      = ks_word;
        ks_index_d  = ks_index_q + ADDR_W'(1);
        ks_source_d = ks_source_q + ADDR_W'(1);
        ks_step_d   = 3'd0;
        phase_d     = (phase_q == nk_code_q + 3'd3) ? 3'd0 : phase_q + 3'd1;
        if (phase_q == 3'd0) rcon_d = rijndael_pkg::xtime(rcon_q);
        if (32'(ks_index_q) == 4 * (32'(nr_q) + 1) - 1) setup_d = 1'b0;
      end else begin
        // SubWord, one byte per clock through stage 0 (steps 0..3); step 4 writes the word.
        sbox_in_d = ks_sub_source[31 - 8*ks_step_q[1:0] -: 8];  // (issue_q is never set meanwhile)
        s1_key_d  = 1'b1;
        s1_row_d  = ks_step_q[1:0];
        ks_step_d = ks_step_q + 3'd1;
      end
    end

    // Handshakes.
    if (key_fire) begin
      setup_d     = 1'b1;
      wipe_d      = !key_supported;
      ks_index_d  = key_supported ? ADDR_W'(in_key_len_i) + ADDR_W'(4) : '0;
      ks_source_d = '0;
      ks_step_d   = 3'd0;
      phase_d     = 3'd0;
      rcon_d      = key_supported ? 8'h01 : 8'h00;
      prev_d      = key_supported ? key_words[in_key_len_i + 3'd3] : 32'h0;
    end
    if (block_fire) begin
      busy_d       = 1'b1;
      done_d       = 1'b0;
      ark_d        = 1'b1;
      issue_d      = 1'b0;
      last_round_d = 1'b0;
      decrypt_d    = in_decrypt_i;
      round_d      = 4'd0;
      step_d       = 4'd0;
      offset_d     = '0;
      key_now_d    = in_decrypt_i ? nr_q : 4'd0;
      key_next_d   = in_decrypt_i ? nr_q - 4'd1 : 4'd1;
    end

    // The key schedule's decodes for the next clock.
    ks_sbox_d  = phase_d == 3'd0 || ((key_fire ? in_key_len_i : nk_code_q) > 3'd2 && phase_d == 3'd4);
    ks_rot_d   = phase_d == 3'd0;
    ks_write_d = setup_d && !wipe_d && (!ks_sbox_d || ks_step_d == 3'd4);

    // What the core can take next cycle (the front registers it): anything when it will be idle.
    block_ready_next = !setup_d && !busy_d;
    key_ready_next   = !setup_d && !busy_d;
    empty_next       = !setup_d && !busy_d;
  end

  // Synchronous active-low reset wipes key material and state, then the RAM is zeroed (WORDS cycles,
  // in_ready_o low meanwhile).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q      <= '0;
      offset_q     <= '0;
      round_q      <= '0;
      step_q       <= '0;
      busy_q       <= 1'b0;
      done_q       <= 1'b0;
      ark_q        <= 1'b0;
      issue_q      <= 1'b0;
      last_round_q <= 1'b0;
      decrypt_q    <= 1'b0;
      key_now_q    <= '0;
      key_next_q   <= '0;
      sbox_in_q    <= '0;
      s1_data_q    <= 1'b0;
      s1_key_q     <= 1'b0;
      s1_last_q    <= 1'b0;
      s1_inv_q     <= 1'b0;
      s1_done_q    <= 1'b0;
      s1_row_q     <= '0;
      s1_col_q     <= '0;
      acc_q        <= '0;
      copy_q       <= '0;
      copy_last_q  <= 1'b0;
      setup_q      <= 1'b1;
      wipe_q       <= 1'b1;
      ks_index_q   <= '0;
      ks_source_q  <= '0;
      ks_step_q    <= '0;
      ks_sbox_q    <= 1'b0;
      ks_rot_q     <= 1'b0;
      ks_write_q   <= 1'b0;
      phase_q      <= '0;
      rcon_q       <= '0;
      prev_q       <= '0;
    end else begin
      state_q      <= state_d;
      offset_q     <= offset_d;
      round_q      <= round_d;
      step_q       <= step_d;
      busy_q       <= busy_d;
      done_q       <= done_d;
      ark_q        <= ark_d;
      issue_q      <= issue_d;
      last_round_q <= last_round_d;
      decrypt_q    <= decrypt_d;
      key_now_q    <= key_now_d;
      key_next_q   <= key_next_d;
      sbox_in_q    <= sbox_in_d;
      s1_data_q    <= s1_data_d;
      s1_key_q     <= s1_key_d;
      s1_last_q    <= s1_last_d;
      s1_inv_q     <= s1_inv_d;
      s1_done_q    <= s1_done_d;
      s1_row_q     <= s1_row_d;
      s1_col_q     <= s1_col_d;
      acc_q        <= acc_d;
      copy_q       <= copy_d;
      copy_last_q  <= copy_last_d;
      setup_q      <= setup_d;
      wipe_q       <= wipe_d;
      ks_index_q   <= ks_index_d;
      ks_source_q  <= ks_source_d;
      ks_step_q    <= ks_step_d;
      ks_sbox_q    <= ks_sbox_d;
      ks_rot_q     <= ks_rot_d;
      ks_write_q   <= ks_write_d;
      phase_q      <= phase_d;
      rcon_q       <= rcon_d;
      prev_q       <= prev_d;
    end
  end
endmodule
