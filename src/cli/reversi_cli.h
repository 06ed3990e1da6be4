/* Internal to the gts command: the gts reversi commands in files of their own. */
#ifndef GTS_REVERSI_CLI_H
#define GTS_REVERSI_CLI_H

/* Each takes argv[0] = the command's name, then its options. */
int reversi_nboard_main(int argc, char **argv);
int reversi_play_main(int argc, char **argv);
int reversi_bench_main(int argc, char **argv);

#endif
