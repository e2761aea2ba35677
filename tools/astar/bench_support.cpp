// The benchmark runner's helpers: see bench_support.h.
#include "bench_support.h"

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include <dirent.h>

#include "cli.h"

namespace astar::cli {

bool endsWith(const std::string& s, const char* suffix) {
  const std::size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

bool isDirectory(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::vector<std::string> scenariosIn(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      const std::string name = e->d_name;
      if (endsWith(name, ".map.scen") || endsWith(name, ".map.txt.scen")) out.push_back(dir + "/" + name);
    }
    ::closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::size_t> sampleRows(const Scenario& scenario, std::size_t n, std::vector<std::size_t>* warmup) {
  std::vector<std::size_t> order(scenario.rows.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return scenario.rows[a].bucket < scenario.rows[b].bucket; });
  if (warmup) warmup->clear();
  if (n == 0 || n >= order.size()) return order;
  std::vector<std::size_t> picked;
  std::vector<bool> taken(order.size(), false);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t at = (2 * i + 1) * order.size() / (2 * n);
    picked.push_back(order[at]);
    taken[at] = true;
  }
  if (warmup) {
    std::vector<std::size_t> others;
    for (std::size_t i = 0; i < order.size(); ++i)
      if (!taken[i]) others.push_back(order[i]);
    const std::size_t m = std::min(n, others.size());
    for (std::size_t i = 0; i < m; ++i) warmup->push_back(others[(2 * i + 1) * others.size() / (2 * m)]);
  }
  return picked;
}

bool loadScenario(const std::string& path, bool fourConnected, Scenario& scenario, MapDocument& doc,
                  std::string& error) {
  std::string text;
  if (!readFile(path, text)) return false;  // readFile printed why
  if (Error e = readScenario(text, scenario)) {
    error = located(path, e);
    return false;
  }
  std::string mapPath = endsWith(path, ".scen") ? path.substr(0, path.size() - 5) : path + ".map";
  if (!readFile(mapPath, text)) return false;
  const MapFormat format = endsWith(mapPath, ".map.txt") ? MapFormat::Playground : MapFormat::MovingAi;
  if (Error e = readMap(text, doc, format)) {
    error = located(mapPath, e);
    return false;
  }
  // The rule the optima were computed under.
  if (format == MapFormat::MovingAi)
    doc.grid.setDiagonal(fourConnected ? DiagonalMovement::Never : DiagonalMovement::OnlyWhenNoObstacles);
  for (const ScenarioRow& row : scenario.rows) {
    if (row.mapWidth != doc.grid.width() || row.mapHeight != doc.grid.height()) {
      error = path + ":" + std::to_string(row.line) + ": row is for a " + std::to_string(row.mapWidth) + " x " +
              std::to_string(row.mapHeight) + " map, " + mapPath + " is " + std::to_string(doc.grid.width()) + " x " +
              std::to_string(doc.grid.height());
      return false;
    }
    if (!doc.grid.contains(row.startX, row.startY) || !doc.grid.contains(row.goalX, row.goalY)) {
      error = path + ":" + std::to_string(row.line) + ": start or goal outside the map";
      return false;
    }
  }
  return true;
}

namespace {

double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const std::size_t i = static_cast<std::size_t>(std::ceil(p * static_cast<double>(sorted.size()))) - 1;
  return sorted[std::min(i, sorted.size() - 1)];
}

}  // namespace

void summarise(std::vector<std::vector<double>>& times, MapResult& r) {
  std::vector<double> perQuery;
  for (std::vector<double>& t : times) {
    if (t.empty()) continue;
    std::sort(t.begin(), t.end());
    perQuery.push_back(t[(t.size() - 1) / 2]);  // the median (the lower one for an even count)
  }
  std::sort(perQuery.begin(), perQuery.end());
  double sum = 0;
  for (double t : perQuery) sum += t;
  r.queries = perQuery.size();
  r.meanUs = perQuery.empty() ? 0 : sum / static_cast<double>(perQuery.size());
  r.medianUs = percentile(perQuery, 0.5);
  r.p95Us = percentile(perQuery, 0.95);
}

std::string jsonText(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

void printJson(const MapResult& r) {
  char extra[96] = "";
  if (r.preprocessMs >= 0)
    std::snprintf(extra, sizeof extra, ",\"preprocess_ms\":%.3f,\"preprocess_bytes\":%zu", r.preprocessMs,
                  r.preprocessBytes);
  std::printf(
      "{\"runner\":\"native\",\"map\":\"%s\",\"width\":%d,\"height\":%d,\"algorithm\":\"%s\",\"queries\":%zu,\"mean_"
      "us\":%.3f,\"median_us\":%.3f,"
      "\"p95_us\":%.3f,\"mean_expanded\":%.1f,\"mismatches\":%zu,\"bytes_per_node\":%zu,\"fell_back\":%s%s%s%s}\n",
      jsonText(r.map).c_str(), r.width, r.height, r.runner.c_str(), r.queries, r.meanUs, r.medianUs, r.p95Us,
      r.meanExpanded, r.mismatches, r.bytesPerNode, r.fellBack ? "true" : "false",
      r.fellBack ? (",\"ran_as\":\"" + r.ranAs + "\"").c_str() : "", extra, r.skipped ? ",\"skipped\":true" : "");
}

void Progress::show(std::size_t done, std::size_t total, const std::string& label) {
  if (!on_ || total == 0) return;
  const auto now = std::chrono::steady_clock::now();
  if (done != total && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  const int width = 30, filled = static_cast<int>(static_cast<double>(width) * static_cast<double>(done) /
                                                  static_cast<double>(total));
  std::fprintf(stderr, "\r[%.*s%*s] %3d%%  %-40.40s", filled, "##############################", width - filled, "",
               static_cast<int>(100.0 * static_cast<double>(done) / static_cast<double>(total)), label.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (on_) std::fprintf(stderr, "\r%*s\r", 80, "");
}

}  // namespace astar::cli
