/*
 * The Gomocup protocol engine (gts gomoku pbrain, pbrain-gts) driven the way
 * a manager drives it: whole sessions written as scripts, each run on a
 * fresh engine through pipes, every reply checked against the script and
 * against a board kept here (moves on the board and on empty cells, reply
 * times within the limits), then the exit status.  The first failed check
 * ends its session (the engine is killed) and the next session goes on.
 * Options are checked last.  Reads and writes never block without a
 * timeout, and an engine that stops answering is killed, so the test
 * cannot hang.
 *
 *     usage: test_pbrain [--part SESSION] ENGINE [ARGS...]
 *                                       (ARGS: "gomoku pbrain" for gts)
 *
 * Script lines (leading spaces and '#' comments ignored):
 *   > TEXT        send TEXT ended by CR LF, as managers do (>lf: LF only,
 *                 >cr: CR only, >raw: nothing)
 *   < PATTERN     the next line must match PATTERN: text, a trailing '*'
 *                 for a prefix, alternatives split by '|'; "move" for a
 *                 legal move, "move X,Y" for that one, "move !X,Y" any but
 *                 it.  "<= MS" at the end limits the time since the last
 *                 send (plus SLACK_MS: a hang's bound, not a speed's)
 *   turns N [<= MS]   N times "TURN $free" answered by a move
 *   junk N, long N    a line of N random bytes / N letters
 *   eof, exit     close the engine's input; expect it to exit with status 0
 *                 and nothing more said (done at the end of every script)
 * In sent text $free is a random empty cell (remembered: "$free" in a
 * pattern is the same cell) and $last the engine's last move.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test_session.h"

/* Time limits get this much extra: a limit a loaded machine meets under
 * the sanitizers too (with load 6-20 on 2 cores a 300 ms turn was
 * answered after 899 ms; issue 38), so the test does not depend on how
 * fast the machine is.  It still tells a move searched within its turn
 * from one that never ends; bench/gomoku_pbrain_reply.sh holds the reply
 * times to timeout_turn itself. */
#define SLACK_MS 10000
#define REPLY_TIMEOUT_MS 60000   /* no reply in this long: the engine hangs */
#define EXIT_TIMEOUT_MS 60000
#define MAX_CELLS (32 * 32)

enum { EMPTY, MINE, THEIRS };

/* A session being run: the engine, and the board as the manager sees it. */
typedef struct run {
    const char *name;
    int lineno;
    child c;
    bool dead;                 /* killed or exited */
    bool failed;               /* a check failed: the rest is skipped */
    int width, height;         /* 0: no board */
    uint8_t who[MAX_CELLS];
    bool in_board;
    int last, free_cell;       /* the engine's last move, the last $free */
    uint64_t rng;
    double sent_at;
} run;

static void write_cell(const run *r, int cell, char *out)
{
    sprintf(out, "%d,%d", cell % r->width, cell / r->width);
}

/* Replaces $free (a new random empty cell when fresh) and $last. */
static bool substitute(run *r, const char *in, char *out, size_t size, bool fresh)
{
    size_t n = 0;
    out[0] = '\0';
    for (; *in && n + 16 < size; n += strlen(out + n)) {
        if (strncmp(in, "$free", 5) == 0) {
            if (fresh) {
                int empty = 0;
                for (int i = 0; i < r->width * r->height; i++)
                    empty += r->who[i] == EMPTY;
                if (!expect(r, empty > 0, "no empty cell for $free"))
                    return false;
                int k = (int)(lcg_next(&r->rng) % (uint64_t)empty);
                r->free_cell = -1;
                for (int i = 0; r->free_cell < 0; i++)
                    if (r->who[i] == EMPTY && k-- == 0)
                        r->free_cell = i;
            }
            write_cell(r, r->free_cell, out + n);
            in += 5;
        } else if (strncmp(in, "$last", 5) == 0) {
            write_cell(r, r->last, out + n);
            in += 5;
        } else {
            out[n] = *in++;
            out[n + 1] = '\0';
        }
    }
    return true;
}

