# The GPU Reversi report's Figure 4 from `gts reversi bench table --csv`:
# the factor (player 1's time / player 2's) against the search depth, one
# line per board, on a logarithmic scale.  Cells that were not played
# ("skipped") are left out.
#
#   gts reversi bench table --csv > table.csv
#   gnuplot -e "csv='table.csv'" bench/reversi_figure4.gp            # figure4.svg
#   gnuplot -e "csv='table.csv'; out='f4.png'" bench/reversi_figure4.gp
if (!exists("csv")) csv = 'table.csv'
if (!exists("out")) out = 'figure4.svg'
if (out[strlen(out)-3:] eq '.png') { set terminal png size 900,600 } else { set terminal svg size 900,600 }
set output out
set datafile separator ','
# The boards in the file's order, each once.
boards = system("awk -F, 'NR > 1 && $5 == \"ok\" && !seen[$1]++ { printf \"%s \", $1 }' '".csv."'")
set logscale y
set xlabel 'search depth'
set ylabel 'time of player 1 / time of player 2'
set key outside right
set grid
set xtics 1
plot for [b in boards] csv using 4:((strcol(1) eq b && strcol(5) eq 'ok') ? $8 : 1/0) \
     with linespoints title b, 1 with lines dashtype 2 lc rgb 'gray' notitle
