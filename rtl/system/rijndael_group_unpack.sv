// rijndael_group_unpack: the output FIFO's head group (the blocks merged in one cycle: one, or two with
// two cores) onto the two block ports of rijndael_blocks_to_stream.
//
// Block 0 of the group is offered as the first block and block 1 behind it. The output gearbox takes
// both, or only the first (block 1 of another TID, or no room): then block 1 is offered as the first
// block from the next cycle on (first_done_q), and the group leaves the FIFO once all of it is taken.
// With CORES = 1 every group is one block and this is a wire.
module rijndael_group_unpack #(
  parameter int CORES  = 1,
  parameter int MAX_NB = 4,
  parameter int TID_W  = 1
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // the head group
  input  logic                 grp_valid_i,
  output logic                 grp_ready_o,
  input  logic                 grp_two_i,
  input  logic [32*MAX_NB-1:0] s0_data_i,
  input  logic [5:0]           s0_bytes_i,
  input  logic                 s0_last_i,
  input  logic                 s0_err_i,
  input  logic [TID_W-1:0]     s0_tid_i,
  input  logic [32*MAX_NB-1:0] s1_data_i,
  input  logic [5:0]           s1_bytes_i,
  input  logic                 s1_last_i,
  input  logic                 s1_err_i,
  input  logic [TID_W-1:0]     s1_tid_i,
  // to rijndael_blocks_to_stream
  output logic                 blk_valid_o,
  input  logic                 blk_ready_i,
  output logic [32*MAX_NB-1:0] blk_data_o,
  output logic [5:0]           blk_bytes_o,
  output logic                 blk_last_o,
  output logic                 blk_err_o,
  output logic [TID_W-1:0]     blk_tid_o,
  output logic                 blk1_valid_o,
  input  logic                 blk1_ready_i,
  output logic [32*MAX_NB-1:0] blk1_data_o,
  output logic [5:0]           blk1_bytes_o,
  output logic                 blk1_last_o,
  output logic                 blk1_err_o,
  output logic [TID_W-1:0]     blk1_tid_o
);
  assign blk_valid_o  = grp_valid_i;
  assign blk1_data_o  = s1_data_i;
  assign blk1_bytes_o = s1_bytes_i;
  assign blk1_last_o  = s1_last_i;
  assign blk1_err_o   = s1_err_i;
  assign blk1_tid_o   = s1_tid_i;

  if (CORES == 1) begin : g_one
    logic unused;
    assign unused       = ^{clk_i, rst_ni, grp_two_i, blk1_ready_i};
    assign grp_ready_o  = blk_ready_i;
    assign blk1_valid_o = 1'b0;
    assign blk_data_o   = s0_data_i;
    assign blk_bytes_o  = s0_bytes_i;
    assign blk_last_o   = s0_last_i;
    assign blk_err_o    = s0_err_i;
    assign blk_tid_o    = s0_tid_i;
  end else begin : g_two
    logic first_done_q;   // block 0 of a two-block head group has left; block 1 is now the first
    assign blk1_valid_o = grp_valid_i && grp_two_i && !first_done_q;
    assign grp_ready_o  = blk_ready_i && (first_done_q || !grp_two_i || blk1_ready_i);
    assign blk_data_o   = first_done_q ? s1_data_i  : s0_data_i;
    assign blk_bytes_o  = first_done_q ? s1_bytes_i : s0_bytes_i;
    assign blk_last_o   = first_done_q ? s1_last_i  : s0_last_i;
    assign blk_err_o    = first_done_q ? s1_err_i   : s0_err_i;
    assign blk_tid_o    = first_done_q ? s1_tid_i   : s0_tid_i;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        first_done_q <= 1'b0;
      end else if (grp_valid_i && grp_ready_o) begin
        first_done_q <= 1'b0;
      end else if (grp_valid_i && grp_two_i && blk_ready_i) begin
        first_done_q <= 1'b1;
      end
    end
  end
endmodule
