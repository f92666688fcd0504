/*
 * test-import.c — training data from collected games (train-import.c): the
 * values backed up over games that share a beginning against the games'
 * own final scores, transpositions and mirror images as one position, a
 * WTHOR leaf at 24 empties, exact solves against a slow negamax of the
 * reference board, resuming and sharding a run; data labelled again by
 * searches (train-label.c) against the same negamax; and the job pool that
 * runs them: every item once, finish under the lock, a failure stops it.
 */
#include <criterion/criterion.h>

#include "eval.h"
#include "gamedb.h"
#include "jobs.h"
#include "refboard.h"
#include "search.h"
#include "train-import.h"
#include "train-label.h"

#include <stdlib.h>
#include <string.h>

/* A random legal game from the start (plies moves at most, to the end if
   `plies` is 60), following `prefix` (`n_prefix` moves) first. */
static struct gamedb_game random_game(uint64_t seed, const uint8_t *prefix, int n_prefix, int plies)
{
	struct gamedb_game g = {0};
	struct board b;
	uint64_t rng = seed;

	board_start(&b);
	g.result = g.theory = GAMEDB_NO_SCORE;
	g.black = g.white = g.tournament = GAMEDB_NO_NAME;
	while (g.n_moves < plies && !board_game_over(&b)) {
		uint64_t m = board_moves(b.own, b.opp);
		int sq;

		if (!m) {
			board_pass(&b);
			continue;
		}
		if (g.n_moves < n_prefix) {
			sq = prefix[g.n_moves];
		} else {
			int k = (int)(test_rand(&rng) % (uint64_t)board_popcount(m));

			while (k--)
				m &= m - 1;
			sq = board_first_square(m);
		}
		board_play(&b, sq, board_flips(b.own, b.opp, sq));
		g.moves[g.n_moves++] = (uint8_t)sq;
	}
	return g;
}

/* Black's final disc difference of finished game `g`. */
static int black_score(const struct gamedb_game *g)
{
	struct board b;
	enum color side;
	char err[64];

	cr_assert_eq(gamedb_replay(g, &b, &side, -1, err, sizeof(err)), g->n_moves);
	cr_assert(board_game_over(&b));
	return side == BLACK ? board_final_score(&b) : -board_final_score(&b);
}

/* Runs train_import on `games` into a memory file and reads the data back. */
static void import(const struct gamedb_game *games, size_t n, const struct train_import_options *o,
		   struct train_data *d, struct train_import_report *rep)
{
	char *buf = NULL, err[256];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct eval *ev = eval_new_default();

	cr_assert_eq(train_data_write_header(f), 0);
	cr_assert_eq(train_import(games, n, ev, o, NULL, 0, f, NULL, NULL, rep, err, sizeof(err)),
		     0, "%s", err);
	fclose(f);
	f = fmemopen(buf, len, "rb");
	memset(d, 0, sizeof(*d));
	cr_assert_geq(train_data_read(f, "mem", d, NULL, 0, NULL, err, sizeof(err)), 0, "%s", err);
	fclose(f);
	free(buf);
	eval_free(ev);
}

/* The label of position `b` (any symmetric image) in `d`; false if absent. */
static bool label_of(const struct train_data *d, const struct board *b, int *score, bool *exact)
{
	struct board c;
	int sym;

	board_canonical(b, &c, &sym);
	for (size_t i = 0; i < d->n; i++)
		if (d->pos[i].own == c.own && d->pos[i].opp == c.opp) {
			*score = d->pos[i].score;
			*exact = d->pos[i].exact;
			return true;
		}
	return false;
}

/* The position after `plies` moves of `g` and its side to move. */
static struct board position(const struct gamedb_game *g, int plies, enum color *side)
{
	struct board b;
	char err[64];

	cr_assert_eq(gamedb_replay(g, &b, side, plies, err, sizeof(err)), plies);
	return b;
}

static const struct train_import_options ALL = {
    .min_empties = 0, .max_empties = 60, .jobs = 1, .tt_mb = 1, .shards = 1};

