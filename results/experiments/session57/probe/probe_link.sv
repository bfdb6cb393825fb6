// Steering probe only (results/experiments/session57): a credit-based link across the die. The source side
// sends when it holds a credit (ready_o: a flop); the beat crosses HOPS registers loaded every clock, with
// nothing else on the way, into a FIFO at the sink side that never refuses (the credits guarantee its room);
// each pop at the sink returns a credit through HOPS registers. No same-clock path crosses the link.
module probe_link #(
  parameter int WIDTH = 8,
  parameter int DEPTH = 16,   // sink FIFO entries (power of two) = credits
  parameter int HOPS  = 3
) (
  input  logic             clk_i,
  input  logic             src_rst_ni,
  input  logic             snk_rst_ni,
  input  logic             in_valid_i,   // only when in_ready_o
  output logic             in_ready_o,
  input  logic [WIDTH-1:0] in_data_i,
  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [WIDTH-1:0] out_data_o
);
  localparam int CW = $clog2(DEPTH) + 1;
  // source: credits
  logic [CW-1:0] credits_q, credits_d;
  logic          ready_q, ret;
  assign credits_d = credits_q - CW'(in_valid_i) + CW'(ret);
  always_ff @(posedge clk_i) begin
    if (!src_rst_ni) begin
      credits_q <= CW'(DEPTH);
      ready_q   <= 1'b0;
    end else begin
      credits_q <= credits_d;
      ready_q   <= credits_d != '0;
    end
  end
  assign in_ready_o = ready_q;
  // forward hops
  logic [HOPS:0]            v;
  logic [HOPS:0][WIDTH-1:0] d;
  assign v[0] = in_valid_i;
  assign d[0] = in_data_i;
  for (genvar h = 0; h < HOPS; h++) begin : g_fwd
    always_ff @(posedge clk_i) begin
      if (!snk_rst_ni) v[h + 1] <= 1'b0;
      else             v[h + 1] <= v[h];
      d[h + 1] <= d[h];
    end
  end
  // sink FIFO (memory + head register)
  logic             unused_ready, unused_empty, unused_wiping;
  rijndael_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH), .WIPE(0)) u_fifo (
    .clk_i, .rst_ni(snk_rst_ni),
    .in_valid_i(v[HOPS]), .in_ready_o(unused_ready), .in_data_i(d[HOPS]),
    .out_valid_o(out_valid_o), .out_ready_i(out_ready_i), .out_data_o(out_data_o),
    .empty_o(unused_empty), .wiping_o(unused_wiping)
  );
  // credit return hops
  logic [HOPS:0] r;
  assign r[0] = out_valid_o && out_ready_i;
  for (genvar h = 0; h < HOPS; h++) begin : g_ret
    always_ff @(posedge clk_i) begin
      if (!src_rst_ni) r[h + 1] <= 1'b0;
      else             r[h + 1] <= r[h];
    end
  end
  assign ret = r[HOPS];
endmodule
