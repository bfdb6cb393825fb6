// rijndael_skid: a two-entry valid/ready register stage (skid buffer) whose in_ready_o is a flop.
//
// Why: a consumer whose acceptance logic decides from its held beat (the pipelined core) would otherwise
// send that decision back to the producer through in_ready_o in the same clock, across the die. Here the
// producer sees a registered ready; the consumer's out_ready_i reaches only this stage's two registers.
// The handshake itself reaches only the valid flags: the data registers load whenever they are free,
// whatever in_valid_i is. One beat per clock passes with out_ready_i high; latency one clock; order kept,
// nothing dropped: a beat that arrives while the head is held waits in the spare register, and in_ready_o
// falls while that register is full. Reset empties and zeroes both registers.
module rijndael_skid #(
  parameter int WIDTH = 8
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             in_valid_i,
  output logic             in_ready_o,
  input  logic [WIDTH-1:0] in_data_i,
  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [WIDTH-1:0] out_data_o
);
  logic             head_valid_q, spare_valid_q, head_free;
  logic [WIDTH-1:0] head_q, spare_q;

  assign in_ready_o  = !spare_valid_q;
  assign head_free   = !head_valid_q || out_ready_i;  // the head is empty or leaves this clock
  assign out_valid_o = head_valid_q;
  assign out_data_o  = head_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_valid_q  <= 1'b0;
      spare_valid_q <= 1'b0;
      head_q        <= '0;
      spare_q       <= '0;
    end else if (head_free) begin
      // The head refills from the spare register first (it arrived earlier), else from the input.
      head_valid_q  <= spare_valid_q || in_valid_i;
      head_q        <= spare_valid_q ? spare_q : in_data_i;
      spare_valid_q <= 1'b0;
    end else if (!spare_valid_q) begin
      spare_valid_q <= in_valid_i;
      spare_q       <= in_data_i;
    end
  end
endmodule
