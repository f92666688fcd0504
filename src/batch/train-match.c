/*
 * train-match.c — `othello train match`: a fixed-depth match between two
 * evaluations A and B, played through the match game loop
 * (match_play_game) between search players (match_player_new_search) on the
 * job pool.
 *
 * Game g plays opening (g / 2) mod n, A Black when g is even and White when
 * odd; its round is g / (2n). Both players search to the same depth with an
 * exact solve from the same number of empties; in rounds after the first
 * both get the same evaluation noise, seeded by the round (the game's seed),
 * so that the rounds play different games. Each pool thread has its own two
 * players, whose search tables are cleared at each new game; the result
 * does not depend on the number of threads.
 */
#include "train.h"

#include "jobs.h"
#include "match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the threads share. */
struct match_shared {
	const struct eval *ev[2];	 /* A, B */
	const struct train_opening *ops; /* openings */
	int n_ops;			 /* number of openings */
	struct train_match_options o;	 /* options */
	train_progress progress;	 /* callback or NULL */
	void *user;			 /* its argument */
	struct train_match_result res;	 /* results so far; under the lock */
};

/* A match thread's own: A's and B's players and the last game's score. */
struct match_state {
	struct match_player *p[2]; /* A's and B's */
	int discs;		   /* A's final disc difference of the game just played */
};

static void match_stop(void *state)
{
	struct match_state *st = state;

	match_player_free(st->p[0]);
	match_player_free(st->p[1]);
	free(st);
}

static void *match_start(void *ctx)
{
	const struct match_shared *m = ctx;
	struct match_state *st = calloc(1, sizeof *st);
	char err[100];

	for (int i = 0; st && i < 2; i++)
		if (!(st->p[i] = match_player_new_search(m->ev[i], m->o.depth, m->o.endgame,
							 m->o.noise, 16, err, sizeof err))) {
			match_stop(st);
			st = NULL;
		}
	return st;
}

static int match_work(void *ctx, void *state, size_t item)
{
	const struct match_shared *m = ctx;
	struct match_state *st = state;
	int game = (int)item;
	enum color a_color = game % 2 ? WHITE : BLACK;
	uint64_t round = (uint64_t)(game / (2 * m->n_ops));
	struct match_opening o;
	struct match_table t = {
	    .player = {st->p[a_color == BLACK ? 0 : 1], st->p[a_color == BLACK ? 1 : 0]},
	    .name = {"black", "white"},
	    .opening = &o,
	    .number = game + 1,
	    .seed = {round, round}};
	struct report_game out;

	if (train_opening_match(&m->ops[game / 2 % m->n_ops], &o) < 0)
		return -1;
	match_play_game(&t, &out, NULL, NULL);
	st->discs = a_color == BLACK ? out.gap : -out.gap;
	return 0;
}

static int match_finish(void *ctx, void *state, size_t item, int rc)
{
	struct match_shared *m = ctx;
	int d = ((struct match_state *)state)->discs;

	(void)item;
	if (rc < 0)
		return -1;
	m->res.games++;
	m->res.discs_a += d;
	m->res.wins_a += d > 0;
	m->res.draws += d == 0;
	m->res.points_a += d > 0 ? 1 : d == 0 ? 0.5 : 0;
	if (m->progress)
		m->progress((uint64_t)m->res.games, 2 * (uint64_t)m->n_ops * m->o.rounds,
			    (uint64_t)(m->res.points_a * 2), m->user);
	return 0;
}

/*
 * Plays every opening 2 x o->rounds times, A black then A white, at fixed
 * depth with an exact solve from o->endgame empties (rounds after the first
 * with evaluation noise, the same for both players, seeded by the round), on
 * o->jobs threads; fills `res` from A's view. Returns 0, or -1 with a
 * message when out of memory or an opening is not a legal line.
 */
int train_match(const struct eval *a, const struct eval *b, const struct train_opening *ops,
		int n_ops, const struct train_match_options *o, train_progress progress, void *user,
		struct train_match_result *res, char *err, size_t errlen)
{
	struct match_shared m;
	struct jobs j;
	int st;

	memset(&m, 0, sizeof m);
	m.ev[0] = a;
	m.ev[1] = b;
	m.ops = ops;
	m.n_ops = n_ops;
	m.o = *o;
	if (m.o.rounds < 1)
		m.o.rounds = 1;
	m.progress = progress;
	m.user = user;
	j = (struct jobs){.items = 2 * (size_t)m.n_ops * (size_t)m.o.rounds,
			  .threads = o->jobs,
			  .ctx = &m,
			  .start = match_start,
			  .stop = match_stop,
			  .work = match_work,
			  .finish = match_finish};
	st = jobs_run(&j);
	*res = m.res;
	if (st < 0) {
		snprintf(err, errlen,
			 "out of memory or threads, or an opening is not a legal line");
		return -1;
	}
	return 0;
}
