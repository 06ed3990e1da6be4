#!/usr/bin/env bash
# The architecture, checked.  The library: each game (src/c4, src/gomoku,
# src/reversi) includes and calls only itself and src/core; src/core
# nothing of any game; the server (src/web) the library.  The gts command
# on top: the base every command shares (src/cli/cli.h, src/cli/cli_*.c)
# no game and nothing above it; the MPI run-time (src/mpi) and the report
# layer (src/report) no game and no command, only the base; each game's
# commands (src/cli/c4, src/cli/gomoku, src/cli/reversi) only their game
# of the three.  No library code uses the command.  Includes are read from
# the sources, calls from the symbol tables (the library's, and the gts
# command's objects when their folder is given), so a declaration written
# by hand cannot hide a call.  No exported name of the library
# lacks a project prefix.  No objects call each other in a circle
# (directly or around a loop), in the library nor, given its folder of
# objects, in the gts command.  The command line stays thin: no file of
# src/cli, src/mpi or src/report over 400 lines, no function there over 80.
#
# usage: test_layout.sh SOURCE_DIR LIBRARY [COMMAND_OBJECTS_DIR]
set -u
SRC=${1:?usage: test_layout.sh SOURCE_DIR LIBRARY [COMMAND_OBJECTS_DIR]}
LIB=${2:?usage: test_layout.sh SOURCE_DIR LIBRARY [COMMAND_OBJECTS_DIR]}
CMD_OBJECTS=${3:-}
if [ -n "$CMD_OBJECTS" ]; then
    CMD_OBJECTS=$(cd "$CMD_OBJECTS" && pwd) || { echo "FAILED: no folder $3" >&2; exit 1; }
fi
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

# The library's objects, each with its folder, and the folder of every
# name it defines.
members=$(ar t "$LIB") || { fail "cannot read $LIB"; members=""; }
declare -A object_owner def_owner
exported=()
for m in $members; do
    base=${m%.o}
    # nvcc -dlink's object for NAME.cu's relocatable device code.
    case $base in *_dlink) base=${base%_dlink}.cu ;; esac
    path=$(find src data -name "$base" | head -2)
    [ "$(wc -l <<<"$path")" -eq 1 ] && [ -n "$path" ] || { fail "library member $m: not exactly one source named $base"; continue; }
    object_owner[$m]=$(owner "$path")
done
while read -r member type sym; do
    case $type in [TDBRVWC]) def_owner[$sym]=${object_owner[$member]:-other} ;; esac
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
# Calls: every symbol an object uses that another object defines must be
# defined in a folder the object's may use.
calls=0
check_calls() {   # reads "OBJECT SYMBOL" lines, what each object uses
    local o sym to from
    while read -r o sym; do
        to=${def_owner[$sym]:-}
        [ -n "$to" ] || continue
        from=${object_owner[$o]:-other}
        calls=$((calls + 1))
        allowed "$from" "$to" || fail "$o ($from) uses $sym ($to)"
    done
}
check_calls < <(nm -A --undefined-only "$LIB" 2>/dev/null | sed -n 's/^[^:]*:\([^:]*\):[[:space:]]*U \(.*\)$/\1 \2/p')
[ "$calls" -gt 100 ] || fail "only $calls calls between objects found"

# The command's calls, read the same way from its objects, named by their
# place in CMake's folder of them, which mirrors the sources'
# (src/cli/c4/c4_cmd.c.o).  An object whose source is gone (renamed,
# removed) is a build's leftover: CMake does not delete it.
objects=""
if [ -n "$CMD_OBJECTS" ]; then
    for o in $(cd "$CMD_OBJECTS" && find src -name '*.o' | sort); do
        [ -f "${o%.o}" ] && objects+="$o "
    done
    [ -n "$objects" ] || fail "no objects of the sources under $CMD_OBJECTS/src"
fi
if [ -n "$objects" ]; then
    for o in $objects; do object_owner[$o]=$(owner "${o%.o}"); done
    while read -r o type sym; do
        case $type in [TDBRC]) def_owner[$sym]=${object_owner[$o]:-other} ;; esac
    done < <(cd "$CMD_OBJECTS" && nm -A --defined-only $objects 2>/dev/null |
             sed -n 's/^\([^:]*\):[0-9a-f]* \([A-Za-z]\) \(.*\)$/\1 \2 \3/p')
    library_calls=$calls
    check_calls < <(cd "$CMD_OBJECTS" && nm -A --undefined-only $objects 2>/dev/null |
                    sed -n 's/^\([^:]*\):[[:space:]]*U \(.*\)$/\1 \2/p')
    [ $((calls - library_calls)) -gt 100 ] || fail "only $((calls - library_calls)) calls of the command's objects found"
fi

# No circles.  Two files that call each other, directly or around a
# loop, are one piece of code cut in two: neither can be read, tested or
# replaced without the other.  A file that calls another is never called
# back by it; what both need goes in a file below them.  The calls are
# read from the symbol tables (nm -A of an archive or of objects), an
# object named by its source file (a member of the library by its name,
# one of the command by its path; the _dlink object of nvcc by its .cu);
# the compilers' own names ('_...') are no call of ours.  Prints each
# circle (its strongly connected group of objects, Tarjan's algorithm)
# on a line, its files sorted.
circles() {
    nm -A "$@" 2>/dev/null | awk '
        function node(field) {
            sub(/:[0-9a-f]*$/, "", field)
            sub(/^.*:/, "", field)
            sub(/\.o$/, "", field)
            if (field ~ /_dlink$/) { sub(/_dlink$/, "", field); field = field ".cu" }
            return field
        }
        function strong(v,    i, w, comp, n) {
            order[v] = low[v] = ++counter
            stack[++sp] = v
            held[v] = 1
            for (i = 1; i <= out[v]; i++) {
                w = edge[v, i]
                if (!(w in order)) {
                    strong(w)
                    if (low[w] < low[v]) low[v] = low[w]
                } else if (held[w] && order[w] < low[v]) {
                    low[v] = order[w]
                }
            }
            if (low[v] != order[v]) return
            comp = ""
            n = 0
            do {
                w = stack[sp--]
                held[w] = 0
                comp = comp " " w
                n++
            } while (w != v)
            if (n > 1) print substr(comp, 2)
        }
        $3 ~ /^_/ { next }
        $2 ~ /^[TDBRC]$/ { defined[$3] = node($1); nodes[node($1)] = 1; next }
        $2 == "U" { used[++uses] = node($1) " " $3 }
        END {
            for (u = 1; u <= uses; u++) {
                split(used[u], part, " ")
                if (!(part[2] in defined)) continue
                to = defined[part[2]]
                if (to == part[1] || seen[part[1], to]++) continue
                edge[part[1], ++out[part[1]]] = to
            }
            for (v in nodes) if (!(v in order)) strong(v)
        }' | while read -r circle; do tr ' ' '\n' <<<"$circle" | sort | paste -sd' '; done | sort
}

# Every circle fails: the ones there were when this check came (issue
# 39) are all cut.
check_circles() {
    local circle
    while IFS= read -r circle; do
        fail "circle: $circle (these files call each other: cut them at a seam, or move what both use below them)"
    done
}
check_circles < <(circles "$LIB")
[ -z "$objects" ] || check_circles < <(cd "$CMD_OBJECTS" && circles $objects)

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
