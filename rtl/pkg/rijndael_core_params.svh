// rijndael_core_params.svh: the core's parameter list, written once. Every module that takes the core's
// parameters declares them with `RIJNDAEL_CORE_PARAMS and hands them on with `RIJNDAEL_CORE_PARAMS_PASS: the
// dispatcher rijndael_core, its four architectures, rijndael_engine and the two pin wrappers of the synthesis
// flow. A parameter added here reaches all of them; src/rijndael_hw/configs.py names the same list
// (tests/rtl/test_core_parameters.py compares the two).
//
// What each parameter means is in rtl/cipher/rijndael_core.sv (and docs/core-interface.md). Plain integers, so
// every tool can set them from its command line without width warnings. An architecture reads the ones it has
// and ignores the rest: rijndael_core refuses an option given to an architecture that lacks it, so an ignored
// parameter always holds its default here.
`ifndef RIJNDAEL_CORE_PARAMS_SVH
`define RIJNDAEL_CORE_PARAMS_SVH

`define RIJNDAEL_CORE_PARAMS \
  parameter int BLOCK_SIZES      = 'b00001, /* bit i: block of 4+i words supported */ \
  parameter int KEY_SIZES        = 'b10101, /* bit i: key of 4+i words supported (AES: 4, 6, 8) */ \
  parameter int MAX_NB           = 4,       /* = 4 + highest bit of BLOCK_SIZES */ \
  parameter int MAX_NK           = 8,       /* = 4 + highest bit of KEY_SIZES */ \
  parameter int ENABLE_ENCRYPT   = 1, \
  parameter int ENABLE_DECRYPT   = 1, \
  parameter int ARCH             = 0,       /* rijndael_pkg::ARCH_* */ \
  parameter int ROUNDS_PER_CYCLE = 1,       /* iterative: round units in the loop */ \
  parameter int FOLDED_WIDTH     = 32,      /* folded: datapath bits, 32 or 64 */ \
  parameter int SUBSTAGES        = 0,       /* pipelined: registers inside a round */ \
  parameter int SBOX             = 0,       /* rijndael_pkg::SBOX_* */ \
  parameter int TBOX             = 0,       /* 1: T-box rounds */ \
  parameter int ENC_KEYS         = 0,       /* rijndael_pkg::KEYS_* */ \
  parameter int KEY_SLOTS        = 1        /* pipelined: keys held at once, chosen per beat */

`define RIJNDAEL_CORE_PARAMS_PASS \
  .BLOCK_SIZES(BLOCK_SIZES), .KEY_SIZES(KEY_SIZES), .MAX_NB(MAX_NB), .MAX_NK(MAX_NK), \
  .ENABLE_ENCRYPT(ENABLE_ENCRYPT), .ENABLE_DECRYPT(ENABLE_DECRYPT), .ARCH(ARCH), \
  .ROUNDS_PER_CYCLE(ROUNDS_PER_CYCLE), .FOLDED_WIDTH(FOLDED_WIDTH), .SUBSTAGES(SUBSTAGES), .SBOX(SBOX), \
  .TBOX(TBOX), .ENC_KEYS(ENC_KEYS), .KEY_SLOTS(KEY_SLOTS)

`endif
