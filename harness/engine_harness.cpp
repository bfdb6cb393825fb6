// Verilator batch harness of rijndael_engine: drives the AXI4-Lite registers and both AXI4-Stream
// ports, so files and vector sets stream through the simulated engine at full rate.
//
// Built by rijndael_hw.engine_sim (one binary per configuration and engine parameters); the engine's
// TDATA_WIDTH comes in as the macro ENGINE_TDATA_WIDTH, because the width of the Verilated port types
// depends on it.
//
// Protocol: one command per line on stdin, answers on stdout (flushed after each answer).
//   W <addr> <value>            AXI4-Lite write                    -> "B <bresp>"
//   R <addr>                    AXI4-Lite read                     -> "R <value> <rresp>"
//   M <tid> <chunk> <hex|->     queue a message held in the line (- = zero bytes)
//   F <tid> <chunk> <in> <out>  queue a message read from file <in>; its output goes to file <out>
//   X [q]                       stream every queued message; then per message, in queue order,
//                               "O <index> <tid> <flagged> <hex|->" (file messages: "@<out> <bytes>"),
//                               and "# stats {json}" (X q: "# done" instead). While it runs, lines
//                               "P <bytes in> <bytes out> <cycles>" report progress.
//   L <tid> <n> <lag> <h0> <h1> Monte Carlo inner loop: n one-block messages, message 0 = h0, then
//                               message j+1 = output j (lag 1) or h1, output j-1 (lag 2)
//                                                                  -> "L <output n-2> <output n-1>"
//   C <n>                       n idle clock cycles                -> "ok"
//   Z                           reset (rst_ni low), wait for the FIFO wipe  -> "ok <cycles>"
// Hex numbers (addr, value) may be given as 0x... or decimal.
//
// Streams: message bytes in AXI lane order (message byte k of a beat on tdata[8k +: 8]); every beat
// is full except the TLAST beat, which keeps a run of lanes from lane 0 (none for an empty message).
// Messages of one TID go in queue order. Messages of different TIDs are interleaved: the source sends
// <chunk> bytes of one message (a multiple of the beat and the context's block: the caller computes
// it), then moves to the next TID that has data, round robin; chunk 0 = the whole message at once.
// Output beats are routed by TID to the oldest unfinished message of that TID.
//
// Options: --seed N --in-stall P --out-stall P (random tvalid / tready stalls with probability P per
// beat / cycle) --max-cycles N (cycles without any stream handshake before giving up, exit 3)
// --progress N (bytes between progress lines, default 1 MiB; 0 = none).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "Vrijndael_engine.h"
#include "verilated.h"

#ifndef ENGINE_TDATA_WIDTH
#error "build with -DENGINE_TDATA_WIDTH=<the engine's TDATA_WIDTH>"
#endif

namespace {

constexpr std::size_t kLanes = ENGINE_TDATA_WIDTH / 8;

struct Options {
  uint64_t seed = 1;
  double in_stall = 0.0, out_stall = 0.0;
  uint64_t max_cycles = 200000;
  uint64_t progress = 1 << 20;
};

[[noreturn]] void fail(int status, const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "engine_harness: error: %s\n", message.c_str());
  std::exit(status);
}

std::vector<uint8_t> parse_hex(const std::string& text) {
  if (text == "-") return {};
  if (text.size() % 2) fail(2, "odd number of hex digits");
  std::vector<uint8_t> out(text.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    unsigned value = 0;
    for (int j = 0; j < 2; ++j) {
      const char c = text[2 * i + j];
      const int digit = (c >= '0' && c <= '9') ? c - '0'
                        : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                        : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
      if (digit < 0) fail(2, "'" + text.substr(0, 40) + "' is not hex");
      value = value * 16 + unsigned(digit);
    }
    out[i] = uint8_t(value);
  }
  return out;
}

std::string to_hex(const std::vector<uint8_t>& bytes) {
  static const char digits[] = "0123456789abcdef";
  if (bytes.empty()) return "-";
  std::string out(2 * bytes.size(), '0');
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    out[2 * i] = digits[bytes[i] >> 4];
    out[2 * i + 1] = digits[bytes[i] & 15];
  }
  return out;
}

uint64_t parse_number(const std::string& text, const char* what) {
  char* end = nullptr;
  const unsigned long long n = std::strtoull(text.c_str(), &end, 0);
  if (text.empty() || *end) fail(2, std::string(what) + ": '" + text + "' is not a number");
  return n;
}

