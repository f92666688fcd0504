/*
 * vmatch.c — the random openings the series of the other boards start from.
 *
 * An opening is `plies` moves from the start, each uniform among the legal
 * ones (a pass when there is none); an opening that ends the game is drawn
 * again. A balanced opening is one of those that a search (10 plies on 6×6,
 * 6 on the larger boards) scores within VMATCH_BALANCE_MARGIN discs of a
 * draw, so that a series measures the players and not the openings' luck.
 * The games themselves go through the match game loop (match.c).
 */
#include "vmatch.h"
#include "rng.h"
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
