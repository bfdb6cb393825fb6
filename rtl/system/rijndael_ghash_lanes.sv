// rijndael_ghash_lanes: GHASH at one block per clock on a single message (rijndael_ghash with FAST = 1),
// for the pipelined core.
//
// Aggregation. The multiplier (rijndael_gf128_mul_pipe) takes a new product every clock but its result
// comes back LANES = 3 clocks after the operands are chosen (its operand registers + two stages),
// so block i of a message cannot wait for Y_(i-1). Instead the blocks of a message are dealt round-robin
// to LANES lanes (lane = block index mod 3) and each lane runs Horner's rule with H^3:
//
//   V_i = X_i xor P_(i-3)        (P = 0 in a lane's first pass)     P_i = V_i * H^3
//
// so lane r's last V holds sum X_j H^(e_r - j) over its blocks j (e_r: its last block index). The GHASH of
// m blocks is sum_j X_j H^(m-j), hence the end of a message (m >= 1) is
//
//   GHASH = V_(m-1) * H  xor  V_(e_r') * H^2  xor  V_(e_r'') * H^3   for the other two lanes,
//
// the last block being multiplied by H^1 instead of H^3 as it is issued (its end is known then). The third
// term needs no multiplication: V_(e_r'') is the lane whose last block is m-3, and V_(m-3) * H^3 is the
// product P_(m-3) that block made (prod_mem, or the result register if it is just coming out). So one fold
// multiplication (V_(m-2) * H^2) follows the last block, and P_(m-3) is read in that fold's clock, when
// the product memory's read port is free (no block can be in the input register then). A lane a short
// message (m < 3) never reached contributes 0. The terms are XORed as they come out of the multiplier and
// the sum goes to a 4-entry output queue. A message therefore costs m + 1 clocks; in_ready_o is low for
// the clock the last block issues in (the fold takes the next issue slot).
//
// Forwarding: P_(i-3) is the multiplier's output register in the clock block i is issued when the blocks
// of its context come back to back, else it was written to the per-(context, lane) product memory.
//
// Per-context state (LUT RAM, 4 slots per context): H^1..H^3 (pow_mem), each lane's last product (prod_mem)
// and last V (v_mem); in flops: the next lane and whether all three lanes hold data (3 bits).
//
// Writing H: h_i is held, and once no block or fold is issuing the unit computes H^2 = H * H and
// H^3 = H^2 * H through the same multiplier (about 7 clocks), h_ready_o and in_ready_o low meanwhile.
// A block accepted in the clock H is accepted still hashes with the previous powers.
//
// Stage by stage (clock t: the block is accepted into the input register, which also looks up its lane):
//   t+1 issue: operands V and H^k from LUT RAM / forward into the multiplier's input flops (read
//              addresses and source selects registered at t)
//   t+2, t+3  multiplier stages; t+4: product in the result register (written to prod_mem, or folded)
//
// Results leave in the order last blocks were accepted (one issue slot, one pipeline). A last block is
// accepted only with a free queue entry counted for it, so the pipeline never has to stall.
// Reset and clear_i: every flop is reset (a multiplication in flight is dropped: the operands are zero
// from the clock after, so the multiplier's registers hold zeros within four clocks) and the three memories are zeroed by a counted sequence
// (4 x 2^CTX_W clocks, both readies low).
module rijndael_ghash_lanes #(
  parameter int CONTEXTS = 4,
  parameter int CTX_W    = 2
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
  localparam int LANES     = 3;              // issue-to-result latency of the multiplier
  localparam int ADDR_W    = CTX_W + 2;      // {context, slot}: 4 slots per context
  localparam int ENTRIES   = 1 << ADDR_W;
  localparam int OUT_DEPTH = 4;

  // Operation kinds travelling with the multiplier's operands.
  localparam logic [2:0] OP_BLOCK      = 3'd0;   // product goes to prod_mem[ctx, lane]
  localparam logic [2:0] OP_FOLD_FIRST = 3'd1;   // a message's last block * H: starts the sum (with P_(m-3))
  localparam logic [2:0] OP_FOLD_LAST  = 3'd3;   // V_(m-2) * H^2: added, and the sum is the message's GHASH
  localparam logic [2:0] OP_POW        = 3'd4;   // a power of H for pow_mem[ctx, slot]

  // The memories (pow_mem: slot k-1 holds H^k; prod_mem: slot r lane r's last product P; v_mem: slot r
  // lane r's last V) are in g_quarter below, 32 bits each.
  localparam int QUARTERS = 4;

  // Wipe sequence
  logic              wiping_q;
  logic [ADDR_W-1:0] wipe_addr_q;

  // Per-context lane bookkeeping (flat: 2 bits of next lane per context)
  logic [2*CONTEXTS-1:0] next_lane_q;
  logic [CONTEXTS-1:0]   full_q;      // all three lanes hold data of the message in progress

  // Input register
  logic               blk_valid_q, blk_last_q, blk_full_q;
  logic [127:0]       blk_q;
  logic [CTX_W-1:0]   blk_ctx_q;
  logic [1:0]         blk_lane_q;

  // Fold of the message whose last block was just issued
  logic               fold_q;         // the fold multiplication issues in this clock
  logic [CTX_W-1:0]   fold_ctx_q;
  logic [1:0]         fold_lane_q;    // lane of block m-2 (folded with H^2)
  logic [1:0]         p3_lane_q;      // lane of block m-3 (its product taken as it is)
  logic               p3_has_data_q;
  logic [127:0]       p3_q;           // P_(m-3) of that message (0 if its lane has no data), for its sum

  // Subkey being written and its powers
  logic               h_busy_q, pow_started_q, pow_start_q;
  logic [127:0]       h_cur_q;
  logic [CTX_W-1:0]   h_ctx_q;

  // Tags travelling alongside the multiplier's three register stages
  logic [127:0]       res;
  logic               va_q, vb_q, vr_q;
  logic [2:0]         kind_a_q, kind_b_q, kind_r_q;
  logic [CTX_W-1:0]   ctx_a_q, ctx_b_q, ctx_r_q;
  logic [1:0]         idx_a_q, idx_b_q, idx_r_q;

  // Result accumulation and output queue
  logic [127:0]             sum_q;
  logic [OUT_DEPTH*128-1:0] q_hash_q;
  logic [OUT_DEPTH*CTX_W-1:0] q_ctx_q;
  logic [1:0]               q_wr_q, q_rd_q;
  logic [2:0]               q_count_q, outstanding_q;

  // ---------------------------------------------------------------------------------------------
  // Handshakes (all from flops)
  logic accept, h_write, pop, push;
  logic [1:0] in_lane;
  logic       in_full;

  // Not while a last block is in the input register: it issues now and its fold in the next clock, so a
  // block taken now would collide with the fold. A block taken during the fold issues after it.
  assign in_ready_o = !wiping_q && !h_busy_q && !(blk_valid_q && blk_last_q) &&
                      int'(outstanding_q) < OUT_DEPTH;
  assign h_ready_o  = !wiping_q && !h_busy_q;
  assign accept     = in_valid_i && in_ready_o;
  assign h_write    = h_valid_i && h_ready_o;
  assign in_lane    = in_first_i ? 2'd0 : next_lane_q[2*in_ctx_i +: 2];
  assign in_full    = !in_first_i && full_q[in_ctx_i];

  // ---------------------------------------------------------------------------------------------
  // Issue: at most one operation per clock. The handshakes above keep the sources apart: blocks and
  // folds never overlap (in_ready_o), powers wait until neither is pending.
  //
  // The operands are the path into the multiplier's operand copies (4 per bit, spread over its tiles),
  // so everything that can be decided a clock early is: the memory read addresses and one-hot source
  // selects are registered in the clock before the issue (when the block is accepted, when the last
  // block issues for the fold, when the previous power is in the multiplier's second stage), and an
  // operand bit is then an AND-XOR of its sources (one-hot, so XOR is the multiplexer), zero when
  // nothing issues (blk_q is zero unless a block was accepted).
  logic               pow_start, pow_next, fold_issue, blk_issue, op_valid;
  logic               p3_fwd;
  logic [127:0]       prod_rd, pow_rd, v_rd, p3, op_a, op_b;
  logic [2:0]         op_kind;
  logic [CTX_W-1:0]   op_ctx;
  logic [1:0]         op_idx;
  logic [ADDR_W-1:0]  prod_addr_d, pow_addr_d, v_addr_d;
  logic               v_we_q;
  logic [ADDR_W-1:0]  v_waddr_q;
  logic [127:0]       v_wdata_q;
  logic               a_h_q, a_res_q, a_prod_q, a_v_q, b_h_q, b_pow_q;   // source selects of this clock
  logic               pow_done, fold_next, pow_next_next, pow_start_next, fwd_next, h_busy_d, pow_started_d;
  logic [1:0]         lane_back1, lane_back2;

  assign pow_start  = pow_start_q;
  assign pow_next   = vr_q && kind_r_q == OP_POW && int'(idx_r_q) != LANES - 1;
  assign pow_done   = vr_q && kind_r_q == OP_POW && int'(idx_r_q) == LANES - 1;
  assign fold_issue = fold_q;
  assign blk_issue  = blk_valid_q;
  assign op_valid   = pow_start || pow_next || fold_issue || blk_issue;

  // Next clock's operation, for the registered selects and addresses. A power starts once the subkey is
  // held and neither a block nor a fold is pending (the flops these came from before).
  always_comb begin
    h_busy_d      = h_busy_q;
    pow_started_d = pow_started_q;
    if (h_write) begin
      h_busy_d      = 1'b1;
      pow_started_d = 1'b0;
    end
    if (pow_start) pow_started_d = 1'b1;
    if (pow_done) begin
      h_busy_d      = 1'b0;
      pow_started_d = 1'b0;
    end
  end
  assign fold_next      = blk_issue && blk_last_q;
  assign pow_start_next = h_busy_d && !pow_started_d && !accept && !fold_next;
  assign pow_next_next  = vb_q && kind_b_q == OP_POW && int'(idx_b_q) != LANES - 1;
  // The operation then in the multiplier's first stage is the one in the result register when the block
  // issues (the pipeline never stalls): P_(i-3) is forwarded from there.
  assign fwd_next       = vb_q && kind_b_q == OP_BLOCK && ctx_b_q == in_ctx_i && idx_b_q == in_lane;

  // Lanes of blocks m-2 (folded with H^2) and m-3 (its product taken as it is), counted back from the
  // last block's lane; a lane holds data of the message if all three do or it is not past the last one.
  assign lane_back1 = (blk_lane_q >= 2'd1) ? blk_lane_q - 2'd1 : blk_lane_q + 2'd2;
  assign lane_back2 = (blk_lane_q >= 2'd2) ? blk_lane_q - 2'd2 : blk_lane_q + 2'd1;

  // One read port each. prod_mem: the block's P_(i-3), or in the fold's clock P_(m-3) (no block is in the
  // input register then: in_ready_o was low). pow_mem: H for a last block, H^3 for the others, H^2 for
  // the fold.
  // The read addresses of the next clock (registered in g_quarter).
  always_comb begin
    prod_addr_d = '0;
    pow_addr_d  = '0;
    if (accept) begin
      prod_addr_d = {in_ctx_i, in_lane};
      pow_addr_d  = {in_ctx_i, in_last_i ? 2'd0 : 2'(LANES - 1)};
    end else if (fold_next) begin
      prod_addr_d = {blk_ctx_q, lane_back2};
      pow_addr_d  = {blk_ctx_q, 2'd1};
    end
  end
  assign v_addr_d = {blk_ctx_q, lane_back1};
  // Block m-3 issued at least 3 clocks before the fold (m-2 and m-1 came after it), so its product is in
  // prod_mem, or in the result register when it issued exactly 3 clocks before (written at this edge).
  assign p3_fwd = vr_q && kind_r_q == OP_BLOCK && ctx_r_q == fold_ctx_q && idx_r_q == p3_lane_q;
  assign p3     = !p3_has_data_q ? '0 : p3_fwd ? res : prod_rd;

  // A power: a = H or the previous power, b = H. The fold: a = V_(m-2) (0 if its lane has no data).
  // A block: a = X_i xor P_(i-3) (X_i alone in a lane's first pass).
  assign op_a = blk_q ^ ({128{a_h_q}} & h_cur_q) ^ ({128{a_res_q}} & res) ^ ({128{a_prod_q}} & prod_rd)
                      ^ ({128{a_v_q}} & v_rd);
  assign op_b = ({128{b_h_q}} & h_cur_q) ^ ({128{b_pow_q}} & pow_rd);

  always_comb begin
    if (pow_start || pow_next) begin
      op_kind = OP_POW;
      op_ctx  = h_ctx_q;
      op_idx  = pow_start ? 2'd1 : idx_r_q + 2'd1;
    end else if (fold_issue) begin
      op_kind = OP_FOLD_LAST;
      op_ctx  = fold_ctx_q;
      op_idx  = fold_lane_q;
    end else begin
      op_kind = blk_last_q ? OP_FOLD_FIRST : OP_BLOCK;
      op_ctx  = blk_ctx_q;
      op_idx  = blk_lane_q;
    end
  end

  // The multiplier registers the operands itself (one copy per tile): a product is in res 3 clocks
  // after its operands are chosen here, alongside the tags in the _a/_b/_r registers.
  rijndael_gf128_mul_pipe u_mul (.clk_i, .rst_ni, .a_i(op_a), .b_i(op_b), .p_o(res));

  // ---------------------------------------------------------------------------------------------
  // Memories: one write port each; the wipe sequence has priority. Split in quarters of 32 bits, each with
  // its own copy of the read addresses (kept flops, no reset: they address nothing secret, and a reset
  // could not be folded into kept flops), because the operand bits, and with them the LUT RAM feeding
  // them, spread over the whole multiplier: one address flop driving all 32 DPR16X4 of a memory was a
  // 3.0 ns route on the seed-1 critical path.
  // V is written a clock late from registers (v_we_q ...): it was the end of that path (operand logic ->
  // v_mem write data). It is read only by a fold, for block m-2, which issued at least a clock before the
  // last block, i.e. two before the fold: written by then.
  logic push_fold;
  assign push_fold = vr_q && kind_r_q == OP_FOLD_LAST;

  for (genvar k = 0; k < QUARTERS; k++) begin : g_quarter
    logic [31:0]       pow_mem  [ENTRIES];
    logic [31:0]       prod_mem [ENTRIES];
    logic [31:0]       v_mem    [ENTRIES];
    logic [ADDR_W-1:0] prod_raddr_q, pow_raddr_q, v_raddr_q;

    (* keep *)
    always_ff @(posedge clk_i) begin
      prod_raddr_q <= prod_addr_d;
      pow_raddr_q  <= pow_addr_d;
      v_raddr_q    <= v_addr_d;
    end
    assign prod_rd[32*k +: 32] = prod_mem[prod_raddr_q];
    assign pow_rd[32*k +: 32]  = pow_mem[pow_raddr_q];
    assign v_rd[32*k +: 32]    = v_mem[v_raddr_q];

    always_ff @(posedge clk_i) begin
      if (wiping_q) begin
        pow_mem[wipe_addr_q] <= '0;
      end else if (pow_start) begin
        pow_mem[{h_ctx_q, 2'd0}] <= h_cur_q[32*k +: 32];
      end else if (vr_q && kind_r_q == OP_POW) begin
        pow_mem[{ctx_r_q, idx_r_q}] <= res[32*k +: 32];
      end
    end

    always_ff @(posedge clk_i) begin
      if (wiping_q) begin
        prod_mem[wipe_addr_q] <= '0;
      end else if (vr_q && kind_r_q == OP_BLOCK) begin
        prod_mem[{ctx_r_q, idx_r_q}] <= res[32*k +: 32];
      end
    end

    always_ff @(posedge clk_i) begin
      if (wiping_q) begin
        v_mem[wipe_addr_q] <= '0;
      end else if (v_we_q) begin
        v_mem[v_waddr_q] <= v_wdata_q[32*k +: 32];
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  assign pop  = q_count_q != 3'd0 && out_ready_i;
  assign push = push_fold;

  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      wiping_q         <= 1'b1;
      wipe_addr_q      <= '0;
      next_lane_q      <= '0;
      full_q           <= '0;
      blk_valid_q      <= 1'b0;
      blk_last_q       <= 1'b0;
      blk_full_q       <= 1'b0;
      blk_q            <= '0;
      blk_ctx_q        <= '0;
      blk_lane_q       <= '0;
      fold_q           <= 1'b0;
      fold_ctx_q       <= '0;
      fold_lane_q      <= '0;
      p3_lane_q        <= '0;
      p3_has_data_q    <= 1'b0;
      v_we_q           <= 1'b0;
      v_waddr_q        <= '0;
      v_wdata_q        <= '0;
      a_h_q            <= 1'b0;
      a_res_q          <= 1'b0;
      a_prod_q         <= 1'b0;
      a_v_q            <= 1'b0;
      b_h_q            <= 1'b0;
      b_pow_q          <= 1'b0;
      pow_start_q      <= 1'b0;
      p3_q             <= '0;
      h_busy_q         <= 1'b0;
      pow_started_q    <= 1'b0;
      h_cur_q          <= '0;
      h_ctx_q          <= '0;
      va_q             <= 1'b0;
      vb_q             <= 1'b0;
      vr_q             <= 1'b0;
      kind_a_q         <= '0;
      kind_b_q         <= '0;
      kind_r_q         <= '0;
      ctx_a_q          <= '0;
      ctx_b_q          <= '0;
      ctx_r_q          <= '0;
      idx_a_q          <= '0;
      idx_b_q          <= '0;
      idx_r_q          <= '0;
      sum_q            <= '0;
      q_hash_q         <= '0;
      q_ctx_q          <= '0;
      q_wr_q           <= '0;
      q_rd_q           <= '0;
      q_count_q        <= '0;
      outstanding_q    <= '0;
    end else begin
      if (wiping_q) begin
        wipe_addr_q <= wipe_addr_q + 1'b1;
        if (int'(wipe_addr_q) == ENTRIES - 1) wiping_q <= 1'b0;
      end

      // Input register and lane bookkeeping
      blk_valid_q <= accept;
      if (accept) begin
        blk_q      <= in_block_i;
        blk_ctx_q  <= in_ctx_i;
        blk_lane_q <= in_lane;
        blk_full_q <= in_full;
        blk_last_q <= in_last_i;
        next_lane_q[2*in_ctx_i +: 2] <= (int'(in_lane) == LANES - 1) ? 2'd0 : in_lane + 2'd1;
        full_q[in_ctx_i]             <= in_full || int'(in_lane) == LANES - 1;
      end else begin
        blk_q <= '0;
      end

      // Fold after a last block. P_(m-3) is kept from the fold's clock until the last block's product
      // comes out (2 clocks later); the next message's fold is at least 2 clocks after this one, so p3_q
      // is not overwritten before it is used.
      fold_q <= fold_next;
      if (fold_next) begin
        fold_ctx_q    <= blk_ctx_q;
        fold_lane_q   <= lane_back1;
        p3_lane_q     <= lane_back2;
        p3_has_data_q <= blk_full_q || blk_lane_q >= 2'd2;
      end
      if (fold_issue) p3_q <= p3;

      // V of an issuing block (not a last one: no later block of its lane reads it), written next clock
      v_we_q    <= blk_issue && !blk_last_q && !pow_start && !fold_issue;
      v_waddr_q <= {blk_ctx_q, blk_lane_q};
      v_wdata_q <= op_a;

      // Operand selects of the next clock's operation (see Issue)
      pow_start_q <= pow_start_next;
      a_h_q       <= pow_start_next;
      a_res_q     <= pow_next_next || (accept && in_full && fwd_next);
      a_prod_q    <= accept && in_full && !fwd_next;
      a_v_q       <= fold_next && (blk_full_q || blk_lane_q >= 2'd1);
      b_h_q       <= pow_start_next || pow_next_next;
      b_pow_q     <= accept || fold_next;

      // Subkey and its powers
      h_busy_q      <= h_busy_d;
      pow_started_q <= pow_started_d;
      if (h_write) begin
        h_cur_q <= h_i;
        h_ctx_q <= h_ctx_i;
      end
      if (pow_done) h_cur_q <= '0;

      // Tags of the operation in each multiplier stage
      va_q     <= op_valid;
      kind_a_q <= op_kind;
      ctx_a_q  <= op_ctx;
      idx_a_q  <= op_idx;
      vb_q     <= va_q;
      kind_b_q <= kind_a_q;
      ctx_b_q  <= ctx_a_q;
      idx_b_q  <= idx_a_q;
      vr_q     <= vb_q;
      kind_r_q <= kind_b_q;
      ctx_r_q  <= ctx_b_q;
      idx_r_q  <= idx_b_q;

      // Fold sums
      if (vr_q && kind_r_q == OP_FOLD_FIRST) sum_q <= res ^ p3_q;
      else if (push_fold) sum_q <= '0;

      // Output queue and the count of results promised to it
      if (push) begin
        q_hash_q[128*q_wr_q +: 128]   <= sum_q ^ res;
        q_ctx_q[CTX_W*q_wr_q +: CTX_W] <= ctx_r_q;
        q_wr_q                         <= q_wr_q + 2'd1;
      end
      if (pop) q_rd_q <= q_rd_q + 2'd1;
      q_count_q     <= q_count_q + 3'(push) - 3'(pop);
      outstanding_q <= outstanding_q + 3'(accept && in_last_i) - 3'(pop);
    end
  end

  assign out_valid_o = q_count_q != 3'd0;
  assign out_hash_o  = q_hash_q[128*q_rd_q +: 128];
  assign out_ctx_o   = q_ctx_q[CTX_W*q_rd_q +: CTX_W];
endmodule
