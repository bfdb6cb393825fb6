// harness.cpp: Verilator batch harness for rijndael_core (port contract: docs/core-interface.md).
//
// Reads text commands, streams them into the core through its valid/ready input and prints one
// result line per block beat, in order. Hex strings are in FIPS-197 byte order (byte 0 first).
//
//   K <key_bits> <block_bits> <keyhex>   key beat; sets the block length for the blocks after it
//   E <hex> | D <hex>                    block beat: encrypt / decrypt
//   .                                    end of a batch: run it, print its results and a stats line
//   # ...                                comment; empty lines are ignored
// Responses: "<hex>" or "ERR" per block beat, then after each batch "# stats {json}".
//
// Batch mode (default): commands up to "." (or end of input) form a batch that is offered at full
// rate, i.e. a beat every cycle, optionally with random stalls on in_valid and out_ready.
// Interactive mode (--interactive): every line is run at once and its answer flushed, for callers
// that need each result before they can form the next block (Monte Carlo tests); no stats lines.
// The core keeps its state (key, round keys) between batches: one process is one simulation.
//
// Options: --interactive  --seed N  --in-stall P  --out-stall P  --max-cycles N  --trace-cycles
// Exit status: 0 ok, 2 bad command line or command, 3 the core stopped answering (--max-cycles).
#include "Vrijndael_core.h"
#include "verilated.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Options {
  bool interactive = false;
  uint64_t seed = 1;
  double in_stall = 0.0;       // probability that the producer idles a cycle before offering a beat
  double out_stall = 0.0;      // probability that out_ready_i is low in a cycle
  uint64_t max_cycles = 100000;  // cycles without any handshake while work is pending
  bool trace_cycles = false;   // add per-beat handshake cycles to the stats line
  uint64_t result_group = 2;   // results per steady interval (the core's blocks in flight per round trip)
};

struct Command {
  bool is_key = false;
  bool decrypt = false;
  unsigned key_bits = 0, block_bits = 0;  // key beats only
  std::vector<uint8_t> bytes;
};

[[noreturn]] void fail(int status, const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "harness: error: %s\n", message.c_str());
  std::exit(status);
}

std::vector<uint8_t> parse_hex(const std::string& text, const std::string& where) {
  if (text.size() % 2) fail(2, where + ": odd number of hex digits");
  std::vector<uint8_t> out(text.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) {
    unsigned value = 0;
    for (int j = 0; j < 2; ++j) {
      char c = text[2 * i + j];
      int digit = (c >= '0' && c <= '9') ? c - '0'
                  : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                  : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
      if (digit < 0) fail(2, where + ": '" + text + "' is not hex");
      value = value * 16 + unsigned(digit);
    }
    out[i] = uint8_t(value);
  }
  return out;
}

bool valid_size(unsigned bits) { return bits >= 128 && bits <= 256 && bits % 32 == 0; }

enum class Line { kNothing, kCommand, kEndOfBatch };

// Parses one input line. block_bits is the block length set by the last key beat (0 before any):
// a block beat of another length is a caller bug, reported here rather than sent to the core.
Line parse_line(const std::string& line, unsigned line_no, unsigned& block_bits, Command& cmd) {
  std::istringstream in(line);
  std::string op;
  if (!(in >> op) || op[0] == '#') return Line::kNothing;
  if (op == ".") return Line::kEndOfBatch;
  const std::string where = "line " + std::to_string(line_no);
  std::string hex, extra;
  if (op == "K") {
    long key_bits = 0, block_bits = 0;
    if (!(in >> key_bits >> block_bits >> hex) || (in >> extra))
      fail(2, where + ": expected 'K <key_bits> <block_bits> <keyhex>'");
    if (!valid_size(unsigned(key_bits)) || !valid_size(unsigned(block_bits)))
      fail(2, where + ": key and block sizes must be 128, 160, 192, 224 or 256 bits");
    cmd.is_key = true;
    cmd.key_bits = unsigned(key_bits);
    cmd.block_bits = unsigned(block_bits);
    cmd.bytes = parse_hex(hex, where);
    if (cmd.bytes.size() * 8 != cmd.key_bits) fail(2, where + ": key hex length does not match key_bits");
    block_bits = cmd.block_bits;
  } else if (op == "E" || op == "D") {
    if (!(in >> hex) || (in >> extra)) fail(2, where + ": expected '" + op + " <hex>'");
    cmd.decrypt = op == "D";
    cmd.bytes = parse_hex(hex, where);
    if (!valid_size(unsigned(cmd.bytes.size() * 8)))
      fail(2, where + ": a block is 16, 20, 24, 28 or 32 bytes");
    if (block_bits && cmd.bytes.size() * 8 != block_bits)
      fail(2, where + ": block length does not match the " + std::to_string(block_bits) + "-bit blocks of the last key");
  } else {
    fail(2, where + ": unknown command '" + op + "' (K, E, D or .)");
  }
  return Line::kCommand;
}

