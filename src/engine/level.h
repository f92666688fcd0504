/*
 * level.h — the playing levels: named approaches to choosing a move, from the
 * first legal move in scan order to book + timed search + endgame solving.
 *
 *   beginner    the first legal move in scan order (a1, b1, ... h8); with
 *               randomness on, a random legal move
 *   novice      one ply: the move whose resulting position evaluates best
 *   expert      a 3-ply alpha-beta search
 *   pre-master  a fixed-depth search (LEVEL_PREMASTER_DEPTH plies) with exact
 *               endgame solving from LEVEL_PREMASTER_ENDGAME empties
 *   master      opening book, then (when no time is given) a sure search
 *               (LEVEL_MASTER_MIN_DEPTH plies, solving from
 *               LEVEL_MASTER_MIN_ENDGAME empties), then iterative deepening
 *               with ProbCut (LEVEL_MASTER_SELECTIVITY) on a time budget per
 *               move (or the game clock), solving the endgame as soon as it
 *               fits in the time, raising the selectivity to exact
 *
 * A level is described by a `struct level_spec`, parsed from text such as
 * "expert --depth 5 --random 5 --seed 7". Choosing moves needs a
 * `struct level_state` (searcher, random generator: one per player and game),
 * which a worker thread may use while another thread calls level_stop().
 */
#ifndef OTHELLO_LEVEL_H
#define OTHELLO_LEVEL_H

#include "board.h"
#include "book.h"
#include "eval.h"
#include "search.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	LEVEL_EXPERT_DEPTH = 3,	       /* plies */
	LEVEL_PREMASTER_DEPTH = 8,     /* plies */
	LEVEL_PREMASTER_ENDGAME = 16,  /* empties */
	LEVEL_MASTER_MIN_DEPTH = 11,   /* plies master always searches, whatever the time */
	LEVEL_MASTER_MIN_ENDGAME = 18, /* empties from which master always solves exactly */
	LEVEL_MAX_DISABLED = 8,	       /* evaluation features a spec can switch off */
	LEVEL_BOOK_TOLERANCE = 100,    /* centidiscs: book moves this close to the best may be
					  played when randomness is on */
	LEVEL_MASTER_SELECTIVITY = 87, /* ProbCut confidence (percent) of master's midgame */
};

#define LEVEL_MASTER_TIME 1.0 /* seconds a move for master without a clock */
#define LEVEL_TIME_MAX 1e6    /* the most seconds a move may be given (--time) */

enum level_approach {
	LEVEL_SCAN,    /* first legal move in scan order, or a random one */
	LEVEL_ONE_PLY, /* best evaluation one ply ahead */
	LEVEL_SEARCH,  /* fixed-depth alpha-beta, optional endgame solving */
	LEVEL_MASTER,  /* book, iterative deepening on time, endgame when it fits */
};

enum level_source {
	LEVEL_SOURCE_SCAN,    /* first legal move in scan order */
	LEVEL_SOURCE_RANDOM,  /* a random legal move */
	LEVEL_SOURCE_BOOK,    /* the opening book */
	LEVEL_SOURCE_SEARCH,  /* a heuristic search (one ply included) */
	LEVEL_SOURCE_ENDGAME, /* an exact (or win/loss/draw) endgame solve */
	LEVEL_SOURCE_FORCED,  /* a pass, or the game is over */
};

struct level_spec {
	char name[16];		      /* base level name ("expert") */
	enum level_approach approach; /* how moves are chosen */
	int depth;		      /* plies for LEVEL_SEARCH; a cap for LEVEL_MASTER; 0 none */
	double time;		      /* seconds a move; 0 = none (master: clock or default) */
	int endgame;		      /* solve at <= this many empties; 0 never; -1 when it fits */
	char disabled[LEVEL_MAX_DISABLED][24]; /* evaluation features switched off */
	int n_disabled;			       /* entries in `disabled` */
	bool book;			       /* consult the opening book (master) */
	int random_percent;		       /* evaluation noise in percent; 0 = deterministic */
	int selectivity; /* ProbCut confidence of the midgame, percent (73, 87,
			    95, 98, 99; 100 = exact); the endgame ends exact */
	uint64_t seed;	 /* random seed, when has_seed */
	bool has_seed;	 /* a seed was given (--seed) */
	int threads; /* search threads (--threads); 0 = not given: one, or the caller's choice */
};

struct level_clock {
	double remaining; /* seconds left on the mover's game clock; 0 = no clock */
};

struct level_move {
	int move;		     /* square, SQ_PASS, or SQ_NONE when the game is over */
	enum level_source source;    /* where the move came from */
	bool scored;		     /* `score` is meaningful */
	int score;		     /* centidiscs, side to move (book, search, endgame, one ply) */
	struct search_result result; /* the search (source SEARCH/ENDGAME with a searcher) */
	int n_book;		     /* book moves of the position (source BOOK) */
	struct book_move book[BOOK_MAX_MOVES]; /* those moves, best first */
};

struct level_state;

int level_parse(const char *text, struct level_spec *out, char *err, size_t errlen);
int level_parse_args(int argc, char **argv, struct level_spec *out, char *err, size_t errlen);
void level_format(const struct level_spec *spec, char *out, size_t outlen);
const char *level_source_name(enum level_source source);
const char *const *level_names(void);

struct level_state *level_state_new(const struct level_spec *spec, const struct eval *ev,
				    const struct book *bk, uint64_t seed, size_t tt_megabytes,
				    char *err, size_t errlen);
void level_state_free(struct level_state *st);
void level_state_reset(struct level_state *st, uint64_t seed);
uint64_t level_state_seed(const struct level_state *st);
void level_stop(struct level_state *st);

int level_choose_move(const struct level_spec *spec, struct level_state *st, const struct board *b,
		      const struct level_clock *clock, search_observer obs, void *user,
		      struct level_move *out);

#endif
