"""rijndael_round with TBOX=0 (S-boxes + MixColumns network) and TBOX=1 (T-box tables) against the golden model.

One Icarus testbench per datapath width holds six rounds side by side: {TBOX 0, 1} x {both directions,
encrypt only, decrypt only}. Python writes the stimulus (state, key, Nb code, direction, last round),
the testbench $display-s every round's output, and this module checks:

* every output against rijndael_hw.model's round functions, for each supported block length, both
  directions, middle and last rounds. The decryption round is the core's: InvSubBytes, InvShiftRows, then
  the plain round key added before InvMixColumns (docs/architecture.md), i.e.
  InvMixColumns(InvShiftRows(InvSubBytes(s)) ^ k); the last round has no InvMixColumns. Per block length,
  direction and round kind, 256 vectors give every byte position every one of the 256 values (each
  position runs through its own random permutation), plus random vectors;
* TBOX=1 equal to TBOX=0 bit for bit on every vector, including junk ones the core never produces
  (non-zero bytes past Nb, unsupported block-length codes, the direction a build lacks), since a core must
  be able to switch TBOX without any other change.
"""
from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from rijndael_hw import model

REPO = Path(__file__).resolve().parents[2]
RTL = REPO / "rtl"
SOURCES = [RTL / "pkg" / "rijndael_pkg.sv", *sorted((RTL / "sbox").glob("*.sv")),
           *(RTL / "cipher" / f"{name}.sv" for name in
             ("rijndael_shift_rows", "rijndael_mix_column", "rijndael_round_tbox", "rijndael_round_front",
              "rijndael_round_back", "rijndael_round"))]

# (TBOX, ENCRYPT, DECRYPT) of the six instances, in the order the testbench prints them.
BUILDS = [(tbox, enc, dec) for tbox in (0, 1) for enc, dec in ((1, 1), (1, 0), (0, 1))]

# name -> (MAX_NB, BLOCK_SIZES mask, block lengths that get all 256 values in every byte position, whether
# that sweep is repeated for middle and last rounds or shared between them): the AES width, and the full
# Rijndael width (every block length). Icarus needs 20-40 ms per MAX_NB = 8 vector, so the default run
# sweeps Nb = 8 once per direction (alternating middle and last rounds) and the other block lengths with
# random vectors; --full sweeps every block length, direction and round kind (about 3 minutes).
WIDTHS = {
    "max_nb4": (4, 0b00001, (4,), True),
    "max_nb8": (8, 0b11111, (8,), False),
    "max_nb8-all-lengths": (8, 0b11111, (4, 5, 6, 7, 8), True),
}
RANDOM_PER_CASE = 8   # random vectors per (block length, direction, round kind) outside the exhaustive sweep
JUNK = 100            # vectors with junk the core never produces (compared TBOX=0 vs TBOX=1 only)

TESTBENCH = """\
module tb_round;
  parameter int MAX_NB = 4;
  parameter int BLOCK_SIZES = 1;
  parameter int COUNT = 1;
  localparam int W = 32 * MAX_NB;
  localparam int V = 2 * W + 5;
  logic [V-1:0] vectors [COUNT];
  logic [W-1:0] state, key;
  logic [2:0]   nb_code;
  logic         decrypt, last_round;
  logic [W-1:0] out [6];
{instances}
  initial begin
    $readmemh("{vectors}", vectors);
    for (int i = 0; i < COUNT; i++) begin
      {{state, key, nb_code, decrypt, last_round}} = vectors[i];
      #1;
      $display("R %0d %h %h %h %h %h %h", i, out[0], out[1], out[2], out[3], out[4], out[5]);
    end
    $display("DONE");
    $finish;
  end
endmodule
"""

INSTANCE = """\
  rijndael_round #(.MAX_NB(MAX_NB), .BLOCK_SIZES(5'(BLOCK_SIZES)), .ENCRYPT(1'b{enc}), .DECRYPT(1'b{dec}),
                   .TBOX({tbox})) u_round_{index} (
    .state_i(state), .round_key_i(key), .nb_code_i(nb_code), .decrypt_i(decrypt), .last_round_i(last_round),
    .state_o(out[{index}])
  );"""


def expected(state: list[int], key: list[int], decrypt: bool, last: bool) -> list[int]:
    """The core's round on Nb-word byte lists, from the model's FIPS-197 step functions."""
    if decrypt:
        added = model.add_round_key(model.inv_shift_rows(model.inv_sub_bytes(state)), key)
        return added if last else model.inv_mix_columns(added)
    shifted = model.shift_rows(model.sub_bytes(state))
    return model.add_round_key(shifted if last else model.mix_columns(shifted), key)


def _pack(values: list[int], max_nb: int) -> int:
    """Bytes onto the bus: byte 0 most significant, zero past the given bytes."""
    padded = list(values) + [0] * (4 * max_nb - len(values))
    return int.from_bytes(bytes(padded), "big")