// Wide ports are arrays of 32-bit words, word 0 = least significant. Byte 0 of a value is the most
// significant byte of the port (left aligned), so byte i sits at bit offset W - 8*(i+1).
template <std::size_t N>
void put_left_aligned(VlWide<N>& port, const std::vector<uint8_t>& bytes) {
  for (std::size_t w = 0; w < N; ++w) port[w] = 0;
  const std::size_t width = 32 * N;
  for (std::size_t i = 0; i < bytes.size() && 8 * (i + 1) <= width; ++i) {
    const std::size_t lsb = width - 8 * (i + 1);
    port[lsb / 32] |= uint32_t(bytes[i]) << (lsb % 32);
  }
}

template <std::size_t N>
std::string get_left_aligned_hex(const VlWide<N>& port, std::size_t nbytes) {
  static const char digits[] = "0123456789abcdef";
  const std::size_t width = 32 * N;
  std::string out;
  for (std::size_t i = 0; i < nbytes && 8 * (i + 1) <= width; ++i) {
    const std::size_t lsb = width - 8 * (i + 1);
    const unsigned byte = (port[lsb / 32] >> (lsb % 32)) & 0xff;
    out += digits[byte >> 4];
    out += digits[byte & 15];
  }
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string json_number(const std::vector<double>& v, bool use_median) {
  if (v.empty()) return "null";
  double value = 0;
  if (use_median) {
    value = median(v);
  } else {
    for (double x : v) value += x;
    value /= double(v.size());
  }
  std::ostringstream out;
  out << value;
  return out.str();
}

std::string json_list(const std::vector<uint64_t>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + std::to_string(v[i]);
  return out + "]";
}

class Simulation {
 public:
  explicit Simulation(const Options& options)
      : options_(options), context_(new VerilatedContext), top_(new Vrijndael_core(context_.get())),
        rng_(options.seed) {
    top_->clk_i = 0;
    top_->rst_ni = 0;
    top_->in_valid_i = 0;
    top_->in_slot_i = 0;  // one key at a time: key slot 0 (KEY_SLOTS > 1 is driven by the engine)
    top_->out_ready_i = 0;
    for (int i = 0; i < 4; ++i) tick();  // synchronous reset needs clock edges
    top_->rst_ni = 1;
  }

  ~Simulation() { top_->final(); }

  // Streams the commands into the core and returns one result line per block beat.
  std::vector<std::string> run(const std::vector<Command>& commands, std::string* stats) {
    const auto wall_start = std::chrono::steady_clock::now();
    const uint64_t start_cycle = cycle_;
    std::vector<std::string> results;
    std::vector<uint64_t> in_cycle(commands.size()), out_cycle(commands.size());
    std::vector<std::size_t> block_of_result;  // command index of each result, in order
    std::vector<uint64_t> disturbed;           // cycles where the producer idled or out_ready was low
    std::deque<std::size_t> in_flight;         // block commands taken, result not yet seen
    std::deque<std::size_t> block_len_of;      // bytes per result, recorded at the in handshake
    std::size_t next = 0;
    bool offering = false;
    uint64_t idle = 0;

    while (next < commands.size() || !in_flight.empty()) {
      // Drive this cycle's inputs (after the previous edge, as a registered producer would).
      if (!offering && next < commands.size()) offering = !chance(options_.in_stall);
      const bool out_ready = !chance(options_.out_stall);
      if (!offering || !out_ready) disturbed.push_back(cycle_);
      if (offering) drive(commands[next]);
      top_->in_valid_i = offering;
      top_->out_ready_i = out_ready;
      top_->clk_i = 0;
      top_->eval();  // settle in_ready_o, which depends on out_ready_i

      const bool out_fire = top_->out_valid_o && out_ready;
      const bool in_fire = offering && top_->in_ready_o;
      if (out_fire) {
        if (in_flight.empty()) fail(3, "the core offered a result for no block (cycle " + cycle_str() + ")");
        const std::size_t index = in_flight.front();
        in_flight.pop_front();
        const std::size_t nbytes = block_len_of.front();
        block_len_of.pop_front();
        out_cycle[index] = cycle_;
        block_of_result.push_back(index);
        results.push_back(top_->out_error_o ? "ERR" : get_left_aligned_hex(top_->out_block_o, nbytes));
      }
      if (in_fire) {
        const Command& cmd = commands[next];
        in_cycle[next] = cycle_;
        if (cmd.is_key) {
          block_bytes_ = cmd.block_bits / 8;
        } else {
          in_flight.push_back(next);
          block_len_of.push_back(block_bytes_ ? block_bytes_ : cmd.bytes.size());  // no key yet: its own
        }
        ++next;
        offering = false;
      }
      tick_high();
      idle = (in_fire || out_fire) ? 0 : idle + 1;
      if (idle > options_.max_cycles) {
        fail(3, "no handshake for " + std::to_string(options_.max_cycles) + " cycles (cycle " + cycle_str() +
                    ", " + std::to_string(commands.size() - next) + " beats not taken, " +
                    std::to_string(in_flight.size()) + " results outstanding)");
      }
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    if (stats)
      *stats = statistics(commands, in_cycle, out_cycle, block_of_result, disturbed, results,
                          cycle_ - start_cycle, wall);
    return results;
  }

 private:
  void drive(const Command& cmd) {
    top_->in_is_key_i = cmd.is_key;
    top_->in_decrypt_i = cmd.decrypt;
    if (cmd.is_key) {
      top_->in_key_len_i = (cmd.key_bits / 32 - 4) & 7;
      top_->in_block_len_i = (cmd.block_bits / 32 - 4) & 7;
      put_left_aligned(top_->in_key_i, cmd.bytes);
    } else {
      put_left_aligned(top_->in_block_i, cmd.bytes);
    }
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

  std::string cycle_str() const { return std::to_string(cycle_); }

  // Steady state: the gap between the output handshakes of consecutive blocks that share a key and
  // were both answered, counted only when nothing outside the core (an idle producer, a low
  // out_ready) touched the window from the earlier block's input handshake to the later one's output.
  std::string statistics(const std::vector<Command>& commands, const std::vector<uint64_t>& in_cycle,
                         const std::vector<uint64_t>& out_cycle, const std::vector<std::size_t>& block_of_result,
                         const std::vector<uint64_t>& disturbed, const std::vector<std::string>& results,
                         uint64_t cycles, double wall) const {
    auto quiet = [&](uint64_t from, uint64_t to) {
      auto it = std::lower_bound(disturbed.begin(), disturbed.end(), from);
      return it == disturbed.end() || *it > to;
    };
    std::vector<double> intervals, first_latency, key_change, latency;
    std::size_t errors = 0, keys = 0;
    for (std::size_t r = 0; r < results.size(); ++r) {
      const std::size_t i = block_of_result[r];
      const bool answered = results[r] != "ERR";
      errors += !answered;
      if (answered) latency.push_back(double(out_cycle[i] - in_cycle[i]));
      if (answered && i > 0 && commands[i - 1].is_key) first_latency.push_back(double(out_cycle[i] - in_cycle[i]));
      // The interval is taken over G = result_group results (the gap from the result G back, divided by G):
      // a core that keeps G blocks in flight per round trip delivers results in runs of G (short gaps, then a
      // long one), and its rate is their mean. For a core with evenly spaced results this is the plain gap.
      const std::size_t g = std::size_t(options_.result_group);
      if (r < g || !answered) continue;
      bool whole = true;  // the G results before this one answered, and no key beat lies between them
      for (std::size_t j = 1; j <= g; ++j)
        whole = whole && results[r - j] != "ERR" && block_of_result[r - j] + j == i;
      if (!whole) continue;
      const std::size_t prev = block_of_result[r - g];
      if (quiet(in_cycle[prev], out_cycle[i])) intervals.push_back(double(out_cycle[i] - out_cycle[prev]) / double(g));
    }
    // A key change costs what it adds to the output stream: the gap between the results of the blocks on
    // either side of the key beat, less the steady interval. (Measured at the output because a core may
    // take the key beat into an input register at once and pay for it later: the pipelined core's skid.)
    // For a core without input buffering this equals the key handshake to the next block handshake.
    std::vector<double> sorted_intervals(intervals);
    std::sort(sorted_intervals.begin(), sorted_intervals.end());
    const double steady = sorted_intervals.empty() ? 0 : sorted_intervals[sorted_intervals.size() / 2];
    std::vector<std::size_t> result_of_block(commands.size(), results.size());
    for (std::size_t r = 0; r < results.size(); ++r) result_of_block[block_of_result[r]] = r;
    auto ok = [&](std::size_t i) { return result_of_block[i] < results.size() && results[result_of_block[i]] != "ERR"; };
    for (std::size_t i = 0; i < commands.size(); ++i) {
      if (!commands[i].is_key) continue;
      ++keys;
      if (i == 0 || i + 1 >= commands.size() || commands[i - 1].is_key || commands[i + 1].is_key) continue;
      if (!ok(i - 1) || !ok(i + 1) || !quiet(in_cycle[i - 1], out_cycle[i + 1])) continue;
      key_change.push_back(double(out_cycle[i + 1] - out_cycle[i - 1]) - steady);
    }
    const double lat_min = latency.empty() ? 0 : *std::min_element(latency.begin(), latency.end());
    const double lat_max = latency.empty() ? 0 : *std::max_element(latency.begin(), latency.end());
    std::ostringstream out;
    out << "{\"cycles\":" << cycles << ",\"blocks\":" << results.size() << ",\"keys\":" << keys
        << ",\"errors\":" << errors << ",\"cycles_per_block\":" << json_number(intervals, true)
        << ",\"cycles_per_block_mean\":" << json_number(intervals, false)
        << ",\"steady_intervals\":" << intervals.size()
        << ",\"latency_cycles\":" << json_number(first_latency, true)
        << ",\"latency_min\":" << (latency.empty() ? "null" : std::to_string(uint64_t(lat_min)))
        << ",\"latency_max\":" << (latency.empty() ? "null" : std::to_string(uint64_t(lat_max)))
        << ",\"key_change_cycles\":" << json_number(key_change, true)
        << ",\"key_error\":" << int(top_->key_error_o) << ",\"wall_seconds\":" << wall
        << ",\"blocks_per_second\":" << (wall > 0 ? double(results.size()) / wall : 0.0);
    if (options_.trace_cycles) {
      std::vector<uint64_t> ins, outs;
      for (std::size_t i : block_of_result) {
        ins.push_back(in_cycle[i] - (cycle_ - cycles));
        outs.push_back(out_cycle[i] - (cycle_ - cycles));
      }
      out << ",\"in_cycles\":" << json_list(ins) << ",\"out_cycles\":" << json_list(outs);
    }
    out << "}";
    return out.str();
  }

  Options options_;
  std::unique_ptr<VerilatedContext> context_;
  std::unique_ptr<Vrijndael_core> top_;
  std::mt19937_64 rng_;
  uint64_t cycle_ = 0;
  std::size_t block_bytes_ = 0;  // block length set by the last key beat taken
};

double parse_probability(const char* text, const char* name) {
  char* end = nullptr;
  const double p = std::strtod(text, &end);
  if (*end || !(p >= 0 && p < 1)) fail(2, std::string(name) + " needs a probability in [0, 1)");
  return p;
}

uint64_t parse_count(const char* text, const char* name) {
  char* end = nullptr;
  const unsigned long long n = std::strtoull(text, &end, 0);
  if (*end || !*text) fail(2, std::string(name) + " needs a non-negative integer");
  return n;
}

Options parse_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) fail(2, arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--interactive") options.interactive = true;
    else if (arg == "--trace-cycles") options.trace_cycles = true;
    else if (arg == "--seed") options.seed = parse_count(value(), "--seed");
    else if (arg == "--in-stall") options.in_stall = parse_probability(value(), "--in-stall");
    else if (arg == "--out-stall") options.out_stall = parse_probability(value(), "--out-stall");
    else if (arg == "--max-cycles") options.max_cycles = parse_count(value(), "--max-cycles");
    else if (arg == "--result-group") {
      options.result_group = parse_count(value(), "--result-group");
      if (options.result_group < 1) fail(2, "--result-group needs at least 1");
    }
    else fail(2, "unknown option '" + arg + "'");
  }
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);  // buffered reads from std::cin; output goes through C stdio
  const Options options = parse_options(argc, argv);
  Simulation sim(options);
  std::vector<Command> batch;
  std::string line, stats;
  unsigned line_no = 0;
  auto run_batch = [&](bool with_stats) {
    for (const std::string& result : sim.run(batch, with_stats ? &stats : nullptr))
      std::fputs((result + "\n").c_str(), stdout);
    if (with_stats) std::fputs(("# stats " + stats + "\n").c_str(), stdout);
    std::fflush(stdout);
    batch.clear();
  };
  unsigned block_bits = 0;
  while (std::getline(std::cin, line)) {
    Command cmd;
    const Line kind = parse_line(line, ++line_no, block_bits, cmd);
    if (kind == Line::kCommand) batch.push_back(cmd);
    if (options.interactive && !batch.empty()) run_batch(false);
    else if (!options.interactive && kind == Line::kEndOfBatch) run_batch(true);
  }
  if (!options.interactive && !batch.empty()) run_batch(true);
  return 0;
}
