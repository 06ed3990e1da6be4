/*
 * The shape search's engine: negamax with minimax, alpha-beta and PVS as
 * variants of one node function, so that they search one tree.  The
 * searcher that a call enters (options checked, table made, threads
 * started) is gm_search.c; the threads' ways, gm_threads.c.
 */
#include <string.h>

#include "gomoku/gm_lines.h"
#include "gomoku/gm_renju.h"
#include "gomoku/gm_search_internal.h"
#include "core/deadline.h"

void gm_ctx_reset(gm_ctx *c, const gm_board *b, const gm_search_options *o, htt *tt, atomic_int *abort,
                  double deadline)
{
    gm_copy(&c->b, b);
    c->o = o;
    c->tt = tt;
    c->nodes = 0;
    c->next_check = 0;
    memset(c->killer, 0xff, sizeof c->killer);
    for (int colour = 0; colour < 2; colour++)
        memset(c->history[colour], 0, (size_t)b->cells * sizeof c->history[0][0]);
    c->deadline = deadline;
    c->abort = abort;
    c->split_ply = -1;
    c->cutoff = NULL;
    c->root_move = GM_NO_MOVE;
    c->stopped = false;
}

static void add_threat(gm_threats *t, int colour, int cell)
{
    for (int i = 0; i < t->n[colour]; i++)
        if (t->cell[colour][i] == cell)
            return;
    if (t->n[colour] < GM_THREATS)
        t->cell[colour][t->n[colour]++] = (int16_t)cell;
}

void gm_threats_scan(const gm_board *b, gm_threats *t)
{
    int16_t cells[GM_MAX_CELLS];
    for (int colour = 0; colour < 2; colour++) {
        t->n[colour] = 0;
        /* Black has (stones + 1) / 2 stones, white stones / 2; a five
         * point needs four. */
        if ((b->stones + 1 - colour) / 2 < 4)
            continue;
        const int n = gm_five_points(b, colour, GM_NO_MOVE, cells);
        for (int i = 0; i < n; i++)
            add_threat(t, colour, cells[i]);
    }
}

/* A five point disappears when its cell is taken, or by a stone elsewhere
 * that gm_five_point_may_lapse names; the mover's new ones lie on the four
 * lines through its move. */
void gm_threats_after(const gm_board *b, const gm_threats *before, gm_threats *after)
{
    const int move = b->history[b->stones - 1].cell, mover = b->side ^ 1;
    for (int colour = 0; colour < 2; colour++) {
        after->n[colour] = 0;
        for (int i = 0; i < before->n[colour]; i++) {
            const int cell = before->cell[colour][i];
            if (cell != move && (!gm_five_point_may_lapse(gm_five_rule(b->rule, colour), colour == mover) ||
                                 gm_is_winning_move(b, cell, colour)))
                after->cell[colour][after->n[colour]++] = (int16_t)cell;
        }
    }
    int16_t cells[4 * GM_MAX_SIZE];
    const int n = gm_five_points(b, mover, move, cells);
    for (int i = 0; i < n; i++)
        add_threat(after, mover, cells[i]);
}

int gm_node_moves(gm_board *b, const gm_threats *t, int16_t *out)
{
    const int them = b->side ^ 1;
    int n = t->n[them];
    if (n)
        n = gm_five_answers(b, them, t->cell[them], n, out);
    else
        n = gm_candidates(b, out);
    return gm_renju_keep_legal(b, out, n);
}

/* How good a move is to try first: what it makes for the side to move,
 * plus what it takes from the opponent if the opponent played there. */
static int32_t move_priority(const gm_ctx *c, int cell)
{
    const gm_board *b = &c->b;
    const int me = b->side;
    int32_t mine[2], theirs[2];
    bool five;
    gm_move_delta(b, cell, me, mine, &five);
    gm_move_delta(b, cell, me ^ 1, theirs, &five);
    return mine[0] - mine[1] + theirs[0] + c->history[me][cell];
}

/* Fully sorting hundreds of moves costs more than it saves: cutoffs come
 * from the first few, so only the best ORDERED_MOVES are picked out and
 * the rest keep board order. */
#define ORDERED_MOVES 12

/* Moves cell (if it is among moves[at..n)) to moves[at]; true if it was. */
static bool move_to_front(int16_t *moves, int n, int at, int cell)
{
    for (int i = at; i < n; i++)
        if (moves[i] == cell) {
            memmove(moves + at + 1, moves + at, (size_t)(i - at) * sizeof moves[0]);
            moves[at] = (int16_t)cell;
            return true;
        }
    return false;
}

/* The table's move and the killers first. */
static int known_first(gm_ctx *c, int16_t *moves, int n, int tt_move, int ply)
{
    int front = 0;
    const int first[3] = {tt_move, c->killer[ply][0], c->killer[ply][1]};
    for (int k = 0; k < 3; k++)
        if (first[k] >= 0 && move_to_front(moves, n, front, first[k]))
            front++;
    return front;
}

