// rijndael_core_pipelined: fully pipelined Rijndael/AES core, Nr round stages, one block per clock.
// Selected by rijndael_core (ARCH = 1), which owns the shared parameter checks and the port contract
// (docs/core-interface.md). How it works and what it costs: docs/architectures.md.
//
// Theory of operation:
// - One block size and one key size per build (Nr is the number of stages), any Rijndael pair.
//   Every round has its own rijndael_round (or, with SUBSTAGES, the same round split into
//   rijndael_round_front / rijndael_round_back with registers between the parts). A round is
//   1 + SUBSTAGES register slots long; the pipeline is L = Nr * (1 + SUBSTAGES) slots.
// - Each slot carries its block's tags (valid, inverse = decrypting, refused). The pipeline never stalls:
//   every register slot moves every clock (no clock enable fanning out to thousands of flops, block RAMs
//   always enabled). Back-pressure is taken by an output buffer (rijndael_fifo_fast, OUT_DEPTH >= L + 4
//   entries) and credits: a block is taken only while at most OUT_DEPTH blocks are in flight or
//   buffered, so every block that leaves the last slot has a place, and nothing is lost or reordered.
//   The last slot's register goes straight into the buffer's output registers when the buffer is empty
//   (a clock after the last part), into its memory otherwise, and leaves through the buffer's two-entry
//   output stage (a clock more), the only place out_ready_i reaches. in_ready_o is a flop of the shared
//   front end (rijndael_core_front), loaded from the input skid buffer's room. After reset the buffer is wiped
//   (OUT_DEPTH cycles) before in_ready_o rises.
// - The shared front end (rijndael_core_front, REFUSE_HERE = 0, as in the iterative core) judges every
//   beat at the port: a key beat's size check and key slot (key_error_o), a block's refusal (no valid key
//   in its slot, a slot the build lacks, a direction the build lacks), with key validity kept per key
//   slot there. Its verdicts travel with the beat through the input skid buffer (beat_slot_ok,
//   beat_refused; the size check in two halves, ANDed at the skid's head: beat_supported, see the input stage);
//   the key-change rules below apply at the skid's head.
// - Round keys are registers: round_keys_q[k][r] holds round key r (r = 0..Nr) of key slot k (below;
//   k = 0 when KEY_SLOTS = 1, which the rest of this paragraph assumes). Encryption round r reads
//   round_keys_q[r], decryption round r (equivalent inverse cipher) reads round_keys_q[Nr-r], and the
//   initial AddRoundKey reads round_keys_q[0] (encrypt) or round_keys_q[Nr] (decrypt). One
//   rijndael_key_step fills them: the key beat writes round key 0, then a "wave" writes round key r
//   at the clock edge where the key beat's own slot has just passed every old block that still
//   reads round r and before any block after the key beat reads it (see `Wave timing` below). Every
//   block therefore leaves with the key it entered with, by construction, and an encryption block can
//   follow its key beat in the next cycle.
// - Decryption blocks read round keys in reverse, so they cannot ride behind a wave: a decrypt block
//   after a key beat waits until the wave has written round key Nr, and a key beat waits until every
//   decrypt block ahead of it has reached the last slot (it would overwrite the keys they still need).
// - A second key beat waits until the wave of the previous key has finished, unless no block was taken
//   since that key (then the unused wave is simply dropped): keys can change every Nr * (1 + SUBSTAGES)
//   cycles at no cost. (All of this per key slot, see below.)
// - Key slots (KEY_SLOTS > 1): the core holds the round keys of KEY_SLOTS keys, round_keys_q[k][r].
//   in_slot_i picks the slot a key beat writes and the slot a block beat uses; each pipeline slot
//   carries its block's key-slot tag, and every part reads round_keys_q[tag][r] (decryption
//   [tag][Nr-r]). Blocks of different key slots therefore follow each other back to back with no key
//   beat between them: a host that keeps one key per slot (the engine: one per context) loads each key
//   once. A key beat for slot k starts a wave for slot k with the timing below; only blocks of slot k
//   are ordered against it (they wait for it, and it waits for them, by the rules above and below with
//   "block" read as "block of slot k"); blocks of other slots pass freely, as their round keys are not
//   touched. There is one key step, so a key beat for another slot waits until the running wave ends
//   (key loads are rare; the unused-wave shortcut applies to a key beat for the wave's own slot only).
//   A slot number the build lacks (KEY_SLOTS not a power of two) is refused: its blocks leave with
//   out_error_o, its key beats raise key_error_o and write nothing. With KEY_SLOTS = 1 the port is
//   ignored and everything is as described above.
// - Refused blocks (no valid key in their slot, or a direction the build lacks) travel the pipeline like
//   any other block and leave in order with out_error_o high and zero data. A key beat with a length the
//   build lacks raises key_error_o and starts a wave of zeros in its slot, which wipes that slot's round
//   keys behind the blocks still in flight.
// - Reset zeroes every slot, tag, round key of every key slot and the key-expansion state, and wipes the
//   output buffer's memory (OUT_DEPTH cycles, in_ready_o low).
`include "rijndael_core_params.svh"

// Parameters: the core's list (rtl/pkg/rijndael_core_params.svh). Read here: BLOCK_SIZES and KEY_SIZES with
// exactly one bit each (Nb, Nk = 4 + the bit index), MAX_NB/MAX_NK, the directions, SUBSTAGES (extra register
// slots inside each round: 0..3, block RAM 1..5), SBOX, TBOX (SUBSTAGES = 0 only) and KEY_SLOTS (keys held at
// once, 1..16, chosen per beat by in_slot_i). The others belong to other architectures.
module rijndael_core_pipelined #(
  `RIJNDAEL_CORE_PARAMS,
  localparam int SLOT_W = KEY_SLOTS > 1 ? $clog2(KEY_SLOTS) : 1
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
  input  logic [SLOT_W-1:0]    in_slot_i,       // key beats: the slot written; block beats: the slot used
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
  localparam int NB      = MAX_NB;
  localparam int NK      = MAX_NK;
  localparam int W       = 32 * NB;
  localparam int KEY_W   = 32 * NK;
  localparam int NR      = (NB > NK ? NB : NK) + 6;
  localparam int D       = 1 + SUBSTAGES;  // register slots per round
  localparam int L       = NR * D;         // register slots in the pipeline
  localparam int WIN     = rijndael_pkg::key_window_words(BLOCK_MASK, KEY_MASK);
  localparam logic [2:0] NB_CODE = 3'(NB - 4);
  localparam logic [2:0] NK_CODE = 3'(NK - 4);
  localparam bit BRAM    = SBOX == rijndael_pkg::SBOX_BRAM;
  // Block-RAM S-boxes: latency 1 (address register) with SUBSTAGES = 1, else 2 (plus the RAM's own output
  // register, ~1 ns clock-to-output on ECP5 instead of ~5.6 ns).
  localparam int SBOX_LAT = BRAM ? (SUBSTAGES >= 2 ? 2 : 1) : 0;
  // Block-RAM S-boxes with SUBSTAGES = 5: one plain register in front of the RAM address as well.
  localparam int PRE      = BRAM && SUBSTAGES >= 5 ? 1 : 0;
  // Output buffer entries: at least L + 4, so that one block per clock keeps flowing with the credit
  // decision and its late counts registered (held_q stays at L + 1, see there).
  localparam int OUT_DEPTH = 1 << $clog2(L + 4);
  // Credits: blocks that may be held (taken and not yet delivered) before the take decision, plus one
  // (held_q's width, see there): OUT_DEPTH + 1, so at most OUT_DEPTH blocks are held. The buffer holds
  // OUT_DEPTH + 8 (its memory's OUT_DEPTH - 1, four output registers, the five of its output stage), and
  // its memory never reaches its last two slots (where its ready would fall) while the output registers
  // hold or claim at least three entries, which they do whenever the memory holds any. With OUT_DEPTH
  // credits, the clock the output stage adds put `pipelined` (L = 60, OUT_DEPTH = 64) at 1.045 cycles per
  // block (`make bench`): held_q stays at L + 2 at full rate (see credit_ok_d).
  localparam int CREDITS = OUT_DEPTH + 1;

  // ---------------------------------------------------------------------------------------------
  // Options only this architecture has (rijndael_core checked the shared ones). The same rules are in
  // src/rijndael_hw/configs.py, in words.
  // The size check holds where rijndael_core selects this architecture (ARCH = pipelined): Yosys also
  // elaborates every module once with the list's defaults (ARCH = iterative, three key sizes), a copy that
  // is never used and must not stop the read.
  if (ARCH == rijndael_pkg::ARCH_PIPELINED
      && (BLOCK_SIZES != (1 << (MAX_NB - 4)) || KEY_SIZES != (1 << (MAX_NK - 4)))) begin : g_check_sizes
    ERROR_PIPELINED_needs_exactly_one_block_size_and_one_key_size u_error ();
  end
  if (SUBSTAGES < 0 || SUBSTAGES > (BRAM ? 5 : 3)) begin : g_check_substages
    ERROR_SUBSTAGES_must_be_0_to_3_or_with_block_RAM_S_boxes_1_to_5 u_error ();
  end
  if (BRAM && SUBSTAGES == 0) begin : g_check_bram
    ERROR_PIPELINED_SBOX_BRAM_needs_SUBSTAGES_1_or_more_the_S_box_register_is_a_substage u_error ();
  end
  if (TBOX != 0 && SUBSTAGES != 0) begin : g_check_tbox
    ERROR_PIPELINED_TBOX_needs_SUBSTAGES_0_a_T_box_round_has_no_inner_register u_error ();
  end
  if (KEY_SLOTS < 1 || KEY_SLOTS > 16) begin : g_check_key_slots
    ERROR_KEY_SLOTS_must_be_1_to_16 u_error ();
  end

  // ---------------------------------------------------------------------------------------------
  // Where the slots of a round sit (offset o = 0..D-1 inside the round; the slot after part o):
  //   SUBSTAGES 0: [whole round]
  //   SUBSTAGES 1: [SubBytes] [ShiftRows, MixColumns, AddRoundKey]
  //   SUBSTAGES 2: [SubBytes] [ShiftRows, [dec: AddRoundKey], MixColumns] [enc: AddRoundKey]
  //   SUBSTAGES 3: [input register] [SubBytes] [ShiftRows, [dec: AddRoundKey], MixColumns] [enc: AddRoundKey]
  // With block-RAM S-boxes (SBOX_LAT slots inside the RAM, then plain registers on the route away from it):
  //   SUBSTAGES 1: [SubBytes: RAM address register] [ShiftRows, MixColumns, AddRoundKey]
  //   SUBSTAGES 2..4: [RAM address register] [RAM output register] [register] x (s - 2) [ShiftRows,
  //                   MixColumns, AddRoundKey]; the back part's register is the one in front of the next
  //                   round's RAM address, so every hop to and from a RAM row starts at a flop.
  //   SUBSTAGES 5:    [register] [RAM address register] [RAM output register] [register] [register]
  //                   [ShiftRows, MixColumns, AddRoundKey]: one more register on the way into the RAM row
  //                   (also in the first round, behind the initial AddRoundKey).
  //   Builds that decrypt (SPLIT_BACK, SUBSTAGES >= 4): the last plain register before the back part takes
  //   ShiftRows and the decryption AddRoundKey, the back part keeps (Inv)MixColumns and the encryption
  //   AddRoundKey.
  // FRONT_AT is the offset of SubBytes. KEY_AT is the first offset that reads a round key; every part
  // that reads one is at KEY_AT or KEY_AT + 1, which is what lets a single wave serve old and new blocks.
  localparam int FRONT_AT = SUBSTAGES == 3 && !BRAM ? 1 : 0;
  // SPLIT_BACK: builds that decrypt with two plain registers after the RAM output (SUBSTAGES >= 4) do
  // ShiftRows and the decryption AddRoundKey in the second of them, and (Inv)MixColumns with the
  // encryption AddRoundKey in the last part: both directions' linear layer in one part was the critical
  // path of pipelined-both.
  localparam bit SPLIT_BACK = BRAM && DECRYPT && D - 2 >= PRE + SBOX_LAT + 1;
  // SPLIT_MIX: encrypt-only builds with the same two plain registers split ShiftRows and MixColumns
  // over them (rijndael_round_mix_split): the second register holds the two halves of every MixColumns
  // output bit (2*W flops), the last part XORs them with the round key, one LUT level per part. The
  // whole network with the key in the last part (three LUT levels behind a 2.9 ns route from the
  // register beside the RAM row) was the critical path of `pipelined`.
  localparam bit SPLIT_MIX  = BRAM && ENCRYPT && !DECRYPT && D - 2 >= PRE + SBOX_LAT + 1;
  localparam int KEY_AT   = BRAM ? (SPLIT_BACK ? D - 2 : D - 1) :
                            SUBSTAGES == 0 ? 0 : SUBSTAGES == 1 ? 1 : (DECRYPT ? FRONT_AT + 1 : FRONT_AT + 2);

  // Wave timing. Count the cycles of the key beat's own slot: cycle 0 is the one in which the key beat is
  // taken, cycle k is the k-th cycle after it. In cycle k every older block sits at slot position
  // k+1 or later, every newer block at k-1 or earlier (position 0 = being taken, p = after register p).
  // A block at position p works on round p/D + 1, part p%D. So round key r must be new in cycles
  // k >= (r-1)*D + KEY_AT + 1 and old in cycles k <= (r-1)*D + KEY_AT + (read span) - 1: the wave
  // writes it at the clock edge that ends cycle (r-1)*D + KEY_AT + HOLD.
  // HOLD: blocks of the key's slot are held for HOLD cycles after the key beat, and the whole wave runs
  // HOLD cycles later (old blocks keep their keys longer, new ones enter later: both stay right).
  // LEAD: when Nb > Nk, round key 0 reaches past the key, so the key beat spends the key step on the
  // lead step (as rijndael_core_iterative does); HOLD = 1.
  // SERIAL: where the rounds are long enough and Nb <= Nk, the wave expands the key one word per clock
  // (rijndael_fold_key_word with its S-boxes registered, REG_AFTER: a word that needs SubWord waits one
  // clock after the word it reads was made, so no path holds the whole loop) instead of Nb words in
  // one clock (rijndael_key_step: a chain through up to two S-boxes), and a round key is the newest Nb
  // words of the window, taken by wiring alone. A round key's Nb words, up to SUB_WORDS of them with
  // SubWord, are made in the D - 1 clocks after each capture; the first round key needs 2*Nb - Nk words
  // (one S-box wait at most) before its capture, which sets HOLD.
  // KEY_SBOX_LAT: the key word's S-box takes two clocks (a register inside its case ROMs and one after) where
  // the wave keeps pace: with Nk a multiple of Nb every SubWord word is a round key's first, whose capture
  // clock is one of its two waits; else (CAPTURE_MAKES: `pipelined-192`) a capture clock makes the next key's
  // first word (the capture reads window_q as the edge shifts it): D clocks, Nb words, two waits per SubWord
  // word. Elsewhere one clock (REG_AFTER): window_q -> the S-box's four LUT levels -> its register was a path
  // of pipelined, -256 (session 43) and every -192 record (session 49). wave_schedule checks every capture
  // at elaboration. Cost: HOLD a clock longer (`pipelined`, `-both`: whose split rounds have KEY_AT = D - 2).
  localparam bit LEAD         = NB > NK;
  localparam int SUB_WORDS    = NK > 6 && NB > 4 ? 2 : 1;
  localparam int FIRST_NEW    = 2 * NB - NK;  // words made before the first capture (if positive)
  localparam int FIRST_COST1  = FIRST_NEW > 0 ? FIRST_NEW + 1 : 0;  // clocks, with one one-clock S-box wait
  localparam int FIRST_COST2  = FIRST_NEW > 0 ? FIRST_NEW + 2 : 0;  // the same with a two-clock S-box
  localparam int SERIAL_HOLD1 = FIRST_COST1 - KEY_AT + 2 > 0 ? FIRST_COST1 - KEY_AT + 2 : 0;
  localparam int SERIAL_HOLD2 = FIRST_COST2 - KEY_AT + 2 > 0 ? FIRST_COST2 - KEY_AT + 2 : 0;
  localparam bit SERIAL       = !LEAD && KEY_AT >= 1 && NB + SUB_WORDS <= D - 1 && SERIAL_HOLD1 <= 3;
  localparam int KEY_SBOX_LAT = SERIAL && (NK % NB == 0 || NB + 2 * SUB_WORDS <= D) && NB + 2 <= D &&
                                SERIAL_HOLD2 <= 4 ? 2 : 1;
  localparam bit CAPTURE_MAKES = KEY_SBOX_LAT == 2 && NK % NB != 0;  // see KEY_SBOX_LAT and wave_schedule
  localparam int SERIAL_HOLD  = KEY_SBOX_LAT == 2 ? SERIAL_HOLD2 : SERIAL_HOLD1;
  localparam int HOLD_BASE    = LEAD ? 1 : SERIAL ? SERIAL_HOLD : 0;
  localparam bit STEP_AT_KEY  = LEAD || KEY_AT == 0;   // the key beat uses the key step
  localparam bit WRITE_AT_KEY = !LEAD && KEY_AT == 0;  // round key 1 is written by the key beat itself
  // KEY_REG: the wave's key step result is registered (wave_key_q) and written into the round keys one
  // clock later, so the key step and the route to every round's key register are separate clock
  // periods. The wave then steps one clock ahead of its write, which needs round key 1's write to be at
  // least two clocks after the key beat (the key beat loads window_q in its own clock).
  localparam bit KEY_REG      = KEY_AT + HOLD_BASE >= 2;
  // KEY_BCAST (block-RAM builds with SUBSTAGES = 5, the named ones): the registered round key passes one
  // more register (wave_bcast_q, with its write enables) on the way to the round keys, so the broadcast to
  // every round is two hops, each from a flop: from wave_key_q alone, which the placer keeps near the key
  // window, the route to the far rounds' key registers was the critical path (pipelined, seed 1: no logic,
  // 5.53 ns from X30/Y14 to X100/Y41, 165.26 MHz; pipelined-192, seeds 2 and 3: 6.1-6.2 ns). Every write
  // is a clock later, so HOLD is one more (a key change costs a clock more); the steps are where they were.
  localparam bit KEY_BCAST    = KEY_REG && BRAM && SUBSTAGES >= 5;
  // DEC_STORE (KEY_BCAST builds with SPLIT_BACK: pipelined-both): the decrypting rounds' key terms,
  // InvMixColumns' preprocessing of round keys 1 .. Nr-1, are kept in registers of their own (dec_keys_q),
  // written with the round keys from a broadcast of their own, beside the round that reads each. Round key
  // r is read by encrypting round r - 1 and decrypting round Nr - 1 - r, at opposite ends of the pipeline:
  // read from the one register (placed by the encrypting reader, reset from its slot) through the
  // preprocessing, it was two seeds' path of pipelined-both (the round key -> three LUT levels -> 4.35 ns
  // of routing -> the decrypting round's key term; the encrypting round's slot reset -> 4.85 ns -> the
  // same key term, session 43). Cost: W flops per round key and slot; the preprocessing is done once, on
  // the broadcast, instead of in every decrypting round.
  localparam bit DEC_STORE    = KEY_BCAST && SPLIT_BACK;
  localparam int HOLD         = HOLD_BASE + (KEY_BCAST ? 1 : 0);
  // FIRST_WAIT: cycles before round key 1's step.
  localparam int FIRST_WAIT   = KEY_AT + HOLD - 1 - (KEY_REG ? 1 : 0) - (KEY_BCAST ? 1 : 0);
  // SERIAL: words to make before the first capture after a key beat (the window starts with Nk words).
  localparam int FIRST_WORDS  = 2 * NB - NK > 0 ? 2 * NB - NK : 0;

  // ---------------------------------------------------------------------------------------------
  // Handshakes (the output buffer's signals are described with it, below)
  logic             out_wiping, out_fire, held_move_q, held_up_q, credit_ok_d, unused_buffer_ready;
  logic [W:0]       buffer_data;
  logic [CREDITS-1:0] held_q, held_d;  // blocks taken and not yet delivered, as a thermometer code
  logic in_fire, key_fire, block_fire, key_ok, in_inverse, block_refused;
  logic decrypt_in_flight, slot_ok, wave_slot_in;
  logic [SLOT_W-1:0] slot_in;              // in_slot_i, or 0 where the build has no such slot

  // Unpacked, one word per slot: Icarus passes a packed vector whole to every reader whenever any part of
  // it changes, so the 60 slots' updates cost 60 x 60 x 7680 bits a clock (about 15 clocks per second).
  // Nets, each driven by one assign from a slot's own flop (data_q below): Icarus 11 does not always pass
  // a word of an unpacked variable written by always_ff on through a continuous assignment (X downstream).
  wire  [W-1:0]        slot_q [L];          // data after each register slot, in pipeline order
  wire  [W-1:0]        slot_d [L];
  wire  [W-1:0]        slot_out [L];        // what the next part reads (the BRAM output for SubBytes slots)
  logic [L-1:0]        slot_valid_q, slot_inverse_q, slot_refused_q;
  logic [L-1:0]        slot_valid_d, slot_inverse_d;
  logic [L-1:0][SLOT_W-1:0] slot_tag_q, slot_tag_d;  // the key slot of each block in flight

  logic [KEY_SLOTS-1:0][NR:0][W-1:0] round_keys_q, round_keys_d;
  logic [KEY_SLOTS-1:0][NR-1:1][W-1:0] dec_keys_q;  // DEC_STORE: [k][r], r = 1 .. Nr-1 (see DEC_STORE)
  logic [L-1:0]                      slot_wipe_q;  // the datapath's resets, active high (see the slot registers)
  logic [NR:0]                       key_wipe_q;   // round key r's copy of its slot's reset (g_key_wipe)
  logic [SLOT_W-1:0] wave_slot_q, wave_slot_d;  // the key slot the wave writes
  logic [32*WIN-1:0] window_q, window_d;   // key expansion state the wave continues from
  logic [2:0]        phase_q, phase_d;
  logic [7:0]        rcon_q, rcon_d;
  logic              wave_busy_q, wave_busy_d;    // round keys 1..Nr are not all written yet
  logic [3:0]        wave_index_q;                // the round key the wave writes next
  logic [2:0]        wave_wait_q;                 // cycles before that write's key step
  logic              wave_used_q;                 // a block was taken since the wave's key beat
  logic [2:0]        hold_q, hold_d;              // cycles left in which the key's slot takes no block
  logic              write_pending_q;             // KEY_BCAST: a round-key write is in wave_key_q's stage
  logic              block_take_q, block_take_d;  // the block beat at the head is taken this clock
  logic [3:0]        todo_q, todo_d;              // SERIAL: key words still to make before the next capture
  logic              produce_q;                   // SERIAL: todo_q != 0, kept in a flop (it selects window_d)
  logic              fresh_q;                     // SERIAL: the window's newest word changed at the last edge
  logic              fresh2_q;                    // SERIAL: ... or at the edge before (fresh_q a clock late)
  logic              rot_q, sub_q;                // SERIAL: phase_q == 0, Nk > 6 && phase_q == 4, in flops
  logic              key_supported_q;             // the held key beat's sizes are the build's (decided a clock early)
  logic              key_go_q, key_go_d;          // the key beat at the head is taken in the next clock
  logic              key_take_q;                  // the key beat at the head is taken this clock
  logic              key_pend_q, key_go_own_q;    // key_go_d's own flags: a key beat is on its way (see there)
  logic              wave_clear_q;                // rst_ctl_q || key_fire, from a flop (see there)
  logic              rot_word_q, sub_word_q;      // SERIAL: the key word's rot_q / sub_q (see g_word_flags)
  // The wave's step and the round key it writes, a clock ahead into flops: wave_busy_q && wave_wait_q == 0
  // (step_due_q) and wave_index_q one-hot (index_hot_q), so each round key's write enable is one LUT of
  // flops (wave_wait_q -> two LUT levels -> 2.7 ns -> write_enable_q was a critical path, pipelined,
  // seed 2, 165.04 MHz).
  // index_hot_q moves as a shift, by the wave's step into the next index (step_due_q && !wave_end_q, the
  // term that moves wave_index_q on), so each bit's next value is one LUT of four flops: decoded from
  // wave_index_n, it read the wait count, the busy and end flags and the index (wave_wait_q -> three LUT
  // levels -> index_hot_q, pipelined-192 seed 2 and pipelined-both seed 3 on the session-42 records).
  // It equals wave_index_q's decode at every clock: both load the key beat's index (_f) and are zero after
  // reset, where no step is due until a key beat.
  logic              step_due_q;
  logic [NR:1]       index_hot_q, index_hot_n, index_hot_f;
  logic [NR-1:0]     index_hot_below;  // index_hot_q[r - 1] at bit r - 1, with a zero for index 0
  assign index_hot_below = {index_hot_q[NR-1:1], 1'b0};
  for (genvar r = 1; r <= NR; r++) begin : g_index_hot
    assign index_hot_n[r] = step_due_q && !wave_end_q ? index_hot_below[r-1] : index_hot_q[r];
    assign index_hot_f[r] = wave_index_f == 4'(r);
  end

  // Input stage: the shared front end judges each beat at the port (rijndael_core_front) and registers
  // in_ready_o; every beat then passes a skid buffer (rijndael_skid) with the front's verdicts, so the
  // acceptance logic below works on flops (beat_*) and the producer's handshake reaches only the front's
  // ready flop and the skid's valid flags. One clock of latency.
  // The size check goes through the skid in two halves (the key length in its mask, the block length in
  // its mask: one LUT each at the port), ANDed at the skid's head (beat_supported): with the whole check
  // at the port, the pin wrapper's beat register, which sits by the pins, -> the check's first LUT -> 2.8 ns
  // of routing -> two more LUTs -> the skid's verdict flop was the path of two pipelined-both seeds and one
  // seed each of pipelined, -192 and -256 (sessions 43-44); with the whole check at the head, the head's
  // length flops -> two LUTs -> 4.3-4.6 ns -> the key window's copies of the verdict was two pipelined seeds
  // (session 44). (The front still makes the whole check at the port for its own key flags.)
  localparam int BEAT_W = 1 + 4 + 1 + SLOT_W + KEY_W + W;
  logic              beat_valid, beat_take, beat_is_key, beat_decrypt, skid_ready_next;
  logic              port_supported, port_slot_ok, port_refused, port_fire;  // the front's verdicts at the port
  // (port_supported unused: the check's two halves go through the skid, see BEAT_W)
  logic              next_valid, next_is_key, next_decrypt;  // the head after this clock edge
  logic [3:0]        unused_next_verdicts;
  logic [SLOT_W-1:0] next_slot;
  logic [KEY_W-1:0]  unused_next_key;
  logic [W-1:0]      unused_next_block;
  logic              beat_supported, beat_slot_ok, beat_refused;
  logic              beat_key_ok, beat_block_ok, port_key_ok, port_block_ok;  // the check's halves
  logic [SLOT_W-1:0] beat_slot;
  logic [KEY_W-1:0]  beat_key;
  logic [W-1:0]      beat_block;

  // The control flops away from the input (the wave's state and schedule, the round-key write enables and
  // key flags, the credit count) reset from a kept register of their own, a clock after rst_ni: rst_ni's
  // one inverter LUT, placed anywhere, to all of them was the critical path of two seeds (the wrapper's
  // reset flop -> 2.6-3.1 ns -> the inverter -> 4.2-4.7 ns -> a round's wipe register or the credit
  // count's LSR, 118-124 MHz). The input side (the
  // front's ready, the skid, the key and block take flags) still resets from rst_ni, so in_ready_o is low from
  // the first clock of a reset; the control's lag of one clock only lets it act on what the input side
  // already dropped, and the blocks it might start then leave into the output buffer while the buffer is
  // held in reset (below).
  logic rst_ctl_q;
  (* keep *)
  always_ff @(posedge clk_i) rst_ctl_q <= !rst_ni;

  // The wide data registers of the input side (the skid's two beats, the key window, the stepped round
  // key) are wiped from a kept register of their own, a clock after rst_ni falls: rst_ni through the
  // reset's inverter to the LSR of the skid's data flops was the critical path (pipelined, seed 1: a
  // 3.1 ns route after the LUT, 165 MHz). Their control flops still reset from rst_ni, and no beat is
  // taken for many clocks after a reset (the front's ready waits for the output buffer's wipe), so the
  // clock's lag changes nothing they hold when it matters; the wipe itself is done in the second clock (the
  // skid's, through its slices' copies of it, in the third).
  logic front_wipe_q;
  (* keep *)
  always_ff @(posedge clk_i) front_wipe_q <= !rst_ni;
  // The key window's wipe stays high for the clock after as well (from rst_ctl_q), so that the window is
  // wiped once more after the wave's schedule is reset (see sched_q). No key beat reaches the window
  // before the fourth clock of a reset: the front's ready, low from the first clock until the output
  // buffer's wipe is over (buffer_rst_q from the second), keeps the skid from taking a beat before then.
  logic window_wipe_q;
  (* keep *)
  always_ff @(posedge clk_i) window_wipe_q <= !rst_ni || rst_ctl_q;

  // The front takes a beat whenever the skid will have room next clock and the output buffer's wipe after
  // reset is over (block and key beats alike: the key-change rules wait at the skid's head). Its output
  // side is a plain pass-through here (REFUSE_HERE = 0: refused blocks travel the pipeline).
  logic             front_ready_next, unused_skid_ready, unused_key_fire, unused_block_fire, unused_key_open;
  logic             unused_key_valid, unused_beat, unused_beat_supported, unused_out_zero;
  logic [2:0]       unused_nk_code, unused_nb_code, unused_beat_key_len, unused_beat_block_len;
  logic [3:0]       unused_key_nr, unused_nr;
  logic             core_valid, core_ready, core_error;  // the output buffer's side of the front
  logic             buffer_rst_q;                        // the output buffer's reset (see u_out_buffer)
  // buffer_rst_q as well: the buffer's wiping flag rises only the clock after its reset starts, so in
  // the clock after a reset edge it still shows the old wipe's end, and for a one-clock reset pulse (the
  // front's ready reset once) that made in_ready_o rise for a clock.
  // Both flags sit with the buffer at the pipeline's far end, so the front reads them through a kept
  // register of its own (front_hold_q), a clock late, with !rst_ni for the clock that lateness would leave
  // open: buffer_rst_q is high over one unbroken run of clocks from the one after rst_ni falls, so
  // front_hold_q covers every clock it does, and holds the front one clock longer at the end. With the
  // flags read directly, the buffer's wiping_q -> one LUT -> 5.75 ns of routing -> the front's
  // key_ready_q was pipelined-192's seed-3 path (session 42).
  logic front_hold_q;
  rijndael_reg_copy #(.WIDTH(1)) u_front_hold (
    .clk_i(clk_i), .d_i(!rst_ni || out_wiping || buffer_rst_q), .q_o(front_hold_q));
  assign front_ready_next = skid_ready_next && !front_hold_q;
  rijndael_core_front #(
    .BLOCK_SIZES(BLOCK_SIZES), .KEY_SIZES(KEY_SIZES), .ENABLE_ENCRYPT(ENABLE_ENCRYPT),
    .ENABLE_DECRYPT(ENABLE_DECRYPT), .REFUSE_HERE(1'b0), .BEAT_REG(1'b0), .KEY_SLOTS(KEY_SLOTS)
  ) u_front (
    .clk_i, .rst_ni, .in_valid_i, .in_ready_o, .in_is_key_i, .in_key_len_i, .in_block_len_i, .in_decrypt_i,
    .in_slot_i,
    .block_ready_next_i(front_ready_next), .key_ready_next_i(front_ready_next), .empty_next_i(1'b0),
    .key_hold_i(1'b0), .key_open_o(unused_key_open),
    .key_supported_o(port_supported), .slot_ok_o(port_slot_ok), .block_refused_o(port_refused),
    .key_fire_o(unused_key_fire), .block_fire_o(unused_block_fire), .key_nr_o(unused_key_nr),
    .key_valid_o(unused_key_valid), .nk_code_o(unused_nk_code), .nb_code_o(unused_nb_code), .nr_o(unused_nr),
    .beat_o(unused_beat), .beat_supported_o(unused_beat_supported),  // BEAT_REG only
    .beat_key_len_o(unused_beat_key_len), .beat_block_len_o(unused_beat_block_len),
    .core_valid_i(core_valid), .core_ready_o(core_ready), .core_error_i(core_error),
    .out_valid_o, .out_ready_i, .out_error_o, .out_zero_o(unused_out_zero), .key_error_o
  );
  assign port_fire = in_valid_i && in_ready_o;

  rijndael_skid #(.WIDTH(BEAT_W), .SLICES(8)) u_input (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .wipe_i     (front_wipe_q),
    .in_valid_i (port_fire),
    .in_ready_o (unused_skid_ready),  // the front's in_ready_o, a clock later than its room: always high when taken
    .in_ready_next_o(skid_ready_next),
    .in_data_i  ({in_is_key_i, port_key_ok, port_block_ok, port_slot_ok, port_refused, in_decrypt_i, in_slot_i,
                  in_key_i, in_block_i}),
    .out_valid_o(beat_valid),
    .out_ready_i(beat_take),
    .out_data_o ({beat_is_key, beat_key_ok, beat_block_ok, beat_slot_ok, beat_refused, beat_decrypt, beat_slot,
                  beat_key, beat_block}),
    .next_valid_o(next_valid),
    .next_data_o ({next_is_key, unused_next_verdicts, next_decrypt, next_slot, unused_next_key,
                   unused_next_block}),
    .out_ready_next_i(key_go_q || block_take_d)
  );

  assign in_inverse = DECRYPT && (!ENCRYPT || beat_decrypt);
  assign port_key_ok    = rijndael_pkg::size_in_mask(5'(KEY_SIZES), in_key_len_i);
  assign port_block_ok  = rijndael_pkg::size_in_mask(5'(BLOCK_SIZES), in_block_len_i);
  assign beat_supported = beat_key_ok && beat_block_ok;

  // Key slots: a slot number the build lacks (KEY_SLOTS not a power of two; the front's verdict) is refused
  // like a bad key length, and reads or writes slot 0's place in no array.
  if (KEY_SLOTS > 1) begin : g_slot_in
    assign slot_ok = beat_slot_ok;
    assign slot_in = slot_ok ? beat_slot : '0;
  end else begin : g_one_slot
    logic unused_slot_in;  // one key: the port is there for the common port list only
    assign slot_ok = 1'b1;
    assign slot_in = '0;
    assign unused_slot_in = ^{beat_slot, beat_slot_ok};
  end
  // The front's verdict at the port: the key validity of the block's slot there is the one this block sees
  // here, as the beats stay in order between the two (a key beat ahead of it was judged before it).
  assign block_refused  = beat_refused;
  // Only blocks of the slot the wave writes are ordered against it; other slots' round keys stay put.
  assign wave_slot_in   = wave_slot_q == slot_in;

  // A decrypt block of the key beat's slot before the last slot still reads round keys the key beat's
  // wave would overwrite.
  // Taken from flops, not from an OR over the pipeline's flags in the clock that decides the key beat: that
  // OR gathers flags from slots all along the die, and with it in front of key_go_d the key decision was
  // the critical path (pipelined-both, seed 1: a slot's direction flag -> 3 LUTs -> 5.1 ns route -> the
  // key_go_d logic -> the window's copies of it, 82 MHz). Per round and key slot, dec_round_q says a
  // decrypt block of that key slot sits in the round's slots before the last (from the next-state flags,
  // so exact); dec_any_q is their OR, a clock late, which is the set a clock ago: every block in flight
  // now but the one taken in the last clock (slot 0, added from its flags) was in it. A block that left
  // in the last clock still counts for one clock, so a key beat may wait one clock more than it must.
  // No reset, like the slot flags: they flush, and no key beat is taken for many clocks after a reset.
  logic [KEY_SLOTS-1:0][NR-1:0] dec_round_q;
  logic [KEY_SLOTS-1:0]         dec_any_q;
  for (genvar k = 0; k < KEY_SLOTS; k++) begin : g_dec_slot
    for (genvar j = 0; j < NR; j++) begin : g_dec_round
      logic [D-1:0] here;
      for (genvar o = 0; o < D; o++) begin : g_dec_part
        if (j * D + o <= L - 2) begin : g_before_last
          assign here[o] = slot_inverse_d[j * D + o] && slot_tag_d[j * D + o] == SLOT_W'(k);
        end else begin : g_last
          assign here[o] = 1'b0;
        end
      end
      always_ff @(posedge clk_i) dec_round_q[k][j] <= DECRYPT && |here;
    end
    always_ff @(posedge clk_i) dec_any_q[k] <= |dec_round_q[k];
  end
  assign decrypt_in_flight = DECRYPT && (dec_any_q[slot_in] || (slot_inverse_q[0] && slot_tag_q[0] == slot_in));

  // A second key beat waits for the previous wave to end, unless that wave is unused and writes the
  // same slot (then it is dropped: the new wave rewrites every round key of that slot in order).
  // (A decrypt block reads round key Nr first, so it also waits for a registered write still pending.)
  // A key beat is taken in three clocks: the clock that finds it acceptable (key_go_d) sets key_go_q, the
  // next (armed) loads every flag and copy that the take steers from key_go_q, and the third takes it
  // (key_take_q). So the decision, a few LUT levels over the wave's flags, ends in flops beside it, and
  // the copies beside the window's bytes, the Rcon flags and the schedules are loaded from a flop, with no
  // logic on the way: with the copies loaded from key_go_d, the wave's flags -> the decision -> the
  // window's per-byte copies was the critical path of all three seeds of pipelined-both and seed 2 of
  // pipelined (wave_busy_q -> 1-2 LUT levels -> 4.6-5.3 ns of routing, 159.92-180.77 MHz), and key_go_q
  // -> one LUT -> the step copies over 6.4 ns that of pipelined-256, seed 3. Nothing else can be taken in
  // between (the key beat is at the head), and what the decision read can only become more permissive:
  // the wave can only end and decrypt blocks can only move on. Cost: one clock per key beat.
  assign key_ok     = (!wave_busy_q || (!wave_used_q && wave_slot_in)) && !decrypt_in_flight;
  assign key_go_d   = beat_valid && beat_is_key && !key_pend_q && (key_ok || !slot_ok);
  // key_pend_q: a key beat is decided and not yet taken (the armed and the take clock), so it is not
  // decided twice. From flops of its own beside the decision: key_go_q drives the take, the key flags
  // and the wave, and its loop back into key_go_d crossed the die twice (pipelined-both, seed 3: 3.8 +
  // 3.8 ns of routing). key_go_own_q equals key_go_q (reset like it, folded into d_i).
  rijndael_reg_copy #(.WIDTH(1)) u_key_go_own (.clk_i(clk_i), .d_i(rst_ni && key_go_d), .q_o(key_go_own_q));
  // key_pend_q has no reset: after a reset edge it is high for at most one clock (from the decision and
  // key_go_own_q of the clock before it; both are low after it, as the skid is empty), which only holds back
  // key decisions, and none can be made then (the front's ready stays low until the output buffer's wipe). With rst_ni folded in,
  // the wrapper's reset flop -> 5.7 ns -> its two LUTs was a critical path (pipelined-256, seed 2 of
  // 90b2443, 148.32 MHz).
  rijndael_reg_copy #(.WIDTH(1)) u_key_pend (
    .clk_i(clk_i), .d_i(key_go_d || key_go_own_q), .q_o(key_pend_q));
  // wave_clear_q: rst_ctl_q || key_fire, from a flop, loaded in the armed clock. The key beat's head does
  // not change between the decision and the take (nothing is taken in between), so slot_ok is the same in
  // all three; after a reset key_take_q is zero whenever rst_ctl_q is high. The wave's flops take their
  // key-beat values or zero under it: Yosys had merged "reset or key beat loads zero" into one LUT in
  // front of their LSRs (pipelined-both, seed 2: key_go_q -> 4.7 ns -> that LUT -> 1.9 ns -> wave_used_q).
  rijndael_reg_copy #(.WIDTH(1)) u_wave_clear (
    .clk_i(clk_i), .d_i(!rst_ni || (key_go_q && slot_ok)), .q_o(wave_clear_q));
  // A block beat's take is decided a clock ahead into block_take_q, from the next-state values of the skid's
  // head and of everything the decision reads (credit, hold, wave, the wave's key slot), so the take that
  // enables the input skid's ~400 flops and starts a block is one flop (the combinational take from the
  // head's flags through the gates was the seed-1 path, 6.6 ns with two routes across the die). The
  // decision is the same one the clock would make from those registers: a block is held while its key
  // slot's wave holds new blocks back (hold), a decrypt block of that slot also while the wave runs or a
  // write is pending (it reads round key Nr first), and every block waits for a credit. Only blocks of the
  // slot the wave writes are ordered against it; other slots' round keys stay put.
  logic next_inverse, next_wave_slot, unused_next;
  assign next_inverse = DECRYPT && (!ENCRYPT || next_decrypt);
  if (KEY_SLOTS > 1) begin : g_next_slot
    assign next_wave_slot = (int'(next_slot) < KEY_SLOTS ? next_slot : SLOT_W'(0)) == wave_slot_d;
  end else begin : g_next_one_slot
    logic unused_wave_slot_d;  // one slot: every block is the wave's
    assign next_wave_slot     = 1'b1;
    assign unused_wave_slot_d = ^wave_slot_d;
  end
  assign unused_next  = ^{unused_next_verdicts, next_slot, unused_next_key, unused_next_block, port_supported};
  assign block_take_d = next_valid && !next_is_key && credit_ok_d &&
                        !(next_wave_slot && (hold_d != 3'd0 ||
                                             (next_inverse && (wave_busy_d || (KEY_REG && wave_write) ||
                                                               (KEY_BCAST && write_pending_q)))));
  assign beat_take  = key_take_q || block_take_q;
  assign in_fire    = beat_take;
  assign key_fire   = key_take_q && slot_ok;

  // key_error_o follows each key beat as the front takes it (at the port), not when the key is taken from
  // the skid, which may be many clocks later behind a running wave.
  assign block_fire = in_fire && !key_take_q;

  // ---------------------------------------------------------------------------------------------
  // Key beat decoding: the key words at the top of the window, newest word highest.
  logic              key_supported;
  logic [32*WIN-1:0] key_window;

  // Decoded in the clock that decides the key beat, used in the clock that takes it (the beat is held).
  // No reset: it is read only with key_fire (and rcon_fire_q), which a reset keeps low for many clocks; reset
  // from rst_ni, the wrapper's reset flop -> 4.7 ns -> its LUT was a critical path (pipelined-192, seed 2 of
  // 90b2443, 169.26 MHz). A kept copy, so that synthesis does not merge it with the copies below, which
  // load the same value.
  rijndael_reg_copy u_key_supported (.clk_i(clk_i), .d_i(beat_supported), .q_o(key_supported_q));
  assign key_supported = key_supported_q;
  // The wide uses (the window and round key 0, zeroed for a refused key) read kept copies, one per 32-bit
  // word, loaded from the same decode: key_supported_q to all of them was the critical path (pipelined,
  // seed 1: a 2.7 ns route into the window's input choice, 164 MHz). No reset: they matter only with
  // key_fire, which a reset keeps low for many clocks.
  logic [WIN-1:0]    win_supported_q;
  logic [W/32-1:0]   key0_supported_q;
  logic [32*WIN-1:0] win_supported;
  logic [W-1:0]      key0_supported;
  for (genvar w = 0; w < WIN; w++) begin : g_win_supported
    (* keep *)
    always_ff @(posedge clk_i) win_supported_q[w] <= beat_supported;
    assign win_supported[32*w +: 32] = {32{win_supported_q[w]}};
  end
  for (genvar w = 0; w < W / 32; w++) begin : g_key0_supported
    (* keep *)
    always_ff @(posedge clk_i) key0_supported_q[w] <= beat_supported;
    assign key0_supported[32*w +: 32] = {32{key0_supported_q[w]}};
  end
  for (genvar w = 0; w < WIN; w++) begin : g_key_window
    if (w >= WIN - NK) begin : g_key_word
      assign key_window[32*w +: 32] = beat_key[KEY_W-1-32*(w-(WIN-NK)) -: 32];
    end else begin : g_empty
      assign key_window[32*w +: 32] = 32'h0;
    end
  end

  // The wave's key expansion. Parallel: one key step makes a round key's Nb words in one clock (the key
  // beat's step (the lead step, or round key 1) or the wave's next step). SERIAL: one word per clock.
  logic [32*WIN-1:0] step_window_out, base_window;
  logic [2:0]        step_phase_out;
  logic [7:0]        step_rcon_out;
  logic [W-1:0]      first_round_key, stepped_round_key;
  logic              step_key;
  assign step_key    = STEP_AT_KEY && key_fire;
  assign base_window = LEAD ? step_window_out : key_window;

  if (SERIAL) begin : g_serial_key
    // window_q holds Nk words (WIN = Nk when Nb <= Nk): word 0 is w[i-Nk], word WIN-1 is w[i-1].
    logic [31:0] word;
    // The key word's phase flags rot_word_q / sub_word_q come from schedules of their own (g_word_flags,
    // below the step schedule). Its reset reaches only the S-box's output register (key material, no
    // control): wiped from front_wipe_q like the window (rst_ni's inverter to their LSRs was the critical
    // path, 135 MHz).
    rijndael_fold_key_word #(
      .SBOX(BRAM ? rijndael_pkg::SBOX_LUT : SBOX), .SBOX_LATENCY(KEY_SBOX_LAT),
      .REG_AFTER(KEY_SBOX_LAT == 1)
    ) u_key_word (
      .clk_i    (clk_i),
      .rst_ni   (!front_wipe_q),
      .back_i   (window_q[32*(WIN-NK) +: 32]),
      .prev_i   (window_q[32*(WIN-1) +: 32]),
      .rot_i    (rot_word_q),
      .sub_i    (sub_word_q),
      .rcon_i   (rcon_q),
      .word_o   (word),
      .rcon_o   (step_rcon_out)
    );
    assign step_window_out = {word, window_q[32*WIN-1:32]};
    assign step_phase_out  = phase_q == 3'(NK - 1) ? 3'd0 : phase_q + 3'd1;
    // The round key is the newest Nb words, oldest first (in the most significant bits).
    for (genvar c = 0; c < NB; c++) begin : g_round_key_word
      assign stepped_round_key[W-1-32*c -: 32] = window_q[32*(WIN-NB+c) +: 32];
    end
  end else begin : g_parallel_key
    logic unused_serial;  // the one-hot phase flags and the key word's copies serve the serial expansion only
    assign unused_serial = rot_q ^ sub_q ^ rot_word_q ^ sub_word_q;
    // When the key beat does not step (STEP_AT_KEY = 0) the key step only ever continues window_q, so
    // the handshake stays off the key step's inputs.
    logic [32*WIN-1:0] step_window_in;
    logic [2:0]        step_phase_in;
    logic [7:0]        step_rcon_in;
    assign step_window_in = step_key ? key_window : window_q;
    assign step_phase_in  = step_key ? 3'd0 : phase_q;
    assign step_rcon_in   = step_key ? 8'h01 : rcon_q;

    rijndael_key_step #(
      .MAX_NB(NB), .WIN(WIN), .BLOCK_SIZES(BLOCK_MASK), .KEY_SIZES(KEY_MASK),
      .SBOX(BRAM ? rijndael_pkg::SBOX_LUT : SBOX)  // a handful of key S-boxes stay combinational
    ) u_key_step (
      .window_i (step_window_in),
      .nb_code_i(NB_CODE),
      .nk_code_i(NK_CODE),
      .phase_i  (step_phase_in),
      .rcon_i   (step_rcon_in),
      .window_o (step_window_out),
      .phase_o  (step_phase_out),
      .rcon_o   (step_rcon_out)
    );

    // The round key the key step just produced.
    rijndael_round_key_select #(
      .MAX_NB(NB), .WIN(WIN), .BLOCK_SIZES(BLOCK_MASK), .KEY_SIZES(KEY_MASK)
    ) u_stepped_round_key (
      .window_i(step_window_out), .nb_code_i(NB_CODE), .nk_code_i(NK_CODE), .round_key_o(stepped_round_key)
    );
  end

  // Round key 0 from the window right after the key (after the lead step when Nb > Nk).
  rijndael_round_key_select #(
    .MAX_NB(NB), .WIN(WIN), .BLOCK_SIZES(BLOCK_MASK), .KEY_SIZES(KEY_MASK)
  ) u_first_round_key (
    .window_i(base_window), .nb_code_i(NB_CODE), .nk_code_i(NK_CODE), .round_key_o(first_round_key)
  );

  // A refused key never reaches the round keys: its blocks are refused (key_valid_q), the key beat zeroes
  // round key 0 and the window, and the wave then expands that all-zero window with rcon 0, so round keys
  // 1..Nr hold constants that carry no secret (and no trace of the key they replace). Only a key beat that
  // steps itself (STEP_AT_KEY) still reads the refused key's words and zeroes that step's result. Zeroing
  // every wave step instead (key_valid_q -> the LSR of all W wave_key_q flops) was the critical path.
  logic         wave_write, wave_step, wave_key_valid;
  logic [W-1:0] wave_round_key;

  // A key beat that does not step leaves the key step to the running wave in its cycle (that wave is
  // replaced from the next cycle on; its write now is on time for the blocks ahead of the key beat).
  logic write_key;
  assign write_key        = WRITE_AT_KEY && key_fire;
  assign wave_step        = !step_key && step_due_q;
  assign wave_write       = write_key || wave_step;
  assign wave_key_valid   = !step_key || key_supported;
  assign wave_round_key   = wave_key_valid ? stepped_round_key : '0;

  // KEY_REG: the stepped round key and its write enables (one flop per slot and round key, so each
  // round-key register is enabled straight from a flop) wait one clock; KEY_BCAST: two.
  // KEY_BCAST: wave_bcast_q writes the round keys of the first NEAR_ROUNDS rounds, and a kept copy of it
  // (wave_bcast_far_q, loaded from wave_key_q in the same clock) those of the rounds after them: each
  // register writes one half of the rounds (the flow's ring floorplans put the halves on the two sides of
  // the die and each register on a block beside its half); with one register for all ten rounds of
  // `pipelined`, its route to the far side's key registers was a path (5.1 ns, no logic, session 46).
  // Until session 49 builds of more than ten rounds wrote rounds 0-9 from wave_bcast_q (the two EBR rows
  // of their serpentine; wave_bcast_q -> round 10's key registers, 4.8-5.2 ns of routing, was a path of
  // pipelined-192 and -256) and the rest from the copy (the third row); on the flow's wide ring, two
  // whole EBR rows, they take halves as `pipelined` does (the far copy's block beside the rounds after
  // the first half: src/rijndael_hw/synth.py, _wide_ring_options). Not in DEC_STORE builds
  // (`pipelined-both`), whose decrypting rounds have a broadcast register of their own (dec_bcast_q):
  // there the copy pulled wave_key_q away from dec_bcast_q's preprocessing (seed 3: 5.19 ns of routing)
  // and the record fell from 164.23 to 156.47 MHz on its serpentine (the ring did not help it either).
  localparam int NEAR_ROUNDS = DEC_STORE ? 10 : NR / 2;
  localparam bit BCAST_FAR   = NR > NEAR_ROUNDS;
  logic [KEY_SLOTS-1:0][NR:1] write_now, write_enable_q, write_bcast_q;
  logic [W-1:0]               wave_key_q, wave_bcast_q, wave_bcast_far_q;
  // KEY_OWN_WIPE (split broadcast: `pipelined`, `-192`, `-256`): wave_key_q is wiped from a kept
  // flop of its own, in step with front_wipe_q. Wiped from front_wipe_q and loaded straight from the window,
  // eight of its flops were the same flops as the key word's S-box select bits (rijndael_sbox's top_q: the
  // same D and reset, and Yosys merges such flops), so the broadcast's source sat at the S-box's output
  // mux: its route from there to the far broadcast register, and the S-box's from the broadcast side, were
  // paths (session 47 steering, 4.5-4.9 ns). With a reset of its own it is a register of its own, loaded
  // from flops alone, which the flow fixes midway between the two broadcast registers (synth.py, the ring).
  localparam bit KEY_OWN_WIPE = KEY_BCAST && BCAST_FAR && NEAR_ROUNDS < 10;
  logic wave_key_wipe;
  if (KEY_OWN_WIPE) begin : g_key_own_wipe
    rijndael_reg_copy #(.WIDTH(1)) u_wave_key_wipe (.clk_i(clk_i), .d_i(!rst_ni), .q_o(wave_key_wipe));
  end else begin : g_key_front_wipe
    assign wave_key_wipe = front_wipe_q;
  end
  if (KEY_REG) begin : g_key_reg
    always_ff @(posedge clk_i) begin
      if (rst_ctl_q) write_enable_q <= '0;
      else         write_enable_q <= write_now;
      if (wave_key_wipe) wave_key_q <= '0;
      else               wave_key_q <= wave_round_key;
    end
  end else begin : g_key_direct
    logic unused_key_reg;  // round keys are written in the clock of their key step
    assign write_enable_q = '0;
    assign wave_key_q     = '0;
    assign unused_key_reg = ^{write_enable_q, wave_key_q, wave_key_wipe};
  end
  // wave_bcast_q has no reset: it follows wave_key_q, which front_wipe_q zeroes in the second clock of a
  // reset while the window it loads from is wiped in the second and third, so it is zero from the fourth
  // (with the round keys). A reset net to it, placed between the rounds, would be one more route across
  // the die from the input side. write_pending_q is wave_write a clock late: a write then still has two
  // edges to go, so a decrypt block (it reads round key Nr first) waits for it as for wave_write.
  if (KEY_BCAST) begin : g_key_bcast
    logic wave_write_q;
    always_ff @(posedge clk_i) begin
      if (rst_ctl_q) begin
        write_bcast_q <= '0;
        wave_write_q  <= 1'b0;
      end else begin
        write_bcast_q <= write_enable_q;
        wave_write_q  <= wave_write;
      end
      wave_bcast_q <= wave_key_q;
    end
    if (BCAST_FAR) begin : g_far
      rijndael_reg_copies #(.WIDTH(W), .COPIES(1), .RESET(1'b0)) u_bcast_far (
        .clk_i(clk_i), .rst_ni(1'b1), .d_i(wave_key_q), .q_o(wave_bcast_far_q));
    end else begin : g_near_only
      assign wave_bcast_far_q = '0;
    end
    assign write_pending_q = wave_write_q;
    if (DEC_STORE) begin : g_dec_store
      // The preprocessed round key, broadcast as wave_bcast_q is (a register of its own, written into
      // dec_keys_q by the same write enables; left to the placer).
      logic [W-1:0] wave_key_pre, dec_bcast_q;
      for (genvar c = 0; c < NB; c++) begin : g_pre
        rijndael_inv_mix_pre u_pre (.column_i(wave_key_q[W-1-32*c -: 32]), .column_o(wave_key_pre[W-1-32*c -: 32]));
      end
      always_ff @(posedge clk_i) dec_bcast_q <= wave_key_pre;
      // Round keys 0 and Nr are added without the preprocessing (the last round, the whitening).
      for (genvar k = 0; k < KEY_SLOTS; k++) begin : g_slot
        for (genvar r = 1; r <= NR - 1; r++) begin : g_key
          // Wiped from the slot reset chain at the decrypting round that reads it (round Nr - 1 - r).
          always_ff @(posedge clk_i) begin
            if (slot_wipe_q[(NR - 1 - r) * D])  dec_keys_q[k][r] <= '0;
            else if (write_bcast_q[k][r])       dec_keys_q[k][r] <= dec_bcast_q;
          end
        end
      end
    end else begin : g_no_dec_store
      assign dec_keys_q = '0;
    end
  end else begin : g_no_bcast
    logic unused_bcast;  // round keys are written from wave_key_q (or the key step)
    assign write_bcast_q   = '0;
    assign wave_bcast_q    = '0;
    assign wave_bcast_far_q = '0;
    assign dec_keys_q      = '0;
    assign write_pending_q = 1'b0;
    assign unused_bcast    = ^{write_bcast_q, wave_bcast_q, wave_bcast_far_q, write_pending_q};
  end
  logic unused_dec_keys;  // read only by the decrypting rounds of DEC_STORE builds
  assign unused_dec_keys = ^dec_keys_q;

  // The key beat writes round key 0 (and round key 1 when WRITE_AT_KEY) of its own slot, the wave the
  // rest of the wave's slot.
  // Round key 0's write enable comes from a kept copy of key_take_q of its own (equal to it: the same
  // reset, folded into d_i): key_take_q, which the window and the wave's registers pull towards the key
  // window, -> 5.0 ns of routing -> round key 0's enables (no logic) was pipelined's seed-1 path (session
  // 43).
  logic key_take_rk0_q;
  rijndael_reg_copy #(.WIDTH(1)) u_key_take_rk0 (.clk_i(clk_i), .d_i(rst_ni && key_go_q), .q_o(key_take_rk0_q));
  for (genvar k = 0; k < KEY_SLOTS; k++) begin : g_key_slot
    logic key_here, key_here_rk0, wave_here;
    assign key_here     = key_fire && slot_in == SLOT_W'(k);
    assign key_here_rk0 = key_take_rk0_q && slot_ok && slot_in == SLOT_W'(k);  // key_here, from the copy
    assign wave_here = write_key ? key_here : wave_slot_q == SLOT_W'(k);
    assign round_keys_d[k][0] = key_here_rk0 ? first_round_key & key0_supported : round_keys_q[k][0];
    for (genvar r = 1; r <= NR; r++) begin : g_round_key
      assign write_now[k][r] = wave_here && (write_key ? r == 1 : wave_step && index_hot_q[r]);
      if (KEY_BCAST) begin : g_broadcast
        assign round_keys_d[k][r] = write_bcast_q[k][r] ? (r - 1 < NEAR_ROUNDS ? wave_bcast_q : wave_bcast_far_q)
                                                        : round_keys_q[k][r];
      end else if (KEY_REG) begin : g_delayed
        assign round_keys_d[k][r] = write_enable_q[k][r] ? wave_key_q : round_keys_q[k][r];
      end else begin : g_direct
        assign round_keys_d[k][r] = write_now[k][r] ? wave_round_key : round_keys_q[k][r];
      end
    end
    // One always_ff per round key, reset with the slot reset chain (slot_wipe_q, below) at the round that
    // reads it, through a kept copy of that chain flop per round key (key_wipe_q): rst_ni to the LSR of
    // every round-key flop (NR x W per slot, spread along the pipeline) was the critical path (a 3.3 ns
    // route). They are wiped with the slots, four clocks after rst_ni falls.
    for (genvar r = 0; r <= NR; r++) begin : g_wipe_round_key
      always_ff @(posedge clk_i) begin
        if (key_wipe_q[r]) round_keys_q[k][r] <= '0;
        else                         round_keys_q[k][r] <= round_keys_d[k][r];
      end
    end
  end

  // SERIAL: make a word this clock (owed, and its S-box input older than the S-box's register).
  logic produce_now;
  assign produce_now = SERIAL && !key_fire && produce_q &&
                       !((rot_q || sub_q) && (fresh_q || (KEY_SBOX_LAT == 2 && fresh2_q)));

  // The window's next value, chosen per 32-bit word from kept flops of its own, by the same rule as the
  // block below (a key taken: its window; else a word made or a wave step: the step's window; else hold),
  // each decided a clock ahead: key_go_q to the choice of every window bit was the critical path
  // (pipelined, seed 1: a 3.3 ns route, 182 MHz), and with per-word copies of key_go_q alone the shared
  // step term (from fresh_q, rot_q, sub_q, produce_q) took its place (159 MHz). No reset: after a reset the
  // copies equal what they copy from the second clock on, and the window is wiped in that clock.
  //
  // The step term itself comes from a shift register, not from the wave's state: a wave never stalls and
  // nothing but a key beat starts or replaces one, so which clocks after a key beat make a word (SERIAL)
  // or step (parallel) is a constant of the build, STEP_SCHEDULE (bit t: clock t after the key-beat clock),
  // computed below by running the wave's rules at elaboration. The term of the next clock is then a flop
  // (sched_q[0], below). Computed from the wave's next-state values (todo_d, phase_d, wave_wait_d, ...) it was four
  // LUT levels and the critical path (pipelined, 155.55 MHz median, seed 1: wave_wait_q -> L6MUX ->
  // PFUMX -> LUT -> 1.6 ns route -> win_step_q). The wave's own registers still hold phase, Rcon and the
  // write index; both follow the same rules (wave_schedule mirrors the always_comb block below).
  localparam int SCHED_LEN = (NR + 2) * D + 8;  // clocks after a key beat; the wave ends well within
  // Three rows of SCHED_LEN + 1 bits, row r at [r * (SCHED_LEN + 1)], bit t: clock t after the key-beat
  // clock (flat: Icarus takes no two-dimensional parameter). Row 0: the step term (bit SCHED_LEN: the wave
  // did not end in time, or a capture came while words were still owed); rows 1 and 2 (SERIAL): rot_q and
  // sub_q (bit SCHED_LEN: their values once the wave is over, which they keep). CAPTURE_MAKES: see below.
  localparam int ROW = SCHED_LEN + 1;
  function automatic logic [3*ROW-1:0] wave_schedule();
    logic [3*ROW-1:0] rows;
    int todo, phase, index, wait_left;
    bit busy, produce, fresh, fresh2, rot, sub, now, late, cap;
    rows = '0;  // t = 0, the key-beat clock: the key_fire branch of the always_comb block
    busy      = 1'b1;
    index     = WRITE_AT_KEY ? 2 : 1;
    wait_left = WRITE_AT_KEY ? D - 1 : FIRST_WAIT;
    todo      = SERIAL ? FIRST_WORDS : 0;
    phase     = 0;
    produce   = todo != 0;
    fresh     = 1'b1;
    fresh2    = 1'b0;
    rot       = 1'b1;
    sub       = 1'b0;
    late      = 1'b0;
    for (int t = 1; t < SCHED_LEN; t++) begin
      rows[ROW + t]     = rot;
      rows[2 * ROW + t] = sub;
      cap = CAPTURE_MAKES && busy && wait_left == 0 && index != NR;  // a capture that starts a round key
      now = SERIAL ? (produce || cap) && !((rot || sub) && (fresh || (KEY_SBOX_LAT == 2 && fresh2)))
                   : busy && wait_left == 0;
      rows[t] = now;
      if (SERIAL && now) begin
        phase = phase == NK - 1 ? 0 : phase + 1;
        todo  = todo - 1;
      end
      if (busy) begin
        // A capture (wait_left == 0) takes the round key from the window: its words must all be made.
        if (wait_left == 0) late = late || (SERIAL && produce);
        if (wait_left != 0) begin
          wait_left = wait_left - 1;
        end else if (index == NR) begin
          busy = 1'b0;
        end else begin
          index     = index + 1;
          wait_left = D - 1;
          todo      = SERIAL ? NB - (now ? 1 : 0) : 0;  // now: only with cap (produce was 0)
        end
      end
      produce = todo != 0;
      fresh2  = fresh;
      fresh   = SERIAL && now;
      rot     = phase == 0;
      sub     = NK > 6 && phase == 4;
    end
    rows[SCHED_LEN]           = busy || todo != 0 || late;
    rows[ROW + SCHED_LEN]     = rot;
    rows[2 * ROW + SCHED_LEN] = sub;
    wave_schedule = rows;
  endfunction
  localparam logic [3*ROW-1:0] WAVE_SCHEDULE = wave_schedule();
  localparam logic [SCHED_LEN:0] STEP_SCHEDULE = WAVE_SCHEDULE[0 +: ROW];
  if (STEP_SCHEDULE[SCHED_LEN]) begin : g_check_schedule
    ERROR_PIPELINED_key_wave_late_or_longer_than_its_step_schedule u_error ();
  end

  // sched_q[i]: the step term of the clock i + 1 after the current one (while no key beat is taken), so
  // the step term of the next clock is a flop (sched_q[0]) and its copies beside the window's bytes load
  // from it with no logic between. It is loaded in the armed clock, the clock before a key beat is taken
  // (sched_load_q), with the terms from the clock after the take on; the term of the take's own clock is
  // the running wave's, already in the copies. The step term has no reset hold-off of its own: sched_q
  // is zero from the third clock of a reset (sched_load_q, key_go_q low), and a step taken in the second
  // or third lands in the window while window_wipe_q, high for the second and third clocks, wipes it (the
  // wipe has priority), and in rcon_q, which rst_ctl_q zeroes in the second (zero steps to zero). With
  // `!rst_ctl_q` in step_next, rst_ctl_q -> that LUT -> 3.2 ns -> a window step copy was the critical
  // path (pipelined, seed 2, 128.16 MHz); with sched_q reset from rst_ni instead, the wrapper's
  // reset flop -> rst_ni's inverter -> sched_q's LSR was (seeds 2 and 3 of 6c1d796, 142.59 / 153.66 MHz).
  //
  // The schedules load from copies of two flags, one pair per SCHED_SEG bits: sched_load_q (reset, or the
  // armed clock: the wave_clear_q rule a clock earlier) and sched_key_q (the armed clock: a key beat is
  // taken in the next clock, key_go_q && slot_ok). With one load flop for all (and the key flag as a LUT of
  // key_go_q), its route to the 104 flops of pipelined-256's schedule was that build's seed-3 path
  // (sched_load_q -> one LUT -> sched_q, 5.3 ns of routing, 153.94 MHz).
  localparam int SCHED_SEG  = 16;
  localparam int SCHED_SEGS = (SCHED_LEN + SCHED_SEG - 1) / SCHED_SEG;  // over the longest row (SCHED_LEN bits)
  logic [SCHED_SEGS-1:0] sched_load_q, sched_key_q;
  rijndael_reg_copies #(.COPIES(SCHED_SEGS), .RESET(1'b1)) u_sched_load (
    .clk_i(clk_i), .rst_ni(rst_ni), .d_i(key_go_d && slot_ok), .q_o(sched_load_q));
  rijndael_reg_copies #(.COPIES(SCHED_SEGS), .RESET(1'b0)) u_sched_key (
    .clk_i(clk_i), .rst_ni(rst_ni), .d_i(key_go_d && slot_ok), .q_o(sched_key_q));
  logic [SCHED_LEN-2:0] sched_q;
  logic [SCHED_LEN-2:0] sched_shift;  // sched_q one clock on
  assign sched_shift = {1'b0, sched_q[SCHED_LEN-2:1]};
  for (genvar i = 0; i < SCHED_LEN - 1; i++) begin : g_sched
    always_ff @(posedge clk_i) begin
      if (sched_load_q[i / SCHED_SEG]) sched_q[i] <= sched_key_q[i / SCHED_SEG] && STEP_SCHEDULE[i + 1];
      else                             sched_q[i] <= sched_shift[i];
    end
  end
  logic step_next;  // the step term of the next clock
  assign step_next = sched_q[0];

  // SERIAL: the key word's phase flags (RotWord and Rcon at phase 0, SubWord at phase 4 when Nk > 6) are
  // replayed from schedules of their own too (rows 1 and 2, loaded with sched_q), into copies beside the
  // key word: from rot_q, which the wave's control logic also reads, the route into the word's RotWord /
  // Rcon choice was the critical path (pipelined, seed 1: rot_q -> 2.8 ns -> four LUT levels -> window_q's
  // newest word, 167.67 MHz), and once they were copies loaded from the phase's next value, the key take
  // -> three LUT levels -> rot_word_q was (pipelined-both, seed 2, 165.73 MHz). They equal rot_q / sub_q
  // whenever a word is made (the take's own clock makes none); their shift registers keep their last
  // value once a wave is over, and hold phase 0's (rot, not sub) after a reset.
  if (SERIAL) begin : g_word_flags
    localparam logic [SCHED_LEN:0] ROT_SCHEDULE = WAVE_SCHEDULE[ROW +: ROW];
    localparam logic [SCHED_LEN:0] SUB_SCHEDULE = WAVE_SCHEDULE[2 * ROW +: ROW];
    logic [SCHED_LEN-1:0] rot_sched_q, sub_sched_q, rot_shift, sub_shift;
    assign rot_shift = {rot_sched_q[SCHED_LEN-1], rot_sched_q[SCHED_LEN-1:1]};
    assign sub_shift = {sub_sched_q[SCHED_LEN-1], sub_sched_q[SCHED_LEN-1:1]};
    for (genvar i = 0; i < SCHED_LEN; i++) begin : g_word_sched
      always_ff @(posedge clk_i) begin
        if (sched_load_q[i / SCHED_SEG]) begin
          rot_sched_q[i] <= sched_key_q[i / SCHED_SEG] ? ROT_SCHEDULE[i + 1] : 1'b1;
          sub_sched_q[i] <= sched_key_q[i / SCHED_SEG] && SUB_SCHEDULE[i + 1];
        end else begin
          rot_sched_q[i] <= rot_shift[i];
          sub_sched_q[i] <= sub_shift[i];
        end
      end
    end
    (* keep *)
    always_ff @(posedge clk_i) rot_word_q <= rot_sched_q[0];
    (* keep *)
    always_ff @(posedge clk_i) sub_word_q <= sub_sched_q[0];
  end else begin : g_no_word_flags
    assign rot_word_q = 1'b0;
    assign sub_word_q = 1'b0;
  end

  // One copy of each flag per byte of the window: with one per 32-bit word, a word's copy sat with the
  // control logic that loads it, and its route to the word's choices was the critical path (pipelined,
  // seed 1: win_fire_q -> 3.7 ns -> two LUT levels -> the newest window word, 166.25 MHz).
  logic [4*WIN-1:0] win_fire_q, win_step_q;
  for (genvar b = 0; b < 4 * WIN; b++) begin : g_window_next
    logic fire;
    (* keep *)
    always_ff @(posedge clk_i) win_fire_q[b] <= key_go_q;
    (* keep *)
    always_ff @(posedge clk_i) win_step_q[b] <= step_next;
    assign fire = win_fire_q[b] && slot_ok;
    assign window_d[8*b +: 8] = fire ? (STEP_AT_KEY ? step_window_out[8*b +: 8] : key_window[8*b +: 8]) &
                                       win_supported[8*b +: 8]
                              : win_step_q[b] ? step_window_out[8*b +: 8] : window_q[8*b +: 8];
  end

  // SERIAL: Rcon, read only by the key word, is updated from flags of its own, copies of the window's
  // (a key taken, a word made), so that its enable is a flop beside it: from key_fire and produce_now it
  // was the critical path (pipelined, seed 2: key_go_q -> LUT -> 3.3 ns route -> LUT -> the CE of rcon_q,
  // 145.90 MHz). Same values as rcon_d gives: a word is made exactly when the step term says so.
  logic [7:0] rcon_next;
  if (SERIAL) begin : g_rcon_flags
    logic rcon_fire_q, rcon_step_q;
    (* keep *)
    always_ff @(posedge clk_i) rcon_fire_q <= key_go_q;
    (* keep *)
    always_ff @(posedge clk_i) rcon_step_q <= step_next;
    assign rcon_next = rcon_fire_q && slot_ok ? (key_supported ? 8'h01 : 8'h00)
                     : rcon_step_q            ? step_rcon_out : rcon_q;
    logic unused_rcon_d;  // the wave's rule for Rcon, which the flags above replace here
    assign unused_rcon_d = ^rcon_d;
  end else begin : g_rcon_wave
    assign rcon_next = rcon_d;
  end

  // The wave's next state without a key beat (_n) and with one (_f); _d is the one this clock takes.
  // The wave's flops take _f or zero under wave_clear_q (below) and _n otherwise, so that no
  // combinational term of key_fire reaches their resets.
  logic [SLOT_W-1:0] wave_slot_n, wave_slot_f;
  logic [2:0]        phase_n, phase_f, wave_wait_n, wave_wait_f;
  logic [7:0]        rcon_n, rcon_f;
  logic              wave_busy_n, wave_busy_f, wave_used_n, wave_used_f;
  logic [3:0]        wave_index_n, wave_index_f, todo_n, todo_f;
  logic [2:0]        hold_n, hold_f;
  // wave_end_q: the wave writes its last round key this clock (wave_busy_q, wave_wait_q == 0 and
  // wave_index_q == Nr), decided a clock ahead from the next-state values, so wave_busy_d, which the block
  // take reads, is one LUT of flops: the index compare in front of it made the take decision four LUT
  // levels into the input skid's head-load flag, the path of two seeds of pipelined-both (wave_index_q
  // -> 4.7-4.8 ns of routing -> head_load_q, 159.80 / 162.73 MHz on the session-42 record).
  logic              wave_end_q;
  assign wave_slot_f  = slot_in;
  assign phase_f      = !key_supported ? '0 : STEP_AT_KEY ? step_phase_out : 3'd0;
  assign rcon_f       = !key_supported ? '0 : STEP_AT_KEY ? step_rcon_out : 8'h01;
  assign wave_busy_f  = 1'b1;
  assign wave_index_f = WRITE_AT_KEY ? 4'd2 : 4'd1;
  assign wave_wait_f  = WRITE_AT_KEY ? 3'(D - 1) : 3'(FIRST_WAIT);
  assign wave_used_f  = 1'b0;
  assign hold_f       = 3'(HOLD);
  assign todo_f       = SERIAL ? 4'(FIRST_WORDS) : 4'd0;
  always_comb begin
    wave_slot_n  = wave_slot_q;
    phase_n      = phase_q;
    rcon_n       = rcon_q;
    wave_busy_n  = wave_busy_q;
    wave_index_n = wave_index_q;
    wave_wait_n  = wave_wait_q;
    wave_used_n  = wave_used_q || (block_fire && wave_busy_q && wave_slot_in);
    hold_n       = hold_q != 3'd0 ? hold_q - 3'd1 : 3'd0;
    todo_n       = todo_q;
    // SERIAL: make the next word while words are still owed (the window itself steps from STEP_SCHEDULE;
    // these registers are read by nothing there, and, unlike wave_schedule, never make one at a capture).
    if (produce_now) begin
      phase_n  = step_phase_out;
      rcon_n   = step_rcon_out;
      todo_n   = todo_q - 4'd1;
    end
    if (wave_busy_q) begin
      if (wave_wait_q != 3'd0) begin
        wave_wait_n = wave_wait_q - 3'd1;
      end else begin
        if (!SERIAL) begin
          phase_n  = step_phase_out;
          rcon_n   = step_rcon_out;
        end
        if (wave_end_q) begin
          wave_busy_n = 1'b0;
        end else begin
          wave_index_n = wave_index_q + 4'd1;
          wave_wait_n  = 3'(D - 1);
          todo_n       = SERIAL ? 4'(NB) : 4'd0;
        end
      end
    end
    wave_busy_n = wave_busy_q && !wave_end_q;  // the same as above, written as the one LUT it is
  end
  assign wave_slot_d  = key_fire ? wave_slot_f  : wave_slot_n;
  assign phase_d      = key_fire ? phase_f      : phase_n;
  assign rcon_d       = key_fire ? rcon_f       : rcon_n;
  assign wave_busy_d  = key_fire ? wave_busy_f  : wave_busy_n;
  assign hold_d       = key_fire ? hold_f       : hold_n;
  assign todo_d       = key_fire ? todo_f       : todo_n;

  // ---------------------------------------------------------------------------------------------
  // The datapath: Nr rounds of D parts each. The initial AddRoundKey happens as the block is taken.
  // (Round keys of one key slot are selected first, then indexed: Icarus cannot take [variable][constant].)
  logic [NR:0][W-1:0] in_round_keys;
  logic [W-1:0] whitened;
  assign in_round_keys = round_keys_q[slot_in];
  assign whitened = beat_block ^ (in_inverse ? in_round_keys[NR] : in_round_keys[0]);

  // Resets of the datapath come from a register per slot, chained slot to slot (distinct inputs keep
  // synthesis from merging them): rst_ni straight to the LSR of every slot flop (about 7000 for AES-128)
  // was the critical path. Slot S is reset four clocks after rst_ni falls (through the tree below) and
  // stays reset S + 4 clocks after it rises (its flags have no reset, below); out_valid_o is masked, and
  // in_ready_o stays low until the output buffer, reset from the last register of this chain, has wiped
  // its memory (about L + OUT_DEPTH clocks after rst_ni rises).
  // The S-box block RAMs have no reset: their address register (inside the RAM) never had one, and their
  // output register is overwritten every clock from it, so two clocks after the slot in front of a RAM is
  // reset both hold values computed from the reset zeros, long before in_ready_o rises. A reset net to
  // the RAMs' RST pins (8 per round, in rows across the die), even from a register per round, was the
  // critical path.

  // The last slot zeroes the data of a refused block (it goes into the output buffer's memory with its
  // error flag). One flag register for all W data bits (slot_refused_q[L-2]) was the critical path: a
  // 2.8 ns route to the zeroing LUTs spread over the buffer's memory. Each 32-bit group gets a copy of the
  // flag, loaded from the slot before, kept apart from the others (keep on the flops: copies with the same
  // input would be merged). The copy also carries the last slot's wipe (it equals slot_wipe_q[L-1] ||
  // the refused flag in every clock, see g_last_zero), so one flop is the group's only reset: with the
  // wipe and the flag as two resets, synthesis ORed them in a LUT in front of the 32 LSRs, and the chain's
  // flop -> that LUT was pipelined's seed-3 path (4.2 ns of routing, session 44). No reset of its own,
  // like the slot flags they copy (below): whatever they hold during a reset goes into the output buffer
  // while it is held in reset.
  logic [W/32-1:0] last_zero_q;
  // The slot reset chain is itself reset from a tree: rst_ni loads one kept register per round
  // (round_wipe_q, no reset of its own), and each round's register resets that round's D chain flops.
  // rst_ni straight to the LSR of all L chain flops, which sit along the whole pipeline, was the critical
  // path (pipelined and pipelined-192, 7-8 ns with its route). The slots thus enter reset four clocks after
  // rst_ni falls (with rst_fan_nq, round_mid_nq and round_pre_nq below); the output buffer's reset covers
  // that (below).
  // Both are active high: an ECP5 flop's LSR is, and an active-low chain put an inverting LUT between each
  // chain flop and its slot's 128 LSR pins (pipelined, seed 1: chain flop -> 3.0 ns -> LUT -> 2.6 ns).
  // Each round's register is loaded through a kept register of its own (round_pre_nq), which the placer
  // can put anywhere between rst_ni's inverter and the round: the inverter straight to all NR round
  // registers, which sit along the whole pipeline, was the critical path once the key wave's step term was
  // a flop (pipelined, seed 1: a 4.7 ns route, 171 MHz). Every round still enters reset in the same clock,
  // one later than without the second register: a chain from round to round would reach the last rounds
  // NR clocks late, and a short reset pulse then left blocks in flight ahead of the wipe unwiped.
  // round_pre_nq is active low, loaded from rst_ni itself: with `!rst_ni` its D came from rst_ni's one
  // inverter LUT, which the input side's resets share and pull towards the input, and that LUT -> 4.5 ns
  // -> a round_pre_q was the critical path (pipelined, seed 2 of e2d5055, 150.29 MHz).
  // A third kept register per round (round_mid_nq) in front of it: the wrapper's reset flop -> a
  // round_pre_nq at the far end of the pipeline, flop to flop across the die (5.5-5.9 ns), was the path
  // of two pipelined-256 seeds (154.94 / 166.39 MHz). The round_mid_nq load from one kept register of
  // their own (rst_fan_nq), not from rst_ni: with the NR round_mid_nq along the whole pipeline on its net,
  // the wrapper's reset flop sat away from the input side, and its route (4.7-5.8 ns) into the input side's
  // flags (the skid's valid flags, through their reset LUT) was the path of the worst seed of pipelined and
  // of pipelined-192 (seed 2 / seed 3 of 90b2443, 145.35 / 142.94 MHz). So the rounds enter reset four
  // clocks after rst_ni falls; the output buffer's reset and the credits' mask read every register of
  // the tree at the last round (below).
  // rst_fan_nq is one kept copy per four rounds (all load rst_ni in the same clock): one register for the
  // whole pipeline -> 5.2 ns of routing, no logic -> a far round's round_mid_nq was pipelined-256's seed-1
  // path (session 42).
  localparam int FANS = (NR + 3) / 4;
  logic [FANS-1:0] rst_fan_nq;
  rijndael_reg_copies #(.COPIES(FANS), .RESET(1'b0)) u_rst_fan (
    .clk_i(clk_i), .rst_ni(1'b1), .d_i(rst_ni), .q_o(rst_fan_nq));
  logic [NR-1:0] round_mid_nq, round_pre_nq, round_wipe_q;
  for (genvar j = 0; j < NR; j++) begin : g_round_wipe
    (* keep *)
    always_ff @(posedge clk_i) round_mid_nq[j] <= rst_fan_nq[j * FANS / NR];
    (* keep *)
    always_ff @(posedge clk_i) round_pre_nq[j] <= round_mid_nq[j];
    (* keep *)
    always_ff @(posedge clk_i) round_wipe_q[j] <= !round_pre_nq[j];
  end
  // Each chain flop's input from the slot before (zero into slot 0); the round keys' copies read it too.
  logic [L-1:0] slot_chain_in;
  assign slot_chain_in = {slot_wipe_q[L-2:0], 1'b0};
  for (genvar s = 0; s < L; s++) begin : g_slot_wipe
    always_ff @(posedge clk_i) begin
      if (round_wipe_q[s / D]) slot_wipe_q[s] <= 1'b1;
      else                     slot_wipe_q[s] <= slot_chain_in[s];
    end
  end
  // Round key r is wiped with slot (r - 1) * D (slot 0 for round key 0), from a kept register of its own
  // loaded as that chain flop is, so it equals that flop in every clock: the chain flop shared with its
  // slot's data registers sat with them, and slot 0's flop -> 4.4 ns of routing -> the LSR of round key
  // 0 (whose flops sit with the key broadcast) was pipelined's seed-1 path (session 44).
  for (genvar r = 0; r <= NR; r++) begin : g_key_wipe
    localparam int FROM = r == 0 ? 0 : (r - 1) * D;
    rijndael_reg_copy u_wipe (
      .clk_i(clk_i), .d_i(round_wipe_q[FROM / D] || slot_chain_in[FROM]), .q_o(key_wipe_q[r]));
  end
  // slot_wipe_q[L-1]'s next value (its round's wipe or the chain) or the refused flag's (see last_zero_q),
  // and while the output buffer wipes its memory: the pipeline computes a round of zeros after its wipe,
  // which is not zero, and the buffer's write flags write the last slot into its memory's first entry in
  // the clock after its wipe (rijndael_fifo_fast, g_write_ahead), so the slot is held at zero until then
  // (the engine's clear test found the entry holding that value).
  for (genvar g = 0; g < W / 32; g++) begin : g_last_zero
    (* keep *)
    always_ff @(posedge clk_i) last_zero_q[g] <= round_wipe_q[NR-1] || slot_wipe_q[L-2] || slot_refused_q[L-3] ||
                                                 out_wiping;
  end

  for (genvar j = 0; j < NR; j++) begin : g_round  // round j + 1
    localparam bit LAST = j == NR - 1;
    logic [W-1:0] ram_out;  // block-RAM S-boxes: SubBytes of the round's input, SBOX_LAT clocks later
    if (!BRAM) begin : g_no_ram
      logic unused_ram_out;  // LUT S-boxes sit in the parts themselves
      assign ram_out        = '0;
      assign unused_ram_out = ^ram_out;
    end

    // SPLIT_MIX: the second half of the round's MixColumns, registered beside slot j * D + D - 2.
    wire [W-1:0] mix_sum;
    if (!SPLIT_MIX || LAST) begin : g_no_mix_sum
      logic unused_mix_sum;  // no split network in this round
      assign mix_sum        = '0;
      assign unused_mix_sum = ^mix_sum;
    end

    // SPLIT_BACK: the encryption round key, zeroed for a decrypting block, registered beside slot
    // j * D + D - 2 (enc_key_q), so the last part only adds it: the key's choice by the block's direction
    // inside the last part (a kept direction flag -> 2.4 ns route -> five LUT levels through MixColumns and
    // the key choice) was the critical path of pipelined-both (134.25 MHz median).
    wire [W-1:0] enc_term;
    if (!SPLIT_BACK) begin : g_no_enc_term
      logic unused_enc_term;  // the last part chooses the key itself
      assign enc_term        = '0;
      assign unused_enc_term = ^enc_term;
    end

    for (genvar o = 0; o < D; o++) begin : g_part
      localparam int S = j * D + o;  // the slot this part writes
      logic [W-1:0] part_in, part_out;
      logic         part_inverse;
      logic [SLOT_W-1:0] part_tag;   // the key slot of the block in this part
      logic [W-1:0] round_key_enc, round_key_dec;

      if (S == 0) begin : g_first
        assign part_in      = whitened;
        assign part_inverse = in_inverse;
        assign part_tag     = slot_in;
      end else begin : g_later
        assign part_in      = slot_out[S - 1];
        assign part_inverse = slot_inverse_q[S - 1];
        assign part_tag     = slot_tag_q[S - 1];
      end
      if (KEY_SLOTS > 1) begin : g_slot_keys
        logic [(NR+1)*W-1:0] tag_round_keys;  // flat: Yosys cannot size a 2-D packed net declared in here
        assign tag_round_keys = round_keys_q[part_tag];
        assign round_key_enc  = tag_round_keys[(j + 1) * W +: W];
        assign round_key_dec  = tag_round_keys[(NR - 1 - j) * W +: W];
        logic unused_other_rounds;  // a part reads one or two of the slot's round keys
        assign unused_other_rounds = ^tag_round_keys;
      end else begin : g_keys
        logic unused_tag;  // one key slot: every block reads slot 0
        assign round_key_enc = round_keys_q[0][j + 1];
        assign round_key_dec = round_keys_q[0][NR - 1 - j];
        assign unused_tag    = ^part_tag;
      end
      logic unused_round_keys;  // parts before KEY_AT read no round key (synthesis drops their selects)
      assign unused_round_keys = ^{round_key_enc, round_key_dec};

      if (SUBSTAGES == 0) begin : g_whole_round
        rijndael_round #(
          .MAX_NB(NB), .BLOCK_SIZES(BLOCK_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT), .SBOX(SBOX), .TBOX(TBOX)
        ) u_round (
          .state_i     (part_in),
          .round_key_i (part_inverse ? round_key_dec : round_key_enc),
          .nb_code_i   (NB_CODE),
          .decrypt_i   (part_inverse),
          .last_round_i(LAST),
          .state_o     (part_out)
        );
      end else if (BRAM && o >= PRE && o < PRE + SBOX_LAT) begin : g_ram
        // SubBytes inside the RAMs (two lanes per RAM): its address register is slot S, its output
        // register (SBOX_LAT = 2) slot S + 1; neither has fabric flops.
        if (o == PRE) begin : g_sbox
          rijndael_sbox #(
            .FORWARD(ENCRYPT), .INVERSE(DECRYPT), .IMPL(SBOX), .LANES(4 * NB), .LATENCY(SBOX_LAT)
          ) u_sbox (
            .clk_i(clk_i), .rst_ni(1'b1), .en_i(1'b1),
            .data_i(part_in), .inverse_i(part_inverse), .data_o(ram_out)
          );
        end else begin : g_inside
          logic unused_in;  // the RAM took this part's input one clock earlier
          assign unused_in = ^{part_in, part_inverse};
        end
        assign part_out = o == PRE + SBOX_LAT - 1 ? ram_out : '0;
      end else if (SPLIT_BACK && o == D - 2) begin : g_back_shift
        // The direction per column from kept copies of the flag (as g_add_key_columns below).
        logic [NB-1:0] column_inverse_q;
        logic          unused_inverse;  // the copies replace part_inverse here
        for (genvar c = 0; c < NB; c++) begin : g_column
          (* keep *)
          always_ff @(posedge clk_i) column_inverse_q[c] <= slot_inverse_d[S-1];
        end
        assign unused_inverse = part_inverse;
        // The next part's encryption round key, read here (KEY_AT = D - 2: the wave's timing holds for
        // reads at KEY_AT and KEY_AT + 1) and zeroed per column for decrypting blocks; key material, wiped
        // with the slot beside it.
        logic [W-1:0] enc_key_q;
        // Zeroed for a decrypting block and wiped by one reset per column, from a kept flop loaded a clock
        // ahead with both conditions (the slot's next wipe, the block's direction): written as two resets,
        // synthesis merged them into one LUT per column in front of 32 LSR inputs, and that LUT, placed
        // apart from both, was a critical path (pipelined-both, seed 1: the wipe flop -> 5.5 ns -> the LUT
        // -> 3.2 ns -> the LSRs, 101.87 MHz). (An AND in each flop's data input instead costs a LUT per bit.)
        for (genvar c = 0; c < NB; c++) begin : g_enc_key
          logic zero_q;
          (* keep *)
          always_ff @(posedge clk_i) zero_q <= round_wipe_q[j] || slot_wipe_q[S-1] || slot_inverse_d[S-1];
          always_ff @(posedge clk_i) begin
            if (zero_q) enc_key_q[W-1-32*c -: 32] <= '0;
            else        enc_key_q[W-1-32*c -: 32] <= round_key_enc[W-1-32*c -: 32];
          end
        end
        assign enc_term = enc_key_q;
        // The decryption key term this part adds, registered a clock ahead from the round key of the block
        // in the part before (the same block, one slot earlier): InvMixColumns' preprocessing of the key
        // (rijndael_inv_mix_pre; the round key itself in the last round), which rijndael_round_back_split
        // adds after preprocessing the state, so no key bit runs through the preprocessing in this part
        // (round key -> four LUT levels -> the next slot was pipelined-both's deepest path). Read a clock
        // early is safe: a decrypting block's round keys do not change while it is in flight (a key beat
        // waits until the decrypting blocks of its slot reached the last slot, and decrypting blocks after
        // it wait for the end of its wave). Key material, wiped with the slot beside it.
        // DEC_STORE: the preprocessed key itself, from dec_keys_q (every round but the last).
        logic [W-1:0] dec_key_early, dec_term, dec_term_q;
        localparam bit FROM_STORE = DEC_STORE && !LAST;
        if (FROM_STORE && KEY_SLOTS > 1) begin : g_early_slot_store
          logic [(NR-1)*W-1:0] early_dec_keys;  // key r at [(r - 1) * W]
          assign early_dec_keys = dec_keys_q[slot_tag_q[S-2]];
          assign dec_key_early  = early_dec_keys[(NR - 2 - j) * W +: W];
          logic unused_early_rounds;  // one round key of the slot
          assign unused_early_rounds = ^early_dec_keys;
        end else if (FROM_STORE) begin : g_early_store
          assign dec_key_early = dec_keys_q[0][NR - 1 - j];
        end else if (KEY_SLOTS > 1) begin : g_early_slot_key
          logic [(NR+1)*W-1:0] early_round_keys;
          assign early_round_keys = round_keys_q[slot_tag_q[S-2]];
          assign dec_key_early    = early_round_keys[(NR - 1 - j) * W +: W];
          logic unused_early_rounds;  // one round key of the slot
          assign unused_early_rounds = ^early_round_keys;
        end else begin : g_early_key
          assign dec_key_early = round_keys_q[0][NR - 1 - j];
        end
        for (genvar c = 0; c < NB; c++) begin : g_dec_term
          if (LAST || FROM_STORE) begin : g_plain
            assign dec_term[W-1-32*c -: 32] = dec_key_early[W-1-32*c -: 32];
          end else begin : g_pre
            rijndael_inv_mix_pre u_key_pre (
              .column_i(dec_key_early[W-1-32*c -: 32]), .column_o(dec_term[W-1-32*c -: 32])
            );
          end
        end
        always_ff @(posedge clk_i) begin
          if (slot_wipe_q[S]) dec_term_q <= '0;
          else                dec_term_q <= dec_term;
        end
        rijndael_round_back_split #(
          .MAX_NB(NB), .BLOCK_SIZES(BLOCK_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT), .PART(1)
        ) u_back_shift (
          .state_i(part_in), .key_term_i(dec_term_q), .nb_code_i(NB_CODE), .decrypt_i(column_inverse_q),
          .last_round_i(LAST), .state_o(part_out)
        );
      end else if (SPLIT_MIX && o == D - 2) begin : g_mix_first
        logic [W-1:0] sum, sum_q;
        logic         unused_inverse;  // encrypt-only
        rijndael_round_mix_split #(.MAX_NB(NB), .BLOCK_SIZES(BLOCK_MASK), .PART(1)) u_mix_first (
          .state_i(part_in), .sum_i('0), .nb_code_i(NB_CODE), .last_round_i(LAST), .mix_o(part_out), .sum_o(sum)
        );
        if (!LAST) begin : g_sum_register  // wiped with the slot beside it
          always_ff @(posedge clk_i) begin
            if (slot_wipe_q[S]) sum_q <= '0;
            else                sum_q <= sum;
          end
          assign mix_sum = sum_q;
        end else begin : g_no_sum
          logic unused_sum;  // the last round has no MixColumns: PART 1 gives zero
          assign sum_q      = '0;
          assign unused_sum = ^{sum, sum_q};
        end
        assign unused_inverse = part_inverse;
      end else if (BRAM && o < D - 1) begin : g_route_register
        logic unused_inverse;  // a plain register on the route to or from the RAM row
        assign part_out       = part_in;
        assign unused_inverse = part_inverse;
      end else if (!BRAM && o < FRONT_AT) begin : g_input_register
        logic unused_inverse;  // a plain register slot in front of SubBytes
        assign part_out       = part_in;
        assign unused_inverse = part_inverse;
      end else if (!BRAM && o == FRONT_AT) begin : g_front
        rijndael_round_front #(
          .MAX_NB(NB), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT), .SBOX(SBOX)
        ) u_front (
          .state_i(part_in), .decrypt_i(part_inverse), .state_o(part_out)
        );
      end else if (BRAM || o == FRONT_AT + 1) begin : g_back
        logic [W-1:0] mixed;
        if (SPLIT_MIX) begin : g_mix_second
          logic [W-1:0] unused_zero;
          rijndael_round_mix_split #(.MAX_NB(NB), .BLOCK_SIZES(BLOCK_MASK), .PART(2)) u_mix_second (
            .state_i(part_in), .sum_i(mix_sum), .nb_code_i(NB_CODE), .last_round_i(LAST),
            .mix_o(mixed), .sum_o(unused_zero)
          );
        end else if (SPLIT_BACK) begin : g_split
          rijndael_round_back_split #(
            .MAX_NB(NB), .BLOCK_SIZES(BLOCK_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT), .PART(2)
          ) u_back (
            .state_i(part_in), .key_term_i('0), .nb_code_i(NB_CODE), .decrypt_i({NB{part_inverse}}),
            .last_round_i(LAST), .state_o(mixed)
          );
        end else begin : g_whole
          rijndael_round_back #(
            .MAX_NB(NB), .BLOCK_SIZES(BLOCK_MASK), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)
          ) u_back (
            .state_i(part_in), .round_key_i(round_key_dec), .nb_code_i(NB_CODE), .decrypt_i(part_inverse),
            .last_round_i(LAST), .state_o(mixed)
          );
        end
        if (SPLIT_BACK) begin : g_add_key_term
          // The encryption round key chosen and registered by the part before (enc_term, zero when
          // decrypting): no direction flag in this part.
          logic unused_inverse;
          assign part_out       = mixed ^ enc_term;
          assign unused_inverse = part_inverse;
        end else if ((SUBSTAGES == 1 || BRAM) && ENCRYPT && DECRYPT && S > 0) begin : g_add_key_columns
          // The encryption AddRoundKey in the same part, its choice per column from a copy of the block's
          // direction flag kept next to that column (loaded with slot_inverse_q[S-1], from the same input):
          // the one flag to the key XORs of all W bits, merged into the MixColumns network, was the
          // critical path of pipelined-both (a 2.8 ns route across the die).
          logic [NB-1:0] column_inverse_q;
          for (genvar c = 0; c < NB; c++) begin : g_column
            (* keep *)
            always_ff @(posedge clk_i) column_inverse_q[c] <= slot_inverse_d[S-1];
            assign part_out[W-1-32*c -: 32] = column_inverse_q[c] ? mixed[W-1-32*c -: 32]
                                                                  : mixed[W-1-32*c -: 32] ^ round_key_enc[W-1-32*c -: 32];
          end
        end else if (SUBSTAGES == 1 || BRAM) begin : g_add_key  // the encryption AddRoundKey in the same part
          assign part_out = part_inverse ? mixed : mixed ^ round_key_enc;
        end else begin : g_no_add_key
          assign part_out = mixed;
        end
      end else begin : g_add_key  // the encryption AddRoundKey after its own register
        assign part_out = part_inverse ? part_in : part_in ^ round_key_enc;
      end

      // Register S: refused blocks leave with zero data; the block RAMs hold their SubBytes slots themselves.
      // (One always_ff per slot: a reset of the whole array as one '0 would pass 8 kbit for wide blocks.)
      if (BRAM && o >= PRE && o < PRE + SBOX_LAT) begin : g_bram_slot
        logic unused_slot;
        assign slot_d[S]   = '0;
        assign slot_out[S] = part_out;
        assign unused_slot = ^slot_q[S] ^ ^slot_d[S] ^ slot_wipe_q[S];
        assign slot_q[S] = '0;
      end else begin : g_flop_slot
        logic [W-1:0] data_q;
        assign slot_d[S]   = part_out;
        assign slot_out[S] = data_q;
        assign slot_q[S]   = data_q;
        if (S == L - 1) begin : g_zero_refused  // wiped or refused: 32 bits per copy (see last_zero_q)
          for (genvar g = 0; g < W / 32; g++) begin : g_group
            always_ff @(posedge clk_i) begin
              if (last_zero_q[g]) data_q[32*g +: 32] <= '0;
              else                data_q[32*g +: 32] <= slot_d[S][32*g +: 32];
            end
          end
        end else begin : g_wipe_data
          always_ff @(posedge clk_i) begin
            if (slot_wipe_q[S]) data_q <= '0;
            else                data_q <= slot_d[S];
          end
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Registers. Synchronous active-low reset wipes data and every piece of key material; the tags flush.
  logic [L-1:0] slot_refused_d;
  assign slot_valid_d   = {slot_valid_q[L-2:0], block_fire};
  assign slot_inverse_d = {slot_inverse_q[L-2:0], block_fire && in_inverse};
  assign slot_refused_d = {slot_refused_q[L-2:0], block_fire && block_refused};
  assign slot_tag_d     = {slot_tag_q[L-2:0], block_fire ? slot_in : SLOT_W'(0)};

  // The flags have no reset: they shift a zero in every clock that takes no block, and no block is taken
  // from reset until the output buffer's wipe is done, L + OUT_DEPTH clocks after rst_ni rises, so every
  // flag is zero long before then. A block from before the reset that is still in flight reaches the end
  // of the pipeline while the output buffer is held in reset (buffer_rst_q, high until the end of the slot
  // reset chain is released, L + 2 clocks after rst_ni rises), so it is dropped there; its data were wiped
  // in its slot.
  // A reset of the flags, whether from rst_ni or from the slot reset chain, put a net to L flops spread
  // along the pipeline on the critical path (pipelined, seed 1: chain flop -> 2.7 + 2.8 ns routes).
  always_ff @(posedge clk_i) begin
    slot_valid_q   <= slot_valid_d;
    slot_inverse_q <= slot_inverse_d;
    slot_refused_q <= slot_refused_d;
    slot_tag_q     <= slot_tag_d;
  end

  // ---------------------------------------------------------------------------------------------
  // Output buffer and credits. held_q counts blocks taken and not yet delivered (in flight or buffered);
  // a block is taken only while held_q < CREDITS, so the buffer always has room for what leaves the
  // last slot, and out_ready_i reaches nothing but the buffer.

  // The buffer takes the last slot's register (slot L-1: the last round's AddRoundKey, refused blocks
  // zeroed): it goes into the buffer's head when the buffer is empty (its bypass), into its LUT-RAM memory
  // otherwise, so the output comes from a flop that holds while out_ready_i is low. The register costs a
  // clock of latency; without it the last part's logic wrote the buffer's memory and head directly, and
  // the last round key -> three LUT levels -> a LUT-RAM write data pin across the die was the critical
  // path (pipelined-192, seeds 1 and 2: 5.4-6.5 ns of routing, 133.51 / 155.71 MHz). rijndael_fifo_fast
  // reads its memory into a register first: at 200 MHz a memory read through the head's select into the
  // head (as in rijndael_fifo) was the critical path, and in block RAM the head becomes the RAM's slow read
  // register.
  logic unused_last_slot;  // the last slot's flags other than refused travel no further
  assign unused_last_slot = ^{slot_valid_q[L-1], slot_inverse_q[L-1], slot_tag_q[L-1], unused_buffer_ready};
  assign out_block_o = buffer_data[W-1:0];  // zero for refused blocks
  assign core_error  = buffer_data[W];
  // The credit's copy of the handshake, from a mask flop of its own: with out_valid_o's AND shared, the
  // credit counter at the input side pulled that LUT away from the buffer's head and from the consumer
  // (pipelined, seed 1: 3.0 + 2.6 ns routes through it, 142 MHz). It reads rst_ctl_q, not rst_ni: the
  // wrapper's reset flop -> 4.9 ns -> this LUT was the critical path (pipelined, seed 1, 164.91 MHz). So
  // it masks a clock later than out_valid_o's mask; a credit counted in that clock (the second of a
  // reset) is undone, as rst_ctl_q resets the count and its late flags at the end of that same clock.
  logic credit_mask_q;
  (* keep *)
  always_ff @(posedge clk_i) credit_mask_q <= !rst_ctl_q && round_mid_nq[NR-1] && round_pre_nq[NR-1] &&
                                              !round_wipe_q[NR-1] && !slot_wipe_q[L-1];
  assign out_fire    = buffer_valid && credit_mask_q && core_ready;

  // The buffer's reset is one flop (buffer_rst_q) next to the buffer, high from the clock after rst_ni
  // falls until the end of the slot reset chain is released: rst_ni comes from outside the core, and its
  // route from the wrapper's reset logic across the die to the LSR of the buffer's flops was the critical
  // path. It reads rst_ni (the first clock), the reset tree's registers (the next four) and the
  // chain's last flop (from then on), so the buffer enters reset one clock after rst_ni falls (out_valid_o is
  // masked for that clock, so no block from before a reset or clear leaves after it), stays in reset while
  // the blocks in flight at the reset leave the pipeline, and starts its wipe about L clocks after rst_ni
  // rises; in_ready_o stays low until that wipe is done, as before. (A third flop in out_valid_o's AND, to
  // mask the clock the reset tree adds, was the critical path: out_valid_o leaves the core and comes back
  // as the output handshake.)
  // The mask of out_valid_o is a kept copy of buffer_rst_q (inverted): with buffer_rst_q itself, which
  // the reset sources pull towards the pipeline's end, the AND sat 2.7 ns away from the buffer's head and
  // the route into the consumer followed (pipelined, seed 1, 148 MHz).
  // The flop holds the reset active high (buffer_rst_q) and the buffer gets its inverse: the buffer's
  // flags reset on !rst_ni, so the two inversions cancel in the flattened netlist and its LSRs are
  // driven by this flop; held active low, an inverter LUT sat in front of the 70 flags' LSRs
  // (`tools/logic_depth.py --control`).
  // The second to fourth clocks are rst_fan_nq's, round_mid_nq's and round_pre_nq's: round_wipe_q rises
  // four clocks after rst_ni falls (through all three), and when it rose two clocks after, a one-clock
  // reset pulse left the second clock covered by neither rst_ni nor round_wipe_q, the buffer left reset
  // for that clock and in_ready_o rose for one (a beat taken then was lost: tests/core core_long_random on
  // pipelined-substages2-slots3, seed 2599897632). rst_fan_nq is low exactly in the second clock of such a
  // pulse, round_mid_nq[NR-1] in the third, round_pre_nq[NR-1] in the fourth (the credits' mask, a clock
  // later, reads rst_ctl_q for the second and the round registers for the same gap).
  logic valid_mask_q, buffer_valid, buffer_live;
  assign buffer_live = rst_ni && rst_fan_nq[FANS-1] && round_mid_nq[NR-1] && round_pre_nq[NR-1] &&
                       !round_wipe_q[NR-1] && !slot_wipe_q[L-1];
  (* keep *)
  always_ff @(posedge clk_i) buffer_rst_q <= !buffer_live;
  (* keep *)
  always_ff @(posedge clk_i) valid_mask_q  <= buffer_live;
  assign core_valid  = buffer_valid && valid_mask_q;

  // The buffer takes its input valid two clocks ahead (EARLY_VALID = 2: slot_valid_d[L-2], the flag that
  // arrives with the last slot's register two clocks later) and keeps its own copies of it, two kept
  // registers deep, next to its control and to each slice of its memory: one kept copy here, placed
  // between the slices, was a 2.8 ns route into the buffer's count logic (the critical path), and with
  // one hop the last stage's flag -> 5.5-5.8 ns -> a slice's copy was two seeds' path (session 43). The flags have no reset; the buffer is held in reset from the clock after
  // rst_ni falls until they have flushed, so nothing they hold during a reset is pushed.
  // OUT_STAGE: out_ready_i reaches only the buffer's output stage (see rijndael_fifo_fast), not the pop
  // of every slice of the buffer (pipelined-192, seeds 1 and 3: the wrapper's ready flop -> 4.9-5.1 ns
  // -> a slice's pop, 144-152 MHz). Cost: a clock of latency. CREDITED: the credits (below) keep it from
  // ever being offered a beat without room, so it does not compare its memory's fill level with its size.
  rijndael_fifo_fast #(
    .WIDTH(W + 1), .DEPTH(OUT_DEPTH), .EARLY_VALID(2), .OUT_STAGE(1'b1), .CREDITED(1'b1)
  ) u_out_buffer (
    .clk_i      (clk_i),
    .rst_ni     (!buffer_rst_q),
    .in_valid_i (slot_valid_d[L-2]),
    .in_ready_o (unused_buffer_ready),  // always 1 when pushed: the credits guarantee room
    .in_data_i  ({slot_refused_q[L-1], slot_q[L-1]}),
    .out_valid_o(buffer_valid),
    .out_ready_i(core_ready),
    .out_data_o (buffer_data),
    .wiping_o   (out_wiping)
  );

  // A delivered block returns its credit one clock late (held_move_q): out_ready_i comes from outside
  // the core, often from far across the die, and must not reach the credit counter's carry chain. Late
  // credits only make the count conservative. A taken block is counted one clock late too (held_up_q):
  // the take decision sits at the input and the counter's carry chain elsewhere, and that route was the
  // critical path (6.7 ns). held_q then misses at most the block taken last clock.
  // held_q is a thermometer code (bit i: more than i blocks held), moved by a shift: the compare of a
  // binary count against OUT_DEPTH - 2 (a carry chain) in front of the take decision and the input
  // buffer's load was the critical path (pipelined, seed 1: 6.1 ns, 163 MHz).
  // The count moves when exactly one of the two happened (held_move_q), up when that was a take
  // (held_up_q): both flops, so held_q's clock enable is a flop's output (the XOR of the two late flags,
  // a LUT in front of all OUT_DEPTH enables, was listed by `tools/logic_depth.py --control`).
  always_comb begin
    held_d = held_q;
    if (held_move_q) held_d = held_up_q ? {held_q[CREDITS-2:0], 1'b1} : {1'b0, held_q[CREDITS-1:1]};
  end
  // The credit for the next clock is decided from held_q alone, as if last clock and this clock each took
  // a block (the one not yet counted and the one being decided): fewer than CREDITS - 2 held leaves at
  // most CREDITS - 1 = OUT_DEPTH blocks held before the next clock's take. At one block per clock a
  // result leaves L + 2 clocks after its block was taken (the L slots' registers and the buffer's output
  // stage), so held_q stays at L + 2 (the blocks taken in the last L + 2 clocks, plus the late credit,
  // less the late count), which needs CREDITS - 2 > L + 2: OUT_DEPTH >= L + 4.
  assign credit_ok_d = !held_q[CREDITS-3];

  always_ff @(posedge clk_i) begin
    if (rst_ctl_q) begin
      held_q      <= '0;
      held_move_q <= 1'b0;
      held_up_q   <= 1'b0;
    end else begin
      held_q      <= held_d;
      held_move_q <= block_fire != out_fire;
      held_up_q   <= block_fire;
    end
  end
  always_ff @(posedge clk_i) begin  // input side: from rst_ni (see rst_ctl_q)
    if (!rst_ni) block_take_q <= 1'b0;
    else         block_take_q <= block_take_d;
  end

  always_ff @(posedge clk_i) begin  // key material: wiped from window_wipe_q (see u_input)
    if (window_wipe_q) window_q <= '0;
    else              window_q <= window_d;
  end

  always_ff @(posedge clk_i) begin
    if (wave_clear_q) begin  // reset (rst_ctl_q) or a key beat (key_fire), see wave_clear_q
      wave_slot_q  <= key_fire ? wave_slot_f  : '0;
      phase_q      <= key_fire ? phase_f      : '0;
      wave_busy_q  <= key_fire ? wave_busy_f  : 1'b0;
      wave_end_q   <= key_fire && wave_busy_f && wave_wait_f == 3'd0 && wave_index_f == 4'(NR);
      wave_index_q <= key_fire ? wave_index_f : '0;
      wave_wait_q  <= key_fire ? wave_wait_f  : '0;
      wave_used_q  <= key_fire ? wave_used_f  : 1'b0;
      hold_q       <= key_fire ? hold_f       : '0;
      todo_q       <= key_fire ? todo_f       : '0;
      step_due_q   <= key_fire && wave_wait_f == 3'd0;
      index_hot_q  <= key_fire ? index_hot_f : '0;
    end else begin
      wave_slot_q  <= wave_slot_n;
      phase_q      <= phase_n;
      wave_busy_q  <= wave_busy_n;
      wave_end_q   <= wave_busy_n && wave_wait_n == 3'd0 && index_hot_n[NR];
      wave_index_q <= wave_index_n;
      wave_wait_q  <= wave_wait_n;
      wave_used_q  <= wave_used_n;
      hold_q       <= hold_n;
      todo_q       <= todo_n;
      step_due_q   <= wave_busy_n && wave_wait_n == 3'd0;
      index_hot_q  <= index_hot_n;
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ctl_q) begin
      rcon_q       <= '0;
      produce_q    <= 1'b0;
      fresh_q      <= 1'b0;
      fresh2_q     <= 1'b0;
      rot_q        <= 1'b0;
      sub_q        <= 1'b0;
    end else begin
      rcon_q       <= rcon_next;
      produce_q    <= todo_d != 4'd0;
      fresh_q      <= key_fire || produce_now;
      fresh2_q     <= fresh_q;
      rot_q        <= phase_d == 3'd0;
      sub_q        <= NK > 6 && phase_d == 3'd4;
    end
  end
  always_ff @(posedge clk_i) begin  // input side: from rst_ni (see rst_ctl_q)
    if (!rst_ni) begin
      key_go_q     <= 1'b0;
      key_take_q   <= 1'b0;
    end else begin
      key_go_q     <= key_go_d;
      key_take_q   <= key_go_q;
    end
  end
endmodule
