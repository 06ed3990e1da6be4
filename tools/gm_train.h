/* gm_train's two halves (tools/gm_train.c): the labels and the fit. */
#ifndef GTS_GM_TRAIN_H
#define GTS_GM_TRAIN_H

#include "gomoku/pattern/gm_cell_table.h"

/* Table entries: per set, two columns of GM_CELL_KEYS. */
enum { GM_TRAIN_PARAMS = GM_EVAL_SETS * 2 * GM_CELL_KEYS };

/* gm_train fit: reads the labels of the files, fits the line-sum model
 * then the tables with ITERATIONS steps each, the target LAMBDA x result
 * + (1 - LAMBDA) x sigmoid(score / scale), a table entry held towards the
 * line-sum model as if ALPHA positions said so; writes out_file. */
int gm_train_fit(int iterations, double lambda, double alpha, const char *out_file, int files, char **file);

#endif
