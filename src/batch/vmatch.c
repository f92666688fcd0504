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
static void opening_ply(struct vopening *o, uint64_t *rng)
{
	sqset moves = pos_moves(&o->p);
	int sq = SQ_PASS;

	if (moves) {
		int k = (int)rng_below(rng, (uint64_t)sqset_count(moves));

		while (k--)
			moves &= moves - 1;
		sq = sqset_first(moves);
		pos_play(&o->p, sq, pos_flips(&o->p, sq));
	} else {
		pos_pass(&o->p);
	}
	o->moves[o->n++] = sq;
	o->side = (enum color) !o->side;
}

/* Draws a random opening of board v of `plies` plies (at most VMATCH_OPENING_MAX) from the
   start. */
void vmatch_opening(enum variant v, int plies, uint64_t *rng, struct vopening *out)
{
	if (plies > VMATCH_OPENING_MAX)
		plies = VMATCH_OPENING_MAX;
	do {
		pos_start(&out->p, v);
		out->side = BLACK;
		out->n = 0;
		while (out->n < plies && !pos_game_over(&out->p))
			opening_ply(out, rng);
	} while (pos_game_over(&out->p));
}

/*
 * Draws a balanced opening of board v of `plies` plies (see above) with
 * searcher s of that board, whose table it clears; after VMATCH_BALANCE_TRIES
 * unbalanced ones, the last one.
 */
void vmatch_balanced_opening(struct vsearch *s, enum variant v, int plies, uint64_t *rng,
			     struct vopening *out)
{
	struct vsearch_limits lim = {.depth = v == VARIANT_6X6 ? 10 : 6};

	for (int i = 0; i < VMATCH_BALANCE_TRIES; i++) {
		struct vsearch_result r;

		vmatch_opening(v, plies, rng, out);
		vsearch_clear(s);
		vsearch_run(s, pos_vboard(&out->p), &lim, &r);
		if (r.score >= -VMATCH_BALANCE_MARGIN * VSEARCH_DISC &&
		    r.score <= VMATCH_BALANCE_MARGIN * VSEARCH_DISC)
			return;
	}
}

/* Writes an opening as a transcript ("c2b2..."; "-" when empty) into out. */
void vmatch_opening_text(const struct vopening *o, char *out, size_t outlen)
{
	size_t len = 0;
	char name[SQUARE_NAME_LEN];

	snprintf(out, outlen, "-");
	for (int i = 0; i < o->n && len + 4 < outlen; i++) {
		if (o->moves[i] == SQ_PASS)
			continue;
		len += (size_t)snprintf(out + len, outlen - len, "%s",
					square_name(o->p.variant, o->moves[i], name));
	}
}
