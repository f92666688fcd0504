/*
 * testset.c — making and using the exact-scored test set (testset.h).
 *
 * Position `index` of a set comes from one game, reproducible from the seed
 * and the index alone: a balanced opening, then moves by a player drawn
 * afresh at every ply from a mix — random moves, one-ply choices with heavy
 * noise, shallow searches with some noise — so that both colours, many
 * openings and both sound and careless play are represented. The game stops
 * at the set's number of empties for that index, with a move for the side to
 * move; the solver then scores every legal move exactly. Each line carries
 * `% testset seed=S index=I`, so an interrupted run resumes where it stopped.
 */
#include "testset.h"
#include "jobs.h"

#include "rng.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum {
	TESTSET_ATTEMPTS = 64, /* games tried for one index before giving up */
};

/*
 * Plays the game of position `index` of the set made with `seed` up to
 * `empties` empties and puts the position (no scores yet) in `out`. Returns
 * 0, or -1 if no game of TESTSET_ATTEMPTS reached such a position with a
 * move to play.
 */
int testset_position(struct search *s, const struct train_opening *ops, int n_ops, uint64_t seed,
		     uint32_t index, int empties, struct obf_position *out)
{
	for (int attempt = 0; attempt < TESTSET_ATTEMPTS; attempt++) {
		uint64_t rng = seed ^ ((uint64_t)index << 24) ^ ((uint64_t)attempt << 56);
		struct board b;
		enum color side;

		rng_next(&rng);
		side = train_opening_play(&ops[rng_below(&rng, (uint64_t)n_ops)], &b);
		search_clear(s);
		while (board_empty_count(&b) > empties && !board_game_over(&b)) {
			int sq;

			if (!board_can_move(&b)) {
				board_pass(&b);
				side = !side;
				continue;
			}
			sq = train_varied_move(s, &b, &rng);
			board_play(&b, sq, board_flips(b.own, b.opp, sq));
			side = !side;
		}
		if (board_empty_count(&b) == empties && board_can_move(&b)) {
			memset(out, 0, sizeof *out);
			pos_set_board(&out->pos, &b);
			out->side = side;
			out->best = -99;
			return 0;
		}
	}
	return -1;
}

/*
 * Solves `pos` exactly for every legal move and fills its move list, best
 * first. Returns 0, or -1 if a score came back inexact (a stopped search).
 */
int testset_label(struct search *s, struct obf_position *pos)
{
	struct search_limits lim = {.endgame = 64, .multipv = 64};
	struct search_result r;

	search_clear(s);
	search_run(s, pos_board8(&pos->pos), &lim, NULL, NULL, &r);
	pos->n_moves = 0;
	pos->best = -99;
	for (int i = 0; i < r.n_moves; i++) {
		if (!r.endgame || r.moves[i].bound != BOUND_EXACT)
			return -1;
		pos->moves[pos->n_moves] = r.moves[i].move;
		pos->scores[pos->n_moves++] = r.moves[i].score / SCORE_DISC;
		if (r.moves[i].score / SCORE_DISC > pos->best)
			pos->best = r.moves[i].score / SCORE_DISC;
	}
	return pos->n_moves == sqset_count(pos_moves(&pos->pos)) ? 0 : -1;
}

/* The index a test-set line names in its `% testset ... index=I` comment, or -1. */
long testset_index_of(const char *line)
{
	const char *p = strstr(line, "% testset ");
	char *end;
	long v;

	if (!p || !(p = strstr(p, " index=")))
		return -1;
	v = strtol(p + 7, &end, 10);
	return end == p + 7 || v < 0 ? -1 : v;
}

/* What the generation threads share. */
struct gen {
	const struct train_opening *ops; /* openings */
	int n_ops;			 /* their number */
	const struct testset_options *o; /* the set */
	FILE *out;			 /* the file */
	testset_progress progress;	 /* progress report, or NULL */
	void *user;			 /* its argument */
	uint64_t finished;		 /* indices written (or already there); under the lock */
	bool failed;			 /* a write or a solve failed; under the lock */
	uint32_t bad_index;		 /* the index that failed, if failed */
};

/* A thread's own: its search, and the line of the position it made. */
struct gen_state {
	struct search *s;	 /* the search (first: jobs_searcher_new) */
	char line[OBF_LINE_MAX]; /* the OBF line */
};

/* Makes the line of position `index` of the set; returns 0 or -1. */
static int gen_work(void *ctx, void *state, size_t index)
{
	const struct gen *g = ctx;
	struct gen_state *st = state;
	const struct testset_options *o = g->o;
	int empties = o->lo + (int)(index % (size_t)(o->hi - o->lo + 1));
	struct obf_position pos;
	char comment[80];

	if (testset_position(st->s, g->ops, g->n_ops, o->seed, (uint32_t)index, empties, &pos) !=
		0 ||
	    testset_label(st->s, &pos) != 0)
		return -1;
	snprintf(comment, sizeof comment, "testset seed=%" PRIu64 " index=%zu", o->seed, index);
	return obf_format(&pos, comment, st->line, sizeof st->line) != 0 ? -1 : 0;
}

/* Writes the line and counts it. */
static int gen_finish(void *ctx, void *state, size_t index, int rc)
{
	struct gen *g = ctx;
	struct gen_state *st = state;

	if (rc == 0 && (fprintf(g->out, "%s\n", st->line) < 0 || fflush(g->out) != 0))
		rc = -1;
	if (rc < 0) {
		if (!g->failed)
			g->bad_index = (uint32_t)index;
		g->failed = true;
		return -1;
	}
	if (g->progress)
		g->progress(++g->finished, g->o->count, g->user);
	return 0;
}

