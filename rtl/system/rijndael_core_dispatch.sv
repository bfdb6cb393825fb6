// rijndael_core_dispatch: hands the engine's key beats and blocks to its CORES cipher cores.
//
// - Blocks go to the cores in turn (core 0, 1, 0, 1, ...: next_q names the core of the next block), so
//   consecutive blocks in arrival order always sit in different cores and the merge can take the oldest
//   two results in one cycle, one from each core. A pair (block 0 older than block 1) goes to cores
//   next_q and !next_q; block 1 is offered only while block 0's core is ready, so it never enters a core
//   before block 0 does (the pair fires together or block 0 fires alone and block 1 becomes the next
//   block 0, for the same core).
// - A key beat goes to every core: each core takes it when it is ready (key_taken_q remembers which
//   did) and the beat is done (key_fire_o) when all have it, so all cores hold the same keys and see
//   key beats at the same place between blocks. The engine keeps key_req_i up until key_fire_o (the
//   block's context is busy, so its key cannot change meanwhile).
// - With CORES = 1 this is a wire: core 0 gets the key beat or block 0 (block 1 never fires).
module rijndael_core_dispatch #(
  parameter int CORES  = 1,
  parameter int MAX_NB = 4,
  parameter int SLOT_W = 1
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     key_req_i,      // a key beat (never together with blk0_req_i)
  input  logic                     blk0_req_i,     // the oldest block
  input  logic [32*MAX_NB-1:0]     blk0_data_i,
  input  logic                     blk0_decrypt_i,
  input  logic [SLOT_W-1:0]        blk0_slot_i,    // key slot of block 0 (and of the key beat)
  input  logic                     blk1_req_i,     // the block behind it (only with blk0_req_i)
  input  logic [32*MAX_NB-1:0]     blk1_data_i,
  input  logic                     blk1_decrypt_i,
  input  logic [SLOT_W-1:0]        blk1_slot_i,
  output logic                     key_fire_o,
  output logic                     fire0_o,
  output logic                     fire1_o,
  output logic                     first_core_o,   // the core block 0 goes to (0 with CORES = 1)
  // to the cores
  output logic [CORES-1:0]         core_valid_o,
  input  logic [CORES-1:0]         core_ready_i,
  output logic [CORES-1:0]         core_decrypt_o,
  output logic [CORES*SLOT_W-1:0]  core_slot_o,
  output logic [CORES*32*MAX_NB-1:0] core_block_o
);
  if (CORES == 1) begin : g_one
    logic unused;
    assign unused       = ^{clk_i, rst_ni, blk1_req_i, blk1_data_i, blk1_decrypt_i, blk1_slot_i};
    assign core_valid_o = key_req_i || blk0_req_i;
    assign key_fire_o   = key_req_i && core_ready_i[0];
    assign fire0_o      = blk0_req_i && core_ready_i[0];
    assign fire1_o      = 1'b0;
    assign first_core_o = 1'b0;
    assign core_decrypt_o = blk0_decrypt_i;
    assign core_slot_o  = blk0_slot_i;
    assign core_block_o = key_req_i ? '0 : blk0_data_i;
  end else begin : g_two
    logic       next_q;
    logic [1:0] key_taken_q, key_valid, blk_valid;
    logic       ready0, ready1;

    assign ready0 = core_ready_i[next_q];
    assign ready1 = core_ready_i[!next_q];
    assign key_valid  = {2{key_req_i}} & ~key_taken_q;
    assign key_fire_o = key_req_i && (key_taken_q[0] || core_ready_i[0]) && (key_taken_q[1] || core_ready_i[1]);
    assign fire0_o    = blk0_req_i && ready0;
    assign fire1_o    = blk0_req_i && blk1_req_i && ready0 && ready1;
    assign first_core_o = next_q;

    for (genvar k = 0; k < 2; k++) begin : g_core
      logic is_first;
      assign is_first = next_q == 1'(k);
      assign blk_valid[k] = is_first ? blk0_req_i : (blk0_req_i && blk1_req_i && ready0);
      assign core_valid_o[k] = key_valid[k] || blk_valid[k];
      assign core_decrypt_o[k] = is_first ? blk0_decrypt_i : blk1_decrypt_i;
      // The key beat's slot is block 0's (the block the key is for).
      assign core_slot_o[k*SLOT_W +: SLOT_W] = (is_first || key_req_i) ? blk0_slot_i : blk1_slot_i;
      assign core_block_o[k*32*MAX_NB +: 32*MAX_NB] = key_req_i ? '0 : (is_first ? blk0_data_i : blk1_data_i);
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        next_q      <= 1'b0;
        key_taken_q <= 2'b00;
      end else begin
        if (fire0_o && !fire1_o) next_q <= !next_q;
        if (key_fire_o) key_taken_q <= 2'b00;
        else            key_taken_q <= key_taken_q | (key_valid & core_ready_i);
      end
    end
  end
endmodule
