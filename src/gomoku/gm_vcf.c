/*
 * Victory by continuous fours: the attacker plays only moves that make a
 * four, so every reply is forced (the block of its five point), and the
 * tree stays narrow enough to read 20 and more plies deep.  Also what the
 * threat searches share (gm_vct.c): their budget and their deepening.
 */
#include "gomoku/gm_search_internal.h"
#include "core/deadline.h"

bool gm_budget_spent(gm_budget *v)
{
    if (v->out || ++v->nodes > v->limit ||
        (gts_check_due(v->nodes, &v->next_check) && gts_should_stop(v->stop, v->deadline)))
        v->out = true;
    return v->out;
}

int gm_threat_deepen(gm_board *b, gm_threat_node node, uint64_t limit, int max_plies, const gts_stop *stop,
                     double deadline, int *plies, uint64_t *nodes)
{
    if (gm_game_over(b))
        return GM_NO_MOVE;
    gm_budget v = { .limit = limit, .stop = stop, .deadline = deadline };
    int move = GM_NO_MOVE;
    for (int depth = 1; depth <= max_plies && !v.out && move == GM_NO_MOVE; depth += 2) {
        int first = GM_NO_MOVE;
        const int found = node(b, &v, depth, &first);
        if (found) {
            *plies = found;
            move = first;
        }
    }
    *nodes += v.nodes;
    return move;
}

int gm_four_replies(const gm_board *b, int attacker, const int16_t *fives, int n, int16_t *out)
{
    if (n > GM_FIVES_ONE_STONE)
        return -1;
    int16_t answers[5 * GM_FIVES_ONE_STONE];
    const int na = gm_five_answers(b, attacker, fives, n, answers);
    int k = 0;
    for (int i = 0; i < na; i++)
        if (gm_fives_left(b, attacker, fives, n, answers[i]) == 0)
            out[k++] = answers[i];
    return k ? k : -1;
}

int gm_threat_replies(gm_board *b, gm_budget *v, gm_threat_node node, int plies_left, const int16_t *replies, int n)
{
    int longest = 0;
    for (int i = 0; i < n; i++) {
        gm_play(b, replies[i]);
        int next;
        const int r = b->winner < 0 ? node(b, v, plies_left - 1, &next) : 0;
        gm_undo(b);
        if (!r)
            return 0;
        if (r > longest)
            longest = r;
    }
    return longest + 1;
}

/* Plies to the attacker's five within plies_left (0: none found); the
 * first move goes to *first. */
static int vcf_node(gm_board *b, gm_budget *v, int plies_left, int *first)
{
    if (gm_budget_spent(v))
        return 0;
    const int me = b->side;
    int16_t fives[GM_MAX_CELLS], theirs[GM_MAX_CELLS], fours[GM_MAX_CELLS];
    if (gm_five_points(b, me, GM_NO_MOVE, fives)) {
        *first = fives[0];
        return 1;
    }
    if (plies_left < 3)
        return 0;
    /* Facing a five point, the attacker's four must also block it. */
    const int nt = gm_five_points(b, me ^ 1, GM_NO_MOVE, theirs);
    if (nt > 1)
        return 0;
    const int nf = gm_four_points(b, me, fours);
    for (int i = 0; i < nf; i++) {
        const int f = fours[i];
        if (nt == 1 && f != theirs[0])
            continue;
        gm_play(b, f);
        int16_t mine[4 * GM_MAX_SIZE], replies[5 * GM_FIVES_ONE_STONE];
        const int nm = gm_five_points(b, me, f, mine);
        int found = 0;
        if (nm) {
            const int nr = gm_four_replies(b, me, mine, nm, replies);
            const int r = nr < 0 ? 2 : gm_threat_replies(b, v, vcf_node, plies_left - 1, replies, nr);
            found = r ? r + 1 : 0;
        }
        gm_undo(b);
        if (found) {
            *first = f;
            return found;
        }
    }
    return 0;
}

int gm_vcf(gm_board *b, int max_plies, long time_ms, int *plies, uint64_t *nodes)
{
    return gm_vcf_until(b, max_plies, NULL, gts_deadline_after(gts_now_usec(), time_ms), plies, nodes);
}

int gm_vcf_until(gm_board *b, int max_plies, const gts_stop *stop, double deadline, int *plies, uint64_t *nodes)
{
    return gm_threat_deepen(b, vcf_node, GM_VCF_NODES, max_plies, stop, deadline, plies, nodes);
}