/* Exactly n comma-separated integers, spaces allowed around them. */
static bool parse_ints(const char *s, long *v, int n)
{
    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        v[i] = strtol(s, &end, 10);
        if (end == s || errno)
            return false;
        s = end + strspn(end, " \t");
        if (*s != (i + 1 < n ? ',' : '\0'))
            return false;
        s += i + 1 < n;
    }
    return true;
}

/* The cell of "x,y" on the board, or -1. */
static int cell_of(const run *r, const char *s)
{
    long v[2];
    if (!parse_ints(s, v, 2) || v[0] < 0 || v[0] >= r->width || v[1] < 0 || v[1] >= r->height)
        return -1;
    return (int)(v[1] * r->width + v[0]);
}

/* What a sent command does to the board, judged as the engine should. */
static void track(run *r, const char *text)
{
    char word[16] = "";
    sscanf(text, " %15s", word);
    const char *arg = strstr(text, word) + strlen(word);
    const char *t = text + strspn(text, " \t");
    long v[3];
    if (r->in_board) {
        if (isdigit((unsigned char)*t) || *t == '-' || *t == '+') {
            if (parse_ints(t, v, 3) && v[0] >= 0 && v[0] < r->width && v[1] >= 0 && v[1] < r->height &&
                v[2] >= 1 && v[2] <= 3 && r->who[v[1] * r->width + v[0]] == EMPTY)
                r->who[v[1] * r->width + v[0]] = v[2] == 1 ? MINE : THEIRS;
            return;
        }
        r->in_board = false;
    }
    if (strcasecmp(word, "START") == 0 || strcasecmp(word, "RECTSTART") == 0) {
        const bool rect = strcasecmp(word, "RECTSTART") == 0;
        const bool ok = parse_ints(arg, v, rect ? 2 : 1);
        if (!rect)
            v[1] = v[0];
        const bool fits = ok && v[0] >= 5 && v[0] <= 32 && v[1] >= 5 && v[1] <= 32;
        r->width = fits ? (int)v[0] : 0;
        r->height = fits ? (int)v[1] : 0;
        memset(r->who, EMPTY, sizeof r->who);
    } else if (r->width && (strcasecmp(word, "RESTART") == 0 || strcasecmp(word, "BOARD") == 0)) {
        memset(r->who, EMPTY, sizeof r->who);
        r->in_board = strcasecmp(word, "BOARD") == 0;
    } else if (r->width && strcasecmp(word, "TURN") == 0) {
        const int cell = cell_of(r, arg);
        if (cell >= 0 && r->who[cell] == EMPTY)
            r->who[cell] = THEIRS;
    } else if (r->width && strcasecmp(word, "TAKEBACK") == 0) {
        const int cell = cell_of(r, arg);
        if (cell >= 0)
            r->who[cell] = EMPTY;
    }
}

static void send_line(run *r, const char *text, const char *ending)
{
    char line[512];
    if (!substitute(r, text, line, sizeof line - 4, true))
        return;
    track(r, line);
    strcat(line, ending);
    r->sent_at = now_ms();
    expect(r, send_bytes(&r->c, line, strlen(line), REPLY_TIMEOUT_MS), "could not send '%s' (engine gone?)", text);
}

/* A reply that must be a move: legal, and exact when want is not empty. */
static void check_move(run *r, const char *line, const char *want)
{
    const int cell = strspn(line, "0123456789,") == strlen(line) ? cell_of(r, line) : -1;
    if (!expect(r, cell >= 0, "reply '%s' is not a move X,Y on the %dx%d board", line, r->width, r->height))
        return;
    expect(r, r->who[cell] == EMPTY, "move %s is on an occupied cell", line);
    r->who[cell] = MINE;
    r->last = cell;
    if (*want) {
        char shown[512];
        const bool not = *want == '!';
        substitute(r, want + not, shown, sizeof shown, false);
        expect(r, (cell == cell_of(r, shown)) != not, "move %s, expected %s%s", line, not ? "any but " : "", shown);
    }
}

