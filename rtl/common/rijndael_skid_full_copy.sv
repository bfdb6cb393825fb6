// rijndael_skid_full_copy: one copy of rijndael_skid's "spare register full" flag (spare_valid_q), with
// the flag's next-state LUT inside the copy's kept boundary.
//
// Why: the sliced skid (SLICES > 1) steers each slice's data choice by a copy of the flag of its own.
// Loaded from one shared next-state LUT, the copies sat across the skid's whole width from that LUT (the
// pipelined core's skid spans its key window and round 0), and the take or spare flag -> two LUTs ->
// 4.8-5.8 ns of routing -> a copy was the path of the low seeds of three pipelined builds (session 42).
// Here every copy computes the next state itself from the flags, so the long route ends in a LUT beside
// the copy. A kept module, so that synthesis neither merges the copies (same function of the same nets)
// nor moves their LUTs back into one. No reset: after a reset the head is empty, so the copy is low from
// the second clock on, as spare_valid_q is.
(* keep_hierarchy *)
module rijndael_skid_full_copy (
  input  logic clk_i,
  input  logic head_valid_i,   // the skid's head_valid_q
  input  logic take_i,         // the head leaves this clock
  input  logic spare_valid_i,  // the skid's spare_valid_q
  input  logic in_valid_i,     // a beat arrives this clock
  output logic full_o          // spare_valid_q after this clock
);
  // The spare register is full after this clock when the head stays and the spare is or becomes full.
  always_ff @(posedge clk_i) full_o <= head_valid_i && !take_i && (spare_valid_i || in_valid_i);
endmodule
