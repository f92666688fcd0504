/*
 * vmatch.c — one game between two levels of vlevel.h from an opening, on the
 * other boards, and the random openings games start from.
 *
 * An opening is `plies` moves from the start, each uniform among the legal
 * ones (a pass when there is none); an opening that ends the game is drawn
 * again. A balanced opening is one of those that a search (10 plies on 6×6,
 * 6 on the larger boards) scores within VMATCH_BALANCE_MARGIN discs of a
 * draw, so that a series measures the players and not the openings' luck. The game then runs to its
 * end, each side with its own searcher and clock (--game-time: a side that runs out of time loses
 * by forfeit, its opponent credited with every disc). The result is a report_game, so that
 * report-stats.c scores the series as it does on 8×8.
 */
#include "vmatch.h"
#include "rng.h"
#include "timer.h"
#include "vsearch.h"

#include <stdio.h>
#include <string.h>

/* Plays one random ply of o (a pass when the mover has no move). */
static void opening_ply(const struct vgeom *g, struct vopening *o, uint64_t *rng)
{
	vbits moves = vboard_moves(g, o->b.own, o->b.opp);
	int sq = VSQ_PASS;

	if (moves) {
		int k = (int)rng_below(rng, (uint64_t)vboard_popcount(moves));

		while (k--)
			moves &= moves - 1;
		sq = vboard_first_square(moves);
		vboard_play(&o->b, sq, vboard_flips(g, o->b.own, o->b.opp, sq));
	} else {
		vboard_pass(&o->b);
	}
	o->moves[o->n++] = sq;
	o->black_to_move = !o->black_to_move;
}

/* Draws a random opening of `plies` plies (at most VMATCH_OPENING_MAX) from the start. */
void vmatch_opening(const struct vgeom *g, int plies, uint64_t *rng, struct vopening *out)
{
	if (plies > VMATCH_OPENING_MAX)
		plies = VMATCH_OPENING_MAX;
	do {
		vboard_start(g, &out->b);
		out->black_to_move = true;
		out->n = 0;
		while (out->n < plies && !vboard_game_over(g, &out->b))
			opening_ply(g, out, rng);
	} while (vboard_game_over(g, &out->b));
}

/*
 * Draws a balanced opening of `plies` plies (see above) with searcher s, whose
 * table it clears; after VMATCH_BALANCE_TRIES unbalanced ones, the last one.
 */
void vmatch_balanced_opening(struct vsearch *s, int plies, uint64_t *rng, struct vopening *out)
{
	const struct vgeom *g = vsearch_geom(s);
	struct vsearch_limits lim = {.depth = g->variant == VARIANT_6X6 ? 10 : 6};

	for (int i = 0; i < VMATCH_BALANCE_TRIES; i++) {
		struct vsearch_result r;

		vmatch_opening(g, plies, rng, out);
		vsearch_clear(s);
		vsearch_run(s, &out->b, &lim, &r);
		if (r.score >= -VMATCH_BALANCE_MARGIN * VSEARCH_DISC &&
		    r.score <= VMATCH_BALANCE_MARGIN * VSEARCH_DISC)
			return;
	}
}

/* Writes an opening as a transcript ("c2b2..."; "-" when empty) into out. */
void vmatch_opening_text(const struct vgeom *g, const struct vopening *o, char *out, size_t outlen)
{
	size_t len = 0;
	char name[4];

	snprintf(out, outlen, "-");
	for (int i = 0; i < o->n && len + 4 < outlen; i++) {
		if (o->moves[i] == VSQ_PASS)
			continue;
		len += (size_t)snprintf(out + len, outlen - len, "%s",
					vboard_square_name(g, o->moves[i], name));
	}
}

/* Ends a game record with the discs of the final position (side to move black or not). */
static void game_result(const struct vgeom *g, const struct vboard *b, bool black_to_move,
			struct report_game *out)
{
	int own = vboard_popcount(b->own), opp = vboard_popcount(b->opp);
	int score = vboard_final_score(g, b);

	out->black_discs = black_to_move ? own : opp;
	out->white_discs = black_to_move ? opp : own;
	out->gap = black_to_move ? score : -score;
	snprintf(out->end, sizeof out->end, "end");
}

/*
 * Plays a game from opening o between levels black and white (names in
 * out->black/white are set by the caller); fills out's discs, gap, moves,
 * time and end. Returns 0, or -1 with a message when out of memory.
 */
int vmatch_game(const struct vmatch_setup *setup, const struct vlevel *black,
		const struct vlevel *white, const struct vopening *o, struct report_game *out,
		char *err, size_t errlen)
{
	const struct vgeom *g = setup->g;
	struct vsearch *s[2] = {vsearch_new(&setup->ev, setup->hash_mb),
				vsearch_new(&setup->ev, setup->hash_mb)};
	double clock[2] = {setup->game_time, setup->game_time}, start = timer_now();
	struct vboard b = o->b;
	bool black_to_move = o->black_to_move;
	int status = 0;

	out->moves = 0;
	if (!s[0] || !s[1]) {
		snprintf(err, errlen, "out of memory");
		status = -1;
	}
	while (status == 0 && !vboard_game_over(g, &b)) {
		int side = black_to_move ? 0 : 1;
		struct vsearch_result r;
		double t0 = timer_now();

		vlevel_choose(side ? white : black, s[side], &b, clock[side], &r);
		if (setup->game_time > 0) {
			clock[side] -= timer_now() - t0;
			if (clock[side] <= 0) {
				out->black_discs = side ? g->squares : 0;
				out->white_discs = side ? 0 : g->squares;
				out->gap = side ? g->squares : -g->squares;
				snprintf(out->end, sizeof out->end, "forfeit %s: out of time",
					 side ? "white" : "black");
				break;
			}
		}
		if (r.move == VSQ_PASS) {
			vboard_pass(&b);
		} else {
			vboard_play(&b, r.move, vboard_flips(g, b.own, b.opp, r.move));
			out->moves++;
		}
		black_to_move = !black_to_move;
	}
	if (status == 0 && vboard_game_over(g, &b))
		game_result(g, &b, black_to_move, out);
	out->seconds = timer_now() - start;
	vsearch_free(s[0]);
	vsearch_free(s[1]);
	return status;
}
