// rijndael_shift_column: one output column of ShiftRows or InvShiftRows, every block length the build
// supports (the mapping of rijndael_shift_rows, for column COL only).
//
// For datapaths that steer each column from a register copy of their own (the iterative core's round,
// rijndael_round_linear): a whole rijndael_shift_rows per column would be mapped whole in builds that keep
// submodules through synthesis (`rijndael`'s -noflatten), eight times over. Row r of column COL takes the
// byte of column (COL + C_r) mod Nb (encryption) or (COL - C_r) mod Nb (decryption); a column at or past
// Nb comes out zero.
module rijndael_shift_column #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter int         COL         = 0
) (
  input  logic [32*MAX_NB-1:0] data_i,
  input  logic [2:0]           nb_code_i,  // Nb - 4
  input  logic                 inverse_i,
  output logic [31:0]          column_o
);
  localparam int W = 32 * MAX_NB;

  logic [31:0] shifted [8][2];  // [Nb - 4][direction]; codes 5..7 are never valid

  for (genvar b = 0; b < 8; b++) begin : g_nb
    for (genvar dir = 0; dir < 2; dir++) begin : g_dir
      if (b < 5 && BLOCK_SIZES[b % 5] && 4 + b <= MAX_NB && COL < 4 + b) begin : g_on
        for (genvar r = 0; r < 4; r++) begin : g_row
          localparam int OFF = rijndael_pkg::shift_offset(4 + b, r);
          localparam int SRC = dir == 0 ? (COL + OFF) % (4 + b) : (COL + (4 + b) - OFF) % (4 + b);
          assign shifted[b][dir][31-8*r -: 8] = data_i[W-1-8*(4*SRC+r) -: 8];
        end
      end else begin : g_off
        assign shifted[b][dir] = 32'h0;
      end
    end
  end

  // Selected by indexing, not a procedural loop: Icarus re-triggers always_comb on loop variables.
  assign column_o = shifted[nb_code_i][inverse_i];
endmodule