static void expect_reply(run *r, const char *pattern, int limit_ms)
{
    char line[512];
    const int got = read_line(&r->c, line, sizeof line, REPLY_TIMEOUT_MS);
    const double ms = now_ms() - r->sent_at;
    if (!expect(r, got == 1, "%s instead of '%s'", got == 0 ? "the engine's output ended" : "no reply", pattern))
        return;
    if (strncmp(pattern, "move", 4) == 0)
        check_move(r, line, pattern + 4 + strspn(pattern + 4, " "));
    else
        expect(r, matches(line, pattern), "reply '%s', expected '%s'", line, pattern);
    if (limit_ms >= 0)
        expect(r, ms <= limit_ms + SLACK_MS, "reply after %.0f ms, limit %d ms (+%d)", ms, limit_ms, SLACK_MS);
}

/* The engine ends: it must say nothing more and exit with status 0. */
static void expect_exit(run *r)
{
    char line[512];
    int got;
    while ((got = read_line(&r->c, line, sizeof line, EXIT_TIMEOUT_MS)) == 1)
        expect(r, line[0] == '\0', "unexpected output '%s'", line);
    expect(r, got == 0, "the engine did not close its output");
    const int status = reap(&r->c, EXIT_TIMEOUT_MS);
    expect(r, status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status %d, expected 0",
           status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    r->dead = true;
}

/* "PATTERN <= MS": the limit, cut off the pattern; -1 if none. */
static int time_limit(char *pattern)
{
    char *at = strstr(pattern, " <= ");
    if (!at)
        return -1;
    *at = '\0';
    return atoi(at + 4);
}

static void step(run *r, char *s)
{
    if (s[0] == '>') {
        const char *ending = "\r\n";
        if (strncmp(s, ">lf ", 4) == 0)
            ending = "\n";
        else if (strncmp(s, ">cr ", 4) == 0)
            ending = "\r";
        else if (strncmp(s, ">raw ", 5) == 0)
            ending = "";
        const size_t n = strcspn(s, " ");
        send_line(r, s[n] ? s + n + 1 : s + n, ending);
    } else if (s[0] == '<') {
        const int limit = time_limit(s);
        expect_reply(r, s + 2, limit);
    } else if (strncmp(s, "turns ", 6) == 0) {
        const int limit = time_limit(s);
        for (int i = atoi(s + 6); i > 0 && !r->failed; i--) {
            send_line(r, "TURN $free", "\r\n");
            if (!r->failed)
                expect_reply(r, "move", limit);
        }
    } else if (strncmp(s, "junk ", 5) == 0 || strncmp(s, "long ", 5) == 0) {
        const size_t n = (size_t)atol(s + 5);
        r->sent_at = now_ms();
        expect(r, send_junk(&r->c, s[0] == 'l' ? NULL : &r->rng, n, 'A', '\0', "\r\n", REPLY_TIMEOUT_MS),
               "could not send a %zu-byte line", n);
    } else if (strcmp(s, "eof") == 0) {
        close_input(&r->c);
    } else if (strcmp(s, "exit") == 0) {
        expect_exit(r);
    } else {
        expect(r, false, "bad script line '%s'", s);
    }
}

static void run_session(char **engine, const char *name, const char *script)
{
    static run r;
    memset(&r, 0, sizeof r);
    r.name = name;
    r.rng = 12345;
    if (!expect(&r, spawn(&r.c, engine, false), "cannot start %s", engine[0]))
        return;
    RUN_SCRIPT(&r, script, step, expect_exit, EXIT_TIMEOUT_MS);
}

/* Sessions.  Timed ones keep timeout_turn small and the table small
 * (max_memory), so the whole test stays short under the sanitizers.
 * Against the random moves of $free a game lasts at most four moves of
 * the engine's: its fifth could make five, which ends the game (the next
 * request for a move gets an ERROR). */

/* Before a board, START's sizes, RECTSTART, ABOUT. */
static const char s_sizes[] =
    "> ABOUT\n"
    "< name=\"gts\", version=*\n"
    "> INFO timeout_turn 100\n"
    "> TURN 1,1\n< ERROR*\n"
    "> BEGIN\n< ERROR*\n"
    "> RESTART\n< ERROR*\n"
    "> TAKEBACK 1,1\n< ERROR*\n"
    "> PLAY 1,1\n< ERROR*\n"
    "> BOARD\n< ERROR*\n"
    "> 1,1,1\n< ERROR*\n"
    "> DONE\n< ERROR*\n"
    "> START 4\n< ERROR*\n"
    "> START 33\n< ERROR*\n"
    "> START\n< ERROR*\n"
    "> START twenty\n< ERROR*\n"
    "> RECTSTART 20\n< ERROR*\n"
    "> RECTSTART 4,10\n< ERROR*\n"
    "> RECTSTART 20,33\n< ERROR*\n"
    "> START 5\n< OK\n"
    "> START 33\n< ERROR*\n"
    "# a failed START leaves no board\n"
    "> TURN 1,1\n< ERROR*\n"
    "> START 32\n< OK\n"
    "> RECTSTART 20,15\n< OK\n"
    "> INFO max_memory 16777216\n"
    "> BEGIN\n< move <= 100\n"
    "> TURN 19,14\n< move <= 100\n"
    "> TURN 14,19\n< ERROR*\n"
    "> TURN 20,0\n< ERROR*\n"
    "turns 2 <= 100\n"
    "> END\n"
    "exit\n";

/* A game: INFO in any order (unknown keys too), BEGIN, TURNs, a TURN on
 * an occupied cell. */
static const char s_game[] =
    "> INFO max_memory 33554432\n"
    "> START 15\n< OK\n"
    "> INFO timeout_match 1000000\n"
    "> INFO timeout_turn 200\n"
    "> INFO game_type 1\n"
    "> INFO rule 0\n"
    "> INFO folder /tmp/gts pbrain\n"
    "> INFO evaluate 3,4\n"
    "> INFO time_left 1000000\n"
    "> INFO made_up_key 17\n"
    "> BEGIN\n< move <= 200\n"
    "turns 2 <= 200\n"
    "> TURN $last\n< ERROR*\n"
    "> INFO time_left 990000\n"
    "turns 1 <= 200\n"
    "> END\n"
    "exit\n";

/* time_left shrinking between moves, timeout_turn large. */
static const char s_time_left[] =
    "> START 20\n< OK\n"
    "> INFO max_memory 33554432\n"
    "> INFO timeout_turn 30000\n"
    "> INFO timeout_match 600000\n"
    "> INFO time_left 4000\n"
    "> BEGIN\n< move <= 1000\n"
    "> INFO time_left 1500\n"
    "> TURN $free\n< move <= 400\n"
    "> INFO time_left 300\n"
    "> TURN $free\n< move <= 300\n"
    "# a new game before the engine could make five (its five ends a game)\n"
    "> RESTART\n< OK\n"
    "> INFO time_left 100\n"
    "> TURN $free\n< move <= 100\n"
    "> INFO time_left -20\n"
    "> TURN $free\n< move <= 100\n"
    "> END\n"
    "exit\n";

/* timeout_turn 0 (as fast as possible) on a 6x6 board where no line can
 * make five, full but for 2,5 and 5,5: the engine takes one, the
 * opponent the other, then the full board's ERROR. */
static const char s_full_board[] =
    "> START 6\n< OK\n"
    "> INFO timeout_turn 0\n"
    "> INFO max_memory 8388608\n"
    "> BOARD\n"
    "> 0,0,2\n> 1,0,2\n> 2,0,1\n> 3,0,1\n> 4,0,2\n> 5,0,2\n> 0,1,1\n> 1,1,1\n> 2,1,2\n> 3,1,2\n> 4,1,1\n"
    "> 5,1,1\n> 0,2,2\n> 1,2,2\n> 2,2,1\n> 3,2,1\n> 4,2,2\n> 5,2,2\n> 0,3,1\n> 1,3,1\n> 2,3,2\n> 3,3,2\n"
    "> 4,3,1\n> 5,3,1\n> 0,4,2\n> 1,4,2\n> 2,4,1\n> 3,4,1\n> 4,4,2\n> 5,4,2\n> 0,5,1\n> 1,5,1\n> 3,5,2\n"
    "> 4,5,1\n"
    "> DONE\n< move <= 100\n"
    "> TURN $free\n< ERROR the board is full\n"
    "> TURN 0,0\n< ERROR*\n"
    "> BEGIN\n< ERROR*\n"
    "> END\n"
    "exit\n";

/* The table is made outside the moves' time: max_memory 4 GiB asks for a
 * table of 1 GiB, longer to allocate and clear than a turn of 300 ms, yet
 * the replies do not wait for it (SLACK_MS: a hang's bound; the bench
 * times them against the turn). */
static const char s_table_time[] =
    "> INFO timeout_turn 300\n"
    "> INFO max_memory 4294967296\n"
    "> START 15\n< OK\n"
    "> TURN 7,7\n< move <= 300\n"
    "turns 2 <= 300\n"
    "> END\n"
    "exit\n";

/* TAKEBACK of both sides' moves, and moves on the cells taken back. */
static const char s_takeback[] =
    "> START 10\n< OK\n"
    "> INFO timeout_turn 100\n"
    "> INFO max_memory 8388608\n"
    "> TURN 4,4\n< move <= 100\n"
    "> TAKEBACK $last\n< OK\n"
    "> TAKEBACK 4,4\n< OK\n"
    "> TAKEBACK 4,4\n< ERROR*\n"
    "> TAKEBACK 10,4\n< ERROR*\n"
    "> TAKEBACK x\n< ERROR*\n"
    "> TURN 4,4\n< move <= 100\n"
    "> TAKEBACK $last\n< OK\n"
    "> TURN $last\n< move <= 100\n"
    "turns 2 <= 100\n"
    "> END\n"
    "exit\n";

/* RESTART empties the board; PLAY puts our stone where the manager says. */
static const char s_restart[] =
    "> START 10\n< OK\n"
    "> INFO timeout_turn 100\n"
    "> INFO max_memory 8388608\n"
    "> BEGIN\n< move <= 100\n"
    "turns 1 <= 100\n"
    "> RESTART\n< OK\n"
    "> TURN $last\n< move <= 100\n"
    "> RESTART\n< OK\n"
    "> BEGIN\n< move <= 100\n"
    "> TURN $free\n< move <= 100\n"
    "> PLAY $last\n< ERROR*\n"
    "> PLAY $free\n< move $free\n"
    "> TURN $free\n< move <= 100\n"
    "> END\n"
    "exit\n";

/* BOARD: the opponent (2) has a four, 11,7 its only five point: the engine
 * must block there.  Stones in no particular order, one with spaces. */
static const char s_block_four[] =
    "> START 15\n< OK\n"
    "> INFO max_memory 16777216\n"
    "> INFO timeout_turn 300\n"
    "> BOARD\n"
    "> 9,7,2\n> 6,7,1\n> 7,7,2\n> 7,9,1\n> 10,7,2\n> 3,3,1\n>  8 , 7 , 2 \n"
    "> DONE\n< move 11,7 <= 300\n"
    "turns 2 <= 300\n"
    "> END\n"
    "exit\n";

/* BOARD: the engine (1) has a four with one five point, 7,7, and the
 * opponent an open four: it must win, not block.  LF line ends. */
static const char s_win_five[] =
    ">lf START 15\n< OK\n"
    ">lf INFO max_memory 16777216\n"
    ">lf INFO timeout_turn 300\n"
    ">lf BOARD\n"
    ">lf 3,3,1\n>lf 2,2,2\n>lf 4,4,1\n>lf 10,3,2\n>lf 5,5,1\n>lf 10,4,2\n>lf 6,6,1\n>lf 10,5,2\n>lf 14,14,1\n"
    ">lf 10,6,2\n>lf 0,14,2\n"
    ">lf DONE\n< move 7,7 <= 300\n"
    "# the game is over: no more moves\n"
    "> TURN $free\n< ERROR the game is over: this engine has five in a row\n"
    "> END\n"
    "exit\n";

/* The rule: the engine's 7,5 makes six (3..8,5), a win only in freestyle;
 * otherwise it must block the opponent's five point 12,5.  Under renju
 * (4, and 5 = 1 | 4) the engine is black and 7,5 is forbidden. */
#define RULE_BOARD                                                                                       \
    "> BOARD\n"                                                                                          \
    "> 3,5,1\n> 2,5,2\n> 4,5,1\n> 12,1,2\n> 5,5,1\n> 12,2,2\n> 6,5,1\n> 12,3,2\n> 8,5,1\n> 12,4,2\n" \
    "> 12,0,1\n> 0,14,2\n"                                                                               \
    "> DONE\n"
static const char s_rule[] =
    "> START 15\n< OK\n"
    "> INFO max_memory 16777216\n"
    "> INFO timeout_turn 300\n"
    RULE_BOARD "< move 7,5 <= 300\n"
    "> RESTART\n< OK\n"
    "> INFO rule 1\n"
    RULE_BOARD "< move 12,5 <= 300\n"
    "> RESTART\n< OK\n"
    "> INFO rule 4\n"
    RULE_BOARD "< move 12,5 <= 300\n"
    "> RESTART\n< OK\n"
    "> INFO rule 5\n"
    RULE_BOARD "< move 12,5 <= 300\n"
    "> INFO rule 0\n"
    "> RESTART\n< OK\n"
    RULE_BOARD "< move 7,5 <= 300\n"
    "> END\n"
    "exit\n";

/* Caro (INFO rule 8, and 9 of exactly five): the engine's 7,5 makes five
 * (3..7,5) between the opponent's 2,5 and 8,5, a win under rule 0, none
 * under caro, where it must block the opponent's four against the edge
 * (12,11..14) at 12,10. */
#define CARO_BOARD                                                                                       \
    "> BOARD\n"                                                                                          \
    "> 3,5,1\n> 4,5,1\n> 5,5,1\n> 6,5,1\n> 0,0,1\n"                                                     \
    "> 2,5,2\n> 8,5,2\n> 12,11,2\n> 12,12,2\n> 12,13,2\n> 12,14,2\n"                                   \
    "> DONE\n"
static const char s_caro[] =
    "> START 15\n< OK\n"
    "> INFO max_memory 16777216\n"
    "> INFO timeout_turn 300\n"
    CARO_BOARD "< move 7,5 <= 300\n"
    "> RESTART\n< OK\n"
    "> INFO rule 8\n"
    CARO_BOARD "< move 12,10 <= 300\n"
    "> RESTART\n< OK\n"
    "> INFO rule 9\n"
    CARO_BOARD "< move 12,10 <= 300\n"
    "> END\n"
    "exit\n";

/* Renju (issue 38): the engine is black, and 7,7 is its forbidden point
 * in both positions: a double four in the first (the other searches
 * played it for a win), a double three in the second, where it is also
 * white's only five point: lost, yet a move black may play. */
static const char s_renju[] =
    "> START 15\n< OK\n"
    "> INFO max_memory 16777216\n"
    "> INFO timeout_turn 300\n"
    "> INFO rule 4\n"
    "> BOARD\n"
    "> 4,7,1\n> 3,7,2\n> 5,7,1\n> 7,11,2\n> 6,7,1\n> 0,14,2\n> 7,10,1\n> 0,12,2\n> 7,9,1\n> 14,0,2\n"
    "> 7,8,1\n> 14,2,2\n"
    "> DONE\n< move !7,7 <= 300\n"
    "> BOARD\n"
    "> 5,7,1\n> 3,3,2\n> 6,7,1\n> 4,4,2\n> 7,5,1\n> 5,5,2\n> 7,6,1\n> 6,6,2\n> 2,2,1\n> 14,14,2\n"
    "> DONE\n< move !7,7 <= 300\n"
    "> END\n"
    "exit\n";

/* BOARD lines: bad ones get an ERROR and are skipped, the rest stands;
 * a five already on the board, a marked stone (3), uneven counts. */
static const char s_board_lines[] =
    "> START 10\n< OK\n"
    "> INFO timeout_turn 100\n"
    "> INFO max_memory 8388608\n"
    "> BOARD\n"
    "> 1,1,1\n"
    "> 1,1,2\n< ERROR*\n"
    "> 10,1,1\n< ERROR*\n"
    "> -1,1,1\n< ERROR*\n"
    "> 2,2,4\n< ERROR*\n"
    "> 2,2\n< ERROR*\n"
    "> 2,2,1,5\n< ERROR*\n"
    "> 2,2,2\n"
    ">  3, 3, 2\n"
    "> DONE\n< move <= 100\n"
    "> 4,4,1\n< ERROR*\n"
    "> DONE\n< ERROR*\n"
    "# the opponent has five already: the game is over\n"
    "> BOARD\n"
    "> 0,0,2\n> 1,0,2\n> 2,0,2\n> 3,0,2\n> 4,0,2\n> 0,9,1\n> 2,9,1\n> 4,9,1\n> 6,9,1\n"
    "> DONE\n< ERROR the game is over: the opponent has five in a row\n"
    "> TURN $free\n< ERROR the game is over*\n"
    "> BEGIN\n< ERROR BEGIN on a board with stones*\n"
    "# a continuous game's marked stones (3: the last game's five), and no own stones\n"
    "> BOARD\n"
    "> 5,5,3\n> 5,6,3\n> 5,7,3\n> 5,8,3\n> 5,9,3\n> 0,0,2\n"
    "> DONE\n< move <= 100\n"
    "# only own stones, an empty board\n"
    "> BOARD\n> 5,5,1\n> 6,6,1\n> DONE\n< move <= 100\n"
    "> BOARD\n> DONE\n< move <= 100\n"
    "# a command inside BOARD ends it unanswered\n"
    "> BOARD\n> 1,1,2\n> ABOUT\n< name=*\n"
    "> TURN 1,1\n< ERROR*\n"
    "> BOARD\n> 1,1,2\n> END\n"
    "exit\n";

/* Garbage: unknown commands, binary junk, a very long line, bad
 * arguments, bad INFO values, empty lines, LF and CR endings, case. */
static const char s_garbage[] =
    "> START 10\n< OK\n"
    "> INFO timeout_turn 100\n"
    "> INFO max_memory 8388608\n"
    "> FOO\n< UNKNOWN*\n"
    "> SWAP2BOARD\n< UNKNOWN*\n"
    ">\n>lf \n>  \n"
    "junk 300\n< UNKNOWN*|ERROR*\n"
    "long 100000\n< ERROR*|UNKNOWN*\n"
    "> TURN\n< ERROR*\n"
    "> TURN a,b\n< ERROR*\n"
    "> TURN 3\n< ERROR*\n"
    "> TURN 1,2,3\n< ERROR*\n"
    "> TURN -1,0\n< ERROR*\n"
    "> TURN 3,,4\n< ERROR*\n"
    "> TURN 99999999999999999999,1\n< ERROR*\n"
    "> TURN 1,2 x\n< ERROR*\n"
    "> INFO timeout_turn abc\n< MESSAGE*\n"
    "> INFO timeout_turn\n< MESSAGE*\n"
    "> INFO\n"
    "> INFO thread_num 0\n"
    "> ABOUT\n< name=*\n"
    ">lf turn $free\n< move <= 100\n"
    ">cr   Turn   $free  \n< move <= 100\n"
    "> \tTURN\t$free\n< move <= 100\n"
    "> begin\n< ERROR BEGIN on a board with stones*\n"
    "> EnD\n"
    "exit\n";

/* Threads, from the command line and INFO thread_num. */
static const char s_threads[] =
    "> START 12\n< OK\n"
    "> INFO timeout_turn 150\n"
    "> INFO max_memory 16777216\n"
    "> BEGIN\n< move <= 150\n"
    "turns 1 <= 150\n"
    "> INFO thread_num 3\n"
    "turns 2 <= 150\n"
    "> END\n"
    "exit\n";

/* The end of input, once after a last line without its line end. */
static const char s_eof[] =
    "> START 8\n< OK\n"
    "> INFO timeout_turn 100\n"
    "> INFO max_memory 8388608\n"
    "> BEGIN\n< move <= 100\n"
    ">raw ABOUT\n"
    "eof\n"
    "< name=*\n"
    "exit\n";

static const char s_eof_plain[] =
    "> START 8\n< OK\n"
    "eof\n"
    "exit\n";

/* argv: the engine's n words, opt and value (if not NULL), NULL. */
static void with_option(char *argv[64], char **engine, int n, const char *opt, const char *value)
{
    int k = 0;
    for (; k < n && k < 60; k++)
        argv[k] = engine[k];
    argv[k++] = (char *)opt;
    if (value)
        argv[k++] = (char *)value;
    argv[k] = NULL;
}

/* Runs the engine with its arguments and opt (and value); its exit
 * status (-1: killed), stdout and stderr.  The output is small: it waits
 * in the pipes until the engine exits. */
static int run_option(char **engine, int n, const char *opt, const char *value, char *out, char *err, size_t size)
{
    char *argv[64];
    with_option(argv, engine, n, opt, value);
    child c;
    out[0] = err[0] = '\0';
    if (!spawn(&c, argv, true))
        return -1;
    const int status = wait_exit(&c, EXIT_TIMEOUT_MS);
    slurp(c.out, out, size);
    slurp(c.err, err, size);
    close(c.out);
    close(c.err);
    return status;
}

static int lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* --help, and one-line usage errors with status 2. */
static void check_options(char **engine, int n)
{
    char out[8192], err[8192];
    int status = run_option(engine, n, "--help", NULL, out, err, sizeof out);
    CHECK_MSG(status == 0, "--help: status 0x%x, expected exit 0", (unsigned)status);
    CHECK_MSG(strstr(out, "usage") && strstr(out, "--threads"), "--help: no usage text: '%s'", out);
    CHECK_MSG(!*err, "--help: stderr '%s'", err);
    static const char *const bad[][2] = { { "--bogus", NULL }, { "--threads", NULL }, { "--threads", "0" },
                                          { "--threads", "65" }, { "--threads", "two" }, { "-x", NULL } };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        status = run_option(engine, n, bad[i][0], bad[i][1], out, err, sizeof out);
        const char *v = bad[i][1] ? bad[i][1] : "";
        CHECK_MSG(status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 2,
                  "%s %s: status 0x%x, expected exit 2", bad[i][0], v, (unsigned)status);
        CHECK_MSG(!*out, "%s %s: stdout '%s'", bad[i][0], v, out);
        CHECK_MSG(lines(err) == 1, "%s %s: stderr not one line: '%s'", bad[i][0], v, err);
    }
}