// TDATA of 32/64 bits is a plain integer port, 128/256 bits a VlWide. Lane k = bits 8k+7:8k.
template <typename T>
void put_lanes(T& port, const uint8_t* bytes, std::size_t n) {
  uint64_t value = 0;
  for (std::size_t i = 0; i < n; ++i) value |= uint64_t(bytes[i]) << (8 * i);
  port = T(value);
}
template <std::size_t N>
void put_lanes(VlWide<N>& port, const uint8_t* bytes, std::size_t n) {
  for (std::size_t w = 0; w < N; ++w) port[w] = 0;
  for (std::size_t i = 0; i < n; ++i) port[i / 4] |= uint32_t(bytes[i]) << (8 * (i % 4));
}
template <typename T>
void set_int(T& port, uint64_t value) {
  port = T(value);
}
template <typename T>
uint8_t get_lane(const T& port, std::size_t i) {
  return uint8_t(uint64_t(port) >> (8 * i));
}
template <std::size_t N>
uint8_t get_lane(const VlWide<N>& port, std::size_t i) {
  return uint8_t(port[i / 4] >> (8 * (i % 4)));
}

struct Message {
  unsigned tid = 0;
  std::size_t chunk = 0;
  std::vector<uint8_t> in, out;
  std::string out_path;  // empty: in-memory message
  std::size_t sent = 0;
  bool first_beat_sent = false, done = false, flagged = false;
};

class Simulation {
 public:
  explicit Simulation(const Options& options)
      : options_(options), context_(new VerilatedContext), top_(new Vrijndael_engine(context_.get())),
        rng_(options.seed) {
    idle_inputs();
    reset();
  }
  ~Simulation() { top_->final(); }

  uint64_t reset() {
    top_->rst_ni = 0;
    for (int i = 0; i < 4; ++i) tick();
    top_->rst_ni = 1;
    tick();
    const uint64_t start = cycle_;
    wait_for([&] { return bool(top_->s_axis_tready); }, "the FIFO wipe after reset");
    return cycle_ - start;
  }

  void idle(uint64_t n) {
    for (uint64_t i = 0; i < n; ++i) tick();
  }

  unsigned write(uint32_t addr, uint32_t value) {
    top_->s_axil_awaddr = addr & 0xff;
    top_->s_axil_awprot = 0;
    top_->s_axil_wdata = value;
    top_->s_axil_wstrb = 0xf;
    top_->s_axil_awvalid = 1;
    top_->s_axil_wvalid = 1;
    top_->s_axil_bready = 1;
    bool aw_done = false, w_done = false;
    unsigned resp = 0;
    bool got = false;
    uint64_t waited = 0;
    while (!got) {
      top_->clk_i = 0;
      top_->eval();
      const bool aw_fire = top_->s_axil_awvalid && top_->s_axil_awready;
      const bool w_fire = top_->s_axil_wvalid && top_->s_axil_wready;
      if (top_->s_axil_bvalid && top_->s_axil_bready) {
        resp = top_->s_axil_bresp;
        got = true;
      }
      tick_high();
      if (aw_fire) aw_done = true, top_->s_axil_awvalid = 0;
      if (w_fire) w_done = true, top_->s_axil_wvalid = 0;
      if (++waited > 1000) fail(3, "AXI4-Lite write got no response");
    }
    (void)aw_done, (void)w_done;
    top_->s_axil_awvalid = 0;
    top_->s_axil_wvalid = 0;
    top_->s_axil_bready = 0;
    return resp;
  }

  std::pair<uint32_t, unsigned> read(uint32_t addr) {
    top_->s_axil_araddr = addr & 0xff;
    top_->s_axil_arprot = 0;
    top_->s_axil_arvalid = 1;
    top_->s_axil_rready = 1;
    uint64_t waited = 0;
    while (true) {
      top_->clk_i = 0;
      top_->eval();
      const bool ar_fire = top_->s_axil_arvalid && top_->s_axil_arready;
      if (top_->s_axil_rvalid && top_->s_axil_rready) {
        const uint32_t value = top_->s_axil_rdata;
        const unsigned resp = top_->s_axil_rresp;
        tick_high();
        top_->s_axil_arvalid = 0;
        top_->s_axil_rready = 0;
        return {value, resp};
      }
      tick_high();
      if (ar_fire) top_->s_axil_arvalid = 0;
      if (++waited > 1000) fail(3, "AXI4-Lite read got no response");
    }
  }

