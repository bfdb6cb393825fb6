// rijndael_key_ram: a round-key column for block RAM: one write port, one read port with a registered
// read and an output register (LATENCY = 2: read_data_o is row read_row_i of two clock edges earlier).
//
// The behavioural model for simulation, lint and every family without a file of its own; the ECP5 file
// (rtl/ecp5/rijndael_key_ram.sv) instantiates DP16KD with its output register on, the same port list and
// latency, because Yosys infers a block RAM only without it (5.6 ns clock-to-output instead of ~1 ns).
// - A write takes effect at its clock edge; a read of a row written at the same edge is undefined (the
//   core reads the store only while nothing writes it). Rows at and past ROWS read as zero (never written
//   in the DP16KD, whose contents start at zero); the core reads them for rounds that take no key.
// - rst_ni low zeroes both read registers (the RAMs' synchronous output reset), so no round key stays
//   on the read side through a reset; the memory itself is wiped by the core's own sequence.
module rijndael_key_ram #(
  parameter int WIDTH = 64,
  parameter int ROWS  = 15   // 2 or more
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             write_i,
  input  logic [$clog2(ROWS)-1:0] write_row_i,
  input  logic [WIDTH-1:0] write_data_i,
  input  logic [$clog2(ROWS)-1:0] read_row_i,
  output logic [WIDTH-1:0] read_data_o
);
  logic [WIDTH-1:0] rows_q [ROWS];
  logic [WIDTH-1:0] read_q, out_q;

  always_ff @(posedge clk_i) begin
    if (write_i) rows_q[write_row_i] <= write_data_i;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      read_q <= '0;
      out_q  <= '0;
    end else begin
      read_q <= 32'(read_row_i) < ROWS ? rows_q[read_row_i] : '0;
      out_q  <= read_q;
    end
  end

  assign read_data_o = out_q;
endmodule