Test(import, shared_beginnings_take_the_best_continuation)
{
	struct gamedb_game g[2];
	struct train_data d;
	struct train_import_report rep;
	int best = -100, score;
	bool exact;

	g[0] = random_game(11, NULL, 0, 60);
	g[1] = random_game(12, g[0].moves, 40, 60);
	cr_assert_neq(memcmp(g[0].moves, g[1].moves, 60), 0, "the games must differ");
	import(g, 2, &ALL, &d, &rep);
	cr_assert_eq(rep.leaves, 2);
	/* Every position of the shared beginning is labelled with the better
	   final score for its side to move: each game's score seen from it. */
	for (int ply = 0; ply <= 40; ply += 8) {
		enum color side;
		struct board b = position(&g[0], ply, &side);
		int s0 = black_score(&g[0]), s1 = black_score(&g[1]);

		if (side == WHITE) {
			s0 = -s0;
			s1 = -s1;
		}
		best = s0 > s1 ? s0 : s1;
		cr_assert(label_of(&d, &b, &score, &exact), "ply %d", ply);
		cr_assert_eq(score, best, "ply %d: %d, expected max(%d, %d)", ply, score, s0, s1);
		cr_assert_not(exact);
	}
	/* The last positions are exact leaves. */
	for (int k = 0; k < 2; k++) {
		enum color side;
		struct board b = position(&g[k], g[k].n_moves, &side);
		int s = black_score(&g[k]);

		cr_assert(label_of(&d, &b, &score, &exact));
		cr_assert(exact);
		cr_assert_eq(score, side == BLACK ? s : -s);
	}
	train_data_free(&d);
}

Test(import, a_mirrored_game_is_the_same_positions)
{
	struct gamedb_game g[2];
	struct train_data d;
	struct train_import_report one, both;
	int moves[60];
	char err[64];

	g[0] = random_game(21, NULL, 0, 60);
	g[1] = g[0];
	/* The first symmetry other than the identity that keeps the start position. */
	for (int sym = 1;; sym++) {
		cr_assert_lt(sym, BOARD_SYMMETRIES);
		for (int i = 0; i < g[0].n_moves; i++)
			moves[i] = board_symmetry_square(g[0].moves[i], sym);
		if (gamedb_play_moves(moves, g[0].n_moves, &g[1], err, sizeof(err)) == 0)
			break;
	}
	cr_assert_neq(memcmp(g[0].moves, g[1].moves, g[0].n_moves), 0);
	import(g, 1, &ALL, &d, &one);
	train_data_free(&d);
	import(g, 2, &ALL, &d, &both);
	cr_assert_eq(both.nodes, one.nodes);
	cr_assert_eq(d.n, one.nodes);
	train_data_free(&d);
}

Test(import, a_wthor_leaf_labels_its_position_and_what_leads_to_it)
{
	struct gamedb_game g = random_game(31, NULL, 0, 60);
	struct train_data d;
	struct train_import_report rep;
	struct board b;
	enum color side, side25;
	int score;
	bool exact;

	g.theory = 10; /* Black +10 at 24 empties, as a file would say */
	g.theory_empties = 24;
	import(&g, 1, &ALL, &d, &rep);
	b = position(&g, 36, &side);
	cr_assert(label_of(&d, &b, &score, &exact));
	cr_assert(exact);
	cr_assert_eq(score, side == BLACK ? 10 : -10);
	b = position(&g, 35, &side25);
	cr_assert(label_of(&d, &b, &score, &exact));
	cr_assert_not(exact);
	cr_assert_eq(score, side25 == BLACK ? 10 : -10);
	/* Positions after the leaf are neither backed up nor (unsolved) written. */
	b = position(&g, 40, &side);
	cr_assert_not(label_of(&d, &b, &score, &exact));
	train_data_free(&d);
}

/* The exact score of `r` for its side to move, by plain negamax. */
static int negamax(const struct refboard *r, bool passed)
{
	uint64_t m = refboard_moves(r);
	int best = -65;

	if (!m) {
		struct refboard p = *r;

		if (passed) {
			int own = 0, opp = 0;

			for (int i = 0; i < 64; i++) {
				own += r->cell[i] == REF_MOVER;
				opp += r->cell[i] == REF_OTHER;
			}
			/* empty squares go to the winner */
			return own > opp ? 64 - 2 * opp : own < opp ? 2 * own - 64 : 0;
		}
		refboard_pass(&p);
		return -negamax(&p, true);
	}
	for (; m; m &= m - 1) {
		struct refboard c = *r;
		int v;

		refboard_play(&c, board_first_square(m));
		v = -negamax(&c, false);
		if (v > best)
			best = v;
	}
	return best;
}

