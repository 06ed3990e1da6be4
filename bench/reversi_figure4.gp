# Superseded by `gts reversi bench table --plot FILE.svg` and `gts plot`
# (BENCHMARKS.md, "Pictures"); kept only while README.md's example runs it
# (tests/test_readme.sh): remove it with that line.
# The GPU Reversi report's Figure 4 from `gts reversi bench table --csv`:
# the factor (player 1's time / player 2's) against the search depth, one
# line per board, on a logarithmic scale.  Cells that were not played
# ("skipped") are left out.  An optional second table (csv2, e.g. the same
# player 2 against another player 1: bench/rv_gpu_table.sh --table draws
# the GPU against serial alpha-beta and against PVS on 16 threads) is drawn
# dashed in the same figure, its boards marked with label2.
#
#   gts reversi bench table --csv > table.csv
#   gnuplot -e "csv='table.csv'" bench/reversi_figure4.gp            # figure4.svg
#   gnuplot -e "csv='table.csv'; out='f4.png'" bench/reversi_figure4.gp
#   gnuplot -e "csv='a.csv'; csv2='b.csv'; label1=' vs alpha-beta'; label2='vs pvs 16'" bench/reversi_figure4.gp
if (!exists("csv")) csv = 'table.csv'
if (!exists("out")) out = 'figure4.svg'
if (!exists("label2")) label2 = '(second table)'
if (!exists("label1")) label1 = ''
if (out[strlen(out)-3:] eq '.png') { set terminal png size 900,600 } else { set terminal svg size 900,600 }
set output out
set datafile separator ','
# The boards of a file in its order, each once.
boards_of(f) = system("awk -F, 'NR > 1 && $5 == \"ok\" && !seen[$1]++ { printf \"%s \", $1 }' '".f."'")
boards = boards_of(csv)
set logscale y
set xlabel 'search depth'
set ylabel 'time of player 1 / time of player 2'
set key outside right
set grid
set xtics 1
if (!exists("csv2")) {
  plot for [b in boards] csv using 4:((strcol(1) eq b && strcol(5) eq 'ok') ? $8 : 1/0) \
       with linespoints title b, 1 with lines dashtype 2 lc rgb 'gray' notitle
} else {
  boards2 = boards_of(csv2)
  plot for [b in boards] csv using 4:((strcol(1) eq b && strcol(5) eq 'ok') ? $8 : 1/0) \
       with linespoints title b.label1, \
       for [b in boards2] csv2 using 4:((strcol(1) eq b && strcol(5) eq 'ok') ? $8 : 1/0) \
       with linespoints dashtype 3 title b.' '.label2, \
       1 with lines dashtype 2 lc rgb 'gray' notitle
}
