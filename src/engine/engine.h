/*
 * engine.h — the engine facade's searches: one object that chooses a move at
 * a level, searches a position and scores a position, on any board
 * (position.h), and gives every board's answer in search.h's and level.h's
 * shapes.
 *
 * Behind it are the two engines: on 8×8 the pattern search (search.h) and
 * the levels (level.h, one level state per player, 0 and 1), on the other
 * boards their searcher (vsearch.h, one per board) and levels (vlevel.h). An
 * engine makes each searcher on the first call that needs it and keeps it
 * (they are big and slow to clear), so one engine serves a whole game or
 * session. The board is read from the position: nothing above the engine
 * chooses the implementation.
 *
 * Threads: the calls run on one thread at a time (the caller's); only
 * engine_stop may come from another thread, to end the running call soon
 * with what it found. A stop holds until engine_go.
 */
#ifndef OTHELLO_ENGINE_H
#define OTHELLO_ENGINE_H

#include "level.h"
#include "position.h"
#include "search.h"

#include <stdbool.h>
#include <stddef.h>

struct engine;

/* What one position came to when scored (side to move's view). */
struct engine_score {
	int best_move; /* best move found, SQ_NONE when the game is over */
	int score;     /* centidiscs */
	int depth;     /* depth searched, the empties when exact */
	bool exact;    /* an exact endgame score */
	bool done;     /* scored (false when stopped first or the search failed) */
	int bound;     /* enum bound of score (exact when every move had a full window) */
	int n_moves;   /* root moves scored in moves[] */
	struct search_move moves[32]; /* the root moves, best first (all of them, exact, when
					 the limits' multipv covers them) */
	int pv[16];		      /* the best line */
	int pv_len;		      /* moves in pv */
	uint64_t nodes;		      /* positions searched */
	double time;		      /* seconds spent */
};

struct engine *engine_new(const struct eval *ev, const struct book *bk, size_t tt_megabytes);
void engine_free(struct engine *e);
void engine_set_threads(struct engine *e, int threads);
void engine_set_eval(struct engine *e, const struct eval *ev);
void engine_forget_level(struct engine *e, int player);
int engine_level_check(enum variant v, const struct level_spec *spec, char *err, size_t errlen);
void engine_limit_analysis(enum variant v, struct search_limits *lim);
int engine_level_new(struct engine *e, int player, const struct level_spec *spec, uint64_t seed,
		     char *err, size_t errlen);
void engine_new_game(struct engine *e, int player, uint64_t seed);
void engine_clear_search(struct engine *e);

int engine_choose(struct engine *e, int player, const struct level_spec *spec, uint64_t seed,
		  const struct pos *p, double clock, search_observer obs, void *user,
		  struct level_move *out);
int engine_search(struct engine *e, const struct pos *p, const struct search_limits *lim,
		  search_observer obs, void *user, struct search_result *out);
int engine_score(struct engine *e, const struct pos *p, const struct search_limits *lim,
		 struct engine_score *out);

void engine_go(struct engine *e);
void engine_stop(struct engine *e);
bool engine_stopped(const struct engine *e);

#endif
