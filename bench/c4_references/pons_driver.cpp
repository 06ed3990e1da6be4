// Benchmark driver for PascalPons/connect4 (not part of upstream). Upstream main.cpp prints only
// "moves score", keeps the table between lines and loads ./7x6.book when present; this driver
// never loads a book, and reads and prints as driver.h says (the table is cleared by
// Solver::reset, as in the tutorial's main).
// Build: g++ --std=c++11 -O3 -march=native -DNDEBUG -I<pons> this.cpp <pons>/Solver.cpp
#include "driver.h"

#include "Solver.hpp"

using namespace GameSolver::Connect4;

int main(int argc, char **argv) {
  Solver solver;  // no loadBook(): no opening book, ever
  Position pos;
  auto parse = [&](const std::string &moves) {
    const std::string seq = moves == "-" ? std::string() : moves;
    pos = Position();
    return pos.play(seq) == seq.size();
  };
  auto solve = [&](bool reset, unsigned long long &nodes) {
    if (reset) solver.reset();
    const unsigned long long nodes0 = solver.getNodeCount();
    const int score = solver.solve(pos, false);
    nodes = solver.getNodeCount() - nodes0;
    return score;
  };
  return run_driver(argc, argv, parse, solve);
}
