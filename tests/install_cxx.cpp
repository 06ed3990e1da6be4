// A C++ program on the installed library (tests/test_install.sh builds it
// with g++ and `pkg-config --cflags --libs gts`, beside the C programs it
// also builds as C++): every game's header included at once, the stop
// token raised from C++, and the documented answers to bad input.
#include <gts/c4_bench.h>
#include <gts/c4_perft.h>
#include <gts/c4_play.h>
#include <gts/c4_solver.h>
#include <gts/gomoku_gpu.h>
#include <gts/gomoku_search.h>
#include <gts/gpu.h>
#include <gts/reversi.h>
#include <gts/reversi_board.h>
#include <gts/reversi_search.h>
#include <gts/stop.h>

#include <cstdio>
#include <cstring>
#include <memory>

static int failures = 0;

static void expect(bool ok, const char *what)
{
    std::printf("%s: %s\n", ok ? "ok" : "FAIL", what);
    failures += !ok;
}

static void connect4()
{
    char err[200];
    c4_pos p;
    c4_options o = c4_default_options();
    o.tt_bytes = 1 << 20;
    c4_result r;
    expect(c4_parse(&c4_standard, &p, "4444", err, sizeof err) == 0 && c4_cell(&c4_standard, &p, 3, 3) == 2,
           "c4_cell: the fourth stone the second player's");
    expect(c4_cell(&c4_standard, &p, -1, 0) == -1 && c4_cell(&c4_standard, &p, 0, 6) == -1,
           "c4_cell off the board: -1");
    expect(c4_parse(&c4_standard, &p, "8", err, sizeof err) == -1 && err[0] != '\0', "c4_parse: a bad column");

    gts_stop stop = GTS_STOP_INIT;
    gts_stop_raise(&stop);
    o.stop = &stop;
    std::unique_ptr<c4_solver, void (*)(c4_solver *)> stopped(c4_solver_create(&c4_standard, &o, err, sizeof err),
                                                               c4_solver_free);
    expect(c4_parse(&c4_standard, &p, "4", err, sizeof err) == 0 && stopped && gts_stop_raised(&stop) && c4_solve(stopped.get(), &p, false, &r) == -1,
           "a raised stop token stops c4_solve");
}

static void gomoku()
{
    static gm_board b;
    char err[200], cell[8];
    expect(gm_init(&b, 15, 15, GM_FREESTYLE, 2, err, sizeof err) == 0 &&
               gm_parse_moves(&b, "h8 i9", err, sizeof err) == 0,
           "gomoku moves");
    expect(gm_format_cell(&b, gm_cell(&b, 7, 7), cell, sizeof cell) == 2 && std::strcmp(cell, "h8") == 0,
           "gm_format_cell: h8");
    expect(gm_format_cell(&b, GM_NO_MOVE, cell, sizeof cell) == -1 && cell[0] == '\0',
           "gm_format_cell(GM_NO_MOVE): -1 and \"\"");
    expect(gm_format_cell(&b, 15 * 15, cell, sizeof cell) == -1, "gm_format_cell past the board: -1");
    expect(gm_format_cell(&b, 0, cell, 2) == 3 && std::strcmp(cell, "a") == 0, "gm_format_cell cut short");
    int at;
    expect(gm_parse_cell(&b, "z99", &at, err, sizeof err) == -1 && err[0] != '\0', "gm_parse_cell: off the board");
}

static void reversi()
{
    char err[200], sq[3];
    rv_format_square(RV_NO_MOVE, sq);
    expect(sq[0] == '\0', "rv_format_square(RV_NO_MOVE): \"\"");
    rv_pos p;
    rv_start(&p);
    expect(rv_flips(p.me, p.opp, RV_PASS) == 0 && rv_flips(p.me, p.opp, -1) == 0, "rv_flips off the board: 0");
    rvb b;
    char wide[8];
    expect(rvb_init(&b, 16, 16, err, sizeof err) == 0, "rvb_init 16x16");
    rvb_format_square(&b, RVB_NO_MOVE, wide);
    expect(wide[0] == '\0', "rvb_format_square(RVB_NO_MOVE): \"\"");
    expect(rvb_init(&b, 9, 9, err, sizeof err) == -1 && err[0] != '\0', "rvb_init 9x9: a reason");
    expect(rv_parse_square("j9", err, sizeof err) == -1 && err[0] != '\0', "rv_parse_square: off the board");
}

int main()
{
    connect4();
    gomoku();
    reversi();
    return failures ? 1 : 0;
}
