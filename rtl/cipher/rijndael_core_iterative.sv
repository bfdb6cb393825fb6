// rijndael_core_iterative: iterative Rijndael/AES core, encryption and decryption, every block/key size
// pair of its masks at run time, with ROUNDS_PER_CYCLE = k round units in a loop (k = 1: `iterative`,
// k > 1: the unrolled builds). Selected by rijndael_core (ARCH = 0), which owns the shared parameter checks
// and the port contract (docs/core-interface.md).
//
// Theory of operation (docs/architecture.md):
// - A round takes two clocks, because a register sits inside it: LUT and composite S-boxes are registered
//   (rijndael_sbox LATENCY 1; for case ROMs the register sits inside the table) after the state register
//   state_q; block-RAM S-boxes (LATENCY 2) use the RAM's address register as the state register and its
//   output register after the lookup; T-box builds (TBOX = 1) look up Te0/Td0 in block RAM the same way
//   (tbox_bram: one DP16KD per byte, both directions in it, its two ports reading the two halves of the
//   32-bit entry; the XOR of four rotated words after it, then the next round's ShiftRows, seed 001's
//   mapping), so no 8x32 table is built from LUTs. A round unit therefore has two stages ("S": its state is
//   in front of the S-boxes; "L": its SubBytes is in the S-box register and the linear layer and
//   AddRoundKey run on it this clock) and holds two blocks, one in each. T-box builds have a third stage
//   ("C", THIRD): the XOR of the four looked-up words of each column is registered after L, and the next
//   round's ShiftRows and key run on that register, so a T-box round takes three clocks and a unit holds
//   three blocks; the stage a block goes on from to the next unit is the "exit" stage (e_*: L, or C). A middle round and a last round
//   leave stage L on separate outputs (rijndael_round_linear's state_o and last_o): only the output FIFO
//   takes a last round, so no last-round choice sits in the round's path.
// - Block-RAM and T-box builds keep the RAM-to-RAM path free of choices: the direction and block-length
//   flags come from a register copy per column, and a new block is taken a clock before it enters stage
//   S0 and waits in unit k-1's round-key register (T-boxes: ShiftRows of it, as the register holds
//   ShiftRows of the round key), which is added to that unit's round output while its masked round has no
//   block going on; a last round's key is added at the output FIFO instead. Their latency is therefore a
//   clock longer (2*Nr + 3; T-boxes 3*Nr + 2, a last round leaving from stage L), their throughput the same
//   (with three blocks available in T-box builds). `iterative-bram` (ENTRY_DIRECT: the mixing table, one
//   round unit, the store in block RAM) takes a block straight into the RAMs' address registers instead,
//   through a slice multiplexer behind the round's key LUT whose other input whitens the port's block, and
//   its result falls through the empty output row in its last round's clock: 2*Nr from handshake to result
//   handshake, the lone stream of a feedback mode at one block per 2*Nr clocks (see dir_ok for the one
//   condition: a block in the direction other than the last one offered waits two clocks).
// - Unrolling (k = ROUNDS_PER_CYCLE > 1, which divides Nr of every supported size pair): k round units in a
//   loop, S0 -> L0 -> S1 -> L1 -> ... -> L(k-1) -> S0. A block enters at S0 and does round j in unit
//   (j - 1) mod k, so its last round is always in unit k-1, where results leave; 2k blocks are in flight
//   (T-boxes 3k).
//   Every unit is the same two-stage round with its own S-boxes, linear layer, round-key register and read
//   port of the round-key store, so the clock does not depend on k (seed 000 unrolls the rounds
//   combinationally with one block in flight: its clock falls with k, here the blocks in flight grow with
//   it, the loop-pipelining of seed 003). With 2k (T-boxes 3k) blocks available (ECB, CTR, CBC/CFB decryption, several
//   contexts) a block leaves every Nr/k clocks on average; a lone block (a feedback mode's stream) takes
//   2*Nr + 2 clocks (block RAM 2*Nr + 3, `iterative-bram` 2*Nr, T-boxes 3*Nr + 2) from handshake to result
//   handshake for every k (the result is registered once before the output FIFO, see there).
// - The key schedule is off the round path. After each key beat the round keys rk[0..Nr] are expanded
//   one 32-bit word per clock (w[i] = w[i-Nk] ^ g(w[i-1]), phase as a one-hot register, (Nb, Nk) decoded
//   once at the key beat, the key's words copied into the window by the first Nk steps, SubWord from a
//   registered S-box addressed a clock ahead: in key-first builds that encrypt, unit 0's data S-boxes,
//   in `iterative-bram` the round's own RAMs, both idle while keys are expanded) into a round-key store
//   (LUT RAM, one column RAM per word and unit, all written alike; block RAM in T-box builds, see
//   KEY_RAM, and in `iterative-bram`, see STORE_BRAM); rk[0] and rk[Nr] are also kept in
//   registers for the whitening of a block as it is taken. Each unit reads its copy of the store with the
//   row of the round its S stage does next into its round_key_q. A key change therefore costs
//   Nb*(Nr+1) + 3 clocks plus two per SubWord word (67 for AES-128; three per SubWord word where the
//   S-box is a RAM with a register after it, see the key S-box; `iterative-bram` looks SubWord up in the
//   round's RAMs in two and waits a clock more for its whitening key registers: 68) and waits until no block
//   is in flight; results already computed may still wait at the output.
// - Decryption follows the equivalent inverse cipher, reading rk[Nr-1] .. rk[0]; its middle rounds add
//   InvMixColumns(rk), which the store holds beside each key word (STORE_BRAM: in a second half of its
//   rows), after the mixing (rijndael_round_linear, rijndael_round_mix_table).
// - Results go through a small output FIFO; a block is taken only when it will find room there
//   (occupancy counted from registers), so the rounds never stall and out_ready_i reaches no datapath
//   select. in_ready_o is a choice by in_is_key_i between two flops that hold next clock's answer.
// - Requests the build cannot serve are answered, never dropped, in order, with out_error_o high and zero
//   data: a block before a valid key leaves after one pass through the k units (out_valid_o 2k clocks after
//   it is taken, 2k + 1 in block-RAM builds, 3k in T-box builds; `iterative-bram`: as it passes stage L, the clock after the handshake), a block in a direction the build lacks runs the Nr rounds like any other; a key beat with
//   an unsupported length raises key_error_o, wipes the key (the store is zeroed, one row per clock) and
//   blocks are refused until a good key. Reset zeroes every register and then the store.
`include "rijndael_core_params.svh"

// Parameters: the core's list (rtl/pkg/rijndael_core_params.svh). Read here: the size masks, MAX_NB/MAX_NK,
// the directions, ROUNDS_PER_CYCLE (k round units: divides Nr of every supported size pair), SBOX and TBOX (1:
// T-box rounds). ENC_KEYS is not read: every build stores its round keys. ARCH, FOLDED_WIDTH, SUBSTAGES and
// KEY_SLOTS belong to other architectures (rijndael_core refuses them here).
module rijndael_core_iterative #(
  `RIJNDAEL_CORE_PARAMS
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
  localparam bit ENCRYPT  = ENABLE_ENCRYPT != 0;
  localparam bit DECRYPT  = ENABLE_DECRYPT != 0;
  localparam bit BRAM     = SBOX == rijndael_pkg::SBOX_BRAM;
  // Block RAM with 128-bit blocks only: the mixing table (sbox_mix_bram, two bytes per lookup) and its
  // two-level linear layer (rijndael_round_mix_table) instead of one byte per lookup and the five-level
  // rijndael_round_linear: the RAM-to-RAM path of `iterative-bram` (tools/gen_mix_table.py says why). A
  // decrypting block is then held with its columns reflected (see round_key_d), which the table round needs.
  localparam bit MIX_TABLE = BRAM && TBOX == 0 && BLOCK_SIZES == 1 && MAX_NB == 4;
  // The key schedule's S-box (one word) follows SBOX in every build; in a T-box build (whose rounds look up
  // T-box RAMs) SBOX picks nothing else, so `tbox` sets it to block RAM for SubWord.
  localparam int KEY_SBOX = SBOX;
  // LUT and composite S-boxes: AddRoundKey sits in front of the S-boxes (see g_state), not after the
  // linear layer; block RAM and T-boxes add the key after the lookup, on the RAM's output side.
  localparam bit KEY_FIRST = !BRAM && TBOX == 0;
  // Key first with case-ROM S-boxes: (Inv)ShiftRows sits in front of the S-box register (see g_state).
  // The composite S-box registers after its whole circuit, so a shift in front would lengthen stage S
  // (its direction choice in front of the GF(2^4) network: 76.47 -> 68.34 MHz); it shifts after instead.
  localparam bit SHIFT_FIRST = KEY_FIRST && SBOX == rijndael_pkg::SBOX_LUT;
  localparam int BLOCK_W  = 32 * MAX_NB;
  localparam int KEY_W    = 32 * MAX_NK;
  localparam int NR_MAX   = (MAX_NB > MAX_NK ? MAX_NB : MAX_NK) + 6;
  localparam int ROWS     = NR_MAX + 1;  // round keys rk[0 .. Nr]
  localparam int ROW_W    = $clog2(ROWS);
  localparam int K        = ROUNDS_PER_CYCLE < 1 ? 1 : ROUNDS_PER_CYCLE;  // round units (< 1 is refused below)
  // T-box builds register the XOR of the four looked-up words (stage C, after S and L): a round takes
  // three clocks, the RAM's output register -> the combine -> a register -> (Inv)ShiftRows and the key ->
  // the next RAM address, so no LUT level and no cross-die route sits between two RAMs twice in one clock
  // (the two-stage round, RAM -> combine -> shift/key -> RAM, was `tbox`'s limit near 150 MHz). Three
  // blocks are in flight per round unit.
  localparam bit THIRD  = TBOX != 0;
  localparam int STAGES = THIRD ? 3 : 2;
  // Blocks in flight (2k; T-boxes 3k) plus results not yet handed over: the output FIFO's room, and the FIFO's
  // memory that rounded up to a power of two (see u_out_fifo). A result leaves 2*Nr + 2 clocks after its block
  // was taken and the block 2k behind it is taken 2*Nr clocks after it, so with k > 1 two results are still
  // counted when the third block of the second round trip is taken: 2k + 3 keeps blocks back to back (k = 1:
  // 4). With three stages a result leaves 3*Nr + 2 clocks after its block was taken, so at k = 1 three are
  // still counted when the third block of the second trip is taken: 6.
  localparam int OUT_CAP   = STAGES * K + (K > 1 ? 3 : STAGES);
  localparam int OUT_DEPTH = 1 << $clog2(OUT_CAP);
  localparam int OCC_W     = $clog2(OUT_CAP + 1);
  // Block-RAM and T-box rounds take a new block a clock early, into a register on the round-key side of
  // the RAM-to-RAM path (see slot_free_next), except the mixing-table builds with one round unit
  // (ENTRY_DIRECT, `iterative-bram`: STORE_BRAM below): there the block taken goes into the RAMs' address
  // registers at the handshake's own edge, through the round's last choice (rijndael_round_mix_table's
  // ENTRY: the slice multiplexer behind the round's key LUT, whose other input whitens the port's block),
  // and the round adds its key straight from the store RAMs' output registers.
  localparam bit ENTRY_DIRECT = MIX_TABLE && K == 1;
  localparam bit ENTRY_EARLY  = (TBOX != 0 || (SBOX == rijndael_pkg::SBOX_BRAM)) && !ENTRY_DIRECT;

  // k must divide Nr = max(Nb, Nk) + 6 of every supported pair, so that every block's last round is in
  // unit k-1 (results leave from there only).
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

  // -------------------------------------------------------------------------------------------
  // Handshake. Blocks are taken when stage S0 will be free (stage L of the last unit is empty or holds a
  // block in its last round) and the output has room; key beats when no block is in flight.
  logic key_fire, block_fire, out_fire, out_valid;
  logic [BLOCK_W:0] out_data;                 // the output FIFO's head: {error, block}
  logic setup_q, wipe_q;                      // round-key expansion (or wiping) runs
  logic [K-1:0] s_valid, s_last, l_valid, l_last;  // per unit: its stages' flags (registers, see g_unit)
  logic [K-1:0] e_valid, e_last;                   // per unit: the exit stage's (L, or C in T-box builds)
  logic [K-1:0] s_valid_next, s_last_next;         // per unit: stage S's flags next clock
  logic [OCC_W-1:0] occupancy_q;              // blocks taken whose result has not left yet
  logic out_wiping;                           // the output FIFO's wipe after reset (see u_out_fifo)

  // Block-RAM and T-box builds (ENTRY_EARLY) take a block a clock before it enters stage S0: it waits in
  // unit k-1's round-key register (see round_key_d), which is XORed into that unit's round output, whose
  // round is masked off when no block goes on there, so the
  // choice between a new block and a block's next round is not a LUT level of the RAM-to-RAM path. Such
  // a block is taken when the block now in stage S of unit k-1 will not go on after its round in stage L
  // next clock (empty or last round).
  //
  // in_ready_o is a choice by in_is_key_i between two flops, each holding next clock's answer computed
  // from the next state (stage L of a unit next clock is its stage S now): with in_ready_o a function of
  // the stage flags, the output FIFO's wipe flag and the occupancy count, the path from those flops
  // through the pin wrapper's handshake into the key beat's load enables was `tbox`'s (7.5 ns, 6.0 ns of
  // routing). The output FIFO's wipe (after reset only) is taken a clock late, which only delays the
  // first key beat after a reset.
  // The handshake, the key beat's size check and its decode are rijndael_core_front's (shared by every
  // architecture but the pipelined one): this core carries refused blocks through its rounds
  // (REFUSE_HERE = 0) and takes the beat through the front's beat register (BEAT_REG, see the key beat).
  logic setup_d, slot_free_next, busy_d, block_ready_next, key_ready_next;
  logic wipe_draining;  // the store's last wipe writes are still in its write registers (g_wipe_drain)
  logic [OCC_W-1:0] occupancy_d;
  logic port_supported, block_refused, key_valid_q, key_error_q, beat_q, beat_supported;
  logic [2:0] nb_code_q, key_len_q, block_len_q;
  logic [3:0] nr_q;
  // T-boxes (THIRD): the block enters through unit k-1's stage C, which the block now in stage S (in L next
  // clock) would occupy two clocks from now if it went on.
  assign slot_free_next   = THIRD ? !s_valid[K-1] || s_last[K-1] :
                            ENTRY_EARLY ? !s_valid_next[K-1] || s_last_next[K-1] : !s_valid[K-1] || s_last[K-1];
  assign block_ready_next = !busy_d && !out_wiping && slot_free_next && occupancy_d < OCC_W'(OUT_CAP);
  assign key_ready_next   = !busy_d && !out_wiping && !(|s_valid_next) && !(|s_valid) && !(THIRD && |l_valid) &&
                            !(ENTRY_EARLY && block_fire);

  logic unused_front;  // codes this core decodes itself (nk from the beat register), the front's refusal beats
  logic [2:0] unused_nk_code;
  logic [3:0] unused_key_nr;
  logic       unused_key_open, unused_core_ready, unused_out_zero;
  logic unused_slot_ok;  // one key slot: every slot number names it
  // ENTRY_DIRECT with both directions: a block's first round key is read from the store a clock before the block
  // can be taken, for the direction the port offered last (spec_dec_q: the direction of blocks, which rarely
  // changes), and a block is taken only in that direction (read_dec: the direction of the read now arriving):
  // a block in the other direction waits two clocks while the read follows it (in_ready_o then depends on
  // in_decrypt_i, as it depends on in_is_key_i; AXI4-Stream allows a ready that depends on the data offered).
  // The key therefore reaches the round from a register (round_key_q), not from the store RAMs' output.
  localparam bit DIR_SPEC = ENTRY_DIRECT && ENCRYPT && DECRYPT;
  logic       port_dec, dir_ok, front_ready, spec_dec_q;
  logic [4:0] read_dec;  // per column (0..3) and for the control (4): spec_dec_q a clock ago
  assign port_dec = DECRYPT && (in_decrypt_i || !ENCRYPT);
  if (ENTRY_DIRECT) begin : g_spec_dec
    always_ff @(posedge clk_i) begin
      if (!rst_ni)                          spec_dec_q <= !ENCRYPT;
      else if (in_valid_i && !in_is_key_i)  spec_dec_q <= port_dec;
    end
    rijndael_reg_copies #(.COPIES(5)) u_read_dec (
      .clk_i(clk_i), .rst_ni(rst_ni), .d_i(spec_dec_q), .q_o(read_dec)
    );
  end else begin : g_no_spec_dec
    assign spec_dec_q = 1'b0;
    assign read_dec   = '0;
    logic unused_spec;  // (the other builds take a block in either direction)
    assign unused_spec = ^{spec_dec_q, read_dec};
  end
  assign dir_ok     = !DIR_SPEC || in_is_key_i || port_dec == read_dec[4];
  assign in_ready_o = front_ready && dir_ok;
  rijndael_core_front #(
    .BLOCK_SIZES(BLOCK_SIZES), .KEY_SIZES(KEY_SIZES), .ENABLE_ENCRYPT(ENABLE_ENCRYPT),
    .ENABLE_DECRYPT(ENABLE_DECRYPT), .REFUSE_HERE(1'b0), .BEAT_REG(1'b1)
  ) u_front (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .in_valid_i        (in_valid_i && dir_ok),
    .in_ready_o        (front_ready),
    .in_is_key_i       (in_is_key_i),
    .in_key_len_i      (in_key_len_i),
    .in_block_len_i    (in_block_len_i),
    .in_decrypt_i      (in_decrypt_i),
    .in_slot_i         (1'b0),
    .block_ready_next_i(block_ready_next),
    .key_ready_next_i  (key_ready_next),
    .empty_next_i      (1'b0),
    .key_hold_i        (1'b0),
    .key_open_o        (unused_key_open),
    .key_supported_o   (port_supported),
    .slot_ok_o         (unused_slot_ok),
    .block_refused_o   (block_refused),
    .key_fire_o        (key_fire),
    .block_fire_o      (block_fire),
    .key_nr_o          (unused_key_nr),
    .key_valid_o       (key_valid_q),
    .nk_code_o         (unused_nk_code),
    .nb_code_o         (nb_code_q),
    .nr_o              (nr_q),
    .beat_o            (beat_q),
    .beat_supported_o  (beat_supported),
    .beat_key_len_o    (key_len_q),
    .beat_block_len_o  (block_len_q),
    .core_valid_i      (out_valid),
    .core_ready_o      (unused_core_ready),
    .core_error_i      (out_data[BLOCK_W]),
    .out_valid_o       (out_valid_o),
    .out_ready_i       (out_ready_i),
    .out_error_o       (out_error_o),
    .out_zero_o        (unused_out_zero),
    .key_error_o       (key_error_q)
  );
  assign unused_front = ^{unused_nk_code, unused_key_nr, unused_key_open, unused_core_ready, unused_out_zero};

  // -------------------------------------------------------------------------------------------
  // Key beat. Its key goes into a register (key_q) every clock while no expansion runs, its lengths into
  // the front's beat register, and the beat is decoded from there a clock later (beat_q): the handshake
  // reaches only
  // key_valid_q / key_error_q (which the next clock's blocks and key_error_o need at once), beat_q and the
  // two ready flops. Decoded at the handshake, the sizes' load enables were `tbox`'s path (the pin
  // wrapper's beat flop -> in_ready_o's choice -> key_fire -> the size registers, 6.9 ns), and the window
  // following the port's size decode was `iterative`'s and `unrolled2`'s (the pin wrapper's length flop ->
  // the decode -> 256 window bits). Cost: the expansion starts a clock later (one clock more per key
  // change). key_q holds the beat's key through its expansion (its load enable is two flops, setup_q and
  // beat_q, never the handshake), whose first Nk steps copy its words into the window one per clock (see
  // the window); it is wiped with the other key words (key_clear_q).
  logic              key_supported;
  logic [KEY_W-1:0]  key_q;
  logic              key_clear_q;  // see the window
  logic              unused_port_supported;  // the key's size is taken from the beat register (beat_q)
  assign unused_port_supported = port_supported;
  always_ff @(posedge clk_i) begin
    if (key_clear_q)             key_q <= '0;
    else if (!setup_q && !beat_q) key_q <= in_key_i;
  end

  logic [MAX_NB-1:0] key_nb_last, key_col_used;  // one-hot bit Nb-1; columns below Nb
  logic [MAX_NK-1:0] key_nk_last;                // one-hot bit Nk-1

  assign key_supported = beat_supported;

  for (genvar c = 0; c < MAX_NB; c++) begin : g_key_nb
    if (c >= 3) begin : g_size
      assign key_nb_last[c] = block_len_q == 3'(c - 3);
    end else begin : g_small
      assign key_nb_last[c] = 1'b0;
    end
  end
  for (genvar c = 0; c < MAX_NB; c++) begin : g_key_col
    if (c >= 4) begin : g_size
      assign key_col_used[c] = 3'(c - 4) < block_len_q;
    end else begin : g_always
      assign key_col_used[c] = 1'b1;
    end
  end
  for (genvar n = 0; n < MAX_NK; n++) begin : g_key_nk
    if (n >= 3) begin : g_size
      assign key_nk_last[n] = key_len_q == 3'(n - 3);
    end else begin : g_small
      assign key_nk_last[n] = 1'b0;
    end
  end

  logic [2:0]        nb_code;
  logic [MAX_NB-1:0] nb_last_q, col_used_q;
  logic [MAX_NK-1:0] nk_last_q;
  logic              long_key_q;  // Nk > 6: SubWord also at phase 4

  // With one block length (every AES build) the block-length code is a constant, so the ShiftRows choice
  // and the column masks fold away in synthesis; read from the register, they were decoded at run time
  // in stage L (`iterative`, seed 1: nb_code_q -> ShiftRows choice -> MixColumns -> state choice).
  localparam bit ONE_NB = (BLOCK_MASK & (BLOCK_MASK - 5'd1)) == 5'd0;
  assign nb_code = ONE_NB ? 3'(MAX_NB - 4) : nb_code_q;

  // -------------------------------------------------------------------------------------------
  // Round-key expansion, one word per clock. window_q holds w[i-MAX_NK .. i-1] (newest at the top);
  // the first Nk clocks copy the key words out (from key word j at window word j to w[0 .. Nk-1] at the
  // top), then each clock makes w[i]. Word i goes to row i / Nb, column i mod Nb of the store.
  logic [KEY_W-1:0]  window_q;
  logic [MAX_NK-1:0] phase_q;      // one-hot: i mod Nk
  logic              copying_q;    // i < Nk
  // Which word the fresh word adds to the oldest one (one-hot, all low while the key is copied): decided
  // at the step before, so fresh is an AND-XOR of its sources (the phase decode in front of it was the
  // seed-1 path of `iterative`: phase_q -> fresh -> the key S-box's address).
  logic              add_rot_q, add_sub_q, add_newest_q;
  logic [7:0]        rcon_q;
  logic [ROW_W-1:0]  row_q;
  logic [MAX_NB-1:0] col_q;        // one-hot: i mod Nb

  logic [31:0] newest, oldest_q, substituted, mixed, fresh;
  // w[i-Nk], the word the fresh word adds to, in a register of its own: chosen by key length from the
  // window (an AND-OR over the supported lengths) in front of that register, for the next step, not in
  // the fresh word's clock (`tbox`: nk_last_q -> the oldest word -> fresh -> the end-key registers, 7.7 ns).
  // The copy phase needs no length: the window is loaded with key word j at word j, so the oldest word is
  // word 0 at the beat and word 1 before each copy step but the last (the window moves down a word per
  // step); after the last copy step the words sit where the expansion keeps them (w[0 .. Nk-1] at the
  // top) and the oldest word is chosen by length.
  logic [31:0] oldest_after_step;
  logic [31:0] after_step_by_size [5];  // AND-OR over the supported key lengths
  // The next step copies a key word and is not the last copy step: a register decided with the step before
  // (from the phase's next value), so the oldest word's choice reads one flop, not the phase and the key
  // length in the step's own clock.
  logic        copy_next_q;
  logic        phase_wrap, col_wrap, last_row;

  assign newest = window_q[KEY_W-32 +: 32];
  for (genvar k = 0; k < 5; k++) begin : g_oldest
    if (KEY_MASK[k] && 4 + k <= MAX_NK) begin : g_on
      // The window moves down a word per step, so the oldest word after a step is the one above it now.
      assign after_step_by_size[k] = nk_last_q[3+k] ? window_q[32*(MAX_NK-3-k) +: 32] : 32'h0;
    end else begin : g_off
      assign after_step_by_size[k] = 32'h0;
    end
  end
  logic unused_window_bottom;  // word 0: read into oldest_q from the key register at the beat, else never
  assign unused_window_bottom = ^window_q[31:0];
  assign oldest_after_step = after_step_by_size[0] | after_step_by_size[1] | after_step_by_size[2] |
                             after_step_by_size[3] | after_step_by_size[4];

  // SubWord of the newest word, registered twice (KEY_LATENCY 2): the S-box is addressed with the newest
  // word, a register, so its output is SubWord(newest) two clocks after the window last moved, and a word
  // that needs SubWord waits two clocks after the window moved (settled_q, then still_q). Addressed with
  // the word that would be the newest after the edge (the fresh word on a step), as before, the whole
  // fresh-word logic ran into the S-box in one clock, across the die: the path of all three seeds of
  // `iterative` once the round and the store write were off it (nk_last_q / phase_q -> oldest word ->
  // fresh -> key S-box, 11.3-11.4 ns). Block-RAM builds: a RAM pair with its output register on (without
  // it the RAM's 5.6 ns clock-to-output limited the key loop to 79 MHz). LUT and composite builds (and the
  // T-box builds' LUT key S-box): the split case ROMs' inner register plus one after them; with one
  // register the whole table sat in the loop window -> fresh word -> S-box -> window, which limited `tbox`
  // (11.9 ns, 3 seeds at 82.8 MHz). The key beat does not address the S-box: the first Nk clocks after it
  // copy the key words through the window (fresh = oldest), and the last copy step addresses it with word
  // Nk - 1, which the first SubWord needs. (With key_fire in the choice, the handshake ran into the S-box
  // address: the path of record of `iterative-bram`, 12.5 ns.) Cost: two clocks per SubWord word in the
  // key change (AES-128: 47 + 20 = 67 clocks with the key beat and end-key registers; one per word before).
  // T-box builds add a fabric register after the key S-box RAM's output register (KEY_LATENCY 3): the RAMs
  // sit in rows across the die, and the RAM output -> the fresh word -> the window's newest word (the next
  // address) in one clock was `tbox`'s path on two seeds (the RAM's route alone 2.1 ns, 6.7-7.0 ns in all).
  // Cost: one more clock per SubWord word in the key change; the other block-RAM builds, whose paths are
  // elsewhere, do without it.
  localparam bit KEY_SUB_REG = TBOX != 0 && KEY_SBOX == rijndael_pkg::SBOX_BRAM;
  // Block-RAM AES builds with one round unit (`iterative-bram`, MIX_TABLE): the round-key store sits in
  // block RAM (STORE_BRAM, see the store) and, where the RAMs hold forward tables, SubWord is looked up in
  // the round's own RAMs (ROUND_SUB): no block is in a round while keys are expanded, so the round key
  // register carries the newest word into lanes 0..3 (the masked round adds it to nothing, as it does a
  // new block), and their table words' first bytes, S(x), are SubWord(newest) three edges later (the key
  // register, the RAMs' address and output registers: KEY_LATENCY 3). The key schedule then has no RAM
  // of its own, and the four store RAMs take the two key S-box RAMs' place (12 DP16KD in all). Cost: one
  // clock more per SubWord word in a key change.
  // With ENTRY_DIRECT the newest word goes into the RAMs' address registers through the entry's choice (see
  // entry_block), no key register in front: SubWord(newest) two edges later (KEY_LATENCY 2).
  localparam bit STORE_BRAM  = MIX_TABLE && K == 1;
  localparam bit ROUND_SUB   = STORE_BRAM && ENCRYPT;
  localparam int KEY_LATENCY = (KEY_SUB_REG || (ROUND_SUB && !ENTRY_DIRECT)) ? 3 : 2;
  logic                   key_step, needs_sub;
  logic [KEY_LATENCY-1:0] still_q;  // bit i: the window has kept still for the last i + 1 clocks
  assign needs_sub   = add_rot_q || add_sub_q;
  assign key_step    = setup_q && !wipe_q && !(needs_sub && !still_q[KEY_LATENCY-1]);

  // Key-first builds that encrypt (case-ROM and composite S-boxes) borrow unit 0's data S-boxes for
  // SubWord: no block is in a round unit while the round keys are expanded (a key beat waits for an empty
  // core, blocks wait for the expansion), so lanes 0..3 (the block's first column) take the newest word
  // while setup_q is high (g_unit[0].g_state) and their output, one register later, is SubWord(newest)
  // with the same two registers as a key S-box of its own. That saves the four key lanes (~640 LUT4 of
  // split case ROMs); the choice in front of the four lanes merges with their AddRoundKey LUT.
  // Block-RAM data S-boxes are addressed from the state register itself, T-box builds have none, and
  // decrypt-only builds have no forward tables: those keep a key S-box of their own.
  localparam bit SHARE_SUB = KEY_FIRST && ENCRYPT;
  logic [31:0] shared_sub;  // unit 0's lanes 0..3 after their register (only read when SHARE_SUB)
  logic [31:0] round_sub;   // ROUND_SUB: unit 0's RAM lanes 0..3, their table words' S(x) bytes
  if (SHARE_SUB) begin : g_shared_key_sbox
    logic [31:0] sub_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) sub_q <= '0;
      else         sub_q <= shared_sub;
    end
    assign substituted = sub_q;
    logic unused_round_sub;
    assign unused_round_sub = ^round_sub;
  end else if (ROUND_SUB) begin : g_round_key_sbox
    assign substituted = round_sub;
    logic unused_shared_sub;  // (the case-ROM builds' borrowed lanes)
    assign unused_shared_sub = ^shared_sub;
    assign shared_sub = '0;
  end else begin : g_key_sbox
    logic [31:0] key_sbox_out;
    rijndael_sbox #(.FORWARD(1'b1), .INVERSE(1'b0), .IMPL(KEY_SBOX), .LANES(4), .LATENCY(2)) u_key_sbox (
      .clk_i(clk_i), .rst_ni(rst_ni), .en_i(1'b1),
      .data_i(newest), .inverse_i(1'b0), .data_o(key_sbox_out)
    );
    if (KEY_SUB_REG) begin : g_sub_reg
      logic [31:0] key_sbox_q;
      always_ff @(posedge clk_i) begin
        if (!rst_ni) key_sbox_q <= '0;
        else         key_sbox_q <= key_sbox_out;
      end
      assign substituted = key_sbox_q;
    end else begin : g_sub_direct
      assign substituted = key_sbox_out;
    end
    logic unused_shared_sub;  // no data S-box to borrow
    assign unused_shared_sub = ^{shared_sub, round_sub};
    assign shared_sub = '0;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) still_q <= '0;
    else         still_q <= {still_q[KEY_LATENCY-2:0], 1'b1} & {KEY_LATENCY{!beat_q && !key_step}};
  end

  assign mixed      = ({32{add_rot_q}} & ({substituted[23:0], substituted[31:24]} ^ {rcon_q, 24'h0})) ^
                      ({32{add_sub_q}} & substituted) ^ ({32{add_newest_q}} & newest);
  assign fresh      = oldest_q ^ mixed;
  assign phase_wrap = |(phase_q & nk_last_q);
  // The phase after a step, and the selects it implies (add_*_q).
  logic [MAX_NK-1:0] phase_step;
  logic              copying_step, sub_only_step;
  assign phase_step   = phase_wrap ? MAX_NK'(1) : {phase_q[MAX_NK-2:0], 1'b0};
  assign copying_step = copying_q && !phase_wrap;
  if (MAX_NK > 6) begin : g_sub_only_step
    assign sub_only_step = long_key_q && phase_step[4];
  end else begin : g_no_sub_only_step
    assign sub_only_step = 1'b0;
    logic unused_long_key;  // keys of at most six words never take SubWord alone
    assign unused_long_key = long_key_q;
  end
  assign col_wrap   = |(col_q & nb_last_q);
  assign last_row   = row_q == ROW_W'(nr_q);

  // The store: one LUT-RAM column per word (written one word per clock), read a whole row at a time.
  // Columns at and past Nb are written with zeros in every row of the expansion, so no stale key word
  // of an earlier, longer block length survives in a row that is read.
  // Decrypting builds add InvMixColumns(rk) in decryption's middle rounds (see round_key_d and
  // rijndael_round_linear) and store it beside each word, transformed once as the word is made:
  // computed on the read side, the store read -> InvMixColumns -> round_key_q was the path of record of
  // `tbox` (10.8 ns).
  localparam bit KEY_MIXED = DECRYPT;
  localparam int STORE_W   = KEY_MIXED ? 64 : 32;
  // Per unit u: the row it reads this clock (see g_unit's round_key_d) and what it reads, at bits
  // [BLOCK_W*u +: BLOCK_W]; each unit has a read port of its own (a copy of every column RAM).
  logic [K*MAX_NB*ROW_W-1:0] read_row_cols;  // unit u, column c: at [ROW_W*(MAX_NB*u+c) +: ROW_W]
  logic [K*ROW_W-1:0]        read_row_next;  // unit u: the row read_row_cols take next, at [ROW_W*u +: ROW_W]
  // T-box builds keep the store in block RAM (rijndael_key_ram: DP16KD with its output register on, LATENCY
  // 2): the RAM's address and output registers take the place of the read-row copies and g_read_reg's
  // register, so a row is read at the same clock as from LUT RAM, and the store's 64 LUT-RAM cells (384 LUT4
  // sites) leave the fabric. The other builds read the store asynchronously in their round-key path.
  localparam bit KEY_RAM = THIRD;
  // The store row a round's key is read from; rows past Nr hold nothing that is read.
  function automatic logic [ROW_W-1:0] store_row(input logic [3:0] round_row);
    store_row = (32'(round_row) < ROWS) ? ROW_W'(round_row) : '0;
  endfunction
  logic [K*BLOCK_W-1:0] read_keys, read_keys_mixed;
  logic [BLOCK_W-1:0]   first_key_q, last_key_q;
  logic                 key_rst_nq;  // the key words' reset, a clock after rst_ni (see u_key_rst)
  logic [31:0]          write_word, write_mixed;  // what the store writes this clock
  logic [ROW_W-1:0]     write_row;
  // STORE_BRAM: one DP16KD per column (rijndael_key_ram, 36-bit mode: 32 rows of one word), the key words
  // in rows 0..Nr and InvMixColumns of them in rows 16 + (0..Nr), so a round reads the one its block needs
  // (encryption the word, decryption's middle rounds InvMixColumns of it) with its row: 128 bits a clock
  // from four RAMs, where the LUT-RAM store read both (256 bits, 64 TRELLIS_DPR16X4 and their write data's
  // blanking, ~640 LUT4). The mixed words are stored reflected (column c's in the RAM of column -c mod 4),
  // as decrypting blocks are held (see g_reflected), so a round's key is each RAM's output as it is.
  // A word is written twice: its key word two clocks after it is made (word_q), InvMixColumns of it three
  // (inv_mixed_q). Consecutive words go to consecutive columns, so the two writes of one clock go to two
  // RAMs: a word made one clock after another lands in the next column (key word) and the reflected
  // column of the older one (InvMixColumns) is that column only if 2 * index = -1 mod 4, never. The RAM
  // registers the row itself and its output, so a block's row is presented two clocks before its key is
  // in round_key_q: in the clock its block is taken, or two clocks before it goes on (store_read_addr).
  // After a reset or a refused key the wipe runs twice over the rows, once per half (two writes per
  // column and row): 32 clocks instead of ROWS.
  localparam bit TWO_PASS = STORE_BRAM && KEY_MIXED;
  // Decrypting builds with the store in block RAM: a result's final key is read from the store (see
  // g_store_read), from the key words' half, in the last round's clock, and added to the result there.
  localparam bit FINAL_READ = STORE_BRAM && DECRYPT;
  logic          final_next;  // FINAL_READ: the store reads a final key this clock (g_store_read)
  // The RAMs' rows: 16 per half, every one wiped (the wipe's last row is 15 rather than Nr_max).
  localparam int STORE_ADDR_W = ROW_W + (TWO_PASS ? 1 : 0);
  localparam int WIPE_LAST    = STORE_BRAM ? (1 << ROW_W) - 1 : ROWS - 1;
  logic [ROW_W:0]  store_read_addr;  // {InvMixColumns half, row}: g_unit[0]'s, see g_store_read
  logic [ROW_W-1:0] raw_row;         // the key word's write: its row and word (STORE_BRAM)
  logic [31:0]      raw_word;
  logic [MAX_NB-1:0] mixed_due, mixed_blank;  // STORE_BRAM: column c's InvMixColumns word is written now
  logic              wipe_pass_q;              // TWO_PASS: the wipe's second pass (the InvMixColumns half)
  logic [1:0]        wipe_half_q;              // wipe_pass_q two clocks later, with the key word's write

  // The store is written a clock late, from registers (the word, its row, and per column the write and
  // blank flags): the key expansion's fresh word ran into the LUT-RAM write data in the same clock,
  // through InvMixColumns in decrypting builds (`iterative`, seeds 2 and 3: window -> fresh ->
  // InvMixColumns -> store write data). A block reads a row at the earliest two clocks after the
  // expansion ends, and the row written last (Nr) only in its last round (or never: rk[Nr] and rk[0]
  // are also held in registers), so the late write is always in time. The registers hold key words and
  // are reset.
  logic [31:0]      store_word_q;
  logic [ROW_W-1:0] store_row_q;
  // STORE_BRAM: the word is zeroed while the store is wiped, so the zeros reach both RAM halves through the
  // same registers as key words and the RAMs' write data needs no blanking (every column is used: Nb = 4).
  always_ff @(posedge clk_i) begin
    if (!rst_ni || (STORE_BRAM && wipe_q)) begin
      store_word_q <= '0;
    end else begin
      store_word_q <= fresh;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) store_row_q <= '0;
    else         store_row_q <= row_q;
  end
  // The word's InvMixColumns gets registers of its own and the store is written later still: computed
  // into the write data, it was `tbox`'s path (store_word_q -> InvMixColumns, four LUT levels -> the LUT
  // RAM's write data, 6.95 ns); with one register after the whole InvMixColumns it was again (seeds 1 and
  // 3 at 155 MHz: store_word_q -> four LUT levels, 5 ns of routing -> inv_mixed_q), so the preprocessing
  // and the MixColumns network each get a clock. Row Nr - 1, the first a decryption reads, is complete
  // at least Nb steps before the expansion ends and is read at the earliest two clocks after it, so the
  // later write is still in time.
  localparam int STORE_LAG = KEY_MIXED ? 3 : 1;  // clocks from a fresh word to its store write
  // rijndael_pkg::mix_column's preprocessing step alone (InvMixColumns = MixColumns after it), so that a
  // register can sit between the two. (To move into the package at its next change: every record elaborates
  // the package, so changing it re-hashes every configuration, not only this core's.)
  function automatic logic [31:0] inv_mix_preprocess(input logic [31:0] column);
    logic [7:0] quad;
    inv_mix_preprocess = column;
    for (int r = 0; r < 2; r++) begin
      quad = rijndael_pkg::xtime(rijndael_pkg::xtime(column[31-8*r -: 8] ^ column[15-8*r -: 8]));
      inv_mix_preprocess[31-8*r -: 8] = column[31-8*r -: 8] ^ quad;
      inv_mix_preprocess[15-8*r -: 8] = column[15-8*r -: 8] ^ quad;
    end
  endfunction
  if (KEY_MIXED) begin : g_fresh_mixed
    logic [31:0]      pre_mixed_q, inv_mixed, inv_mixed_q, word_q, word_q2;
    logic [ROW_W-1:0] row_q2, row_q3;
    rijndael_mix_column #(.INVERSE(1'b0)) u_key_mix (
      .column_i(pre_mixed_q), .inverse_i(1'b0), .column_o(inv_mixed)
    );
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        pre_mixed_q <= '0;
        inv_mixed_q <= '0;
        word_q      <= '0;
        word_q2     <= '0;
        row_q2      <= '0;
        row_q3      <= '0;
      end else begin
        pre_mixed_q <= inv_mix_preprocess(store_word_q);
        inv_mixed_q <= inv_mixed;
        word_q      <= store_word_q;
        word_q2     <= word_q;
        row_q2      <= store_row_q;
        row_q3      <= row_q2;
      end
    end
    assign write_word  = word_q2;
    assign write_mixed = inv_mixed_q;
    assign write_row   = row_q3;
    assign raw_word    = word_q;
    assign raw_row     = row_q2;
  end else begin : g_no_fresh_mixed
    assign write_word  = store_word_q;
    assign write_mixed = 32'h0;
    assign write_row   = store_row_q;
    assign raw_word    = store_word_q;
    assign raw_row     = store_row_q;
  end
  if (!ROUND_SUB) begin : g_no_round_sub
    assign round_sub = '0;
  end
  if (!STORE_BRAM) begin : g_no_final_read
    assign final_next = 1'b0;
  end
  if (STORE_BRAM) begin : g_store_rows
    logic unused_row_next;  // the RAMs take store_read_addr, a clock earlier
    assign unused_row_next = ^{read_row_next, store_read_addr};
  end else begin : g_no_store_read
    assign store_read_addr = '0;
    logic unused_store_bram;  // the block-RAM store's write side
    assign unused_store_bram = ^{store_read_addr, raw_row, raw_word, mixed_due, mixed_blank, wipe_half_q};
  end
  localparam int RAW_LAG = KEY_MIXED ? 2 : 1;  // STORE_BRAM: clocks from a fresh word to its key word's write
  if (TWO_PASS) begin : g_wipe_pass
    always_ff @(posedge clk_i) begin
      if (!rst_ni || !setup_q || !wipe_q) wipe_pass_q <= 1'b0;
      else if (32'(row_q) == WIPE_LAST)   wipe_pass_q <= !wipe_pass_q;
    end
    always_ff @(posedge clk_i) begin
      if (!rst_ni) wipe_half_q <= '0;
      else         wipe_half_q <= {wipe_half_q[0], wipe_pass_q};
    end
  end else begin : g_one_pass
    assign wipe_pass_q = 1'b1;
    assign wipe_half_q = '0;
  end

  // The wipe's last rows reach the store WIPE_LAG clocks after row_q names them (the write registers
  // above), so the readies wait that long after the wipe's last row: the store holds zeros when in_ready_o
  // rises after a reset or a refused key (session 44 found the last two rows still holding the old key's
  // words then in every build with STORE_LAG 3).
  localparam int WIPE_LAG = STORE_BRAM ? RAW_LAG : STORE_LAG;
  if (WIPE_LAG > 1) begin : g_wipe_drain
    logic [WIPE_LAG-2:0] wipe_tail_q;  // bit i: the wipe named a row i + 1 clocks ago
    always_ff @(posedge clk_i) begin
      if (!rst_ni) wipe_tail_q <= '0;
      else         wipe_tail_q <= (WIPE_LAG-1)'({wipe_tail_q, setup_q && wipe_q});
    end
    assign wipe_draining = |wipe_tail_q;
  end else begin : g_no_wipe_drain
    assign wipe_draining = 1'b0;
  end

  for (genvar c = 0; c < MAX_NB; c++) begin : g_store
    logic [STORE_LAG-1:0] write_q, blank_q;  // bit STORE_LAG - 1: this clock's write
    logic [STORE_W-1:0]   data;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        write_q <= '0;
        blank_q <= '1;
      end else begin
        write_q <= STORE_LAG'({write_q, (setup_q && wipe_q) || (key_step && (col_q[c] || !col_used_q[c]))});
        blank_q <= STORE_LAG'({blank_q, wipe_q || !col_used_q[c]});
      end
    end
    if (TWO_PASS) begin : g_mixed_due  // the key steps' writes only (the wipe writes each half in a pass)
      logic [STORE_LAG-1:0] step_q;
      always_ff @(posedge clk_i) begin
        if (!rst_ni) step_q <= '0;
        else         step_q <= STORE_LAG'({step_q, key_step && (col_q[c] || !col_used_q[c])});
      end
      assign mixed_due[c]   = step_q[STORE_LAG-1];
      assign mixed_blank[c] = blank_q[STORE_LAG-1];
    end else begin : g_no_mixed_due
      assign mixed_due[c]   = 1'b0;
      assign mixed_blank[c] = 1'b0;
    end
    if (KEY_MIXED) begin : g_two_words  // the word and its InvMixColumns (InvMixColumns(0) = 0)
      assign data = blank_q[STORE_LAG-1] ? 64'h0 : {write_word, write_mixed};
    end else begin : g_one_word
      assign data = blank_q[STORE_LAG-1] ? 32'h0 : write_word;
    end
    for (genvar u = 0; u < K; u++) begin : g_unit_port
      logic [STORE_W-1:0] stored;
      logic [ROW_W-1:0]   read_row;
      assign read_row = read_row_cols[ROW_W*(MAX_NB*u+c) +: ROW_W];
      assign read_keys[BLOCK_W*u + BLOCK_W-32-32*c +: 32] = stored[STORE_W-1 -: 32];
      if (KEY_MIXED) begin : g_mixed
        assign read_keys_mixed[BLOCK_W*u + BLOCK_W-32-32*c +: 32] = stored[31:0];
      end else begin : g_plain
        assign read_keys_mixed[BLOCK_W*u + BLOCK_W-32-32*c +: 32] = 32'h0;
      end
      if (STORE_BRAM) begin : g_bram_column
        // Column c's RAM: its key word (a wipe pass's row of zeros) at row {half, row}, or the
        // InvMixColumns word of column -c mod 4 at {1, row}; the two never fall on one clock (see above).
        localparam int R = (MAX_NB - c) % MAX_NB;
        logic             ram_rst_nq, raw_write, mixed_write, write;
        logic [STORE_ADDR_W-1:0] write_address;
        logic [31:0]      ram_data, ram_out;
        rijndael_reg_copy u_ram_rst (.clk_i(clk_i), .d_i(rst_ni), .q_o(ram_rst_nq));
        assign raw_write     = write_q[RAW_LAG-1];
        assign mixed_write   = mixed_due[R];
        assign write         = raw_write || mixed_write;
        assign write_address = STORE_ADDR_W'(mixed_write ? {1'b1, write_row}
                                                          : {wipe_half_q[RAW_LAG-1] && TWO_PASS, raw_row});
        assign ram_data      = mixed_write ? write_mixed : raw_word;
        rijndael_key_ram #(.WIDTH(32), .ROWS(1 << STORE_ADDR_W)) u_column (
          .clk_i       (clk_i),
          .rst_ni      (ram_rst_nq),
          .write_i     (write),
          .write_row_i (write_address),
          .write_data_i(ram_data),
          .read_row_i  (store_read_addr[STORE_ADDR_W-1:0]),
          .read_data_o (ram_out)
        );
        assign stored = {(STORE_W / 32){ram_out}};  // the read's half was chosen by its row
        logic unused_store;  // the LUT-RAM store's row and write data; no blanking (see store_word_q)
        assign unused_store = ^{read_row, data, mixed_blank[R], blank_q};
      end else if (KEY_RAM) begin : g_ram
        // Its read registers are zeroed from a kept flop of the column's own, a clock after rst_ni, like
        // the round-key registers (the store's rows are wiped by the sequence after reset).
        logic ram_rst_nq;
        rijndael_reg_copy u_ram_rst (.clk_i(clk_i), .d_i(rst_ni), .q_o(ram_rst_nq));
        rijndael_key_ram #(.WIDTH(STORE_W), .ROWS(ROWS)) u_column (
          .clk_i       (clk_i),
          .rst_ni      (ram_rst_nq),
          .write_i     (write_q[STORE_LAG-1]),
          .write_row_i (write_row),
          .write_data_i(data),
          .read_row_i  (read_row_next[ROW_W*u +: ROW_W]),
          .read_data_o (stored)
        );
        logic unused_row;  // the RAM registers the row itself
        assign unused_row = ^read_row;
      end else begin : g_lut_ram
        rijndael_round_key_store #(.WIDTH(STORE_W), .ENTRIES(ROWS)) u_column (
          .clk_i        (clk_i),
          .write_i      (write_q[STORE_LAG-1]),
          .write_index_i(write_row),
          .write_data_i (data),
          .read_index_i (read_row),
          .read_data_o  (stored)
        );
      end
    end
  end

  // -------------------------------------------------------------------------------------------
  // The round units. Per unit and stage: valid, last round next, direction, refused, the store row of
  // its next round and the rounds left after it. Unit u's stage S takes the block in stage L of unit
  // u-1 every clock; unit 0's takes the block in stage L of unit k-1 on to its next round, else
  // whatever block is offered (stage S's valid says whether it was taken).
  logic               advance, block_dec, offered;
  logic [BLOCK_W-1:0] whitened;
  logic [K*BLOCK_W-1:0] round_outs;  // unit u's round result at [BLOCK_W*u +: BLOCK_W]
  logic [BLOCK_W-1:0]   last_out;    // unit k-1's round result as a last round has it (see u_round)
  logic [K*BLOCK_W-1:0] round_key_regs;  // unit u's round_key_q at [BLOCK_W*u +: BLOCK_W]
  logic [K-1:0]       l_dec, l_ref;
  logic [K*4-1:0]     s_rows;
  logic [K-1:0]       s_decs;
  // The exit stage (e_*): the stage whose block goes on to the next unit's stage S, L or (THIRD) C.
  logic [K-1:0]       e_dec, e_ref;
  logic [K*4-1:0]     e_next_rows, e_lefts;

  assign advance       = e_valid[K-1] && !e_last[K-1];  // the block in the exit stage of unit k-1 goes on
  assign block_dec     = DECRYPT && (in_decrypt_i || !ENCRYPT);

  // Whitening: AddRoundKey with rk[0] (encryption) or rk[Nr] (decryption) as the block is taken; the
  // key-first datapath (KEY_FIRST) adds it from round_key_q in front of the S-boxes instead.
  assign whitened = KEY_FIRST ? in_block_i : in_block_i ^ (block_dec ? last_key_q : first_key_q);
  assign offered  = in_valid_i && !in_is_key_i;

  // ENTRY_DIRECT: the block at the port, whitened (and reflected when it decrypts, as the table round holds a
  // decrypting block, see g_reflected), which the round's RAMs take where no block goes on, whether or not it
  // is taken (stage S's valid says so); while keys are expanded (ROUND_SUB) lanes 0..3 take the newest key
  // word instead, for SubWord. Each bit is one LUT4 of at most four inputs (rijndael_round_mix_table's ENTRY
  // takes it as the second input of a slice multiplexer), one LUT level from the port: its direction is the
  // one a block can be taken in now (read_dec, a register), and where the reflection or the key word's choice
  // would make five or six inputs, the whitening key is chosen a clock ahead into a register (white_q).
  logic [BLOCK_W-1:0] entry_block;
  logic [3:0]         entry_sub;  // ROUND_SUB: per byte of lanes 0..3, a copy of setup_q
  if (ENTRY_DIRECT) begin : g_entry_block
    if (ROUND_SUB) begin : g_entry_sub
      rijndael_reg_copies #(.COPIES(4), .RESET(1'b1)) u_sub (  // reset as setup_q
        .clk_i(clk_i), .rst_ni(rst_ni), .d_i(setup_d), .q_o(entry_sub)
      );
    end else begin : g_no_entry_sub
      assign entry_sub = '0;
    end
    for (genvar c = 0; c < 4; c++) begin : g_col
      localparam int R = (4 - c) % 4;  // a decrypting block's column c is the port's column R
      localparam bit WHITE_REG = DIR_SPEC && (R != c || (c == 0 && ROUND_SUB));
      (* keep *) logic [31:0] entry;  // the slice multiplexer's second input: a LUT4's output
      logic [31:0] in_c, in_r, first_c, last_r, key;
      assign in_c    = in_block_i[BLOCK_W-1-32*c -: 32];
      assign in_r    = in_block_i[BLOCK_W-1-32*R -: 32];
      assign first_c = first_key_q[BLOCK_W-1-32*c -: 32];
      assign last_r  = last_key_q[BLOCK_W-1-32*R -: 32];
      if (WHITE_REG) begin : g_white_reg
        // The whitening key of the direction a block can be taken in next clock (read_dec then). Key material:
        // cleared as the end-key registers are (the readies wait a clock after an expansion for it, busy_d).
        logic [31:0] white_q;
        always_ff @(posedge clk_i) begin
          if (!key_rst_nq || (setup_q && wipe_q)) white_q <= '0;
          else                                    white_q <= (DECRYPT && (spec_dec_q || !ENCRYPT)) ? last_r : first_c;
        end
        assign key = white_q;
      end else begin : g_white_now
        assign key = (DECRYPT && (read_dec[c] || !ENCRYPT)) ? last_r : first_c;
      end
      logic [31:0] plain;
      if (DECRYPT && ENCRYPT && R != c) begin : g_reflect
        assign plain = (read_dec[c] ? in_r : in_c) ^ key;
      end else begin : g_in_place
        assign plain = (DECRYPT && !ENCRYPT ? in_r : in_c) ^ key;
      end
      if (c == 0 && ROUND_SUB) begin : g_sub_lanes
        for (genvar b = 0; b < 4; b++) begin : g_byte
          assign entry[31-8*b -: 8] = entry_sub[b] ? newest[31-8*b -: 8] : plain[31-8*b -: 8];
        end
      end else begin : g_plain
        assign entry = plain;
      end
      assign entry_block[BLOCK_W-1-32*c -: 32] = entry;
      logic unused_sides;  // each direction reads the port's column and key of its own
      assign unused_sides = ^{in_c, in_r, first_c, last_r};
    end
    logic unused_whitened;  // the other builds' whitening (the direction chosen for the whole block)
    assign unused_whitened = ^whitened;
  end else begin : g_no_entry_block
    assign entry_block = '0;
    assign entry_sub   = '0;
    logic unused_entry;  // read only by the mixing-table round (MIX_TABLE builds with k > 1: zero)
    assign unused_entry = ^{entry_block, entry_sub};
  end

  // The block that enters stage S0 when no block goes on there: taken this clock (entry_fire), or, in
  // block-RAM and T-box builds, last clock (entry_q; its whitened data waits in unit k-1's round-key
  // register).
  // entry_row: the row of its first round (nr_q changes only at a key beat, which waits for an
  // empty core, so it is the same a clock after the block was taken).
  logic               entry_fire, entry_dec, entry_ref;
  logic [3:0]         entry_row;
  // The row of a block's first round: rk[1] encrypting, rk[Nr-1] decrypting (the equivalent inverse cipher).
  function automatic logic [3:0] first_row(input logic dec, input logic [3:0] nr);
    first_row = dec ? nr - 4'd1 : 4'd1;
  endfunction
  if (ENTRY_EARLY) begin : g_entry_reg
    logic       entry_q, entry_dec_q, entry_ref_q;
    logic [3:0] entry_row_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        entry_q      <= 1'b0;
        entry_dec_q  <= 1'b0;
        entry_ref_q  <= 1'b0;
        entry_row_q  <= '0;
      end else begin
        entry_q      <= block_fire;
        entry_dec_q  <= block_dec;
        entry_ref_q  <= block_refused;
        entry_row_q  <= first_row(block_dec, nr_q);
      end
    end
    assign entry_fire = entry_q;
    assign entry_dec  = entry_dec_q;
    assign entry_ref  = entry_ref_q;
    assign entry_row  = entry_row_q;
  end else begin : g_entry_now
    assign entry_fire = block_fire;
    assign entry_dec  = block_dec;
    assign entry_ref  = block_refused;
    assign entry_row  = first_row(entry_dec, nr_q);
  end

  for (genvar u = 0; u < K; u++) begin : g_unit
    localparam int P         = (u + K - 1) % K;  // the unit whose stage L feeds this unit's stage S
    localparam bit LAST_UNIT = u == K - 1;       // the only unit that does last rounds (K divides Nr)
    logic               s_valid_q, s_last_q, s_dec_q, s_ref_q, l_valid_q, l_last_q, l_dec_q, l_ref_q;
    logic [3:0]         s_row_q, s_left_q, l_next_row_q, l_left_q;
    logic [BLOCK_W-1:0] state_d, substituted_state, round_out, round_last, round_key_q, round_key_d;
    logic [BLOCK_W-1:0] read_key, read_key_mixed, linear_out;
    logic [2*BLOCK_W-1:0] table_state;  // MIX_TABLE: the table's 16-bit words, one per byte lane
    logic               s_dec_d, take_prev, prev_moves, s_dec_next, s_dec_load;
    // The unit's wide data registers (round_key_q, the state and S-box registers) reset from a kept flop of
    // the unit's own, a clock after rst_ni: rst_ni to the LSR of unit 4's round_key_q across the die was
    // `unrolled5`'s seed-1 path (16.2 ns, 15.1 ns of routing). The stage flags still reset from rst_ni, so
    // nothing moves or leaves in the clock the data registers lag (the output FIFO resets from rst_ni too),
    // and no block is taken for many clocks after a reset (the store's wipe).
    logic data_rst_nq;
    rijndael_reg_copy u_data_rst (.clk_i(clk_i), .d_i(rst_ni), .q_o(data_rst_nq));
    // The exit stage's direction and block-length code, one register copy per column (rijndael_reg_copies),
    // loaded as the block moves into it (S to L; THIRD: L to C): one flop steering every column of the
    // round was the routing of `rijndael`'s paths of record (see rijndael_round_linear).
    logic [MAX_NB-1:0]   l_dec_col;
    logic [12*MAX_NB-1:0] l_nb_col;  // a copy per column and row (see rijndael_shift_column)
    rijndael_reg_copies #(.COPIES(MAX_NB)) u_dec_cols (
      .clk_i(clk_i), .rst_ni(rst_ni), .d_i(THIRD ? l_dec_q : s_dec_q), .q_o(l_dec_col)
    );
    // ENTRY_EARLY: per column copies of "the block in stage L goes on to a next round" (it is valid, and
    // in unit k-1 not in its last round), loaded as stage S moves to L.
    logic [MAX_NB-1:0] go_col;
    if (ENTRY_EARLY || ENTRY_DIRECT) begin : g_go_copies
      rijndael_reg_copies #(.COPIES(MAX_NB)) u_go_cols (
        .clk_i(clk_i), .rst_ni(rst_ni), .d_i(s_valid_q && !(LAST_UNIT && s_last_q)), .q_o(go_col)
      );
    end else begin : g_no_go_copies
      assign go_col = '0;
    end
    if (ONE_NB) begin : g_nb_fixed
      assign l_nb_col = {4*MAX_NB{nb_code}};
    end else begin : g_nb_copies  // nb_code_q changes only at a key beat, which waits for an empty core
      rijndael_reg_copies #(.WIDTH(3), .COPIES(4 * MAX_NB)) u_nb_cols (
        .clk_i(clk_i), .rst_ni(rst_ni), .d_i(nb_code), .q_o(l_nb_col)
      );
    end

    // Stage S's input: the choice is decided by registers and the offer, not by the handshake, which
    // would fan out to every state bit. Zero in unit 0 when no block is offered, so nothing of a
    // finished block circulates (a block in its last round does not advance); the other units pass
    // on what unit 0 let in.
    if (u == 0 && (ENTRY_EARLY || ENTRY_DIRECT)) begin : g_entry_by_key
      // Unit P's round output is the new block when its stage L has no block going on (see g_tbox_rounds).
      assign take_prev  = advance;
      assign prev_moves = advance;
      assign state_d    = round_outs[BLOCK_W*P +: BLOCK_W];
      assign s_dec_d    = advance ? e_dec[P] : entry_dec;
    end else if (u == 0) begin : g_entry
      assign take_prev  = advance;
      assign prev_moves = advance;
      assign state_d    = advance ? round_outs[BLOCK_W*P +: BLOCK_W] : offered ? whitened : '0;
      assign s_dec_d    = advance ? e_dec[P] : block_dec;
    end else begin : g_follow
      assign take_prev  = 1'b1;
      assign prev_moves = e_valid[P];
      assign state_d    = round_outs[BLOCK_W*P +: BLOCK_W];
      assign s_dec_d    = e_dec[P];
    end
    if (THIRD && !KEY_RAM) begin : g_read_reg
      // T-boxes: the store is read a clock ahead, from the row of the block in stage S, into a register;
      // the key choice below runs on that register a clock later, for the same block then in stage L. The
      // LUT RAM's read no longer sits in front of the choice: read-row copy -> column RAM -> the shift and
      // direction choice -> round_key_q was `tbox`'s path (6.35 ns). Reading a clock earlier is safe: the
      // store is written only while no block is in flight, and a block's first rows are written long
      // before the expansion ends (see the store). Key data: reset like round_key_q.
      logic [BLOCK_W-1:0] read_key_q, read_key_mixed_q;
      always_ff @(posedge clk_i) begin
        if (!data_rst_nq) begin
          read_key_q       <= '0;
          read_key_mixed_q <= '0;
        end else begin
          read_key_q       <= read_keys[BLOCK_W*u +: BLOCK_W];
          read_key_mixed_q <= read_keys_mixed[BLOCK_W*u +: BLOCK_W];
        end
      end
      assign read_key       = read_key_q;
      assign read_key_mixed = read_key_mixed_q;
    end else begin : g_read_now  // (KEY_RAM: the RAM's output register is that register)
      assign read_key       = read_keys[BLOCK_W*u +: BLOCK_W];
      assign read_key_mixed = read_keys_mixed[BLOCK_W*u +: BLOCK_W];
    end
    // The row this unit's store port reads, from a register copy per column (rijndael_reg_copies) so no single flop
    // and no row limit sit in front of the column RAMs' read addresses. Key first: the row of the block
    // that enters stage S next clock, i.e. the row stage L of unit P holds now, which is what stage S of
    // unit P held last clock (decoded from stage L's row register, it -> the row limit -> a 3.2 ns route -> every
    // column RAM -> the key choice -> round_key_q was the path of `iterative` and `unrolled2`). Block RAM
    // and T-boxes: the row of the block in stage S, for its round in stage L next clock, loaded with stage
    // S's next row (decoded from s_row_q it was `tbox`'s path, 7.7 ns, 6.1 ns of routing).
    logic [3:0] s_row_next;
    // The rows it chooses from are registers (the next round's row counted as the block moves to stage L,
    // an entering block's first row as it is taken in ENTRY_EARLY builds): counted here, nr_q -> the
    // decrement -> the choice -> the row limit -> the read-row copies was `tbox`'s seed-1 path once the
    // copies were real (6.5 ns).
    assign s_row_next = prev_moves ? e_next_rows[4*P +: 4] : (u == 0 && entry_fire) ? entry_row : s_row_q;
    // THIRD: the same row (that of the block in stage S), read into g_read_reg's register for its round in
    // stage C two clocks later.
    // The key RAMs take the row unlimited: rows past ROWS are never written and read zero there (the limit
    // was a LUT level between the row choice and the RAMs' address pins, `tbox`'s seed-1 path).
    assign read_row_next[ROW_W*u +: ROW_W] = KEY_RAM ? ROW_W'(s_row_next)
                                                     : store_row(KEY_FIRST ? s_rows[4*P +: 4] : s_row_next);
    if (KEY_RAM || STORE_BRAM) begin : g_rows_in_ram  // the key RAMs register the row themselves
      assign read_row_cols[ROW_W*MAX_NB*u +: ROW_W*MAX_NB] = '0;
    end else begin : g_row_copies
      rijndael_reg_copies #(.WIDTH(ROW_W), .COPIES(MAX_NB)) u_read_rows (
        .clk_i(clk_i), .rst_ni(rst_ni), .d_i(read_row_next[ROW_W*u +: ROW_W]),
        .q_o(read_row_cols[ROW_W*MAX_NB*u +: ROW_W*MAX_NB])
      );
    end
    logic unused_unit;  // the key-first round key reads take_prev, T-boxes s_dec_next; plain-key builds no mixed key
    assign unused_unit = take_prev ^ (^read_key_mixed) ^ l_last_q ^ offered ^ (^go_col) ^ s_dec_next ^ (^table_state);

    if (TBOX != 0) begin : g_tbox_rounds
      // One T-box RAM per byte, addressed with the state as it is (ShiftRows was applied on the way in,
      // see round_out); after it, per column, the XOR of the four rotated words of its bytes.
      logic [4*BLOCK_W-1:0] looked_up;  // one 32-bit word per byte
      logic [MAX_NB-1:0]    used_by_nb [8];  // [Nb - 4], bit c: column c carries data
      logic [MAX_NB-1:0]    used;
      logic [BLOCK_W-1:0]   combined, going_on_q, going_on_shifted;

      for (genvar i = 0; i < 4 * MAX_NB; i++) begin : g_lane
        tbox_bram #(.FORWARD(ENCRYPT), .INVERSE(DECRYPT), .OUT_REG(1'b1)) u_table (
          .clk_i    (clk_i),
          .rst_ni   (data_rst_nq),
          .en_i     (1'b1),
          .data_i   (state_d[BLOCK_W-1-8*i -: 8]),
          .inverse_i(s_dec_d),
          .data_o   (looked_up[32*(4*MAX_NB-1-i) +: 32])
        );
      end

      for (genvar b = 0; b < 8; b++) begin : g_used_nb
        for (genvar c = 0; c < MAX_NB; c++) begin : g_col
          assign used_by_nb[b][c] = b < 5 && BLOCK_MASK[b % 5] && 4 + b <= MAX_NB && c < 4 + b;
        end
      end
      assign used = used_by_nb[nb_code];

      // Column c: the XOR of the rotated words of its four bytes (rijndael_round_tbox explains the last
      // round's S-box bytes). A last round leaves through last_bytes to the output FIFO (its key is added
      // there, from rk[Nr] / rk[0] in first_key_q / last_key_q), never into a next round.
      for (genvar c = 0; c < MAX_NB; c++) begin : g_col
        logic [31:0] lookup [4];
        logic [31:0] rotated [4];
        logic [31:0] last_bytes;
        for (genvar r = 0; r < 4; r++) begin : g_row
          logic [7:0] doubled_inverse;
          assign lookup[r] = looked_up[32*(4*MAX_NB-1-(4*c+r)) +: 32];
          if (r == 0) begin : g_no_rotation
            assign rotated[r] = lookup[r];
          end else begin : g_rotation
            assign rotated[r] = {lookup[r][8*r-1:0], lookup[r][31:8*r]};
          end
          assign doubled_inverse = lookup[r][23:16] ^ lookup[r][7:0];
          if (DECRYPT) begin : g_inv_sub
            logic [7:0] inverse_sub;
            assign inverse_sub = {1'b0, doubled_inverse[7:1]} ^ (doubled_inverse[0] ? 8'h8d : 8'h00);
            assign last_bytes[31-8*r -: 8] = (l_dec_q || !ENCRYPT) ? inverse_sub : lookup[r][23:16];
          end else begin : g_fwd_sub
            logic [7:0] unused_bytes;  // an encryption table already holds S[a] in byte 1
            assign unused_bytes = doubled_inverse;
            assign last_bytes[31-8*r -: 8] = lookup[r][23:16];
          end
        end
        assign combined[BLOCK_W-1-32*c -: 32]   = rotated[0] ^ rotated[1] ^ rotated[2] ^ rotated[3];
        // Stage C's register, zeroed per column by its synchronous reset (the flop's LSR) when no block goes
        // on: the mask as an AND in front of it made the XOR of four words a five-input function, two LUT4
        // per bit (`tbox`: 128 LUT4 more).
        always_ff @(posedge clk_i) begin
          if (!data_rst_nq || !go_col[c]) going_on_q[BLOCK_W-1-32*c -: 32] <= '0;
          else                            going_on_q[BLOCK_W-1-32*c -: 32] <= combined[BLOCK_W-1-32*c -: 32];
        end
        assign round_last[BLOCK_W-1-32*c -: 32] = last_bytes & {32{used[c]}};
        // Column c of the next round's (Inv)ShiftRows on stage C's register, steered by this column's
        // direction copy; the columns past Nb are not read and come out zero.
        rijndael_shift_column #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_MASK), .COL(c)) u_shift_column (
          .data_i(going_on_q), .nb_codes_i(l_nb_col[12*c +: 12]), .inverse_i(DECRYPT && (l_dec_col[c] || !ENCRYPT)),
          .column_o(going_on_shifted[BLOCK_W-1-32*c -: 32])
        );
      end
      // Stage C: the combined words of a block that goes on (zero otherwise), registered (per column above).
      // The next round's RAM address: ShiftRows(stage C) ^ round_key_q, where round_key_q holds
      // ShiftRows(round key), or ShiftRows(a new whitened block) when no block goes on (round_key_d): one
      // LUT level after stage C's register (the direction's choice with the key), and one (the XOR of four
      // words with the mask) between the RAMs' output registers and stage C.
      assign round_out = going_on_shifted ^ round_key_q;
      assign substituted_state = '0;  // (the S-box datapath's signal; T-boxes combine after the RAM)
      assign table_state       = '0;
    end else if (BRAM) begin : g_bram_state
      // The RAMs' address registers are the state register; their output registers hold SubBytes.
      logic dec_next;
      logic [2*MAX_NB-1:0] dec_pair_q;
      if (ENTRY_DIRECT) begin : g_dec_direct
        // The RAM pair's direction for the block its address registers take at this edge: the block in
        // stage L where it goes on (per column: go_col, l_dec_col), else the one a block can be taken in
        // (read_dec; forward while keys are expanded, see entry_block): one LUT per pair from flops.
        for (genvar p = 0; p < 2 * MAX_NB; p++) begin : g_pair
          assign dec_pair_q[p] = go_col[p / 2] ? l_dec_col[p / 2]
                                               : DECRYPT && (read_dec[p / 2] || !ENCRYPT) && !entry_sub[0];
        end
        assign dec_next = 1'b0;
      end else begin : g_dec_reg
        if (u == 0) begin : g_dec_entry
          // ROUND_SUB: forward while the key schedule looks SubWord up here (a block waiting at the port
          // during an expansion may be a decryption; none is taken then).
          assign dec_next = (s_valid[K-1] && !s_last[K-1]) ? s_decs[P] : block_dec && !(ROUND_SUB && setup_q);
        end else begin : g_dec_follow
          assign dec_next = s_decs[P];
        end
        rijndael_reg_copies #(.COPIES(2 * MAX_NB)) u_dec_pairs (
          .clk_i(clk_i), .rst_ni(rst_ni), .d_i(dec_next), .q_o(dec_pair_q)
        );
      end
      if (STORE_BRAM) begin : g_store_read
        // The store row of the block that is in stage S two clocks from now, for its round in stage L a
        // clock later (the RAMs register it and their output: see the store), decided as the RAMs'
        // direction is: the block in stage S now if it goes on (k = 1: it is back in stage S then, a row
        // on), else the block taken this clock (its first row; nothing is read for it if none is taken).
        // The half is its direction: a decryption's middle rounds add InvMixColumns(rk). A last round's key
        // is added at the output FIFO: from the end-key registers, or with FINAL_READ read here.
        // FINAL_READ: a block whose next round is its last reads no key for it (the round masks its mixing
        // and adds the entering block, see round_key_d); the read fetches its final key instead, rk[Nr]
        // encrypting or rk[0] decrypting (row_early is that row either way), from the key words' half,
        // where it is in the normal column order the last round leaves in (see final_state).
        // ENTRY_DIRECT: a block is taken a clock after this read, straight into stage S, so the first row is
        // that of the direction it will be taken in (spec_dec_q, see dir_ok), read for whichever block comes;
        // the round's key register (round_key_q) takes the RAMs' output as it is, and a block's last round
        // finds its final key there (see final_state).
        // (Every STORE_BRAM build is an ENTRY_DIRECT one.)
        logic [3:0] row_early;
        logic       row_dec;
        assign row_early  = (s_valid_q && !s_last_q) ? (s_dec_q ? s_row_q - 4'd1 : s_row_q + 4'd1)
                                                     : first_row(spec_dec_q, nr_q);
        assign row_dec    = (s_valid_q && !s_last_q) ? s_dec_q : spec_dec_q;
        assign final_next = FINAL_READ && s_valid_q && !s_last_q && s_left_q == 4'd1;
        logic unused_dec_next;  // the RAMs' direction is chosen in the clock (g_dec_direct)
        assign unused_dec_next = dec_next;
        assign store_read_addr = {row_dec && !final_next, ROW_W'(row_early)};
      end
      if (MIX_TABLE) begin : g_mix_pairs  // two 16-bit table words per RAM (tools/gen_mix_table.py)
        for (genvar p = 0; p < 2 * MAX_NB; p++) begin : g_pair
          sbox_mix_bram #(.FORWARD(ENCRYPT), .INVERSE(DECRYPT)) u_table (
            .clk_i      (clk_i),
            .rst_ni     (data_rst_nq),
            .a_data_i   (state_d[BLOCK_W-1-16*p -: 8]),
            .a_inverse_i(dec_pair_q[p]),
            .a_data_o   (table_state[2*BLOCK_W-1-32*p -: 16]),
            .b_data_i   (state_d[BLOCK_W-9-16*p -: 8]),
            .b_inverse_i(dec_pair_q[p]),
            .b_data_o   (table_state[2*BLOCK_W-17-32*p -: 16])
          );
        end
        assign substituted_state = '0;
        if (ROUND_SUB) begin : g_round_sub  // lanes 0..3: the table words' first bytes, S(x)
          assign round_sub = {table_state[2*BLOCK_W-1 -: 8], table_state[2*BLOCK_W-17 -: 8],
                              table_state[2*BLOCK_W-33 -: 8], table_state[2*BLOCK_W-49 -: 8]};
        end
      end else begin : g_sbox_pairs
        for (genvar p = 0; p < 2 * MAX_NB; p++) begin : g_pair
          rijndael_sbox #(
            .FORWARD(ENCRYPT), .INVERSE(DECRYPT), .IMPL(rijndael_pkg::SBOX_BRAM), .LANES(2), .LATENCY(2)
          ) u_sbox (
            .clk_i    (clk_i),
            .rst_ni   (data_rst_nq),
            .en_i     (1'b1),
            .data_i   (state_d[BLOCK_W-1-16*p -: 16]),
            .inverse_i(dec_pair_q[p]),
            .data_o   (substituted_state[BLOCK_W-1-16*p -: 16])
          );
        end
        assign table_state = '0;
      end
      logic unused_s_dec_d;  // the copies carry it
      assign unused_s_dec_d = s_dec_d;
    end else begin : g_state
      // Key first: stage S computes AddRoundKey and the S-box up to its register (state_q ^ round_key_q
      // into the case ROMs, registered inside the table; composite: registered after it), stage L the
      // rest of SubBytes and the linear layer, without a key; the last round's key is added on the way to
      // the output FIFO. This splits the round's logic more evenly between the two clocks than adding the
      // key after the linear layer, and keeps synthesis from merging state_q into the ROMs as their
      // address register (which moves it behind the tables and puts the whole round in one clock).
      logic [BLOCK_W-1:0] state_q;
      always_ff @(posedge clk_i) begin
        if (!data_rst_nq) state_q <= '0;
        else              state_q <= state_d;
      end
      assign table_state = '0;
      // (Inv)ShiftRows in front of the S-boxes (it commutes with the byte-wise lookup), on stage S's side
      // of the table's register: round_key_q is loaded already shifted (round_key_d), so the shift and
      // the key add are one LUT level. After the register, the shift's direction choice was a level of
      // the round's path of record (`iterative`: S-box register -> 4:1 choice -> direction choice ->
      // (Inv)MixColumns -> result_q).
      logic [BLOCK_W-1:0] state_shifted, sbox_in;
      if (SHIFT_FIRST) begin : g_shift_first
        rijndael_shift_rows #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_MASK)) u_shift_rows (
          .data_i(state_q), .nb_code_i(nb_code), .inverse_i(DECRYPT && (s_dec_q || !ENCRYPT)),
          .data_o(state_shifted)
        );
      end else begin : g_shift_after  // composite: rijndael_round_linear shifts after the S-box register
        assign state_shifted = state_q;
      end
      // LATENCY 1: case ROMs register inside the table, the composite S-box after it. Kept whole in
      // synthesis (rijndael_sbox_kept: flattened, ABC merged the key add into the tables and duplicated it).
      // The tables' direction from a copy of s_dec_q per lane: s_dec_q itself steering every lane's
      // table choice was `unrolled5`'s seed-1 path at f91e31e (unit 0's s_dec_q -> 10.8 ns of routing).
      // The copies load s_dec_q's next value only where it matters (a block in stage S next clock, or the
      // key schedule borrowing unit 0's tables, which needs them forward), so no handshake term reaches
      // them: loaded with s_dec_load (entry_fire, i.e. block_fire, in it), the pin wrapper's offer ->
      // the handshake -> a 3.4 ns route to the farthest copy was `unrolled2`'s seed-1 path.
      // Case ROMs only: the composite S-box registers after its whole circuit, so its direction is not
      // at a register's output anyway (and its build grew by 729 LUT4 with the copies, seed-1 steering).
      logic [4*MAX_NB-1:0] lane_dec;
      if (SBOX == rijndael_pkg::SBOX_LUT) begin : g_lane_decs
        logic lane_dec_next;
        if (u == 0) begin : g_entry
          assign lane_dec_next = prev_moves ? e_dec[P] : !(SHARE_SUB && setup_q) && entry_dec;
        end else begin : g_follow  // stage S holds next clock what stage L of unit P holds now
          assign lane_dec_next = e_dec[P];
        end
        rijndael_reg_copies #(.COPIES(4 * MAX_NB)) u_lane_decs (
          .clk_i(clk_i), .rst_ni(rst_ni), .d_i(lane_dec_next), .q_o(lane_dec)
        );
      end else begin : g_one_dec
        assign lane_dec = {4*MAX_NB{s_dec_q}};
      end
      rijndael_sbox_kept #(
        .FORWARD(ENCRYPT), .INVERSE(DECRYPT), .IMPL(SBOX), .LANES(4 * MAX_NB), .LATENCY(1)
      ) u_sbox (
        .clk_i    (clk_i),
        .rst_ni   (data_rst_nq),
        .data_i   (sbox_in),
        .inverse_i(lane_dec),
        .data_o   (substituted_state)
      );
      if (SHARE_SUB && u == 0) begin : g_share_sub  // SubWord for the key schedule (see g_shared_key_sbox)
        // The choice from a kept copy of setup_q per lane: setup_q itself (one flop of the key schedule's
        // control) -> the 32 choices was `unrolled5`'s seed-1 path (15.2 ns, 13.5 of routing).
        logic [3:0]  share_q;
        logic [31:0] first_column;
        rijndael_reg_copies #(.COPIES(4), .RESET(1'b1)) u_share (  // reset as setup_q
          .clk_i(clk_i), .rst_ni(rst_ni), .d_i(setup_d), .q_o(share_q)
        );
        for (genvar l = 0; l < 4; l++) begin : g_share_lane
          assign first_column[31-8*l -: 8] = share_q[l] ? newest[31-8*l -: 8] :
              state_shifted[BLOCK_W-1-8*l -: 8] ^ round_key_q[BLOCK_W-1-8*l -: 8];
        end
        assign sbox_in    = {first_column, state_shifted[BLOCK_W-33:0] ^ round_key_q[BLOCK_W-33:0]};
        assign shared_sub = substituted_state[BLOCK_W-1 -: 32];
      end else begin : g_own_sub
        assign sbox_in = state_shifted ^ round_key_q;
      end
      logic unused_s_dec_d;
      assign unused_s_dec_d = s_dec_d;
    end

    if (MIX_TABLE) begin : g_mix_table
      // ENTRY_DIRECT: the port's block where no block goes on (entry_block).
      rijndael_round_mix_table #(.ENTRY(ENTRY_DIRECT)) u_round (
        .state_i    (table_state),
        .round_key_i(round_key_q),
        .decrypt_i  (DECRYPT ? (ENCRYPT ? l_dec_col : '1) : '0),
        .go_i       (go_col),
        .entry_i    (entry_block),
        .state_o    (linear_out),
        .last_o     (round_last)
      );
      assign round_out = linear_out;
      logic unused_substituted;  // the byte-wide S-box datapath's signals
      assign unused_substituted = ^{substituted_state, l_nb_col};
    end else if (TBOX == 0) begin : g_linear
      rijndael_round_linear #(
        .MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT),
        .SHIFT_ROWS(!SHIFT_FIRST)
      ) u_round (
        .state_i     (substituted_state),
        .round_key_i (KEY_FIRST ? '0 : round_key_q),
        .nb_code_i   (l_nb_col),
        .decrypt_i   (l_dec_col),
        .go_i        (ENTRY_EARLY ? go_col : '1),
        .state_o     (linear_out),
        .last_o      (round_last)
      );
      // Block RAM: the round masked by go_col (a block goes on) plus round_key_q, which holds the new block
      // when none goes on (see round_key_d): one LUT after the mixing network for the mask, the key and the
      // entry together (an entry register XORed in after the key add cost a LUT level and a route before
      // the RAM address: `rijndael`'s and `iterative-bram`'s rounds).
      assign round_out = linear_out;
    end else begin : g_no_linear
      assign linear_out = '0;  // (T-boxes combine in g_tbox_rounds)
      logic unused_substituted;
      assign unused_substituted = ^{substituted_state, linear_out};
    end

    // The round key register. Block RAM and T-boxes: loaded with the row of the block in stage S, for its
    // round in stage L next clock. Key first: loaded as a block enters stage S, with the whitening key for
    // a new block, else the row of the block in stage L (which moves to S). T-box and key-first decryption
    // need InvMixColumns(rk) in the middle rounds (the state has been through InvMixColumns when the key is
    // added): read from the store's second word (read_key_mixed, see the store).
    if (KEY_FIRST) begin : g_first_key
      // Shifted the way stage S shifts the state it is added to, where it does (SHIFT_FIRST, see g_state).
      logic [BLOCK_W-1:0] unshifted;
      if (DECRYPT) begin : g_dec
        assign unshifted = !take_prev ? (block_dec ? last_key_q : first_key_q) : e_dec[P] ? read_key_mixed : read_key;
      end else begin : g_enc
        assign unshifted = !take_prev ? first_key_q : read_key;
      end
      if (SHIFT_FIRST) begin : g_shift_key
        rijndael_shift_rows #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_MASK)) u_shift_rows (
          .data_i(unshifted), .nb_code_i(nb_code), .inverse_i(DECRYPT && (s_dec_d || !ENCRYPT)),
          .data_o(round_key_d)
        );
      end else begin : g_unshifted_key
        assign round_key_d = unshifted;
      end
    end else if (ENTRY_DIRECT) begin : g_read_round_key
      // The store RAMs' output as it is (the row read two clocks ahead, see g_store_read): the entering block
      // comes from the port through the round's last choice (g_mix_table), not through this register, so no
      // choice sits in front of it; a fabric register the placer can put beside the round's key LUTs.
      assign round_key_d = read_key;
    end else begin : g_entry_key  // T-boxes and block RAM (ENTRY_EARLY)
      // The key of the block in stage S for its round in stage L next clock (decryption's middle rounds:
      // InvMixColumns(rk), the store's second word), zero when no block goes on there, and in unit k-1 the
      // new block (whitened) offered this clock when none goes on: the round adds this register to its masked
      // output, so a new block enters through the round's last XOR (see round_out) and a last round's key is
      // added at the output FIFO (FINAL_KEY). Per column copies (kept) of next clock's "the block in stage S
      // goes on" and its direction steer the choice.
      // THIRD: the key of the block in stage L for its round in stage C next clock, so the flags of the
      // block in stage S now.
      logic goes_on_next, dir_next;
      assign goes_on_next = THIRD ? s_valid_q && !(LAST_UNIT && s_last_q) : s_valid_next[u] && !(LAST_UNIT && s_last_next[u]);
      assign dir_next     = THIRD ? s_dec_q : s_dec_next;
      logic [MAX_NB-1:0] goes_on_q, dir_q;
      rijndael_reg_copies #(.COPIES(MAX_NB)) u_goes_on (
        .clk_i(clk_i), .rst_ni(rst_ni), .d_i(goes_on_next), .q_o(goes_on_q)
      );
      rijndael_reg_copies #(.COPIES(MAX_NB)) u_dirs (
        .clk_i(clk_i), .rst_ni(rst_ni), .d_i(dir_next), .q_o(dir_q)
      );
      // T-boxes: the register holds ShiftRows of it (the T-box's ShiftRows follows the combine, see
      // g_tbox_rounds). Each stored key is shifted in its own direction and the direction chooses between
      // the two shifted columns: one LUT level from the store's read to the choice. With the choice of key
      // first and one shifter behind it steered by the direction, each bit took three LUTs after the LUT RAM
      // (`tbox` seed 1, after the key-choice copies: read row -> store -> 3 LUTs -> round_key_q).
      logic [BLOCK_W-1:0] enc_key, dec_key, new_block;
      if (TBOX != 0) begin : g_shifted
        for (genvar c = 0; c < MAX_NB; c++) begin : g_col
          rijndael_shift_column #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_MASK), .COL(c)) u_enc_key (
            .data_i(read_key), .nb_codes_i({4{nb_code}}), .inverse_i(!ENCRYPT), .column_o(enc_key[BLOCK_W-1-32*c -: 32])
          );
          rijndael_shift_column #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_MASK), .COL(c)) u_dec_key (
            .data_i(read_key_mixed), .nb_codes_i({4{nb_code}}), .inverse_i(1'b1), .column_o(dec_key[BLOCK_W-1-32*c -: 32])
          );
          rijndael_shift_column #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_MASK), .COL(c)) u_new_block (
            .data_i(whitened), .nb_codes_i({4{nb_code}}), .inverse_i(DECRYPT && (block_dec || !ENCRYPT)),
            .column_o(new_block[BLOCK_W-1-32*c -: 32])
          );
        end
      end else if (MIX_TABLE) begin : g_reflected
        // A decrypting block is held with its columns reflected (column c at column -c mod 4), so that the
        // table round runs InvShiftRows on ShiftRows' wiring (rijndael_round_mix_table): its round keys are
        // read reflected and it enters reflected. Wiring, but for the entering block's direction choice.
        logic inverse_in;
        assign inverse_in = DECRYPT && (block_dec || !ENCRYPT);
        for (genvar c = 0; c < 4; c++) begin : g_col
          localparam int R  = (4 - c) % 4;
          localparam int KR = STORE_BRAM ? c : R;  // STORE_BRAM stores the mixed words reflected
          assign dec_key[BLOCK_W-1-32*c -: 32]   = read_key_mixed[BLOCK_W-1-32*KR -: 32];
          assign new_block[BLOCK_W-1-32*c -: 32] = inverse_in ? whitened[BLOCK_W-1-32*R -: 32]
                                                              : whitened[BLOCK_W-1-32*c -: 32];
        end
        assign enc_key = read_key;
      end else begin : g_unshifted
        assign enc_key   = read_key;
        assign dec_key   = read_key_mixed;
        assign new_block = whitened;
      end
      for (genvar c = 0; c < MAX_NB; c++) begin : g_col
        logic [31:0] key_col, new_col;
        assign key_col = (DECRYPT && (dir_q[c] || !ENCRYPT)) ? dec_key[BLOCK_W-1-32*c -: 32] :
                                                               enc_key[BLOCK_W-1-32*c -: 32];
        if (LAST_UNIT && ROUND_SUB && c == 0) begin : g_new_block_or_sub
          // While keys are expanded: the newest word, for SubWord in lanes 0..3 (see ROUND_SUB), from a
          // kept copy of setup_q per byte; otherwise the port's block, as below.
          logic [3:0] sub_q;
          rijndael_reg_copies #(.COPIES(4), .RESET(1'b1)) u_sub (  // reset as setup_q
            .clk_i(clk_i), .rst_ni(rst_ni), .d_i(setup_d), .q_o(sub_q)
          );
          for (genvar b = 0; b < 4; b++) begin : g_byte
            assign new_col[31-8*b -: 8] = sub_q[b] ? newest[31-8*b -: 8] : new_block[BLOCK_W-1-8*b -: 8];
          end
        end else if (LAST_UNIT) begin : g_new_block
          // The port's block whether or not it is taken: a block is in stage L next clock only if it was
          // taken (its valid flag), and a stage without one feeds nothing that leaves (the FIFO writes
          // valid results only), so the register needs no zero for "none taken". With block_fire in the
          // choice, the producer's valid ran into all 128 bits of it (`tbox`, seeds 1 and 2 of 985f074: the
          // pin wrapper's beat flop -> in_valid_i -> two LUTs and 3.6 ns of routes -> round_key_q).
          assign new_col = new_block[BLOCK_W-1-32*c -: 32];
        end else begin : g_next_round
          assign new_col = 32'h0;
        end
        assign round_key_d[BLOCK_W-1-32*c -: 32] = goes_on_q[c] ? key_col : new_col;
      end
      logic unused_keys;  // encrypt-only builds read no mixed key; only unit k-1 takes new blocks
      assign unused_keys = ^{dec_key, enc_key, new_block};
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        s_valid_q   <= 1'b0;
        s_last_q    <= 1'b0;
        s_dec_q     <= 1'b0;
        s_ref_q     <= 1'b0;
        s_row_q     <= '0;
        s_left_q    <= '0;
        l_valid_q   <= 1'b0;
        l_last_q    <= 1'b0;
        l_dec_q     <= 1'b0;
        l_ref_q     <= 1'b0;
        l_next_row_q <= '0;
        l_left_q    <= '0;
      end else begin
        // Stage S moves to stage L every clock.
        l_valid_q   <= s_valid_q;
        l_last_q    <= s_last_q;
        l_dec_q     <= s_dec_q;
        l_ref_q     <= s_ref_q;
        l_next_row_q <= s_dec_q ? s_row_q - 4'd1 : s_row_q + 4'd1;
        l_left_q    <= s_left_q;
        // Stage S takes the block in L of unit P on to its next round, or (unit 0) a new block (never
        // both: see in_ready_o).
        s_valid_q <= s_valid_next[u];
        s_last_q  <= s_last_next[u];
        s_row_q   <= s_row_next;
        s_dec_q   <= s_dec_load;
        if (prev_moves) begin
          s_ref_q   <= e_ref[P];
          s_left_q  <= e_lefts[4*P +: 4] - 4'd1;
        end else if (u == 0 && entry_fire) begin
          s_ref_q   <= entry_ref;
          s_left_q  <= key_valid_q ? nr_q - 4'd1 : 4'(K - 1);
        end else begin
          s_ref_q   <= 1'b0;
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (!data_rst_nq) round_key_q <= '0;
      else              round_key_q <= round_key_d;
    end
    assign s_valid[u]  = s_valid_q;
    assign s_last[u]   = s_last_q;
    // Stage S next clock: the block in L of unit P going on, else (unit 0) the entering block, else empty.
    // Without a key no block is in flight (key beats wait for an empty core): a refused block leaves after
    // one pass through the k units. A block refused for its direction runs all Nr rounds, so it cannot
    // overtake the blocks ahead of it.
    assign s_dec_next      = prev_moves ? e_dec[P] : (u == 0 && entry_fire) ? entry_dec : s_dec_q;
    // What s_dec_q loads: s_dec_next, except that the S-boxes' direction is forward while the key schedule
    // borrows them (g_share_sub); it would otherwise keep the last block's, and a decryption block's would
    // turn SubWord into its inverse.
    assign s_dec_load      = (SHARE_SUB && u == 0 && setup_q && !prev_moves && !entry_fire) ? 1'b0 : s_dec_next;
    assign s_valid_next[u] = prev_moves || (u == 0 && entry_fire);
    assign s_last_next[u]  = prev_moves ? e_lefts[4*P +: 4] == 4'd1 : u == 0 && entry_fire && !key_valid_q && K == 1;
    assign l_valid[u]  = l_valid_q;
    assign l_last[u]   = l_last_q;
    assign l_dec[u]    = l_dec_q;
    assign l_ref[u]    = l_ref_q;
    assign s_rows[4*u +: 4]  = s_row_q;
    assign s_decs[u]         = s_dec_q;
    // The exit stage: L, or (THIRD) stage C, which takes the block in L when it goes on to a next round
    // (a last round leaves from L into the output FIFO) and holds the XOR of its four looked-up words.
    if (THIRD) begin : g_stage_c
      logic       c_valid_q, c_dec_q, c_ref_q;
      logic [3:0] c_next_row_q, c_left_q;
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          c_valid_q    <= 1'b0;
          c_dec_q      <= 1'b0;
          c_ref_q      <= 1'b0;
          c_next_row_q <= '0;
          c_left_q     <= '0;
        end else begin
          c_valid_q    <= l_valid_q && !(LAST_UNIT && l_last_q);
          c_dec_q      <= l_dec_q;
          c_ref_q      <= l_ref_q;
          c_next_row_q <= l_next_row_q;
          c_left_q     <= l_left_q;
        end
      end
      assign e_valid[u] = c_valid_q;
      assign e_last[u]  = 1'b0;
      assign e_dec[u]   = c_dec_q;
      assign e_ref[u]   = c_ref_q;
      assign e_next_rows[4*u +: 4] = c_next_row_q;
      assign e_lefts[4*u +: 4]     = c_left_q;
    end else begin : g_exit_l
      assign e_valid[u] = l_valid_q;
      assign e_last[u]  = l_last_q;
      assign e_dec[u]   = l_dec_q;
      assign e_ref[u]   = l_ref_q;
      assign e_next_rows[4*u +: 4] = l_next_row_q;
      assign e_lefts[4*u +: 4]     = l_left_q;
    end
    assign round_outs[BLOCK_W*u +: BLOCK_W] = round_out;
    assign round_key_regs[BLOCK_W*u +: BLOCK_W] = round_key_q;
    if (LAST_UNIT) begin : g_last_out
      assign last_out = round_last;
    end else begin : g_not_last
      logic unused_round_last;  // only unit k-1 does last rounds
      assign unused_round_last = ^round_last;
    end
  end

  logic unused_s_decs;  // read by the block-RAM builds' direction copies only
  assign unused_s_decs = ^s_decs;
  logic unused_key_mixed;  // encrypt-only and block-RAM builds add plain round keys
  assign unused_key_mixed = ^{read_keys_mixed, write_mixed};

  // -------------------------------------------------------------------------------------------
  // Output FIFO (rijndael_fifo_small): a result goes into the FIFO's input register as its last round
  // ends and is written to its LUT RAM at the next edge; out_valid_o rises the clock after (2 * Nr + 2
  // clocks after the block was taken). The input register keeps the round's logic, the final
  // AddRoundKey and the refused-block zeroing out of the LUT-RAM write (pushed straight from the last
  // round they ran into the write data in one clock: once the path of `iterative`, 11.7 ns). out_ready_i
  // reaches only the FIFO's read pointer, count and flags; out_block_o is the memory's read port at the
  // read pointer. rijndael_fifo_fast (three output registers and a registered read, built for the
  // pipelined core) cost ~1300 LUT4 here, more than the rest of the control; this FIFO ~220.
  // DEPTH: OUT_CAP rounded up to a power of two (4 for k = 1, 16 for k = 5, 32 for k = 7 and 14; the
  // LUT-RAM cell is 16 deep on ECP5); blocks are taken only into room (occupancy_q), so its in_ready_o is
  // always high once its wipe (DEPTH clocks, which the store's wipe after reset covers) is over; the
  // core's in_ready_o waits for it.
  logic               result_push, unused_fifo_ready;
  logic [BLOCK_W:0]   result;

  assign result_push = l_valid[K-1] && l_last[K-1];
  // Key first and T-boxes: the last round's AddRoundKey (rk[Nr] / rk[0]) is added here.
  // Every build adds the last round's key here (rk[Nr] / rk[0]), not in the round: see round_key_d.
  logic [BLOCK_W-1:0] final_state;
  if (ENTRY_DIRECT) begin : g_final_direct
    // The final key is in the round-key register in the last round's clock (read in its slot, see
    // g_store_read; encrypt-only builds read rk[Nr] there as the row after the last middle round's).
    assign final_state = last_out ^ round_key_regs[BLOCK_W*(K-1) +: BLOCK_W];
    logic unused_l_dec;  // the key read carries the direction
    assign unused_l_dec = ^l_dec;
  end else begin : g_final_choice
    assign final_state = last_out ^ (l_dec[K-1] ? first_key_q : last_key_q);
    logic unused_key_regs;  // read by ENTRY_DIRECT's final key only
    assign unused_key_regs = ^round_key_regs;
    logic unused_final_next;  // the store reads no final key here
    assign unused_final_next = final_next;
  end
  // A refused block's data is zeroed by the FIFO's input register (in_clear_i), its flag kept above it.
  assign result      = {l_ref[K-1], final_state};
  assign out_fire    = out_valid_o && out_ready_i;

  // OUT_CHAIN (STORE_BRAM builds: `iterative-bram` and the encrypt-only block-RAM build): the FIFO is a row
  // of OUT_CAP registers (rijndael_fifo_chain) instead of LUT RAM: its data cost no LUT (the LUT RAM was 33
  // TRELLIS_DPR16X4, 198 of iterative-bram's 2156 LUT4 sites, for four entries of a 16-deep cell). With the
  // block taken straight into the round (ENTRY_DIRECT) the row falls through (FALL_THROUGH, HEAD_LOAD: two data
  // choices per bit): a result whose row is empty is at out_block_o in its last round's clock, from the round's
  // last-round output and the final key in the round-key register (see final_state), and is stored in the head
  // only if it is not taken there; a result behind one that waits goes into the head as that one leaves, or passes the
  // row's stages. A lone block's result handshake is therefore 2 * Nr edges after its own (a feedback mode's
  // stream: one block every 2 * Nr clocks). Blocks still go back to back: the pair taken 2 * Nr clocks after a
  // pair finds their results gone or counted within OUT_CAP.
  localparam bit OUT_CHAIN = STORE_BRAM;
  if (OUT_CHAIN) begin : g_out_chain
    rijndael_fifo_chain #(
      .WIDTH(BLOCK_W + 1), .DEPTH(OUT_CAP), .CLEAR_W(BLOCK_W), .HEAD_LOAD(ENTRY_DIRECT), .FALL_THROUGH(ENTRY_DIRECT)
    ) u_out_fifo (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .in_valid_i (result_push),
      .in_ready_o (unused_fifo_ready),  // always room: blocks are taken only into room (occupancy_q)
      .in_data_i  (result),
      .in_clear_i (l_ref[K-1]),
      .out_valid_o(out_valid),
      .out_ready_i(out_ready_i),
      .out_data_o (out_data),
      .wiping_o   (out_wiping)
    );
  end else begin : g_out_lut_ram
    rijndael_fifo_small #(.WIDTH(BLOCK_W + 1), .DEPTH(OUT_DEPTH), .CLEAR_W(BLOCK_W)) u_out_fifo (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .in_valid_i (result_push),
      .in_ready_o (unused_fifo_ready),  // always room: blocks are taken only into room (occupancy_q)
      .in_data_i  (result),
      .in_clear_i (l_ref[K-1]),
      .out_valid_o(out_valid),
      .out_ready_i(out_ready_i),
      .out_data_o (out_data),
      .wiping_o   (out_wiping)
    );
  end
  assign out_block_o = out_data[BLOCK_W-1:0];  // out_valid_o and out_error_o pass the front (u_front)
  assign key_error_o = key_error_q;

  // -------------------------------------------------------------------------------------------
  // Registers.
  assign occupancy_d = occupancy_q + OCC_W'(block_fire) - OCC_W'(out_fire);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) occupancy_q <= '0;
    else         occupancy_q <= occupancy_d;
  end

  // The key beat's decodes of this datapath and the start of an expansion (or of the wipe after a refused
  // key), a clock after the beat, from the front's beat register (beat_q); whether the beat was good, the
  // block-length code and Nr are the front's, loaded at the same edge.
  // The expansion's own registers below have no load enable, so in_ready_o reaches no wide one.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      nb_last_q   <= '0;
      col_used_q  <= '0;
      nk_last_q   <= '0;
      long_key_q  <= 1'b0;
      setup_q     <= 1'b1;  // wipe the store after reset
      wipe_q      <= 1'b1;
    end else begin
      setup_q <= setup_d;
      if (beat_q) begin
        if (key_supported) begin
          nb_last_q  <= key_nb_last;
          col_used_q <= key_col_used;
          nk_last_q  <= key_nk_last;
          long_key_q <= key_len_q > 3'd2;
        end
        wipe_q      <= !key_supported;
      end else if (setup_q && wipe_q && 32'(row_q) == WIPE_LAST && (!TWO_PASS || wipe_pass_q)) begin
        wipe_q <= 1'b0;
      end
    end
  end
  // An expansion (or wipe) starts with a key beat and ends with its last word (row).
  // The readies stay low a clock after an expansion ends (the end-key registers catch its last word).
  // DIR_SPEC: a clock more, for the whitening key registers (white_q) to catch the end-key registers' last word.
  logic setup_lag_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) setup_lag_q <= 1'b0;
    else         setup_lag_q <= DIR_SPEC && setup_q;
  end
  assign busy_d  = setup_d || setup_q || key_fire || wipe_draining || setup_lag_q;
  assign setup_d = beat_q ? 1'b1 : (setup_q && wipe_q) ? !(32'(row_q) == WIPE_LAST && (!TWO_PASS || wipe_pass_q)) :
                   (key_step && col_wrap && last_row) ? 1'b0 : setup_q;

  // The expansion's registers. While no expansion runs they are held at their start values, and the
  // window is loaded only through its steps: the first Nk steps copy key word j (from key_q, which holds
  // the beat's key) through oldest_q into the newest word, so after them the window's top Nk words are
  // w[0 .. Nk-1] and the words below are never read. Loaded whole (from the key register while no
  // expansion ran, so that a key beat needed no load enable), each window bit chose between the key and
  // the word above it: ~270 LUT4 of `iterative-bram`'s 2334 (one per bit); the copy's choice of key word
  // is oldest_q's, by the one-hot phase (~100).
  // The key words (key register, window, oldest word) are wiped from a kept flop of their own, a clock
  // after rst_ni or after the wipe after a refused key starts (the window holds the last key's last words
  // otherwise): rst_ni in the window's data choice was `unrolled5`'s seed-1 path (the pin wrapper's reset
  // flop -> 12.3 ns of routing -> oldest_q). The expansion's control (setup_q, wipe_q, the counters) still
  // resets from rst_ni, so the wipe after reset starts at row 0 and holds the zeroed window still.
  rijndael_reg_copy u_key_rst (.clk_i(clk_i), .d_i(rst_ni), .q_o(key_rst_nq));
  rijndael_reg_copy u_key_clear (.clk_i(clk_i), .d_i(!rst_ni || (setup_q && wipe_q)), .q_o(key_clear_q));
  // Key word j + 1, where j is the word this copy step copies (phase_q one-hot at j): the oldest word of
  // the next copy step. Key word 0 is the key's first (at the top of key_q).
  logic [31:0] next_key_word;
  always_comb begin
    next_key_word = '0;
    for (int w = 1; w < MAX_NK; w++) next_key_word |= {32{phase_q[w-1]}} & key_q[KEY_W-1-32*w -: 32];
  end
  always_ff @(posedge clk_i) begin
    if (key_clear_q) begin
      window_q <= '0;
      oldest_q <= '0;
    end else if (!setup_q) begin
      oldest_q <= key_q[KEY_W-1 -: 32];
    end else if (key_step) begin
      window_q <= {fresh, window_q[KEY_W-1:32]};
      oldest_q <= copy_next_q ? next_key_word : oldest_after_step;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || !setup_q) begin
      phase_q      <= MAX_NK'(1);
      copying_q    <= 1'b1;
      copy_next_q  <= 1'b1;  // every key has more than one word
      add_rot_q    <= 1'b0;
      add_sub_q    <= 1'b0;
      add_newest_q <= 1'b0;
      rcon_q       <= 8'h01;
      row_q        <= '0;
      col_q        <= MAX_NB'(1);
    end else if (wipe_q) begin
      row_q <= (32'(row_q) == WIPE_LAST) ? '0 : row_q + ROW_W'(1);
    end else if (key_step) begin
      phase_q      <= phase_step;
      copying_q    <= copying_step;
      copy_next_q  <= copying_step && !(|(phase_step & nk_last_q));
      add_rot_q    <= !copying_step && phase_step[0];
      add_sub_q    <= !copying_step && sub_only_step;
      add_newest_q <= !copying_step && !phase_step[0] && !sub_only_step;
      if (add_rot_q) rcon_q <= rijndael_pkg::xtime(rcon_q);
      col_q <= col_wrap ? MAX_NB'(1) : {col_q[MAX_NB-2:0], 1'b0};
      if (col_wrap) row_q <= last_row ? '0 : row_q + ROW_W'(1);
    end
  end

  // rk[0] and rk[Nr], one word register per column, caught a clock after the expansion makes them, from
  // the window's newest word (the step's fresh word; columns at and past Nb with zeros, as in the store);
  // cleared by reset and by the wipe after a refused key. Caught from the fresh word itself, the key
  // step's logic ran on into these registers (`tbox` seed 1: add_newest_q -> fresh -> last_q, 6.9 ns);
  // the readies wait the clock (busy_d), so a block taken right after an expansion finds both.
  for (genvar c = 0; c < MAX_NB; c++) begin : g_end_keys
    logic [31:0] first_q, last_q, word;
    logic        write, write_first_q, write_last_q;
    assign write = key_step && (col_q[c] || !col_used_q[c]);
    assign word  = col_used_q[c] ? newest : 32'h0;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        write_first_q <= 1'b0;
        write_last_q  <= 1'b0;
      end else begin
        write_first_q <= write && row_q == '0;
        write_last_q  <= write && last_row;
      end
    end
    always_ff @(posedge clk_i) begin
      if (!key_rst_nq || (setup_q && wipe_q)) begin
        first_q <= '0;
        last_q  <= '0;
      end else begin
        if (write_first_q) first_q <= word;
        if (write_last_q)  last_q  <= word;
      end
    end
    assign first_key_q[BLOCK_W-32-32*c +: 32] = first_q;
    assign last_key_q[BLOCK_W-32-32*c +: 32]  = last_q;
  end
endmodule
