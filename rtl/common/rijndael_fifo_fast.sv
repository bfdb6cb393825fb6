// rijndael_fifo_fast: a FIFO in LUT RAM whose memory read is registered, for a consumer at the clock
// rates where rijndael_fifo's head register (refilled straight from the memory through its select) is too
// slow: the pipelined core's output buffer.
//
// - The memory (LUT RAM, DEPTH entries) is read into a read register per bank (fetch) every clock, and the
//   choice between the banks is registered too (the bank register) before the entry goes into one of four
//   output registers (out_q[0] is the head): nothing but the read lies between the read pointer and a
//   flop, nothing but the bank multiplexer between the read registers and a flop, and the output
//   registers' next value is one LUT of flops and in_data_i. With the bank multiplexer and the arrival's
//   choice in one clock, a slice's fetch_bank_q -> three LUT levels -> an output register (or the core's
//   output) with 4-5 ns of routing was the critical path of three pipelined builds (~150-190 MHz).
// - A fetch is issued only while the output registers will have room for it whatever the consumer does:
//   the entries in them and the fetches in flight (two clocks each: read register, bank register) are
//   fewer than four, counted without the pop of the same clock, so a beat can leave every clock.
// - out_ready_i reaches only the output registers' load enables and the valid and room flags (one LUT
//   each): the fetch, bypass, write and pointer logic depends on flops alone. That is why there are four
//   output registers: room is counted without the pop of the same clock, and with two fetches in flight
//   one beat per clock keeps flowing only with one register more than that (one holding the head, two
//   claimed by the fetches in flight, one for the fetch of this clock).
// - BYPASS: a beat that arrives while the memory is empty and no fetch is in flight goes straight into the
//   output registers (one clock of latency, as rijndael_fifo with BYPASS = 1); otherwise it is written to
//   the memory (four clocks: write, fetch, bank register, output register). Order is kept either way.
// - Capacity: DEPTH - 1 entries in the memory (one slot stays free, see the write enable below) and four
//   in the output registers, DEPTH + 3 in all (entries in flight have left the memory's count and hold a
//   place in the output registers). in_ready_o is a register (see below); out_valid_o and out_data_o come
//   from the head register.
// - The memory holds plaintext and keystream-derived data, so after reset it is zeroed by a counted
//   sequence (DEPTH cycles, wiping_o high, in_ready_o low); every flop is reset, and every data register
//   (read, bank and output registers) is held at zero during the wipe. With EARLY_VALID the reset must
//   last at least two clocks for the wipe to reach every entry (see g_write_ahead); the pipelined core
//   holds its buffer in reset for many.
// - EARLY_VALID = 2: the same two clocks ahead, registered twice on the way (see g_early_valid2).
// - EARLY_VALID = 1: in_valid_i is given a clock ahead (the valid of the beat that in_data_i will carry
//   in the next clock), and the FIFO registers it itself, once for its control and once per 32-bit slice
//   of the memory (kept copies), so that no single valid flop drives the write enables, pointers and
//   output registers of every slice (the pipelined core: its one copy, pulled between the slices, was a
//   2.8 ns route into the count logic, the critical path). in_ready_o keeps its meaning for the beat on
//   in_data_i; a caller that uses EARLY_VALID never offers a beat it has no credit for.
// - CREDITED = 1: the caller counts its own credits and never holds more than DEPTH beats in the FIFO
//   (offered and not yet handed over; the pipelined core's credits), so in_ready_o is low only while the
//   memory is wiped and the memory's fill level is not compared with its size: that compare (the read
//   pointer's copies -> four LUT levels -> in_ready_q) was pipelined's seed-1 path (session 43). With
//   DEPTH inside, the memory never reaches its last slot (it passes entries on to the output registers
//   whenever they have room, so it never holds all of them; the unit test checks this bound with a
//   producer that keeps to it). A caller that offers more may lose beats.
// - OUT_STAGE = 1: out_valid_o / out_data_o come from a five-entry register stage behind the output
//   registers, and out_ready_i reaches only that stage's pop flags (a flop per 32-bit slice, see
//   g_out_stage); the output registers of every slice (and the control) pop by a kept copy of the stage's
//   room, a flop each, so the consumer's ready is no route to the slices, which spread as far as the
//   memory does: the wrapper's out_ready flop -> 4.9-5.1 ns of routing -> a slice's pop was the critical
//   path of two pipelined-192 seeds (144-152 MHz). Cost: a clock of latency (two with the bypass), five
//   more entries of capacity (DEPTH + 8), the stage's 5 x WIDTH flops and a 2:1 choice in front of
//   out_data_o; its data registers are zeroed by the wipe like the rest.
module rijndael_fifo_fast #(
  parameter int WIDTH = 8,
  parameter int DEPTH = 16,  // memory entries: a power of two, at least 4 (DEPTH - 1 are used)
  parameter int EARLY_VALID = 0,     // clocks by which in_valid_i leads its beat: 0, 1 or 2 (see the header)
  parameter bit OUT_STAGE   = 1'b0,
  parameter bit CREDITED    = 1'b0   // the caller never offers a beat without room (see the header)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             in_valid_i,
  output logic             in_ready_o,
  input  logic [WIDTH-1:0] in_data_i,
  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [WIDTH-1:0] out_data_o,
  output logic             wiping_o
);
  localparam int AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;

  if (DEPTH < 4 || (1 << AW) != DEPTH) begin : g_check_depth
    ERROR_rijndael_fifo_fast_DEPTH_must_be_a_power_of_two_of_at_least_4 u_error ();
  end

  localparam int OUTS  = 4;  // output registers (see the header)
  localparam int STAGE = 5;  // OUT_STAGE: the stage's registers (see g_out_stage)
  localparam bit SLICE_VALID = OUT_STAGE && CREDITED;  // out_valid_o from the first slice (g_out_stage)
  // A fill thermometer (entry k valid at bit k, the oldest at bit 0) after a clock in which one entry may
  // leave at the bottom (down_i) and one may arrive (up_i): the output registers' valid and claimed flags
  // and their per-slice copies move this way (the output stage's flags too, in rijndael_stage_flags).
  function automatic logic [OUTS-1:0] move4(input logic [OUTS-1:0] q, input logic down_i, input logic up_i);
    case ({down_i, up_i})
      2'b01:   move4 = {q[OUTS-2:0], 1'b1};
      2'b10:   move4 = {1'b0, q[OUTS-1:1]};
      default: move4 = q;  // none, or one leaves and one arrives
    endcase
  endfunction

  logic             fetched_q;            // the bank read registers hold an entry fetched at the last edge
                                          // (each slice reads it from the read register of its bank)
  logic             fetched2_q;           // the bank registers (fetch_data_q) hold an entry fetched two edges ago
  logic [OUTS-1:0]  out_valid_q;          // filled from [0] up: 0000, 0001, 0011, 0111, 1111
  // Places in the output registers claimed: the entries in them plus the fetches in flight (fetched_q,
  // fetched2_q), as a thermometer code (bit i: more than i). It moves by one on a claim (a fetch or a
  // bypass) and on a pop, so the room for a fetch is one flag of it: (valid registers + fetches in flight)
  // < 4 written out over out_valid_q and the two fetched flags, with empty_q, would read six flops, two LUT
  // levels in front of the read pointers, where the fetch is one LUT of two flops.
  logic [OUTS-1:0]  claimed_q;
  // The memory is empty, no fetch is in flight and no wipe is on: a beat may bypass (given room). A flop,
  // so the bypass reads in_valid and two flops (idle_q, claimed_q[3]) and the push one more (in_ready_q),
  // one LUT each; over empty_q, in_ready_q and the fetched flags the bypass would read six inputs.
  logic             idle_q;
  // The slices' output registers side by side (a view, see the slices): packed, not an unpacked array, as
  // Icarus does not propagate a continuous assignment from an unpacked array word.
  logic [OUTS-1:0][WIDTH-1:0] out_q;
  logic             wiping_q;
  // The memory's fill level: only "exactly one entry" and "DEPTH - 2 or more" are ever asked of it, and
  // rijndael_fifo_fill answers both from pointers (see there why not a count). The control keeps its own
  // copy of the pointers, reset with the slices' timing (a clock after rst_ni, from rst_late_q) so that
  // its wipe ends with theirs; every slice keeps one more (its memory's addresses).
  logic             in_ready_q, empty_q, empty_d;
  logic             rst_late_q, fill_one, fill_high;
  logic [AW-1:0]    wipe_addr, unused_fill_rd;  // the control's write pointer walks the wipe

  logic       wiping_d, pop, fetch, bypass, push, arrive, claim;

  // Empty is a flop: the fetch decision starts from it. After this clock the memory is empty if it is now
  // and push equals fetch, or it holds one entry that is fetched while none is pushed.
  assign empty_d   = push == fetch ? empty_q : (fetch && fill_one);
  // The beat's valid: this clock's, or the one registered a clock ago from in_valid_i (EARLY_VALID).
  localparam int GROUPS_V = (WIDTH + 31) / 32;
  logic                in_valid;           // the control's copy
  logic [GROUPS_V-1:0] slice_in_valid;     // each slice's copy
  logic [GROUPS_V-1:0] slice_valid_ahead;  // EARLY_VALID >= 1: what each slice's copy holds next clock
  if (EARLY_VALID < 0 || EARLY_VALID > 2) begin : g_check_early_valid
    ERROR_rijndael_fifo_fast_EARLY_VALID_must_be_0_1_or_2 u_error ();
  end
  if (EARLY_VALID == 2) begin : g_early_valid2
    // Two hops, each a kept copy per user (the control and every slice), flop to flop: with one hop the
    // caller's flag (the pipelined core's last stage) -> 5.5-5.8 ns of routing -> a slice's copy was
    // the path of pipelined-192 seed 2 and pipelined-256 seed 3 (session 43).
    logic                mid_valid;
    logic [GROUPS_V-1:0] slice_mid_valid;
    rijndael_reg_copy u_mid (.clk_i(clk_i), .d_i(in_valid_i), .q_o(mid_valid));
    rijndael_reg_copy u_valid (.clk_i(clk_i), .d_i(mid_valid), .q_o(in_valid));
    for (genvar g = 0; g < GROUPS_V; g++) begin : g_copy
      rijndael_reg_copy u_mid (.clk_i(clk_i), .d_i(in_valid_i), .q_o(slice_mid_valid[g]));
      rijndael_reg_copy u_valid (.clk_i(clk_i), .d_i(slice_mid_valid[g]), .q_o(slice_in_valid[g]));
    end
    assign slice_valid_ahead = slice_mid_valid;
  end else if (EARLY_VALID == 1) begin : g_early_valid
    (* keep *) always_ff @(posedge clk_i) in_valid <= in_valid_i;
    for (genvar g = 0; g < GROUPS_V; g++) begin : g_copy
      (* keep *) always_ff @(posedge clk_i) slice_in_valid[g] <= in_valid_i;
    end
    assign slice_valid_ahead = {GROUPS_V{in_valid_i}};
  end else begin : g_valid_now
    assign in_valid       = in_valid_i;
    assign slice_in_valid    = {GROUPS_V{in_valid_i}};
    assign slice_valid_ahead = '0;  // not known ahead (unused)
  end
  // in_ready_o is a flop: the memory's write enables (one per LUT-RAM bank, each fanning out to every bit
  // of the bank) must not wait for a pointer compare. It is decided a clock ahead from the memory's count
  // then, as if that clock pushed (one entry at most) and fetched nothing, so it never admits a beat that
  // would fill the memory's last slot (the memory holds DEPTH - 1 entries at most); it may stay low one
  // clock longer than needed after a fetch, never while there is room for two.
  assign in_ready_o = in_ready_q;
  assign pop        = out_valid_q[0] && head_ready;
  assign wiping_d   = wiping_q && wipe_addr != AW'(DEPTH - 1);  // the wipe walks the addresses

  // Room in the output registers, counted without this clock's pop: a fetch issued now lands two clocks
  // later, when the registers and the two fetches landing before it must have left it a place; a bypassed
  // beat lands now. Both claim a place in claimed_q, a pop frees one, an arrival moves one from "in flight"
  // to "valid" (no change), so claimed_q counts (valid registers + fetches in flight), and a claim is
  // allowed while that is below four: one LUT from flops.
  // (No wipe term in the fetch: the memory stays empty while it is wiped, as in_ready_q is low then.)
  assign fetch  = !empty_q && !claimed_q[OUTS-1];
  // An input beat may skip the memory only when nothing older is in the memory or in flight (idle_q), and
  // then room is !claimed_q[3] (no fetch in flight: the claimed places are the valid registers). idle_q
  // also implies in_ready_q (the memory is empty and no wipe is on), so the bypass does not read it.
  assign bypass = in_valid && idle_q && !claimed_q[OUTS-1];
  assign push   = in_valid && in_ready_q && !bypass;
  assign claim  = fetch || bypass;  // never both: a fetch needs a non-empty memory, a bypass an empty one

  rijndael_reg_copy #(.WIDTH(1)) u_rst_late (.clk_i(clk_i), .d_i(!rst_ni), .q_o(rst_late_q));
  rijndael_fifo_fill #(.DEPTH(DEPTH)) u_fill (
    .clk_i(clk_i), .clear_i(rst_late_q),
    // SLICE_VALID: the pointers move only for the wipe (the control's model is unused, see g_out_stage)
    .push_i(!SLICE_VALID && in_valid && in_ready_q), .fetch_i(!SLICE_VALID && (fetch || bypass)),
    .wipe_i(wiping_q),
    .wr_addr_o(wipe_addr), .rd_addr_o(unused_fill_rd), .one_o(fill_one), .high_o(fill_high)
  );

  // At most one entry arrives at the output registers per clock: the one fetched two clocks ago (a bypass
  // needs both fetched flags low), or a bypassed beat.
  assign arrive  = fetched2_q || bypass;

  // The consumer's ready as the output registers see it: out_ready_i, or with OUT_STAGE the register
  // stage's room, a flop for the control (head_ready) and OUTS + 1 per slice (slice_ready, in the slice:
  // one for each output register's pop and one for its flags).
  localparam int GROUPS_R = (WIDTH + 31) / 32;
  logic                      head_ready;
  logic [GROUPS_R-1:0][OUTS:0] slice_ready;
  logic [GROUPS_R-1:0]       slice_head_valid;  // OUT_STAGE: each slice's copy of the consumer's valid
  if (OUT_STAGE) begin : g_out_stage
    // Five registers filled from [0] up (the output registers' rule, above). The output registers pop
    // into them by a flop that says the stage held at most three entries a clock ago (so at most four
    // now: room for this clock's arrival whatever the consumer does), so the route from the stage's
    // state to the pops starts from a flop.
    // The consumer's pop reaches no load enable: it is registered (the flags' popped_o: the head left at
    // the last edge) and the registers shift by that flop a clock later, while out_data_o / out_valid_o
    // show entry 1 instead of entry 0 in that clock (a 2:1 choice by that flop, a LUT of flops in front
    // of the consumer).
    // So out_ready_i reaches one LUT and one flop per slice, which the placer can put beside the ready's
    // source; with the pop in the registers' load enables (4 x 32 flops a slice, which sit with their
    // slice across the die) the wrapper's ready flop -> one LUT -> 4.9-5.6 ns of routing -> a slice's stage
    // was the critical path of three seeds (pipelined seeds 1-2, pipelined-256 seed 3, session 42).
    // Five, not four: an entry leaves the registers a clock after its pop, so a stage drained from full
    // by one pop per clock, with its room counted a clock late, needs one entry more to take the next
    // arrival in time (with four, a bubble after a stall). (A two-entry skid needs its ready a clock ahead,
    // three LUT levels from out_ready_i: pipelined-192 at 128-166 MHz.)
    // The stage's data registers and their flags are built per slice (g_slice's g_stage), each slice
    // with its own copy of the valid flags, the pop flag and the room flop (rijndael_stage_flags, one
    // instance here and one per slice), so each load enable stays inside its slice: with one set of flags
    // for all the stage's flops, which spread as the slices do, the enables' routes were the critical paths
    // of pipelined-192 (6.0-7.2 ns of routing, session 42).
    if (SLICE_VALID) begin : g_valid_from_slice
      // CREDITED: nothing in the control needs its model of the output registers (in_ready_o compares only
      // the wipe), so it keeps none (its pointers move only for the wipe, see u_fill, and synthesis drops
      // the rest), and out_valid_o is the first slice's head valid. With the control's own copy, the
      // control's room flop -> two LUT levels -> its output registers' valid flags (5.0 ns of routing) was
      // pipelined-192's seed-1 path (session 43): out_valid_o's consumers (the core's output and its
      // credit count) pulled that copy away from the rest of it. The slice's flags reset a clock after
      // rst_ni, so out_valid_o may be high in the first clock after a reset edge; the pipelined core
      // masks its output for that clock (and holds this FIFO in reset for many).
      assign head_ready  = 1'b0;  // the control's model (unused)
      assign out_valid_o = slice_head_valid[0];
    end else begin : g_control_flags
      // The control's copy of the flags: out_valid_o and the control's pop.
      logic [STAGE-1:0] stage_valid;
      logic             stage_popped, stage_head_valid;
      rijndael_stage_flags #(.ENTRIES(STAGE)) u_flags (
        .clk_i(clk_i), .clear_i(!rst_ni), .push_i(out_valid_q[0] && head_ready), .ready_i(out_ready_i),
        .valid_o(stage_valid), .popped_o(stage_popped), .head_valid_o(stage_head_valid),
        .room_o(head_ready)
      );
      assign out_valid_o = stage_head_valid;
      logic unused_stage_flags;  // the control's copy steers no data registers: only its valid and room count
      assign unused_stage_flags = ^stage_valid ^ stage_popped;
    end
  end else begin : g_out_direct
    assign head_ready  = out_ready_i;
    assign slice_ready = {GROUPS_R*(OUTS+1){out_ready_i}};
    assign slice_head_valid = '0;  // no stage
    assign out_valid_o = out_valid_q[0];
    assign out_data_o  = out_q[0];
  end
  logic unused_view;  // out_q is a view for the tests (the reset tests check that all four are wiped); the
  assign unused_view = ^out_q[OUTS-1:1] ^ (OUT_STAGE && ^out_q[0])  // stage reads each slice's own head
                     ^ ^slice_head_valid;  // out_valid_o reads the first slice's copy, if any
  assign wiping_o    = wiping_q;

  // The memory is cut into GROUPS slices of at most GROUP_W bits, each a LUT RAM with its own copy of the
  // read and write addresses: one address flop driving every LUT-RAM cell of a wide memory spread over
  // many slices was the critical path (a 2.4 ns route before the read even starts). Each copy counts on
  // its own (same enables), so synthesis keeps them apart.
  //
  // Each slice is made of BANKS banks of BANK_DEPTH entries (the depth of one LUT-RAM cell on ECP5), and
  // every bank has its own read register, loaded every clock from the bank's read address: the read is a
  // LUT-RAM lookup into a flop beside it. The choice between banks comes after these registers, into the
  // slice's bank register (fetch_data_q), not between the LUT RAM and a register: the LUT-RAM read, the
  // bank multiplexer and the routes across the memory into one read register limited the pipelined core
  // (6.3 ns). The bank register is a clock of its own: with the bank multiplexer (a 4:1 or 8:1 choice by
  // fetch_bank_q) in front of the arrival's choice and the output registers' shift, the read side was
  // three LUT levels and 4-5 ns of routing (see the header). An entry fetched in clock t is in the read
  // registers in clock t + 1, in the bank register in clock t + 2, and lands in the output registers at
  // the end of that clock.
  //
  // One write port per slice, shared by the wipe sequence and arriving beats, addressed by a flop alone
  // (no select in front of it). Every beat is written into the free slot at the write pointer, and the
  // pointer moves only when the beat stays in the memory (push).
  //
  // The read and bank registers load every clock (no enable to fan out); fetched_q and fetched2_q say
  // whether they hold a fetch. They stay zero while the memory is wiped, so no entry from before a reset
  // passes through them.
  localparam int GROUP_W    = 32;
  localparam int GROUPS     = (WIDTH + GROUP_W - 1) / GROUP_W;
  localparam int BANK_DEPTH = DEPTH < 16 ? DEPTH : 16;
  localparam int BANKS      = DEPTH / BANK_DEPTH;
  localparam int LOW_W      = $clog2(BANK_DEPTH);           // address bits within a bank
  localparam int BANK_W     = BANKS > 1 ? $clog2(BANKS) : 1;
  for (genvar g = 0; g < GROUPS; g++) begin : g_slice
    localparam int LO = g * GROUP_W;
    localparam int SW = (WIDTH - LO < GROUP_W) ? WIDTH - LO : GROUP_W;
    logic [AW-1:0]     wr_addr_q, rd_addr_q;  // the slice's pointers (its rijndael_fifo_fill)
    logic              slice_one, slice_high;  // the fill level's two flags, from the slice's pointers
    // The slice's copy of the wipe flag (below): it also drives the slice's memory writes and pointers,
    // so the global flag reaches only the control.
    logic              slice_wiping_q, slice_wiping_d;
    logic [BANK_W-1:0] rd_bank, fetch_bank_q;  // the bank read into the read registers last clock
    logic [BANKS*SW-1:0] read_q;  // one read register per bank (flat: Yosys cannot size a 2-D packed net here)
    logic [SW-1:0]       slice_fetch_data;
    logic [SW-1:0]       fetch_data_q;  // the bank register: the read register of fetch_bank_q, a clock later
    // The slice's resets, active high from flops of its own, so that no LUT sits in front of a reset net:
    // slice_rst_q (rst_ni a clock late, a kept copy per slice) for its flags and pointers, slice_clear_q for
    // its data registers (read, bank and output registers: reset or wipe). rst_ni's inverter to the pointers
    // of every slice, and a LUT per slice ORing reset and wipe into the LSRs of its 224..352 data flops, were
    // paths of the pipelined builds (pipelined-256, seed 3: the reset flop -> fetch_bank_q). slice_clear_q
    // reads slice_rst_q, not rst_ni: the caller's reset flop -> a slice's clear LUT (5.3 ns of routing)
    // was pipelined-192's seed-1 path (session 43). Cost: the slice is reset a clock later than the global
    // flags (which reset at once, so nothing leaves meanwhile) and its data registers are zero from the
    // fourth clock of a reset instead of the second.
    logic slice_rst_q, slice_clear_q;
    rijndael_reg_copy #(.WIDTH(1)) u_slice_rst (.clk_i(clk_i), .d_i(!rst_ni), .q_o(slice_rst_q));
    if (BANKS > 1) begin : g_banked
      assign rd_bank = rd_addr_q[AW-1:LOW_W];
    end else begin : g_one_bank
      assign rd_bank = '0;
    end
    assign slice_wiping_d = slice_wiping_q && wr_addr_q != AW'(DEPTH - 1);

    // The write side. Every beat taken (in_ready_o high) takes the slot at the write pointer, a bypassed
    // one too: the read pointer skips it in the same clock (as the wipe moves both), so the write pointer
    // moves on a flop and in_ready_q alone, never on the bypass decision. Its bank is kept one-hot
    // (wr_hot_q, bit b: the pointer is in bank b), and the write flag (a beat on the input, or the wipe) as a
    // kept flop per bank, loaded a clock ahead where the valid is known then (EARLY_VALID), so each bank's
    // write enable is one LUT of two flops of its own: with the slice's valid copy and a compare of the
    // pointer's bank bits in front of every bank's enables (8 banks x 8 LUT-RAMs), the valid copy -> two
    // LUT levels -> a LUT-RAM write enable (4.0-4.3 ns of routing) was the path of pipelined-192 seeds 2-3
    // and pipelined-256 seed 2 (session 43).
    logic [BANKS-1:0] wr_hot_q, bank_write;
    logic             wr_advance;  // the write pointer moves this clock (a beat taken; the wipe moves it too)
    assign wr_advance = slice_in_valid[g] && slice_in_ready_q;
    if (BANKS > 1) begin : g_wr_hot
      logic wr_wraps;  // the pointer leaves its bank at this clock's edge
      assign wr_wraps = (wr_advance || slice_wiping_q) && &wr_addr_q[LOW_W-1:0];
      always_ff @(posedge clk_i) begin
        if (slice_rst_q)   wr_hot_q <= BANKS'(1);
        else if (wr_wraps) wr_hot_q <= {wr_hot_q[BANKS-2:0], wr_hot_q[BANKS-1]};
      end
    end else begin : g_wr_one_bank
      assign wr_hot_q = 1'b1;
    end
    if (EARLY_VALID > 0) begin : g_write_ahead
      // slice_in_valid[g] || slice_wiping_q as of a clock before: they follow the valid copies exactly and
      // the wipe flag a clock late. Late at the wipe's start, they miss its first write after a one-clock
      // reset of the slice (the reset sets the wipe flag), so a reset must last two clocks for the wipe to
      // reach the first entry (see the header); late at its end, they write in_data_i for one more clock
      // into the slot at the write pointer (entry 0 again), which is free, as a refused beat is, and which
      // the caller keeps zero by offering zero data then (the pipelined core holds its last slot at zero
      // while the buffer wipes). From the flags themselves, not from their next values: the slice's reset
      // flop -> 6.3 ns -> a bank's copy was pipelined-256's seed-3 path, and the wipe's end (the write
      // pointer's compare, three LUT levels, 4.5 ns) pipelined-192's seed 2 (session 44).
      for (genvar b = 0; b < BANKS; b++) begin : g_write
        rijndael_reg_copy u_write (
          .clk_i(clk_i), .d_i(slice_valid_ahead[g] || slice_wiping_q), .q_o(bank_write[b]));
      end
    end else begin : g_write_now
      assign bank_write = {BANKS{slice_in_valid[g] || slice_wiping_q}};
    end

    for (genvar b = 0; b < BANKS; b++) begin : g_bank
      (* ram_style = "distributed" *) logic [SW-1:0] mem [BANK_DEPTH];
      always_ff @(posedge clk_i) begin
        // The write enable does not wait for in_ready_q (on ECP5 the handshake in front of every LUT-RAM
        // write enable was the critical path): the slot at the write pointer is always free, so a beat that
        // is refused is written there harmlessly and the pointer does not move.
        if (bank_write[b] && wr_hot_q[b])
          mem[wr_addr_q[LOW_W-1:0]] <= slice_wiping_q ? '0 : in_data_i[LO +: SW];
      end

      always_ff @(posedge clk_i) begin
        if (slice_clear_q) read_q[b*SW +: SW] <= '0;
        else                           read_q[b*SW +: SW] <= mem[rd_addr_q[LOW_W-1:0]];
      end
    end
    assign slice_fetch_data = read_q[32'(fetch_bank_q) * SW +: SW];

    always_ff @(posedge clk_i) begin
      if (slice_clear_q) fetch_data_q <= '0;
      else               fetch_data_q <= slice_fetch_data;
    end

    // The slice's output registers (see "output registers" below), with the slice's own copies of the
    // flags that steer them: the valid flags, the fetched flags and the wipe flag. One set of flags for
    // all slices fanned out to the clock enables and resets of every output register (then 3 x WIDTH flops,
    // spread over the memory's slices) and that route was the critical path (out_valid -> pop -> CE,
    // 6.7 ns of routing). Each copy follows the same rule as the global flags, from its own state, so the
    // copies stay equal and synthesis cannot merge them (a copy of a flop loaded from the same net would
    // be merged).
    logic [OUTS-1:0]    slice_valid_q, slice_claimed_q;
    logic               slice_fetched_q, slice_fetched2_q, slice_pop, slice_arrive, slice_claim;
    logic [OUTS-1:0]    slice_pops;  // slice_pop, one copy per output register (from its own room flop)
    logic [OUTS*SW-1:0] slice_out_q;  // entry k at [k*SW +: SW], k = 0 the head (flat, as read_q)
    logic [SW-1:0]      slice_arrival;
    assign slice_pop     = slice_valid_q[0] && slice_ready[g][OUTS];
    for (genvar k = 0; k < OUTS; k++) begin : g_pop
      assign slice_pops[k] = slice_valid_q[0] && slice_ready[g][k];
    end
    // The slice's own fetch, bypass and push decisions, by the global rules from the slice's copies of the
    // flags they read (empty, idle, in_ready and the claimed places kept here too, and the fill level's
    // flags from the slice's own pointers): the global fetch to every slice's read pointer was the critical
    // path of pipelined-both (a 5.6 ns route to a slice across the die).
    logic slice_empty_q, slice_idle_q, slice_in_ready_q, slice_fetch, slice_bypass, slice_push;
    assign slice_fetch   = !slice_empty_q && !slice_claimed_q[OUTS-1];
    assign slice_bypass  = slice_in_valid[g] && slice_idle_q && !slice_claimed_q[OUTS-1];
    assign slice_push    = slice_in_valid[g] && slice_in_ready_q && !slice_bypass;
    assign slice_claim   = slice_fetch || slice_bypass;
    assign slice_arrive  = slice_fetched2_q || slice_bypass;
    // One LUT from flops and in_data_i: the bank register or the beat on the input.
    assign slice_arrival = slice_fetched2_q ? fetch_data_q : in_data_i[LO +: SW];
    for (genvar k = 0; k < OUTS; k++) begin : g_view
      assign out_q[k][LO +: SW] = slice_out_q[k*SW +: SW];
    end

    rijndael_shift_queue #(.WIDTH(SW), .ENTRIES(OUTS)) u_out (
      .clk_i(clk_i), .clear_i(slice_clear_q), .valid_i(slice_valid_q), .pop_i(slice_pops),
      .in_i(slice_arrival), .q_o(slice_out_q)
    );

    // OUT_STAGE: the slice's part of the register stage (see g_out_stage), with the slice's own copies of
    // the stage's valid flags and room flop, reset and cleared with the slice's output registers. Each
    // copy follows the control's rule from its own state (slice_pop equals the control's pop), so they
    // stay equal.
    if (OUT_STAGE) begin : g_stage
      logic [STAGE-1:0]    slice_stage_valid;
      logic [STAGE*SW-1:0] slice_stage_q;  // entry k at [k*SW +: SW] (flat, as read_q)
      logic                slice_popped;
      // A room flop per output register and one for the flags: with one, its 4 x 32 load enables across
      // the slice were a 4.5 ns route (pipelined, seed 2, session 43).
      rijndael_stage_flags #(.ENTRIES(STAGE), .ROOMS(OUTS + 1)) u_flags (
        .clk_i(clk_i), .clear_i(slice_rst_q), .push_i(slice_pop), .ready_i(out_ready_i),
        .valid_o(slice_stage_valid), .popped_o(slice_popped), .head_valid_o(slice_head_valid[g]),
        .room_o(slice_ready[g])
      );
      // Filled from the slice's head output register; shifted by the pop of the last clock.
      rijndael_shift_queue #(.WIDTH(SW), .ENTRIES(STAGE)) u_stage (
        .clk_i(clk_i), .clear_i(slice_clear_q), .valid_i(slice_stage_valid), .pop_i({STAGE{slice_popped}}),
        .in_i(slice_out_q[0 +: SW]), .q_o(slice_stage_q)
      );
      assign out_data_o[LO +: SW] = slice_popped ? slice_stage_q[SW +: SW] : slice_stage_q[0 +: SW];
      logic unused_stage;  // entries 2.. move inside u_stage only
      assign unused_stage = ^slice_stage_q[STAGE*SW-1:2*SW];
    end

    // High in the clock after slice_rst_q and while the slice's wipe will be on next clock
    // (slice_wiping_q's next value).
    always_ff @(posedge clk_i) slice_clear_q <= slice_rst_q || slice_wiping_d;
    always_ff @(posedge clk_i) begin
      if (slice_rst_q) begin
        slice_valid_q    <= '0;
        slice_claimed_q  <= '0;
        slice_fetched_q  <= 1'b0;
        slice_fetched2_q <= 1'b0;
        slice_wiping_q   <= 1'b1;
        slice_empty_q    <= 1'b1;
        slice_idle_q     <= 1'b0;
        slice_in_ready_q <= 1'b0;
      end else begin
        slice_empty_q    <= slice_push == slice_fetch ? slice_empty_q : (slice_fetch && slice_one);
        slice_idle_q     <= slice_empty_q && !slice_push && !slice_fetch && !slice_fetched_q && !slice_wiping_d;
        slice_in_ready_q <= !slice_wiping_d && (CREDITED || !slice_high);
        slice_valid_q <= move4(slice_valid_q, slice_pop, slice_arrive);
        slice_claimed_q <= move4(slice_claimed_q, slice_pop, slice_claim);
        slice_fetched_q  <= slice_fetch;
        slice_fetched2_q <= slice_fetched_q;
        // The wipe ends with the last write address, counted by this slice's own write pointer.
        slice_wiping_q   <= slice_wiping_d;
      end
    end

    // The wipe walks the write address over the memory, the read address with it (still empty after).
    rijndael_fifo_fill #(.DEPTH(DEPTH)) u_fill (
      .clk_i(clk_i), .clear_i(slice_rst_q), .push_i(wr_advance), .fetch_i(slice_fetch || slice_bypass),
      .wipe_i(slice_wiping_q), .wr_addr_o(wr_addr_q), .rd_addr_o(rd_addr_q), .one_o(slice_one),
      .high_o(slice_high)
    );
    always_ff @(posedge clk_i) begin
      if (slice_rst_q) fetch_bank_q <= '0;
      else             fetch_bank_q <= rd_bank;
    end
  end

  // Output registers: they shift towards out_q[0] on a pop, and an arriving entry fills the first free one.
  // Each register's data choice depends on flops only (the next register's valid flag: the older entry
  // moves in if there is one, else the arrival); out_ready_i reaches only the load enables, which may
  // load a don't-care value into a register that stays invalid. They are built per slice (above, a
  // rijndael_shift_queue each); the valid flags here are the ones out_valid_o uses.
  // They are also held at zero while the memory is wiped: after a reset they would otherwise load what
  // arrives at in_data_i (a beat of the interrupted stream) as a don't-care value.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      out_valid_q <= '0;
      claimed_q   <= '0;
    end else begin
      out_valid_q <= move4(out_valid_q, pop, arrive);
      claimed_q <= move4(claimed_q, pop, claim);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fetched_q   <= 1'b0;
      fetched2_q  <= 1'b0;
      wiping_q    <= 1'b1;
      in_ready_q  <= 1'b0;
      empty_q     <= 1'b1;
      idle_q      <= 1'b0;
    end else begin
      fetched_q  <= fetch;
      fetched2_q <= fetched_q;
      empty_q    <= empty_d;
      // Idle next clock: the memory stays empty (nothing pushed or fetched), nothing was fetched this
      // clock or the last (the fetched flags will be low), and the wipe is over.
      idle_q     <= empty_q && !push && !fetch && !fetched_q && !wiping_d;
      in_ready_q <= !wiping_d && (CREDITED || !fill_high);
      wiping_q   <= wiping_d;
    end
  end
endmodule
