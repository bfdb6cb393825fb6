// rijndael_fifo_fast: a FIFO in LUT RAM whose memory read is registered, for a consumer at the clock
// rates where rijndael_fifo's head register (refilled straight from the memory through its select) is too
// slow: the pipelined core's output buffer.
//
// - The memory (LUT RAM, DEPTH entries) is read into a read register (fetch): nothing but the read and the
//   bank choice lies between the read pointer and a flop. Fetched entries go into two output registers
//   (head and spare, as in rijndael_skid); a fetch is issued only while the output registers will have
//   room for it, so a beat can leave every clock.
// - BYPASS: a beat that arrives while the memory is empty and no fetch is in flight goes straight into the
//   output registers (one clock of latency, as rijndael_fifo with BYPASS = 1); otherwise it is written to
//   the memory (three clocks: write, fetch, output register). Order is kept either way.
// - Capacity: DEPTH entries in the memory and two in the output registers (a fetch is issued only into
//   room, so the read register holds no entry of its own while the output is held). in_ready_o is
//   !(memory full) and depends on registers only; out_valid_o and out_data_o come from the head register.
// - The memory holds plaintext and keystream-derived data, so after reset it is zeroed by a counted
//   sequence (DEPTH cycles, wiping_o high, in_ready_o low); every flop is reset.
module rijndael_fifo_fast #(
  parameter int WIDTH = 8,
  parameter int DEPTH = 16   // memory entries: a power of two, at least 2
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

  if (DEPTH < 2 || (1 << AW) != DEPTH) begin : g_check_depth
    ERROR_rijndael_fifo_fast_DEPTH_must_be_a_power_of_two_of_at_least_2 u_error ();
  end

  (* ram_style = "distributed" *) logic [WIDTH-1:0] mem [DEPTH];
  logic [AW:0]      wr_ptr_q, rd_ptr_q;   // one extra bit tells full from empty
  logic             fetched_q;            // fetch_q holds an entry read at the last edge
  logic [WIDTH-1:0] fetch_q;
  logic             head_valid_q, spare_valid_q;
  logic [WIDTH-1:0] head_q, spare_q;
  logic             wiping_q;
  logic [AW-1:0]    wipe_addr_q;

  logic mem_empty, mem_full, pop, room_now, fetch, bypass, push, arrive;
  logic [1:0]       held_after;           // output registers and fetch still held after this clock's pop
  logic [WIDTH-1:0] arrival;

  assign mem_empty = wr_ptr_q == rd_ptr_q;
  assign mem_full  = (wr_ptr_q[AW] != rd_ptr_q[AW]) && (wr_ptr_q[AW-1:0] == rd_ptr_q[AW-1:0]);
  assign in_ready_o = !mem_full && !wiping_q;
  assign pop        = head_valid_q && out_ready_i;

  // Entries that will be in the output registers after this clock, counting the fetch that lands now.
  assign held_after = 2'(head_valid_q) + 2'(spare_valid_q) + 2'(fetched_q) - 2'(pop);
  assign room_now   = held_after < 2'd2;   // one more entry (fetched now, or bypassed) fits next clock
  assign fetch      = !mem_empty && room_now && !wiping_q;
  // An input beat may skip the memory only when nothing older is in the memory or in flight.
  assign bypass     = in_valid_i && in_ready_o && mem_empty && !fetched_q && room_now;
  assign push       = in_valid_i && in_ready_o && !bypass;

  // At most one entry arrives at the output registers per clock: the fetched one, or a bypassed beat.
  assign arrive  = fetched_q || bypass;
  assign arrival = fetched_q ? fetch_q : in_data_i;

  assign out_valid_o = head_valid_q;
  assign out_data_o  = head_q;
  assign wiping_o    = wiping_q;

  // One write port, shared by the wipe sequence and arriving beats. Every beat is written into the free
  // slot at the write pointer, and the pointer moves only when the beat stays in the memory (push), so the
  // RAM's write enable and data do not wait for the bypass decision (which depends on out_ready_i).
  always_ff @(posedge clk_i) begin
    if (wiping_q)        mem[wipe_addr_q] <= '0;
    else if (in_valid_i && in_ready_o) mem[wr_ptr_q[AW-1:0]] <= in_data_i;  // in_ready_o: flops only
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fetch_q <= '0;
    end else if (fetch) begin
      fetch_q <= mem[rd_ptr_q[AW-1:0]];
    end
  end

  // The output registers: the spare refills the head first (it is older), then the arriving entry.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_valid_q  <= 1'b0;
      spare_valid_q <= 1'b0;
      head_q        <= '0;
      spare_q       <= '0;
    end else if (!head_valid_q || pop) begin
      head_valid_q  <= spare_valid_q || arrive;
      if (spare_valid_q)  head_q <= spare_q;
      else if (arrive)    head_q <= arrival;
      spare_valid_q <= spare_valid_q && arrive;
      if (spare_valid_q && arrive) spare_q <= arrival;
    end else if (arrive) begin
      spare_valid_q <= 1'b1;
      spare_q       <= arrival;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_ptr_q    <= '0;
      rd_ptr_q    <= '0;
      fetched_q   <= 1'b0;
      wiping_q    <= 1'b1;
      wipe_addr_q <= '0;
    end else begin
      if (push)  wr_ptr_q <= wr_ptr_q + 1'b1;
      if (fetch) rd_ptr_q <= rd_ptr_q + 1'b1;
      fetched_q <= fetch;
      if (wiping_q) begin
        wipe_addr_q <= wipe_addr_q + 1'b1;
        if (wipe_addr_q == AW'(DEPTH - 1)) wiping_q <= 1'b0;
      end
    end
  end
endmodule
