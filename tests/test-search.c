/*
 * test-search.c — the midgame search against a plain minimax written here
 * (same evaluation, a pass uses no depth), with and without the
 * transposition table and aspiration windows; limits (time, nodes, the stop
 * flag from another thread); determinism; hints; and a self-play check that a
 * deeper search beats a shallower one.
 */
#include "board.h"
#include "eval.h"
#include "search.h"
#include "timer.h"

#include <criterion/criterion.h>
#include <pthread.h>
#include <unistd.h>

static struct eval *ev;

static void setup(void)
{
	ev = eval_new_default();
	cr_assert_not_null(ev);
}

static void teardown(void)
{
	eval_free(ev);
}

/* The plain minimax value of `b` at `depth`, in centidiscs. */
static int minimax(struct board *b, int depth)
{
	uint64_t moves;
	int best = -SCORE_INF;

	if (depth == 0)
		return eval_board(ev, b);
	moves = board_moves(b->own, b->opp);
	if (!moves) {
		int v;

		if (!board_moves(b->opp, b->own))
			return board_final_score(b) * SCORE_DISC;
		board_pass(b);
		v = -minimax(b, depth);
		board_pass(b);
		return v;
	}
	for (; moves; moves &= moves - 1) {
		int sq = board_first_square(moves), v;
		uint64_t flips = board_flips(b->own, b->opp, sq);

		board_play(b, sq, flips);
		v = -minimax(b, depth - 1);
		board_unplay(b, sq, flips);
		if (v > best)
			best = v;
	}
	return best;
}

/* A midgame position: `plies` pseudo-random moves from the start (seeded). */
static struct board random_position(unsigned seed, int plies)
{
	struct board b;
	uint64_t x = seed * 0x9E3779B97F4A7C15ULL + 1;

	board_start(&b);
	for (int i = 0; i < plies; i++) {
		uint64_t moves = board_moves(b.own, b.opp);
		int n = board_popcount(moves), k;

		if (!n) {
			if (!board_moves(b.opp, b.own))
				break;
			board_pass(&b);
			continue;
		}
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		for (k = (int)(x % (uint64_t)n); k > 0; k--)
			moves &= moves - 1;
		board_play(&b, board_first_square(moves),
			   board_flips(b.own, b.opp, board_first_square(moves)));
	}
	return b;
}

static struct search_result run_depth(struct board *b, int depth, unsigned flags)
{
	struct search *s = search_new(4, ev);
	struct search_limits lim = {.depth = depth, .endgame = 0};
	struct search_result r;

	search_set_flags(s, flags);
	cr_assert_eq(search_run(s, b, &lim, NULL, NULL, &r), 0);
	search_free(s);
	return r;
}

TestSuite(search, .init = setup, .fini = teardown);

Test(search, alpha_beta_equals_minimax)
{
	for (unsigned seed = 1; seed <= 8; seed++) {
		struct board b = random_position(seed, 14 + (int)seed);

		if (!board_can_move(&b))
			continue;
		for (int depth = 1; depth <= 4; depth++) {
			int expect = minimax(&b, depth);

			for (unsigned flags = 0; flags < 4; flags++) {
				struct search_result r = run_depth(&b, depth, flags);

				cr_assert_eq(r.score, expect,
					     "seed %u depth %d flags %u: %d, expected %d", seed,
					     depth, flags, r.score, expect);
				cr_assert_eq(r.bound, BOUND_EXACT);
				cr_assert(board_is_legal(&b, r.move));
			}
		}
	}
}

Test(search, deeper_scores_agree_with_and_without_table)
{
	for (unsigned seed = 20; seed < 26; seed++) {
		struct board b = random_position(seed, 20);

		if (!board_can_move(&b))
			continue;
		for (int depth = 5; depth <= 7; depth++) {
			int s0 = run_depth(&b, depth, 0).score;

			cr_assert_eq(run_depth(&b, depth, SEARCH_NO_TT).score, s0);
			cr_assert_eq(run_depth(&b, depth, SEARCH_NO_ASPIRATION).score, s0);
			cr_assert_eq(
			    run_depth(&b, depth, SEARCH_NO_TT | SEARCH_NO_ASPIRATION).score, s0);
		}
	}
}

Test(search, every_root_move_scored_for_hints)
{
	struct board b = random_position(3, 16);
	struct search *s = search_new(4, ev);
	struct search_limits lim = {.depth = 3, .endgame = 0, .multipv = 64};
	struct search_result r;

	search_run(s, &b, &lim, NULL, NULL, &r);
	cr_assert_eq(r.n_moves, board_popcount(board_moves(b.own, b.opp)));
	for (int i = 0; i < r.n_moves; i++) {
		struct board c = b;
		int sq = r.moves[i].move;

		board_play(&c, sq, board_flips(c.own, c.opp, sq));
		cr_assert_eq(r.moves[i].bound, BOUND_EXACT);
		cr_assert_eq(r.moves[i].score, -minimax(&c, 2), "move %s", board_square_name(sq));
		if (i)
			cr_assert_geq(r.moves[i - 1].score, r.moves[i].score);
	}
	cr_assert_eq(r.moves[0].move, r.move);
	search_free(s);
}