Test(import, solved_positions_agree_with_a_slow_negamax)
{
	struct gamedb_game g[3] = {random_game(41, NULL, 0, 60), random_game(42, NULL, 0, 60),
				   random_game(43, NULL, 0, 60)};
	struct train_import_options o = ALL;
	struct train_data d;
	struct train_import_report rep;
	int checked = 0;

	o.min_empties = 60; /* the tree's labels: the start position alone */
	o.solve_from = 1;
	o.solve_empties = 8;
	o.sibling_empties = 7;
	import(g, 3, &o, &d, &rep);
	cr_assert_gt(rep.solved, 20);
	for (size_t i = 0; i < d.n; i++) {
		struct refboard r;
		struct board b = {d.pos[i].own, d.pos[i].opp};

		if (board_empty_count(&b) > 8)
			continue;
		cr_assert(d.pos[i].exact);
		refboard_from_bits(&r, b.own, b.opp);
		cr_assert_eq(d.pos[i].score, negamax(&r, false));
		checked++;
	}
	cr_assert_eq((uint64_t)checked, rep.solved);
	train_data_free(&d);
}

/* train_measure: exact labels measure as exact against the solves; a label made wrong by
   two discs on one position shows as an error of 2 there and one label in n not exact; the
   sample and the empties bounds take the positions they say. */
Test(import, measuring_labels_against_exact_solves)
{
	struct gamedb_game g[2] = {random_game(51, NULL, 0, 60), random_game(52, NULL, 0, 60)};
	struct train_import_options o = ALL;
	struct train_measure_options m = {.lo = 0, .hi = 8, .exact = true, .jobs = 2};
	struct train_measure_row rows[61];
	struct eval *ev = eval_new_default();
	struct train_data d;
	struct train_import_report rep;
	long n = 0, wrong_e = -1;
	char err[200];

	o.min_empties = 60;
	o.solve_from = 1;
	o.solve_empties = 8;
	import(g, 2, &o, &d, &rep);
	cr_assert_not_null(ev);
	cr_assert_eq(train_measure(&d, ev, &m, rows, err, sizeof err), 0, "%s", err);
	for (int e = 0; e <= 60; e++) {
		cr_assert_eq(rows[e].right, rows[e].n, "empties %d", e);
		cr_assert_eq(rows[e].abs_err, 0.0);
		cr_assert(e <= 8 || rows[e].n == 0);
		n += rows[e].n;
	}
	cr_assert_eq((uint64_t)n, rep.solved);
	for (size_t i = 0; i < d.n && wrong_e < 0; i++) {
		struct board b = {d.pos[i].own, d.pos[i].opp};

		if (d.pos[i].exact && board_empty_count(&b) <= 8) {
			d.pos[i].score = (int8_t)(d.pos[i].score + 2);
			wrong_e = board_empty_count(&b);
		}
	}
	cr_assert_eq(train_measure(&d, ev, &m, rows, err, sizeof err), 0, "%s", err);
	cr_assert_eq(rows[wrong_e].abs_err, 2.0);
	cr_assert_eq(rows[wrong_e].bias, -2.0);
	cr_assert_eq(rows[wrong_e].right, rows[wrong_e].n - 1);
	m = (struct train_measure_options){.sample = 1, .lo = 5, .hi = 6};
	cr_assert_eq(train_measure(&d, ev, &m, rows, err, sizeof err), 0, "%s", err);
	for (int e = 0; e <= 60; e++)
		cr_assert_eq(rows[e].n, e == 5 || e == 6 ? 1 : 0, "empties %d: %ld", e, rows[e].n);
	eval_free(ev);
	train_data_free(&d);
}

