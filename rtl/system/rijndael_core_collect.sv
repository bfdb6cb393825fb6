// rijndael_core_collect: takes the cores' results in arrival order for the engine's merge.
//
// The head of the order FIFO is a group: the blocks issued in one cycle (one, or two with two cores),
// or one bypass block that never went to a core. Block 0 of a group is in core first_i, block 1 in the
// other core (rijndael_core_dispatch hands consecutive blocks to alternate cores, so each core's own
// output order is its share of the arrival order). The group leaves when every result it needs is there
// and the output side is ready; a core's result is taken only together with the rest of its group.
module rijndael_core_collect #(
  parameter int CORES  = 1,
  parameter int MAX_NB = 4
) (
  input  logic                       group_valid_i,
  output logic                       group_ready_o,
  input  logic                       bypass_i,     // the group is one block that skipped the cores
  input  logic                       two_i,        // the group has two blocks
  input  logic                       first_i,      // the core of block 0
  output logic                       merge_valid_o,
  input  logic                       merge_ready_i,
  input  logic [CORES-1:0]           core_valid_i,
  output logic [CORES-1:0]           core_ready_o,
  input  logic [CORES*32*MAX_NB-1:0] core_block_i,
  input  logic [CORES-1:0]           core_err_i,   // refused by the core, or a key size the build lacks
  output logic [32*MAX_NB-1:0]       res0_o,
  output logic                       res0_err_o,
  output logic [32*MAX_NB-1:0]       res1_o,
  output logic                       res1_err_o
);
  localparam int BLOCK_W = 32 * MAX_NB;
  logic have;   // every result of the head group is at a core output

  if (CORES == 1) begin : g_one
    logic unused;
    assign unused = ^{two_i, first_i};
    assign have   = bypass_i || core_valid_i[0];
    assign core_ready_o[0] = group_valid_i && !bypass_i && merge_ready_i;
    assign res0_o     = core_block_i;
    assign res0_err_o = core_err_i[0];
    assign res1_o     = '0;
    assign res1_err_o = 1'b0;
  end else begin : g_two
    logic c0, c1;
    assign c0   = first_i;
    assign c1   = !first_i;
    assign have = bypass_i || (core_valid_i[c0] && (!two_i || core_valid_i[c1]));
    for (genvar k = 0; k < 2; k++) begin : g_ready
      // Core k holds block 0 (k == c0) or block 1 of the group; it lets go only with its partner.
      assign core_ready_o[k] = group_valid_i && !bypass_i && merge_ready_i &&
                               ((c0 == 1'(k)) ? (!two_i || core_valid_i[c1]) : (two_i && core_valid_i[c0]));
    end
    assign res0_o     = core_block_i[int'(c0) * BLOCK_W +: BLOCK_W];
    assign res0_err_o = core_err_i[c0];
    assign res1_o     = core_block_i[int'(c1) * BLOCK_W +: BLOCK_W];
    assign res1_err_o = core_err_i[c1];
  end

  assign merge_valid_o = group_valid_i && have;
  assign group_ready_o = merge_ready_i && have;
endmodule
