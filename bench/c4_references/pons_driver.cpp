// Benchmark driver for PascalPons/connect4 (not part of upstream). Upstream main.cpp prints only
// "moves score", keeps the table between lines and loads ./7x6.book when present; this driver
// never loads a book and prints, like `gts c4 solve`:
//   input : lines "moves [expected]", moves 1-based columns ("4453"), "-" = empty board
//   output: "moves score nodes microseconds" per position
// The table is reset before every position (Solver::reset, as in the tutorial's main), inside
// the timed span, as gts does; --no-reset keeps it between positions.
// Build: g++ --std=c++11 -O3 -march=native -DNDEBUG -I<pons> this.cpp <pons>/Solver.cpp
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "Solver.hpp"

using namespace GameSolver::Connect4;

int main(int argc, char **argv) {
  bool reset = true;
  const char *file = nullptr;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--no-reset")) reset = false;
    else file = argv[i];
  }
  std::ifstream fin;
  std::istream *in = &std::cin;
  if (file) {
    fin.open(file);
    if (!fin) {
      std::cerr << "cannot open " << file << std::endl;
      return 2;
    }
    in = &fin;
  }

  Solver *solver = new Solver();  // no loadBook(): no opening book, ever
  std::string line;
  long lineno = 0;
  int bad = 0;
  while (std::getline(*in, line)) {
    lineno++;
    std::istringstream ss(line);
    std::string moves;
    if (!(ss >> moves)) continue;  // blank line
    std::string seq = moves == "-" ? std::string() : moves;
    Position P;
    if (P.play(seq) != seq.size()) {
      std::cerr << "line " << lineno << ": invalid position \"" << moves << "\"" << std::endl;
      bad++;
      continue;
    }
    unsigned long long nodes0 = solver->getNodeCount();
    auto t0 = std::chrono::steady_clock::now();
    if (reset) {
      solver->reset();
      nodes0 = 0;
    }
    int score = solver->solve(P, false);
    auto t1 = std::chrono::steady_clock::now();
    unsigned long long nodes = solver->getNodeCount() - nodes0;
    long long us = std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count();
    std::printf("%s %d %llu %lld\n", moves.c_str(), score, nodes, us);
    std::fflush(stdout);
  }
  return bad ? 1 : 0;
}
