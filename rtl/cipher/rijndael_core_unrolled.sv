// rijndael_core_unrolled: Rijndael/AES core with one block in flight and ROUNDS_PER_CYCLE combinational
// rounds per clock, encryption and decryption. rijndael_core_iterative uses it for the builds its two-stage
// datapath does not cover: unrolled rounds (ROUNDS_PER_CYCLE > 1) and T-box rounds (TBOX = 1). With
// ROUNDS_PER_CYCLE = 1 and TBOX = 0 it is the one-block iterative core of earlier versions (kept working
// for comparison; rijndael_core_iterative no longer selects it then).
//
// Theory of operation (details in docs/architecture.md, port contract in docs/core-interface.md):
// - Keys and blocks arrive in one valid/ready stream, so a key beat takes effect exactly between the
//   blocks around it. Every block beat yields one output beat, in order; key beats yield none.
// - A block takes Nr/k clocks (k = ROUNDS_PER_CYCLE, which divides Nr of every supported size pair): k
//   chained rounds per clock. The initial AddRoundKey is folded into the first pass, which is computed
//   in the cycle the block is taken, and the next block is taken in the cycle the result leaves.
// - SBOX = SBOX_BRAM (k = 1 only): the S-boxes are block-RAM ROMs (rijndael_sbox, latency 1), and their
//   output register takes the place of the state register: a clock computes ShiftRows, MixColumns and
//   AddRoundKey of round r from the RAM output and addresses the RAMs with the result, whose S-box
//   values are the start of round r+1. The cycle a block is taken only loads the RAMs with the
//   whitened block; the last round's result is driven to out_block_o from the RAM registers through
//   that round's linear layer, so cycles per block and latency stay Nr. The key schedule's S-boxes
//   stay case ROMs (8 for AES).
// - Encryption round keys are expanded on the fly (ENC_KEYS = KEYS_ON_THE_FLY) from a copy of the key
//   window kept per key (base_window_q), k key steps per clock, or read from the round-key store
//   (KEYS_STORED, the stored-key scheme of seed 001) so no key expansion sits in the round path.
// - The round-key store (builds that decrypt, or store encryption keys) is filled after each key beat by
//   the same k key steps, k round keys per clock: Nr/k setup cycles with in_ready_o low, so a key change
//   costs 1 + Nr/k cycles in those builds and 1 cycle otherwise. A store row holds k consecutive round
//   keys, rk[k*m .. k*m+k-1], which is exactly what one clock of decryption reads (the equivalent
//   inverse cipher of seed 001, keys untransformed, see rijndael_round); stored encryption with k > 1
//   adds rk[k*m+k] as one more column, so encryption reads rk[k*m+1 .. k*m+k] from the same row.
//   rk[0] comes from the base window and rk[Nr] from last_round_key_q.
// - Requests the build cannot serve are answered, never dropped: a block before a valid key, or in a
//   direction the build lacks, leaves one cycle later with out_error_o high and zero data; a key beat
//   with an unsupported length raises key_error_o, wipes the key and refuses blocks until a good key.
module rijndael_core_unrolled #(
  // Plain integers, so every tool can set them from its command line without width warnings.
  parameter int BLOCK_SIZES      = 'b00001,  // bit i: block of 4+i words supported
  parameter int KEY_SIZES        = 'b10101,  // bit i: key of 4+i words supported (AES: 4, 6, 8)
  parameter int MAX_NB           = 4,        // = 4 + highest bit of BLOCK_SIZES
  parameter int MAX_NK           = 8,        // = 4 + highest bit of KEY_SIZES
  parameter int ENABLE_ENCRYPT   = 1,
  parameter int ENABLE_DECRYPT   = 1,
  parameter int ROUNDS_PER_CYCLE = 1,        // k: divides Nr of every supported size pair
  parameter int SBOX             = 0,        // rijndael_pkg::SBOX_*
  parameter int TBOX             = 0,        // 1: T-box rounds (rijndael_round)
  parameter int ENC_KEYS         = 0         // rijndael_pkg::KEYS_*: encryption keys on the fly or stored
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // input stream: key beats and block beats
  input  logic                in_valid_i,
  output logic                in_ready_o,
  input  logic                in_is_key_i,
  input  logic [2:0]          in_key_len_i,    // key beats: Nk - 4
  input  logic [2:0]          in_block_len_i,  // key beats: Nb - 4
  input  logic                in_decrypt_i,    // block beats
  input  logic [32*MAX_NK-1:0] in_key_i,
  input  logic [32*MAX_NB-1:0] in_block_i,
  // output stream: one beat per block beat
  output logic                out_valid_o,
  input  logic                out_ready_i,
  output logic [32*MAX_NB-1:0] out_block_o,
  output logic                out_error_o,
  output logic                key_error_o
);
  localparam logic [4:0] BLOCK_MASK = 5'(BLOCK_SIZES);
  localparam logic [4:0] KEY_MASK   = 5'(KEY_SIZES);
  localparam bit         ENCRYPT    = ENABLE_ENCRYPT != 0;
  localparam bit         DECRYPT    = ENABLE_DECRYPT != 0;
  localparam int K          = ROUNDS_PER_CYCLE < 1 ? 1 : ROUNDS_PER_CYCLE;  // < 1 is refused below
  localparam bit BRAM       = SBOX == rijndael_pkg::SBOX_BRAM;
  localparam int KEY_SBOX   = BRAM ? rijndael_pkg::SBOX_LUT : SBOX;  // the key schedule's S-boxes
  localparam bit STORED_ENC = ENCRYPT && ENC_KEYS == rijndael_pkg::KEYS_STORED;
  localparam bit STORE      = DECRYPT || STORED_ENC;                  // a round-key store exists
  // A store row m holds KEY_COLS round keys from rk[k*m + FIRST_KEY] on (see g_stored_keys).
  localparam int FIRST_KEY  = DECRYPT ? 0 : 1;
  localparam int KEY_COLS   = K + ((DECRYPT && STORED_ENC && K > 1) ? 1 : 0);
  localparam bit ENC_NEXT_ROW = DECRYPT && STORED_ENC && K == 1;       // encryption reads row c+1
  localparam int BLOCK_W    = 32 * MAX_NB;
  localparam int KEY_W      = 32 * MAX_NK;
  localparam int WIN        = rijndael_pkg::key_window_words(BLOCK_MASK, KEY_MASK);
  localparam int NR_MAX     = (MAX_NB > MAX_NK ? MAX_NB : MAX_NK) + 6;
  localparam int ROWS       = NR_MAX / K < 2 ? 2 : NR_MAX / K;       // store rows (>= 2 for the index)
  localparam int ROW_W      = $clog2(ROWS);

  // k must divide Nr = max(Nb, Nk) + 6 of every supported pair, so a block never ends inside a clock.
  function automatic bit divides_every_nr(input logic [4:0] block_mask, input logic [4:0] key_mask,
                                          input int k);
    divides_every_nr = k >= 1;
    for (int b = 0; b < 5; b++)
      for (int n = 0; n < 5; n++)
        if (k >= 1 && block_mask[b] && key_mask[n] && ((b > n ? b : n) + 10) % k != 0) divides_every_nr = 1'b0;
  endfunction

  if (!divides_every_nr(BLOCK_MASK, KEY_MASK, ROUNDS_PER_CYCLE)) begin : g_check_unroll
    ERROR_ROUNDS_PER_CYCLE_must_divide_Nr_of_every_supported_size_pair u_error ();
  end
  if (BRAM && ROUNDS_PER_CYCLE != 1) begin : g_check_bram_unroll
    ERROR_SBOX_BRAM_needs_ROUNDS_PER_CYCLE_1_since_each_round_reads_a_registered_RAM u_error ();
  end
  if (BRAM && TBOX != 0) begin : g_check_bram_tbox
    ERROR_TBOX_tables_are_combinational_and_cannot_use_SBOX_BRAM u_error ();
  end

  // ---------------------------------------------------------------------------------------------
  // Handshakes
  logic in_fire, key_fire, block_fire, out_fire, done;

  logic       key_valid_q, key_valid_d;    // a usable key is loaded
  logic       key_error_q, key_error_d;
  logic [2:0] nb_code_q, nb_code_d, nk_code_q, nk_code_d;
  logic [3:0] passes_q, passes_d;          // clocks per block: Nr / k

  logic [3:0] pass_q, pass_d;              // passes finished (LUT rounds) or finished but the last (BRAM)
  logic       busy_q, busy_d;              // a block is in flight or its result is waiting
  logic       decrypt_q, decrypt_d;
  logic       refused_q, refused_d;

  // Key expansion: base_* is the state right after the key (+ lead words), *_q the running copy.
  logic [32*WIN-1:0] base_window_q, base_window_d, window_q, window_d;
  logic [2:0]        base_phase_q, base_phase_d, phase_q, phase_d;
  logic [7:0]        base_rcon_q, base_rcon_d, rcon_q, rcon_d;

  // Round-key setup (and wiping) sequence: one store row per clock.
  logic             setup_q, setup_d, wipe_q, wipe_d;
  logic [ROW_W-1:0] setup_index_q, setup_index_d;

  assign in_fire    = in_valid_i && in_ready_o;
  assign key_fire   = in_fire && in_is_key_i;
  assign block_fire = in_fire && !in_is_key_i;
  // With block-RAM S-boxes the last pass is combinational from the RAM registers to out_block_o.
  assign done       = busy_q && (refused_q || pass_q == passes_q - (BRAM ? 4'd1 : 4'd0));
  assign out_fire   = done && out_ready_i;
  assign in_ready_o = !setup_q && (!busy_q || out_fire);

  assign out_valid_o = done;
  assign out_error_o = refused_q;
  assign key_error_o = key_error_q;

  // ---------------------------------------------------------------------------------------------
  // Key beat decoding: supported sizes and the initial window (key words, newest at the top).
  // (Written without procedural loops: Icarus re-triggers an always_comb on its own loop variables.)
  localparam logic [7:0] BLOCK_MASK8 = {3'b000, BLOCK_MASK};
  localparam logic [7:0] KEY_MASK8   = {3'b000, KEY_MASK};

  logic              key_supported, needs_lead_step;
  logic [3:0]        key_nr;
  logic [32*WIN-1:0] key_window;
  logic [32*WIN-1:0] key_window_by_size [5];

  assign key_supported   = KEY_MASK8[in_key_len_i] && BLOCK_MASK8[in_block_len_i];
  assign needs_lead_step = in_block_len_i > in_key_len_i;  // Nb > Nk: round key 0 reaches past the key
  assign key_nr = rijndael_pkg::num_rounds({1'b0, in_block_len_i} + 4'd4, {1'b0, in_key_len_i} + 4'd4);

  for (genvar k = 0; k < 5; k++) begin : g_key_window
    if (KEY_MASK[k]) begin : g_on
      for (genvar w = 0; w < WIN; w++) begin : g_word
        if (w >= WIN - 4 - k) begin : g_key_word
          assign key_window_by_size[k][32*w +: 32] = in_key_i[KEY_W-1-32*(w-(WIN-4-k)) -: 32];
        end else begin : g_empty
          assign key_window_by_size[k][32*w +: 32] = 32'h0;
        end
      end
    end else begin : g_off
      assign key_window_by_size[k] = '0;
    end
  end
  assign key_window = key_supported ? key_window_by_size[in_key_len_i] : '0;

  // ---------------------------------------------------------------------------------------------
  // k chained key steps serve the lead step of a key beat (step 0), encryption on the fly, and the
  // round-key setup; at most one of these happens in a cycle. Encryption on the fly starts a block's
  // expansion from the base window in the cycle the block is taken.
  localparam bit ON_THE_FLY = ENCRYPT && !STORED_ENC;

  logic [32*WIN-1:0] step_window_in, step_window [K];
  logic [2:0]        step_phase_in, step_phase [K], step_nb_code, step_nk_code;
  logic [7:0]        step_rcon_in, step_rcon [K];
  logic [BLOCK_W-1:0] stepped_round_key [K];  // the round key each key step just produced

  always_comb begin
    step_window_in = window_q;
    step_phase_in  = phase_q;
    step_rcon_in   = rcon_q;
    step_nb_code   = nb_code_q;
    step_nk_code   = nk_code_q;
    if (key_fire) begin
      step_window_in = key_window;
      step_phase_in  = 3'd0;
      step_rcon_in   = 8'h01;
      step_nb_code   = in_block_len_i;
      step_nk_code   = in_key_len_i;
    end else if (ON_THE_FLY && block_fire) begin
      step_window_in = base_window_q;
      step_phase_in  = base_phase_q;
      step_rcon_in   = base_rcon_q;
    end
  end

  for (genvar j = 0; j < K; j++) begin : g_key_step
    // The chain's input, chosen by a generate-if: Icarus 11 loses the genvar in a port expression that
    // selects with a conditional operator.
    logic [32*WIN-1:0] window_in;
    logic [2:0]        phase_in;
    logic [7:0]        rcon_in;
    if (j == 0) begin : g_first
      assign window_in = step_window_in;
      assign phase_in  = step_phase_in;
      assign rcon_in   = step_rcon_in;
    end else begin : g_chained
      assign window_in = step_window[j-1];
      assign phase_in  = step_phase[j-1];
      assign rcon_in   = step_rcon[j-1];
    end

    rijndael_key_step #(
      .MAX_NB(MAX_NB), .WIN(WIN), .BLOCK_SIZES(BLOCK_MASK), .KEY_SIZES(KEY_MASK), .SBOX(KEY_SBOX)
    ) u_key_step (
      .window_i (window_in),
      .nb_code_i(step_nb_code),
      .nk_code_i(step_nk_code),
      .phase_i  (phase_in),
      .rcon_i   (rcon_in),
      .window_o (step_window[j]),
      .phase_o  (step_phase[j]),
      .rcon_o   (step_rcon[j])
    );

    rijndael_round_key_select #(
      .MAX_NB(MAX_NB), .WIN(WIN), .BLOCK_SIZES(BLOCK_MASK), .KEY_SIZES(KEY_MASK)
    ) u_round_key (
      .window_i(step_window[j]), .nb_code_i(nb_code_q), .nk_code_i(nk_code_q), .round_key_o(stepped_round_key[j])
    );
  end

  // Round key 0, from the base window.
  logic [BLOCK_W-1:0] first_round_key;

  rijndael_round_key_select #(
    .MAX_NB(MAX_NB), .WIN(WIN), .BLOCK_SIZES(BLOCK_MASK), .KEY_SIZES(KEY_MASK)
  ) u_first_round_key (
    .window_i(base_window_q), .nb_code_i(nb_code_q), .nk_code_i(nk_code_q), .round_key_o(first_round_key)
  );

  // ---------------------------------------------------------------------------------------------
  // Round keys of this clock's k rounds. A direction the build lacks has zero keys, and round_decrypt
  // is constant in single-direction builds, so the choice between them folds away.
  logic [3:0]         pass_index;     // the pass computed this cycle, 0 .. Nr/k - 1
  logic               last_pass;
  logic               round_decrypt;  // direction of the rounds computed this cycle
  logic [BLOCK_W-1:0] round_key [K], encrypt_key [K], decrypt_key [K];
  logic [BLOCK_W-1:0] last_round_key_q, last_round_key_d;  // rk[Nr] (during setup: the latest key)

  assign pass_index    = (!BRAM && block_fire) ? 4'd0 : pass_q;
  assign last_pass     = pass_index == passes_q - 4'd1;
  assign round_decrypt = !(ENCRYPT && DECRYPT) ? !ENCRYPT : (!BRAM && block_fire) ? in_decrypt_i : decrypt_q;

  for (genvar j = 0; j < K; j++) begin : g_round_key
    assign round_key[j] = round_decrypt ? decrypt_key[j] : encrypt_key[j];
  end

  // Encryption on the fly: the LUT rounds use what the key steps make in the same cycle. The block-RAM
  // datapath runs the schedule one clock ahead instead: its round uses the key of the window register
  // (so the last round, which drives out_block_o, never sees a key beat's lead step, and no key step
  // sits in the round path), and the key step prepares the next round's window.
  if (!ENCRYPT) begin : g_no_encrypt_keys
    for (genvar j = 0; j < K; j++) begin : g_key
      assign encrypt_key[j] = '0;
    end
  end else if (ON_THE_FLY && BRAM) begin : g_window_round_key
    rijndael_round_key_select #(
      .MAX_NB(MAX_NB), .WIN(WIN), .BLOCK_SIZES(BLOCK_MASK), .KEY_SIZES(KEY_MASK)
    ) u_round_key (
      .window_i(window_q), .nb_code_i(nb_code_q), .nk_code_i(nk_code_q), .round_key_o(encrypt_key[0])
    );
  end else if (ON_THE_FLY) begin : g_stepped_round_keys
    for (genvar j = 0; j < K; j++) begin : g_key
      assign encrypt_key[j] = stepped_round_key[j];
    end
  end

  if (STORE) begin : g_stored_keys
    logic                        store_write;
    logic [ROW_W-1:0]            store_read_index;
    logic [3:0]                  read_row;
    logic [KEY_COLS*BLOCK_W-1:0] store_write_data, store_read_data;

    // Setup cycle s has just made rk[k*s+1 .. k*s+k], and last_round_key_q holds rk[k*s] (zero for
    // s = 0: rk[0] comes from the base window, that slot is never read). Wiping writes zeros.
    assign store_write = setup_q;
    for (genvar c = 0; c < KEY_COLS; c++) begin : g_write_column
      if (FIRST_KEY + c == 0) begin : g_previous
        assign store_write_data[0 +: BLOCK_W] = wipe_q ? '0 : last_round_key_q;
      end else begin : g_stepped
        assign store_write_data[c*BLOCK_W +: BLOCK_W] = wipe_q ? '0 : stepped_round_key[FIRST_KEY+c-1];
      end
    end

    // Decryption pass c reads row Nr/k-1-c (its k keys in reverse); encryption pass c reads row c, or
    // row c+1 when rows hold the single key rk[c] (ENC_NEXT_ROW; rk[Nr] is in last_round_key_q then).
    always_comb begin
      if (round_decrypt)     read_row = passes_q - 4'd1 - pass_index;
      else if (ENC_NEXT_ROW) read_row = pass_index + 4'd1;
      else                   read_row = pass_index;
    end
    // The clamp keeps the index inside the store in cycles whose keys nobody uses.
    assign store_read_index = (32'(read_row) < ROWS) ? ROW_W'(read_row) : '0;

    rijndael_round_key_store #(.WIDTH(KEY_COLS * BLOCK_W), .ENTRIES(ROWS)) u_store (
      .clk_i        (clk_i),
      .write_i      (store_write),
      .write_index_i(setup_index_q),
      .write_data_i (store_write_data),
      .read_index_i (store_read_index),
      .read_data_o  (store_read_data)
    );

    for (genvar j = 0; j < K; j++) begin : g_key
      // Round k*c+j+1 of decryption uses rk[Nr-k*c-j-1], column k-1-j; its very last round uses rk[0].
      if (!DECRYPT) begin : g_no_decrypt
        assign decrypt_key[j] = '0;
      end else if (j == K - 1) begin : g_last_column
        assign decrypt_key[j] = last_pass ? first_round_key : store_read_data[0 +: BLOCK_W];
      end else begin : g_column
        assign decrypt_key[j] = store_read_data[(K-1-j)*BLOCK_W +: BLOCK_W];
      end
      // Stored encryption round k*c+j+1 uses rk[k*c+j+1].
      if (STORED_ENC && ENC_NEXT_ROW) begin : g_encrypt_next_row
        assign encrypt_key[j] = last_pass ? last_round_key_q : store_read_data[0 +: BLOCK_W];
      end else if (STORED_ENC) begin : g_encrypt_row
        assign encrypt_key[j] = store_read_data[(j+1-FIRST_KEY)*BLOCK_W +: BLOCK_W];
      end
    end
  end else begin : g_no_stored_keys
    for (genvar j = 0; j < K; j++) begin : g_key
      assign decrypt_key[j] = '0;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // The round datapath. Its input in the cycle a block is taken: the block after AddRoundKey with rk[0]
  // (encryption) or rk[Nr] (decryption).
  logic [BLOCK_W-1:0] whitened_block;
  logic               block_refused, advance;

  assign whitened_block = in_block_i ^ ((DECRYPT && in_decrypt_i) ? last_round_key_q : first_round_key);
  assign block_refused  = !key_valid_q || (in_decrypt_i ? !DECRYPT : !ENCRYPT);
  assign advance        = busy_q && !done;  // a block computes a pass that is not its result

  if (BRAM) begin : g_bram_rounds
    // substituted_q: the S-box RAMs' output registers, SubBytes of the state; they are the state register.
    logic [BLOCK_W-1:0] substituted_q, sbox_address, round_out;
    logic               sbox_enable, sbox_inverse;

    assign sbox_address = block_fire ? whitened_block : round_out;
    assign sbox_enable  = block_fire || advance;
    assign sbox_inverse = DECRYPT && (block_fire ? in_decrypt_i : decrypt_q);

    // Latency 1: the RAMs' address registers (two lanes per RAM), no output register.
    rijndael_sbox #(
      .FORWARD(ENCRYPT), .INVERSE(DECRYPT), .IMPL(rijndael_pkg::SBOX_BRAM), .LANES(4 * MAX_NB), .LATENCY(1)
    ) u_sbox (
      .clk_i    (clk_i),
      .rst_ni   (rst_ni),
      .en_i     (sbox_enable),
      .data_i   (sbox_address),
      .inverse_i(sbox_inverse),
      .data_o   (substituted_q)
    );

    rijndael_round_linear #(
      .MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)
    ) u_round (
      .state_i     (substituted_q),
      .round_key_i (round_key[0]),
      .nb_code_i   (nb_code_q),
      .decrypt_i   (decrypt_q),
      .last_round_i(last_pass),
      .state_o     (round_out)
    );

    assign out_block_o = refused_q ? '0 : round_out;
  end else begin : g_rounds
    // k rounds per clock, chained; only the k-th can be a last round since k divides Nr.
    logic [BLOCK_W-1:0] state_q, state_d;
    logic [BLOCK_W-1:0] round_out [K];

    for (genvar j = 0; j < K; j++) begin : g_round
      localparam bit KTH = j == K - 1;  // only the k-th round of a clock can be the last round
      logic [BLOCK_W-1:0] round_in;  // (a generate-if, not a conditional in the port: see g_key_step)
      if (j == 0) begin : g_first
        assign round_in = block_fire ? whitened_block : state_q;
      end else begin : g_chained
        assign round_in = round_out[j-1];
      end

      rijndael_round #(
        .MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT), .SBOX(SBOX), .TBOX(TBOX)
      ) u_round (
        .state_i     (round_in),
        .round_key_i (round_key[j]),
        .nb_code_i   (nb_code_q),
        .decrypt_i   (round_decrypt),
        .last_round_i(KTH && last_pass),
        .state_o     (round_out[j])
      );
    end

    always_comb begin
      state_d = state_q;
      if (block_fire)   state_d = block_refused ? '0 : round_out[K-1];  // zero data for a refusal
      else if (advance) state_d = round_out[K-1];
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) state_q <= '0;
      else         state_q <= state_d;
    end

    assign out_block_o = state_q;  // zero for refused blocks
  end

  // The expansion state a key beat leaves behind: zero for a refused key, so no block ever runs under
  // a key the user did not intend, and after the lead step when Nb > Nk.
  logic [32*WIN-1:0] key_base_window;
  logic [2:0]        key_base_phase;
  logic [7:0]        key_base_rcon;
  assign key_base_window = !key_supported ? '0 : needs_lead_step ? step_window[0] : key_window;
  assign key_base_phase  = !key_supported ? '0 : needs_lead_step ? step_phase[0] : 3'd0;
  assign key_base_rcon   = !key_supported ? '0 : needs_lead_step ? step_rcon[0] : 8'h01;

  // ---------------------------------------------------------------------------------------------
  // Next-state logic.
  logic key_advance;
  // On-the-fly encryption and the round-key setup consume the key steps' output; these never coincide
  // with a key beat (in_ready_o is low during setup and while a block is still computing).
  assign key_advance = (ON_THE_FLY && (block_fire ? !block_refused && !in_decrypt_i : advance && !decrypt_q)) ||
                       (setup_q && !key_fire);

  always_comb begin
    key_valid_d      = key_valid_q;
    key_error_d      = key_error_q;
    nb_code_d        = nb_code_q;
    nk_code_d        = nk_code_q;
    passes_d         = passes_q;
    pass_d           = pass_q;
    busy_d           = busy_q && !out_fire;
    decrypt_d        = decrypt_q;
    refused_d        = refused_q;
    base_window_d    = base_window_q;
    base_phase_d     = base_phase_q;
    base_rcon_d      = base_rcon_q;
    window_d         = window_q;
    phase_d          = phase_q;
    rcon_d           = rcon_q;
    setup_d          = setup_q;
    wipe_d           = wipe_q;
    setup_index_d    = setup_index_q;
    last_round_key_d = last_round_key_q;

    // The running key window follows the key steps in every cycle that consumed their round keys.
    if (key_advance) begin
      window_d = step_window[K-1];
      phase_d  = step_phase[K-1];
      rcon_d   = step_rcon[K-1];
    end

    if (key_fire) begin
      key_valid_d   = key_supported;
      key_error_d   = !key_supported;
      if (key_supported) begin
        nb_code_d = in_block_len_i;
        nk_code_d = in_key_len_i;
        passes_d  = 4'(key_nr / 4'(K));
      end
      base_window_d = key_base_window;
      base_phase_d  = key_base_phase;
      base_rcon_d   = key_base_rcon;
      window_d      = key_base_window;
      phase_d       = key_base_phase;
      rcon_d        = key_base_rcon;
      if (STORE) begin
        setup_d          = 1'b1;
        wipe_d           = !key_supported;
        setup_index_d    = '0;
        last_round_key_d = '0;
      end
    end else if (block_fire) begin
      busy_d    = 1'b1;
      decrypt_d = in_decrypt_i;
      refused_d = block_refused;
      pass_d    = (block_refused || BRAM) ? 4'd0 : 4'd1;
    end else if (advance) begin
      pass_d = pass_q + 4'd1;
    end else if (setup_q) begin
      setup_index_d = setup_index_q + ROW_W'(1);
      if (!wipe_q) last_round_key_d = stepped_round_key[K-1];  // rk[Nr] after the last setup cycle
      if (wipe_q ? 32'(setup_index_q) == ROWS - 1 : 4'(setup_index_q) + 4'd1 == passes_q) begin
        setup_d = 1'b0;
        wipe_d  = 1'b0;
      end
    end
  end

  // Synchronous active-low reset wipes key material and state; builds with a round-key store then
  // spend one cycle per store row zeroing it (in_ready_o stays low meanwhile).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      key_valid_q      <= 1'b0;
      key_error_q      <= 1'b0;
      nb_code_q        <= '0;
      nk_code_q        <= '0;
      passes_q         <= '0;
      pass_q           <= '0;
      busy_q           <= 1'b0;
      decrypt_q        <= 1'b0;
      refused_q        <= 1'b0;
      base_window_q    <= '0;
      base_phase_q     <= '0;
      base_rcon_q      <= '0;
      window_q         <= '0;
      phase_q          <= '0;
      rcon_q           <= '0;
      setup_q          <= STORE;
      wipe_q           <= STORE;
      setup_index_q    <= '0;
      last_round_key_q <= '0;
    end else begin
      key_valid_q      <= key_valid_d;
      key_error_q      <= key_error_d;
      nb_code_q        <= nb_code_d;
      nk_code_q        <= nk_code_d;
      passes_q         <= passes_d;
      pass_q           <= pass_d;
      busy_q           <= busy_d;
      decrypt_q        <= decrypt_d;
      refused_q        <= refused_d;
      base_window_q    <= base_window_d;
      base_phase_q     <= base_phase_d;
      base_rcon_q      <= base_rcon_d;
      window_q         <= window_d;
      phase_q          <= phase_d;
      rcon_q           <= rcon_d;
      setup_q          <= setup_d;
      wipe_q           <= wipe_d;
      setup_index_q    <= setup_index_d;
      last_round_key_q <= last_round_key_d;
    end
  end
endmodule