void gm_order_moves(gm_ctx *c, int16_t *moves, int n, int tt_move, int ply)
{
    const int front = known_first(c, moves, n, tt_move, ply);
    int32_t key[GM_MAX_CELLS];
    for (int i = front; i < n; i++)
        key[i] = move_priority(c, moves[i]);
    for (int i = front; i < n && i < front + ORDERED_MOVES; i++) {
        int best = i;
        for (int j = i + 1; j < n; j++)
            if (key[j] > key[best])
                best = j;
        const int16_t m = moves[best];
        const int32_t k = key[best];
        memmove(moves + i + 1, moves + i, (size_t)(best - i) * sizeof moves[0]);
        memmove(key + i + 1, key + i, (size_t)(best - i) * sizeof key[0]);
        moves[i] = m;
        key[i] = k;
    }
}

static inline int32_t evaluate(const gm_ctx *c)
{
    return c->o->eval == GM_EVAL_POTENTIAL ? gm_eval_potential(&c->b)
           : c->o->eval == GM_EVAL_SCAN    ? gm_eval_scan(&c->b)
                                           : gm_eval(&c->b);
}

/* The periodic check (core/deadline.h), and the other threads' flags. */
static bool should_stop(gm_ctx *c)
{
    if (gts_should_stop(c->o->stop, c->deadline))
        atomic_store(c->abort, 1);
    if (atomic_load_explicit(c->abort, memory_order_relaxed) ||
        (c->cutoff && atomic_load_explicit(c->cutoff, memory_order_relaxed)))
        c->stopped = true;
    return c->stopped;
}

/*
 * The last ply with the shape evaluation: a child's value is the node's
 * evaluation plus the move's delta, so no child is played.  The tree is
 * the one gm_node would search, down to the threat rules at the leaves:
 * a leaf where the opponent still has a five point is lost.
 */
static int32_t frontier(gm_ctx *c, int32_t alpha, int32_t beta, int ply, const gm_threats *t, int16_t *moves,
                        int n, int *best_move)
{
    const gm_board *b = &c->b;
    const int me = b->side;
    const int32_t here = gm_eval(b);
    const bool last_cell = b->stones + 1 == b->cells;
    const bool prune = c->o->algo != GM_ALGO_MINIMAX;
    int32_t best = -GM_INF;
    *best_move = GM_NO_MOVE;
    for (int i = 0; i < n; i++) {
        const int m = moves[i];
        int32_t delta[2];
        bool five;
        gm_move_delta(b, m, me, delta, &five);
        c->nodes++;
        /* The opponent's five points the move leaves: all but m, and
         * under caro those it does not shut. */
        const int their = t->n[me ^ 1] ? gm_fives_left(b, me ^ 1, t->cell[me ^ 1], t->n[me ^ 1], m) : 0;
        const int32_t v = gm_last_ply_value(five, last_cell, their, GM_NO_MOVE, m, here + delta[0] - delta[1], ply,
                                            GM_WIN);
        if (v > best) {
            best = v;
            *best_move = m;
            if (v > alpha)
                alpha = v;
            if (prune && alpha >= beta)
                break;
        }
    }
    return best;
}

int32_t gm_node(gm_ctx *c, int depth, int32_t alpha, int32_t beta, int ply, const gm_threats *t)
{
    gm_board *b = &c->b;
    c->nodes++;
    if (b->winner >= 0)
        return -(GM_WIN - ply);
    if (b->stones == b->cells)
        return 0;
    const int me = b->side;
    if (t->n[me])
        return GM_WIN - (ply + 1);
    if (depth == 0)
        return evaluate(c);
    /* The frontier counts a whole ply at once: gts_check_due's mark. */
    if (gts_check_due(c->nodes, &c->next_check) && should_stop(c))
        return 0;

    const gm_algo algo = c->o->algo;
    const int32_t alpha0 = alpha;
    int tt_move = GM_NO_MOVE;
    if (c->tt) {
        htt_hit hit;
        if (htt_probe(c->tt, b->hash, &hit)) {
            tt_move = hit.move;
            /* Only a result of this very depth is used, so that the table
             * changes the work, never the score. */
            if (hit.depth == depth) {
                const int32_t v = gm_from_table(hit.score, ply);
                if (hit.bound == HTT_BOUND_EXACT || (hit.bound == HTT_BOUND_LOWER && v >= beta) ||
                    (hit.bound == HTT_BOUND_UPPER && v <= alpha))
                    return v;
            }
        }
    }

    int16_t *moves = c->moves[ply];
    const int n = gm_node_moves(b, t, moves);
    /* Renju's black with nothing but forbidden points (or a five point
     * of white's it may not block): lost. */
    if (n == 0)
        return -(GM_WIN - (ply + 2));
    /* At the last ply every move's value costs no more than its ordering
     * key would, so only the likely refutations go first there. */
    if (algo == GM_ALGO_PVS && depth == 1 && c->o->eval == GM_EVAL_SHAPES)
        known_first(c, moves, n, tt_move, ply);
    else if (algo == GM_ALGO_PVS)
        gm_order_moves(c, moves, n, tt_move, ply);

    int32_t best;
    int best_move;
    if (depth == 1 && c->o->eval == GM_EVAL_SHAPES) {
        best = frontier(c, alpha, beta, ply, t, moves, n, &best_move);
    } else if (ply == c->split_ply) {
        best = gm_split_loop(c, depth, alpha, beta, ply, t, moves, n, &best_move);
        if (c->stopped)
            return 0;
    } else {
        best = -GM_INF;
        best_move = GM_NO_MOVE;
        for (int i = 0; i < n; i++) {
            const int m = moves[i];
            const int32_t v = gm_move_value(c, m, depth, alpha, beta, ply, t, i == 0);
            if (c->stopped)
                return 0;
            if (v > best) {
                best = v;
                best_move = m;
                if (v > alpha)
                    alpha = v;
                if (algo != GM_ALGO_MINIMAX && alpha >= beta)
                    break;
            }
        }
    }
    if (ply == 0)
        c->root_move = best_move;
    if (best >= beta && best_move >= 0 && algo == GM_ALGO_PVS)
        gm_note_cutoff(c->killer[ply], &c->history[b->side][best_move], best_move, depth);
    if (c->tt) {
        const int bound = best <= alpha0 ? HTT_BOUND_UPPER : best >= beta ? HTT_BOUND_LOWER : HTT_BOUND_EXACT;
        htt_store(c->tt, b->hash, gm_to_table(best, ply), best_move, depth, bound);
    }
    return best;
}

