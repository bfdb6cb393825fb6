// rijndael_shift_rows: ShiftRows or InvShiftRows for every block length the build supports.
//
// Byte (row r, column c) of the block is byte 4c + r, byte 0 at the MSB. Row r of column c takes the
// byte of column (c + C_r) mod Nb (encryption) or (c - C_r) mod Nb (decryption). Columns at and past
// Nb come out zero, which keeps every unused part of a wide datapath at zero.
module rijndael_shift_rows #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001
) (
  input  logic [32*MAX_NB-1:0] data_i,
  input  logic [2:0]           nb_code_i,  // Nb - 4
  input  logic                 inverse_i,
  output logic [32*MAX_NB-1:0] data_o
);
  localparam int W = 32 * MAX_NB;

  // One fixed permutation per (supported Nb, direction); the run-time size and direction pick one.
  logic [W-1:0] shifted [8][2];  // [Nb - 4][direction]; codes 5..7 are never valid

  for (genvar b = 0; b < 5; b++) begin : g_nb
    for (genvar dir = 0; dir < 2; dir++) begin : g_dir
      if (BLOCK_SIZES[b] && 4 + b <= MAX_NB) begin : g_on
        for (genvar c = 0; c < MAX_NB; c++) begin : g_col
          for (genvar r = 0; r < 4; r++) begin : g_row
            if (c < 4 + b) begin : g_used
              localparam int OFF = rijndael_pkg::shift_offset(4 + b, r);
              localparam int SRC = dir == 0 ? (c + OFF) % (4 + b) : (c + (4 + b) - OFF) % (4 + b);
              assign shifted[b][dir][W-1-8*(4*c+r) -: 8] = data_i[W-1-8*(4*SRC+r) -: 8];
            end else begin : g_unused
              assign shifted[b][dir][W-1-8*(4*c+r) -: 8] = 8'h00;
            end
          end
        end
      end else begin : g_off
        assign shifted[b][dir] = '0;
      end
    end
  end

  for (genvar b = 5; b < 8; b++) begin : g_invalid
    assign shifted[b][0] = '0;
    assign shifted[b][1] = '0;
  end

  // Selected by indexing, not a procedural loop: Icarus re-triggers always_comb on loop variables.
  assign data_o = shifted[nb_code_i][inverse_i];
endmodule
