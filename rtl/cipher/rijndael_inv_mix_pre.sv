// rijndael_inv_mix_pre: InvMixColumns' preprocessing step of one 32-bit column,
// p_r = a_r ^ {04}(a_r ^ a_(r+2)), so that InvMixColumns(a) = MixColumns(p) (rijndael_pkg::mix_column
// explains the factoring). The step is linear: p(a ^ k) = p(a) ^ p(k), which lets a pipeline apply it to
// the state and to the round key separately and add the two afterwards (rijndael_round_back_split).
// Row 0 is the most significant byte.
module rijndael_inv_mix_pre (
  input  logic [31:0] column_i,
  output logic [31:0] column_o
);
  logic [7:0] a0, a1, a2, a3, q02, q13;
  assign {a0, a1, a2, a3} = column_i;
  assign q02 = rijndael_pkg::xtime(rijndael_pkg::xtime(a0 ^ a2));
  assign q13 = rijndael_pkg::xtime(rijndael_pkg::xtime(a1 ^ a3));
  assign column_o = {a0 ^ q02, a1 ^ q13, a2 ^ q02, a3 ^ q13};
endmodule