  void queue(Message message) {
    if (message.chunk % kLanes) fail(2, "chunk must be a multiple of the beat (" + std::to_string(kLanes) + " bytes)");
    messages_.push_back(std::move(message));
  }

  // Streams every queued message; returns the statistics line and leaves the messages for report().
  std::string run() {
    const auto wall_start = std::chrono::steady_clock::now();
    const uint64_t start_cycle = cycle_;
    std::map<unsigned, std::deque<std::size_t>> to_send, to_receive;
    std::vector<unsigned> order;  // TIDs in first-appearance order (round robin)
    uint64_t total_in = 0;
    for (std::size_t i = 0; i < messages_.size(); ++i) {
      const unsigned tid = messages_[i].tid;
      if (!to_send.count(tid)) order.push_back(tid);
      to_send[tid].push_back(i);
      to_receive[tid].push_back(i);
      total_in += messages_[i].in.size();
    }
    std::size_t remaining = messages_.size();
    std::size_t rr = 0;                  // round-robin position in `order`
    long current = -1;                   // message being sent
    std::size_t chunk_left = 0;
    bool offering = false;
    uint64_t idle = 0, bytes_in = 0, bytes_out = 0, beats_in = 0, beats_out = 0;
    uint64_t first_in = 0, last_out = 0, in_stalls = 0, out_stalls = 0, next_progress = options_.progress;
    bool any_in = false;

    auto pick = [&]() {  // next message to send a chunk of, round robin over TIDs with data
      current = -1;
      for (std::size_t k = 0; k < order.size(); ++k) {
        const unsigned tid = order[(rr + k) % order.size()];
        auto& q = to_send[tid];
        if (!q.empty()) {
          current = long(q.front());
          rr = (rr + k + 1) % order.size();
          const Message& m = messages_[current];
          chunk_left = m.chunk ? m.chunk : SIZE_MAX;
          return;
        }
      }
    };
    std::size_t beat_bytes = 0;
    bool beat_last = false;

    while (remaining) {
      if (!offering) {
        if (current < 0 || chunk_left == 0) pick();
        if (current >= 0) {
          if (chance(options_.in_stall)) {
            ++in_stalls;
          } else {
            Message& m = messages_[current];
            beat_bytes = std::min(kLanes, m.in.size() - m.sent);
            beat_last = m.sent + beat_bytes == m.in.size();
            put_lanes(top_->s_axis_tdata, m.in.data() + m.sent, beat_bytes);
            const uint64_t keep = beat_bytes == 64 ? ~0ull : ((1ull << beat_bytes) - 1);
            set_int(top_->s_axis_tkeep, keep);
            top_->s_axis_tlast = beat_last;
            top_->s_axis_tid = m.tid;
            offering = true;
          }
        }
      }
      const bool out_ready = !chance(options_.out_stall);
      out_stalls += !out_ready;
      top_->s_axis_tvalid = offering;
      top_->m_axis_tready = out_ready;
      top_->clk_i = 0;
      top_->eval();
      const bool in_fire = offering && top_->s_axis_tready;
      const bool out_fire = top_->m_axis_tvalid && out_ready;
      if (out_fire) {
        const unsigned tid = top_->m_axis_tid;
        auto it = to_receive.find(tid);
        if (it == to_receive.end() || it->second.empty())
          fail(3, "an output beat with TID " + std::to_string(tid) + " belongs to no message (cycle " +
                      std::to_string(cycle_) + ")");
        Message& m = messages_[it->second.front()];
        const uint64_t keep = uint64_t(top_->m_axis_tkeep);
        for (std::size_t k = 0; k < kLanes; ++k)
          if (keep >> k & 1) m.out.push_back(get_lane(top_->m_axis_tdata, k)), ++bytes_out;
        if (top_->m_axis_tuser & 1) m.flagged = true;
        ++beats_out;
        last_out = cycle_;
        if (top_->m_axis_tlast) {
          m.done = true;
          it->second.pop_front();
          --remaining;
          if (!m.out_path.empty()) {
            write_file(m.out_path, m.out);
            m.out.clear();
            m.out.shrink_to_fit();
          }
        }
      }
      if (in_fire) {
        Message& m = messages_[current];
        if (!any_in) first_in = cycle_, any_in = true;
        m.sent += beat_bytes;
        bytes_in += beat_bytes;
        ++beats_in;
        chunk_left = chunk_left == SIZE_MAX ? SIZE_MAX : chunk_left - std::min(chunk_left, beat_bytes);
        if (beat_last) {
          to_send[m.tid].pop_front();
          std::vector<uint8_t>().swap(m.in);
          m.sent = 0;
          chunk_left = 0;
        }
        offering = false;
      }
      tick_high();
      idle = (in_fire || out_fire) ? 0 : idle + 1;
      if (idle > options_.max_cycles)
        fail(3, "no stream handshake for " + std::to_string(options_.max_cycles) + " cycles (cycle " +
                    std::to_string(cycle_) + ", " + std::to_string(remaining) + " messages unfinished, " +
                    std::to_string(bytes_in) + " of " + std::to_string(total_in) + " bytes sent)");
      if (options_.progress && bytes_out >= next_progress) {
        std::printf("P %llu %llu %llu\n", (unsigned long long)bytes_in, (unsigned long long)bytes_out,
                    (unsigned long long)(cycle_ - start_cycle));
        std::fflush(stdout);
        while (next_progress <= bytes_out) next_progress += options_.progress;
      }
    }
    top_->s_axis_tvalid = 0;
    top_->m_axis_tready = 0;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    const uint64_t cycles = cycle_ - start_cycle;
    const uint64_t active = any_in ? last_out - first_in + 1 : 0;
    std::size_t flagged = 0;
    for (const Message& m : messages_) flagged += m.flagged;
    std::ostringstream out;
    out << "{\"cycles\":" << cycles << ",\"active_cycles\":" << active << ",\"first_in_cycle\":"
        << (first_in - (any_in ? start_cycle : first_in)) << ",\"messages\":" << messages_.size()
        << ",\"flagged_messages\":" << flagged << ",\"bytes_in\":" << bytes_in << ",\"bytes_out\":" << bytes_out
        << ",\"beats_in\":" << beats_in << ",\"beats_out\":" << beats_out << ",\"in_stalls\":" << in_stalls
        << ",\"out_stalls\":" << out_stalls << ",\"wall_seconds\":" << wall
        << ",\"cycles_per_second\":" << (wall > 0 ? double(cycles) / wall : 0.0) << "}";
    return out.str();
  }

