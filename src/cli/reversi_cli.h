/* Internal to the gts command: the gts reversi commands in files of their own. */
#ifndef GTS_REVERSI_CLI_H
#define GTS_REVERSI_CLI_H

/* gts reversi best (argv[0] = "best"): the search's move for a position. */
int reversi_best_main(int argc, char **argv);
/* Each takes argv[0] = the command's name, then its options. */
int reversi_nboard_main(int argc, char **argv);
int reversi_gtp_main(int argc, char **argv);
int reversi_play_main(int argc, char **argv);
int reversi_bench_main(int argc, char **argv);

/* Adds the Reversi searches' nodes and time on the bench signature's
 * positions; -1 (after an error line) if one cannot be searched. */
int reversi_signature(unsigned long long *nodes, double *usec);

#endif