/*
 * Makes positions 0 .. o->count-1 of the set (skipping those with done[i]
 * set, if done is not NULL) on o->jobs threads and appends their lines to
 * `out`, flushed one by one, in the order they finish. Returns 0, or -1 with
 * a message in `err`.
 */
int testset_generate(const struct eval *ev, const struct train_opening *ops, int n_ops,
		     const struct testset_options *o, const uint8_t *done, FILE *out,
		     testset_progress progress, void *user, char *err, size_t errlen)
{
	struct gen g = {
	    .ops = ops, .n_ops = n_ops, .o = o, .out = out, .progress = progress, .user = user};
	struct jobs j = {.items = o->count,
			 .threads = o->jobs,
			 .ctx = &g,
			 .done = done,
			 .searcher = {sizeof(struct gen_state), o->hash_mb, ev},
			 .work = gen_work,
			 .finish = gen_finish};

	for (uint32_t i = 0; done && i < o->count; i++)
		g.finished += done[i];
	if (progress)
		progress(g.finished, o->count, user);
	if (jobs_run(&j) < 0) {
		if (g.failed)
			snprintf(err, errlen,
				 "position %" PRIu32
				 ": no position found, a solve failed or a write failed",
				 g.bad_index);
		else
			snprintf(err, errlen, "out of memory or threads");
		return -1;
	}
	return 0;
}

/* What the measuring threads share. */
struct measure {
	const struct eval *ev;			 /* the evaluation measured */
	const struct obf_position *set;		 /* the positions */
	size_t n;				 /* their number */
	const struct testset_measure_options *o; /* depths, threads */
	struct testset_bucket *buckets;		 /* results by empties */
	testset_progress progress;		 /* progress report, or NULL */
	void *user;				 /* its argument */
	size_t finished;			 /* positions measured; under the lock */
	bool failed;				 /* a position lacked a move's score */
	size_t bad;				 /* that position, if failed */
};

/* A measuring thread's own: its search and the sums of the position it measured. */
struct measure_state {
	struct search *s;	   /* the search (first: jobs_searcher_new) */
	struct testset_bucket one; /* the position's sums */
};

/* Measures one position into `b` (the caller holds no lock); returns 0 or -1. */
static int measure_one(struct measure *m, struct search *s, const struct obf_position *p,
		       struct testset_bucket *b)
{
	const struct board *pb = pos_board8(&p->pos);
	int exact = p->best, e0 = eval_board(m->ev, pb) - exact * SCORE_DISC;

	memset(b, 0, sizeof *b);
	b->n = 1;
	b->error0 = abs(e0) / (double)SCORE_DISC;
	b->bias0 = e0 / (double)SCORE_DISC;
	for (int d = 0; d < m->o->n_depths; d++) {
		struct search_limits lim = {.depth = m->o->depths[d], .endgame = 0};
		struct search_result r;
		int got;

		search_clear(s);
		search_run(s, pb, &lim, NULL, NULL, &r);
		got = obf_score_of(p, r.move);
		if (got == -99)
			return -1;
		b->loss[d] = exact - got;
		b->best[d] = got == exact;
		b->bias[d] = (r.score - exact * SCORE_DISC) / (double)SCORE_DISC;
	}
	return 0;
}

/* Adds the sums of bucket `b` to those of `into` (positions, errors, losses, best moves). */
void testset_bucket_add(struct testset_bucket *into, const struct testset_bucket *b)
{
	into->n += b->n;
	into->error0 += b->error0;
	into->bias0 += b->bias0;
	for (int d = 0; d < TESTSET_MAX_DEPTHS; d++) {
		into->loss[d] += b->loss[d];
		into->bias[d] += b->bias[d];
		into->best[d] += b->best[d];
	}
}

static int measure_work(void *ctx, void *state, size_t i)
{
	struct measure *m = ctx;
	struct measure_state *st = state;

	return measure_one(m, st->s, &m->set[i], &st->one);
}

static int measure_finish(void *ctx, void *state, size_t i, int rc)
{
	struct measure *m = ctx;
	struct measure_state *st = state;

	if (rc != 0 && !m->failed) {
		m->failed = true;
		m->bad = i;
	} else if (rc == 0) {
		testset_bucket_add(&m->buckets[pos_empty_count(&m->set[i].pos)], &st->one);
	}
	if (m->progress)
		m->progress(++m->finished, m->n, m->user);
	return rc;
}

/*
 * Measures `ev` on the `n` positions of `set` (each with every legal move's
 * exact score): per number of empties, the static evaluation's absolute
 * error and, at each depth of `o`, the disc loss of the move a midgame search
 * (no endgame solve) chooses. Sums go to `buckets` (indexed by empties,
 * cleared first). Returns 0, or -1 with a message in `err`.
 */
int testset_measure(const struct eval *ev, const struct obf_position *set, size_t n,
		    const struct testset_measure_options *o, struct testset_bucket buckets[61],
		    testset_progress progress, void *user, char *err, size_t errlen)
{
	struct measure m = {.ev = ev,
			    .set = set,
			    .n = n,
			    .o = o,
			    .buckets = buckets,
			    .progress = progress,
			    .user = user};
	struct jobs j = {.items = n,
			 .threads = o->jobs,
			 .ctx = &m,
			 .searcher = {sizeof(struct measure_state), o->hash_mb, ev},
			 .work = measure_work,
			 .finish = measure_finish};

	memset(buckets, 0, 61 * sizeof *buckets);
	if (jobs_run(&j) < 0) {
		if (!m.failed)
			snprintf(err, errlen, "out of memory or no thread");
		else
			snprintf(err, errlen,
				 "position %zu: the search chose a move the set "
				 "gives no score for",
				 m.bad + 1);
		return -1;
	}
	return 0;
}
