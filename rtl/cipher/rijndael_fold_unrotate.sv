// rijndael_fold_unrotate: the block in natural order out of a column-serial core's in-place state.
//
// The column-serial cores (rijndael_core_folded, rijndael_core_tiny) keep each state row in four byte
// positions and write every result byte back to the position its source byte was read from, so
// ShiftRows costs no extra storage or cycles: it becomes a per-row rotation offset (row r of column c
// sits at position (c + offset_r) mod 4) that grows by the row's shift every round. After Nr rounds
// row r is rotated by r*Nr (encryption) or -r*Nr (decryption) mod 4; this module undoes that. Only
// the rotations the supported key sizes can leave are built (AES: rows 1 and 3 by 0 or 2, row 2 never),
// the others read as zero.
//
// Byte (row r, position p) of state_i is state_i[127 - 8*(4p + r) -: 8], the bus layout of a block.
module rijndael_fold_unrotate #(
  parameter logic [4:0] KEY_SIZES = 5'b10101,
  parameter bit         ENCRYPT   = 1'b1,
  parameter bit         DECRYPT   = 1'b1
) (
  input  logic [127:0] state_i,
  input  logic [7:0]   offsets_i,  // offset of row r at [2r +: 2]
  output logic [127:0] block_o
);
  // Can row `row` end a block rotated by `rot`? Nr = max(4, Nk) + 6 = Nk + 6 for 128-bit blocks.
  function automatic bit rotation_reachable(input logic [4:0] key_mask, input bit enc, input bit dec,
                                            input int row, input int rot);
    int nr;
    rotation_reachable = 1'b0;
    for (int k = 0; k < 5; k++) begin
      nr = k + 10;
      if (key_mask[k] && enc && (row * nr) % 4 == rot) rotation_reachable = 1'b1;
      if (key_mask[k] && dec && (4 - (row * nr) % 4) % 4 == rot) rotation_reachable = 1'b1;
    end
  endfunction

  for (genvar r = 0; r < 4; r++) begin : g_row
    logic [31:0] rotated [4];  // [offset]: row r in natural column order
    for (genvar rot = 0; rot < 4; rot++) begin : g_rot
      for (genvar c = 0; c < 4; c++) begin : g_col
        if (rotation_reachable(KEY_SIZES, ENCRYPT, DECRYPT, r, rot)) begin : g_on
          assign rotated[rot][8*c +: 8] = state_i[127 - 8*(4*((c + rot) % 4) + r) -: 8];
        end else begin : g_off
          assign rotated[rot][8*c +: 8] = 8'h00;
        end
      end
    end
    for (genvar c = 0; c < 4; c++) begin : g_out
      assign block_o[127 - 8*(4*c + r) -: 8] = rotated[offsets_i[2*r +: 2]][8*c +: 8];
    end
  end
endmodule
