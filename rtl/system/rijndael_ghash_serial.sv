// rijndael_ghash_serial: GHASH with a digit-serial multiplier (rijndael_ghash with FAST = 0), for the
// iterative, folded and tiny cores, which deliver a block every several clocks anyway.
//
// One block at a time: the accepting clock reads the context's accumulator and hash subkey from small
// memories (one entry per context: LUT RAM on an FPGA) and loads X = block xor accumulator (xor 0 on the
// first block of a message) and a copy of H; then 128/DIGIT clocks of rijndael_gf128_mul_digit leave
// Y = X * H, which goes back to the context's accumulator, or for the last block to the output register.
// A block every 128/DIGIT + 1 clocks (DIGIT = 32: 5). in_ready_o, h_ready_o and out_valid_o come from
// flops. A finished last block waits (the multiplier holds) while the output register is still full.
//
// Wiping: reset and clear_i zero both memories by a counted sequence (CONTEXTS clocks, every ready low),
// and every flop that held H, X, Y or a result; a multiplication in flight and an unread result are dropped.
module rijndael_ghash_serial #(
  parameter int CONTEXTS = 4,
  parameter int DIGIT    = 32,
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
  localparam int STEPS  = 128 / DIGIT;
  localparam int STEP_W = (STEPS > 1) ? $clog2(STEPS) : 1;

  logic [127:0] h_mem   [CONTEXTS];   // hash subkey per context
  logic [127:0] acc_mem [CONTEXTS];   // running Y per context

  logic               busy_q, last_q, wiping_q;
  logic [CTX_W-1:0]   ctx_q, wipe_ctx_q;
  logic [STEP_W-1:0]  step_q;
  logic [127:0]       x_q, h_q, z_q, z_next;
  logic               out_valid_q;
  logic [127:0]       out_hash_q;
  logic [CTX_W-1:0]   out_ctx_q;
  logic               accept, h_write, final_step, finish;
  logic [127:0]       acc_rd;

  assign in_ready_o = !busy_q && !wiping_q;
  assign h_ready_o  = !wiping_q;
  assign accept     = in_valid_i && in_ready_o;
  assign h_write    = h_valid_i && h_ready_o;
  assign acc_rd     = in_first_i ? '0 : acc_mem[in_ctx_i];
  assign final_step = busy_q && int'(step_q) == STEPS - 1;
  // The last step of a message's last block completes only into a free (or leaving) output register.
  assign finish     = final_step && (!last_q || !out_valid_q || out_ready_i);

  rijndael_gf128_mul_digit #(.DIGIT(DIGIT)) u_mul (
    .z_i(z_q), .h_i(h_q), .digit_i(x_q[DIGIT-1:0]), .z_o(z_next)
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
    end else if (finish && !last_q) begin
      acc_mem[ctx_q] <= z_next;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      busy_q      <= 1'b0;
      last_q      <= 1'b0;
      ctx_q       <= '0;
      step_q      <= '0;
      x_q         <= '0;
      h_q         <= '0;
      z_q         <= '0;
      out_valid_q <= 1'b0;
      out_hash_q  <= '0;
      out_ctx_q   <= '0;
      wiping_q    <= 1'b1;
      wipe_ctx_q  <= '0;
    end else begin
      if (wiping_q) begin
        wipe_ctx_q <= wipe_ctx_q + 1'b1;
        if (int'(wipe_ctx_q) == CONTEXTS - 1) wiping_q <= 1'b0;
      end
      if (out_valid_q && out_ready_i) out_valid_q <= 1'b0;
      if (accept) begin
        busy_q <= 1'b1;
        last_q <= in_last_i;
        ctx_q  <= in_ctx_i;
        step_q <= '0;
        x_q    <= in_block_i ^ acc_rd;
        h_q    <= h_mem[in_ctx_i];
        z_q    <= '0;
      end else if (busy_q && !final_step) begin
        step_q <= step_q + 1'b1;
        x_q    <= x_q >> DIGIT;
        z_q    <= z_next;
      end else if (finish) begin
        // Done: drop the copies of H and the operand (they are key-derived), keep nothing here.
        busy_q <= 1'b0;
        x_q    <= '0;
        h_q    <= '0;
        z_q    <= '0;
        if (last_q) begin
          out_valid_q <= 1'b1;
          out_hash_q  <= z_next;
          out_ctx_q   <= ctx_q;
        end
      end
    end
  end

  assign out_valid_o = out_valid_q;
  assign out_hash_o  = out_hash_q;
  assign out_ctx_o   = out_ctx_q;
endmodule
