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
  input  logic [11:0]          nb_codes_i,  // Nb - 4, a copy per output row r at [3*r +: 3] (see below)
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

  // Each row's choice by its own copy of the block-length code: the code is static between key beats, so a
  // datapath may hold it in a register per row (kept) that sits next to the row's bytes (`rijndael`: one
  // copy per column drove all 32 bits of the column's choice across a 4.8 ns route). Selected by indexing,
  // not a procedural loop: Icarus re-triggers always_comb on loop variables.
  for (genvar r = 0; r < 4; r++) begin : g_out_row
    logic [31:0] by_row;
    assign by_row = shifted[nb_codes_i[3*r +: 3]][inverse_i];
    assign column_o[31-8*r -: 8] = by_row[31-8*r -: 8];
    logic [23:0] unused_other_rows;  // the other rows come from their own copies' choices
    if (r == 0) begin : g_r0
      assign unused_other_rows = by_row[23:0];
    end else if (r == 3) begin : g_r3
      assign unused_other_rows = by_row[31:8];
    end else begin : g_mid
      assign unused_other_rows = {by_row[31:32-8*r], by_row[23-8*r:0]};
    end
  end
endmodule