SESSION_PART(sizes)
SESSION_PART(game)
SESSION_PART(time_left)
SESSION_PART(full_board)
SESSION_PART(table_time)
SESSION_PART(takeback)
SESSION_PART(restart)
SESSION_PART(block_four)
SESSION_PART(win_five)
SESSION_PART(rule)
SESSION_PART(renju)
SESSION_PART(caro)
SESSION_PART(board_lines)
SESSION_PART(garbage)
SESSION_PART(eof)
SESSION_PART(eof_plain)

/* --threads N on the command line. */
static void part_threads(void)
{
    char *argv[64];
    with_option(argv, session_engine, session_engine_argc, "--threads", "2");
    run_session(argv, "threads", s_threads);
}

static void part_options(void)
{
    check_options(session_engine, session_engine_argc);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "sizes", part_sizes },           { "game", part_game },         { "time_left", part_time_left },
        { "full_board", part_full_board }, { "table_time", part_table_time }, { "takeback", part_takeback },
        { "restart", part_restart },
        { "block_four", part_block_four }, { "win_five", part_win_five }, { "rule", part_rule },
        { "renju", part_renju },           { "caro", part_caro },
        { "board_lines", part_board_lines }, { "garbage", part_garbage }, { "eof", part_eof },
        { "eof_plain", part_eof_plain },   { "threads", part_threads },   { "options", part_options },
    };
    return session_main(argc, argv, "test_pbrain", parts, sizeof parts / sizeof *parts);
}
