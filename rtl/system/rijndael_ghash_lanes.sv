// rijndael_ghash_lanes: GHASH at one block per clock (rijndael_ghash with FAST = 1), for the pipelined
// cores. docs/ghash.md ("FAST = 1") is the theory of operation; in short:
//
// Aggregation without folds. The multiplier (rijndael_gf128_mul_pipe) takes a product every clock and
// returns it LANES = 6 clocks later, so the blocks of a message are dealt round-robin to LANES lanes and
// each lane runs Horner's rule with H^LANES:
//
//   V_j = X_j xor P_(j-LANES)   (P = 0 in a lane's first pass)        P_j = V_j * H^p_j
//
// with p_j = LANES for every block but a message's last LANES blocks, which are issued with their final
// powers p_j = m - j + 1 (block m with H, m-1 with H^2, ...). Their products are the message's terms,
// sum_(i in the lane) X_i H^(m-i+1), so GHASH is the XOR of the last min(m, LANES) products: no fold
// multiplication after a message, m clocks a message.
//
// Lookahead. A block's power is known once LANES - 1 more blocks of its message have come or the message
// has ended, so every block waits in a per-context hold (LUT RAM, HOLD entries a context) until then. The
// accept side turns arrivals into tokens, in order: a block that makes LANES blocks open releases the
// oldest with H^LANES (n = 1, not final); a last block releases the open blocks and itself (n <= LANES,
// final); a first block of a context whose previous message never ended drops that message's open blocks
// (skip). A token queue (LUT RAM) hands the tokens in order to the issuer, which works each one off a
// block per clock, so the final blocks of a message issue back to back and one sum register collects
// their products; results leave in the order their last blocks were accepted.
//
// Forwarding. P_(j-LANES) is taken from the multiplier's result register when block j-LANES issued
// exactly LANES clocks before block j (a context streaming), read into the operand path a clock or two
// after it came out, or read from the per-(context, lane) product memory.
//
// Writing H. h_i is held; a marker in the token queue behind every token accepted before it starts the
// powers H, H^2, .., H^LANES (LANES multiplications, each LANES clocks after the one before, through the
// same multiplier: a = 1 then the previous power, b = H), written to the power memory; the tokens behind
// the marker wait for it. Blocks keep being accepted meanwhile (into the holds).
//
// Stage by stage: P port register (nothing in front but the handshake), A accept (hold write port loaded,
// the token computed), the token written to the queue, prefetched, loaded into the issuer; D decide (one
// op a clock: the block's read addresses, its power, its predecessor's source), R0 the decision in flops
// beside the issuer (from there a clock to reach the quarters' copies: the issuer's logic and a route
// across the die in one clock was a steering run's path), R1 the memories read into flops, R2 the block
// XOR its predecessor, I issue into the multiplier; the product LANES clocks later. The forwarding
// distances are counted in decisions, so R0 leaves them as they were. No LUT RAM port and no input port
// is on a path into the multiplier.
//
// Reset and clear_i: every control flop is reset, the operand flops, the sum and the multiplier drain to
// zero, and the memories (holds, powers, products, results) are zeroed by a counted sequence
// (HOLD x 2^CTX_W clocks, both readies low); results not yet taken are dropped.
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
  localparam int LANES    = 6;               // = the multiplier's latency (the lane loop)
  localparam int HIST     = LANES + 2;       // decisions remembered for the forwarding
  localparam int SLOT_W   = 3;               // power / product slots per context (LANES <= 8)
  localparam int HOLD_W   = 4;               // hold entries per context: 16
  localparam int TOK_W    = 4;               // token queue: 16
  localparam int OUTQ_W   = 4;               // results queue: 16
  localparam int HOLD     = 1 << HOLD_W;
  localparam int TOKENS   = 1 << TOK_W;
  localparam int OUT_DEPTH = 1 << OUTQ_W;
  localparam int WIPE_W   = CTX_W + HOLD_W;  // the wipe counts over the largest memory
  localparam int CNT_W    = HOLD_W + 1;
  localparam int N_W      = 3;               // token counts 0..LANES
  localparam int TOK_BITS = 1 + CTX_W + N_W + N_W + 1;   // {powb, ctx, skip, n, final}
  localparam int QUARTERS = 4;

  localparam logic [1:0] OP_NONE = 2'd0, OP_BLK = 2'd1, OP_POW = 2'd2;

  // Lane arithmetic modulo LANES as a table (an increment would be a carry chain on the issuer's path).
  function automatic logic [2:0] lane_inc(input logic [2:0] l);
    lane_inc = (int'(l) == LANES - 1) ? 3'd0 : l + 3'd1;
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Wipe sequence, clear
  logic [1:0]        ctl_rst_q;       // reset or clear_i, a clock late (see the flops at the end)
  logic              wiping_q, wiping_d;
  logic [WIPE_W-1:0] wipe_addr_q;
  logic              wipe_last_q;     // wipe_addr_q is at its last entry (a flop: the compare of the
                                      // address in front of the quarters' copies of wiping_d was a
                                      // steering run's path, 155.93 MHz)
  assign wiping_d = wiping_q && !wipe_last_q;

  // ---------------------------------------------------------------------------------------------
  // Port register: what the input port offered in the clock it was taken.
  logic                acc0_q, first0_q, last0_q;
  logic [CTX_W-1:0]    ctx0_q;
  logic [CONTEXTS-1:0] take0_q;
  logic [CONTEXTS-1:0][3:0] kind0_q;        // per context: {first and last, last, first, middle} taken
  logic [127:0]        blk0_q;
  logic                in_ready_q, accept_p;

  // Hold bookkeeping per context: write index, blocks held (for in_ready), open blocks of the message.
  // (packed arrays: Icarus 11 did not update continuous assigns reading words of small unpacked arrays)
  logic [CONTEXTS-1:0][HOLD_W-1:0] wr_idx_q;
  logic [CONTEXTS-1:0][CNT_W-1:0]  held_q;
  logic [CONTEXTS-1:0][N_W-1:0]    open_q;
  logic [CONTEXTS-1:0][N_W-1:0]    open_p1_q;    // open_q + 1
  logic [CONTEXTS-1:0]             open_max_q;   // open_q == LANES - 1
  logic [CONTEXTS-1:0]             open_nz_q;    // open_q != 0
  logic [CONTEXTS-1:0] hold_ok_q;
  logic [CONTEXTS-1:0] step_c_q;            // a block of the context issued or skipped in the clock before           // held_q[c] leaves room for the blocks not yet counted

  // Subkey
  logic               h_ready_q, h_busy_q, h_write, h_mark1_q, h_mark2_q;
  logic [CTX_W-1:0]   h_ctx_q;

  // Token push register (the accept's token, or a marker), token queue, prefetch
  logic                tp_valid, tp_direct, tp_store;   // the accept's token (or a marker), in its clock
  logic [TOK_BITS-1:0] tp_data;
  logic                tq_valid_q;          // the accept's token (or a marker), registered
  logic [TOK_BITS-1:0] tq_data_q;
  logic [TOK_W-1:0]    tok_wr_q, tok_rd_q;
  logic [TOK_W:0]      tok_cnt_q;           // pushed and not yet prefetched
  logic                tok_ok_q;
  logic                nx_valid_q;
  logic [TOK_BITS-1:0] nx_data_q;
  logic [TOK_BITS-1:0] tok_rd_data;

  // Issuer: the token being worked off, with its context's hold index and lane state
  logic                tk_valid_q, tk_powb_q, tk_final_q, tk_first_q, tk_sat_q;
  logic [CTX_W-1:0]    tk_ctx_q;
  logic [N_W-1:0]      tk_skip_q, tk_n_q;
  logic [HOLD_W-1:0]   tk_rd_q;
  logic [2:0]          tk_lane_q;
  logic [2:0]          tk_pslot_q;          // the power slot of the token's next block (H^(slot+1))
  logic [CONTEXTS-1:0][HOLD_W-1:0] ctx_rd_q;
  logic [CONTEXTS-1:0][2:0]        ctx_lane_q;
  logic [CONTEXTS-1:0] ctx_sat_q;
  // The powers of H being computed
  logic                pw_active_q;
  logic                pw_start_q;          // the powers start in this clock (a clock after the issuer's start)
  logic [5:0]          pw_t_q;              // clocks since the powers started, plus one (the next t)
  // Decisions of the last HIST clocks (block ops): for the forwarding
  logic [HIST:1]       hist_v_q;
  logic [HIST:0][CTX_W-1:0] hist_ctx_q;
  logic [HIST:0][2:0]       hist_lane_q;

  // Ops between the stages: R0 (the decision registered), R1 (read), R2, I (issue), then the multiplier's
  // LANES stages (t_*[1..LANES])
  logic [1:0]          r0_op_q;
  logic [CTX_W-1:0]    r0_ctx_q;
  logic [2:0]          r0_idx_q, r0_fin_q;
  logic                r0_pm_q, r0_r1_q, r0_r2_q, r0_fwd_q, r0_one_q, r0_ha_q, r0_hb_q;
  logic [CTX_W+HOLD_W:0] r0_hold_q;        // {enable, address} of the reads at R1
  logic [CTX_W+SLOT_W-1:0] r0_prod_q;
  logic [CTX_W+SLOT_W:0] r0_pow_q;
  logic [1:0]          r1_op_q, r2_op_q, i_op_q;
  logic [CTX_W-1:0]    r1_ctx_q, r2_ctx_q, i_ctx_q;
  logic [2:0]          r1_idx_q, r2_idx_q, i_idx_q;     // lane (block) or power slot (power)
  logic [2:0]          r1_fin_q, r2_fin_q, i_fin_q;     // {final, first final, last final}
  logic                r1_pm_q, r1_r2_q, r1_fwd_q, r1_one_q, r1_hb_q;
  logic                r2_fwd_q;
  logic [LANES:0][1:0]       t_op_q;
  logic [LANES:0][CTX_W-1:0] t_ctx_q;
  logic [LANES:0][2:0]       t_idx_q;
  logic [LANES:0][2:0]       t_fin_q;

  // Product, sum, results
  logic [127:0]        res;                 // the multiplier's product (of the op in t_*[LANES])
  logic [127:0]        sum_q;
  logic [OUTQ_W-1:0]   q_wr_q, q_rd_q;
  logic [OUTQ_W:0]     q_count_q, outstanding_q;
  logic                out_valid_q;
  logic [OUTQ_W-1:0]   q_waddr;
  logic [QUARTERS-1:0][OUTQ_W-1:0] q_waddr_k;   // copies of q_waddr, one per quarter's result memory

  // ---------------------------------------------------------------------------------------------
  // Handshakes (in_ready_o, h_ready_o, out_valid_o are flops)
  logic pop, push_res;
  logic [OUTQ_W:0] outstanding_d;
  assign in_ready_o    = in_ready_q;
  assign h_ready_o     = h_ready_q;
  assign accept_p      = in_valid_i && in_ready_q;
  assign h_write       = h_valid_i && h_ready_q;
  assign pop           = out_valid_q && out_ready_i;
  // h_ready rises two clocks after the last power is written, after H's wipe (h_clr_q)
  assign h_ready_d     = !wiping_d && !h_write && !h_busy_q;
  // out_ready_i reaches only out_valid_q, the read pointer and pop_q: the counts take a pop a clock late
  // (from pop_q), so the counts are sums of flops and, for outstanding_q, of the accept (the wrapper's
  // out_ready -> pop -> a count's carry chain or enable was two steering runs' path, 140.67 and 133.03
  // MHz). outstanding_q is one high for that clock, which only keeps in_ready_o low a clock longer.
  // It takes a last block a clock late too, from last0_q (in_ready_q -> the accept -> the count's carry
  // chain was seed 3's path of a steering run, 139.22 MHz); in_ready_o's bound counts last0_q instead.
  logic            pop_q;
  logic [OUTQ_W:0] q_count_d;
  // (from a copy of last0_q of its own: last0_q, placed by the token logic, -> a 3.4 ns route -> the
  // count's carry chain was seed 3's path of a steering run, 162.68 MHz)
  logic last0_k;
  rijndael_reg_copies #(.RESET(1'b0)) u_last0_copy (
    .clk_i, .rst_ni(!ctl_rst_q[0]), .d_i(accept_p && in_last_i), .q_o(last0_k));
  assign outstanding_d = outstanding_q + (OUTQ_W+1)'(last0_k) - (OUTQ_W+1)'(pop_q);
  assign q_count_d     = q_count_q + (OUTQ_W+1)'(push1_q) - (OUTQ_W+1)'(pop_q);

  // ---------------------------------------------------------------------------------------------
  // Accept (clock A): the token of the block in the port register, chosen by the one-hot take0_q from
  // per-context flops that already hold what a token needs of the context's open count (is it LANES - 1,
  // is it non-zero, the count plus one: computed when the count was written), so that after the port
  // register's flops the token is a choice and an OR over the contexts (open_q -> the count's +1 and
  // compare -> the choice -> the token queue's write data was seed 1's path of the session 24 record).
  logic [CONTEXTS-1:0][N_W-1:0] tok_skip_c, tok_n_c;
  logic [CONTEXTS-1:0]          push_c;
  logic [CONTEXTS-1:0][N_W-1:0] open_next;
  // The kind of the block is decoded into the port register per context too (kind0_q: a middle block,
  // a first, a last, a first that is also last), so each token bit is an OR of flop pairs (the push's
  // choice by first0_q after the context's one-hot, L6MUX levels into the token count's carry chain, was
  // a steering run's path, 152.37 MHz).
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_tok
    logic k_mid, k_first, k_last, k_one;
    assign {k_one, k_last, k_first, k_mid} = kind0_q[c];
    // first: the open blocks of the unfinished message are skipped; last: the open ones and this one
    // final (n = open + 1, or 1 after a skip); else one released with H^LANES when LANES - 1 were open
    assign tok_skip_c[c] = {N_W{k_first || k_one}} & open_q[c];
    assign tok_n_c[c]    = ({N_W{k_last}} & open_p1_q[c]) | N_W'(k_one || (k_mid && open_max_q[c]));
    assign push_c[c]     = k_last || k_one || (k_first && open_nz_q[c]) || (k_mid && open_max_q[c]);
    assign open_next[c]  = last0_q ? '0 : first0_q ? N_W'(1) : open_max_q[c] ? N_W'(LANES - 1) : open_p1_q[c];
  end
  logic [N_W-1:0]      tok_skip_a, tok_n_a;
  logic                push_a;
  always_comb begin
    tok_skip_a = '0;
    tok_n_a    = '0;
    push_a     = 1'b0;
    for (int c = 0; c < CONTEXTS; c++) begin
      tok_skip_a = tok_skip_a | tok_skip_c[c];
      tok_n_a    = tok_n_a | tok_n_c[c];
      push_a     = push_a | push_c[c];
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Token queue: written from the accept, read into the prefetch register. The entry at tok_wr_q is
  // written every clock, whether a token is stored or not: it is never in use (tok_ok_q keeps the queue
  // six short of full), so the push's late decision reaches only the write pointer.
  logic [TOK_BITS-1:0] tok_mem [TOKENS];
  always_ff @(posedge clk_i) begin
    tok_mem[tok_wr_q] <= tq_data_q;
  end
  assign tok_rd_data = tok_mem[tok_rd_q];
  // The token goes straight into the prefetch register when the queue is empty and the register is free
  // (two clocks less from a last block to its result), else into the queue.
  logic nx_take, nx_fill, nx_free;
  assign nx_free   = !nx_valid_q || nx_take;
  assign nx_fill   = (tok_cnt_q != '0) && nx_free;
  // the marker of a subkey write goes behind every token of blocks accepted up to its clock
  // The data is the accept's fields whether or not it pushes: without a push they are skip = n = 0 and
  // final = 0, which with powb is a marker (a marker's context is only carried, never used), and without
  // powb nothing is stored. So no push term reaches the data.
  assign tp_valid  = push_a || h_mark2_q;
  assign tp_data   = {h_mark2_q, ctx0_q, tok_skip_a, tok_n_a, last0_q};
  // The token is registered before the queue (tq_*: the push's three LUT levels -> a 2.1 ns route -> the
  // token count's or write pointer's enable was the path of two seeds of a steering run, 161.86 / 161.50
  // MHz); a clock more from a block to its result, and the queue is kept one entry shorter for it.
  assign tp_direct = tq_valid_q && tok_cnt_q == '0 && nx_free;
  assign tp_store  = tq_valid_q && !tp_direct;

  // ---------------------------------------------------------------------------------------------
  // Issuer (clock D)
  logic           go, start_pw, do_skip, do_issue, tk_done, tk_load, tk_step;
  logic [2:0]     pw_slot, pw_bslot;
  logic           pw_issue, pw_end, pw_ha, pw_one, pw_fwd, pw_r2, pw_hb;
  logic [HOLD_W-1:0] rd_next;
  logic [2:0]     lane_next;
  logic           sat_next;
  logic [CTX_W-1:0] nx_ctx;
  assign nx_ctx = nx_data_q[TOK_BITS-2 -: CTX_W];

  // (the issuer's own copy of pw_active_q: the schedule's flop, placed by the schedule's logic, on the
  // far side of a 2.2 ns route was a steering run's path into go, 138.83 MHz)
  logic pw_active_d, pw_active_k;
  assign pw_active_d = start_pw || (pw_active_q && !pw_end);
  rijndael_reg_copies #(.RESET(1'b0)) u_pw_active_copy (
    .clk_i, .rst_ni(!ctl_rst_q[1]), .d_i(pw_active_d), .q_o(pw_active_k));
  // What the token's next step is, from flops: tk_flags_q is kept with the token's fields (computed from
  // the fields it is loaded with or stepped to), so every control below is go AND a flop (the compares of
  // tk_skip_q / tk_n_q in front of tk_done -> tk_load -> the lane state's choice were a steering run's
  // path, 158.68 MHz).
  localparam int F_LAST = 4, F_BLK = 3, F_SKP = 2, F_END = 1, F_STEP = 0;
  function automatic logic [4:0] tok_flags(input logic powb, input logic [N_W-1:0] skip,
                                           input logic [N_W-1:0] n, input logic fin);
    logic last, blk, skp;
    skp  = !powb && skip != '0;                     // this step skips a block
    blk  = !powb && skip == '0 && n != '0;          // this step issues a block
    last = !powb && (skip == '0 ? n <= N_W'(1) : (skip == N_W'(1) && n == '0));   // the token's last step
    // {last, issue, skip, a new message after this step (the skipped ones or a final token done), step}
    tok_flags = {last, blk, skp, (skp && skip == N_W'(1)) || (last && fin), blk || skp};
  endfunction
  logic [4:0] tk_flags_q;
  assign go       = tk_valid_q && !pw_active_k;
  assign start_pw = go && tk_powb_q;
  assign do_skip  = go && tk_flags_q[F_SKP];
  assign do_issue = go && tk_flags_q[F_BLK];
  assign tk_step  = go && tk_flags_q[F_STEP];
  assign tk_done  = go && tk_flags_q[F_LAST];
  assign tk_load  = (!tk_valid_q || tk_done) && nx_valid_q;
  assign nx_take  = tk_load;
  // The powers H .. H^6 in six multiplications on a schedule (t: clocks since the start), each operand
  // where it already is: H itself (h_cur_q) for a and b, the element 1, a power just out of the
  // multiplier (forwarded: decided LANES clocks before; or a clock later through R2), H^2 from the power
  // memory once written:
  //   t = 0: H * H -> H^2     t = 1: 1 * H -> H     t = L: H^2 * H -> H^3     t = 2L: H^3 * H -> H^4
  //   t = 2L+1: H^3 * H^2 -> H^5                     t = 3L: H^4 * H^2 -> H^6
  // and the tokens wait until H^6 is written (t = 4L+3; 27 clocks, against 39 for a plain chain).
  if (LANES != 6) begin : g_check_lanes
    ERROR_rijndael_ghash_lanes_power_schedule_is_written_for_6_lanes u_error ();
  end
  // The schedule is decoded a clock ahead into flops (the decode of pw_t_q in front of the power memory's
  // read-address choice was the path of the third steering run, 113.71 MHz).
  localparam int PW_BITS = 1 + 3 + 3 + 5 + 1;   // {issue, slot, bslot, ha, one, fwd, r2, hb, end}
  function automatic logic [PW_BITS-1:0] pw_decode(input int t);
    logic [PW_BITS-1:0] d;
    d = '0;
    unique case (t)
      0:           d = {1'b1, 3'd1, 3'd0, 5'b10001, 1'b0};   // H * H -> H^2
      1:           d = {1'b1, 3'd0, 3'd0, 5'b01001, 1'b0};   // 1 * H -> H
      LANES:       d = {1'b1, 3'd2, 3'd0, 5'b00101, 1'b0};   // H^2 (forwarded) * H -> H^3
      2*LANES:     d = {1'b1, 3'd3, 3'd0, 5'b00101, 1'b0};   // H^3 (forwarded) * H -> H^4
      2*LANES + 1: d = {1'b1, 3'd4, 3'd1, 5'b00010, 1'b0};   // H^3 (at R2) * H^2 -> H^5
      3*LANES:     d = {1'b1, 3'd5, 3'd1, 5'b00100, 1'b0};   // H^4 (forwarded) * H^2 -> H^6
      4*LANES + 3: d = {1'b0, 3'd0, 3'd0, 5'b00000, 1'b1};   // H^6 written: the tokens go on
      default:     d = '0;
    endcase
    pw_decode = d;
  endfunction
  logic [PW_BITS-1:0] pw_dec_q;
  assign {pw_issue, pw_slot, pw_bslot, pw_ha, pw_one, pw_fwd, pw_r2, pw_hb, pw_end} = pw_dec_q;

  always_comb begin
    rd_next   = tk_step ? tk_rd_q + 1'b1 : tk_rd_q;
    lane_next = tk_lane_q;
    sat_next  = tk_sat_q;
    if (do_issue) begin
      lane_next = lane_inc(tk_lane_q);
      sat_next  = tk_sat_q || int'(tk_lane_q) == LANES - 1;
    end
    // a new message starts after the skipped blocks and after a final token
    if (go && tk_flags_q[F_END]) begin
      lane_next = '0;
      sat_next  = 1'b0;
    end
  end

  // Forwarding: the block's predecessor (same context and lane) decided k clocks ago is in the result
  // register at the issue (k = LANES), at R2 (LANES + 1) or at R1 (LANES + 2), else in the product memory.
  // The compares read a copy of the token's context and lane of their own (tk_lane_q, pulled towards the
  // product memory's address copies, -> a 4.4 ns route -> the compares -> r0_r1_q was seed 3's path of a
  // steering run, 125.41 MHz): the copy's next value is the token registers' next value.
  logic m_l0, m_l1, m_l2;
  logic [CTX_W-1:0] tk_ctx_d, tk_ctx_m;
  logic [2:0]       tk_lane_d, tk_lane_m;
  always_comb begin
    tk_lane_d = tk_step ? lane_next : tk_lane_q;
    tk_ctx_d  = tk_ctx_q;
    if (tk_load) begin
      tk_ctx_d  = nx_ctx;
      tk_lane_d = (tk_valid_q && tk_ctx_q == nx_ctx) ? lane_next : ctx_lane_q[nx_ctx];
    end
  end
  rijndael_reg_copies #(.WIDTH(CTX_W + 3)) u_tk_match_copy (
    .clk_i, .rst_ni(!ctl_rst_q[1]), .d_i({tk_ctx_d, tk_lane_d}), .q_o({tk_ctx_m, tk_lane_m}));
  assign m_l0 = hist_v_q[LANES]   && hist_ctx_q[LANES]   == tk_ctx_m && hist_lane_q[LANES]   == tk_lane_m;
  assign m_l1 = hist_v_q[LANES+1] && hist_ctx_q[LANES+1] == tk_ctx_m && hist_lane_q[LANES+1] == tk_lane_m;
  assign m_l2 = hist_v_q[LANES+2] && hist_ctx_q[LANES+2] == tk_ctx_m && hist_lane_q[LANES+2] == tk_lane_m;

  // The decision's read enables and addresses
  logic d_pm_en, d_r1;
  assign d_r1    = do_issue && tk_sat_q && m_l2 && !m_l1 && !m_l0;
  assign d_pm_en = do_issue && tk_sat_q && !m_l0 && !m_l1 && !m_l2;
  logic [CTX_W+HOLD_W-1:0] d_hold_addr;
  logic [CTX_W+SLOT_W-1:0] d_prod_addr, d_pow_addr;
  logic [2:0]              d_pow_slot;
  assign d_pow_slot  = tk_pslot_q;
  assign d_hold_addr = {tk_ctx_q, tk_rd_q};
  assign d_prod_addr = {tk_ctx_q, tk_lane_q};
  assign d_pow_addr  = {tk_ctx_q, d_pow_slot};

  // ---------------------------------------------------------------------------------------------
  // Multiplier
  logic [127:0] op_a, op_b, a_q, b_q;
  logic [QUARTERS-1:0] a_fwd_k;
  for (genvar k = 0; k < QUARTERS; k++) begin : g_op
    assign op_a[32*k +: 32] = a_q[32*k +: 32] ^ ({32{a_fwd_k[k]}} & res[32*k +: 32]);
  end
  assign op_b = b_q;
  rijndael_gf128_mul_pipe #(.COPIES(4), .IN_HOP(1), .ROWS(8), .PARTS(4), .OUT_REG(1), .LATENCY(LANES)) u_mul (
    .clk_i, .a_i(op_a), .b_i(op_b), .p_o(res)
  );

  // ---------------------------------------------------------------------------------------------
  // Memories in quarters of 32 bits (the operand bits spread over the whole multiplier); every read
  // address comes from kept register copies of the quarter (a flop driving a LUT RAM read address
  // directly would be merged into the read port and come back as one register for all quarters).
  logic [CTX_W+HOLD_W-1:0] hw_addr_d;
  logic                    hw_we_d;
  logic [127:0]            hw_data_q, hw_data2_q;
  // The hold's write a clock later than it could be, through a central register before the copies (the
  // accept's one-hot take0_q -> the index choice -> a 3.3 ns route to the farthest copy was seed 2's path
  // of a steering run, 157.80 MHz). A block is read from the hold four clocks after its port register at
  // the earliest (token, issuer, R0, the bank's address register), so the write, two clocks after it, is
  // still in time; a wipe's writes move by the same clock.
  logic [CTX_W+HOLD_W+1:0] hw_ctl_q;
  logic [CTX_W+SLOT_W-1:0] rw_addr_d;       // the result's write address (product or power slot)
  logic                    prod_we_d, pow_we_d;
  logic [CTX_W-1:0]        ctx0_wr;
  logic [HOLD_W-1:0]       idx0_wr;
  always_comb begin
    idx0_wr = '0;
    for (int c = 0; c < CONTEXTS; c++) if (take0_q[c]) idx0_wr = idx0_wr | wr_idx_q[c];
  end
  assign ctx0_wr   = ctx0_q;
  assign hw_we_d   = wiping_q || acc0_q;
  assign hw_addr_d = wiping_q ? wipe_addr_q : {ctx0_wr, idx0_wr};
  // written at the end of the result's clock: address and enable a clock ahead from stage LANES-1
  assign prod_we_d = wiping_q || t_op_q[LANES-1] == OP_BLK;
  assign pow_we_d  = wiping_q || t_op_q[LANES-1] == OP_POW;
  assign rw_addr_d = wiping_q ? (CTX_W+SLOT_W)'(wipe_addr_q) : {t_ctx_q[LANES-1], t_idx_q[LANES-1]};

  logic [127:0] h_cur_q;
  logic         sum_load_d, sum_first_d, h_ready_d;
  assign sum_load_d  = t_op_q[LANES-1] == OP_BLK && t_fin_q[LANES-1][2];
  assign sum_first_d = t_fin_q[LANES-1][1];
  logic push_d;        // a result (or a wipe write) into the result queue in the next clock
  assign push_d      = wiping_d || (t_op_q[LANES-1] == OP_BLK && t_fin_q[LANES-1][0]);
  logic [QUARTERS-1:0] s_r1_k, s_r2_k, s_ha_k;
  for (genvar k = 0; k < QUARTERS; k++) begin : g_quarter
    logic [31:0] x_raw_q, p_raw_q, b_raw_q, hold_rd, prod_rd, pow_rd;

    // The memories in halves of 16 bits (four DPR16X4 columns per bank), every port's address and enable
    // from register copies of the half: one copy per quarter driving the 32 DPR16X4s of its hold memory
    // (4 banks) was the second steering run's path (the copy -> a 3.3 ns route -> the RAM -> the bank
    // choice -> x_raw_q).
    for (genvar hf = 0; hf < 2; hf++) begin : g_half
      localparam int B = 32*k + 16*hf;       // the half's first bus bit
      logic [CTX_W+HOLD_W-1:0] hw_addr_q;
      logic [CTX_W+SLOT_W-1:0] rw_addr_q;
      logic                    hw_we_q, hw_zero_q, prod_we_q, pow_we_q, wzero_q;
      logic [15:0]             res_w;

      // write ports (registered: enable, address, and for the hold the data)
      rijndael_reg_copies #(.WIDTH(CTX_W+HOLD_W+2)) u_hw (
        .clk_i, .rst_ni(1'b1), .d_i(hw_ctl_q), .q_o({hw_we_q, hw_zero_q, hw_addr_q}));
      rijndael_reg_copies #(.WIDTH(CTX_W+SLOT_W+3)) u_rw (
        .clk_i, .rst_ni(1'b1), .d_i({prod_we_d, pow_we_d, wiping_q, rw_addr_d}),
        .q_o({prod_we_q, pow_we_q, wzero_q, rw_addr_q}));
      assign res_w = wzero_q ? '0 : res[B +: 16];
      // read ports: address decided at D, registered at R0, the data at R1. The enables never carry the
      // issuer's decision (that in front of the banks' select copies was a steering run's path, 124.19
      // MHz): the hold reads zero while the powers of H are computed (no block issues then, and a must
      // be free of it), the power memory while b is H itself; the product is enabled at R1 by r1_pm_q.
      rijndael_ghash_bank_ram #(.WIDTH(16), .ADDR_W(CTX_W+HOLD_W)) u_hold (
        .clk_i, .we_i(hw_we_q), .waddr_i(hw_addr_q), .wdata_i(hw_zero_q ? '0 : hw_data2_q[B +: 16]),
        .rd_en_i(r0_hold_q[CTX_W+HOLD_W]), .raddr_i(r0_hold_q[CTX_W+HOLD_W-1:0]), .rdata_o(hold_rd[16*hf +: 16]));
      rijndael_ghash_bank_ram #(.WIDTH(16), .ADDR_W(CTX_W+SLOT_W)) u_prod (
        .clk_i, .we_i(prod_we_q), .waddr_i(rw_addr_q), .wdata_i(res_w),
        .rd_en_i(1'b1), .raddr_i(r0_prod_q), .rdata_o(prod_rd[16*hf +: 16]));
      rijndael_ghash_bank_ram #(.WIDTH(16), .ADDR_W(CTX_W+SLOT_W)) u_pow (
        .clk_i, .we_i(pow_we_q), .waddr_i(rw_addr_q), .wdata_i(res_w),
        .rd_en_i(r0_pow_q[CTX_W+SLOT_W]), .raddr_i(r0_pow_q[CTX_W+SLOT_W-1:0]), .rdata_o(pow_rd[16*hf +: 16]));
    end

    // The wide registers of the quarter reset from a copy of clr_q of their own (a clock after a reset or
    // clear_i): one flop, or the reset / clear_i LUT, in front of the LSR of all of them across the die
    // was an ECP5 critical path in every earlier form of this unit.
    logic qclr_q, h_clr_q, h_en_q;
    rijndael_reg_copies #(.RESET(1'b1)) u_clr (.clk_i, .rst_ni, .d_i(clear_i), .q_o(qclr_q));
    // H: follows h_i in every clock h_ready_o is high (the enable a copy of h_ready), so it holds the value
    // of the write clock from then on (h_ready falls after a write); wiped once its last power is computed.
    // h_valid_i is not in the enable: the port's valid -> a 4.1 ns route -> the enable of the 128 flops was
    // seed 3's path of the 03925d6 record. While ready the register follows the bus, which is no stored
    // value (it has no read path, and the wipe's clocks hold it at zero).
    rijndael_reg_copies #(.RESET(1'b1)) u_h_clr (.clk_i, .rst_ni, .d_i(clear_i || pw_end), .q_o(h_clr_q));
    rijndael_reg_copies #(.RESET(1'b0)) u_h_en (.clk_i, .rst_ni, .d_i(h_ready_d), .q_o(h_en_q));
    always_ff @(posedge clk_i) begin
      if (h_clr_q) h_cur_q[32*k +: 32] <= '0;
      else if (h_en_q) h_cur_q[32*k +: 32] <= h_i[32*k +: 32];
    end
    // The input block (port register), then the hold's write data
    always_ff @(posedge clk_i) begin
      if (qclr_q) begin
        blk0_q[32*k +: 32]     <= '0;
        hw_data_q[32*k +: 32]  <= '0;
        hw_data2_q[32*k +: 32] <= '0;
      end else begin
        blk0_q[32*k +: 32]     <= in_block_i[32*k +: 32];
        hw_data_q[32*k +: 32]  <= blk0_q[32*k +: 32];
        hw_data2_q[32*k +: 32] <= hw_data_q[32*k +: 32];
      end
    end
    // The sum of a message's final products, and the result's write data: decided a clock ahead
    logic s_load_q, s_first_q, s_wipe_q, s_push_q;
    rijndael_reg_copies #(.WIDTH(4)) u_sum_ctl (
      .clk_i, .rst_ni(1'b1), .d_i({sum_load_d, sum_first_d, wiping_d, push_d}),
      .q_o({s_load_q, s_first_q, s_wipe_q, s_push_q}));
    always_ff @(posedge clk_i) begin
      if (qclr_q) sum_q[32*k +: 32] <= '0;
      else if (s_load_q) sum_q[32*k +: 32] <= (s_first_q ? '0 : sum_q[32*k +: 32]) ^ res[32*k +: 32];
    end
    // The result queue's quarter, written in the clock the last final product comes out (the wipe zeroes it)
    // (its write address a copy per quarter of q_waddr, decided a clock ahead: wiping_q -> the address
    // choice -> a 2.6 ns route to the farthest quarter was seed 1's path of the 03925d6 record)
    logic [31:0] q_mem [OUT_DEPTH];
    always_ff @(posedge clk_i) begin
      if (s_push_q) q_mem[q_waddr_k[k]] <= s_wipe_q ? '0 : (s_first_q ? '0 : sum_q[32*k +: 32]) ^ res[32*k +: 32];
    end
    // the read pointer per quarter (one pointer by out_valid_q driving the result memory of all four
    // quarters, 4.3 ns to the farthest, was seed 3's path of the 747d265 record)
    logic [OUTQ_W-1:0] q_rd_k;
    always_ff @(posedge clk_i) begin
      if (ctl_rst_q[1]) q_rd_k <= '0;
      else if (pop)     q_rd_k <= q_rd_k + 1'b1;
    end
    assign out_hash_o[32*k +: 32] = q_mem[q_rd_k];

    // R1: memories into flops; R2: the block XOR its predecessor
    logic s_pm, s_one, s_hb, s_r1, s_r2;
    assign s_pm  = r1_pm_q;
    assign s_one = r1_one_q;
    assign s_hb  = r1_hb_q;
    assign s_r1  = s_r1_k[k];
    assign s_r2  = s_r2_k[k];
    always_ff @(posedge clk_i) begin
      if (qclr_q) begin
        x_raw_q <= '0;
        p_raw_q <= '0;
        b_raw_q <= '0;
        a_q[32*k +: 32] <= '0;
        b_q[32*k +: 32] <= '0;
      end else begin
        x_raw_q <= hold_rd | ({32{s_ha_k[k]}} & h_cur_q[32*k +: 32]);
        p_raw_q <= ({32{s_pm}} & prod_rd) | ({32{s_r1}} & res[32*k +: 32])
                   | ((k == 3) ? {s_one, 31'd0} : 32'd0);   // the element 1: bus bit 127
        b_raw_q <= pow_rd | ({32{s_hb}} & h_cur_q[32*k +: 32]);
        a_q[32*k +: 32] <= x_raw_q ^ p_raw_q ^ ({32{s_r2}} & res[32*k +: 32]);
        b_q[32*k +: 32] <= b_raw_q;
      end
    end
  end

  // The selects as copies per quarter where they steer wide data
  rijndael_reg_copies #(.COPIES(QUARTERS)) u_fwd_copies (
    .clk_i, .rst_ni(1'b1), .d_i(r2_fwd_q), .q_o(a_fwd_k));
  rijndael_reg_copies #(.COPIES(QUARTERS)) u_r2_copies (
    .clk_i, .rst_ni(1'b1), .d_i(r1_r2_q), .q_o(s_r2_k));
  // (r1_ha_q -> a 5.0 ns route to the farthest quarter's x_raw_q was seed 2's path of a steering run,
  // 151.91 MHz; the copies are zero a clock after a reset or clear, when H is already wiped)
  rijndael_reg_copies #(.COPIES(QUARTERS)) u_ha_copies (
    .clk_i, .rst_ni(1'b1), .d_i(r0_ha_q), .q_o(s_ha_k));
  rijndael_reg_copies #(.COPIES(QUARTERS)) u_r1_copies (
    .clk_i, .rst_ni(1'b1), .d_i(r0_r1_q), .q_o(s_r1_k));

  // ---------------------------------------------------------------------------------------------
  // Output queue (LUT RAM, written from a register)
  logic [CTX_W-1:0] qc_mem [OUT_DEPTH];
  assign q_waddr = wiping_q ? OUTQ_W'(wipe_addr_q) : q_wr_q;
  // q_waddr of the next clock, from the flops' next values (a reset starts the wipe at 0; the wipe steps
  // its address every clock; q_wr_q steps on a result outside the wipe), registered once per quarter
  logic [OUTQ_W-1:0] q_waddr_d;
  assign q_waddr_d = ctl_rst_q[0] ? '0
                   : wiping_d     ? OUTQ_W'(wipe_addr_q + 1'b1)
                   : q_wr_q + OUTQ_W'(!wiping_q && push_res);
  rijndael_reg_copies #(.WIDTH(OUTQ_W), .COPIES(QUARTERS)) u_qaddr_copies (
    .clk_i, .rst_ni(1'b1), .d_i(q_waddr_d), .q_o(q_waddr_k));
  always_ff @(posedge clk_i) begin
    if (wiping_q || push_res) qc_mem[q_waddr] <= wiping_q ? '0 : t_ctx_q[LANES];
  end
  assign out_valid_o = out_valid_q;
  assign out_ctx_o   = qc_mem[q_rd_q];
  assign push_res    = t_op_q[LANES] == OP_BLK && t_fin_q[LANES][0];

  // ---------------------------------------------------------------------------------------------
  // Flops
  always_ff @(posedge clk_i) begin
    ctx0_q   <= in_ctx_i;
    tq_data_q <= tp_data;
    hw_ctl_q <= {hw_we_d, wiping_q, hw_addr_d};
  end


  // Control resets: from registered copies of (reset or clear_i), a clock late, each group with its own
  // (the reset / clear_i LUT in front of the LSR of some 400 control flops across the die was the first
  // ECP5 path of this unit). The handshake flops below take the reset in its own clock, and are held low
  // while the late reset is still pending, so nothing is offered or taken from the reset or clear clock on.
  rijndael_reg_copies #(.COPIES(2), .RESET(1'b1)) u_ctl_rst (.clk_i, .rst_ni, .d_i(clear_i), .q_o(ctl_rst_q));
  // out_valid's next value without the count's adder (wiping_q -> the push -> the count's carry chain ->
  // out_valid_q was the fourth steering run's path): a result pushed now (known a clock ahead, push1_q), or
  // two or more held, or one that is not taken now.
  logic out_valid_d, push1_q;
  // The results held now, c = q_count_q - pop_q, enter only as flags kept in flops, c > 1 and c == 1,
  // whose next values are chosen by pop from decodes of q_count_q, pop_q and push1_q (the subtraction
  // and the compares' carry chains in front of out_valid_q were a steering run's path, 150.35 MHz).
  // With ge(k) = (c >= k) = (q_count_q >= k + pop_q): c' = c + push1 - pop.
  logic held_gt1_q, held_one_q;
  logic [3:1] held_ge;
  logic gt1_stay, one_stay, gt1_pop, one_pop;
  // count >= k as "none of 0 .. k-1" (equalities: Yosys maps a >= to a carry chain even for a constant)
  function automatic logic count_ge(input logic [OUTQ_W:0] v, input int k);
    logic below;
    below = 1'b0;
    for (int i = 0; i < k; i++) below = below || v == (OUTQ_W+1)'(i);
    count_ge = !below;
  endfunction
  for (genvar k = 1; k <= 3; k++) begin : g_held_ge
    assign held_ge[k] = pop_q ? count_ge(q_count_q, k + 1) : count_ge(q_count_q, k);
  end
  assign gt1_stay = push1_q ? held_ge[1] : held_ge[2];                  // c + push1 >= 2
  assign one_stay = push1_q ? !held_ge[1] : held_ge[1] && !held_ge[2];  // c + push1 == 1
  assign gt1_pop  = push1_q ? held_ge[2] : held_ge[3];                  // c + push1 - 1 >= 2
  assign one_pop  = push1_q ? held_ge[1] && !held_ge[2] : held_ge[2] && !held_ge[3];
  logic valid_keep, valid_one;   // two or more held (or one pushed now); exactly one held
  assign valid_keep  = push1_q || held_gt1_q;
  assign valid_one   = held_one_q;
  assign out_valid_d = valid_keep || (valid_one && !pop);
  always_ff @(posedge clk_i) begin
    // (clear_i alone on their LSR, the reset through their D: one (reset or clear) LUT driving the LSR of
    // the three, which sit at the unit's three ports, was seed 2's path of the 747d265 record)
    if (clear_i) begin
      in_ready_q  <= 1'b0;
      h_ready_q   <= 1'b0;
      out_valid_q <= 1'b0;
    end else begin
      // (a result queue entry free for the last block in the port register, one taken now and one taken
      // next clock, from flops alone)
      in_ready_q  <= rst_ni && !ctl_rst_q[0] && !wiping_d && (&hold_ok_q) && tok_ok_q
                     && (last0_q ? int'(outstanding_q) <= OUT_DEPTH - 3 : int'(outstanding_q) <= OUT_DEPTH - 2);
      h_ready_q   <= rst_ni && !ctl_rst_q[0] && h_ready_d;
      out_valid_q <= rst_ni && !ctl_rst_q[1] && out_valid_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (ctl_rst_q[0]) begin
      wiping_q    <= 1'b1;
      wipe_addr_q <= '0;
      wipe_last_q <= 1'b0;
      acc0_q      <= 1'b0;
      take0_q     <= '0;
      kind0_q     <= '0;
      first0_q    <= 1'b0;
      last0_q     <= 1'b0;
      wr_idx_q    <= '0;
      held_q      <= '0;
      open_q      <= '0;
      open_max_q  <= '0;
      open_nz_q   <= '0;
      open_p1_q   <= {CONTEXTS{N_W'(1)}};
      hold_ok_q   <= '0;
      step_c_q    <= '0;
      h_busy_q    <= 1'b0;
      h_mark1_q   <= 1'b0;
      h_mark2_q   <= 1'b0;
      h_ctx_q     <= '0;
      tok_wr_q    <= '0;
      tq_valid_q  <= 1'b0;
      outstanding_q <= '0;
    end else begin
      // wipe: every memory written with zeros, then the readies rise
      wiping_q <= wiping_d;
      if (wiping_q) begin
        wipe_addr_q <= wipe_addr_q + 1'b1;
        wipe_last_q <= wipe_addr_q == WIPE_W'((1 << WIPE_W) - 2);
      end

      // port register
      acc0_q <= accept_p;
      for (int c = 0; c < CONTEXTS; c++) begin
        take0_q[c] <= accept_p && int'(in_ctx_i) == c;
        kind0_q[c] <= {4{accept_p && int'(in_ctx_i) == c}}
                      & {in_first_i && in_last_i, !in_first_i && in_last_i, in_first_i && !in_last_i,
                         !in_first_i && !in_last_i};
      end
      first0_q <= accept_p && in_first_i;   // zero without an accept: the token's fields then are too
      last0_q  <= accept_p && in_last_i;
      outstanding_q <= outstanding_d;

      // accept: hold and token bookkeeping
      for (int c = 0; c < CONTEXTS; c++) begin
        if (take0_q[c]) begin
          wr_idx_q[c] <= wr_idx_q[c] + 1'b1;
          open_q[c]     <= open_next[c];
          open_max_q[c] <= int'(open_next[c]) == LANES - 1;
          open_nz_q[c]  <= open_next[c] != '0;
          open_p1_q[c]  <= open_next[c] + 1'b1;
        end
        // (a block issued or skipped is counted out a clock late, from step_c_q: only flops before the
        // adder; the issuer's step into this carry chain was a steering run's path, 138.83 MHz)
        held_q[c] <= held_q[c] + CNT_W'(take0_q[c]) - CNT_W'(step_c_q[c]);
        // room for the block in the port register, one taken now and one taken next clock
        hold_ok_q[c] <= int'(held_q[c]) + 4 <= HOLD;
      end
      for (int c = 0; c < CONTEXTS; c++) step_c_q[c] <= tk_step && int'(tk_ctx_q) == c;
      h_mark1_q <= h_write;
      h_mark2_q <= h_mark1_q;
      if (tp_store) tok_wr_q <= tok_wr_q + 1'b1;
      tq_valid_q <= tp_valid;

      // subkey
      if (h_write) begin
        h_ctx_q  <= h_ctx_i;
        h_busy_q <= 1'b1;
      end else if (pw_end) h_busy_q <= 1'b0;

    end
  end

  always_ff @(posedge clk_i) begin
    if (ctl_rst_q[1]) begin
      ctx_rd_q    <= '0;
      ctx_lane_q  <= '0;
      ctx_sat_q   <= '0;
      tok_rd_q    <= '0;
      tok_cnt_q   <= '0;
      tok_ok_q    <= 1'b0;
      nx_valid_q  <= 1'b0;
      nx_data_q   <= '0;
      tk_valid_q  <= 1'b0;
      tk_powb_q   <= 1'b0;
      tk_flags_q  <= '0;
      tk_final_q  <= 1'b0;
      tk_first_q  <= 1'b0;
      tk_sat_q    <= 1'b0;
      tk_ctx_q    <= '0;
      tk_skip_q   <= '0;
      tk_n_q      <= '0;
      tk_rd_q     <= '0;
      tk_lane_q   <= '0;
      tk_pslot_q  <= '0;
      pw_active_q <= 1'b0;
      pw_t_q      <= '0;
      pw_start_q  <= 1'b0;
      pw_dec_q    <= '0;
      hist_v_q    <= '0;
      hist_ctx_q  <= '0;
      hist_lane_q <= '0;
      r1_op_q <= OP_NONE; r2_op_q <= OP_NONE; i_op_q <= OP_NONE;
      r1_ctx_q <= '0; r2_ctx_q <= '0; i_ctx_q <= '0;
      r1_idx_q <= '0; r2_idx_q <= '0; i_idx_q <= '0;
      r1_fin_q <= '0; r2_fin_q <= '0; i_fin_q <= '0;
      {r1_pm_q, r1_r2_q, r1_fwd_q, r1_one_q, r1_hb_q} <= '0;
      r0_op_q <= OP_NONE; r0_ctx_q <= '0; r0_idx_q <= '0; r0_fin_q <= '0;
      {r0_pm_q, r0_r1_q, r0_r2_q, r0_fwd_q, r0_one_q, r0_ha_q, r0_hb_q} <= '0;
      r0_hold_q <= '0; r0_prod_q <= '0; r0_pow_q <= '0;
      r2_fwd_q <= 1'b0;
      t_op_q  <= '0;
      t_ctx_q <= '0;
      t_idx_q <= '0;
      t_fin_q <= '0;
      q_wr_q        <= '0;
      q_rd_q        <= '0;
      q_count_q     <= '0;
      push1_q       <= 1'b0;
      pop_q         <= 1'b0;
      held_gt1_q    <= 1'b0;
      held_one_q    <= 1'b0;
    end else begin
      // token queue -> prefetch register
      // (a free register loads the queue's head, or the accept's fields when the queue is empty, valid
      // or not: so the push decides only nx_valid_q, not the data's choice)
      if (nx_free) nx_data_q <= (tok_cnt_q != '0) ? tok_rd_data : tq_data_q;
      if (nx_fill) tok_rd_q <= tok_rd_q + 1'b1;
      nx_valid_q <= nx_free ? (tok_cnt_q != '0 || tq_valid_q) : 1'b1;
      // (a choice of sums of the flop by the late store and fill, not a carry chain behind them)
      tok_cnt_q <= (tp_store == nx_fill) ? tok_cnt_q : tp_store ? tok_cnt_q + 1'b1 : tok_cnt_q - 1'b1;
      tok_ok_q  <= int'(tok_cnt_q) + 6 <= TOKENS;

      // issuer
      // the schedule of the next clock: t = 0 after a start, t + 1 while active (pw_t_q holds t + 1, so
      // the decode reads a flop: the increment's carry chain in front of it was a steering run's path,
      // 147.49 MHz)
      // The schedule starts a clock after the start (pw_start_q): the issuer's start -> a 2.6 ns route ->
      // the decode register's reset LUT was seed 1's path of a steering run, 154.77 MHz. pw_active_q
      // rises with the start, so no token goes in between; the subkey takes a clock longer.
      pw_start_q <= start_pw;
      if (pw_start_q)                  pw_dec_q <= pw_decode(0);
      else if (pw_active_q && !pw_end) pw_dec_q <= pw_decode({26'd0, pw_t_q});
      else                             pw_dec_q <= '0;
      if (start_pw) begin
        pw_active_q <= 1'b1;
        tk_powb_q   <= 1'b0;
      end else if (pw_active_q && pw_end) pw_active_q <= 1'b0;
      if (pw_start_q)       pw_t_q <= 6'd1;
      else if (pw_active_q) pw_t_q <= pw_t_q + 1'b1;
      if (tk_step) begin
        tk_rd_q   <= rd_next;
        tk_lane_q <= lane_next;
        tk_sat_q  <= sat_next;
        if (do_skip) tk_skip_q <= tk_skip_q - 1'b1;
        if (do_issue) begin
          tk_n_q     <= tk_n_q - 1'b1;
          tk_first_q <= 1'b0;
          if (tk_final_q) tk_pslot_q <= tk_pslot_q - 1'b1;
        end
      end
      if (tk_done) begin
        for (int c = 0; c < CONTEXTS; c++) begin
          if (int'(tk_ctx_q) == c) begin
            ctx_rd_q[c]   <= rd_next;
            ctx_lane_q[c] <= lane_next;
            ctx_sat_q[c]  <= sat_next;
          end
        end
      end
      if (tk_load) begin
        tk_valid_q <= 1'b1;
        {tk_powb_q, tk_ctx_q, tk_skip_q, tk_n_q, tk_final_q} <= nx_data_q;
        tk_first_q <= 1'b1;
        // final: H^n first, then down to H; else H^LANES
        tk_pslot_q <= nx_data_q[0] ? 3'(nx_data_q[N_W:1] - 1'b1) : 3'(LANES - 1);
        if (tk_valid_q && tk_ctx_q == nx_ctx) begin   // the token just done was of the same context
          tk_rd_q   <= rd_next;
          tk_lane_q <= lane_next;
          tk_sat_q  <= sat_next;
        end else begin
          tk_rd_q   <= ctx_rd_q[nx_ctx];
          tk_lane_q <= ctx_lane_q[nx_ctx];
          tk_sat_q  <= ctx_sat_q[nx_ctx];
        end
      end else if (tk_done) tk_valid_q <= 1'b0;
      if (tk_load)       tk_flags_q <= tok_flags(nx_data_q[TOK_BITS-1], nx_data_q[2*N_W:N_W+1], nx_data_q[N_W:1],
                                                 nx_data_q[0]);
      else if (start_pw) tk_flags_q <= tok_flags(1'b0, tk_skip_q, tk_n_q, tk_final_q);
      else if (do_skip)  tk_flags_q <= tok_flags(1'b0, tk_skip_q - 1'b1, tk_n_q, tk_final_q);
      else if (do_issue) tk_flags_q <= tok_flags(1'b0, tk_skip_q, tk_n_q - 1'b1, tk_final_q);

      // decision -> R0 (and the forwarding history)
      hist_v_q[1]    <= do_issue;
      hist_ctx_q[1]  <= tk_ctx_q;
      hist_lane_q[1] <= tk_lane_q;
      for (int i = 2; i <= HIST; i++) begin
        hist_v_q[i]    <= hist_v_q[i-1];
        hist_ctx_q[i]  <= hist_ctx_q[i-1];
        hist_lane_q[i] <= hist_lane_q[i-1];
      end
      r0_op_q   <= pw_issue ? OP_POW : do_issue ? OP_BLK : OP_NONE;
      r0_ctx_q  <= pw_issue ? h_ctx_q : tk_ctx_q;
      r0_idx_q  <= pw_issue ? pw_slot : tk_lane_q;
      r0_fin_q  <= (do_issue && tk_final_q) ? {1'b1, tk_first_q, tk_n_q == N_W'(1)} : 3'b000;
      r0_pm_q   <= d_pm_en;
      r0_r1_q   <= d_r1;
      r0_r2_q   <= (do_issue && tk_sat_q && m_l1 && !m_l0) || pw_r2;
      r0_fwd_q  <= (do_issue && tk_sat_q && m_l0) || pw_fwd;
      r0_one_q  <= pw_one;
      r0_ha_q   <= pw_ha;
      r0_hb_q   <= pw_hb;
      r0_hold_q <= {!pw_issue, d_hold_addr};
      r0_prod_q <= d_prod_addr;
      r0_pow_q  <= {!pw_hb, pw_issue ? {h_ctx_q, pw_bslot} : d_pow_addr};
      // R0 -> R1
      r1_op_q  <= r0_op_q;
      r1_ctx_q <= r0_ctx_q;
      r1_idx_q <= r0_idx_q;
      r1_fin_q <= r0_fin_q;
      r1_pm_q  <= r0_pm_q;
      r1_r2_q  <= r0_r2_q;
      r1_fwd_q <= r0_fwd_q;
      r1_one_q <= r0_one_q;
      r1_hb_q  <= r0_hb_q;
      // R1 -> R2 -> I
      r2_op_q <= r1_op_q; r2_ctx_q <= r1_ctx_q; r2_idx_q <= r1_idx_q; r2_fin_q <= r1_fin_q;
      r2_fwd_q <= r1_fwd_q;
      i_op_q  <= r2_op_q; i_ctx_q  <= r2_ctx_q; i_idx_q  <= r2_idx_q; i_fin_q  <= r2_fin_q;
      // the multiplier's stages
      t_op_q[1] <= i_op_q; t_ctx_q[1] <= i_ctx_q; t_idx_q[1] <= i_idx_q; t_fin_q[1] <= i_fin_q;
      for (int j = 2; j <= LANES; j++) begin
        t_op_q[j] <= t_op_q[j-1]; t_ctx_q[j] <= t_ctx_q[j-1]; t_idx_q[j] <= t_idx_q[j-1]; t_fin_q[j] <= t_fin_q[j-1];
      end

      // result: the final products summed; the last one's sum into the output queue
      // (the result queue is written in g_quarter in this clock; the wipe zeroes every entry)
      if (!wiping_q && push_res) q_wr_q <= q_wr_q + 1'b1;
      if (pop) q_rd_q <= q_rd_q + 1'b1;
      push1_q     <= !wiping_d && t_op_q[LANES-1] == OP_BLK && t_fin_q[LANES-1][0];
      q_count_q   <= q_count_d;
      pop_q       <= pop;
      held_gt1_q  <= pop ? gt1_pop : gt1_stay;
      held_one_q  <= pop ? one_pop : one_stay;
    end
  end

  logic unused;
  assign unused = ^{i_idx_q, r2_op_q == OP_NONE, i_op_q == OP_NONE};
endmodule
