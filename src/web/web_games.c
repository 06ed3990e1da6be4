/* The table of the games' APIs, and a request to one (web_games.h). */
#include "web/web_games.h"

#include <stdlib.h>

const web_game *const web_games[] = { &web_c4, &web_othello, &web_gomoku, NULL };

void web_request_free(web_request *q)
{
    for (int i = 0; i < WEB_GAME_ARGS; i++)
        free(q->arg[i]);
}

web_answer web_answer_request(const web_options *o, const web_request *q, gts_stop *stop, web_progress *p)
{
    return q->game->answer(o, (const char *const *)q->arg, stop, p);
}
