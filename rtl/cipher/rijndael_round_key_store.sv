// rijndael_round_key_store: the decryption round keys, written once per key, read once per round.
//
// Written one word-row per clock while a key is set up, read asynchronously by round number. Kept
// without reset and with a single write port and one asynchronous read so that FPGA tools map it to
// distributed RAM (ECP5 DPR16X4, 16 entries x 4 bits per slice) instead of flip-flops; the core wipes
// it explicitly after reset and after a refused key, since a RAM cannot be reset in one cycle.
module rijndael_round_key_store #(
  parameter int WIDTH   = 128,
  parameter int ENTRIES = 15
) (
  input  logic                       clk_i,
  input  logic                       write_i,
  input  logic [$clog2(ENTRIES)-1:0] write_index_i,
  input  logic [WIDTH-1:0]           write_data_i,
  input  logic [$clog2(ENTRIES)-1:0] read_index_i,
  output logic [WIDTH-1:0]           read_data_o
);
  logic [WIDTH-1:0] round_keys [ENTRIES];

  always_ff @(posedge clk_i) begin
    if (write_i) round_keys[write_index_i] <= write_data_i;
  end

  assign read_data_o = round_keys[read_index_i];
endmodule
