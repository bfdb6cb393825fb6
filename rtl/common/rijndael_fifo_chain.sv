// rijndael_fifo_chain: a FIFO of DEPTH registers in a row, for a buffer of a few wide entries where LUTs
// count and flip-flops do not: the block-RAM iterative core's output buffer (`iterative-bram`: 4 x 129 bits).
// The same port list as rijndael_fifo_small.
//
// - Stage 0 takes the beat offered; every stage takes the one behind it when that one moves on, and the
//   last stage is the head (out_data_o, out_valid_o its flops). A stage's data input is the stage behind
//   it, never a choice, so the data cost no LUT at all: only its clock enable (one per stage) and the
//   valid flags are logic. rijndael_fifo_small's LUT RAM costs WIDTH / 4 TRELLIS_DPR16X4 at six LUT4
//   sites each (33 cells, 198 sites at WIDTH 129, for four entries of a 16-deep cell).
// - A stage moves on when the stage ahead of it is empty or moves on itself, the head when out_ready_i is
//   high: the chain closes up every clock, so with at most DEPTH - 1 beats inside, stage 0 is free or moving
//   and a beat is taken. in_ready_o says so (a flop, computed like rijndael_fifo_small's from the next count).
//   out_ready_i reaches the stages' enables through DEPTH levels of that rule, no data choice.
// - Latency from a push into an empty FIFO to out_valid_o: DEPTH cycles (one per stage); the caller's
//   throughput is unchanged as long as its credits count the beats inside (the iterative core's
//   occupancy). HEAD_LOAD: a beat taken while every stage behind the head is empty goes straight into the
//   head (latency one cycle) if the head is empty or hands its beat on at the same edge, at the price of one
//   data choice per bit in front of the head (WIDTH LUT4); otherwise it goes in at stage 0 as before, so none
//   overtakes another. The choice's select is "every stage behind the head empty", from the stages' flags
//   alone: out_ready_i reaches the head's and stage 0's enables, as it reaches every stage's, and no data
//   choice.
// - FALL_THROUGH (with HEAD_LOAD): a beat offered while every stage is empty is at the output in the same
//   cycle (out_valid_o from in_valid_i, out_data_o from in_data_i through one more choice per bit, steered by
//   the head's flag); taken there, it is never stored, else it goes into the head and stays at the output
//   (AXI4-Stream: out_valid_o stays high, out_data_o unchanged). Latency 0. The caller's in_valid_i must not
//   depend on out_ready_i (it reaches out_valid_o).
// - Holds plaintext and key-derived data: every stage is reset to zero (no wipe sequence: wiping_o stays
//   low). in_clear_i zeroes the beat's bits [CLEAR_W-1:0] through stage 0's synchronous reset.
module rijndael_fifo_chain #(
  parameter int WIDTH = 8,
  parameter int DEPTH = 4,  // stages, 2..16
  parameter int CLEAR_W = 0, // in_clear_i zeroes the beat's bits [CLEAR_W-1:0] as it is taken (0..WIDTH)
  parameter bit HEAD_LOAD = 1'b0,  // 1: a beat taken into an empty FIFO goes straight into the head
  parameter bit FALL_THROUGH = 1'b0  // 1 (needs HEAD_LOAD): a beat offered to an empty FIFO is at the output at once
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             in_valid_i,
  output logic             in_ready_o,
  input  logic [WIDTH-1:0] in_data_i,
  input  logic             in_clear_i,  // with in_valid_i: store this beat with bits [CLEAR_W-1:0] zero
  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [WIDTH-1:0] out_data_o,
  output logic             wiping_o
);
  localparam int CW = $clog2(DEPTH + 1);

  if (DEPTH < 2 || DEPTH > 16) begin : g_check_depth
    ERROR_rijndael_fifo_chain_DEPTH_must_be_2_to_16 u_error ();
  end
  if (FALL_THROUGH && !HEAD_LOAD) begin : g_check_fall_through
    ERROR_rijndael_fifo_chain_FALL_THROUGH_needs_HEAD_LOAD u_error ();
  end
  if (CLEAR_W < 0 || CLEAR_W > WIDTH) begin : g_check_clear
    ERROR_rijndael_fifo_chain_CLEAR_W_must_be_0_to_WIDTH u_error ();
  end

  // Stage i's data at [WIDTH*i +: WIDTH] (stage DEPTH - 1 is the head), each slice driven by its stage's own
  // flops (a word of an unpacked array written by several always_ff blocks reached Icarus' readers as X).
  logic [WIDTH*DEPTH-1:0] stages;
  logic [DEPTH-1:0] valid_q, loads;  // valid_q[i]: stage i holds a beat (g_stage[i]'s flop)
  logic [DEPTH-1:0] moves /* verilator split_var */;  // bit i reads bit i + 1: split for the scheduler
  logic [CW-1:0]    count_q, count_d;
  logic             in_ready_q, in_fire, out_fire;
  logic             behind_empty, to_head;  // HEAD_LOAD: see g_head
  logic             passing, stored;          // FALL_THROUGH: the beat offered is at the output now; kept
  // The beat offered with its cleared bits zeroed (as stage 0's reset zeroes them; the refused flag above them
  // kept): what the head (HEAD_LOAD) and the output (FALL_THROUGH) take from the port.
  localparam logic [WIDTH-1:0] CLEAR_MASK = CLEAR_W >= WIDTH ? '1 : (WIDTH'(1) << CLEAR_W) - WIDTH'(1);
  logic [WIDTH-1:0] offered;
  assign offered = in_data_i & ~(in_clear_i ? CLEAR_MASK : '0);

  assign in_fire  = in_valid_i && in_ready_q;
  assign out_fire = valid_q[DEPTH-1] && out_ready_i;
  assign behind_empty = !(|valid_q[DEPTH-2:0]);
  assign passing  = FALL_THROUGH && in_valid_i && behind_empty && !valid_q[DEPTH-1];
  assign stored   = in_fire && !(passing && out_ready_i);
  assign to_head  = HEAD_LOAD && stored && behind_empty && (!valid_q[DEPTH-1] || out_fire);
  assign count_d  = count_q + CW'(stored) - CW'(out_fire);

  // moves[i]: stage i hands its beat on at this edge; loads[i]: stage i takes one.
  assign moves[DEPTH-1] = out_fire;
  for (genvar i = 0; i < DEPTH - 1; i++) begin : g_moves
    assign moves[i] = valid_q[i] && (!valid_q[i+1] || moves[i+1]);
  end
  assign loads[0] = stored && !to_head;
  for (genvar i = 1; i < DEPTH; i++) begin : g_loads
    assign loads[i] = moves[i-1];
  end

  // Stage 0: from the port. The cleared bits through the flops' synchronous reset (an AND in front of
  // them would take an input of the producer's last LUT per bit).
  for (genvar i = 0; i < DEPTH; i++) begin : g_stage
    logic [WIDTH-1:0] data_q;
    if (i == 0) begin : g_port
      if (CLEAR_W > 0) begin : g_clear_low
        always_ff @(posedge clk_i) begin
          if (!rst_ni || (in_fire && in_clear_i)) data_q[CLEAR_W-1:0] <= '0;
          else if (in_fire)                       data_q[CLEAR_W-1:0] <= in_data_i[CLEAR_W-1:0];
        end
      end else begin : g_no_clear
        logic unused_clear;
        assign unused_clear = in_clear_i;
      end
      if (CLEAR_W < WIDTH) begin : g_kept_high
        always_ff @(posedge clk_i) begin
          if (!rst_ni)      data_q[WIDTH-1:CLEAR_W] <= '0;
          else if (in_fire) data_q[WIDTH-1:CLEAR_W] <= in_data_i[WIDTH-1:CLEAR_W];
        end
      end
    end else if (HEAD_LOAD && i == DEPTH - 1) begin : g_head
      // Loaded whenever it is free (empty, or handing its beat on) and there is a beat to load: from the port
      // (offered: its cleared bits zeroed in the choice) while every stage behind it is empty, else from the
      // stage behind it. Its enable is then two LUT levels from flops, in_valid_i and out_ready_i, and the
      // choice's select a flop: the take decision (to_head, four LUT levels from the stage flags) reaches only
      // the head's valid flag. A beat it loads that was not taken in (one that already left by falling
      // through, or a stage behind's stale beat) sits there with the flag low.
      logic head_free;
      assign head_free = (!valid_q[i] || out_ready_i) && (behind_empty ? in_valid_i : 1'b1);
      always_ff @(posedge clk_i) begin
        if (!rst_ni)        data_q <= '0;
        else if (head_free) data_q <= behind_empty ? offered : stages[WIDTH*(i-1) +: WIDTH];
      end
    end else begin : g_behind
      always_ff @(posedge clk_i) begin
        if (!rst_ni)       data_q <= '0;
        else if (loads[i]) data_q <= stages[WIDTH*(i-1) +: WIDTH];
      end
    end
    assign stages[WIDTH*i +: WIDTH] = data_q;
    logic full_q, head_load;
    assign head_load = HEAD_LOAD && i == DEPTH - 1 && to_head;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) full_q <= 1'b0;
      else         full_q <= loads[i] || head_load || (full_q && !moves[i]);
    end
    assign valid_q[i] = full_q;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      count_q    <= '0;
      in_ready_q <= 1'b1;  // empty: no wipe to wait for (in reset no beat is offered, AXI4-Stream)
    end else begin
      count_q    <= count_d;
      // Room for a beat taken next cycle: fewer than DEPTH beats inside after it (pops only lower it).
      in_ready_q <= int'(count_d) < DEPTH;
    end
  end

  assign in_ready_o  = in_ready_q;
  if (FALL_THROUGH) begin : g_fall_through
    assign out_valid_o = valid_q[DEPTH-1] || passing;
    assign out_data_o  = valid_q[DEPTH-1] ? stages[WIDTH*(DEPTH-1) +: WIDTH] : offered;
  end else begin : g_registered_out
    assign out_valid_o = valid_q[DEPTH-1];
    assign out_data_o  = stages[WIDTH*(DEPTH-1) +: WIDTH];
  end
  assign wiping_o    = 1'b0;
endmodule