  // AESAVS Monte Carlo inner loop (host side of it): n one-block messages on `tid`, message 0 = first,
  // then message j+1 = output j (lag 1, ECB) or message 1 = second and message j+1 = output j-1
  // (lag 2: CBC, CFB128, OFB, whose chaining value the engine carries from message to message).
  // Returns the last two outputs.
  std::pair<std::vector<uint8_t>, std::vector<uint8_t>> loop(unsigned tid, uint64_t n, unsigned lag,
                                                             std::vector<uint8_t> first,
                                                             const std::vector<uint8_t>& second) {
    std::vector<uint8_t> in = std::move(first), previous, last;
    for (uint64_t j = 0; j < n; ++j) {
      Message m;
      m.tid = tid;
      m.in = in;
      messages_.clear();
      queue(std::move(m));
      run();
      if (messages_[0].flagged) fail(3, "Monte Carlo block " + std::to_string(j) + " came out flagged");
      previous = std::move(last);
      last = std::move(messages_[0].out);
      in = lag == 1 ? last : (j == 0 ? second : previous);
    }
    messages_.clear();
    return {previous, last};
  }

  void report(bool quiet, const std::string& stats) {
    std::string text;
    for (std::size_t i = 0; i < messages_.size(); ++i) {
      const Message& m = messages_[i];
      text += "O " + std::to_string(i) + " " + std::to_string(m.tid) + " " + (m.flagged ? "1" : "0") + " ";
      text += m.out_path.empty() ? to_hex(m.out) : "@" + m.out_path;
      text += "\n";
    }
    text += quiet ? "# done\n" : "# stats " + stats + "\n";
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    messages_.clear();
  }

 private:
  void idle_inputs() {
    top_->clk_i = 0;
    top_->rst_ni = 0;
    top_->s_axil_awvalid = 0;
    top_->s_axil_wvalid = 0;
    top_->s_axil_bready = 0;
    top_->s_axil_arvalid = 0;
    top_->s_axil_rready = 0;
    top_->s_axis_tvalid = 0;
    top_->m_axis_tready = 0;
  }

  template <typename F>
  void wait_for(F condition, const char* what) {
    for (uint64_t i = 0; i < 10 * options_.max_cycles + 100000; ++i) {
      top_->clk_i = 0;
      top_->eval();
      if (condition()) return;
      tick_high();
    }
    fail(3, std::string("timed out waiting for ") + what);
  }

