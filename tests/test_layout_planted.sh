#!/usr/bin/env bash
# test_layout.sh catches what it is there to catch.  A copy of the source
# tree gets one planted violation of each kind, and the library a planted
# object, and test_layout.sh must fail naming each:
#   - a game's file that includes another game's header, and calls it
#     (the call read from the symbol tables, not the source);
#   - a file of src/core that calls a game;
#   - a file of the MPI run-time that includes a game, one of the report
#     layer that includes a command, a game's command that includes
#     another game's commands, the commands' base that includes the MPI
#     run-time;
#   - a file of src/cli over 400 lines, with a function over 80;
#   - two files of src/core that call each other (a circle in the
#     library), and three objects of the command that call each other
#     around a loop (a circle in the command's folder of objects);
#   - an object of the MPI run-time that calls a game (the call read from
#     the command's objects).
# The tree as it is must show no call across folders.
#
# usage: test_layout_planted.sh SOURCE_DIR LIBRARY C_COMPILER COMMAND_OBJECTS_DIR
set -u
SRC=${1:?usage: test_layout_planted.sh SOURCE_DIR LIBRARY C_COMPILER COMMAND_OBJECTS_DIR}
LIB=${2:?usage: test_layout_planted.sh SOURCE_DIR LIBRARY C_COMPILER COMMAND_OBJECTS_DIR}
CC=${3:?usage: test_layout_planted.sh SOURCE_DIR LIBRARY C_COMPILER COMMAND_OBJECTS_DIR}
OBJECTS=${4:?usage: test_layout_planted.sh SOURCE_DIR LIBRARY C_COMPILER COMMAND_OBJECTS_DIR}
LAYOUT=$(dirname "$0")/test_layout.sh

. "$(dirname "$0")/cli_lib.sh" gts_layout_planted

mkdir -p "$TMP/tree"
cp -r "$SRC/src" "$SRC/data" "$TMP/tree/"

# A Connect 4 file using Gomoku, and a core file using Connect 4.
cat >"$TMP/tree/src/c4/c4_planted.c" <<'C'
#include "gts/gomoku.h"
int c4_planted(void)
{
    gm_board b;
    char err[8];
    return gm_init(&b, 15, 15, GM_FREESTYLE, 2, err, sizeof err);
}
C
cat >"$TMP/tree/src/core/core_planted.c" <<'C'
#include <stddef.h>
typedef struct c4_geom c4_geom;
typedef struct c4_pos c4_pos;
int c4_parse(const c4_geom *g, c4_pos *p, const char *moves, char *err, size_t errlen);
int core_planted(void)
{
    return c4_parse(NULL, NULL, "", NULL, 0);
}
C
# The program's tiers: each include below crosses a wall.
echo '#include "gts/c4.h"' >"$TMP/tree/src/mpi/mpi_planted.c"
echo '#include "cli/c4/c4_cli.h"' >"$TMP/tree/src/report/report_planted.c"
echo '#include "cli/reversi/reversi_cli.h"' >"$TMP/tree/src/cli/c4/c4_planted_cmd.c"
echo '#include "mpi/farm.h"' >"$TMP/tree/src/cli/cli_planted_base.c"
# A command-line file of 401 lines, one function of 81.
{
    echo "int cli_planted(void)"
    echo "{"
    echo "    int n = 0;"
    for _ in $(seq 79); do echo "    n++;"; done
    echo "    return n;"   # line 82: the body is 81 lines
    echo "}"
    for _ in $(seq 317); do echo "/* filler */"; done
} >"$TMP/tree/src/cli/cli_planted.c"

