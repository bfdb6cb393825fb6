// Steering probe only: HOPS registers loaded every clock (valid with reset, data without).
module bare_hops #(
  parameter int WIDTH = 8,
  parameter int HOPS  = 3
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [WIDTH-1:0] data_i,
  output logic             valid_o,
  output logic [WIDTH-1:0] data_o
);
  logic [HOPS:0]            v;
  logic [HOPS:0][WIDTH-1:0] d;
  assign v[0] = valid_i;
  assign d[0] = data_i;
  for (genvar h = 0; h < HOPS; h++) begin : g_hop
    always_ff @(posedge clk_i) begin
      if (!rst_ni) v[h + 1] <= 1'b0;
      else         v[h + 1] <= v[h];
      d[h + 1] <= d[h];
    end
  end
  assign valid_o = v[HOPS];
  assign data_o  = d[HOPS];
endmodule
