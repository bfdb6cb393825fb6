"""Host driver for `rijndael_engine` in cocotb simulations, over cocotbext-axi bus models.

    drv = EngineDriver(dut)              # AXI4-Lite master on s_axil_*, stream source s_axis_*, sink m_axis_*
    await drv.start()                    # clock, reset, wait for the FIFO wipe
    await drv.configure(0, "cbc", key, iv=iv)          # context 0: CONFIG, KEY, IV, START
    out = await drv.crypt(0, plaintext)                # one message with TID 0 -> (bytes, flags)
    await drv.configure(1, "gcm", key, decrypt=True)   # GCM: the IV comes with each message
    res = await drv.gcm_crypt(1, iv, ciphertext, aad, tag=tag)   # -> GcmResult (ok False: tag mismatch)

Register names and fields come from `rijndael_hw.regs`, generated from regs/rijndael_regs.rdl. Byte
order: stream bytes travel in AXI lane order (message byte k of a beat on tdata[8k+7:8k]); key and
IV words are big-endian (key byte 4i in bits 31:24 of KEY[i]), so a hex key reads word by word.
"""
from __future__ import annotations

from dataclasses import dataclass

from rijndael_hw import modes, regs

MODES = modes.ENGINE_ENCODINGS          # name -> CONFIG.MODE value (rijndael_hw.modes)


class RegisterError(Exception):
    """A register access answered SLVERR (the engine refused it)."""

    def __init__(self, what: str, error_bits: int | None = None):
        self.error_bits = error_bits
        names = error_names(error_bits) if error_bits is not None else []
        super().__init__(f"{what} refused (SLVERR){': ' + ', '.join(names) if names else ''}")


def error_names(bits: int) -> list[str]:
    return [name for name, mask in regs.ERROR_BITS.items() if bits & mask]