int32_t gm_move_value(gm_ctx *c, int move, int depth, int32_t alpha, int32_t beta, int ply, const gm_threats *t,
                      bool first)
{
    gm_threats child;
    gm_play(&c->b, move);
    gm_threats_after(&c->b, t, &child);
    int32_t v;
    if (c->o->algo == GM_ALGO_MINIMAX) {
        v = -gm_node(c, depth - 1, -GM_INF, GM_INF, ply + 1, &child);
    } else if (c->o->algo == GM_ALGO_PVS && !first) {
        v = -gm_node(c, depth - 1, -alpha - 1, -alpha, ply + 1, &child);
        if (v > alpha && v < beta && !c->stopped)
            v = -gm_node(c, depth - 1, -beta, -alpha, ply + 1, &child);
    } else {
        v = -gm_node(c, depth - 1, -beta, -alpha, ply + 1, &child);
    }
    gm_undo(&c->b);
    return v;
}

/* One depth at the root, serially, with the running window. */
static int32_t root_search(gm_ctx *c, int depth, int16_t *moves, int n, const gm_threats *t, int *best_move)
{
    int32_t best = -GM_INF, alpha = -GM_INF;
    *best_move = GM_NO_MOVE;
    for (int i = 0; i < n; i++) {
        const int32_t v = gm_move_value(c, moves[i], depth, alpha, GM_INF, 0, t, i == 0);
        if (c->stopped)
            return best;
        if (v > best) {
            best = v;
            *best_move = moves[i];
            if (v > alpha)
                alpha = v;
        }
    }
    return best;
}

void gm_search_serial(gm_ctx *c, const gm_threats *t, gm_result *r)
{
    int16_t moves[GM_MAX_CELLS];
    const int n = gm_node_moves(&c->b, t, moves);
    const bool deepen = c->o->algo == GM_ALGO_PVS || c->o->time_ms > 0;
    for (int depth = deepen ? 1 : c->o->depth; depth <= c->o->depth; depth++) {
        int best_move;
        int32_t v;
        if (c->o->algo == GM_ALGO_PVS && c->o->depth > 1)
            gm_order_moves(c, moves, n, r->move, 0);
        if (depth == 1 && c->o->eval == GM_EVAL_SHAPES) {
            c->nodes++;
            v = frontier(c, -GM_INF, GM_INF, 0, t, moves, n, &best_move);
        } else {
            v = root_search(c, depth, moves, n, t, &best_move);
        }
        if (c->stopped || gm_record_depth(c->o, r, best_move, v, depth))
            break;
    }
}

int32_t gm_split_loop(gm_ctx *c, int depth, int32_t alpha, int32_t beta, int ply, const gm_threats *t,
                      const int16_t *moves, int n, int *best_move)
{
    gm_loop l = { .s = c->searcher, .kind = GM_LOOP_NODE_WINDOW, .value = gm_move_value, .from = c,
                  .moves = moves, .n = n, .depth = depth, .ply = ply, .beta = beta, .t = t };
    atomic_init(&l.alpha, alpha);
    gm_loop_run(&l);
    if (atomic_load(c->abort)) {
        c->stopped = true;
        return 0;
    }
    *best_move = l.best_i < n ? moves[l.best_i] : GM_NO_MOVE;
    return l.best;
}
