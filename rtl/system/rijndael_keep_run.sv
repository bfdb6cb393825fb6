// rijndael_keep_run: what the input gearbox needs from a beat's TKEEP, computed where the beat enters the
// engine (in front of the input FIFO), so that the lane logic is not in series with the gearbox's buffer.
//
// A packed AXI4-Stream keeps every lane before TLAST and a run from lane 0 on the TLAST beat. run_o is
// that run as a thermometer (run_o[k]: lanes 0..k all kept); bad_o flags any other pattern (a beat
// before TLAST not keeping every lane, or a kept lane after a gap on the TLAST beat).
// Why here: the run is a prefix AND over the lanes (32 at 256 bits), which synthesis builds as a chain;
// in front of the gearbox it was the start of its longest path.
module rijndael_keep_run #(
  parameter int LANES = 16
) (
  input  logic [LANES-1:0] keep_i,
  input  logic             last_i,
  output logic [LANES-1:0] run_o,
  output logic             bad_o
);
  for (genvar k = 0; k < LANES; k++) begin : g_run
    assign run_o[k] = &keep_i[k:0];
  end
  assign bad_o = last_i ? (keep_i & ~run_o) != '0 : keep_i != '1;
endmodule
