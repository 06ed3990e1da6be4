#!/usr/bin/env bash
# What the batch commands read (issue 19): a directory or a missing file
# among the inputs, a NUL byte in a line, a line without end, a move string
# of a million moves; --data or $GTS_DATA naming no folder; the bundled
# samples found from any folder, from the build tree and installed.
#
# usage: test_cli_input.sh GTS_BINARY SOURCE_DIR CMAKE BUILD_DIR
set -u
GTS=${1:?usage: test_cli_input.sh GTS_BINARY SOURCE_DIR CMAKE BUILD_DIR}
SRC=${2:?usage: test_cli_input.sh GTS_BINARY SOURCE_DIR CMAKE BUILD_DIR}
CMAKE=${3:?usage: test_cli_input.sh GTS_BINARY SOURCE_DIR CMAKE BUILD_DIR}
BUILD=${4:?usage: test_cli_input.sh GTS_BINARY SOURCE_DIR CMAKE BUILD_DIR}
DATA=$SRC/data/c4

. "$(dirname "$0")/cli_lib.sh" gts_cli_input

head -3 "$DATA/Test_L3_R1" >"$TMP/three"
mkdir "$TMP/adir"

############################################################################
# A directory or a missing file among the inputs: said, exit 1, the other
# files still read (a directory used to be read as an empty file, exit 0).

run "solve a directory and a file" "$GTS" c4 solve "$TMP/adir" "$TMP/three"
expect_rc 1
expect_contains err "gts: cannot read $TMP/adir: Is a directory"
expect_lines err 1
expect_lines out 3

run "solve --gpu (CPU executor) a directory and a file" "$GTS" c4 solve --gpu --executor cpu --gpu-tt-mb 16 \
    "$TMP/adir" "$TMP/three"
expect_rc 1
expect_contains err "gts: cannot read $TMP/adir: Is a directory"
expect_lines out 3

run "solve a missing file and a file" "$GTS" c4 solve "$TMP/none" "$TMP/three"
expect_rc 1
expect_contains err "gts: cannot open $TMP/none: No such file or directory"
expect_lines out 3

run "bench a directory as a set" "$GTS" c4 bench --csv "$TMP/adir" "$TMP/three"
expect_rc 1
expect_contains err "gts: cannot read $TMP/adir: Is a directory"
expect_contains out "three,solver,1,3,"
expect_lines out 3

############################################################################
# A NUL byte names its line and the line is not solved (it was solved as
# the text before the NUL); the other lines are.

read -r good score <<<"$(sed -n 1p "$TMP/three")"
printf '%s %s\n44\0005 3\n%s %s\n' "$good" "$score" "$good" "$score" >"$TMP/nul"
run "solve a line with a NUL byte" --stdin "$TMP/nul" "$GTS" c4 solve
expect_rc 1
expect_contains err "gts: -:2: NUL byte at column 3"
expect_lines out 2

run "bench a set with a NUL byte" "$GTS" c4 bench --csv "$TMP/nul"
expect_rc 1
expect_contains err "gts: $TMP/nul:2: NUL byte at column 3"
expect_contains out "nul,solver,1,2,"

############################################################################
# Long lines: a million moves is "position too long" (it was "unexpected
# text '444...' after the score"), the next line still solved; a line
# longer than 1 MiB ends its file, so /dev/zero is refused at once instead
# of filling memory.

{ head -c 1000000 /dev/zero | tr '\0' 4; printf '\n%s %s\n' "$good" "$score"; } >"$TMP/long"
run "solve a million moves" --stdin "$TMP/long" "$GTS" c4 solve
expect_rc 1
expect_contains err "gts: -:1: position too long (1000000 moves, max 42 on 7x6)"
expect_lines out 1

run "solve /dev/zero" timeout 20 "$GTS" c4 solve /dev/zero "$TMP/three"
expect_rc 1
expect_contains err "gts: /dev/zero:1: line longer than 1048576 bytes: the rest of the file is not read"
expect_lines out 3

############################################################################
# --data and $GTS_DATA: a folder that is not there is an error (exit 2),
# never passed over for another.

run "bench --data /nope" "$GTS" c4 bench --data /nope end-easy
expect_usage_error "no such directory: /nope"

run "bench --data FILE" "$GTS" c4 bench --data "$TMP/three" end-easy
expect_usage_error "not a directory: $TMP/three"

run "GTS_DATA=/nope bench" env GTS_DATA=/nope "$GTS" c4 bench end-easy
expect_usage_error "no such directory: /nope (\$GTS_DATA)"

run "bench --data DIR (a set there)" "$GTS" c4 bench --csv --limit 2 --data "$DATA" middle-easy
expect_rc 0
expect_contains out "middle-easy,solver,1,2,"

############################################################################
# The bundled samples from any folder: from the build tree (the source
# tree's data/c4), and installed (PREFIX/share/gts/c4, found beside the
# executable, also after the tree is moved).

cd "$TMP" || exit 1
run "bench end-easy from another folder" "$GTS" c4 bench --csv --limit 2 end-easy
expect_rc 0
expect_contains out "end-easy,solver,1,2,"

run "info names the source tree's data" "$GTS" info
expect_contains out "data: $(cd "$SRC/data" && pwd -P)"

run "install" "$CMAKE" --install "$BUILD" --prefix "$TMP/prefix"
expect_rc 0
checks=$((checks + 1))
cmp -s "$TMP/prefix/share/gts/c4/Test_L3_R1" "$DATA/Test_L3_R1" || fail "no share/gts/c4/Test_L3_R1 installed"
mv "$TMP/prefix" "$TMP/moved"

run "installed bench end-easy, moved, from another folder" "$TMP/moved/bin/gts" c4 bench --csv --limit 2 end-easy
expect_rc 0
expect_contains out "end-easy,solver,1,2,"

run "installed info names the installed data" "$TMP/moved/bin/gts" info
expect_contains out "data: $(cd "$TMP/moved/share/gts" && pwd -P)"

finish
