// rijndael_core_iterative: iterative Rijndael/AES core, one round per clock, encryption and decryption.
// Selected by rijndael_core (ARCH = 0), which owns the shared parameter checks and the port contract.
//
// Theory of operation (details in docs/architecture.md, port contract in docs/core-interface.md):
// - Keys and blocks arrive in one valid/ready stream, so a key beat takes effect exactly between the
//   blocks around it. Every block beat yields one output beat, in order; key beats yield none.
// - A block takes Nr clocks: the initial AddRoundKey is folded into round 1, which is computed in the
//   cycle the block is taken, and the next block is taken in the cycle the result leaves.
// - Encryption round keys are expanded on the fly from a copy of the key window kept per key
//   (base_window_q); rijndael_key_step produces the next Nb words each round.
// - Decryption uses the equivalent inverse cipher with stored round keys: after a key beat the same key
//   step runs Nr times and writes round keys 1..Nr-1 to a small RAM and key Nr to a register (a key
//   change costs Nr cycles in builds that decrypt, none in encrypt-only builds). Round key 0 is the
//   first round key of the base window, which encryption needs anyway.
// - Requests the build cannot serve are answered, never dropped: a block before a valid key, or in a
//   direction the build lacks, leaves one cycle later with out_error_o high and zero data; a key beat
//   with an unsupported length raises key_error_o, wipes the key and refuses blocks until a good key.
module rijndael_core_iterative #(
  // Plain integers, so every tool can set them from its command line without width warnings.
  parameter int BLOCK_SIZES    = 'b00001,  // bit i: block of 4+i words supported
  parameter int KEY_SIZES      = 'b10101,  // bit i: key of 4+i words supported (AES: 4, 6, 8)
  parameter int MAX_NB         = 4,        // = 4 + highest bit of BLOCK_SIZES
  parameter int MAX_NK         = 8,        // = 4 + highest bit of KEY_SIZES
  parameter int ENABLE_ENCRYPT = 1,
  parameter int ENABLE_DECRYPT = 1,
  parameter int SBOX           = 0         // S-box mapping, see rijndael_sbox
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
  localparam int BLOCK_W = 32 * MAX_NB;
  localparam int KEY_W   = 32 * MAX_NK;
  localparam int WIN     = rijndael_pkg::key_window_words(BLOCK_MASK, KEY_MASK);
  localparam int NR_MAX  = (MAX_NB > MAX_NK ? MAX_NB : MAX_NK) + 6;
  localparam int IDX_W   = $clog2(NR_MAX);

  // ---------------------------------------------------------------------------------------------
  // Handshakes
  logic in_fire, key_fire, block_fire, out_fire, done, setup_busy;

  logic       key_valid_q, key_valid_d;    // a usable key is loaded
  logic       key_error_q, key_error_d;
  logic [2:0] nb_code_q, nb_code_d, nk_code_q, nk_code_d;
  logic [3:0] nr_q, nr_d;

  logic [BLOCK_W-1:0] state_q, state_d;
  logic [3:0]         round_q, round_d;    // rounds applied to state_q
  logic               busy_q, busy_d;      // a block is in flight or its result is waiting
  logic               decrypt_q, decrypt_d;
  logic               refused_q, refused_d;

  // Key expansion: base_* is the state right after the key (+ lead words), *_q the running copy.
  logic [32*WIN-1:0] base_window_q, base_window_d, window_q, window_d;
  logic [2:0]        base_phase_q, base_phase_d, phase_q, phase_d;
  logic [7:0]        base_rcon_q, base_rcon_d, rcon_q, rcon_d;

  // Decryption round-key setup (and wiping) sequence.
  logic             setup_q, setup_d, wipe_q, wipe_d;
  logic [IDX_W-1:0] setup_index_q, setup_index_d;

  assign in_fire    = in_valid_i && in_ready_o;
  assign key_fire   = in_fire && in_is_key_i;
  assign block_fire = in_fire && !in_is_key_i;
  assign done       = busy_q && (refused_q || round_q == nr_q);
  assign out_fire   = done && out_ready_i;
  assign setup_busy = setup_q;
  assign in_ready_o = !setup_busy && (!busy_q || out_fire);

  assign out_valid_o = done;
  assign out_block_o = state_q;   // zero for refused blocks
  assign out_error_o = refused_q;
  assign key_error_o = key_error_q;

  // ---------------------------------------------------------------------------------------------
  // Key beat decoding: supported sizes and the initial window (key words, newest at the top).
  // (Written without procedural loops: Icarus re-triggers an always_comb on its own loop variables.)
  localparam logic [7:0] BLOCK_MASK8 = {3'b000, BLOCK_MASK};
  localparam logic [7:0] KEY_MASK8   = {3'b000, KEY_MASK};

  logic              key_supported, needs_lead_step;
  logic [32*WIN-1:0] key_window;
  logic [32*WIN-1:0] key_window_by_size [5];

  assign key_supported   = KEY_MASK8[in_key_len_i] && BLOCK_MASK8[in_block_len_i];
  assign needs_lead_step = in_block_len_i > in_key_len_i;  // Nb > Nk: round key 0 reaches past the key

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
  // One key step serves the lead step of a key beat, the first and later rounds of encryption, and
  // the decryption round-key setup; at most one of these happens in a cycle.
  logic [32*WIN-1:0] step_window_in, step_window_out;
  logic [2:0]        step_phase_in, step_phase_out, step_nb_code, step_nk_code;
  logic [7:0]        step_rcon_in, step_rcon_out;

  always_comb begin
    if (key_fire) begin
      step_window_in = key_window;
      step_phase_in  = 3'd0;
      step_rcon_in   = 8'h01;
      step_nb_code   = in_block_len_i;
      step_nk_code   = in_key_len_i;
    end else if (block_fire) begin
      step_window_in = base_window_q;
      step_phase_in  = base_phase_q;
      step_rcon_in   = base_rcon_q;
      step_nb_code   = nb_code_q;
      step_nk_code   = nk_code_q;
    end else begin
      step_window_in = window_q;
      step_phase_in  = phase_q;
      step_rcon_in   = rcon_q;
      step_nb_code   = nb_code_q;
      step_nk_code   = nk_code_q;
    end
  end

  rijndael_key_step #(
    .MAX_NB(MAX_NB), .WIN(WIN), .BLOCK_SIZES(BLOCK_MASK), .KEY_SIZES(KEY_MASK), .SBOX(SBOX)
  ) u_key_step (
    .window_i (step_window_in),
    .nb_code_i(step_nb_code),
    .nk_code_i(step_nk_code),
    .phase_i  (step_phase_in),
    .rcon_i   (step_rcon_in),
    .window_o (step_window_out),
    .phase_o  (step_phase_out),
    .rcon_o   (step_rcon_out)
  );

  // Round key 0 (from the base window) and the round key the key step just produced.
  logic [BLOCK_W-1:0] first_round_key, stepped_round_key;

  rijndael_round_key_select #(
    .MAX_NB(MAX_NB), .WIN(WIN), .BLOCK_SIZES(BLOCK_MASK), .KEY_SIZES(KEY_MASK)
  ) u_first_round_key (
    .window_i(base_window_q), .nb_code_i(nb_code_q), .nk_code_i(nk_code_q), .round_key_o(first_round_key)
  );

  rijndael_round_key_select #(
    .MAX_NB(MAX_NB), .WIN(WIN), .BLOCK_SIZES(BLOCK_MASK), .KEY_SIZES(KEY_MASK)
  ) u_stepped_round_key (
    .window_i(step_window_out), .nb_code_i(nb_code_q), .nk_code_i(nk_code_q), .round_key_o(stepped_round_key)
  );

  // ---------------------------------------------------------------------------------------------
  // Decryption round keys: rk[1..Nr-1] in the store, rk[Nr] in last_round_key_q, rk[0] = first_round_key.
  logic [3:0]         round_number;   // the round computed this cycle, 1..Nr
  logic               block_decrypt;  // direction of the round computed this cycle
  logic [BLOCK_W-1:0] decrypt_round_key, last_round_key_q, last_round_key_d;

  assign round_number  = block_fire ? 4'd1 : round_q + 4'd1;
  assign block_decrypt = block_fire ? in_decrypt_i : decrypt_q;

  if (DECRYPT) begin : g_decrypt_keys
    logic               store_write;
    logic [IDX_W-1:0]   store_write_index, store_read_index;
    logic [BLOCK_W-1:0] store_write_data, store_read_data;

    // Setup step i writes rk[i+1]; wiping writes zeros to every entry.
    assign store_write       = setup_q && (wipe_q || 4'(setup_index_q) + 4'd1 < nr_q);
    assign store_write_index = wipe_q ? setup_index_q : setup_index_q + IDX_W'(1);
    assign store_write_data  = wipe_q ? '0 : stepped_round_key;
    // Decryption round r uses rk[Nr - r]; clamp keeps the index inside the store when it is unused.
    assign store_read_index  = (nr_q > round_number) ? IDX_W'(nr_q - round_number) : '0;

    rijndael_round_key_store #(.WIDTH(BLOCK_W), .ENTRIES(NR_MAX)) u_store (
      .clk_i        (clk_i),
      .write_i      (store_write),
      .write_index_i(store_write_index),
      .write_data_i (store_write_data),
      .read_index_i (store_read_index),
      .read_data_o  (store_read_data)
    );

    assign decrypt_round_key = (round_number == nr_q) ? first_round_key : store_read_data;
  end else begin : g_no_decrypt_keys
    assign decrypt_round_key = '0;
  end

  // ---------------------------------------------------------------------------------------------
  // The round datapath.
  logic [BLOCK_W-1:0] round_in, round_key, round_out;

  assign round_in  = block_fire ? in_block_i ^ (in_decrypt_i ? last_round_key_q : first_round_key) : state_q;
  assign round_key = block_decrypt ? decrypt_round_key : stepped_round_key;

  rijndael_round #(
    .MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT), .SBOX(SBOX)
  ) u_round (
    .state_i     (round_in),
    .round_key_i (round_key),
    .nb_code_i   (nb_code_q),
    .decrypt_i   (block_decrypt),
    .last_round_i(round_number == nr_q),
    .state_o     (round_out)
  );

  // The expansion state a key beat leaves behind: zero for a refused key, so no block ever runs under
  // a key the user did not intend, and after the lead step when Nb > Nk.
  logic [32*WIN-1:0] key_base_window;
  logic [2:0]        key_base_phase;
  logic [7:0]        key_base_rcon;
  assign key_base_window = !key_supported ? '0 : needs_lead_step ? step_window_out : key_window;
  assign key_base_phase  = !key_supported ? '0 : needs_lead_step ? step_phase_out : 3'd0;
  assign key_base_rcon   = !key_supported ? '0 : needs_lead_step ? step_rcon_out : 8'h01;

  // ---------------------------------------------------------------------------------------------
  // Next-state logic.
  logic block_refused, key_advance;
  assign block_refused = !key_valid_q || (in_decrypt_i ? !DECRYPT : !ENCRYPT);
  // Encryption rounds and decryption-key setup consume the key step's output; these never coincide
  // with a key beat (in_ready_o is low during setup and while a block is still computing).
  assign key_advance = (block_fire && !block_refused && !in_decrypt_i) || (busy_q && !done && !decrypt_q) ||
                       (setup_q && !key_fire);

  always_comb begin
    key_valid_d      = key_valid_q;
    key_error_d      = key_error_q;
    nb_code_d        = nb_code_q;
    nk_code_d        = nk_code_q;
    nr_d             = nr_q;
    state_d          = state_q;
    round_d          = round_q;
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

    // The running key window follows the key step in every cycle that consumed its round key.
    if (key_advance) begin
      window_d = step_window_out;
      phase_d  = step_phase_out;
      rcon_d   = step_rcon_out;
    end

    if (key_fire) begin
      key_valid_d   = key_supported;
      key_error_d   = !key_supported;
      if (key_supported) begin
        nb_code_d = in_block_len_i;
        nk_code_d = in_key_len_i;
        nr_d      = rijndael_pkg::num_rounds({1'b0, in_block_len_i} + 4'd4, {1'b0, in_key_len_i} + 4'd4);
      end
      base_window_d = key_base_window;
      base_phase_d  = key_base_phase;
      base_rcon_d   = key_base_rcon;
      window_d      = key_base_window;
      phase_d       = key_base_phase;
      rcon_d        = key_base_rcon;
      if (DECRYPT) begin
        setup_d          = 1'b1;
        wipe_d           = !key_supported;
        setup_index_d    = '0;
        last_round_key_d = '0;
      end
    end else if (block_fire) begin
      busy_d    = 1'b1;
      decrypt_d = in_decrypt_i;
      refused_d = block_refused;
      if (block_refused) begin
        state_d = '0;
        round_d = '0;
      end else begin
        state_d = round_out;
        round_d = 4'd1;
      end
    end else if (busy_q && !done) begin
      state_d = round_out;
      round_d = round_q + 4'd1;
    end else if (setup_q) begin
      setup_index_d = setup_index_q + IDX_W'(1);
      if (!wipe_q && 4'(setup_index_q) + 4'd1 == nr_q) last_round_key_d = stepped_round_key;
      if (wipe_q ? 32'(setup_index_q) == NR_MAX - 1 : 4'(setup_index_q) + 4'd1 == nr_q) begin
        setup_d = 1'b0;
        wipe_d  = 1'b0;
      end
    end
  end

  // Synchronous active-low reset wipes key material and state; builds that decrypt then spend
  // NR_MAX cycles zeroing the round-key store (in_ready_o stays low meanwhile).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      key_valid_q      <= 1'b0;
      key_error_q      <= 1'b0;
      nb_code_q        <= '0;
      nk_code_q        <= '0;
      nr_q             <= '0;
      state_q          <= '0;
      round_q          <= '0;
      busy_q           <= 1'b0;
      decrypt_q        <= 1'b0;
      refused_q        <= 1'b0;
      base_window_q    <= '0;
      base_phase_q     <= '0;
      base_rcon_q      <= '0;
      window_q         <= '0;
      phase_q          <= '0;
      rcon_q           <= '0;
      setup_q          <= DECRYPT;
      wipe_q           <= DECRYPT;
      setup_index_q    <= '0;
      last_round_key_q <= '0;
    end else begin
      key_valid_q      <= key_valid_d;
      key_error_q      <= key_error_d;
      nb_code_q        <= nb_code_d;
      nk_code_q        <= nk_code_d;
      nr_q             <= nr_d;
      state_q          <= state_d;
      round_q          <= round_d;
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
