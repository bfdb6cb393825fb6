// rijndael_stage_flags: the flags of rijndael_fifo_fast's output stage (OUT_STAGE), one set for the
// FIFO's control and one per 32-bit slice (each slice's set steers that slice's stage registers, so no
// load enable crosses the die; all sets follow this one rule from their own state, so they stay equal).
//
// - valid_o: the stage's fill thermometer (entry k valid at bit k, filled from [0] up): one entry arrives
//   when push_i is high (the output registers' pop), one leaves a clock after the consumer took it.
// - popped_o: the consumer took the head at the last edge. The stage's registers shift by this flop, not
//   by out_ready_i, and for that clock the head is entry 1 (head_valid_o and the caller's data choice), so
//   the consumer's ready reaches one LUT and this one flop.
// - room_o: the stage held at most ENTRIES - 2 entries a clock ago, so it has room for this clock's
//   arrival whatever the consumer does: the output registers pop by it (kept flops, so the route from the
//   thermometer to every pop starts from a flop; see rijndael_fifo_fast's g_out_stage). ROOMS equal
//   copies, so each group of the caller's registers may pop by a flop of its own.
module rijndael_stage_flags #(
  parameter int ENTRIES = 5,
  parameter int ROOMS   = 1
) (
  input  logic               clk_i,
  input  logic               clear_i,       // synchronous, active high: the stage empty
  input  logic               push_i,        // an entry arrives this clock (room_o is high)
  input  logic               ready_i,       // the consumer's ready
  output logic [ENTRIES-1:0] valid_o,       // the thermometer (rijndael_shift_queue's valid_i)
  output logic               popped_o,      // the head left at the last edge (the queue's pop_i)
  output logic               head_valid_o,  // the consumer's valid: entry 1 while popped_o, else entry 0
  output logic [ROOMS-1:0]   room_o         // equal copies
);
  if (ENTRIES < 3) begin : g_check_entries
    ERROR_rijndael_stage_flags_ENTRIES_must_be_at_least_3 u_error ();
  end

  // No reset: the copies follow the thermometer a clock later, and whatever they hold in the first clock
  // after a clear is harmless, as nothing is pushed then. They copy the flag itself and their readers
  // invert it (a LUT between the thermometer and the copies' routes was pipelined-192's seed 1 path on
  // 90b2443).
  logic [ROOMS-1:0] full_q;
  for (genvar c = 0; c < ROOMS; c++) begin : g_room
    rijndael_reg_copy u_full (.clk_i(clk_i), .d_i(valid_o[ENTRIES-2]), .q_o(full_q[c]));
  end
  assign room_o       = ~full_q;
  assign head_valid_o = popped_o ? valid_o[1] : valid_o[0];

  always_ff @(posedge clk_i) begin
    if (clear_i) begin
      valid_o  <= '0;
      popped_o <= 1'b0;
    end else begin
      case ({popped_o, push_i})
        2'b01:   valid_o <= {valid_o[ENTRIES-2:0], 1'b1};
        2'b10:   valid_o <= {1'b0, valid_o[ENTRIES-1:1]};
        default: valid_o <= valid_o;  // none, or one leaves and one arrives
      endcase
      popped_o <= head_valid_o && ready_i;
    end
  end
endmodule