Test(import, shards_and_a_resumed_run_solve_each_position_once)
{
	struct gamedb_game g[4];
	struct train_import_options o = ALL;
	struct eval *ev = eval_new_default();
	struct train_import_report rep;
	uint8_t *done = calloc(IMPORT_SOLVED_ID + 4096, 1);
	struct train_data d = {0};
	char *buf = NULL, err[256];
	size_t len = 0;
	FILE *f;

	for (int i = 0; i < 4; i++)
		g[i] = random_game(51 + (uint64_t)i, NULL, 0, 60);
	o.min_empties = 60;
	o.solve_from = 1;
	o.solve_empties = 12;
	o.shards = 2;
	f = open_memstream(&buf, &len);
	cr_assert_eq(train_data_write_header(f), 0);
	cr_assert_eq(train_import(g, 4, ev, &o, NULL, 0, f, NULL, NULL, &rep, err, sizeof(err)), 0);
	o.shard = 1;
	cr_assert_eq(train_import(g, 4, ev, &o, NULL, 0, f, NULL, NULL, &rep, err, sizeof(err)), 0);
	fclose(f);
	/* A third run over what both wrote finds every record done. */
	f = fmemopen(buf, len, "rb");
	cr_assert_geq(
	    train_data_read(f, "mem", &d, done, IMPORT_SOLVED_ID + 4096, NULL, err, sizeof(err)),
	    0);
	fclose(f);
	f = fopen("/dev/null", "wb");
	o.shards = 1;
	o.shard = 0;
	cr_assert_eq(train_import(g, 4, ev, &o, done, IMPORT_SOLVED_ID + 4096, f, NULL, NULL, &rep,
				  err, sizeof(err)),
		     0);
	fclose(f);
	cr_assert_eq(rep.solved, 0);
	/* Each position once: the start (twice, one record per run) and the solved ones. */
	{
		size_t solved = 0;

		for (int e = 0; e <= 60; e++)
			solved += rep.to_solve[e];
		cr_assert_eq(d.n, solved + 2);
	}
	train_data_free(&d);
	free(buf);
	free(done);
	eval_free(ev);
}

/* Labels a data file (`in`, `len` bytes) again with `o`, passing over the ids with done[id]
   set, into a new buffer (*out, *out_len, with its header); fills `rep`. */
static void relabel(char *in, size_t len, const struct train_label_options *o, const uint8_t *done,
		    size_t done_len, char **out, size_t *out_len, struct train_label_report *rep)
{
	struct eval *ev = eval_new_default();
	struct train_data d = {0};
	char err[256];
	FILE *f = fmemopen(in, len, "rb");

	cr_assert_geq(train_data_read(f, "mem", &d, NULL, 0, NULL, err, sizeof(err)), 0, "%s", err);
	fclose(f);
	f = open_memstream(out, out_len);
	cr_assert_eq(train_data_write_header(f), 0);
	cr_assert_eq(train_label(&d, ev, o, done, done_len, f, NULL, NULL, rep, err, sizeof(err)),
		     0, "%s", err);
	fclose(f);
	train_data_free(&d);
	eval_free(ev);
}

/* Whole discs of `cd` centidiscs blended half and half with `old` discs, rounded half away
   from zero. */
static int half_blend(int cd, int old)
{
	int s = cd + 100 * old; /* twice the blend, centidiscs */

	return s >= 0 ? (s + 100) / 200 : -((-s + 100) / 200);
}

/* The depth-3 score of `b` (centidiscs) by a search of its own, from a new table. */
static int depth3(const struct eval *ev, const struct board *b)
{
	struct search *s = search_new(1, ev);
	struct search_limits lim = {.depth = 3, .endgame = 0};
	struct search_result r;

	cr_assert_not_null(s);
	cr_assert_eq(search_run(s, b, &lim, NULL, NULL, &r), 0);
	search_free(s);
	return r.score;
}

/* Reads the data file in `buf` into `d`. */
static void read_back(char *buf, size_t len, struct train_data *d)
{
	char err[256];
	FILE *f = fmemopen(buf, len, "rb");

	memset(d, 0, sizeof(*d));
	cr_assert_geq(train_data_read(f, "mem", d, NULL, 0, NULL, err, sizeof(err)), 0, "%s", err);
	fclose(f);
}

