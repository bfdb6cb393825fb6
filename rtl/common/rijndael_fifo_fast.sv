// rijndael_fifo_fast: a FIFO in LUT RAM whose memory read is registered, for a consumer at the clock
// rates where rijndael_fifo's head register (refilled straight from the memory through its select) is too
// slow: the pipelined core's output buffer.
//
// - The memory (LUT RAM, DEPTH entries) is read into a read register (fetch) every clock: nothing but the
//   read and the bank choice lies between the read pointer and a flop. Fetched entries go into three
//   output registers (out_q[0] is the head); a fetch is issued only while they will have room for it
//   whatever the consumer does, so a beat can leave every clock.
// - out_ready_i reaches only the output registers' load enables and valid flags (one LUT each): the
//   fetch, bypass, write and pointer logic depends on flops alone. That is why there are three output
//   registers, not two: room is counted without the pop of the same clock (one more register keeps one
//   beat per clock flowing with that conservative count).
// - BYPASS: a beat that arrives while the memory is empty and no fetch is in flight goes straight into the
//   output registers (one clock of latency, as rijndael_fifo with BYPASS = 1); otherwise it is written to
//   the memory (three clocks: write, fetch, output register). Order is kept either way.
// - Capacity: DEPTH - 1 entries in the memory (one slot stays free, see the write enable below) and three
//   in the output registers, DEPTH + 2 in all as rijndael_fifo with its head register plus one. in_ready_o is a register
//   (see below); out_valid_o and out_data_o come from the head register.
// - The memory holds plaintext and keystream-derived data, so after reset it is zeroed by a counted
//   sequence (DEPTH cycles, wiping_o high, in_ready_o low); every flop is reset.
// - EARLY_VALID = 1: in_valid_i is given a clock ahead (the valid of the beat that in_data_i will carry
//   in the next clock), and the FIFO registers it itself, once for its control and once per 32-bit slice
//   of the memory (kept copies), so that no single valid flop drives the write enables, pointers and
//   output registers of every slice (the pipelined core: its one copy, pulled between the slices, was a
//   2.8 ns route into the count logic, the critical path). in_ready_o keeps its meaning for the beat on
//   in_data_i; a caller that uses EARLY_VALID never offers a beat it has no credit for.
module rijndael_fifo_fast #(
  parameter int WIDTH = 8,
  parameter int DEPTH = 16,  // memory entries: a power of two, at least 4 (DEPTH - 1 are used)
  parameter bit EARLY_VALID = 1'b0
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

  logic             fetched_q;            // the bank read registers hold an entry fetched at the last edge
                                          // (each slice reads it from the read register of its bank)
  logic [2:0]       out_valid_q;          // filled from [0] up: 000, 001, 011, 111
  // The slices' output registers side by side (a view, see the slices): packed, not an unpacked array, as
  // Icarus does not propagate a continuous assignment from an unpacked array word.
  logic [2:0][WIDTH-1:0] out_q;
  logic             wiping_q;
  // Entries in the memory as a thermometer code (bit i: more than i entries; the memory holds at most
  // DEPTH - 1): it moves by a shift, one LUT per bit, where a binary count's adder behind the push and fetch
  // decisions was the critical path of the pipelined core (a carry chain after two LUTs, 6.9 ns though all
  // local). Only "one entry" and "fewer than DEPTH - 2" are ever asked of it.
  logic [DEPTH-2:0] count_q;
  logic             in_ready_q, empty_q, empty_d;

  logic [AW-1:0] wipe_addr;              // slice 0's write address
  logic       wiping_d, pop, fetch, bypass, push, arrive;

  // Empty is a flop: the bypass and fetch decisions start from it. After this clock the memory is empty
  // if it is now and push equals fetch, or it holds one entry that is fetched while none is pushed.
  assign empty_d   = push == fetch ? empty_q : (fetch && count_q[0] && !count_q[1]);
  // The beat's valid: this clock's, or the one registered a clock ago from in_valid_i (EARLY_VALID).
  localparam int GROUPS_V = (WIDTH + 31) / 32;
  logic                in_valid;           // the control's copy
  logic [GROUPS_V-1:0] slice_in_valid;     // each slice's copy
  if (EARLY_VALID) begin : g_early_valid
    (* keep *) always_ff @(posedge clk_i) in_valid <= in_valid_i;
    for (genvar g = 0; g < GROUPS_V; g++) begin : g_copy
      (* keep *) always_ff @(posedge clk_i) slice_in_valid[g] <= in_valid_i;
    end
  end else begin : g_valid_now
    assign in_valid       = in_valid_i;
    assign slice_in_valid = {GROUPS_V{in_valid_i}};
  end
  // in_ready_o is a flop: the memory's write enables (one per LUT-RAM bank, each fanning out to every bit
  // of the bank) must not wait for a pointer compare. It is decided a clock ahead from the memory's count
  // then, as if that clock pushed (one entry at most) and fetched nothing, so it never admits a beat that
  // would fill the memory's last slot (the memory holds DEPTH - 1 entries at most); it may stay low one
  // clock longer than needed after a fetch, never while there is room for two.
  assign in_ready_o = in_ready_q;
  assign pop        = out_valid_q[0] && out_ready_i;
  assign wiping_d   = wiping_q && wipe_addr != AW'(DEPTH - 1);  // the wipe walks the addresses

  // Room in the output registers, counted without this clock's pop: a fetch issued now lands next clock,
  // when the registers and the fetch landing now must have left it a place; a bypassed beat lands now.
  // (The valid flags fill from [0] up, so (registers full + fetched_q) < 3 is !out_valid_q[2] && !(out_valid_q[1] &&
  // fetched_q), and (registers full) < 3 is !out_valid_q[2]: written so, the fetch is one LUT from flops; as a sum it
  // was three LUT levels in front of the count's carry chain, the pipelined core's critical path.)
  // (No wipe term: the memory stays empty while it is wiped, as in_ready_q is low then.)
  assign fetch  = !empty_q && !out_valid_q[2] && !(out_valid_q[1] && fetched_q);
  // An input beat may skip the memory only when nothing older is in the memory or in flight.
  assign bypass = in_valid && in_ready_q && empty_q && !fetched_q && !out_valid_q[2];
  assign push   = in_valid && in_ready_q && !bypass;

  // At most one entry arrives at the output registers per clock: the fetched one, or a bypassed beat.
  assign arrive  = fetched_q || bypass;

  assign out_valid_o = out_valid_q[0];
  assign out_data_o  = out_q[0];
  logic unused_view;  // out_q[2:1] are part of the view only (the reset tests check that all three are wiped)
  assign unused_view = ^{out_q[2], out_q[1]};
  assign wiping_o    = wiping_q;

  // The memory is cut into GROUPS slices of at most GROUP_W bits, each a LUT RAM with its own copy of the
  // read and write addresses: one address flop driving every LUT-RAM cell of a wide memory spread over
  // many slices was the critical path (a 2.4 ns route before the read even starts). Each copy counts on
  // its own (same enables), so synthesis keeps them apart.
  //
  // Each slice is made of BANKS banks of BANK_DEPTH entries (the depth of one LUT-RAM cell on ECP5), and
  // every bank has its own read register, loaded every clock from the bank's read address: the read is a
  // LUT-RAM lookup into a flop beside it. The choice between banks comes after these registers, on the way
  // to the output registers (fetch_data), not between the LUT RAM and a register: the LUT-RAM read, the
  // bank multiplexer and the routes across the memory into one read register limited the pipelined core
  // (6.3 ns). Same latency as one read register: an entry fetched in one clock is there in the next.
  //
  // One write port per slice, shared by the wipe sequence and arriving beats, addressed by a flop alone
  // (no select in front of it). Every beat is written into the free slot at the write pointer, and the
  // pointer moves only when the beat stays in the memory (push).
  //
  // The read registers load every clock (no enable to fan out); fetched_q says whether they hold a fetch.
  // They stay zero while the memory is wiped, so no entry from before a reset passes through them.
  localparam int GROUP_W    = 32;
  localparam int GROUPS     = (WIDTH + GROUP_W - 1) / GROUP_W;
  localparam int BANK_DEPTH = DEPTH < 16 ? DEPTH : 16;
  localparam int BANKS      = DEPTH / BANK_DEPTH;
  localparam int LOW_W      = $clog2(BANK_DEPTH);           // address bits within a bank
  localparam int BANK_W     = BANKS > 1 ? $clog2(BANKS) : 1;
  for (genvar g = 0; g < GROUPS; g++) begin : g_slice
    localparam int LO = g * GROUP_W;
    localparam int SW = (WIDTH - LO < GROUP_W) ? WIDTH - LO : GROUP_W;
    logic [AW-1:0]     wr_addr_q, rd_addr_q;
    // The slice's copy of the wipe flag (below): it also drives the slice's memory writes and pointers,
    // so the global flag reaches only the control.
    logic              slice_wiping_q;
    logic [BANK_W-1:0] wr_bank, rd_bank, fetch_bank_q;  // the bank read into the read registers last clock
    logic [BANKS*SW-1:0] read_q;  // one read register per bank (flat: Yosys cannot size a 2-D packed net here)
    logic [SW-1:0]       slice_fetch_data;
    // The slice's resets, active high from flops of its own, so that no LUT sits in front of a reset net:
    // slice_rst_q (rst_ni a clock late, a kept copy per slice) for its flags and pointers, slice_clear_q for
    // its data registers (read and output registers: reset or wipe). rst_ni's inverter to the pointers of
    // every slice, and a LUT per slice ORing reset and wipe into the LSRs of its 224..352 data flops, were
    // paths of the pipelined builds (pipelined-256, seed 3: the reset flop -> fetch_bank_q). Cost: the
    // slice is reset a clock later than the global flags (which reset at once, so nothing leaves meanwhile)
    // and its data registers are zero from the third clock of a reset instead of the second.
    logic slice_rst_q, slice_clear_q;
    rijndael_reg_copy #(.WIDTH(1)) u_slice_rst (.clk_i(clk_i), .d_i(!rst_ni), .q_o(slice_rst_q));
    if (g == 0) begin : g_wipe_addr
      assign wipe_addr = wr_addr_q;
    end
    if (BANKS > 1) begin : g_banked
      assign wr_bank = wr_addr_q[AW-1:LOW_W];
      assign rd_bank = rd_addr_q[AW-1:LOW_W];
    end else begin : g_one_bank
      assign wr_bank = '0;
      assign rd_bank = '0;
    end

    for (genvar b = 0; b < BANKS; b++) begin : g_bank
      (* ram_style = "distributed" *) logic [SW-1:0] mem [BANK_DEPTH];
      always_ff @(posedge clk_i) begin
        // The write enable does not wait for in_ready_q (on ECP5 the handshake in front of every LUT-RAM
        // write enable was the critical path): the slot at the write pointer is always free, so a beat that
        // is refused or bypassed is written there harmlessly and the pointer does not move.
        if ((slice_wiping_q || slice_in_valid[g]) && wr_bank == BANK_W'(b))
          mem[wr_addr_q[LOW_W-1:0]] <= slice_wiping_q ? '0 : in_data_i[LO +: SW];
      end

      always_ff @(posedge clk_i) begin
        if (slice_clear_q) read_q[b*SW +: SW] <= '0;
        else                           read_q[b*SW +: SW] <= mem[rd_addr_q[LOW_W-1:0]];
      end
    end
    assign slice_fetch_data = read_q[32'(fetch_bank_q) * SW +: SW];

    // The slice's output registers (see "output registers" below), with the slice's own copies of the
    // flags that steer them: the valid flags, the fetch landing now and the wipe flag. One set of flags for
    // all slices fanned out to the clock enables and resets of every output register (3 x WIDTH flops,
    // spread over the memory's slices) and that route was the critical path (out_valid -> pop -> CE,
    // 6.7 ns of routing). Each copy follows the same rule as the global flags, from its own state, so the
    // copies stay equal and synthesis cannot merge them (a copy of a flop loaded from the same net would
    // be merged).
    logic [2:0]      slice_valid_q;
    logic            slice_fetched_q, slice_pop, slice_arrive;
    logic [3*SW-1:0] slice_out_q;  // entry k at [k*SW +: SW], k = 0 the head (flat, as read_q)
    logic [SW-1:0]   slice_arrival;
    assign slice_pop     = slice_valid_q[0] && out_ready_i;
    // The slice's own fetch, bypass and push decisions, by the global rules from the slice's copies of the
    // flags they read (empty and in_ready kept here too; the count's two low bits and its credit bit are
    // the only global inputs, and they reach flops' inputs only): the global fetch to every slice's read
    // pointer was the critical path of pipelined-both (a 5.6 ns route to a slice across the die).
    logic slice_empty_q, slice_in_ready_q, slice_fetch, slice_bypass, slice_push;
    assign slice_fetch   = !slice_empty_q && !slice_valid_q[2] && !(slice_valid_q[1] && slice_fetched_q);
    assign slice_bypass  = slice_in_valid[g] && slice_in_ready_q && slice_empty_q && !slice_fetched_q &&
                           !slice_valid_q[2];
    assign slice_push    = slice_in_valid[g] && slice_in_ready_q && !slice_bypass;
    assign slice_arrive  = slice_fetched_q || slice_bypass;
    assign slice_arrival = slice_fetched_q ? slice_fetch_data : in_data_i[LO +: SW];
    for (genvar k = 0; k < 3; k++) begin : g_view
      assign out_q[k][LO +: SW] = slice_out_q[k*SW +: SW];
    end

    always_ff @(posedge clk_i) begin
      if (slice_clear_q) begin
        slice_out_q <= '0;
      end else begin
        if (!slice_valid_q[0] || slice_pop)
          slice_out_q[0 +: SW] <= slice_valid_q[1] ? slice_out_q[SW +: SW] : slice_arrival;
        if (!slice_valid_q[1] || slice_pop)
          slice_out_q[SW +: SW] <= slice_valid_q[2] ? slice_out_q[2*SW +: SW] : slice_arrival;
        if (!slice_valid_q[2] || slice_pop)
          slice_out_q[2*SW +: SW] <= slice_arrival;
      end
    end

    // High while the slice's reset or wipe will be on next clock (slice_wiping_q's next value), and in the
    // clock after rst_ni falls.
    always_ff @(posedge clk_i) slice_clear_q <= !rst_ni || slice_rst_q || (slice_wiping_q && wr_addr_q != AW'(DEPTH - 1));
    always_ff @(posedge clk_i) begin
      if (slice_rst_q) begin
        slice_valid_q    <= '0;
        slice_fetched_q  <= 1'b0;
        slice_wiping_q   <= 1'b1;
        slice_empty_q    <= 1'b1;
        slice_in_ready_q <= 1'b0;
      end else begin
        slice_empty_q    <= slice_push == slice_fetch ? slice_empty_q : (slice_fetch && count_q[0] && !count_q[1]);
        slice_in_ready_q <= !(slice_wiping_q && wr_addr_q != AW'(DEPTH - 1)) && !count_q[DEPTH-3];
        case ({slice_pop, slice_arrive})
          2'b01:   slice_valid_q <= {slice_valid_q[1:0], 1'b1};
          2'b10:   slice_valid_q <= {1'b0, slice_valid_q[2:1]};
          default: slice_valid_q <= slice_valid_q;
        endcase
        slice_fetched_q <= slice_fetch;
        // The wipe ends with the last write address, counted by this slice's own write pointer.
        slice_wiping_q  <= slice_wiping_q && wr_addr_q != AW'(DEPTH - 1);
      end
    end

    // The wipe walks the write address over the memory, the read address with it (still empty after).
    always_ff @(posedge clk_i) begin
      if (slice_rst_q) begin
        wr_addr_q    <= '0;
        rd_addr_q    <= '0;
        fetch_bank_q <= '0;
      end else begin
        if (slice_push || slice_wiping_q) wr_addr_q <= wr_addr_q + 1'b1;
        if (slice_fetch || slice_wiping_q) rd_addr_q <= rd_addr_q + 1'b1;
        fetch_bank_q <= rd_bank;
      end
    end
  end

  // Output registers: they shift towards out_q[0] on a pop, and an arriving entry fills the first free one.
  // Each register's data choice depends on flops only (the next register's valid flag: the older entry
  // moves in if there is one, else the arrival); out_ready_i reaches only the load enables, which may
  // load a don't-care value into a register that stays invalid. They are built per slice (above); the
  // valid flags here are the ones the fetch, bypass and out_valid_o use.
  // They are also held at zero while the memory is wiped: after a reset they would otherwise load what
  // arrives at in_data_i (a beat of the interrupted stream) as a don't-care value.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      out_valid_q <= '0;
    end else begin
      case ({pop, arrive})
        2'b01:   out_valid_q <= {out_valid_q[1:0], 1'b1};
        2'b10:   out_valid_q <= {1'b0, out_valid_q[2:1]};
        default: out_valid_q <= out_valid_q;  // none, or one leaves and one arrives
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fetched_q   <= 1'b0;
      wiping_q    <= 1'b1;
      count_q     <= '0;
      in_ready_q  <= 1'b0;
      empty_q     <= 1'b1;
    end else begin
      fetched_q  <= fetch;
      if (push && !fetch)      count_q <= {count_q[DEPTH-3:0], 1'b1};
      else if (fetch && !push) count_q <= {1'b0, count_q[DEPTH-2:1]};
      empty_q    <= empty_d;
      in_ready_q <= !wiping_d && !count_q[DEPTH-3];
      wiping_q   <= wiping_d;
    end
  end
endmodule
