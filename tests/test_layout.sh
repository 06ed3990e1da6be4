#!/usr/bin/env bash
# The architecture, checked.  The library: each game (src/c4, src/gomoku,
# src/reversi) includes and calls only itself and src/core; src/core
# nothing of any game; the server (src/web) the library.  The gts command
# on top: the base every command shares (src/cli/cli.h, src/cli/cli_*.c)
# no game and nothing above it; the MPI run-time (src/mpi) and the report
# layer (src/report) no game and no command, only the base; each game's
# commands (src/cli/c4, src/cli/gomoku, src/cli/reversi) only their game
# of the three.  No library code uses the command.  Includes are read from
# the sources, calls from the library's symbol tables, so a declaration
# written by hand cannot hide a call.  No exported name of the library
# lacks a project prefix.  The command line stays thin: no file of
# src/cli, src/mpi or src/report over 400 lines, no function there over 80.
#
# usage: test_layout.sh SOURCE_DIR LIBRARY
set -u
SRC=${1:?usage: test_layout.sh SOURCE_DIR LIBRARY}
LIB=${2:?usage: test_layout.sh SOURCE_DIR LIBRARY}
cd "$SRC" || exit 1
failures=0
fail() {
    echo "FAILED: $*" >&2
    failures=$((failures + 1))
}

# The folder a source file belongs to: core, c4, gomoku, reversi (the
# generated weights are their game's: data/reversi, data/gomoku), web,
# mpi, report, base (what every command shares), cli (main() and the
# commands of no game), cli-c4, cli-gomoku, cli-reversi.
owner() {
    case $1 in
        src/core/*) echo core ;;
        src/c4/*) echo c4 ;;
        src/gomoku/* | data/gomoku/*) echo gomoku ;;
        src/reversi/* | data/reversi/*) echo reversi ;;
        src/web/*) echo web ;;
        src/mpi/*) echo mpi ;;
        src/report/*) echo report ;;
        src/cli/cli.h | src/cli/cli_*) echo base ;;
        src/cli/c4/*) echo cli-c4 ;;
        src/cli/gomoku/*) echo cli-gomoku ;;
        src/cli/reversi/*) echo cli-reversi ;;
        src/cli/*) echo cli ;;
        *) echo other ;;
    esac
}

# The owner of an included name: a folder under src/, or a game's public
# header (gts/c4*.h, gts/gomoku*.h, gts/reversi*.h; the other public
# headers are core's).
include_owner() {
    case $1 in
        gts/c4*) echo c4 ;;
        gts/gomoku*) echo gomoku ;;
        gts/reversi*) echo reversi ;;
        gts/*) echo core ;;
        core/* | c4/* | gomoku/* | reversi/* | web/* | mpi/* | report/* | cli/*) owner "src/$1" ;;
        *) echo local ;;
    esac
}

# May code of folder $1 use folder $2?
allowed() {
    [ "$1" = "$2" ] && return 0
    case $1 in
        core) return 1 ;;
        c4 | gomoku | reversi) [ "$2" = core ] ;;
        web) case $2 in core | c4 | gomoku | reversi) return 0 ;; esac; return 1 ;;
        base) [ "$2" = core ] ;;
        mpi | report) case $2 in core | base) return 0 ;; esac; return 1 ;;
        cli-*) case $2 in core | base | mpi | report | "${1#cli-}") return 0 ;; esac; return 1 ;;
        *) return 0 ;;
    esac
}

files=$(find src data -name '*.[ch]' -o -name '*.cu' | sort)
[ -n "$files" ] || fail "no sources found under $SRC"
checked=0
for f in $files; do
    from=$(owner "$f")
    while IFS= read -r inc; do
        to=$(include_owner "$inc")
        [ "$to" = local ] && continue
        checked=$((checked + 1))
        allowed "$from" "$to" || fail "$f ($from) includes \"$inc\" ($to)"
    done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
done
[ "$checked" -gt 50 ] || fail "only $checked includes read: is $SRC the source tree?"

# Calls: every symbol an object of the library uses that another of its
# objects defines must be defined in a folder the user may use.
members=$(ar t "$LIB") || { fail "cannot read $LIB"; members=""; }
declare -A member_owner def_owner
exported=()
for m in $members; do
    base=${m%.o}
    # nvcc -dlink's object for NAME.cu's relocatable device code.
    case $base in *_dlink) base=${base%_dlink}.cu ;; esac
    path=$(find src data -name "$base" | head -2)
    [ "$(wc -l <<<"$path")" -eq 1 ] && [ -n "$path" ] || { fail "library member $m: not exactly one source named $base"; continue; }
    member_owner[$m]=$(owner "$path")
done
while read -r member type sym; do
    case $type in [TDBRVWC]) def_owner[$sym]=${member_owner[$member]:-other} ;; esac
    case $type in [TDBRC]) exported+=("$sym") ;; esac
done < <(nm -A --defined-only "$LIB" 2>/dev/null | sed -n 's/^[^:]*:\([^:]*\):[0-9a-f]* \([A-Za-z]\) \(.*\)$/\1 \2 \3/p')
[ "${#def_owner[@]}" -gt 100 ] || fail "only ${#def_owner[@]} symbols defined in $LIB"
# The library's face: every exported name carries the project's prefix or
# its game's (c4*, gm*, rv*), so none can collide with a user's program.
# Weak names and names beginning with '_' are the compilers' own (nvcc's
# registration and relocatable device code).
for sym in "${exported[@]}"; do
    [[ $sym =~ ^(_|(gts|c4[a-z0-9]*|gm[a-z0-9]*|gomoku|rv[a-z0-9]*|reversi)_) ]] || fail "$sym: exported without a project prefix"
done
calls=0
while read -r member sym; do
    to=${def_owner[$sym]:-}
    [ -n "$to" ] || continue
    from=${member_owner[$member]:-other}
    calls=$((calls + 1))
    allowed "$from" "$to" || fail "$member ($from) uses $sym ($to)"
done < <(nm -A --undefined-only "$LIB" 2>/dev/null | sed -n 's/^[^:]*:\([^:]*\):[[:space:]]*U \(.*\)$/\1 \2/p')
[ "$calls" -gt 100 ] || fail "only $calls calls between objects found"

# The command line only parses and prints.
thin=$(find src/cli src/mpi src/report -name '*.[ch]' | sort)
for f in $thin; do
    lines=$(wc -l <"$f")
    [ "$lines" -le 400 ] || fail "$f has $lines lines (src/cli, src/mpi, src/report: at most 400)"
done
awk 'FNR == 1 { name = "" }
     /^[A-Za-z].*\(/ && !/;[[:space:]]*$/ { name = $0 }
     /^\{/ { start = FNR }
     /^\}/ && start { if (FNR - start - 1 > 80) printf "%s: %d lines: %s\n", FILENAME, FNR - start - 1, name; start = 0 }' \
    $(grep '\.c$' <<<"$thin") >"${TMPDIR:-/tmp}/gts_layout.$$"
while IFS= read -r long; do fail "function over 80 lines in $long"; done <"${TMPDIR:-/tmp}/gts_layout.$$"
rm -f "${TMPDIR:-/tmp}/gts_layout.$$"

[ "$failures" -eq 0 ] || exit 1
echo "layout: $checked includes and $calls calls between objects within their folders"