# A circle in the library: two core files calling each other.
cat >"$TMP/tree/src/core/core_planted_ping.c" <<'C'
int gts_planted_pong(int n);
int gts_planted_ping(int n)
{
    return n > 0 ? gts_planted_pong(n - 1) : 0;
}
C
cat >"$TMP/tree/src/core/core_planted_pong.c" <<'C'
int gts_planted_ping(int n);
int gts_planted_pong(int n)
{
    return n > 0 ? gts_planted_ping(n - 1) : 1;
}
C
# The command's objects, with a circle around a loop of three among them
# and an MPI object calling Connect 4; and the same MPI object again
# under a name whose source is gone (a build's leftover: not read).
cp -r "$OBJECTS" "$TMP/cmd"
for i in 0 1 2; do
    printf 'int cli_planted_%d(int n);\nint cli_planted_%d(int n) { return n ? cli_planted_%d(n - 1) : %d; }\n' \
        $(((i + 1) % 3)) "$i" $(((i + 1) % 3)) "$i" >"$TMP/tree/src/cli/cli_planted_$i.c"
    check "compiling the planted cli_planted_$i.c" "$CC" -c "$TMP/tree/src/cli/cli_planted_$i.c" \
        -o "$TMP/cmd/src/cli/cli_planted_$i.c.o"
done
cat >"$TMP/tree/src/mpi/mpi_planted_call.c" <<'C'
int c4_mirror_key(const void *p);
int mpi_planted_call(const void *p)
{
    return c4_mirror_key(p);
}
C
check "compiling the planted mpi_planted_call.c" "$CC" -c "$TMP/tree/src/mpi/mpi_planted_call.c" \
    -o "$TMP/cmd/src/mpi/mpi_planted_call.c.o"
cp "$TMP/cmd/src/mpi/mpi_planted_call.c.o" "$TMP/cmd/src/mpi/mpi_planted_gone.c.o"

cp "$LIB" "$TMP/lib.a"
rc=0 cmd=()
for f in c4/c4_planted.c core/core_planted.c core/core_planted_ping.c core/core_planted_pong.c; do
    obj=$TMP/$(basename "$f").o
    check "compiling the planted $f" "$CC" -c -I"$SRC/include" -I"$TMP/tree/src" "$TMP/tree/src/$f" -o "$obj"
    check "adding $obj to the library copy" ar q "$TMP/lib.a" "$obj"
done

run "the planted tree" bash "$LAYOUT" "$TMP/tree" "$TMP/lib.a" "$TMP/cmd"
expect_rc 1
expect_contains err \
    'FAILED: src/c4/c4_planted.c (c4) includes "gts/gomoku.h" (gomoku)' \
    'FAILED: c4_planted.c.o (c4) uses gm_init (gomoku)' \
    'FAILED: core_planted.c.o (core) uses c4_parse (c4)' \
    'FAILED: src/mpi/mpi_planted.c (mpi) includes "gts/c4.h" (c4)' \
    'FAILED: src/report/report_planted.c (report) includes "cli/c4/c4_cli.h" (cli-c4)' \
    'FAILED: src/cli/c4/c4_planted_cmd.c (cli-c4) includes "cli/reversi/reversi_cli.h" (cli-reversi)' \
    'FAILED: src/cli/cli_planted_base.c (base) includes "mpi/farm.h" (mpi)' \
    'FAILED: src/cli/cli_planted.c has 401 lines (src/cli, src/mpi, src/report: at most 400)' \
    'FAILED: function over 80 lines in src/cli/cli_planted.c: 81 lines: int cli_planted(void)' \
    'FAILED: circle: core_planted_ping.c core_planted_pong.c' \
    'FAILED: circle: src/cli/cli_planted_0.c src/cli/cli_planted_1.c src/cli/cli_planted_2.c' \
    'FAILED: src/mpi/mpi_planted_call.c.o (mpi) uses c4_mirror_key (c4)'
check "a leftover object (its source gone) not read" bash -c "! grep -q mpi_planted_gone '$TMP/err'"

run "the tree as it is" bash "$LAYOUT" "$SRC" "$LIB" "$OBJECTS"
check "no call across folders in the tree as it is" bash -c "! grep -q ' uses ' '$TMP/err'"
check "no include across folders in the tree as it is" bash -c "! grep -q ' includes ' '$TMP/err'"
check "no new circle in the tree as it is" bash -c "! grep -q 'circle:' '$TMP/err'"

finish