def _vectors(max_nb: int, mask: int, exhaustive: tuple[int, ...], per_round_kind: bool, rng: random.Random):
    """(state, key, nb_code, decrypt, last, nb) tuples; nb is None for junk vectors (no model check)."""
    out = []
    block_words = [nb for nb in range(4, 9) if mask >> (nb - 4) & 1]

    def add(states, nb, decrypt, lasts):
        for state, last in zip(states, lasts):
            out.append((state, [rng.randrange(256) for _ in range(4 * nb)], nb - 4, decrypt, last, nb))

    def sweep(nb):  # 256 states; byte position p takes every value once (its own random permutation)
        perms = [rng.sample(range(256), 256) for _ in range(4 * nb)]
        return [[perms[p][v] for p in range(4 * nb)] for v in range(256)]

    for nb in block_words:
        for decrypt in (0, 1):
            if nb in exhaustive and not per_round_kind:
                add(sweep(nb), nb, decrypt, [v & 1 for v in range(256)])
                continue
            for last in (0, 1):
                if nb in exhaustive:
                    add(sweep(nb), nb, decrypt, [last] * 256)
                else:
                    states = [[rng.randrange(256) for _ in range(4 * nb)] for _ in range(RANDOM_PER_CASE)]
                    add(states, nb, decrypt, [last] * RANDOM_PER_CASE)
    # Junk the core never produces: the two datapaths must still agree bit for bit.
    for _ in range(JUNK):
        state = [rng.randrange(256) for _ in range(4 * max_nb)]
        key = [rng.randrange(256) for _ in range(4 * max_nb)]
        out.append((state, key, rng.randrange(8), rng.randrange(2), rng.randrange(2), None))
    return out


def _run(tmp_path: Path, max_nb: int, mask: int, vectors) -> list[list[int]]:
    width = 32 * max_nb
    lines = []
    for state, key, nb_code, decrypt, last, _ in vectors:
        word = (_pack(state, max_nb) << (width + 5)) | (_pack(key, max_nb) << 5) | (nb_code << 2) | (decrypt << 1) | last
        lines.append(f"{word:x}")
    stimulus = tmp_path / "vectors.hex"
    stimulus.write_text("\n".join(lines) + "\n")
    instances = "\n".join(INSTANCE.format(index=i, tbox=t, enc=e, dec=d) for i, (t, e, d) in enumerate(BUILDS))
    tb = tmp_path / "tb_round.sv"
    tb.write_text(TESTBENCH.format(instances=instances, vectors=stimulus.as_posix()))
    binary = tmp_path / "tb.vvp"
    build = subprocess.run(["iverilog", "-g2012", "-s", "tb_round", "-o", str(binary),
                            f"-Ptb_round.MAX_NB={max_nb}", f"-Ptb_round.BLOCK_SIZES={mask}",
                            f"-Ptb_round.COUNT={len(vectors)}", *map(str, SOURCES), str(tb)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stdout + build.stderr
    run = subprocess.run(["vvp", "-n", str(binary)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0 and "DONE" in run.stdout, run.stdout[-2000:] + run.stderr[-2000:]
    rows = [line.split()[1:] for line in run.stdout.splitlines() if line.startswith("R ")]
    assert [int(r[0]) for r in rows] == list(range(len(vectors)))
    return [[int(value, 16) for value in row[1:]] for row in rows]


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
@pytest.mark.parametrize("width", [pytest.param(name, marks=[pytest.mark.full] if len(WIDTHS[name][2]) > 1 else [])
                                   for name in WIDTHS])
def test_round_tbox_matches_sbox_datapath_and_model(tmp_path, width):
    max_nb, mask, exhaustive, per_round_kind = WIDTHS[width]
    rng = random.Random(f"rijndael_round-{width}")
    vectors = _vectors(max_nb, mask, exhaustive, per_round_kind, rng)
    outputs = _run(tmp_path, max_nb, mask, vectors)
    mismatches, checked = [], 0
    for (state, key, nb_code, decrypt, last, nb), row in zip(vectors, outputs):
        label = f"Nb={nb_code + 4} {'dec' if decrypt else 'enc'} {'last' if last else 'middle'}"
        for index, (tbox, enc, dec) in enumerate(BUILDS):
            if tbox == 1 and row[index] != row[index - 3]:
                mismatches.append(f"{label} ENCRYPT={enc} DECRYPT={dec}: TBOX=1 {row[index]:x} "
                                  f"!= TBOX=0 {row[index - 3]:x}")
            if nb is None or (decrypt and not dec) or (not decrypt and not enc):
                continue
            want = _pack(expected(state, key, bool(decrypt), bool(last)), max_nb)
            checked += 1
            if row[index] != want:
                mismatches.append(f"{label} TBOX={tbox} ENCRYPT={enc} DECRYPT={dec} state={bytes(state).hex()} "
                                  f"key={bytes(key).hex()}: got {row[index]:x}, want {want:x}")
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:20])
    # every (block length, direction, round kind) was checked against the model in each build that has it
    assert checked == sum(1 for v in vectors if v[5] is not None) * 4


def test_expected_round_is_the_model_cipher():
    """The expected-value function itself, so the check above can fail for the right reason: FIPS-197
    Appendix B round 1, and chaining it over the round keys gives the model's encryption and, with the
    core's key order and plain keys, its decryption, for every block/key length pair."""
    state = list(bytes.fromhex("193de3bea0f4e22b9ac68d2ae9f84808"))  # Appendix B, start of round 1
    key = list(bytes.fromhex("a0fafe1788542cb123a339392a6c7605"))    # round key 1
    assert bytes(expected(state, key, False, False)).hex() == "a49c7ff2689f352b6b5bea43026a5049"
    rng = random.Random(3)
    for block_bytes in model.VALID_LENGTHS:
        for key_bytes in model.VALID_LENGTHS:
            cipher_key = bytes(rng.randrange(256) for _ in range(key_bytes))
            block = bytes(rng.randrange(256) for _ in range(block_bytes))
            round_keys = [list(rk) for rk in model.expand_key(cipher_key, block_bytes)]
            nr = len(round_keys) - 1
            s = model.add_round_key(list(block), round_keys[0])
            for r in range(1, nr + 1):
                s = expected(s, round_keys[r], False, r == nr)
            assert bytes(s) == model.encrypt_block(block, cipher_key)
            s = model.add_round_key(list(block), round_keys[nr])
            for r in range(nr - 1, -1, -1):
                s = expected(s, round_keys[r], True, r == 0)
            assert bytes(s) == model.decrypt_block(block, cipher_key)
