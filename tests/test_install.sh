#!/usr/bin/env bash
# The installed library as a user links it: `make install PREFIX=...` into
# a temporary prefix, then a small program for each game (a Connect 4 solve,
# a Gomoku search on two threads, a Reversi endgame solve) built with
# nothing but `pkg-config --cflags --libs gts` against that tree, with
# warnings as errors, and run; and every installed header compiled alone,
# so that none needs a header the install leaves out (the library's own,
# src/core/tt.h among them).  Then the same as C++: every header alone
# under g++, and tests/install_cxx.cpp (each game's header, its answers
# and the answers to bad input) built and run; skipped with a message
# where g++ is not installed.  gts.pc names no folder of the build host:
# LIB_DIRS (the folders of the libraries outside the linker's own, the
# CUDA runtime's, ':' between them; CMake's GTS_PC_LIB_DIRS) is what a
# user puts in LIBRARY_PATH.  Skipped (77) without pkg-config.
#
# usage: test_install.sh BUILD_DIR C_COMPILER [LIB_DIRS]
BUILD=${1:?usage: test_install.sh BUILD_DIR C_COMPILER [LIB_DIRS]}
CC=${2:?C compiler}
export LIBRARY_PATH=${3:-}${LIBRARY_PATH:+:$LIBRARY_PATH}
. "$(dirname "$0")/cli_lib.sh" test_install

if ! command -v pkg-config >/dev/null; then
    echo "SKIP: pkg-config is not installed (make test installs it as root)"
    exit 77
fi
prefix=$TMP/prefix
# As the README says to: make install PREFIX=DIR, here of the build under
# test (-o release: the Makefile's build not run again).
SRC=$(realpath "$(dirname "$0")/..")
run "make install PREFIX=$prefix" env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -C "$SRC" \
    -o release install PREFIX="$prefix" RELEASE="$(realpath "$BUILD")"
expect_rc 0
check "gts is installed in $prefix/bin" test -x "$prefix/bin/gts"
check "the bundled data in $prefix/share/gts" test -d "$prefix/share/gts/c4"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
run "pkg-config --cflags --libs gts" pkg-config --cflags --libs gts
expect_rc 0
expect_contains out "-I$prefix/lib/pkgconfig/../../include" "-lgts"
flags=$out
check "gts.pc names no file or folder of the build host" \
    bash -c "! grep -E '(^|[ =])/' '$prefix/lib/pkgconfig/gts.pc'"

cat >"$TMP/c4.c" <<'EOF'
#include <gts/c4_solver.h>
#include <stdio.h>

int main(void)
{
    char err[200];
    c4_pos p;
    c4_options o = c4_default_options();
    o.tt_bytes = 1 << 20;
    c4_solver *s = c4_solver_create(&c4_standard, &o, err, sizeof err);
    c4_result r;
    if (!s || c4_parse(&c4_standard, &p, "2252576253462244111563365343671351441", err, sizeof err) != 0 ||
        c4_solve(s, &p, false, &r) != 0)
        return 1;
    printf("score %d\n", r.score);
    c4_solver_free(s);
    return 0;
}
EOF
cat >"$TMP/gomoku.c" <<'EOF'
#include <gts/gomoku_search.h>
#include <stdio.h>

static gm_board b;

int main(void)
{
    char err[200], cell[8];
    gm_search_options o;
    gm_search_defaults(&o);
    o.depth = 2;
    o.threads = 2;
    o.parallel = GM_PAR_ROOT;   /* the library's threads */
    o.tt_bytes = 1 << 20;
    gm_result r;
    if (gm_init(&b, 15, 15, GM_FREESTYLE, 2, err, sizeof err) != 0 ||
        gm_parse_moves(&b, "h8 i9 h9 h10 g7", err, sizeof err) != 0 || gm_search(&b, &o, &r, err, sizeof err) != 0)
        return 1;
    gm_format_cell(&b, r.move, cell, sizeof cell);
    printf("move %s\n", cell);
    return 0;
}
EOF
cat >"$TMP/reversi.c" <<'EOF'
#include <gts/reversi.h>
#include <stdio.h>

int main(void)
{
    char err[200];
    rv_pos p;
    bool black, has_score;
    int expected;
    rv_solve_options o;
    rv_solve_defaults(&o);
    o.tt_bytes = 1 << 20;
    rv_solve_result r;
    if (rv_parse_obf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;", &p, &black,
                     &has_score, &expected, err, sizeof err) != 0 ||
        rv_solve(&p, &o, &r, err, sizeof err) != 0)
        return 1;
    printf("score %+d expected %+d\n", r.score, expected);
    return 0;
}
EOF
# The compiler's flags alone: after -x c, a library that --libs names (a
# CUDA build's libcudart_static.a) would be read as C source.
cflags=$(pkg-config --cflags gts)
for h in "$prefix"/include/gts/*.h; do
    # shellcheck disable=SC2086  # the flags are words
    check "$(basename "$h") compiles alone" bash -c \
        "printf '#include <gts/%s>\\n' '$(basename "$h")' | '$CC' -std=c11 -Wall -Wextra -Werror -fsyntax-only -x c - $cflags"
done
for game in c4 gomoku reversi; do
    # shellcheck disable=SC2086  # the flags are words
    run "build the $game program" "$CC" -std=c11 -Wall -Wextra -Werror "$TMP/$game.c" -o "$TMP/$game" $flags
    expect_rc 0
    run "run the $game program" "$TMP/$game"
    expect_rc 0
done
declare -A answer=([c4]="score -1" [gomoku]="move " [reversi]="score +18 expected +18")
for game in c4 gomoku reversi; do
    run "the $game program's answer" "$TMP/$game"
    expect_contains out "${answer[$game]}"
done
if command -v g++ >/dev/null; then
    for h in "$prefix"/include/gts/*.h; do
        # shellcheck disable=SC2086  # the flags are words
        check "$(basename "$h") compiles alone as C++" bash -c \
            "printf '#include <gts/%s>\\n' '$(basename "$h")' | g++ -std=c++11 -Wall -Wextra -Werror -pedantic -fsyntax-only -x c++ - $cflags"
    done
    # shellcheck disable=SC2086  # the flags are words
    for game in c4 gomoku reversi; do
        # shellcheck disable=SC2086  # the flags are words
        run "build the $game program as C++" g++ -std=c++11 -Wall -Wextra -Werror -x c++ "$TMP/$game.c" -x none \
            -o "$TMP/$game-cxx" $flags
        expect_rc 0
        run "the $game program as C++" "$TMP/$game-cxx"
        expect_rc 0
        expect_contains out "${answer[$game]}"
    done
    # shellcheck disable=SC2086  # the flags are words
    run "build the C++ program" g++ -std=c++11 -Wall -Wextra -Werror "$(dirname "$0")/install_cxx.cpp" \
        -o "$TMP/cxx" $flags
    expect_rc 0
    run "run the C++ program" "$TMP/cxx"
    expect_rc 0
    expect_contains out "ok: a raised stop token stops c4_solve" "ok: gm_format_cell(GM_NO_MOVE)" \
        "ok: rv_format_square(RV_NO_MOVE)"
else
    echo "SKIP (part): g++ is not installed: the C++ program is not built (apt-get install g++)"
fi
run "installed gts" "$prefix/bin/gts" info
expect_rc 0
run "installed pbrain-gts" "$prefix/bin/pbrain-gts" --help
expect_rc 0
finish