/*
 * Multi-PV N: the N best moves with exact scores, checked against one search per move (the
 * position after it searched alone, one ply less, fresh table); the others with upper
 * bounds at most the N-th score and at least their own. Aspiration windows and a null
 * window on the best score bounded the 2nd and 3rd best (NBoard `hint 3`, issue 32).
 */
Test(search, multipv_scores_the_n_best_moves_exactly)
{
	for (unsigned seed = 40; seed < 52; seed++) {
		struct board b = random_position(seed, 18 + (int)seed % 9);
		int n = board_popcount(board_moves(b.own, b.opp));

		if (n < 4)
			continue;
		for (int depth = 4; depth <= 6; depth++) {
			int truth[64], sorted[32], k = 0;

			for (uint64_t m = board_moves(b.own, b.opp); m; m &= m - 1) {
				int sq = board_first_square(m), j;
				struct board c = b;

				board_play(&c, sq, board_flips(c.own, c.opp, sq));
				cr_assert(board_can_move(&c), "seed %u: a pass after %s", seed,
					  board_square_name(sq));
				truth[sq] = -run_depth(&c, depth - 1, 0).score;
				for (j = k++; j > 0 && sorted[j - 1] < truth[sq]; j--)
					sorted[j] = sorted[j - 1];
				sorted[j] = truth[sq];
			}
			for (int want = 2; want <= 3; want++) {
				struct search *s = search_new(4, ev);
				struct search_limits lim = {.depth = depth, .endgame = 0, .multipv = want};
				struct search_result r;

				search_run(s, &b, &lim, NULL, NULL, &r);
				search_free(s);
				cr_assert_eq(r.n_moves, n);
				for (int i = 0; i < n; i++) {
					const struct search_move *m = &r.moves[i];

					if (i < want) {
						cr_assert_eq(m->bound, BOUND_EXACT,
							     "seed %u depth %d multipv %d: move %d is a bound",
							     seed, depth, want, i + 1);
						cr_assert_eq(m->score, truth[m->move],
							     "seed %u depth %d multipv %d: %s %d, alone %d",
							     seed, depth, want, board_square_name(m->move),
							     m->score, truth[m->move]);
						cr_assert_eq(m->score, sorted[i]);
					} else {
						cr_assert(m->bound == BOUND_EXACT ||
							  m->bound == BOUND_UPPER);
						cr_assert_geq(m->score, truth[m->move]);
						cr_assert_leq(m->score, sorted[want - 1]);
					}
				}
			}
		}
	}
}

Test(search, equal_inputs_give_equal_results)
{
	struct board b = random_position(5, 18);
	struct search_limits lim = {.depth = 6, .endgame = 0, .noise_percent = 10, .noise_seed = 7};
	struct search_result r1, r2;
	struct search *s = search_new(4, ev);

	search_run(s, &b, &lim, NULL, NULL, &r1);
	search_clear(s);
	search_run(s, &b, &lim, NULL, NULL, &r2);
	cr_assert_eq(r1.move, r2.move);
	cr_assert_eq(r1.score, r2.score);
	cr_assert_eq(r1.nodes, r2.nodes);
	search_free(s);
}

struct progress {
	int calls;	/* observer calls */
	int last_depth; /* depth of the last one */
	bool ordered;	/* depths never went down */
};

static void observe(const struct search_info *info, void *user)
{
	struct progress *p = user;

	p->calls++;
	if (info->depth < p->last_depth)
		p->ordered = false;
	p->last_depth = info->depth;
	cr_assert_geq(info->pv_len, 1);
}

Test(search, reports_each_iteration)
{
	struct board b = random_position(9, 12);
	struct search *s = search_new(4, ev);
	struct search_limits lim = {.depth = 5, .endgame = 0};
	struct progress p = {0, 0, true};
	struct search_result r;

	search_run(s, &b, &lim, observe, &p, &r);
	cr_assert_geq(p.calls, 5);
	cr_assert(p.ordered);
	cr_assert_eq(p.last_depth, 5);
	cr_assert_eq(r.depth, 5);
	search_free(s);
}

Test(search, time_limit_returns_a_legal_move)
{
	struct board b = random_position(11, 10);
	struct search *s = search_new(16, ev);
	struct search_limits lim = {.time = 0.2, .endgame = -1};
	struct search_result r;
	double t0 = timer_now();

	search_run(s, &b, &lim, NULL, NULL, &r);
	cr_assert(board_is_legal(&b, r.move));
	cr_assert_lt(timer_now() - t0, 3.0, "a 0.2 s search stops well within 3 s");
	search_free(s);
}

Test(search, game_clock_returns_a_legal_move)
{
	struct board b = random_position(12, 24);
	struct search *s = search_new(16, ev);
	struct search_limits lim = {.clock = 2.0, .endgame = -1};
	struct search_result r;
	double t0 = timer_now();

	search_run(s, &b, &lim, NULL, NULL, &r);
	cr_assert(board_is_legal(&b, r.move));
	cr_assert_lt(timer_now() - t0, 3.0, "never more than the clock left");
	search_free(s);
}

