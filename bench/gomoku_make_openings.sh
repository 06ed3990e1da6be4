#!/usr/bin/env bash
# Makes bench/gomoku_openings_balanced.txt: openings for long self-play runs (200+ games,
# more than the 29 of bench/gomoku_openings_15.txt), in c-gomoku-cli's offset format
# ("x,y, x,y, ...", black's stone first, offsets from the centre: the same file serves 15x15
# and 20x20).
#
#   bench/gomoku_make_openings.sh [--gts PATH] [--seed S] [--count N] [--depth D]
#                                 [--lo L] [--hi H] > bench/gomoku_openings_balanced.txt
#
# Candidates: 4 or 5 stones (alternately), each placed at random within 3 of the centre
# (awk's srand(S) stream, so the same seed gives the same candidates), none twice up to the
# board's 8 symmetries and translation.  A candidate is kept when a short gts search
# (`gts gomoku best --algo pattern --depth D`, freestyle) scores it for black within [L, H]:
# the 12 classical three-stone openings that Rapfi found closest to even (+32..+135 on its
# scale) scored -11..+653 this way at depth 8 (c7f4377), so the default band -50..+250 keeps
# the side to move neither lost nor won in gts's eyes.  The kept openings are sorted by
# distance from the band's middle, so that a run of GAMES uses the most even GAMES/2.
# Renju: an opening has at most 3 black stones, too few for a forbidden point (a double three
# needs five), so the file serves renju too.
# Deterministic: the same gts and arguments give the same file (fixed depth, not time; awk's
# random stream is mawk's, Debian's default awk).  The file: gts at 74e076f, the defaults,
# 17 min on the dev VM (2 cores, loaded), 2026-12-03.
set -euo pipefail
cd "$(dirname "$0")/.."

gts=build/release/gts seed=43 count=120 depth=8 lo=-50 hi=250
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "gomoku_make_openings.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --gts) gts=$2 ;;
    --seed) seed=$2 ;;
    --count) count=$2 ;;
    --depth) depth=$2 ;;
    --lo) lo=$2 ;;
    --hi) hi=$2 ;;
    *) echo "gomoku_make_openings.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
for v in "$seed" "$count" "$depth" "$lo" "$hi"; do
  [[ $v =~ ^-?[0-9]+$ ]] || { echo "gomoku_make_openings.sh: '$v' is not a whole number" >&2; exit 2; }
done
[ "$lo" -le "$hi" ] || { echo "gomoku_make_openings.sh: --lo $lo is above --hi $hi" >&2; exit 2; }
[ -x "$gts" ] || { echo "gomoku_make_openings.sh: no gts binary at $gts (make release)" >&2; exit 2; }

# Candidate stream: "offsets|moves" a line, at most 50 candidates per opening wanted (with the
# defaults 120 of 727 were kept).
candidates() {
  awk -v seed="$seed" -v n=$((count * 50)) '
    function key(xs, ys, k,    s, t, i, j, x, y, mx, my, b, w, best, a, tmp) {
      best = ""
      for (s = 0; s < 8; s++) {
        mx = 99; my = 99
        for (i = 1; i <= k; i++) {
          x = xs[i]; y = ys[i]
          if (s % 2) { t = x; x = y; y = t }
          if (int(s / 2) % 2) x = -x
          if (int(s / 4)) y = -y
          tx[i] = x; ty[i] = y
          if (x < mx) mx = x
          if (y < my) my = y
        }
        b = ""; w = ""
        for (i = 1; i <= k; i++) a[i] = sprintf("%d.%d", tx[i] - mx, ty[i] - my)
        for (i = 1; i <= k; i += 2)        # sort each colour: black odd, white even
          for (j = i + 2; j <= k; j += 2) if (a[j] < a[i]) { tmp = a[i]; a[i] = a[j]; a[j] = tmp }
        for (i = 2; i <= k; i += 2)
          for (j = i + 2; j <= k; j += 2) if (a[j] < a[i]) { tmp = a[i]; a[i] = a[j]; a[j] = tmp }
        for (i = 1; i <= k; i++) if (i % 2) b = b a[i] " "; else w = w a[i] " "
        if (best == "" || b "/" w < best) best = b "/" w
      }
      return best
    }
    BEGIN {
      srand(seed)
      for (c = 0; c < n; c++) {
        k = 4 + c % 2
        delete used
        for (i = 1; i <= k; i++) {
          do { x = int(rand() * 7) - 3; y = int(rand() * 7) - 3 } while ((x, y) in used)
          used[x, y] = 1; xs[i] = x; ys[i] = y
        }
        kk = key(xs, ys, k)
        if (kk in seen) continue
        seen[kk] = 1
        off = ""; mv = ""
        for (i = 1; i <= k; i++) {
          off = off (i > 1 ? ", " : "") xs[i] "," ys[i]
          mv = mv (i > 1 ? " " : "") (xs[i] + 7) "," (ys[i] + 7)
        }
        print off "|" mv
      }
    }'
}

mid=$(((lo + hi) / 2))
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
kept=0 tried=0
while IFS='|' read -r off moves && [ "$kept" -lt "$count" ]; do
  tried=$((tried + 1))
  json=$("$gts" gomoku best --algo pattern --depth "$depth" --json "$moves") || {
    echo "gomoku_make_openings.sh: gts failed on $moves" >&2
    exit 1
  }
  score=$(sed -n 's/.*"score":\(-\{0,1\}[0-9]*\).*/\1/p' <<< "$json")
  stones=$(wc -w <<< "$moves")
  [ $((stones % 2)) -eq 1 ] && score=$((-score)) # white to move: its score is black's negated
  if [ "$score" -ge "$lo" ] && [ "$score" -le "$hi" ]; then
    kept=$((kept + 1))
    d=$((score - mid))
    printf '%d\t%d\t%s\n' "${d#-}" "$kept" "$off" >> "$tmp"
  fi
done < <(candidates)
[ "$kept" -eq "$count" ] || { echo "gomoku_make_openings.sh: only $kept of $count openings in [$lo, $hi] from $tried candidates" >&2; exit 1; }
echo "gomoku_make_openings.sh: kept $kept of $tried candidates" >&2
sort -n -k1,1 -k2,2 "$tmp" | cut -f3
