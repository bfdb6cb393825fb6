// rijndael_core_front: the input and output handshake the core architectures share, apart from their
// datapaths (the way OpenTitan splits aes_cipher_control from aes_cipher_core). Used by the iterative
// family (REFUSE_HERE = 0, BEAT_REG = 1), the folded and the tiny core (REFUSE_HERE = 1) and the pipelined
// core (REFUSE_HERE = 0, KEY_SLOTS keys: it puts the beat, with this module's decisions, into an input skid
// buffer of its own and takes it from there one block per clock, the take decided a clock ahead).
//
// What it owns:
// - Key-beat decode, once: the size check of the beat (in_key_len_i / in_block_len_i against the build's
//   masks) and Nr of the pair; at a key beat the codes and Nr go into registers (nk_code_o, nb_code_o,
//   nr_o), so no datapath decodes run-time sizes from the ports again. key_valid / key_error live here.
//   With BEAT_REG = 1 the beat's lengths go into registers every clock (no load enable) and the codes and
//   Nr are loaded from there a clock after the beat (beat_o), so the handshake reaches only key_valid /
//   key_error and the beat flag: a wide core whose size decodes steer many flops takes the beat that way
//   (the iterative core: in_ready_o -> key_fire -> the size registers' load enables was `tbox`'s path).
//   key_valid_o and key_error_o still change at the beat, so a block offered right after it is judged by it.
// - Key slots (KEY_SLOTS > 1, the pipelined core): in_slot_i names the slot a key beat writes and the slot
//   a block uses; key validity is kept per slot (key_valid_o is slot 0's). A slot number the build lacks
//   (KEY_SLOTS not a power of two) is refused like a bad length: its key beats raise key_error_o, its
//   blocks are refused. With KEY_SLOTS = 1 in_slot_i is ignored.
// - The refused-block decision (no usable key in the block's slot, or a direction the build lacks) and, with REFUSE_HERE = 1,
//   the refused block's error beat: the block is taken only when the core is empty (empty_next_i) and
//   leaves in the next cycle with out_error_o and zero data, so it is in order behind every earlier
//   result; a result of a later block waits behind it (core_ready_o low). With REFUSE_HERE = 0 the core carries refused blocks itself (a pipeline tags them and answers
//   them in order behind the blocks in flight); block_fire_o then covers refused blocks too.
// - A registered in_ready_o: the core says what it can take in the *next* cycle (block_ready_next_i,
//   key_ready_next_i, empty_next_i, from its next-state logic), this module registers it. out_ready_i
//   therefore reaches no datapath select through in_ready_o; the only combinational inputs of in_ready_o
//   are the beat's own fields (in_is_key_i, in_decrypt_i, the key's lengths) and key_hold_i, all of which
//   come from registers.
// key_hold_i lets a core hold a supported key beat after in_valid_i rose (the tiny core copies the key into
// its RAM one word per clock while the beat is offered, AXI-Stream keeping the data stable).
// Reset zeroes every register here: no key is valid, nothing is ready until the core says so.
module rijndael_core_front #(
  parameter int BLOCK_SIZES    = 'b00001,
  parameter int KEY_SIZES      = 'b10101,
  parameter int ENABLE_ENCRYPT = 1,
  parameter int ENABLE_DECRYPT = 1,
  parameter bit REFUSE_HERE    = 1'b1,
  parameter bit BEAT_REG       = 1'b0,
  parameter int KEY_SLOTS      = 1,
  localparam int SLOT_W        = KEY_SLOTS > 1 ? $clog2(KEY_SLOTS) : 1
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  // the core's input stream (control fields; the data buses go to the core directly)
  input  logic       in_valid_i,
  output logic       in_ready_o,
  input  logic       in_is_key_i,
  input  logic [2:0] in_key_len_i,
  input  logic [2:0] in_block_len_i,
  input  logic       in_decrypt_i,
  input  logic [SLOT_W-1:0] in_slot_i,   // KEY_SLOTS > 1: the key slot a beat writes or uses
  // what the core can take in the next cycle (from its next-state logic; registered here)
  input  logic       block_ready_next_i,
  input  logic       key_ready_next_i,
  input  logic       empty_next_i,       // no block in the core and no result waiting (REFUSE_HERE only)
  input  logic       key_hold_i,         // hold the supported key beat offered now (the core is not done with it)
  // decisions for the core
  output logic       key_open_o,         // key beats may be taken now (a key_hold core copies the key meanwhile)
  output logic       key_supported_o,    // the beat offered now has a supported size pair
  output logic       slot_ok_o,          // the beat offered now names a key slot the build has
  output logic       block_refused_o,    // a block offered now would be refused
  output logic       key_fire_o,         // a key beat is taken (supported or not)
  output logic       block_fire_o,       // a block is taken that the core must process (with REFUSE_HERE: not refused)
  output logic [3:0] key_nr_o,           // Nr of the beat offered now (valid with key_fire_o)
  // the key in use, decoded once at its beat
  output logic       key_valid_o,
  output logic [2:0] nk_code_o,          // Nk - 4
  output logic [2:0] nb_code_o,          // Nb - 4
  output logic [3:0] nr_o,
  // BEAT_REG: the beat register (every clock: the lengths offered and whether they are supported; beat_o:
  // a key beat was taken last clock, so they are that beat's). Zero without BEAT_REG.
  output logic       beat_o,
  output logic       beat_supported_o,
  output logic [2:0] beat_key_len_o,
  output logic [2:0] beat_block_len_o,
  // output stream: the core's results, and with REFUSE_HERE the refused blocks' error beats
  input  logic       core_valid_i,
  output logic       core_ready_o,
  input  logic       core_error_i,       // REFUSE_HERE = 0: the core's own refused beats
  output logic       out_valid_o,
  input  logic       out_ready_i,
  output logic       out_error_o,
  output logic       out_zero_o,         // out_block_o must read zero (a refused block's beat)
  output logic       key_error_o
);
  localparam bit         ENCRYPT     = ENABLE_ENCRYPT != 0;
  localparam bit         DECRYPT     = ENABLE_DECRYPT != 0;

  logic       block_ready_q, key_ready_q, empty_q, refused_q, refused_d;
  logic [KEY_SLOTS-1:0] key_valid_q;     // per key slot: its last key beat was supported
  logic       key_error_q;
  logic [SLOT_W-1:0] slot;                 // in_slot_i, or 0 where the build has no such slot
  logic [2:0] nk_code_q, nb_code_q;
  logic [3:0] nr_q;
  logic       in_fire, refused_fire;
  logic       code_load;  // load the codes and Nr (a supported key beat, now or, BEAT_REG, a clock ago)
  logic [2:0] code_key_len, code_block_len;
  logic [3:0] code_nr;

  assign key_supported_o = rijndael_pkg::sizes_supported(5'(BLOCK_SIZES), 5'(KEY_SIZES), in_block_len_i,
                                                         in_key_len_i);
  assign key_nr_o        = rijndael_pkg::num_rounds({1'b0, in_block_len_i} + 4'd4, {1'b0, in_key_len_i} + 4'd4);
  if (KEY_SLOTS > 1) begin : g_slots
    assign slot_ok_o = int'(in_slot_i) < KEY_SLOTS;
    assign slot      = slot_ok_o ? in_slot_i : '0;
  end else begin : g_one_slot
    logic unused_slot;  // one key: the port is there for the common port list only
    assign slot_ok_o   = 1'b1;
    assign slot        = '0;
    assign unused_slot = ^in_slot_i;
  end
  assign block_refused_o = !slot_ok_o || !key_valid_q[slot] || (in_decrypt_i ? !DECRYPT : !ENCRYPT);

  if (REFUSE_HERE) begin : g_refuse_here
    // A refused block waits until the core is empty, so its error beat is behind every earlier result.
    assign in_ready_o   = in_is_key_i     ? key_ready_q && (!key_supported_o || !key_hold_i)
                        : block_refused_o ? empty_q : block_ready_q;
    assign refused_fire = in_fire && !in_is_key_i && block_refused_o;
    assign block_fire_o = in_fire && !in_is_key_i && !block_refused_o;
    assign out_valid_o  = core_valid_i || refused_q;
    assign out_error_o  = refused_q;
    assign out_zero_o   = refused_q;
    assign refused_d    = refused_fire || (refused_q && !out_ready_i);
    logic unused_core_error;  // the core has no refused beats of its own
    assign unused_core_error = core_error_i;
  end else begin : g_refuse_in_core
    assign in_ready_o   = in_is_key_i ? key_ready_q && (!key_supported_o || !key_hold_i) : block_ready_q;
    assign refused_fire = 1'b0;
    assign block_fire_o = in_fire && !in_is_key_i;
    assign out_valid_o  = core_valid_i;
    assign out_error_o  = core_error_i;
    assign out_zero_o   = 1'b0;
    assign refused_d    = 1'b0;
    logic unused_empty;  // refused blocks travel through the core
    assign unused_empty = empty_q ^ refused_fire;
  end
  assign in_fire      = in_valid_i && in_ready_o;
  assign key_fire_o   = in_fire && in_is_key_i;
  // A refused block's error beat is older than any result the core offers meanwhile: it goes first.
  assign core_ready_o = out_ready_i && !refused_q;

  assign key_open_o  = key_ready_q;
  assign key_valid_o = key_valid_q[0];
  assign key_error_o = key_error_q;
  assign nk_code_o   = nk_code_q;
  assign nb_code_o   = nb_code_q;
  assign nr_o        = nr_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      block_ready_q <= 1'b0;
      key_ready_q   <= 1'b0;
      empty_q       <= 1'b0;
      refused_q     <= 1'b0;
      key_valid_q   <= '0;
      key_error_q   <= 1'b0;
      nk_code_q     <= '0;
      nb_code_q     <= '0;
      nr_q          <= '0;
    end else begin
      // A refused block waits for the one before it to leave; other beats do not wait for it (their results
      // cannot overtake its error beat, which leaves first).
      block_ready_q <= block_ready_next_i;
      key_ready_q   <= key_ready_next_i;
      empty_q       <= empty_next_i && !refused_d;
      refused_q     <= refused_d;
      if (key_fire_o) begin
        if (slot_ok_o) key_valid_q[slot] <= key_supported_o;
        key_error_q <= !key_supported_o || !slot_ok_o;
      end
      if (code_load) begin
        nk_code_q <= code_key_len;
        nb_code_q <= code_block_len;
        nr_q      <= code_nr;
      end
    end
  end

  // Where the codes come from: the port at the beat, or (BEAT_REG) the beat register a clock later.
  if (BEAT_REG) begin : g_beat_reg
    logic       beat_q, beat_supported_q;
    logic [2:0] beat_key_len_q, beat_block_len_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        beat_q           <= 1'b0;
        beat_supported_q <= 1'b0;
        beat_key_len_q   <= '0;
        beat_block_len_q <= '0;
      end else begin
        beat_q           <= key_fire_o;
        beat_supported_q <= key_supported_o;
        beat_key_len_q   <= in_key_len_i;
        beat_block_len_q <= in_block_len_i;
      end
    end
    assign code_load        = beat_q && beat_supported_q;
    assign code_key_len     = beat_key_len_q;
    assign code_block_len   = beat_block_len_q;
    assign code_nr          = rijndael_pkg::num_rounds({1'b0, beat_block_len_q} + 4'd4, {1'b0, beat_key_len_q} + 4'd4);
    assign beat_o           = beat_q;
    assign beat_supported_o = beat_supported_q;
    assign beat_key_len_o   = beat_key_len_q;
    assign beat_block_len_o = beat_block_len_q;
  end else begin : g_beat_now
    assign code_load        = key_fire_o && key_supported_o && slot_ok_o;
    assign code_key_len     = in_key_len_i;
    assign code_block_len   = in_block_len_i;
    assign code_nr          = key_nr_o;
    assign beat_o           = 1'b0;
    assign beat_supported_o = 1'b0;
    assign beat_key_len_o   = '0;
    assign beat_block_len_o = '0;
  end
endmodule
