// rijndael_pkg: GF(2^8) helpers and the size arithmetic shared by every Rijndael core.
//
// Sizes are counted in 32-bit words: Nb (block) and Nk (key) are each 4..8. Run-time sizes travel as
// 3-bit codes (Nb-4, Nk-4); build-time support is a 5-bit mask where bit i means "4+i words".
// Functions avoid `return` and are called as rijndael_pkg::name because Yosys' Verilog frontend
// accepts only that form (see TOOLCHAIN.md).
package rijndael_pkg;

  // Values of rijndael_core's ARCH parameter (the datapath architecture).
  localparam int ARCH_ITERATIVE = 0;  // ROUNDS_PER_CYCLE rounds per clock (1 = iterative, more = unrolled)
  localparam int ARCH_PIPELINED = 1;  // Nr round stages, one block per clock
  localparam int ARCH_FOLDED    = 2;  // FOLDED_WIDTH-bit datapath (64 or 32), several clocks per round
  localparam int ARCH_TINY      = 3;  // 8-bit datapath, a single S-box

  // Values of the SBOX parameter (the S-box mapping).
  localparam int SBOX_LUT       = 0;  // case-statement ROM
  localparam int SBOX_BRAM      = 1;  // registered ROM that maps onto block RAM
  localparam int SBOX_COMPOSITE = 2;  // GF((2^4)^2) composite-field circuit

  // Values of the ENC_KEYS parameter (where encryption round keys come from).
  localparam int KEYS_ON_THE_FLY = 0;  // expanded while the block is processed
  localparam int KEYS_STORED     = 1;  // expanded once per key into a round-key RAM

  // Multiplication by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.
  function automatic logic [7:0] xtime(input logic [7:0] b);
    xtime = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
  endfunction

  // sum mod nk for sum < 3*nk (phases of the key expansion: phase < Nk, offsets <= 8 < 2*Nk).
  function automatic logic [2:0] wrap_phase(input logic [4:0] sum, input logic [3:0] nk);
    logic [4:0] value;
    value = sum;
    for (int i = 0; i < 2; i++) if (value >= {1'b0, nk}) value = value - {1'b0, nk};
    wrap_phase = value[2:0];  // < nk <= 8
  endfunction

  // MixColumns of one column (row 0 in the MSB), or InvMixColumns when inverse is set. The inverse
  // matrix {0e,0b,0d,09} is the MixColumns matrix times circ({05},{00},{04},{00}), so both share one
  // network after a cheap preprocessing step: p_r = a_r ^ {04}(a_r ^ a_(r+2)).
  function automatic logic [31:0] mix_column(input logic [31:0] column, input logic inverse);
    logic [7:0] a [4];
    logic [7:0] p [4];
    logic [7:0] quad, all_xor;
    for (int r = 0; r < 4; r++) a[r] = column[31-8*r -: 8];
    for (int r = 0; r < 4; r++) p[r] = a[r];
    if (inverse)
      for (int r = 0; r < 2; r++) begin
        quad     = xtime(xtime(a[r] ^ a[r+2]));
        p[r]     = a[r] ^ quad;
        p[r + 2] = a[r + 2] ^ quad;
      end
    // b_r = p_r ^ t ^ {02}(p_r ^ p_(r+1)), t = XOR of the column.
    all_xor = p[0] ^ p[1] ^ p[2] ^ p[3];
    for (int r = 0; r < 4; r++) mix_column[31-8*r -: 8] = p[r] ^ all_xor ^ xtime(p[r] ^ p[(r+1)%4]);
  endfunction

  // Round-constant words among the first `count` words of a key step: at most two, since a step
  // makes at most 8 words and round constants are Nk >= 4 words apart.
  function automatic logic [1:0] count_rcon_points(input logic [7:0] points, input int count);
    count_rcon_points = '0;
    for (int i = 0; i < 8; i++) if (i < count && points[i]) count_rcon_points = count_rcon_points + 2'd1;
  endfunction

  // A length code (Nb - 4 or Nk - 4; 5..7 name no size) is in a support mask (BLOCK_SIZES, KEY_SIZES).
  function automatic logic size_in_mask(input logic [4:0] mask, input logic [2:0] len);
    logic [7:0] mask8;
    mask8        = {3'b000, mask};
    size_in_mask = mask8[len];
  endfunction

  // A beat's size pair is one the build has: both length codes in their masks. rijndael_core_front judges
  // each beat at the port by it; the pipelined core makes the two halves at the port and ANDs them at its
  // input skid's head (see there why).
  function automatic logic sizes_supported(input logic [4:0] block_mask, input logic [4:0] key_mask,
                                           input logic [2:0] block_len, input logic [2:0] key_len);
    sizes_supported = size_in_mask(block_mask, block_len) && size_in_mask(key_mask, key_len);
  endfunction

  // Number of rounds for Nb, Nk given in words: max(Nb, Nk) + 6.
  function automatic logic [3:0] num_rounds(input logic [3:0] nb, input logic [3:0] nk);
    num_rounds = ((nb > nk) ? nb : nk) + 4'd6;
  endfunction

  // Largest size in a support mask, in words (4..8); 0 for an empty mask.
  function automatic int highest_words(input logic [4:0] mask);
    highest_words = 0;
    for (int i = 0; i < 5; i++) if (mask[i]) highest_words = 4 + i;
  endfunction

  // ShiftRows offset of row `row` for a block of `nb` words (FIPS-197 for Nb=4, Rijndael spec beyond).
  function automatic int shift_offset(input int nb, input int row);
    shift_offset = row;                                   // (1,2,3) for Nb = 4, 5, 6
    if (nb == 7 && row == 3) shift_offset = 4;            // (1,2,4)
    if (nb == 8 && row >= 2) shift_offset = row + 1;      // (1,3,4)
  endfunction

  // Round-key offset inside the key window (see rijndael_key_window.sv): the window runs this many
  // words ahead of the last word of the current round key.
  function automatic int key_lead_words(input int nb, input int nk);
    key_lead_words = (nk >= nb) ? nk - nb : nk;
  endfunction

  // Words the key window must hold: the round key plus the lead, over every supported size pair.
  // (The lead is written out here because Icarus cannot call a function from a constant function.)
  function automatic int key_window_words(input logic [4:0] block_mask, input logic [4:0] key_mask);
    key_window_words = 0;
    for (int b = 0; b < 5; b++)
      for (int k = 0; k < 5; k++)
        if (block_mask[b] && key_mask[k] && ((k >= b) ? k - b : 4 + k) + 4 + b > key_window_words)
          key_window_words = ((k >= b) ? k - b : 4 + k) + 4 + b;
  endfunction

  // Does word position t of a key-expansion step (which produces Nb words) ever need SubWord?
  // A step starts at word index Nk + s*Nb, so its phase (index mod Nk) is (s*Nb) mod Nk. SubWord is
  // needed where (phase + t) mod Nk == 0, or == 4 when Nk > 6. Positions that never need it get no
  // S-boxes: for AES (Nb = 4, Nk = 4/6/8) that is all but positions 0 and 2.
  function automatic logic key_sbox_needed(input logic [4:0] block_mask, input logic [4:0] key_mask,
                                           input int t);
    key_sbox_needed = 1'b0;
    for (int b = 0; b < 5; b++)
      for (int k = 0; k < 5; k++)
        for (int s = 0; s < 8; s++)
          if (block_mask[b] && key_mask[k] && t < 4 + b &&
              (((s * (4 + b)) % (4 + k) + t) % (4 + k) == 0 ||
               (k > 2 && ((s * (4 + b)) % (4 + k) + t) % (4 + k) == 4)))
            key_sbox_needed = 1'b1;
  endfunction

endpackage