Test(search, node_limit_is_kept)
{
	struct board b = random_position(13, 10);
	struct search *s = search_new(4, ev);
	struct search_limits lim = {.nodes = 20000, .endgame = 0};
	struct search_result r;

	search_run(s, &b, &lim, NULL, NULL, &r);
	cr_assert(board_is_legal(&b, r.move));
	cr_assert_lt(r.nodes, 20000 + 4096 + 64);
	search_free(s);
}

struct worker {
	struct search *s;	/* searcher */
	struct board b;		/* position */
	struct search_result r; /* result */
};

static void *work(void *arg)
{
	struct worker *w = arg;
	struct search_limits lim = {.endgame = 0};

	search_run(w->s, &w->b, &lim, NULL, NULL, &w->r);
	return NULL;
}

Test(search, stop_from_another_thread)
{
	struct worker w = {search_new(16, ev), random_position(14, 8), {0}};
	pthread_t t;
	double t0 = timer_now();

	cr_assert_eq(pthread_create(&t, NULL, work, &w), 0);
	usleep(200000);
	search_stop(w.s);
	pthread_join(t, NULL);
	cr_assert(board_is_legal(&w.b, w.r.move));
	cr_assert_lt(timer_now() - t0, 10.0);
	search_free(w.s);
}

Test(search, passes_and_game_over)
{
	struct board over = {0x00000000FFFFFFFFULL, 0xFFFFFFFF00000000ULL};
	struct board pass = {0x4000000000000000ULL | 0x2000000000000000ULL, 0};
	struct search_result r;

	r = run_depth(&over, 4, 0);
	cr_assert_eq(r.move, SQ_NONE);
	cr_assert_eq(r.score, 0);
	/* own: f8 g8; opp: every other square but e8, where only opp can play */
	pass.opp = ~(pass.own | 0x1000000000000000ULL);
	r = run_depth(&pass, 4, 0);
	cr_assert_eq(r.move, SQ_PASS);
}

/* Plays a game between two depths (noise varies the openings); returns the disc difference for
 * black. */
static int play_game(int depth_black, int depth_white, uint64_t seed)
{
	struct search *s = search_new(4, ev);
	struct board b;
	int side = 0, result;

	board_start(&b);
	while (!board_game_over(&b)) {
		struct search_limits lim = {.depth = side ? depth_white : depth_black,
					    .endgame = 0,
					    .noise_percent = board_empty_count(&b) > 50 ? 50 : 0,
					    .noise_seed = seed};
		struct search_result r;

		if (!board_can_move(&b)) {
			board_pass(&b);
			side ^= 1;
			continue;
		}
		search_run(s, &b, &lim, NULL, NULL, &r);
		board_play(&b, r.move, board_flips(b.own, b.opp, r.move));
		side ^= 1;
	}
	result = board_final_score(&b);
	search_free(s);
	return side ? -result : result;
}

Test(search, deeper_search_beats_shallower)
{
	int deep = 0, shallow = 0;

	for (uint64_t seed = 1; seed <= 4; seed++) {
		int a = play_game(4, 2, seed), b = -play_game(2, 4, seed);

		deep += (a > 0) + (b > 0);
		shallow += (a < 0) + (b < 0);
	}
	cr_assert_gt(deep, shallow, "depth 4 won %d games, depth 2 won %d", deep, shallow);
}

Test(search, shallow_depth_limit_still_solves_in_reach)
{
	struct search *s = search_new(8, ev);

	for (unsigned seed = 1; seed <= 4; seed++) {
		struct board b = random_position(seed, 46);
		struct search_limits shallow = {.depth = 2, .endgame = 16};
		struct search_limits full = {.endgame = 60};
		struct search_result r, exact;

		if (!board_can_move(&b) || board_empty_count(&b) > 16)
			continue;
		search_run(s, &b, &shallow, NULL, NULL, &r);
		cr_assert(r.endgame, "seed %u: %d empties are solved at depth 2", seed,
			  board_empty_count(&b));
		search_clear(s);
		search_run(s, &b, &full, NULL, NULL, &exact);
		cr_assert_eq(r.score, exact.score, "seed %u: the solved score", seed);
	}
	search_free(s);
}

Test(search, midgame_pv_has_the_search_depth)
{
	for (unsigned seed = 1; seed <= 6; seed++) {
		struct board b = random_position(seed, 16), p;
		struct search_result r = run_depth(&b, 6, 0);

		if (!board_can_move(&b))
			continue;
		cr_assert_eq(r.pv_len, 6, "seed %u: a PV of 6 plies, got %d", seed, r.pv_len);
		p = b;
		for (int k = 0; k < r.pv_len; k++) {
			if (r.pv[k] == SQ_PASS) {
				board_pass(&p);
				continue;
			}
			cr_assert(board_is_legal(&p, r.pv[k]), "seed %u: ply %d legal", seed, k);
			board_play(&p, r.pv[k], board_flips(p.own, p.opp, r.pv[k]));
		}
	}
}