/*
 * train_label: the positions of the range that no solve labelled take the
 * exact score of a slow negamax when they have at most `solve` empties
 * or no more than the depth (and are marked exact), the score of a depth-3
 * search of their own otherwise (or half of it and half the old label); a solved position and
 * those outside the range keep their labels; 1 and 3 threads write the
 * same file; a run that finds a record done writes the others only.
 */
Test(label, solved_and_searched_labels_and_a_resumed_run)
{
	struct train_label_options o = {
	    .depth = 3, .blend = 100, .lo = 7, .hi = 10, .solve = 8, .jobs = 1, .tt_mb = 1};
	struct train_label_report rep;
	struct train_data d, h;
	struct eval *ev = eval_new_default();
	char *in = NULL, *one = NULL, *three = NULL, *half = NULL, *rest = NULL;
	size_t in_len = 0, one_len = 0, three_len = 0, half_len = 0, rest_len = 0;
	uint8_t done[8] = {0};
	int solved = 0, searched = 0, kept = 0;
	FILE *f = open_memstream(&in, &in_len);

	cr_assert_eq(train_data_write_header(f), 0);
	for (uint32_t id = 5; id < 8; id++) {
		struct gamedb_game g = random_game(60 + id, NULL, 0, 60);
		struct train_game rec = {.id = id};
		struct board b;

		board_start(&b);
		for (int i = 0; i < g.n_moves; i++) {
			int e, old;

			if (!board_moves(b.own, b.opp))
				board_pass(&b);
			e = board_empty_count(&b);
			old = e == 6 ? 33 : e > 10 ? 17 : 5; /* 6 solved before, 11-12 outside: kept */
			if (e >= 6 && e <= 12)
				rec.pos[rec.n++] =
				    (struct train_position){b.own, b.opp, (int8_t)old, e == 6, 0};
			board_play(&b, g.moves[i], board_flips(b.own, b.opp, g.moves[i]));
		}
		cr_assert_eq(train_data_write_game(f, &rec), 0);
	}
	fclose(f);
	relabel(in, in_len, &o, NULL, 0, &one, &one_len, &rep);
	o.jobs = 3;
	relabel(in, in_len, &o, NULL, 0, &three, &three_len, &rep);
	cr_assert_eq(one_len, three_len);
	cr_assert_eq(memcmp(one, three, one_len), 0, "1 and 3 threads wrote different files");
	o.blend = 50;
	relabel(in, in_len, &o, NULL, 0, &half, &half_len, &rep);
	read_back(one, one_len, &d);
	read_back(half, half_len, &h);
	cr_assert_eq(d.n, h.n);
	for (size_t i = 0; i < d.n; i++) {
		struct board b = {d.pos[i].own, d.pos[i].opp};
		int e = board_empty_count(&b);
		struct refboard r;

		if (e < 7 || e > 10) {
			cr_assert_eq(d.pos[i].score, e == 6 ? 33 : 17, "empties %d", e);
			cr_assert_eq(d.pos[i].exact, e == 6);
			kept++;
		} else if (e <= 8) {
			refboard_from_bits(&r, b.own, b.opp);
			cr_assert_eq(d.pos[i].score, negamax(&r, false), "empties %d", e);
			cr_assert(d.pos[i].exact);
			cr_assert_eq(h.pos[i].score, d.pos[i].score, "a solve is not blended");
			solved++;
		} else {
			int v = depth3(ev, &b);

			cr_assert_eq(d.pos[i].score, half_blend(2 * v, 0), "empties %d", e);
			cr_assert_eq(h.pos[i].score, half_blend(v, 5), "empties %d", e);
			cr_assert_not(d.pos[i].exact);
			searched++;
		}
	}
	cr_assert_gt(solved, 4);
	cr_assert_gt(searched, 4);
	cr_assert_gt(kept, 6);
	cr_assert_eq(rep.records, 3);
	for (int e = 0; e <= 60; e++) {
		cr_assert_eq(rep.labelled[e] > 0, e >= 7 && e <= 10, "empties %d", e);
		cr_assert_eq(rep.solved[e], e <= 8 ? rep.labelled[e] : 0, "empties %d", e);
	}
	train_data_free(&d);
	train_data_free(&h);
	/* a search as deep as the empties: solved (full boards scored by their discs) */
	o.depth = 12;
	o.solve = 0;
	o.blend = 100;
	free(half);
	half = NULL;
	relabel(in, in_len, &o, NULL, 0, &half, &half_len, &rep);
	read_back(half, half_len, &h);
	for (size_t i = 0; i < h.n; i++) {
		struct board b = {h.pos[i].own, h.pos[i].opp};
		int e = board_empty_count(&b);
		struct refboard r;

		if (e < 7 || e > 10)
			continue;
		refboard_from_bits(&r, b.own, b.opp);
		cr_assert_eq(h.pos[i].score, negamax(&r, false), "empties %d", e);
		cr_assert(h.pos[i].exact);
	}
	train_data_free(&h);
	/* resumed: record 6 done, records 5 and 7 written */
	done[6] = 1;
	o.blend = 100;
	relabel(in, in_len, &o, done, sizeof done, &rest, &rest_len, &rep);
	cr_assert_eq(rep.records, 2);
	read_back(rest, rest_len, &d);
	cr_assert_eq(d.games, 2);
	for (size_t i = 0; i < d.n; i++)
		cr_assert_neq(d.game[i], 6);
	train_data_free(&d);
	eval_free(ev);
	free(in);
	free(one);
	free(three);
	free(half);
	free(rest);
}