  static void write_file(const std::string& path, const std::vector<uint8_t>& data) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) fail(2, "cannot write " + path);
    if (!data.empty() && std::fwrite(data.data(), 1, data.size(), f) != data.size()) fail(2, "cannot write " + path);
    std::fclose(f);
  }

  void tick() {
    top_->clk_i = 0;
    top_->eval();
    tick_high();
  }
  void tick_high() {
    top_->clk_i = 1;
    top_->eval();
    ++cycle_;
  }
  bool chance(double p) { return p > 0 && std::uniform_real_distribution<double>(0, 1)(rng_) < p; }

  Options options_;
  std::unique_ptr<VerilatedContext> context_;
  std::unique_ptr<Vrijndael_engine> top_;
  std::mt19937_64 rng_;
  uint64_t cycle_ = 0;
  std::vector<Message> messages_;
};

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(2, "cannot read " + path);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

double parse_probability(const char* text, const char* name) {
  char* end = nullptr;
  const double p = std::strtod(text, &end);
  if (*end || !(p >= 0 && p < 1)) fail(2, std::string(name) + " needs a probability in [0, 1)");
  return p;
}

Options parse_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) fail(2, arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--seed") options.seed = parse_number(value(), "--seed");
    else if (arg == "--in-stall") options.in_stall = parse_probability(value(), "--in-stall");
    else if (arg == "--out-stall") options.out_stall = parse_probability(value(), "--out-stall");
    else if (arg == "--max-cycles") options.max_cycles = parse_number(value(), "--max-cycles");
    else if (arg == "--progress") options.progress = parse_number(value(), "--progress");
    else fail(2, "unknown option '" + arg + "'");
  }
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const Options options = parse_options(argc, argv);
  Simulation sim(options);
  std::string line;
  unsigned line_no = 0;
  while (std::getline(std::cin, line)) {
    ++line_no;
    std::istringstream in(line);
    std::string op;
    if (!(in >> op) || op[0] == '#') continue;
    std::vector<std::string> args;
    for (std::string word; in >> word;) args.push_back(word);
    auto need = [&](std::size_t lo, std::size_t hi) {
      if (args.size() < lo || args.size() > hi) fail(2, "line " + std::to_string(line_no) + ": bad '" + op + "' command");
    };
    if (op == "W") {
      need(2, 2);
      const unsigned resp = sim.write(uint32_t(parse_number(args[0], "address")), uint32_t(parse_number(args[1], "value")));
      std::printf("B %u\n", resp);
    } else if (op == "R") {
      need(1, 1);
      const auto [value, resp] = sim.read(uint32_t(parse_number(args[0], "address")));
      std::printf("R %u %u\n", value, resp);
    } else if (op == "M" || op == "F") {
      need(op == "M" ? 3 : 4, op == "M" ? 3 : 4);
      Message m;
      m.tid = unsigned(parse_number(args[0], "tid"));
      m.chunk = std::size_t(parse_number(args[1], "chunk"));
      if (op == "M") {
        m.in = parse_hex(args[2]);
      } else {
        m.in = read_file(args[2]);
        m.out_path = args[3];
      }
      sim.queue(std::move(m));
      continue;  // no answer: queued
    } else if (op == "X") {
      need(0, 1);
      const std::string stats = sim.run();
      sim.report(!args.empty() && args[0] == "q", stats);
      continue;
    } else if (op == "L") {
      need(5, 5);
      const unsigned lag = unsigned(parse_number(args[2], "lag"));
      if (lag != 1 && lag != 2) fail(2, "line " + std::to_string(line_no) + ": lag is 1 or 2");
      const auto outs = sim.loop(unsigned(parse_number(args[0], "tid")), parse_number(args[1], "count"), lag,
                                 parse_hex(args[3]), parse_hex(args[4]));
      std::printf("L %s %s\n", to_hex(outs.first).c_str(), to_hex(outs.second).c_str());
    } else if (op == "C") {
      need(1, 1);
      sim.idle(parse_number(args[0], "cycles"));
      std::printf("ok\n");
    } else if (op == "Z") {
      need(0, 0);
      std::printf("ok %llu\n", (unsigned long long)sim.reset());
    } else {
      fail(2, "line " + std::to_string(line_no) + ": unknown command '" + op + "'");
    }
    std::fflush(stdout);
  }
  return 0;
}
