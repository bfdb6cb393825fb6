// rijndael_hold_register: a one-entry valid/ready register stage. The beat is held in a flop until the
// consumer takes it; a new beat is accepted when the register is empty or its beat leaves in this clock.
//
// Why: a core's acceptance logic would otherwise see the input bus straight from the producer, and its
// wide key and state registers would be enabled by the producer's handshake. Behind this stage the
// consumer decides from flops only, and the producer's handshake reaches nothing but this register's
// valid flag: the data register loads whenever the stage is free, whatever in_valid_i is.
// in_ready_o = !valid || out_ready_i: it depends on the consumer's decision, never on in_valid_i, so a
// consumer whose out_ready_i comes from flops (as the pipelined core's does) gives a ready that depends
// on flops only. One beat per clock passes; latency one clock; order kept, nothing dropped. Reset
// empties and zeroes it.
module rijndael_hold_register #(
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
  logic             valid_q;
  logic [WIDTH-1:0] data_q;

  assign in_ready_o  = !valid_q || out_ready_i;
  assign out_valid_o = valid_q;
  assign out_data_o  = data_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      data_q  <= '0;
    end else if (in_ready_o) begin
      valid_q <= in_valid_i;
      data_q  <= in_data_i;
    end
  end
endmodule
