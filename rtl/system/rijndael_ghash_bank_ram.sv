// rijndael_ghash_bank_ram: a LUT-RAM memory of 2^ADDR_W words in banks of 16 (one DPR16X4 column group
// each), with the read side registered per bank, for rijndael_ghash_lanes' memories (holds, products,
// powers).
//
// Why banks of our own rather than an inferred 64-word array: Yosys builds the deeper array from the same
// 16-word RAMs behind a bank multiplexer, with one read address for all banks and the multiplexer's select
// from that address; on ECP5 that address register -> a 2.3 ns route to the farthest bank -> the RAM -> the
// bank multiplexer (two LUT levels) -> the user's AND / OR was the path of a steering run (142.76 MHz).
// Here every bank has a kept copy of the read address (placed by its RAMs), and the bank choice is a
// registered one-hot select that already includes the user's enable (rd_en_i), so the read data is an
// AND-OR of flops and RAM outputs: rdata_o = the word at the address of the clock before when rd_en_i was
// high then, else zero.
//
// Write port: we_i, waddr_i, wdata_i are taken as they are (the user registers them).
module rijndael_ghash_bank_ram #(
  parameter int WIDTH  = 16,
  parameter int ADDR_W = 6,
  localparam int LOW_W = (ADDR_W < 4) ? ADDR_W : 4,   // address bits inside a bank
  localparam int BANKS = 1 << (ADDR_W - LOW_W)
) (
  input  logic              clk_i,
  input  logic              we_i,
  input  logic [ADDR_W-1:0] waddr_i,
  input  logic [WIDTH-1:0]  wdata_i,
  input  logic              rd_en_i,    // in the clock before the read, with raddr_i
  input  logic [ADDR_W-1:0] raddr_i,    // registered here
  output logic [WIDTH-1:0]  rdata_o
);
  logic [BANKS-1:0][WIDTH-1:0] bank_rd;
  logic [BANKS-1:0]            sel_q;
  for (genvar b = 0; b < BANKS; b++) begin : g_bank
    logic [WIDTH-1:0] mem [1 << LOW_W];
    logic [LOW_W-1:0] raddr_q;
    logic             sel_d;
    // (ADDR_W - LOW_W is 0 for a single bank: then every address is the bank's)
    if (BANKS > 1) begin : g_sel
      assign sel_d = rd_en_i && int'(raddr_i[ADDR_W-1:LOW_W]) == b;
      always_ff @(posedge clk_i) begin
        if (we_i && int'(waddr_i[ADDR_W-1:LOW_W]) == b) mem[waddr_i[LOW_W-1:0]] <= wdata_i;
      end
    end else begin : g_one
      assign sel_d = rd_en_i;
      always_ff @(posedge clk_i) begin
        if (we_i) mem[waddr_i[LOW_W-1:0]] <= wdata_i;
      end
    end
    rijndael_reg_copies #(.WIDTH(LOW_W + 1)) u_raddr (
      .clk_i, .rst_ni(1'b1), .d_i({sel_d, raddr_i[LOW_W-1:0]}), .q_o({sel_q[b], raddr_q}));
    assign bank_rd[b] = {WIDTH{sel_q[b]}} & mem[raddr_q];
  end
  always_comb begin
    rdata_o = '0;
    for (int b = 0; b < BANKS; b++) rdata_o = rdata_o | bank_rd[b];
  end
endmodule
