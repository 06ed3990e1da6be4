// Benchmark driver for ChristopheSteininger/c4 (not part of upstream: its own c4 main only
// solves the empty board). Same input and output as `gts c4 solve`:
//   input : lines "moves [expected]", moves 1-based columns ("4453"), "-" = empty board
//   output: "moves score nodes microseconds" per position
// The transposition table is cleared before every position (Solver::clear_state), inside the
// timed span, as gts does; --no-reset keeps it between positions.
// Build: g++ -std=c++20 -O3 -march=native -flto -DNDEBUG -pthread -I<src> this.cpp <src>/solver/**/*.cpp
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "solver/position.h"
#include "solver/settings.h"
#include "solver/solver.h"

static bool parse(const std::string &moves, Position &pos) {
    if (moves == "-") return true;
    for (char c : moves) {
        int col = c - '1';
        if (col < 0 || col >= BOARD_WIDTH || pos.is_game_over() || !pos.is_move_valid(col)) return false;
        pos.move(col);
    }
    return !pos.is_game_over();
}

int main(int argc, char **argv) {
    bool reset = true;
    const char *file = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--no-reset")) {
            reset = false;
        } else if (!strcmp(argv[i], "--settings")) {
            std::cout << Solver::get_settings_string();
            return 0;
        } else {
            file = argv[i];
        }
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

    Solver solver;
    std::string line;
    long lineno = 0;
    int bad = 0;
    while (std::getline(*in, line)) {
        lineno++;
        std::istringstream ss(line);
        std::string moves;
        if (!(ss >> moves)) continue;  // blank line
        Position pos;
        if (!parse(moves, pos)) {
            std::cerr << "line " << lineno << ": invalid position \"" << moves << "\"" << std::endl;
            bad++;
            continue;
        }
        unsigned long long nodes0 = solver.get_merged_stats().get_num_nodes();
        auto t0 = std::chrono::steady_clock::now();
        if (reset) {
            solver.clear_state();
            nodes0 = 0;
        }
        int score = solver.solve_strong(pos);
        auto t1 = std::chrono::steady_clock::now();
        unsigned long long nodes = solver.get_merged_stats().get_num_nodes() - nodes0;
        long long us = std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count();
        std::printf("%s %d %llu %lld\n", moves.c_str(), score, nodes, us);
        std::fflush(stdout);
    }
    return bad ? 1 : 0;
}
