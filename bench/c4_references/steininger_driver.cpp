// Benchmark driver for ChristopheSteininger/c4 (not part of upstream: its own c4 main only
// solves the empty board). It reads and prints as driver.h says (the table is cleared by
// Solver::clear_state); --settings prints the solver's settings.
// Build: g++ -std=c++20 -O3 -march=native -flto -DNDEBUG -pthread -I<src> this.cpp <src>/solver/**/*.cpp
#include "driver.h"

#include "solver/position.h"
#include "solver/settings.h"
#include "solver/solver.h"

int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "--settings")) {
        std::cout << Solver::get_settings_string();
        return 0;
    }
    Solver solver;
    Position pos;
    auto parse = [&](const std::string &moves) {
        pos = Position();
        if (moves == "-") return true;
        for (char c : moves) {
            const int col = c - '1';
            if (col < 0 || col >= BOARD_WIDTH || pos.is_game_over() || !pos.is_move_valid(col)) return false;
            pos.move(col);
        }
        return !pos.is_game_over();
    };
    auto solve = [&](bool reset, unsigned long long &nodes) {
        if (reset) solver.clear_state();
        const unsigned long long nodes0 = solver.get_merged_stats().get_num_nodes();
        const int score = solver.solve_strong(pos);
        nodes = solver.get_merged_stats().get_num_nodes() - nodes0;
        return score;
    };
    return run_driver(argc, argv, parse, solve);
}
