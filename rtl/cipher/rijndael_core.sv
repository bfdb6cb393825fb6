// rijndael_core: the one port list of every Rijndael/AES core architecture in this project.
//
// Parameters choose the block and key sizes, the directions, and the point in the design space:
//   ARCH             rijndael_pkg::ARCH_*: iterative/unrolled, fully pipelined, folded (64/32-bit), tiny (8-bit)
//   ROUNDS_PER_CYCLE iterative only: rounds computed per clock (must divide Nr of every supported size pair)
//   FOLDED_WIDTH     folded only: datapath width in bits, 64 or 32
//   SUBSTAGES        pipelined only: extra register stages inside each round (0..3; block-RAM S-boxes 1..5)
//   SBOX             rijndael_pkg::SBOX_*: case LUT, block-RAM ROM, composite field
//   TBOX             1: rounds use T-box tables (SubBytes and MixColumns combined)
//   ENC_KEYS         rijndael_pkg::KEYS_*: encryption round keys on the fly or stored
//   KEY_SLOTS        pipelined only: keys held at once (1..16), chosen per beat by in_slot_i
// The checks every architecture shares live here and stop elaboration with a module name that states
// the conflict (src/rijndael_hw/configs.py says the same in words before any tool runs). Each
// architecture checks the options that only it has. The port contract is in docs/core-interface.md.
`include "rijndael_core_params.svh"

module rijndael_core #(
  `RIJNDAEL_CORE_PARAMS,  // the one list (rtl/pkg/rijndael_core_params.svh)
  localparam int SLOT_W = KEY_SLOTS > 1 ? $clog2(KEY_SLOTS) : 1
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // input stream: key beats and block beats
  input  logic                 in_valid_i,
  output logic                 in_ready_o,
  input  logic                 in_is_key_i,
  input  logic [2:0]           in_key_len_i,    // key beats: Nk - 4
  input  logic [2:0]           in_block_len_i,  // key beats: Nb - 4
  input  logic                 in_decrypt_i,    // block beats
  input  logic [SLOT_W-1:0]    in_slot_i,       // key slot (KEY_SLOTS > 1): written by key beats, used by blocks
  input  logic [32*MAX_NK-1:0] in_key_i,
  input  logic [32*MAX_NB-1:0] in_block_i,
  // output stream: one beat per block beat
  output logic                 out_valid_o,
  input  logic                 out_ready_i,
  output logic [32*MAX_NB-1:0] out_block_o,
  output logic                 out_error_o,
  output logic                 key_error_o
);
  localparam logic [4:0] BLOCK_MASK = 5'(BLOCK_SIZES);
  localparam logic [4:0] KEY_MASK   = 5'(KEY_SIZES);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks shared by every architecture.
  if (BLOCK_SIZES <= 0 || BLOCK_SIZES > 'b11111 || KEY_SIZES <= 0 || KEY_SIZES > 'b11111) begin : g_check_masks
    ERROR_BLOCK_SIZES_and_KEY_SIZES_must_be_5_bit_masks_with_a_bit_set u_error ();
  end
  if (ENABLE_ENCRYPT > 1 || ENABLE_DECRYPT > 1 || ENABLE_ENCRYPT < 0 || ENABLE_DECRYPT < 0) begin : g_check_enables
    ERROR_ENABLE_ENCRYPT_and_ENABLE_DECRYPT_must_be_0_or_1 u_error ();
  end
  if (MAX_NB != rijndael_pkg::highest_words(BLOCK_MASK)) begin : g_check_nb
    ERROR_MAX_NB_does_not_match_BLOCK_SIZES u_error ();
  end
  if (MAX_NK != rijndael_pkg::highest_words(KEY_MASK)) begin : g_check_nk
    ERROR_MAX_NK_does_not_match_KEY_SIZES u_error ();
  end
  if (ENABLE_ENCRYPT == 0 && ENABLE_DECRYPT == 0) begin : g_check_direction
    ERROR_ENABLE_ENCRYPT_and_ENABLE_DECRYPT_both_off u_error ();
  end
  if (SBOX < rijndael_pkg::SBOX_LUT || SBOX > rijndael_pkg::SBOX_COMPOSITE) begin : g_check_sbox
    ERROR_SBOX_must_be_0_lut_1_bram_or_2_composite u_error ();
  end
  if (FOLDED_WIDTH != 32 && FOLDED_WIDTH != 64) begin : g_check_folded_width
    ERROR_FOLDED_WIDTH_must_be_32_or_64 u_error ();
  end
  if (TBOX < 0 || TBOX > 1) begin : g_check_tbox
    ERROR_TBOX_must_be_0_or_1 u_error ();
  end
  if (ENC_KEYS < rijndael_pkg::KEYS_ON_THE_FLY || ENC_KEYS > rijndael_pkg::KEYS_STORED) begin : g_check_keys
    ERROR_ENC_KEYS_must_be_0_on_the_fly_or_1_stored u_error ();
  end

  // ---------------------------------------------------------------------------------------------
  // The architecture.
  if (ARCH == rijndael_pkg::ARCH_ITERATIVE) begin : g_iterative
    rijndael_core_iterative #(`RIJNDAEL_CORE_PARAMS_PASS) u_core (
      .clk_i, .rst_ni, .in_valid_i, .in_ready_o, .in_is_key_i, .in_key_len_i, .in_block_len_i, .in_decrypt_i,
      .in_key_i, .in_block_i, .out_valid_o, .out_ready_i, .out_block_o, .out_error_o, .key_error_o
    );
  end else if (ARCH == rijndael_pkg::ARCH_FOLDED) begin : g_folded
    rijndael_core_folded #(`RIJNDAEL_CORE_PARAMS_PASS) u_core (
      .clk_i, .rst_ni, .in_valid_i, .in_ready_o, .in_is_key_i, .in_key_len_i, .in_block_len_i, .in_decrypt_i,
      .in_key_i, .in_block_i, .out_valid_o, .out_ready_i, .out_block_o, .out_error_o, .key_error_o
    );
  end else if (ARCH == rijndael_pkg::ARCH_TINY) begin : g_tiny
    rijndael_core_tiny #(`RIJNDAEL_CORE_PARAMS_PASS) u_core (
      .clk_i, .rst_ni, .in_valid_i, .in_ready_o, .in_is_key_i, .in_key_len_i, .in_block_len_i, .in_decrypt_i,
      .in_key_i, .in_block_i, .out_valid_o, .out_ready_i, .out_block_o, .out_error_o, .key_error_o
    );
  end else if (ARCH == rijndael_pkg::ARCH_PIPELINED) begin : g_pipelined
    rijndael_core_pipelined #(`RIJNDAEL_CORE_PARAMS_PASS) u_core (
      .clk_i, .rst_ni, .in_valid_i, .in_ready_o, .in_is_key_i, .in_key_len_i, .in_block_len_i, .in_decrypt_i,
      .in_slot_i, .in_key_i, .in_block_i, .out_valid_o, .out_ready_i, .out_block_o, .out_error_o, .key_error_o
    );
  end else begin : g_bad_arch
    ERROR_ARCH_must_be_0_iterative_1_pipelined_2_folded_or_3_tiny u_error ();
  end

  // Options an architecture does not have are refused rather than ignored.
  if (ARCH != rijndael_pkg::ARCH_ITERATIVE && ROUNDS_PER_CYCLE != 1) begin : g_check_unroll
    ERROR_ROUNDS_PER_CYCLE_applies_to_the_iterative_architecture_only u_error ();
  end
  if (ARCH != rijndael_pkg::ARCH_PIPELINED && SUBSTAGES != 0) begin : g_check_substages
    ERROR_SUBSTAGES_applies_to_the_pipelined_architecture_only u_error ();
  end
  if (ARCH != rijndael_pkg::ARCH_PIPELINED && KEY_SLOTS != 1) begin : g_check_key_slots
    ERROR_KEY_SLOTS_applies_to_the_pipelined_architecture_only u_error ();
  end
  if (ARCH != rijndael_pkg::ARCH_PIPELINED) begin : g_no_slots
    logic unused_slot;  // one key: only the pipelined core has key slots
    assign unused_slot = ^in_slot_i;
  end
  // T-boxes replace a full round's S-boxes and MixColumns; the narrow datapaths have no such round.
  if (TBOX != 0 && ARCH != rijndael_pkg::ARCH_ITERATIVE && ARCH != rijndael_pkg::ARCH_PIPELINED) begin : g_check_tbox_arch
    ERROR_TBOX_applies_to_the_iterative_and_pipelined_architectures_only u_error ();
  end
endmodule
