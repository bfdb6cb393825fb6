// rijndael_key_step: advance the Rijndael key expansion by Nb words (one round key's worth).
//
// The expansion state is a window of the most recent WIN words (word WIN-1 the newest, word i at bits
// [32*i +: 32]), the phase (index of the next word mod Nk) and the round constant of the next word whose
// phase is 0. Each new word is w[i] = w[i-Nk] ^ g(w[i-1]) with g = SubWord(RotWord()) ^ Rcon at phase 0,
// SubWord() at phase 4 when Nk > 6, identity otherwise. Producing Nb words per step keeps pace with one
// round per clock whatever Nb and Nk are (seed 002 does it with 0/1/2 key iterations per clock; producing
// words instead of whole iterations makes the window and the round key line up for every size pair).
// Rcon runs on past 0x36 as powers of x, which large blocks with short keys need.
module rijndael_key_step #(
  parameter int         MAX_NB      = 4,
  parameter int         WIN         = 8,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter logic [4:0] KEY_SIZES   = 5'b10101,
  parameter int         SBOX        = 0  // S-box mapping, see rijndael_sbox
) (
  input  logic [32*WIN-1:0] window_i,
  input  logic [2:0]        nb_code_i,
  input  logic [2:0]        nk_code_i,
  input  logic [2:0]        phase_i,
  input  logic [7:0]        rcon_i,
  output logic [32*WIN-1:0] window_o,
  output logic [2:0]        phase_o,
  output logic [7:0]        rcon_o
);
  logic [3:0] nk;
  assign nk = {1'b0, nk_code_i} + 4'd4;

  // New words of this step; word t depends on word t-1, hence the split for Verilator's scheduler.
  logic [31:0] fresh [MAX_NB] /* verilator split_var */;
  logic [7:0] rcon_point;  // word t has phase 0 (takes a round constant); 0 past MAX_NB

  for (genvar t = 0; t < MAX_NB; t++) begin : g_word
    logic [31:0] prev, back, substituted, mixed;
    logic [2:0]  phase;
    logic [7:0]  rcon;

    assign prev = (t == 0) ? window_i[32*(WIN-1) +: 32] : fresh[(t == 0) ? 0 : t - 1];

    // w[i-Nk]: still in the window for t < Nk, else produced earlier in this step.
    logic [31:0] back_by_size [8];  // [Nk - 4]
    for (genvar k = 0; k < 8; k++) begin : g_back
      if (k >= 5 || !KEY_SIZES[k]) begin : g_invalid
        assign back_by_size[k] = 32'h0;
      end else if (t < 4 + k) begin : g_window
        assign back_by_size[k] = window_i[32*(WIN-4-k+t) +: 32];
      end else begin : g_fresh
        assign back_by_size[k] = fresh[t-4-k];
      end
    end
    assign back = back_by_size[nk_code_i];

    // Phase of this word: (phase_i + t) mod Nk.
    assign phase = rijndael_pkg::wrap_phase({2'b0, phase_i} + 5'(t), nk);
    assign rcon_point[t] = (phase == 3'd0);

    // The second round-constant word of a step (possible when Nb > Nk) takes the next power of x.
    if (t == 0) begin : g_first
      assign rcon = rcon_i;
    end else begin : g_later
      assign rcon = |rcon_point[(t == 0 ? 0 : t - 1):0] ? rijndael_pkg::xtime(rcon_i) : rcon_i;
    end

    if (rijndael_pkg::key_sbox_needed(BLOCK_SIZES, KEY_SIZES, t)) begin : g_subword
      rijndael_sbox #(.FORWARD(1'b1), .INVERSE(1'b0), .IMPL(SBOX), .LANES(4)) u_sbox (
        .clk_i(1'b0), .rst_ni(1'b1), .en_i(1'b0),  // combinational (LATENCY 0)
        .data_i(prev), .inverse_i(1'b0), .data_o(substituted)
      );
    end else begin : g_no_subword
      assign substituted = '0;  // this position never needs SubWord for the supported sizes
    end

    always_comb begin
      if (phase == 3'd0)                    mixed = {substituted[23:0], substituted[31:24]} ^ {rcon, 24'h0};
      else if (nk > 4'd6 && phase == 3'd4)  mixed = substituted;
      else                                  mixed = prev;
    end

    assign fresh[t] = back ^ mixed;
  end

  // Slide the window by Nb words and advance phase and round constant. A packed copy of the new
  // words is read here so the scheduler can keep splitting `fresh` (indexed statically above).
  logic [32*MAX_NB-1:0] fresh_words;
  for (genvar t = 0; t < MAX_NB; t++) begin : g_fresh_words
    assign fresh_words[32*t +: 32] = fresh[t];
  end

  if (MAX_NB < 8) begin : g_rcon_point_pad
    assign rcon_point[7:MAX_NB] = '0;
  end

  // One result per block length, chosen by indexing (no procedural loops: Icarus re-triggers
  // always_comb on its loop variables).
  logic [32*WIN-1:0] window_by_size [8];  // [Nb - 4]
  logic [2:0]        phase_by_size [8];
  logic [1:0]        rcon_steps_by_size [8];
  logic [1:0]        rcon_steps;  // round-constant words in this step: 0, 1 or 2

  for (genvar b = 0; b < 8; b++) begin : g_by_size
    if (b < 5 && BLOCK_SIZES[b] && 4 + b <= MAX_NB) begin : g_on
      for (genvar w = 0; w < WIN; w++) begin : g_word
        if (w >= WIN - 4 - b) begin : g_fresh
          assign window_by_size[b][32*w +: 32] = fresh_words[32*(w-(WIN-4-b)) +: 32];
        end else begin : g_kept
          assign window_by_size[b][32*w +: 32] = window_i[32*(w+4+b) +: 32];
        end
      end
      assign phase_by_size[b]      = rijndael_pkg::wrap_phase({2'b0, phase_i} + 5'(4 + b), nk);
      assign rcon_steps_by_size[b] = rijndael_pkg::count_rcon_points(rcon_point, 4 + b);
    end else begin : g_off
      assign window_by_size[b]     = window_i;
      assign phase_by_size[b]      = phase_i;
      assign rcon_steps_by_size[b] = 2'd0;
    end
  end

  assign window_o   = window_by_size[nb_code_i];
  assign phase_o    = phase_by_size[nb_code_i];
  assign rcon_steps = rcon_steps_by_size[nb_code_i];

  // Continuous assignments, not an always_comb: Icarus 11 never settles an always_comb that calls a
  // package function when two key steps are chained (unrolled builds).
  logic [7:0] rcon_times_x, rcon_times_x2;
  assign rcon_times_x  = rijndael_pkg::xtime(rcon_i);
  assign rcon_times_x2 = rijndael_pkg::xtime(rcon_times_x);
  assign rcon_o = rcon_steps == 2'd0 ? rcon_i : rcon_steps == 2'd1 ? rcon_times_x : rcon_times_x2;
endmodule
