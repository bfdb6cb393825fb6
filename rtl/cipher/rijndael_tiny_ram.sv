// rijndael_tiny_ram: the round-key RAM of rijndael_core_tiny, one write port and one registered read.
//
// A registered read with no reset is the shape every FPGA RAM block offers (iCE40 SB_RAM40_4K, ECP5
// DP16KD/PDPW16KD); iCE40 has no distributed RAM, so an asynchronous read would end up in flip-flops.
// The core never uses a word read in the clock that writes the same address (it reads w[i - Nk] while
// writing w[i]; blocks only read; a read during a key copy or a wipe is discarded), so read-during-write
// is left to the RAM (no_rw_check): Yosys then adds no bypass flops and multiplexers after the read
// data, which would sit in the round datapath. The simulation model returns the old word. The core
// wipes the contents with a counted sequence after reset and after a refused key, since a RAM cannot
// be reset in one cycle.
module rijndael_tiny_ram #(
  parameter int WIDTH = 32,
  parameter int DEPTH = 60
) (
  input  logic                     clk_i,
  input  logic                     write_i,
  input  logic [$clog2(DEPTH)-1:0] write_addr_i,
  input  logic [WIDTH-1:0]         write_data_i,
  input  logic [$clog2(DEPTH)-1:0] read_addr_i,
  output logic [WIDTH-1:0]         read_data_o
);
  (* no_rw_check *) logic [WIDTH-1:0] round_keys [DEPTH];

  always_ff @(posedge clk_i) begin
    if (write_i) round_keys[write_addr_i] <= write_data_i;
    read_data_o <= round_keys[read_addr_i];
  end
endmodule
