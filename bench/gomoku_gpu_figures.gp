# The Gomoku report's log-scale speedup figures from
# `gts gomoku bench table --gpu --csv`: for each depth a panel, the board
# size across, and per variant its speedup over the naive GPU design (the
# report's figures compare each design with naive CUDA) on a logarithmic
# scale; cells not run ("-") are left out.
#
#   gts gomoku bench table --gpu --csv > table.csv
#   gnuplot -e "csv='table.csv'" bench/gomoku_gpu_figures.gp           # gomoku_gpu_figures.svg
#   gnuplot -e "csv='table.csv'; out='f.png'" bench/gomoku_gpu_figures.gp
if (!exists("csv")) csv = 'table.csv'
if (!exists("out")) out = 'gomoku_gpu_figures.svg'
if (out[strlen(out)-3:] eq '.png') { set terminal png size 1200,800 } else { set terminal svg size 1200,800 }
set output out
# The variants and depths of the file in order, each once (a variant's
# name has spaces: they travel as '_').
variants = system("awk -F, 'NR > 1 && !seen[$1]++ { gsub(/ /, \"_\", $1); printf \"%s \", $1 }' '".csv."'")
depths = system("awk -F, 'NR > 1 && !seen[$3]++ { printf \"%s \", $3 }' '".csv."'")
# size, speedup over naive for variant v at depth d, one line per board.
series(v, d) = sprintf("< awk -F, -v v='%s' -v d='%s' 'NR > 1 { n = $1; gsub(/ /, \"_\", n) } NR > 1 && $3 == d && n == \"gpu_naive\" && $5 != \"\" { naive[$2] = $5 } NR > 1 && $3 == d && n == v && $5 != \"\" { t[$2] = $5; order[++k] = $2 } END { for (i = 1; i <= k; i++) if (order[i] in naive) print order[i], naive[order[i]] / t[order[i]] }' '%s'", v, d, csv)
set multiplot layout 2,2 title 'speedup over the naive GPU design (log scale)'
set logscale y
set grid
set xlabel 'board (N x N)'
set ylabel 'naive / variant'
set key outside right font ',8'
do for [d in depths] {
  set title sprintf('depth %s', d)
  plot for [v in variants] series(v, d) using 1:2 with linespoints title v noenhanced
}
unset multiplot
