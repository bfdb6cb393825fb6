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
// multiplication (V_(m-2) * H^2) follows the last block, and P_(m-3) is read while the last block issues,
// when the product memory's read port is free (no block is read then: in_ready_o was low), or taken from
// the result register in the fold's clock. A lane a short message (m < 3) never reached contributes 0. The
// terms are XORed as they come out of the multiplier and the sum goes to a 4-entry output queue. A message
// therefore costs m + 1 clocks; in_ready_o is low for the clock after a last block is accepted (the fold
// takes the issue slot after the last block's).
//
// Forwarding: P_(i-3) is the multiplier's output register in the clock block i is issued when the blocks
// of its context come back to back, else it was written to the per-(context, lane) product memory.
//
// Per-context state (LUT RAM, 4 slots per context): H^1..H^3 (pow_mem), each lane's last product (prod_mem)
// and last V (v_mem); in flops: the next lane and whether all three lanes hold data (3 bits).
//
// Writing H: h_i is held, and once no block or fold is issuing the unit computes H^2 = H * H and
// H^3 = H^2 * H through the same multiplier (about 9 clocks), h_ready_o and in_ready_o low meanwhile.
// A block accepted in the clock H is accepted still hashes with the previous powers.
//
// Stage by stage (clock t: the block is taken at the port into the port register, acc0_q / ctx0_q / ...):
//   t    port: the block and its flags into the port register, nothing in front of it but the handshake;
//              the per-context answers of the accept's read-source decision are computed from flops and
//              registered (fwd_c .. pw_c)
//   t+1  accept: the block, its context and lane into the input register (pre_); the read addresses and
//              the one-hot source selects of the next clock's memory reads into flops
//   t+2  read: P_(i-3) and H^k read from LUT RAM (addresses from flops) into the operand data flops, the
//              block XORed in, with a bypass for a product in the result or the write registers
//   t+3  issue: operands from those flops (and the result register when P_(i-3) comes out just then)
//              into the multiplier's operand copies
//   t+4, t+5  multiplier stages; t+6: product in the result register, t+7: in the memories' write
//              registers (written to prod_mem at the end of t+7), or folded
// No LUT RAM port and no input port is on a path into the multiplier: each clock's LUT RAM reads start at
// flops and end at flops, and the input port only reaches the port register and in_ready's next value.
//
// Results leave in the order last blocks were accepted (one issue slot, one pipeline). A last block is
// accepted only with a free queue entry counted for it, so the pipeline never has to stall.
// Reset and clear_i: every flop holding data is reset (a multiplication in flight is dropped: the operands
// are zero from the second clock after, so the multiplier's registers hold zeros within five clocks, all
// inside the wipe; the memories' kept write-enable, write-address and read-address flops and the read
// source selects are not: the wipe drives the write ones from the next clock, and the operand flops the
// selects load are reset by kept flops of their own for the two clocks after) and the three memories are zeroed by a counted sequence (4 x 2^CTX_W clocks, both
// readies low; its last write lands in the clock the readies rise, through the write registers, before
// any read).
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
  logic              clr_q;           // the clock after a reset or clear_i
  logic              wiping_q;
  logic [ADDR_W-1:0] wipe_addr_q;

  // Per-context lane bookkeeping (flat: 2 bits of next lane per context)
  logic [2*CONTEXTS-1:0] next_lane_q;
  logic [CONTEXTS-1:0]   full_q;      // all three lanes hold data of the message in progress

  // Port register: what the input port offered in the clock it was taken (acc0_q), with nothing in
  // front of it but the handshake, so no input port reaches the lane lookup, the read addresses or the
  // selects (in_ctx_i -> the lane lookup / the per-context selects -> the kept read-address and select
  // flops of the quarters was the ECP5 path of 6b82a10's successor, seeds 2 and 3)
  logic               acc0_q, first0_q, last0_q;
  logic [CTX_W-1:0]   ctx0_q;
  logic [CONTEXTS-1:0] take0_q;       // acc0_q decoded by context (one flop per context, low fan-out)
  logic [127:0]       blk0_q;

  // Input register (the accept clock's lane lookup included)
  logic               in_ready_q;
  logic               pre_valid_q, pre_last_q, pre_full_q;
  logic [127:0]       pre_blk_q;      // the input port a clock ago (used where s_blk_q says it was accepted)
  logic [CTX_W-1:0]   pre_ctx_q;
  logic [1:0]         pre_lane_q;

  // The block whose operands were read in the last clock: it issues now
  logic               blk_valid_q, blk_last_q, blk_full_q;
  logic [CTX_W-1:0]   blk_ctx_q;
  logic [1:0]         blk_lane_q;

  // Fold of the message whose last block was just issued
  logic               fold_q;         // the fold multiplication issues in this clock
  logic [CTX_W-1:0]   fold_ctx_q;
  logic [1:0]         fold_lane_q;    // lane of block m-2 (folded with H^2)
  logic               p3_fwd_q;       // P_(m-3) is in the result register in the fold's clock
  logic [127:0]       p3_q;           // P_(m-3) of that message (0 if its lane has no data), for its sum

  // Subkey being written and its powers
  logic               h_busy_q, h_ready_q, pow_started_q, pow_arm_q, pow_start_q;
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
  logic [OUT_DEPTH-1:0]     q_wr_oh_q;      // one-hot: the entry the next push writes
  logic [OUT_DEPTH-1:0]     q_we_q;         // one-hot: the entry written in this clock (or none)
  logic [1:0]               q_rd_q;
  logic [2:0]               q_count_q, outstanding_q;
  logic                     out_valid_q;

  // ---------------------------------------------------------------------------------------------
  // Handshakes. in_ready_o is a flop: its next value is computed from the next state of what it depends
  // on (the wipe, the subkey write, a last block just accepted, the results promised to the queue).
  logic accept_p, accept, h_write, pop, push, push_next;
  logic [2:0] q_count_d;
  logic [1:0] in_lane;
  logic       in_full;
  logic       wiping_d, h_busy_d, in_ready_d;
  logic [2:0] outstanding_d;
  logic       pow_done, pow_done_next, pow_done_q;

  assign in_ready_o = in_ready_q;
  assign h_ready_o  = h_ready_q;      // a flop: !wiping_q && !h_busy_q
  assign accept_p   = in_valid_i && in_ready_q;   // a block taken at the port (into the port register)
  assign accept     = acc0_q;                     // ... and entering the unit a clock later
  assign h_write    = h_valid_i && h_ready_q;
  assign pop        = out_valid_q && out_ready_i;
  logic [1:0] lane_of [CONTEXTS];  // next_lane_q by context, so the read below is a plain choice by ctx0_q
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_lane_of
    assign lane_of[c] = next_lane_q[2*c +: 2];
  end
  assign in_lane    = first0_q ? 2'd0 : lane_of[ctx0_q];
  assign in_full    = !first0_q && full_q[ctx0_q];

  // Not in the clock after a last block is accepted: the last block is read then, issues in the next
  // clock and its fold in the one after, so a block accepted then would be read with the fold's operands
  // and collide with it at the issue. A block taken in the clock after issues after the fold.
  assign wiping_d      = wiping_q && int'(wipe_addr_q) != ENTRIES - 1;
  assign h_busy_d      = h_write || (h_busy_q && !pow_done);
  assign outstanding_d = outstanding_q + 3'(accept_p && in_last_i) - 3'(pop);
  assign in_ready_d    = !wiping_d && !h_busy_d && !(accept_p && in_last_i) && int'(outstanding_d) < OUT_DEPTH;

  // ---------------------------------------------------------------------------------------------
  // Issue: at most one operation per clock. The handshakes above keep the sources apart: blocks and
  // folds never overlap (in_ready_o), powers wait until neither is pending.
  //
  // The operands are the path into the multiplier's operand copies (4 per bit, spread over its tiles),
  // so everything that can be decided early is, and no LUT RAM read is on that path: in the clock before
  // the issue the memories are read and the chosen sources are loaded into two operand data flops,
  // a_mem (X_i xor P_(i-3), V_(m-2) or H) and b_mem (H^k or H). An operand bit is then
  // a_mem xor (a_res_k_q and res) -- one LUT4 -- and b_mem itself. The reads' addresses and one-hot
  // source selects are flops too, loaded a clock before the read (when the block is accepted, when the
  // last block is read for the fold, when a power is two clocks from its issue), so a read goes from
  // flops through one LUT (the address choice), the LUT RAM and the source AND-XOR into flops.
  // Reading the LUT RAM in the issue clock (5cda2b7), or with addresses from the input port (bb2b8ac),
  // was the ECP5 critical path.
  logic               pow_start, pow_next, fold_issue, blk_issue, op_valid;
  logic [127:0]       a_mem, b_mem, p3_rd, op_a, op_b;
  logic [2:0]         op_kind;
  logic [CTX_W-1:0]   op_ctx;
  logic [1:0]         op_idx;
  logic               s_fwd_q;               // a takes the result register at the next clock (a_res_k_q)
  logic               fold_next, fold_rd, pow_next_next, pow_start_next2, v_we_d;
  logic [1:0]         lane_back1, lane_back2, pre_back1, pre_back2;
  logic               sel_fwd, sel_res, sel_pw, sel_pm;
  logic [ADDR_W-1:0]  f_pa, f_va;

  assign pow_start  = pow_start_q;
  assign pow_next   = vr_q && kind_r_q == OP_POW && int'(idx_r_q) != LANES - 1;
  assign pow_done   = pow_done_q;   // vr_q && kind_r_q == OP_POW && idx_r_q == LANES - 1, from a flop
  assign pow_done_next = vb_q && kind_b_q == OP_POW && int'(idx_b_q) == LANES - 1;
  assign fold_issue = fold_q;
  assign blk_issue  = blk_valid_q;
  assign op_valid   = pow_start || pow_next || fold_issue || blk_issue;

  // fold_next: the last block issues now, its fold next clock (its operands are read now).
  // fold_rd: the last block is read now, its fold's operands next clock.
  assign fold_next = blk_valid_q && blk_last_q;
  assign fold_rd   = pre_valid_q && pre_last_q;
  // fold_rd as a flop of its own, for the read-address copies (g_half): pre_valid_q <= accept and
  // pre_last_q <= last0_q, with the same reset.
  logic fold_rd_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) fold_rd_q <= 1'b0;
    else                    fold_rd_q <= accept && last0_q;
  end
  // A power starts (pow_start_q) two clocks after it is decided here (its operands are read in
  // between), once the subkey is held and the issue slot is free then: no block can be read in the next
  // clock (in_ready_o is low while h_busy_q), and no fold is read then (fold_rd). A block read now
  // issues in the next clock, before the power.
  assign pow_start_next2 = h_busy_q && !pow_started_q && !fold_rd && !acc0_q;
  assign pow_next_next   = vb_q && kind_b_q == OP_POW && int'(idx_b_q) != LANES - 1;

  // Lane arithmetic modulo 3 as tables: written as an increment, lane + 1 became a CCU2C carry on the
  // path of the per-context select precompute (1502df7, seed 2).
  function automatic logic [1:0] lane_inc(input logic [1:0] l);   // (l + 1) mod 3, also l - 2
    lane_inc = {l == 2'd1, l == 2'd0};
  endfunction
  function automatic logic [1:0] lane_dec(input logic [1:0] l);   // (l + 2) mod 3, also l - 1
    lane_dec = {l == 2'd0, l == 2'd2};
  endfunction

  // Lanes of blocks m-2 (folded with H^2) and m-3 (its product taken as it is), counted back from the
  // last block's lane; a lane holds data of the message if all three do or it is not past the last one.
  assign lane_back1 = lane_dec(blk_lane_q);
  assign lane_back2 = lane_inc(blk_lane_q);
  assign pre_back1  = lane_dec(pre_lane_q);
  assign pre_back2  = lane_inc(pre_lane_q);

  // The next clock's reads (one read port each). prod_mem: the accepted block's P_(i-3), or for a last
  // block read then, P_(m-3) (no block is read in that clock: in_ready_o is low in the clock before).
  // pow_mem: H for a last block, H^3 for the others, H^2 for the fold. v_mem: V_(m-2) for the fold.
  // Where the entry read is (block i-3 issued 3 clocks before block i is forwarded at the issue):
  // - a block: the op now in the multiplier's first stage is in the result register at the issue
  //   (fwd: forwarded then, nothing read), the one in its second stage in the result register at the
  //   read (rhit), the one in the result register now in the write registers at the read (whit),
  //   anything older in prod_mem.
  // - the fold's P_(m-3): the same for the read (f_rhit, f_whit); it is in the result register in the
  //   fold's clock if block m-3 issued 2 clocks before the last block (p3_fwd_q, set at the issue).
  // - the fold's V_(m-2): block m-2 issued now (its V in the write registers at the read: f_vhit) or
  //   before (v_mem).
  // All of it is decided per context from flops first, so that the ports (in_valid_i, in_ctx_i,
  // in_first_i) only pick one context's answer: with the comparisons behind in_ctx_i, the wrapper's
  // context flop -> lane lookup -> tag compares -> these selects was the ECP5 path of 5a03df4 (seeds 1, 3).
  // A first block (lane 0, nothing to read: in_full is low) reads nothing.
  //
  // With the port register in front, the per-context answers are registered too: they are computed a
  // clock ahead, in the clock the block is in the port register, from the lane state as the block then
  // in acc0 leaves it and from the tags one stage earlier (the op issuing then is in the first stage at
  // the accept: a block when blk_valid_q is set and blk_last_q is not, since blocks, folds and powers never
  // share the issue slot), so at the accept they are a 4:1 choice by ctx0_q. Computed at the accept,
  // ctx0_q -> the lane lookup -> the tag compares -> s_pm_q was six LUT levels (seed 1 of the first run
  // with the port register).
  // The stage-a and stage-b tags again, as kept flops of their own (a block in the stage, its context
  // and lane), for the per-context decisions below: with the tags themselves, ABC shared the fold's
  // compares with the accept's selects, and in_ctx_i -> the shared LUTs -> s_res_q became the path
  // (6b82a10, seed 2).
  logic                fa_blk_q, fb_blk_q;
  logic [CTX_W-1:0]    fa_ctx_q, fb_ctx_q;
  logic [1:0]          fa_idx_q, fb_idx_q;
  (* keep *)
  always_ff @(posedge clk_i) begin
    fa_blk_q <= op_valid && op_kind == OP_BLOCK;
    fa_ctx_q <= op_ctx;
    fa_idx_q <= op_idx;
    fb_blk_q <= fa_blk_q;
    fb_ctx_q <= fa_ctx_q;
    fb_idx_q <= fa_idx_q;
  end
  logic [CONTEXTS-1:0] fwd_c, pm_c, res_c, pw_c;      // registered: the answers for a block accepted now
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx_hits
    logic [1:0] lane;
    logic       take;
    assign lane   = next_lane_q[2*c +: 2];
    // The answers for both cases (a block of c taken at the port in this clock or not), chosen by
    // take0_q[c] last: with take = acc0_q && ctx0_q == c in front of the lane arithmetic, acc0_q (which
    // drives much of the unit) -> a 3.2 ns route -> four LUT levels -> pw_c was the ECP5 path of a seed
    // (the product in two parts, seed 3).
    logic [1:0] lane_t;
    logic       full_t;
    logic [3:0] ans_t, ans_n;    // {fwd, pm, res, pw}
    assign take   = take0_q[c];                              // a block of c is accepted now
    assign lane_t = first0_q ? 2'd1 : lane_inc(lane);
    assign full_t = !first0_q && (full_q[c] || int'(lane) == LANES - 1);
    logic       f_t, r_t, w_t, f_n, r_n, w_n;
    assign f_t   = blk_valid_q && !blk_last_q && int'(blk_ctx_q) == c && blk_lane_q == lane_t;
    assign r_t   = fa_blk_q && int'(fa_ctx_q) == c && fa_idx_q == lane_t;
    assign w_t   = fb_blk_q && int'(fb_ctx_q) == c && fb_idx_q == lane_t;
    assign f_n   = blk_valid_q && !blk_last_q && int'(blk_ctx_q) == c && blk_lane_q == lane;
    assign r_n   = fa_blk_q && int'(fa_ctx_q) == c && fa_idx_q == lane;
    assign w_n   = fb_blk_q && int'(fb_ctx_q) == c && fb_idx_q == lane;
    assign ans_t = {full_t && f_t, full_t && !f_t && !r_t && !w_t, full_t && !f_t && r_t,
                    full_t && !f_t && !r_t && w_t};
    assign ans_n = {full_q[c] && f_n, full_q[c] && !f_n && !r_n && !w_n, full_q[c] && !f_n && r_n,
                    full_q[c] && !f_n && !r_n && w_n};
    always_ff @(posedge clk_i) begin
      {fwd_c[c], pm_c[c], res_c[c], pw_c[c]} <= take ? ans_t : ans_n;
    end
  end
  logic accept_later;   // a block other than a message's first is accepted now
  assign accept_later = accept && !first0_q;
  assign sel_fwd = accept_later && fwd_c[ctx0_q];
  assign sel_res = accept_later && res_c[ctx0_q];
  assign sel_pw  = accept_later && pw_c[ctx0_q];
  assign sel_pm  = accept_later && pm_c[ctx0_q];
  assign f_pa     = {pre_ctx_q, pre_back2};
  assign f_va     = {pre_ctx_q, pre_back1};
  // V of an issuing block (not a last one: no later block of its lane reads it), written next clock
  assign v_we_d   = blk_issue && !blk_last_q && !pow_start && !fold_issue;

  // The fold's read sources (P_(m-3): prod_mem, the result register or the write registers; V_(m-2):
  // v_mem or the write registers) are decided a clock before the last block's read, in its accept clock,
  // for every context from flops only (the tags one stage earlier, the block being read then, which
  // issues at the read), registered per context, and picked by pre_ctx_q at the read. Decoding them at
  // the read (pre_lane_q -> the P_(m-3) address -> the tag compares -> t_pw_q, four LUT levels) was the
  // ECP5 path of 08cecd3 seed 2 and 92250b9 seed 2; deciding them at the accept behind in_ctx_i (a7e1b58)
  // put the input side back on the path. A last block that is also a first reads nothing (pre_fold_q).
  logic [CONTEXTS-1:0] fpm_d, fres_d, fpw_d, fvm_d, fvw_d;
  logic [CONTEXTS-1:0] fpm_q, fres_q, fpw_q, fvm_q, fvw_q;
  logic                pre_fold_q;      // a last block, not a message's first, is read now
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx_fold
    logic [1:0] lane, back1, back2;
    logic       has_v, has_p3, rhit, whit, vhit;
    assign lane   = next_lane_q[2*c +: 2];
    assign back1  = lane_dec(lane);
    assign back2  = lane_inc(lane);
    assign has_v  = full_q[c] || lane >= 2'd1;
    assign has_p3 = full_q[c] || lane >= 2'd2;
    // stage a now is stage b at the read (f_rhit), stage b now the result stage then (f_whit)
    assign rhit   = fa_blk_q && int'(fa_ctx_q) == c && fa_idx_q == back2;
    assign whit   = fb_blk_q && int'(fb_ctx_q) == c && fb_idx_q == back2;
    // the block read now issues at the read and writes its V (v_we_d then)
    assign vhit   = pre_valid_q && !pre_last_q && !pow_arm_q && !fold_next &&
                    int'(pre_ctx_q) == c && pre_lane_q == back1;
    assign fpm_d[c]  = has_p3 && !rhit && !whit;
    assign fres_d[c] = has_p3 && rhit;
    assign fpw_d[c]  = has_p3 && !rhit && whit;
    assign fvm_d[c]  = has_v && !vhit;
    assign fvw_d[c]  = has_v && vhit;
  end
  always_ff @(posedge clk_i) begin
    fpm_q  <= fpm_d;
    fres_q <= fres_d;
    fpw_q  <= fpw_d;
    fvm_q  <= fvm_d;
    fvw_q  <= fvw_d;
  end

  // a_res_q again as a register copy per quarter: the one flop driving the issue LUTs of all 128 operand
  // bits, across the die, was the ECP5 path of 1502df7 seed 3 (a_res_q -> 3.2 ns -> the issue LUT ->
  // 3.5 ns -> a tile copy). Copies in kept instances (rijndael_reg_copies): a vector of kept flops loaded
  // with {QUARTERS{x}} was merged back into one flop by Yosys 0.70, as the netlist of ddfebdf showed.
  // No reset (as before): the flag only steers operands while a block issues.
  logic [QUARTERS-1:0] a_res_k_q;
  rijndael_reg_copies #(.COPIES(QUARTERS)) u_a_res_copies (
    .clk_i(clk_i), .rst_ni(1'b1), .d_i(pow_next_next || s_fwd_q), .q_o(a_res_k_q)
  );
  for (genvar k = 0; k < QUARTERS; k++) begin : g_op_a
    assign op_a[32*k +: 32] = a_mem[32*k +: 32] ^ ({32{a_res_k_q[k]}} & res[32*k +: 32]);
  end
  assign op_b = b_mem;

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
  // The product comes as two parts (half the tiles each: stage 2 two LUT levels instead of three); every
  // use XORs them, one more input in each user's LUT.
  logic [255:0] res_parts;
  rijndael_gf128_mul_pipe #(.COPIES(4), .PARTS(2)) u_mul (
    .clk_i, .rst_ni, .a_i(op_a), .b_i(op_b), .p_o(res_parts)
  );
  assign res = res_parts[127:0] ^ res_parts[255:128];

  // ---------------------------------------------------------------------------------------------
  // Memories, split in quarters of 32 bits because the operand bits, and with them the LUT RAM feeding
  // them, spread over the whole multiplier. Every port is registered:
  // - Write: enable, address and data come from write registers of their quarter (one clock after the
  //   source: the result register, h_cur_q, the operand); the wipe sequence goes through them too. Enable
  //   and address are kept flops (identical in the four quarters, Yosys would merge them) without reset
  //   (they address nothing secret, a reset could not be folded into kept flops, and the wipe sequence
  //   that follows a reset or clear writes zeros everywhere); the data registers are reset.
  // - Read: the address is a choice (one LUT) between kept flops of the quarter loaded in the clock
  //   before: the block's and the fold's. A flop driving a read address directly would be folded into
  //   the memory's read port by Yosys and come back after LUT RAM mapping as one register shared by all
  //   quarters (keep has no effect there). The data goes into the operand flops a_mem/b_mem/p3_rd
  //   (reset) through one-hot selects, kept flops of the quarter loaded in the clock before. The selects
  //   have no reset: Yosys does not fold a sync reset into a kept flop, and the reset term in front of
  //   them (the input reset and clear_i) was the ECP5 critical path; instead the operand flops are held
  //   in reset by flops of their own (clr_q, clr2_q: the two clocks after a reset or clear), and
  //   from then on the selects come from reset state (zero). Their reset is not the input reset and clear_i
  //   themselves, whose LUT, its route and clr_q's LUT in front of the 384 flops' LSR were the ECP5 path
  //   once the multiplier had two operand copies per tile (4d48250, seed 1).
  logic push_fold;
  assign push_fold = vr_q && kind_r_q == OP_FOLD_LAST;

  for (genvar k = 0; k < QUARTERS; k++) begin : g_quarter
    logic              prod_we_q, pow_we_q, v_we_q;
    logic [ADDR_W-1:0] prod_waddr_q, pow_waddr_q, v_waddr_q;
    logic [31:0]       prod_wdata_q, pow_wdata_q, v_wdata_q;
    logic [ADDR_W-1:0] b_pa_q, b_wa_q, f_pa_q, f_wa_q, f_va_q;   // read addresses: block's, fold's
    logic [31:0]       prod_rd, pow_rd, v_rd;
    logic              s_blk_q, s_pm_q, s_res_q, s_pw_q, s_vm_q, s_vw_q, s_ha_q, s_pow_q, s_hb_q;
    logic              t_pm_q, t_res_q, t_pw_q;
    logic [31:0]       b_mem_q;
    logic [31:0]       h_cur_q;      // the subkey H while its powers are computed, zero otherwise
    logic              h_clr_q;

    (* keep *)
    always_ff @(posedge clk_i) begin
      prod_we_q    <= wiping_q || (vr_q && kind_r_q == OP_BLOCK);
      prod_waddr_q <= wiping_q ? wipe_addr_q : {ctx_r_q, idx_r_q};
      pow_we_q     <= wiping_q || pow_start || (vr_q && kind_r_q == OP_POW);
      pow_waddr_q  <= wiping_q ? wipe_addr_q : pow_start ? {h_ctx_q, 2'd0} : {ctx_r_q, idx_r_q};
      v_we_q       <= wiping_q || v_we_d;
      v_waddr_q    <= wiping_q ? wipe_addr_q : {blk_ctx_q, blk_lane_q};
    end

    (* keep *)
    always_ff @(posedge clk_i) begin
      b_pa_q  <= {ctx0_q, in_lane};
      b_wa_q  <= {ctx0_q, last0_q ? 2'd0 : 2'(LANES - 1)};
      f_pa_q  <= f_pa;
      f_wa_q  <= {pre_ctx_q, 2'd1};
      f_va_q  <= f_va;
    end

    // The sources of the next clock's operand flops (see above and Issue): a_mem takes the block
    // (pre_blk_q) xor P_(i-3) from prod_mem (s_pm), the result register (s_res) or the write registers
    // (s_pw), or V_(m-2) from v_mem (s_vm) or the write registers (s_vw), or H (s_ha); b_mem takes
    // pow_mem (s_pow) or H (s_hb); p3_rd takes P_(m-3) (t_: as s_ for prod_mem).
    (* keep *)
    always_ff @(posedge clk_i) begin
      s_blk_q <= accept;
      s_pm_q  <= sel_pm;   // (P_(i-3) from prod_mem, from the result register, from the write registers)
      s_res_q <= sel_res;
      s_pw_q  <= sel_pw;
      s_vm_q  <= pre_fold_q && fvm_q[pre_ctx_q];
      s_vw_q  <= pre_fold_q && fvw_q[pre_ctx_q];
      s_ha_q  <= pow_start_next2;
      s_pow_q <= accept || fold_rd;
      s_hb_q  <= pow_start_next2 || (va_q && kind_a_q == OP_POW && int'(idx_a_q) != LANES - 1);
      t_pm_q  <= pre_fold_q && fpm_q[pre_ctx_q];
      t_res_q <= pre_fold_q && fres_q[pre_ctx_q];
      t_pw_q  <= pre_fold_q && fpw_q[pre_ctx_q];
    end

    // H is held from its write until its last power is in the result register, then wiped. The clear
    // is a kept flop per quarter decided a clock ahead (the last power's product is then in the
    // multiplier's second stage), and after a reset or clear in the clock after it, like clr_q: the
    // pow_done decode and the input reset / clear_i LUT in front of the 128 flops' LSR was the ECP5 path
    // of d5ba531 (seeds 1 and 2). H is not read in that clock (no power starts and no subkey is written
    // during the wipe that follows a reset or clear).
    (* keep *)
    always_ff @(posedge clk_i) h_clr_q <= !rst_ni || clear_i || pow_done_next;
    // The subkey's load enable from a kept copy of h_ready_q per quarter: with h_write itself, its LUT
    // drove the enables of all 128 flops and sat among them, far from the handshake flops, and
    // h_ready_q -> that LUT -> h_busy_d -> in_ready_q was the ECP5 path of 84e0a52's successor (seeds 2, 3).
    logic h_rdy_q;
    (* keep *)
    always_ff @(posedge clk_i) h_rdy_q <= !wiping_d && !h_busy_d;

    always_ff @(posedge clk_i) begin
      if (h_clr_q) h_cur_q <= '0;
      else if (h_valid_i && h_rdy_q) h_cur_q <= h_i[32*k +: 32];
    end

    // op_a may hold one more operation of before the reset or clear in the first clock of the wipe (the
    // operand flops are reset from the clock after), so V is wiped like the others; res may still carry a
    // product dropped by clear_i. The write data are zeroed by a kept flop of the quarter (wd_clr_q: the
    // clock after a reset or clear, and the wipe), not by the input reset and clear_i: their LUT, merged
    // with wiping_q, drove the LSR of all 384 write-data flops across the die (b681160, seed 2). What they
    // load in the reset or clear clock itself is written at most once, before the wipe reaches its address.
    logic wd_clr_q;
    (* keep *)
    always_ff @(posedge clk_i) wd_clr_q <= !rst_ni || clear_i || wiping_d;
    always_ff @(posedge clk_i) begin
      if (wd_clr_q) begin
        prod_wdata_q <= '0;
        pow_wdata_q  <= '0;
        v_wdata_q    <= '0;
      end else begin
        prod_wdata_q <= res[32*k +: 32];
        pow_wdata_q  <= pow_start ? h_cur_q : res[32*k +: 32];
        v_wdata_q    <= op_a[32*k +: 32];
      end
    end

    // Each memory in halves of 16 bits, each half with its own kept copy of the fold-read flag, so
    // that every read-address choice can sit beside its four DPR16X4s: one flag per quarter driving
    // the choices of its three memories was the ECP5 path of 9ab81d4 (seed 1: f_sel_q -> 2.5 ns route
    // -> v_mem's address choice -> a DPR16X4 -> a_mem_q).
    for (genvar h = 0; h < 2; h++) begin : g_half
      logic [15:0]       pow_mem  [ENTRIES];
      logic [15:0]       prod_mem [ENTRIES];
      logic [15:0]       v_mem    [ENTRIES];
      logic              f_sel_pm_q, f_sel_pw_q, f_sel_vm_q;   // the read is the fold's
      logic [ADDR_W-1:0] prod_raddr, pow_raddr, v_raddr;

      // Loaded from a flop of their own (fold_rd_q, the same value as fold_rd) rather than through
      // fold_rd's LUT: with a LUT in front, the placer left a copy between that LUT and its memory, and
      // f_sel_pw_q -> a 3.45 ns route -> pow_mem's address choice was the ECP5 path of a steering run
      // (docs/ghash.md, "the product in five parts"); from a flop, a copy can sit beside its memory.
      (* keep *)
      always_ff @(posedge clk_i) begin
        f_sel_pm_q <= fold_rd_q;
        f_sel_pw_q <= fold_rd_q;
        f_sel_vm_q <= fold_rd_q;
      end

      always_ff @(posedge clk_i) begin
        if (pow_we_q) pow_mem[pow_waddr_q] <= pow_wdata_q[16*h +: 16];
      end
      always_ff @(posedge clk_i) begin
        if (prod_we_q) prod_mem[prod_waddr_q] <= prod_wdata_q[16*h +: 16];
      end
      always_ff @(posedge clk_i) begin
        if (v_we_q) v_mem[v_waddr_q] <= v_wdata_q[16*h +: 16];
      end

      assign prod_raddr          = f_sel_pm_q ? f_pa_q : b_pa_q;
      assign pow_raddr           = f_sel_pw_q ? f_wa_q : b_wa_q;
      assign v_raddr             = f_sel_vm_q ? f_va_q : '0;
      assign prod_rd[16*h +: 16] = prod_mem[prod_raddr];
      assign pow_rd[16*h +: 16]  = pow_mem[pow_raddr];
      assign v_rd[16*h +: 16]    = v_mem[v_raddr];
    end

    // The operand data flops (see Issue). P_(m-3) is loaded into p3_ram_q / p3_oth_q in the last block's
    // issue clock and used in the fold's (zero in the other clocks). Reset also in the clock after a reset
    // or clear: the selects, kept flops without reset, still hold what the clock before decided then.
    // The reset comes from a flop (op_clr_q), so it acts a clock later: these flops may load once more
    // in the reset or clear clock, and are zero from the second clock after it.
    //
    // What comes out of LUT RAM goes through one LUT4 into a flop of its own (a_ram_q: prod_mem or v_mem;
    // p3_ram_q: prod_mem; b_mem_q: pow_mem or H), the other sources into second flops (a_oth_q, p3_oth_q)
    // that are XORed in after the flops: op_a = a_ram xor a_oth xor (a_res_k_q and res) is still one LUT4,
    // and so is p3_q's load (p3_fwd_q ? res : p3_ram xor p3_oth). With all seven sources of a in one
    // flop, the read address choice -> DPR16X4 -> two select LUT levels -> a_mem_q was the ECP5 path of
    // 08cecd3 (seeds 1 and 3).
    // The reset is one kept flop of the quarter (op_clr_q: high in the two clocks after a reset or
    // clear), not a LUT merging clr_q and clr2_q in front of the flops' LSR.
    logic [31:0] a_ram_q, a_oth_q, p3_ram_q, p3_oth_q;
    logic        op_clr_q;
    (* keep *)
    always_ff @(posedge clk_i) op_clr_q <= !rst_ni || clear_i || clr_q;
    always_ff @(posedge clk_i) begin
      if (op_clr_q) begin
        a_ram_q  <= '0;
        a_oth_q  <= '0;
        b_mem_q  <= '0;
        p3_ram_q <= '0;
        p3_oth_q <= '0;
      end else begin
        a_ram_q  <= ({32{s_pm_q}} & prod_rd) ^ ({32{s_vm_q}} & v_rd);
        a_oth_q  <= ({32{s_blk_q}} & pre_blk_q[32*k +: 32]) ^ ({32{s_res_q}} & res[32*k +: 32])
                    ^ ({32{s_pw_q}} & prod_wdata_q) ^ ({32{s_vw_q}} & v_wdata_q) ^ ({32{s_ha_q}} & h_cur_q);
        b_mem_q  <= ({32{s_pow_q}} & pow_rd) ^ ({32{s_hb_q}} & h_cur_q);
        p3_ram_q <= {32{t_pm_q}} & prod_rd;
        p3_oth_q <= ({32{t_res_q}} & res[32*k +: 32]) ^ ({32{t_pw_q}} & prod_wdata_q);
      end
    end
    assign a_mem[32*k +: 32] = a_ram_q ^ a_oth_q;
    assign b_mem[32*k +: 32] = b_mem_q;
    assign p3_rd[32*k +: 32] = p3_ram_q ^ p3_oth_q;
  end

  // ---------------------------------------------------------------------------------------------
  // Output queue. The push is known a clock ahead (the fold's product is in the multiplier's second
  // stage), so the entry it writes is chosen then: q_we_q, one flop per entry, enables that entry's
  // data flops directly. A binary write pointer with its increment and decode in the push clock was an
  // ECP5 critical path (93205d7, seed 3: q_wr_q -> carry chain -> decode -> a route across the die ->
  // q_hash_q). out_valid_o is a flop of its own too.
  assign push      = push_fold;
  assign push_next = vb_q && kind_b_q == OP_FOLD_LAST;
  assign q_count_d = q_count_q + 3'(push) - 3'(pop);

  always_ff @(posedge clk_i) begin
    clr_q  <= !rst_ni || clear_i;
  end

  // The input block, taken every clock and used only where it was accepted (s_blk_q): zeroing it unless
  // accepted put the accept (from the ports) and the input reset / clear_i LUT in front of its 128 flops'
  // LSR (5a03df4, seed 2). Wiped a clock after a reset or clear, like the operand flops.
  always_ff @(posedge clk_i) begin
    ctx0_q   <= in_ctx_i;
    first0_q <= in_first_i;
    last0_q  <= in_last_i;
    if (clr_q) blk0_q <= '0;
    else       blk0_q <= in_block_i;
  end
  always_ff @(posedge clk_i) begin
    if (clr_q) pre_blk_q <= '0;
    else       pre_blk_q <= blk0_q;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      wiping_q         <= 1'b1;
      acc0_q           <= 1'b0;
      take0_q          <= '0;
      wipe_addr_q      <= '0;
      next_lane_q      <= '0;
      full_q           <= '0;
      in_ready_q       <= 1'b0;
      pre_valid_q      <= 1'b0;
      pre_fold_q       <= 1'b0;
      pre_last_q       <= 1'b0;
      pre_full_q       <= 1'b0;
      pre_ctx_q        <= '0;
      pre_lane_q       <= '0;
      blk_valid_q      <= 1'b0;
      blk_last_q       <= 1'b0;
      blk_full_q       <= 1'b0;
      blk_ctx_q        <= '0;
      blk_lane_q       <= '0;
      fold_q           <= 1'b0;
      fold_ctx_q       <= '0;
      fold_lane_q      <= '0;
      p3_fwd_q         <= 1'b0;
      s_fwd_q          <= 1'b0;
      pow_arm_q        <= 1'b0;
      pow_start_q      <= 1'b0;
      p3_q             <= '0;
      h_busy_q         <= 1'b0;
      pow_done_q       <= 1'b0;
      pow_started_q    <= 1'b0;
      h_ready_q        <= 1'b0;
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
      q_wr_oh_q        <= OUT_DEPTH'(1);
      q_we_q           <= '0;
      q_rd_q           <= '0;
      q_count_q        <= '0;
      out_valid_q      <= 1'b0;
      outstanding_q    <= '0;
    end else begin
      wiping_q <= wiping_d;
      if (wiping_q) wipe_addr_q <= wipe_addr_q + 1'b1;
      in_ready_q <= in_ready_d;
      acc0_q     <= accept_p;
      for (int c = 0; c < CONTEXTS; c++) take0_q[c] <= accept_p && int'(in_ctx_i) == c;

      // Input register and lane bookkeeping
      pre_valid_q <= accept;
      pre_fold_q  <= accept && last0_q && !first0_q;
      pre_ctx_q   <= ctx0_q;
      pre_lane_q  <= in_lane;
      pre_full_q  <= in_full;
      pre_last_q  <= last0_q;
      // Written per context with a decoded enable, not at [2*ctx0_q +: 2]: Yosys built that part-select's
      // offsets with a carry chain, and ctx0_q -> the CCU2C -> the accept's precompute (pm_c, pw_c) was the
      // ECP5 path of two seeds of three (87dde99, 131-132 MHz).
      for (int c = 0; c < CONTEXTS; c++) begin
        if (take0_q[c]) begin
          next_lane_q[2*c +: 2] <= lane_inc(in_lane);
          full_q[c]             <= in_full || int'(in_lane) == LANES - 1;
        end
      end

      // Read stage -> issue
      blk_valid_q <= pre_valid_q;
      blk_ctx_q   <= pre_ctx_q;
      blk_lane_q  <= pre_lane_q;
      blk_full_q  <= pre_full_q;
      blk_last_q  <= pre_last_q;

      // Fold after a last block. P_(m-3) (read into p3_rd in the last block's clock, or res now) is kept
      // from the fold's clock until the last block's product comes out (2 clocks later); the next
      // message's fold is at least 2 clocks after this one, so p3_q is not overwritten before it is used.
      fold_q <= fold_next;
      if (fold_next) begin
        fold_ctx_q  <= blk_ctx_q;
        fold_lane_q <= lane_back1;
      end
      // The op now in the multiplier's second stage is in the result register in the fold's clock.
      p3_fwd_q <= fold_next && (blk_full_q || blk_lane_q >= 2'd2) && vb_q && kind_b_q == OP_BLOCK &&
                  ctx_b_q == blk_ctx_q && idx_b_q == lane_back2;
      if (fold_issue) p3_q <= p3_fwd_q ? res : p3_rd;

      // Forwarding of P_(i-3) at the issue (decided at the accept, see sel_fwd), and a power's previous one
      s_fwd_q <= sel_fwd;

      // Subkey and its powers
      h_busy_q    <= h_busy_d;
      pow_done_q  <= pow_done_next;
      pow_arm_q   <= pow_start_next2;
      pow_start_q <= pow_arm_q;
      h_ready_q   <= !wiping_d && !h_busy_d;
      // (A subkey write needs no clear here: it is taken only while h_busy_q is low, and pow_done, which
      // ends h_busy_q, has cleared the flag then. With the write in this clear, h_ready_o -> the user's
      // h_valid_i -> the flag's LSR was an ECP5 critical path, 197cc23 seed 1.)
      if (pow_done) pow_started_q <= 1'b0;
      else if (pow_start_next2) pow_started_q <= 1'b1;
      if (h_write) h_ctx_q <= h_ctx_i;

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

      // Output queue and the count of results promised to it
      q_we_q <= push_next ? q_wr_oh_q : '0;
      if (push_next) q_wr_oh_q <= {q_wr_oh_q[OUT_DEPTH-2:0], q_wr_oh_q[OUT_DEPTH-1]};
      if (pop) q_rd_q <= q_rd_q + 2'd1;
      q_count_q     <= q_count_d;
      out_valid_q   <= q_count_d != 3'd0;
      outstanding_q <= outstanding_d;
    end
  end

  // Fold sums: a message's first fold term (its last block's product and P_(m-3)) is loaded as it leaves
  // the multiplier and wiped as the message's GHASH is pushed. Both decisions are taken a clock ahead from
  // the second stage's tags into kept flops per quarter, and a reset or clear_i wipes through the same flop
  // one clock later (nothing reads sum_q during the wipe): the tag decode and the reset / clear_i LUT in
  // front of all 128 enables and LSRs, across the die, were a critical path (cf9c70e seed 3).
  for (genvar k = 0; k < QUARTERS; k++) begin : g_sum
    logic sum_load_q, sum_wipe_q;
    (* keep *)
    always_ff @(posedge clk_i) begin
      sum_wipe_q <= !rst_ni || clear_i || push_next;
      if (!rst_ni || clear_i) sum_load_q <= 1'b0;
      else                    sum_load_q <= vb_q && kind_b_q == OP_FOLD_FIRST;
    end
    always_ff @(posedge clk_i) begin
      if (sum_wipe_q)      sum_q[32*k +: 32] <= '0;
      else if (sum_load_q) sum_q[32*k +: 32] <= res[32*k +: 32] ^ p3_q[32*k +: 32];
    end
  end

  // The queue's entries are wiped by kept flops of their own, per entry and quarter (the clock after a
  // reset or clear): the input reset / clear_i LUT in front of the LSR of all 512 entry flops, across
  // the die, was the ECP5 path of 6b82a10 seed 3. out_valid_o is low from the reset or clear clock on, so
  // an entry written then, or not yet wiped, is never handed out; it is zero a clock later.
  for (genvar e = 0; e < OUT_DEPTH; e++) begin : g_entry
    for (genvar k = 0; k < QUARTERS; k++) begin : g_eq
      logic q_clr_q;
      (* keep *)
      always_ff @(posedge clk_i) q_clr_q <= !rst_ni || clear_i;
      always_ff @(posedge clk_i) begin
        if (q_clr_q)       q_hash_q[128*e + 32*k +: 32] <= '0;
        else if (q_we_q[e]) q_hash_q[128*e + 32*k +: 32] <= sum_q[32*k +: 32] ^ res[32*k +: 32];
      end
    end
    always_ff @(posedge clk_i) begin
      if (g_entry[e].g_eq[0].q_clr_q) q_ctx_q[CTX_W*e +: CTX_W] <= '0;
      else if (q_we_q[e])             q_ctx_q[CTX_W*e +: CTX_W] <= ctx_r_q;
    end
  end

  assign out_valid_o = out_valid_q;
  assign out_hash_o  = q_hash_q[128*q_rd_q +: 128];
  assign out_ctx_o   = q_ctx_q[CTX_W*q_rd_q +: CTX_W];
endmodule
