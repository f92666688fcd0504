/*
 * ladder.h — the ladder of levels (`othello ladder`): each level against the
 * next one down from drawn balanced openings, colours swapped, played
 * through the match game loop on the job pool; the table's counts and each
 * level's Elo above the weakest.
 */
#ifndef OTHELLO_LADDER_H
#define OTHELLO_LADDER_H

#include "level.h"
#include "match.h"
#include "report-svg.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { LADDER_MAX_LEVELS = 8 /* most levels of a ladder */ };

/* One game of a rung, as it ended. */
struct ladder_game {
	int rung;	/* index of the weaker level */
	int index;	/* game number in the rung */
	int diff;	/* final disc difference for the stronger level */
	double time[2]; /* seconds spent by the weaker, stronger level */
	bool failed;	/* a level could not choose a move */
	bool timeout;	/* a level used up its game clock (and lost) */
	bool played;	/* the game was played (not cut by max_time) */
};

/* What a rung's games add up to (ladder_rung_count). */
struct ladder_rung {
	int games;	 /* games played to an end (not failed) */
	int wins;	 /* won by the stronger level */
	int draws;	 /* drawn */
	int losses;	 /* lost by the stronger level */
	int timeouts;	 /* of the games, those lost on time */
	int failed;	 /* games in which a level could not move */
	int cut;	 /* games not played (max_time, or the caller stopped) */
	double sum_diff; /* sum of the stronger level's disc differences */
	double time[2];	 /* seconds spent by the weaker, stronger level in all games */
};

struct ladder {
	/* Set by the caller (the levels by ladder_add_level). */
	struct level_spec specs[LADDER_MAX_LEVELS]; /* weakest first */
	const char *texts[LADDER_MAX_LEVELS];	    /* the level texts they were parsed from */
	int n_levels;				    /* entries in specs */
	const struct book *book;		    /* for levels that use one (shared) */
	const struct eval *eval; /* the levels' evaluation, of `variant` (shared) */
	enum variant variant;	 /* the board (zero: 8x8) */
	int games_per_rung;			    /* even */
	int plies;				    /* plies of each opening */
	uint64_t seed;				    /* base seed */
	size_t tt_megabytes;			    /* search table of each level player */
	int threads;	  /* search threads of a level without its own (0: one) */
	int jobs;	  /* games played at once (threads of the job pool) */
	double max_time;  /* no new game after this many seconds; 0 = none */
	double game_time; /* seconds a side has for a game; 0 = no game clock */
	void (*progress)(int done, int total, void *user); /* every 10 games, or NULL */
	bool (*go_on)(void *user); /* asked before each game; false: play no more; or NULL */
	void *user;		   /* passed to progress and go_on */
	/* Filled by ladder_run. */
	struct match_opening *openings; /* games_per_rung / 2 of them */
	struct ladder_game *games;	/* every game of every rung, strongest rung first */
	int n_games;			/* entries in games */
	double t0;			/* when the run started */
	int done;			/* games finished */
	char err[300];			/* why a level player could not be made */
};

int ladder_add_level(struct ladder *l, const char *text, char *err, size_t errlen);
int ladder_run(struct ladder *l, char *err, size_t errlen);
void ladder_free(struct ladder *l);
void ladder_rung_count(const struct ladder *l, int r, struct ladder_rung *out);
void ladder_elo(const struct ladder *l, struct report_svg_bar *bars, bool ascii);

#endif
