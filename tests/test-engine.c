/*
 * test-engine.c — the engine facade's searches (engine.h) on every board:
 * exact scores of small endgames against a slow negamax over the reference
 * rules of refvboard.c, every legal move scored by a search, a level's
 * choice legal on each board, and a stop asked before a call obeyed.
 */
#include "engine.h"
#include "eval.h"
#include "refvboard.h"
#include "rng.h"
#include "square.h"

#include <criterion/criterion.h>
#include <string.h>

static struct eval *ev;
static struct engine *eng;

static void setup(void)
{
	ev = eval_new_default();
	cr_assert_not_null(ev);
	eng = engine_new(ev, NULL, 4);
	cr_assert_not_null(eng);
}

static void teardown(void)
{
	engine_free(eng);
	eval_free(ev);
}

TestSuite(engine, .init = setup, .fini = teardown, .timeout = 120);

static const enum variant boards[] = {VARIANT_8X8, VARIANT_6X6, VARIANT_10X10_HOLES};

/* The reference position of p (cells from p's discs). */
static void to_ref(const struct pos *p, struct refvboard *r)
{
	enum variant v = p->variant;

	refvboard_start(r, square_size(v), v == VARIANT_10X10_HOLES);
	for (int row = 0; row < r->size; row++)
		for (int col = 0; col < r->size; col++) {
			int sq = square_at(v, row, col);

			if (sq < 0)
				continue;
			r->cell[row][col] = (pos_own(p) >> sq) & 1   ? RV_MOVER
					    : (pos_opp(p) >> sq) & 1 ? RV_OTHER
								     : RV_EMPTY;
		}
}

/* The final score with the empties to the winner, for the side to move in r. */
static int ref_final(const struct refvboard *r)
{
	int own = 0, opp = 0, empty = 0;

	for (int row = 0; row < r->size; row++)
		for (int col = 0; col < r->size; col++) {
			own += r->cell[row][col] == RV_MOVER;
			opp += r->cell[row][col] == RV_OTHER;
			empty += r->cell[row][col] == RV_EMPTY;
		}
	return own > opp ? own - opp + empty : own < opp ? own - opp - empty : 0;
}

/* Perfect play's score for the side to move, by trying every line (slow, few empties). */
static int ref_negamax(const struct refvboard *r, bool passed)
{
	int flipped[40][2], best = -1000;

	for (int row = 0; row < r->size; row++)
		for (int col = 0; col < r->size; col++) {
			struct refvboard next = *r;
			int v;

			if (r->cell[row][col] != RV_EMPTY || !refvboard_flips(r, row, col, flipped))
				continue;
			refvboard_play(&next, row, col);
			v = -ref_negamax(&next, false);
			if (v > best)
				best = v;
		}
	if (best > -1000)
		return best;
	if (passed) {
		struct refvboard back = *r;

		refvboard_pass(&back); /* both passed: score for the side that passed first */
		return -ref_final(&back);
	}
	{
		struct refvboard next = *r;

		refvboard_pass(&next);
		return -ref_negamax(&next, true);
	}
}

/* A position of board v reached by random moves with `empties` empty squares left (or a
   finished game's last position when the game ends first). */
static struct pos random_position(enum variant v, int empties, uint64_t *rng)
{
	struct pos p;

	pos_start(&p, v);
	while (pos_empty_count(&p) > empties && !pos_game_over(&p)) {
		vbits m = pos_moves(&p);
		int k;

		if (!m) {
			pos_pass(&p);
			continue;
		}
		for (k = (int)rng_below(rng, (uint64_t)vboard_popcount(m)); k > 0; k--)
			m &= m - 1;
		pos_play(&p, vboard_first_square(m), pos_flips(&p, vboard_first_square(m)));
	}
	return p;
}

Test(engine, exact_scores_match_a_slow_negamax_on_every_board)
{
	uint64_t rng = 11;

	for (int i = 0; i < 3; i++)
		for (int n = 0; n < 6; n++) {
			struct pos p = random_position(boards[i], 7, &rng);
			struct search_limits lim = {.depth = 10, .endgame = 20, .multipv = 64};
			struct engine_score sc;
			struct refvboard r;

			to_ref(&p, &r);
			cr_assert_eq(engine_score(eng, &p, &lim, &sc), 0);
			cr_assert(sc.done && sc.exact, "%s position %d: not exact",
				  square_variant_name(boards[i]), n);
			cr_assert_eq(sc.score, 100 * ref_negamax(&r, false), "%s position %d",
				     square_variant_name(boards[i]), n);
		}
}

Test(engine, a_search_scores_every_legal_move_best_first)
{
	uint64_t rng = 5;

	for (int i = 0; i < 3; i++) {
		struct pos p = random_position(boards[i], 8, &rng);
		struct search_limits lim = {.depth = 6, .endgame = 20, .multipv = 64};
		struct search_result res;
		vbits seen = 0;

		if (!pos_moves(&p))
			continue;
		cr_assert_eq(engine_search(eng, &p, &lim, NULL, NULL, &res), 0);
		cr_assert_eq(res.n_moves, vboard_popcount(pos_moves(&p)), "%s",
			     square_variant_name(boards[i]));
		for (int k = 0; k < res.n_moves; k++) {
			struct pos q = p;
			struct refvboard r;

			seen |= (vbits)1 << res.moves[k].move;
			cr_assert(k == 0 || res.moves[k - 1].score >= res.moves[k].score);
			pos_play(&q, res.moves[k].move, pos_flips(&p, res.moves[k].move));
			to_ref(&q, &r);
			cr_assert_eq(res.moves[k].score, -100 * ref_negamax(&r, false), "%s move %s",
				     square_variant_name(boards[i]),
				     square_text(boards[i], res.moves[k].move).s);
		}
		cr_assert(seen == pos_moves(&p));
		cr_assert_eq(res.move, res.moves[0].move);
	}
}

Test(engine, each_level_plays_a_legal_move_on_every_board)
{
	static const char *const levels[] = {"beginner", "expert", "master"};

	for (int i = 0; i < 3; i++)
		for (int l = 0; l < 3; l++) {
			struct level_spec spec;
			struct level_move mv;
			struct pos p;
			char err[128];

			cr_assert_eq(level_parse(levels[l], &spec, err, sizeof err), 0, "%s", err);
			spec.depth = 2;
			pos_start(&p, boards[i]);
			cr_assert_eq(engine_choose(eng, 0, &spec, 1, &p, 0, NULL, NULL, &mv), 0);
			cr_assert(mv.move >= 0 && (pos_moves(&p) >> mv.move) & 1, "%s %s: %d",
				  square_variant_name(boards[i]), levels[l], mv.move);
			engine_forget_level(eng, 0);
		}
}

Test(engine, a_stop_before_the_call_is_obeyed)
{
	struct search_limits lim = {0}; /* no limit: only the stop ends it */
	struct search_result res;
	struct pos p;

	pos_start(&p, VARIANT_8X8);
	engine_stop(eng);
	cr_assert(engine_stopped(eng));
	cr_assert_eq(engine_search(eng, &p, &lim, NULL, NULL, &res), 0);
	pos_start(&p, VARIANT_6X6);
	cr_assert_eq(engine_search(eng, &p, &lim, NULL, NULL, &res), 0);
	engine_go(eng);
	cr_assert_not(engine_stopped(eng));
}
