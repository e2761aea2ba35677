// Lab methods: the genetic algorithm (genetic.h) and the ant colony (ant_colony.h), one row
// each with the parameters it takes, their ranges and defaults. The CLI (`astar lab`), the
// bindings (and so the page's lab panel and share links) read these rows; a parameter of the
// other method is refused, never ignored.
#pragma once
#include <span>

namespace astar {

struct LabParamInfo {
  const char* name;    // the page's and share links' key: "population", "crossoverRate", ...
  const char* option;  // the CLI's option without "--": "population", "crossover", ...
  bool whole = false;  // a whole number
  double min = 0.0;    // range; openMin / openMax: the end itself is excluded
  double max = 0.0;
  bool openMin = false;
  bool openMax = false;
  double defaultValue = 0.0;  // the method's Params{} default (0 for maxSteps: 4 x passable cells)
  const char* description = "";
};

struct LabMethodInfo {
  const char* name;   // "ga", "aco" (--method, links)
  const char* label;  // "Genetic algorithm", "Ant colony"
  std::span<const LabParamInfo> params;
  const char* note = "";
};

std::span<const LabMethodInfo> labMethods();
const LabMethodInfo* findLabMethod(const char* name);  // nullptr when no row has that name
// The parameter of `method` whose option is `option` (without "--"), or nullptr.
const LabParamInfo* findLabParam(const LabMethodInfo& method, const char* option);

}  // namespace astar
