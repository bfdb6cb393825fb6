// rijndael_shift_queue: ENTRIES data registers of a queue whose head is entry 0, filled from [0] up and
// shifted towards [0] on a pop; the valid flags that steer them are the caller's (a fill thermometer, entry
// k valid at bit k, as rijndael_fifo_fast's thermo_move keeps it).
//
// Each register loads, when it is free or on a pop, the next register's entry if there is one, else the
// arriving entry (in_i, a don't-care value where nothing arrives: the caller's flags say what is valid).
// So each register's data choice depends on the flags alone and the pop reaches only the load enables.
// The pop comes as one copy per register (all equal), so a caller may drive each register's enables from
// a flop of its own: one pop net into every register of a 32-bit slice (4 x 32 flops) was a 4.5 ns route
// (pipelined, seed 2, session 43).
// rijndael_fifo_fast uses it twice per 32-bit slice, for the output registers and for the output stage
// behind them. clear_i zeroes every register (reset and wipe: the entries may hold plaintext).
module rijndael_shift_queue #(
  parameter int WIDTH   = 32,
  parameter int ENTRIES = 4
) (
  input  logic                     clk_i,
  input  logic                     clear_i,  // synchronous, active high: every register to zero
  input  logic [ENTRIES-1:0]       valid_i,  // entry k holds a value (a thermometer, filled from [0] up)
  input  logic [ENTRIES-1:0]       pop_i,    // the head leaves this clock: one copy per register (see above)
  input  logic [WIDTH-1:0]         in_i,     // the entry that arrives at the first free register
  output logic [ENTRIES*WIDTH-1:0] q_o       // entry k at [k*WIDTH +: WIDTH], k = 0 the head
);
  if (ENTRIES < 2) begin : g_check_entries
    ERROR_rijndael_shift_queue_ENTRIES_must_be_at_least_2 u_error ();
  end

  always_ff @(posedge clk_i) begin
    if (clear_i) begin
      q_o <= '0;
    end else begin
      for (int k = 0; k < ENTRIES - 1; k++) begin
        if (!valid_i[k] || pop_i[k])
          q_o[k*WIDTH +: WIDTH] <= valid_i[k+1] ? q_o[(k+1)*WIDTH +: WIDTH] : in_i;
      end
      if (!valid_i[ENTRIES-1] || pop_i[ENTRIES-1])
        q_o[(ENTRIES-1)*WIDTH +: WIDTH] <= in_i;
    end
  end
endmodule
