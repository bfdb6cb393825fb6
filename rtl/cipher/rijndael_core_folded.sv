// rijndael_core_folded: column-serial ("economic", seed 001) Rijndael/AES core with a 64- or 32-bit
// datapath, encryption and decryption. Selected by rijndael_core (ARCH = 2), which owns the shared
// parameter checks and the port contract (docs/core-interface.md).
//
// Theory of operation:
// - P = FOLDED_WIDTH / 32 columns per clock (2 or 1), each through 4 S-boxes, MixColumns or
//   InvMixColumns (rijndael_fold_mix_key) and AddRoundKey; a round takes 4 / P clocks.
// - ShiftRows without a second state register: every row keeps its four bytes in four positions, and a
//   result byte is written back to the position its source byte came from (each position is read
//   exactly once per round, so nothing is overwritten before it is used). The row's rotation then
//   grows by its shift every round; it is tracked per row (offset_q) and undone at the output
//   (rijndael_fold_unrotate).
// - The initial AddRoundKey takes one pass of 4 / P clocks, its first columns in the cycle the block is
//   taken; a block takes (4 / P) * (Nr + 1) clocks: 44/52/60 (32-bit) or 22/26/30 (64-bit) for AES.
// - Round keys (both directions) come from a store written once per key: after a key beat the key
//   expansion (rijndael_fold_key_word, its own 4 S-boxes) writes one word per clock, 4 * (Nr + 1) clocks,
//   into P banks of distributed-RAM-shaped rijndael_round_key_store (word i in bank i mod P), so a
//   column pair is one read. Decryption is the equivalent inverse cipher reading the keys backwards.
// - Refused requests as in every core: a block without a usable key or in a missing direction leaves
//   one cycle later with out_error_o and zero data; an unsupported key length raises key_error_o and
//   wipes the store. Reset zeroes every register and wipes the store before in_ready_o rises.
// Only 128-bit blocks (BLOCK_SIZES = 1); every key length of KEY_SIZES.
module rijndael_core_folded #(
  // Plain integers, so every tool can set them from its command line without width warnings.
  parameter int BLOCK_SIZES    = 'b00001,  // bit i: block of 4+i words supported (folded: 128 bits only)
  parameter int KEY_SIZES      = 'b10101,  // bit i: key of 4+i words supported (AES: 4, 6, 8)
  parameter int MAX_NB         = 4,        // = 4 + highest bit of BLOCK_SIZES
  parameter int MAX_NK         = 8,        // = 4 + highest bit of KEY_SIZES
  parameter int ENABLE_ENCRYPT = 1,
  parameter int ENABLE_DECRYPT = 1,
  parameter int SBOX           = 0,        // S-box mapping, see rijndael_sbox
  parameter int FOLDED_WIDTH   = 32        // datapath width: 64 (two columns per clock) or 32 (one)
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
  localparam int KEY_W   = 32 * MAX_NK;
  localparam int P       = FOLDED_WIDTH / 32;          // columns per clock
  localparam int PARTS   = 4 / P;                      // clocks per round
  localparam int NR_MAX  = (MAX_NK > 4 ? MAX_NK : 4) + 6;
  localparam int WORDS   = 4 * (NR_MAX + 1);           // round-key words of the longest key
  localparam int ENTRIES = WORDS / P;                  // per bank
  localparam int ENTRY_W = $clog2(ENTRIES);
  localparam int WORD_W  = $clog2(WORDS);
  localparam int PART_W  = $clog2(PARTS);

  if (BLOCK_SIZES != 'b00001 || MAX_NB != 4) begin : g_check_block
    ERROR_the_folded_architecture_supports_128_bit_blocks_only_BLOCK_SIZES_must_be_1 u_error ();
  end
  if (FOLDED_WIDTH != 32 && FOLDED_WIDTH != 64) begin : g_check_width
    ERROR_FOLDED_WIDTH_must_be_32_or_64 u_error ();
  end
  if (SBOX == rijndael_pkg::SBOX_BRAM) begin : g_check_sbox
    ERROR_SBOX_bram_is_not_supported_by_the_folded_architecture u_error ();
  end

  // ---------------------------------------------------------------------------------------------
  // Handshakes
  logic in_fire, key_fire, block_fire, out_fire, done, working;
  logic block_refused;  // the block offered now would be refused (no usable key, or direction not built)

  logic       key_valid_q, key_valid_d;
  logic       key_error_q, key_error_d;
  logic [2:0] nk_code_q, nk_code_d;
  logic [3:0] nr_q, nr_d;

  logic [127:0]              state_q, state_d;      // byte (row r, position p) at [127 - 8*(4p + r)]
  logic [7:0]                offset_q, offset_d;    // row r's rotation at [2r +: 2]
  logic [3:0]                round_q, round_d;      // 0: initial AddRoundKey, 1..Nr: rounds
  logic [PART_W-1:0]         part_q, part_d;        // column group within the round
  logic                      busy_q, busy_d, finished_q, finished_d;
  logic                      decrypt_q, decrypt_d, refused_q, refused_d;

  // Key expansion: the last Nk words, oldest at index 0; setup writes one word per clock.
  logic [32*MAX_NK-1:0] window_q, window_d;  // word j at [32*j +: 32]
  logic [2:0]        phase_q, phase_d;
  logic [7:0]        rcon_q, rcon_d;
  logic              setup_q, setup_d, wipe_q, wipe_d;
  logic [WORD_W-1:0] setup_index_q, setup_index_d;

  assign in_fire    = in_valid_i && in_ready_o;
  assign key_fire   = in_fire && in_is_key_i;
  assign block_fire = in_fire && !in_is_key_i;
  assign done       = busy_q && (refused_q || finished_q);
  assign working    = busy_q && !done;
  assign out_fire   = done && out_ready_i;
  assign in_ready_o = !setup_q && (!busy_q || out_fire);

  assign out_valid_o = done;
  assign out_error_o = refused_q;
  assign key_error_o = key_error_q;

  rijndael_fold_unrotate #(.KEY_SIZES(KEY_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)) u_unrotate (
    .state_i(state_q), .offsets_i(offset_q), .block_o(out_block_o)
  );

  // ---------------------------------------------------------------------------------------------
  // Key beat decoding.
  localparam logic [7:0] BLOCK_MASK8 = {3'b000, BLOCK_MASK};
  localparam logic [7:0] KEY_MASK8   = {3'b000, KEY_MASK};

  logic       key_supported;
  logic [3:0] key_nr;
  assign key_supported = KEY_MASK8[in_key_len_i] && BLOCK_MASK8[in_block_len_i];
  assign key_nr        = rijndael_pkg::num_rounds(4'd4, {1'b0, in_key_len_i} + 4'd4);

  // ---------------------------------------------------------------------------------------------
  // Key expansion, one word per clock: w[i + Nk] = w[i] ^ g(w[i + Nk - 1]).
  logic [31:0] newest_by_size [8];  // [Nk - 4]
  logic [31:0] newest, expanded;
  logic [7:0]  next_rcon;
  logic        expanding;

  for (genvar k = 0; k < 8; k++) begin : g_newest
    if (k < 5 && KEY_MASK[k]) begin : g_on
      assign newest_by_size[k] = window_q[32*(3 + k) +: 32];
    end else begin : g_off
      assign newest_by_size[k] = 32'h0;
    end
  end
  assign newest = newest_by_size[nk_code_q];

  rijndael_fold_key_word #(.SBOX(SBOX)) u_key_word (
    .clk_i(1'b0), .rst_ni(1'b1),  // combinational S-boxes (SBOX_LATENCY 0)
    .back_i(window_q[31:0]), .prev_i(newest), .rot_i(phase_q == 3'd0),
    .sub_i(nk_code_q > 3'd2 && phase_q == 3'd4), .rcon_i(rcon_q),
    .word_o(expanded), .rcon_o(next_rcon)
  );

  assign expanding = setup_q && !wipe_q;

  for (genvar j = 0; j < MAX_NK; j++) begin : g_window
    assign window_d[32*j +: 32] =
        key_fire  ? ((key_supported && 32'(j) < 32'(in_key_len_i) + 4) ? in_key_i[KEY_W-1-32*j -: 32] : 32'h0) :
        !expanding                         ? window_q[32*j +: 32] :
        (32'(j) == 32'(nk_code_q) + 3)     ? expanded :
        (32'(j) < 32'(nk_code_q) + 3)      ? window_q[32*((j + 1) % MAX_NK) +: 32] : window_q[32*j +: 32];
  end

  // ---------------------------------------------------------------------------------------------
  // Round-key store: P banks; word i in bank i mod P, entry i / P.
  logic              ark;            // this cycle's pass is the initial AddRoundKey
  logic              cycle_decrypt;  // direction of the pass computed this cycle
  logic [3:0]        cycle_round;
  logic [PART_W-1:0] cycle_part;
  logic [3:0]        key_number;     // round key used this cycle
  logic [ENTRY_W-1:0] read_entry, write_entry;
  logic [31:0]       round_key [P];

  assign cycle_decrypt = block_fire ? in_decrypt_i : decrypt_q;
  assign cycle_round   = block_fire ? 4'd0 : round_q;
  assign cycle_part    = block_fire ? '0 : part_q;
  assign ark           = cycle_round == 4'd0;
  assign key_number    = cycle_decrypt ? nr_q - cycle_round : cycle_round;
  assign read_entry    = ENTRY_W'(32'(key_number) * PARTS + 32'(cycle_part));
  assign write_entry   = wipe_q ? ENTRY_W'(setup_index_q) : ENTRY_W'(setup_index_q / WORD_W'(P));

  for (genvar b = 0; b < P; b++) begin : g_bank
    logic write;
    assign write = setup_q && (wipe_q || 32'(setup_index_q) % P == b);
    rijndael_round_key_store #(.WIDTH(32), .ENTRIES(ENTRIES)) u_store (
      .clk_i        (clk_i),
      .write_i      (write),
      .write_index_i(write_entry),
      .write_data_i (wipe_q ? 32'h0 : window_q[31:0]),
      .read_index_i (read_entry),
      .read_data_o  (round_key[b])
    );
  end

  // ---------------------------------------------------------------------------------------------
  // Datapath: P column slots. Slot j computes output column c = part * P + j; its row-r byte comes
  // from position (c + shift_r + offset_r) mod 4 (the initial AddRoundKey: position c, no shift), and
  // the result goes back to that same position.
  logic [1:0]   shift [4];
  logic [1:0]   pos [P][4];
  logic [31:0]  slot_out [P];
  logic         write_slots;
  logic         last_round;

  assign last_round  = cycle_round == nr_q;
  assign write_slots = (block_fire && !block_refused) || working;

  for (genvar r = 0; r < 4; r++) begin : g_shift
    assign shift[r] = cycle_decrypt ? 2'(4 - r) : 2'(r);
  end

  for (genvar j = 0; j < P; j++) begin : g_slot
    logic [1:0]  column;
    logic [31:0] gathered, substituted;

    assign column = 2'(32'(cycle_part) * P + j);
    for (genvar r = 0; r < 4; r++) begin : g_row
      logic [7:0] candidates [4];
      for (genvar p = 0; p < 4; p++) begin : g_pos
        assign candidates[p] = state_q[127 - 8*(4*p + r) -: 8];
      end
      assign pos[j][r] = ark ? column : column + shift[r] + offset_q[2*r +: 2];
      // In the cycle a block is taken, its columns j come straight from the input.
      assign gathered[31-8*r -: 8] = block_fire ? in_block_i[127 - 8*(4*j + r) -: 8] : candidates[pos[j][r]];

      rijndael_sbox #(.FORWARD(ENCRYPT), .INVERSE(DECRYPT), .IMPL(SBOX)) u_sbox (
        .clk_i(1'b0), .rst_ni(1'b1), .en_i(1'b0),  // combinational (LATENCY 0)
        .data_i   (gathered[31-8*r -: 8]),
        .inverse_i(cycle_decrypt),
        .data_o   (substituted[31-8*r -: 8])
      );
    end

    rijndael_fold_mix_key #(.ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)) u_mix_key (
      .column_i (ark ? gathered : substituted),
      .key_i    (round_key[j]),
      .decrypt_i(cycle_decrypt),
      .mix_i    (!ark && !last_round),
      .column_o (slot_out[j])
    );
  end

  // Next state of each state byte: a slot's result, the input block, or unchanged.
  assign block_refused = !key_valid_q || (in_decrypt_i ? !DECRYPT : !ENCRYPT);

  for (genvar r = 0; r < 4; r++) begin : g_state_row
    for (genvar p = 0; p < 4; p++) begin : g_state_pos
      // The slots of one cycle write distinct positions of a row (P is 1 or 2).
      logic       hit;
      logic [7:0] from_slot;
      if (P == 2) begin : g_two
        assign hit       = pos[0][r] == 2'(p) || pos[P-1][r] == 2'(p);
        assign from_slot = pos[0][r] == 2'(p) ? slot_out[0][31-8*r -: 8] : slot_out[P-1][31-8*r -: 8];
      end else begin : g_one
        assign hit       = pos[0][r] == 2'(p);
        assign from_slot = slot_out[0][31-8*r -: 8];
      end
      always_comb begin
        state_d[127 - 8*(4*p + r) -: 8] = state_q[127 - 8*(4*p + r) -: 8];
        if (block_fire && block_refused)  state_d[127 - 8*(4*p + r) -: 8] = 8'h00;
        else if (write_slots && hit)      state_d[127 - 8*(4*p + r) -: 8] = from_slot;
        else if (block_fire)              state_d[127 - 8*(4*p + r) -: 8] = in_block_i[127 - 8*(4*p + r) -: 8];
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Control.
  always_comb begin
    key_valid_d   = key_valid_q;
    key_error_d   = key_error_q;
    nk_code_d     = nk_code_q;
    nr_d          = nr_q;
    offset_d      = offset_q;
    round_d       = round_q;
    part_d        = part_q;
    busy_d        = busy_q && !out_fire;
    finished_d    = finished_q;
    decrypt_d     = decrypt_q;
    refused_d     = refused_q;
    phase_d       = phase_q;
    rcon_d        = rcon_q;
    setup_d       = setup_q;
    wipe_d        = wipe_q;
    setup_index_d = setup_index_q;

    if (key_fire) begin
      key_valid_d   = key_supported;
      key_error_d   = !key_supported;
      if (key_supported) begin
        nk_code_d = in_key_len_i;
        nr_d      = key_nr;
      end
      phase_d       = 3'd0;
      rcon_d        = key_supported ? 8'h01 : 8'h00;
      setup_d       = 1'b1;
      wipe_d        = !key_supported;
      setup_index_d = '0;
    end else if (block_fire) begin
      busy_d     = 1'b1;
      finished_d = 1'b0;
      decrypt_d  = in_decrypt_i;
      refused_d  = block_refused;
      round_d    = 4'd0;
      part_d     = PART_W'(1);
      offset_d   = '0;
    end else if (working) begin
      part_d = part_q + PART_W'(1);
      if (32'(part_q) == PARTS - 1) begin
        part_d  = '0;
        round_d = round_q + 4'd1;
        if (round_q != 4'd0) begin  // the rows moved by their shift in this round
          offset_d = {offset_q[7:6] + shift[3], offset_q[5:4] + shift[2], offset_q[3:2] + shift[1],
                      offset_q[1:0] + shift[0]};
        end
        if (round_q == nr_q) finished_d = 1'b1;
      end
    end else if (setup_q) begin
      setup_index_d = setup_index_q + WORD_W'(1);
      if (!wipe_q) begin
        // phase of the word being made, w[i + Nk]: i mod Nk
        phase_d = (32'(phase_q) + 1 == 32'(nk_code_q) + 4) ? 3'd0 : phase_q + 3'd1;
        rcon_d  = next_rcon;
      end
      if (wipe_q ? 32'(setup_index_q) == ENTRIES - 1 : 32'(setup_index_q) == 4 * (32'(nr_q) + 1) - 1) begin
        setup_d = 1'b0;
        wipe_d  = 1'b0;
      end
    end
  end

  // Synchronous active-low reset wipes key material and state, then the round-key store is zeroed
  // (ENTRIES cycles, in_ready_o low meanwhile).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      key_valid_q   <= 1'b0;
      key_error_q   <= 1'b0;
      nk_code_q     <= '0;
      nr_q          <= '0;
      state_q       <= '0;
      offset_q      <= '0;
      round_q       <= '0;
      part_q        <= '0;
      busy_q        <= 1'b0;
      finished_q    <= 1'b0;
      decrypt_q     <= 1'b0;
      refused_q     <= 1'b0;
      phase_q       <= '0;
      rcon_q        <= '0;
      setup_q       <= 1'b1;
      wipe_q        <= 1'b1;
      setup_index_q <= '0;
      window_q      <= '0;
    end else begin
      key_valid_q   <= key_valid_d;
      key_error_q   <= key_error_d;
      nk_code_q     <= nk_code_d;
      nr_q          <= nr_d;
      state_q       <= state_d;
      offset_q      <= offset_d;
      round_q       <= round_d;
      part_q        <= part_d;
      busy_q        <= busy_d;
      finished_q    <= finished_d;
      decrypt_q     <= decrypt_d;
      refused_q     <= refused_d;
      phase_q       <= phase_d;
      rcon_q        <= rcon_d;
      setup_q       <= setup_d;
      wipe_q        <= wipe_d;
      setup_index_q <= setup_index_d;
      window_q      <= window_d;
    end
  end
endmodule
