/* Internal to the gts command: the gts reversi commands in files of their own. */
#ifndef GTS_REVERSI_CLI_H
#define GTS_REVERSI_CLI_H

/* gts reversi best (argv[0] = "best"): the search's move for a position. */
int reversi_best_main(int argc, char **argv);

#endif