def config_word(mode: str | int, decrypt: bool = False, key_bits: int = 128, block_bits: int = 128) -> int:
    f = regs.FIELDS["CONFIG"]
    mode_value = MODES[mode] if isinstance(mode, str) else mode
    return (f["MODE"].put(mode_value) | f["DECRYPT"].put(int(decrypt)) |
            f["KEY_LEN"].put(key_bits // 32 - 4) | f["BLOCK_LEN"].put(block_bits // 32 - 4))


@dataclass
class GcmResult:
    data: bytes          # ciphertext (encryption) or plaintext (decryption: only trust it when ok)
    tag: bytes           # encryption: the tag; decryption: b""
    ok: bool             # no beat flagged; decryption: the tag matched
    messages: list       # the output packets (IV, AAD if any, payload, tag)


@dataclass
class Message:
    data: bytes          # kept bytes, in order
    tid: int
    tuser: list[int]     # TUSER[0] per beat
    tkeep: list[int]     # TKEEP per beat

    @property
    def flagged(self) -> bool:
        return any(self.tuser)


class EngineDriver:
    def __init__(self, dut, period_ns: int = 10):
        from cocotbext.axi import AxiLiteBus, AxiLiteMaster, AxiStreamBus, AxiStreamSink, AxiStreamSource
        self.dut = dut
        self.period_ns = period_ns
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk_i, dut.rst_ni,
                                  reset_active_level=False)
        self.source = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.clk_i, dut.rst_ni,
                                      reset_active_level=False)
        self.sink = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis"), dut.clk_i, dut.rst_ni,
                                  reset_active_level=False)
        self.lanes = len(dut.s_axis_tkeep)
        self.build = {}

    # ---- clock and reset ----------------------------------------------------------------------------
    async def start(self):
        from cocotb.clock import Clock
        Clock(self.dut.clk_i, self.period_ns, unit="ns").start(start_high=False)
        await self.reset()

    async def reset(self, cycles: int = 3):
        from cocotb.triggers import RisingEdge
        self.dut.rst_ni.value = 0
        for _ in range(cycles):
            await RisingEdge(self.dut.clk_i)
        self.dut.rst_ni.value = 1
        await RisingEdge(self.dut.clk_i)
        await self.wait_ready()
        word = await self.read("BUILD")
        f = regs.FIELDS["BUILD"]
        self.build = {name: f[name].get(word) for name in f}

    async def wait_ready(self, timeout: int = 100000):
        """Wait until the FIFO wipe after reset / CLEAR is over."""
        from cocotb.triggers import RisingEdge
        for _ in range(timeout):
            if int(self.dut.s_axis_tready.value):
                return
            await RisingEdge(self.dut.clk_i)
        raise TimeoutError("s_axis_tready stayed low")

    # ---- registers ------------------------------------------------------------------------------------
    @staticmethod
    def address(reg: str, index: int = 0) -> int:
        return getattr(regs, reg) + 4 * index

    async def write_raw(self, reg: str, value: int, index: int = 0) -> int:
        """Write; return the response code (0 OKAY, 2 SLVERR)."""
        resp = await self.axil.write(self.address(reg, index), (value & 0xFFFFFFFF).to_bytes(4, "little"))
        return int(resp.resp)

    async def read_raw(self, reg: str, index: int = 0) -> tuple[int, int]:
        resp = await self.axil.read(self.address(reg, index), 4)
        return int.from_bytes(resp.data, "little"), int(resp.resp)

    async def write(self, reg: str, value: int, index: int = 0):
        if await self.write_raw(reg, value, index):
            raise RegisterError(f"write {reg}[{index}] = {value:#x}", await self.read("ERROR"))

    async def read(self, reg: str, index: int = 0) -> int:
        value, resp = await self.read_raw(reg, index)
        if resp:
            raise RegisterError(f"read {reg}[{index}]")
        return value

    async def field(self, reg: str, name: str) -> int:
        return regs.FIELDS[reg][name].get(await self.read(reg))

    async def clear_errors(self) -> int:
        bits = await self.read("ERROR")
        await self.write("ERROR", bits)
        return bits

    # ---- contexts -------------------------------------------------------------------------------------
    async def configure(self, ctx: int, mode: str, key: bytes, iv: bytes | None = None, decrypt: bool = False,
                        block_bits: int = 128, start: bool = True):
        """Select ctx, write CONFIG, the key words, the IV words and (by default) START. GCM: no IV here
        (each message brings its own on the stream, gcm_crypt); START computes H = E_K(0)."""
        if modes.get(mode).authenticated:
            iv = None
        await self.write("CTX_SEL", ctx)
        await self.write("CONFIG", config_word(mode, decrypt, 8 * len(key), block_bits))
        for i in range(len(key) // 4):
            await self.write("KEY", int.from_bytes(key[4 * i:4 * i + 4], "big"), i)
        if iv is not None:
            for i in range(len(iv) // 4):
                await self.write("IV", int.from_bytes(iv[4 * i:4 * i + 4], "big"), i)
        if start:
            await self.write("CTRL", regs.FIELDS["CTRL"]["START"].put(1))

    async def clear(self):
        """CTRL.CLEAR: wipe everything, then wait for the FIFO wipe."""
        from cocotb.triggers import RisingEdge
        await self.write("CTRL", regs.FIELDS["CTRL"]["CLEAR"].put(1))
        await RisingEdge(self.dut.clk_i)
        await self.wait_ready()

    # ---- streams --------------------------------------------------------------------------------------
    def send_nowait(self, ctx: int, data: bytes):
        from cocotbext.axi import AxiStreamFrame
        if not data:
            # An empty packet (GCM: no payload) is one beat with TKEEP = 0 and TLAST.
            self.source.send_nowait(AxiStreamFrame(bytes(self.lanes), tkeep=[0] * self.lanes, tid=ctx))
            return
        self.source.send_nowait(AxiStreamFrame(bytes(data), tid=ctx))

    # ---- GCM (docs/registers.md, "GCM"): IV, AAD (none when empty), payload and tag packets per message --
    async def gcm_lengths(self, ctx: int, iv_len: int, tag_bytes: int, aad_len: int):
        """GCM.IV_LEN / TAG_LEN and AAD_LEN of ctx (refused with RegisterError: BAD_GCM_LEN)."""
        f = regs.FIELDS["GCM"]
        await self.write("CTX_SEL", ctx)
        await self.write("GCM", f["IV_LEN"].put(iv_len) | f["TAG_LEN"].put(tag_bytes))
        await self.write("AAD_LEN", aad_len)

    def gcm_send_nowait(self, ctx: int, iv: bytes, data: bytes, aad: bytes = b"", tag: bytes | None = None,
                        tag_bytes: int = 16) -> int:
        """Queue one GCM message (tag None: encryption, with a placeholder tag packet); returns its packet count."""
        packets = [iv] + ([aad] if aad else []) + [data, tag if tag is not None else bytes(tag_bytes)]
        for packet in packets:
            self.send_nowait(ctx, packet)
        return len(packets)

    async def gcm_recv(self, packets: int, decrypt: bool) -> GcmResult:
        messages = [await self.recv() for _ in range(packets)]
        ok = not any(m.flagged for m in messages)
        return GcmResult(messages[-2].data, b"" if decrypt else messages[-1].data, ok, messages)

    async def gcm_crypt(self, ctx: int, iv: bytes, data: bytes, aad: bytes = b"", tag: bytes | None = None,
                        tag_bytes: int = 16) -> GcmResult:
        """One GCM message on ctx (configured for gcm): sets its lengths, sends it, collects the packets."""
        await self.gcm_lengths(ctx, len(iv), len(tag) if tag is not None else tag_bytes, len(aad))
        count = self.gcm_send_nowait(ctx, iv, data, aad, tag, tag_bytes)
        return await self.gcm_recv(count, tag is not None)

    async def recv(self) -> Message:
        frame = await self.sink.recv(compact=False)
        return self._message(frame)

    def _message(self, frame) -> Message:
        lanes = self.lanes
        data = bytes(b for b, k in zip(frame.tdata, frame.tkeep) if k)
        beats = len(frame.tdata) // lanes
        tkeep = [sum(frame.tkeep[i * lanes + j] << j for j in range(lanes)) for i in range(beats)]
        tuser = [frame.tuser[i * lanes] & 1 for i in range(beats)] if frame.tuser else [0] * beats
        tids = set(frame.tid) if frame.tid else {0}
        if len(tids) != 1:
            raise AssertionError(f"output message mixes TIDs {sorted(tids)}")
        return Message(data, tids.pop(), tuser, tkeep)

    async def crypt(self, ctx: int, data: bytes) -> Message:
        self.send_nowait(ctx, data)
        return await self.recv()

    async def wait_idle(self, timeout: int = 100000):
        from cocotb.triggers import RisingEdge
        for _ in range(timeout):
            if regs.FIELDS["STATUS"]["IDLE"].get(await self.read("STATUS")):
                return
            await RisingEdge(self.dut.clk_i)
        raise TimeoutError("engine did not become idle")