/* The job pool (jobs.h): what a run shares. */
struct pool_test {
	int worked[1000];  /* times each item was worked */
	int finished[1000]; /* times each was finished */
	int in_finish;	   /* threads inside finish at once (must stay 0 or 1) */
	int most;	   /* the most seen */
	size_t fail_at;	   /* the item whose work fails (or past the end) */
	int states;	   /* states made */
};

static bool pool_skip(void *ctx, size_t item)
{
	(void)ctx;
	return item % 10 == 3;
}

static void *pool_start(void *ctx)
{
	struct pool_test *t = ctx;

	__atomic_add_fetch(&t->states, 1, __ATOMIC_SEQ_CST);
	return malloc(1);
}

static int pool_work(void *ctx, void *state, size_t item)
{
	struct pool_test *t = ctx;

	cr_assert_not_null(state);
	__atomic_add_fetch(&t->worked[item], 1, __ATOMIC_SEQ_CST);
	return item == t->fail_at ? -1 : 0;
}

static int pool_finish(void *ctx, void *state, size_t item, int rc)
{
	struct pool_test *t = ctx;

	(void)state;
	if (++t->in_finish > t->most)
		t->most = t->in_finish;
	t->finished[item]++;
	t->in_finish--;
	return rc;
}

Test(jobs, every_item_not_skipped_is_worked_and_finished_once)
{
	struct pool_test *t = calloc(1, sizeof(*t));
	struct jobs j = {.items = 1000,
			 .threads = 4,
			 .ctx = t,
			 .skip = pool_skip,
			 .start = pool_start,
			 .stop = free,
			 .work = pool_work,
			 .finish = pool_finish};

	t->fail_at = 1000;
	cr_assert_eq(jobs_run(&j), 0);
	for (size_t i = 0; i < 1000; i++) {
		cr_assert_eq(t->worked[i], i % 10 == 3 ? 0 : 1, "item %zu", i);
		cr_assert_eq(t->finished[i], t->worked[i]);
	}
	cr_assert_eq(t->most, 1, "finish runs under the lock");
	cr_assert_leq(t->states, 4);
	free(t);
}

Test(jobs, a_failure_stops_the_run)
{
	struct pool_test *t = calloc(1, sizeof(*t));
	struct jobs j = {.items = 1000,
			 .threads = 1,
			 .ctx = t,
			 .start = pool_start,
			 .stop = free,
			 .work = pool_work,
			 .finish = pool_finish};
	int worked = 0;

	t->fail_at = 17;
	cr_assert_eq(jobs_run(&j), -1);
	for (size_t i = 0; i < 1000; i++)
		worked += t->worked[i];
	cr_assert_eq(worked, 18, "one thread takes no item after the failure");
	free(t);
}
