// rijndael_ghash_serial: GHASH with a digit-serial multiplier (rijndael_ghash with FAST = 0), for the
// iterative, folded and tiny cores, which deliver a block every several clocks anyway.
//
// One block at a time, STEPS = 128/DIGIT digits, a block every STEPS + 2 clocks (DIGIT = 32: 6):
//   accept    the block, its context and flags go into a port register with the context's H, read from a
//             small memory (one entry per context: LUT RAM on an FPGA) at the accept: a subkey written in
//             the accept's clock applies to blocks accepted after it. The port takes the next block while
//             one is in the multiplier, so a block is taken in the clock the one before it loads.
//   load      X = block xor the context's accumulator (xor 0 on the first block of a message), read a
//             clock ahead from the port register and the accumulator memory (a result not yet in it is
//             taken from z_q), goes into the digit register d_q (X's first digit) and the shift register
//             x_q (the others), the port's H into h_q; a block loads at the earliest two clocks after its
//             accept, and in the clock the block before it retires.
//   partial   every clock p_q <= digit(d_q) * H unreduced (rijndael_gf128_mul_digit's first half) while
//             d_q takes the next digit: the AND-XOR tree is off the loop.
//   loop      every clock of a block's STEPS after that, z_q <= (z_q * x^DIGIT xor p_q) reduced (the second
//             half, two LUT4 levels): the only recurrence.
//   done      z_q holds X * H: it is written back to the context's accumulator, or for a last block into
//             the output register, in the clock the next block loads. A last block waits in z_q while the
//             output register is still full.
// No port reaches anything but the port register (and the H memory's read address); the memories are
// written from flops (z_q, ctx_q) through the wipe's choice, and every choice in front of the multiplier is
// a flop's (load_q, byp_q: decided a clock ahead from the next state). in_ready_o and out_valid_o are
// flops, h_ready_o is !wiping_q. The digit and H registers are COPIES kept copies, each feeding a slice
// of the partial product (fan-out).
//
// Wiping: reset and clear_i zero both memories by a counted sequence (CONTEXTS clocks, every ready low),
// and every flop that held H, X, a partial product, Y or a result; a multiplication in flight, a block in
// the port register and an unread result are dropped. X leaves the digit and shift registers once a block
// is done (they shift zeros in); h_q, z_q and the port register keep the last block's subkey, result and
// block, which the memories and the output register hold anyway, until the next block or a reset or clear.
module rijndael_ghash_serial #(
  parameter int CONTEXTS = 4,
  parameter int DIGIT    = 32,
  parameter int CTX_W    = 2,
  parameter int COPIES   = 8,   // copies of the digit and H registers, each feeding an eighth of the partial
  parameter int PARTS    = 2    // the partial product registered in two parts (rijndael_gf128_mul_digit)
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               clear_i,
  input  logic               h_valid_i,
  output logic               h_ready_o,
  input  logic [CTX_W-1:0]   h_ctx_i,
  input  logic [127:0]       h_i,
  input  logic               in_valid_i,
  output logic               in_ready_o,
  input  logic [127:0]       in_block_i,
  input  logic [CTX_W-1:0]   in_ctx_i,
  input  logic               in_first_i,
  input  logic               in_last_i,
  output logic               out_valid_o,
  input  logic               out_ready_i,
  output logic [127:0]       out_hash_o,
  output logic [CTX_W-1:0]   out_ctx_o
);
  localparam int STEPS = 128 / DIGIT;
  localparam int PW    = 128 + DIGIT - 1;
  localparam int CNT_W = $clog2(STEPS + 2);

  logic [127:0] h_mem   [CONTEXTS];   // hash subkey per context
  logic [127:0] acc_mem [CONTEXTS];   // running Y per context

  // Control state (_d: the value for the next clock).
  logic               port_valid_q, port_valid_d;  // a block waits in the port register
  logic               load_q, load_d;      // the port's block enters the multiplier at the end of this clock
  logic               byp_q, byp_d;        // ... with z_q (its context's latest result) as its accumulator
  logic               pre_ok_d;            // next clock, x_pre_q is made from the block then in the port
  logic               busy_q, busy_d, last_q, last_d, wiping_q, wiping_d;
  logic               loop_q, loop_d;      // z_q steps this clock (a digit's partial product is in p_q)
  logic               done_q, done_d;      // z_q holds the block's X * H
  logic               retire_q, retire_d;  // ... and it leaves this clock (to the accumulator or the output)
  logic               ready_q, ready_d;    // in_ready_o
  logic               z_clr_q;             // a block loaded last clock: z_q starts from 0
  logic [CNT_W-1:0]   cnt_q, cnt_d;        // clocks since the load, while the digits go through
  logic [CTX_W-1:0]   ctx_q, ctx_d, wipe_ctx_q, wipe_ctx_d;
  logic               out_valid_q, out_valid_d;
  // The port register.
  logic [127:0]       port_block_q, port_h_q;
  logic [CTX_W-1:0]   port_ctx_q;
  logic               port_first_q, port_last_q;
  // The datapath.
  logic [DIGIT*COPIES-1:0] d_q;            // the digit, COPIES equal copies (kept cells, one per slice)
  logic [128*COPIES-1:0]   h_q;            // H, likewise
  logic [127:0]       x_q, z_q, z_next, x_load, x_pre_q;
  logic [PARTS*PW-1:0] p_q, p_next;
  logic [127:0]       out_hash_q;
  logic [CTX_W-1:0]   out_ctx_q;
  logic               accept, h_write, write_back, wipe_n;
  logic               wide_wipe_q;         // reset or clear last clock: the wide registers' wipe

  assign in_ready_o = ready_q;
  assign h_ready_o  = !wiping_q;
  assign accept     = in_valid_i && ready_q;
  assign h_write    = h_valid_i && h_ready_o;
  assign write_back = retire_q && !last_q;
  assign wipe_n     = rst_ni && !clear_i;

  // The control flops reset in the reset or clear clock itself (nothing is taken or leaves after it); the
  // wide registers (port, operands, partial product, z, H copies, result) a clock later, from a flop of
  // their own: the reset and clear LUT -> their LSR logic across the unit was the ECP5 path. Nothing
  // reads them in between (no block is in the port or the multiplier, no result is valid).
  always_ff @(posedge clk_i) wide_wipe_q <= !wipe_n;
  // X is read a clock ahead into x_pre_q (the port's block xor its context's accumulator in the memory,
  // xor 0 for a first block), so no memory read is on the way into the multiplier. That read misses the
  // write-backs of the two clocks before a load; both can only be of the block in z_q, which holds the
  // result it wrote back until the clock after the next load: when the port's block has that block's
  // context (and is not a first block), X is the port's block xor z_q instead (byp_q).
  assign x_load     = byp_q ? port_block_q ^ z_q : x_pre_q;

  rijndael_gf128_mul_digit #(.DIGIT(DIGIT), .COPIES(COPIES), .PARTS(PARTS)) u_mul (
    .digit_i(d_q), .h_i(h_q), .partial_o(p_next), .z_i(z_q), .partial_i(p_q), .z_o(z_next)
  );

  // Memories: one write port each, shared by the wipe sequence and normal writes.
  always_ff @(posedge clk_i) begin
    if (wiping_q) begin
      h_mem[wipe_ctx_q] <= '0;
    end else if (h_write) begin
      h_mem[h_ctx_i] <= h_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (wiping_q) begin
      acc_mem[wipe_ctx_q] <= '0;
    end else if (write_back) begin
      acc_mem[ctx_q] <= z_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (wide_wipe_q) begin
      port_block_q <= '0;
      port_h_q     <= '0;
      port_ctx_q   <= '0;
      port_first_q <= 1'b0;
      port_last_q  <= 1'b0;
    end else if (accept) begin
      port_block_q <= in_block_i;
      port_h_q     <= h_mem[in_ctx_i];
      port_ctx_q   <= in_ctx_i;
      port_first_q <= in_first_i;
      port_last_q  <= in_last_i;
    end
  end

  // No enable on the shift and partial registers (they run every clock and carry zeros between blocks);
  // z_q steps with loop_q and is zeroed the clock after a load, before the block's first step.
  always_ff @(posedge clk_i) begin
    if (wide_wipe_q) begin
      x_q     <= '0;
      p_q     <= '0;
      x_pre_q <= '0;
    end else begin
      x_q     <= load_q ? x_load >> DIGIT : x_q >> DIGIT;
      p_q     <= p_next;
      x_pre_q <= port_block_q ^ (port_first_q ? '0 : acc_mem[port_ctx_q]);
    end
  end

  // The copies load one shared value (h_q's from copy 0 between loads; a copy holding itself instead cost
  // 1000 LUT4 of multiplexers and measured slower). The digit copies have no reset:
  // x_q is reset, so they hold zeros from the second clock of a reset or clear (and nothing steps z_q
  // meanwhile); a reset term in their D input was the ECP5 path (the wrapper's clear -> its LUT -> the
  // accumulator choice). H's copies fold reset and clear into their D input.
  // The digit's load choice reads flops of its own (d_ctl_q, copies of load_q and byp_q): load_q and byp_q
  // also steer x_q's 128 bits, and byp_q -> 2.2 ns -> the choice -> 2.3 ns -> a digit copy was the FAST = 0
  // record's seed-1 path.
  logic [1:0]       d_ctl_q;  // {load, bypass} for the digit
  logic [DIGIT-1:0] d_load;
  rijndael_reg_copies #(.WIDTH(2), .COPIES(1)) u_d_ctl (
    .clk_i, .rst_ni(wipe_n), .d_i({load_d, byp_d}), .q_o(d_ctl_q)
  );
  assign d_load = d_ctl_q[0] ? port_block_q[DIGIT-1:0] ^ z_q[DIGIT-1:0] : x_pre_q[DIGIT-1:0];
  rijndael_reg_copies #(.WIDTH(DIGIT), .COPIES(COPIES)) u_d_copies (
    .clk_i, .rst_ni(1'b1), .d_i(d_ctl_q[1] ? d_load : x_q[DIGIT-1:0]), .q_o(d_q)
  );
  rijndael_reg_copies #(.WIDTH(128), .COPIES(COPIES)) u_h_copies (
    .clk_i, .rst_ni(!wide_wipe_q), .d_i(load_q ? port_h_q : h_q[127:0]), .q_o(h_q)
  );

  always_ff @(posedge clk_i) begin
    if (wide_wipe_q || z_clr_q) begin
      z_q <= '0;
    end else if (loop_q) begin
      z_q <= z_next;
    end
  end

  always_comb begin
    wiping_d    = wiping_q;
    wipe_ctx_d  = wipe_ctx_q;
    busy_d      = busy_q;
    last_d      = last_q;
    done_d      = done_q;
    loop_d      = 1'b0;
    cnt_d       = cnt_q;
    ctx_d       = ctx_q;
    out_valid_d = out_valid_q && !out_ready_i;
    if (wiping_q) begin
      wipe_ctx_d = wipe_ctx_q + 1'b1;
      if (int'(wipe_ctx_q) == CONTEXTS - 1) wiping_d = 1'b0;
    end
    if (retire_q) begin
      busy_d = 1'b0;
      done_d = 1'b0;
      if (last_q) out_valid_d = 1'b1;
    end
    if (load_q) begin
      busy_d = 1'b1;
      last_d = port_last_q;
      ctx_d  = port_ctx_q;
      cnt_d  = '0;
    end else if (busy_q && !done_q) begin
      // cnt_q = k in the clock after the load's k-th successor edge: p_q holds digit k - 1's partial
      // product from k = 1 on, so z_q steps in the clocks k = 1 .. STEPS and is done after that.
      cnt_d  = cnt_q + 1'b1;
      loop_d = int'(cnt_q) < STEPS;
      done_d = int'(cnt_q) == STEPS;
    end
    port_valid_d = accept || (port_valid_q && !load_q);
    // The block in z_q leaves in the next clock: to the accumulator, or to an output register then free.
    // A loaded block is not done next clock, so this is written for the case without a load (where
    // last_d = last_q and ctx_d = ctx_q) and masked by it.
    retire_d = !load_q && done_d && (!last_q || !out_valid_d);
    // A block loads once x_pre_q was made from it (the clock after it entered the port register).
    pre_ok_d = port_valid_d && !accept;
    load_d   = pre_ok_d && (!busy_d || retire_d);
    // With load_d the port is unchanged (no accept), so its fields are this clock's.
    byp_d    = !port_first_q && ctx_d == port_ctx_q;
    ready_d  = !wiping_d && (!port_valid_d || load_d);
  end

  always_ff @(posedge clk_i) begin
    if (!wipe_n) begin
      port_valid_q <= 1'b0;
      load_q       <= 1'b0;
      byp_q        <= 1'b0;
      busy_q       <= 1'b0;
      last_q       <= 1'b0;
      loop_q       <= 1'b0;
      done_q       <= 1'b0;
      retire_q     <= 1'b0;
      ready_q      <= 1'b0;
      z_clr_q      <= 1'b0;
      cnt_q        <= '0;
      ctx_q        <= '0;
      out_valid_q  <= 1'b0;
      wiping_q     <= 1'b1;
      wipe_ctx_q   <= '0;
    end else begin
      port_valid_q <= port_valid_d;
      load_q       <= load_d;
      byp_q        <= byp_d;
      busy_q       <= busy_d;
      last_q       <= last_d;
      loop_q       <= loop_d;
      done_q       <= done_d;
      retire_q     <= retire_d;
      ready_q      <= ready_d;
      z_clr_q      <= load_q;
      cnt_q        <= cnt_d;
      ctx_q        <= ctx_d;
      out_valid_q  <= out_valid_d;
      wiping_q     <= wiping_d;
      wipe_ctx_q   <= wipe_ctx_d;
    end
  end

  // The output register: loaded when a last block retires (its enable from a flop).
  always_ff @(posedge clk_i) begin
    if (wide_wipe_q) begin
      out_hash_q <= '0;
      out_ctx_q  <= '0;
    end else if (retire_q && last_q) begin
      out_hash_q <= z_q;
      out_ctx_q  <= ctx_q;
    end
  end

  assign out_valid_o = out_valid_q;
  assign out_hash_o  = out_hash_q;
  assign out_ctx_o   = out_ctx_q;
endmodule
