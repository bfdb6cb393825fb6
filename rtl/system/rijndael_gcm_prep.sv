// rijndael_gcm_prep: GCM (SP 800-38D) for one block at issue time (combinational), the GCM
// counterpart of rijndael_block_flags and rijndael_block_data.
//
// A GCM message of a context is four packets on s_axis with that context's TID (docs/registers.md,
// "GCM"): the IV (GCM.IV_LEN bytes), the AAD (AAD_LEN bytes; no packet when AAD_LEN = 0), the payload
// (any length, an empty packet when there is none) and the tag (GCM.TAG_LEN bytes: for encryption a
// placeholder whose bytes are ignored, for decryption the received tag). Every packet starts on a block
// boundary, which is why the parts come as packets: the input gearbox cuts blocks from a packet's start.
// Per block this module says, from the context's phase (which packet it is in) and byte count:
// - IV, 96 bits: J0 = IV || 0^31 || 1 becomes the context's counter (chain_next_o, j0_set_o);
// - IV, other lengths: the block passes (unchanged) to the merge, which GHASHes it and, after the last
//   one, the length block; the GHASH result is J0 (the engine writes it into the context);
// - AAD: passes to the merge, which GHASHes it;
// - payload: CTR with inc32 (only the low 32 bits of the counter wrap); the merge GHASHes the ciphertext;
// - tag: the core encrypts J0 (counter[127:32] || j0_low); the merge adds GHASH's result.
// A packet whose length differs from its register (or a stream error) breaks the message: every block up
// to the end of its tag packet is flagged (frame_err_o on the first, broken_i after).
// The H block (E_K(0^128), once per START) is issued in front of a block by the engine (h_first_o).
module rijndael_gcm_prep (
  input  logic [127:0] data_i,
  input  logic [5:0]   bytes_i,
  input  logic         last_i,          // the block ends its packet (TLAST)
  input  logic         stream_err_i,
  input  logic [1:0]   phase_i,         // PH_IV, PH_AAD, PH_PAY, PH_TAG
  input  logic [31:0]  pkt_bytes_i,     // bytes of this packet before this block
  input  logic         broken_i,        // the message is already broken
  input  logic         need_h_i,        // H not yet computed for this context's key
  input  logic [15:0]  iv_len_i,
  input  logic [31:0]  aad_len_i,
  input  logic [4:0]   tag_len_i,
  input  logic [127:0] chain_i,         // the counter (J0 after the IV packet)
  input  logic [31:0]  j0_low_i,
  output logic         h_first_o,       // issue the H block first (this block stays)
  output logic         wait_j0_o,       // needs J0 and J0 is being GHASHed (with j0_pending_i)
  input  logic         j0_pending_i,
  output logic         bypass_o,        // not for the core
  output logic         pass_o,          // (with bypass_o) the block leaves unchanged (IV, AAD)
  output logic         err_o,           // (with bypass_o) flagged
  output logic         frame_err_o,     // this block breaks the message (ERROR.GCM_FRAME)
  output logic [2:0]   kind_o,          // what the merge does with it (GK_*)
  output logic         msg_end_o,       // the message's last block (its tag packet ends)
  output logic [127:0] core_in_o,
  output logic [127:0] post_xor_o,
  output logic         chain_update_o,
  output logic [127:0] chain_next_o,
  output logic         j0_set_o,        // 96-bit IV: j0_low = 1
  output logic         j0_start_o,      // other IV lengths: J0 comes from the GHASH (pending until then)
  output logic [1:0]   phase_next_o,
  output logic [31:0]  pkt_bytes_next_o,
  output logic         broken_next_o
);
  localparam logic [1:0] PH_IV = 2'd0, PH_AAD = 2'd1, PH_PAY = 2'd2, PH_TAG = 2'd3;
  // merge actions (the engine's order FIFO carries them; GK_H = 3'd1 is the engine's H block)
  localparam logic [2:0] GK_NONE = 3'd0, GK_PASS = 3'd2, GK_IVH = 3'd3, GK_AAD = 3'd4,
                         GK_PAY = 3'd5, GK_TAG = 3'd6;

  logic [32:0]  total;
  logic         iv96, fits, ends_ok, broken, is_empty;
  logic [31:0]  want;
  logic [127:0] counter;

  assign iv96     = iv_len_i == 16'd12;
  assign total    = 33'(pkt_bytes_i) + 33'(bytes_i);
  assign is_empty = bytes_i == '0;
  always_comb begin
    unique case (phase_i)
      PH_IV:   want = 32'(iv_len_i);
      PH_AAD:  want = aad_len_i;
      PH_TAG:  want = 32'(tag_len_i);
      default: want = '0;
    endcase
  end
  // IV, AAD and tag packets have their register's length; a 96-bit IV and the tag are one block each.
  assign fits    = total <= 33'(want);
  assign ends_ok = !last_i || total == 33'(want);
  always_comb begin
    frame_err_o = 1'b0;
    if (phase_i != PH_PAY && !(fits && ends_ok)) frame_err_o = 1'b1;
    if (phase_i == PH_IV && iv96 && !last_i) frame_err_o = 1'b1;
    if (phase_i == PH_TAG && !(last_i && pkt_bytes_i == '0)) frame_err_o = 1'b1;
    if (stream_err_i) frame_err_o = 1'b1;
    if (broken_i) frame_err_o = 1'b0;   // reported once per message
  end
  assign broken = broken_i || frame_err_o;

  assign h_first_o = need_h_i && !broken;
  // The counter needs J0; and a new GHASHed IV waits for the previous one's J0, so at most one is in flight.
  assign wait_j0_o = j0_pending_i && !broken && (phase_i == PH_PAY || phase_i == PH_TAG || (phase_i == PH_IV && !iv96));

  // inc32: the low 32 bits count, the high 96 stay.
  assign counter = {chain_i[127:32], chain_i[31:0] + 32'd1};

  always_comb begin
    bypass_o       = 1'b1;
    pass_o         = 1'b0;
    err_o          = broken;
    kind_o         = GK_NONE;
    core_in_o      = '0;
    post_xor_o     = data_i;
    chain_update_o = 1'b0;
    chain_next_o   = counter;
    j0_set_o       = 1'b0;
    j0_start_o     = 1'b0;
    if (!broken) begin
      unique case (phase_i)
        PH_IV: begin
          pass_o = 1'b1;
          if (iv96) begin
            kind_o         = GK_PASS;
            chain_update_o = 1'b1;
            chain_next_o   = {data_i[127:32], 32'd1};
            j0_set_o       = 1'b1;
          end else begin
            kind_o     = GK_IVH;
            j0_start_o = last_i;
          end
        end
        PH_AAD: begin
          pass_o = 1'b1;
          kind_o = GK_AAD;
        end
        PH_PAY: begin
          // An empty payload packet just moves on to the tag.
          if (!is_empty) begin
            bypass_o       = 1'b0;
            kind_o         = GK_PAY;
            core_in_o      = counter;
            chain_update_o = 1'b1;
          end
        end
        default: begin   // PH_TAG
          bypass_o   = 1'b0;
          kind_o     = GK_TAG;
          core_in_o  = {chain_i[127:32], j0_low_i};
        end
      endcase
    end
  end

  assign msg_end_o = phase_i == PH_TAG && last_i;

  always_comb begin
    phase_next_o = phase_i;
    if (last_i) begin
      unique case (phase_i)
        PH_IV:   phase_next_o = (aad_len_i == '0) ? PH_PAY : PH_AAD;
        PH_AAD:  phase_next_o = PH_PAY;
        PH_PAY:  phase_next_o = PH_TAG;
        default: phase_next_o = PH_IV;
      endcase
    end
  end
  assign pkt_bytes_next_o = last_i ? '0 : total[31:0];
  assign broken_next_o    = msg_end_o ? 1'b0 : broken;
endmodule
