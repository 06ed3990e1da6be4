// The line loop both reference drivers share (pons_driver.cpp,
// steininger_driver.cpp), with the input and output of `gts c4 solve`:
//   input : lines "moves [expected]", moves 1-based columns ("4453"), "-" = empty board
//   output: "moves score nodes microseconds" per position
// A reference's table is cleared before every position, inside the timed
// span, as gts does; --no-reset keeps it between positions.  C++11.
#ifndef C4_REFERENCE_DRIVER_H
#define C4_REFERENCE_DRIVER_H

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

// Reads the lines of argv's file (or stdin; "--no-reset" keeps the table).
// parse(moves) sets up the position, false if it is not one; solve(reset,
// nodes) solves it, clearing the table first if reset, and returns the
// score with the nodes it took in nodes.  Exit status 1 if a line was bad.
template <class Parse, class Solve> int run_driver(int argc, char **argv, Parse parse, Solve solve) {
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
  std::string line;
  long lineno = 0;
  int bad = 0;
  while (std::getline(*in, line)) {
    lineno++;
    std::istringstream ss(line);
    std::string moves;
    if (!(ss >> moves)) continue;  // blank line
    if (!parse(moves)) {
      std::cerr << "line " << lineno << ": invalid position \"" << moves << "\"" << std::endl;
      bad++;
      continue;
    }
    unsigned long long nodes = 0;
    auto t0 = std::chrono::steady_clock::now();
    int score = solve(reset, nodes);
    auto t1 = std::chrono::steady_clock::now();
    long long us = std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count();
    std::printf("%s %d %llu %lld\n", moves.c_str(), score, nodes, us);
    std::fflush(stdout);
  }
  return bad ? 1 : 0;
}

#endif
