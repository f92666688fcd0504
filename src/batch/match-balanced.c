/*
 * match-balanced.c — drawing balanced 8×8 openings for matches: the moves of
 * `othello balanced-openings` (openings/balanced.txt is its output) and of
 * the ladder's own openings.
 *
 * One candidate is a sequence of P plies from the start. At every ply all
 * legal moves are scored by a shallow search (the pick depth) and one move is
 * drawn uniformly among those within the pick window of the best, so that
 * sequences are varied but sensible (match_balanced_pick; a side with no move
 * passes, which counts as a ply). match_balanced_run draws P uniformly in
 * [MIN, MAX], reduces the final position to its canonical form under the 8
 * symmetries and skips repeats, searches it deeply (exact when few empties
 * remain) and keeps it when its score is within the window of even; a kept
 * sequence is written turned by the symmetry that takes its first move to f5.
 * Everything follows from the seed.
 */
#include "match.h"
#include "rng.h"
#include "search.h"

#include <stdlib.h>
#include <string.h>

/*
 * Plays `plies` plies from the start into moves[] (SQ_PASS for a pass), each
 * drawn among the moves a depth-`depth` search scores within `window`
 * centidiscs of the best, with `rng`; the position reached in *out. Returns
 * the plies played, 0 when the game ended first or a search failed.
 */
int match_balanced_pick(struct search *s, int plies, int depth, int window, uint64_t *rng,
			int *moves, struct board *out)
{
	struct board b;
	int n = 0;

	board_start(&b);
	while (n < plies) {
		struct search_limits lim = {.depth = depth, .multipv = 32};
		struct search_result res;
		int close = 1, k;

		if (!board_can_move(&b)) {
			if (!board_opponent_can_move(&b))
				return 0;
			board_pass(&b);
			moves[n++] = SQ_PASS;
			continue;
		}
		if (search_run(s, &b, &lim, NULL, NULL, &res) != 0 || res.n_moves == 0)
			return 0;
		while (close < res.n_moves && res.moves[close].score >= res.moves[0].score - window)
			close++;
		k = res.moves[rng_below(rng, (uint64_t)close)].move;
		board_play(&b, k, board_flips(b.own, b.opp, k));
		moves[n++] = k;
	}
	*out = b;
	return n;
}

/* Symmetry of the start position that takes square `sq` to f5, or -1. */
static int symmetry_to_f5(int sq)
{
	struct board start, t;
	int f5 = board_square_parse("f5");

	board_start(&start);
	for (int s = 0; s < BOARD_SYMMETRIES; s++) {
		board_symmetry(&start, s, &t);
		if (t.own == start.own && t.opp == start.opp && board_symmetry_square(sq, s) == f5)
			return s;
	}
	return -1;
}

/* A set of canonical positions, open addressing on the hash. */
struct seen {
	struct board *v; /* slots; own == opp == 0 is empty */
	size_t cap;	 /* number of slots, a power of two */
	size_t n;	 /* positions stored */
};

/* Adds `b` (canonical) to the set; false if it was there already (or memory ran out). */
static bool seen_add(struct seen *s, const struct board *b)
{
	size_t i;

	if (2 * (s->n + 1) > s->cap) {
		struct seen bigger = {calloc(s->cap ? 2 * s->cap : 1024, sizeof *s->v),
				      s->cap ? 2 * s->cap : 1024, 0};

		if (!bigger.v)
			return false;
		for (i = 0; i < s->cap; i++)
			if (s->v[i].own | s->v[i].opp)
				seen_add(&bigger, &s->v[i]);
		free(s->v);
		*s = bigger;
	}
	for (i = board_hash(b) & (s->cap - 1); s->v[i].own | s->v[i].opp;
	     i = (i + 1) & (s->cap - 1))
		if (s->v[i].own == b->own && s->v[i].opp == b->opp)
			return false;
	s->v[i] = *b;
	s->n++;
	return true;
}

/* Writes moves[0..n) as a transcript turned so that the first move is f5 (passes left
   out). */
static void f5_text(const int *moves, int n, char *out)
{
	int sym = symmetry_to_f5(moves[0]);

	*out = '\0';
	for (int i = 0; i < n; i++)
		if (moves[i] != SQ_PASS)
			strcat(out, board_square_name(board_symmetry_square(moves[i], sym)));
}

/*
 * Draws balanced openings by the options (see the top of the file) with a
 * search of evaluation ev, handing each kept one to fn (its transcript, the
 * deep search's score in centidiscs for the side to move after it, and its
 * depth), until o->count are kept, o->attempts were tried or fn returns
 * false. Returns the openings kept (*tried: the candidates drawn), or -1 when
 * memory runs out.
 */
long match_balanced_run(const struct eval *ev, const struct match_balanced_options *o,
			match_balanced_fn fn, void *user, long *tried)
{
	struct search *s = search_new(64, ev);
	struct seen seen = {0};
	uint64_t rng = (uint64_t)o->seed;
	long kept = 0;

	*tried = 0;
	if (!s)
		return -1;
	while (kept < o->count && *tried < o->attempts) {
		int plies = o->min_plies +
			    (int)rng_below(&rng, (uint64_t)(o->max_plies - o->min_plies + 1));
		struct search_limits lim = {.depth = (int)o->depth, .endgame = (int)o->depth};
		char text[2 * 64 + 1];
		struct board b, canon;
		struct search_result res;
		int moves[64], n;

		++*tried;
		n = match_balanced_pick(s, plies, (int)o->pick_depth, (int)(o->pick_window * 100),
					&rng, moves, &b);
		if (n == 0)
			continue;
		board_canonical(&b, &canon, NULL);
		if (!seen_add(&seen, &canon))
			continue;
		search_clear(s);
		if (search_run(s, &b, &lim, NULL, NULL, &res) != 0)
			continue;
		if (res.score > o->window * 100 || res.score < -o->window * 100)
			continue;
		f5_text(moves, n, text);
		kept++;
		if (!fn(text, res.score, res.depth, kept, *tried, user))
			break;
	}
	search_free(s);
	free(seen.v);
	return kept;
}
