/*
 * endgame.c — the exact endgame solver: the final disc difference (empties to
 * the winner) under perfect play, by fail-soft alpha-beta over every move.
 * A win/loss/draw solve is the same search with the window (-1, 1).
 *
 * Layers, by number of empty squares n:
 * - n > EG_SHALLOW: move generation (a node gets its moves from its parent,
 *   which generated them to order it), fastest-first ordering (fewest replies
 *   for the opponent, corners counted twice, then fewest empty squares next
 *   to our discs, a corner move a little earlier; from EG_EVAL_SORT empties
 *   the evaluation of each child is added, from EG_SORT_SEARCH the score of a
 *   shallow midgame search of it), the hash move first, principal
 *   variation search, the transposition table from EG_TT_MIN empties, enhanced transposition
 *   cut-offs (a child's stored bound may refute the node before any search)
 *   above EG_ETC_MIN, and a stability cut-off (the opponent's stable discs
 *   bound our score).
 * - 5 <= n <= EG_SHALLOW: no move generation: each empty square next to an
 *   opponent disc is tried as a move (at the top, only the parent's list of
 *   moves), those in quadrants with an odd number of empties first (parity,
 *   updated from move to move).
 * - n == 4, 3, 2: one function each over the list of the empty squares, sorted
 *   once by parity at 4 (after a move, a square alone in its quadrant first);
 *   a square is tried only when it touches an opponent disc.
 * - n == 1: the last square, from the count of its flips (for either side).
 * Child table buckets are prefetched first thing at a node (eg_flips_and_fetch).
 * Scores here are in discs; the root (search.c) converts them.
 *
 * Selective pre-searches (the root raises the selectivity level before the
 * exact solve): from EG_PROBCUT_MIN empties, a null-window midgame search of
 * the depth the ProbCut table gives predicts whether the exact score fails
 * high or low, and the node is cut when the prediction is sure enough at the
 * level of the search (eg_probcut). Entries are stored with the level, so
 * the exact search only takes the move from them.
 *
 * Stable discs (endgame_stable): a disc is stable when, along each of the four
 * axes, its line is full or one of its neighbours on that axis is the board
 * edge or a stable disc of the same colour; grown from nothing to a fixpoint.
 */
#include "endgame.h"
#include "parallel.h"
#include "search-int.h"

enum {
	EG_SHALLOW = 6,	     /* up to this many empties: the parity solver */
	EG_TT_MIN = 8,	     /* from this many empties: the transposition table */
	EG_ETC_MIN = 12,     /* above this many empties: enhanced transposition cut-offs (their
				probes hit the buckets fetched by eg_flips_and_fetch) */
	EG_EVAL_SORT = 13,   /* from this many empties: the evaluation joins the ordering key */
	EG_SORT_SEARCH = 18, /* from this many empties: a shallow search of each child instead,
				1 ply from 18, 2 from 22, 3 from 26 (one more each EG_SORT_STEP) */
	EG_SORT_STEP = 4,
	EG_EVAL_SCALE = 32,  /* centidiscs of evaluation per unit of the key (a disc weighs
				0.4 of a reply; BENCHMARKS.md, "the solver's move ordering
				weighed again") */
	EG_W_MOB = 8,	     /* ordering weight of the opponent's mobility */
	EG_W_POT = 2,	     /* ordering weight of the opponent's potential mobility */
	EG_W_CORNER = 8,     /* ordering bonus of a corner move */
	EG_PROBCUT_MIN = 10, /* from this many empties, ProbCut in selective searches */
	EG_SPLIT_MIN = 12    /* from this many empties, younger brothers are shared with helpers */
};
_Static_assert(EG_ETC_MIN > EG_TT_MIN, "the cut-offs use the keys computed with the prefetch");

#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL
#define BORDER 0xFF818181818181FFULL
#define CORNERS 0x8100000000000081ULL

/* Rows, columns, then the two diagonal directions (those of 3 squares or more). */
static const uint64_t lines[38] = {
    0x00000000000000ffULL, 0x000000000000ff00ULL, 0x0000000000ff0000ULL, 0x00000000ff000000ULL,
    0x000000ff00000000ULL, 0x0000ff0000000000ULL, 0x00ff000000000000ULL, 0xff00000000000000ULL,
    0x0101010101010101ULL, 0x0202020202020202ULL, 0x0404040404040404ULL, 0x0808080808080808ULL,
    0x1010101010101010ULL, 0x2020202020202020ULL, 0x4040404040404040ULL, 0x8080808080808080ULL,
    0x0402010000000000ULL, 0x0804020100000000ULL, 0x1008040201000000ULL, 0x2010080402010000ULL,
    0x4020100804020100ULL, 0x8040201008040201ULL, 0x0080402010080402ULL, 0x0000804020100804ULL,
    0x0000008040201008ULL, 0x0000000080402010ULL, 0x0000000000804020ULL, 0x0000000000010204ULL,
    0x0000000001020408ULL, 0x0000000102040810ULL, 0x0000010204081020ULL, 0x0001020408102040ULL,
    0x0102040810204080ULL, 0x0204081020408000ULL, 0x0408102040800000ULL, 0x0810204080000000ULL,
    0x1020408000000000ULL, 0x2040800000000000ULL,
};

static uint64_t full_lines(uint64_t filled, int from, int to)
{
	uint64_t full = 0;

	for (int i = from; i < to; i++)
		if ((filled & lines[i]) == lines[i])
			full |= lines[i];
	return full;
}

/*
 * Returns the discs of `p` that can never be flipped, given the occupied
 * squares `filled` (a sound under-estimate, see the top of this file).
 */
uint64_t endgame_stable(uint64_t p, uint64_t filled)
{
	uint64_t fh = full_lines(filled, 0, 8) | FILE_A | FILE_H;
	uint64_t fv = full_lines(filled, 8, 16) | 0xFF000000000000FFULL;
	uint64_t fd1 = full_lines(filled, 16, 27) | BORDER;
	uint64_t fd2 = full_lines(filled, 27, 38) | BORDER;
	uint64_t st = 0, prev;

	do {
		prev = st;
		st = p & (fh | (st << 1 & ~FILE_A) | (st >> 1 & ~FILE_H)) &
		     (fv | st << 8 | st >> 8) & (fd1 | (st << 9 & ~FILE_A) | (st >> 9 & ~FILE_H)) &
		     (fd2 | (st << 7 & ~FILE_H) | (st >> 7 & ~FILE_A));
	} while (st != prev);
	return st;
}

/* The squares next to any square of `x` (eight directions, no wrapping). */
static inline uint64_t eg_neighbours(uint64_t x)
{
	uint64_t w = (x >> 1) & ~FILE_H, e = (x << 1) & ~FILE_A;
	uint64_t row = x | w | e;

	return w | e | (row << 8) | (row >> 8);
}

/* eg_neighbours of each single square, for the leaf functions' quick test. */
static const uint64_t square_neighbours[64] = {
    0x0000000000000302ULL, 0x0000000000000705ULL, 0x0000000000000e0aULL, 0x0000000000001c14ULL,
    0x0000000000003828ULL, 0x0000000000007050ULL, 0x000000000000e0a0ULL, 0x000000000000c040ULL,
    0x0000000000030203ULL, 0x0000000000070507ULL, 0x00000000000e0a0eULL, 0x00000000001c141cULL,
    0x0000000000382838ULL, 0x0000000000705070ULL, 0x0000000000e0a0e0ULL, 0x0000000000c040c0ULL,
    0x0000000003020300ULL, 0x0000000007050700ULL, 0x000000000e0a0e00ULL, 0x000000001c141c00ULL,
    0x0000000038283800ULL, 0x0000000070507000ULL, 0x00000000e0a0e000ULL, 0x00000000c040c000ULL,
    0x0000000302030000ULL, 0x0000000705070000ULL, 0x0000000e0a0e0000ULL, 0x0000001c141c0000ULL,
    0x0000003828380000ULL, 0x0000007050700000ULL, 0x000000e0a0e00000ULL, 0x000000c040c00000ULL,
    0x0000030203000000ULL, 0x0000070507000000ULL, 0x00000e0a0e000000ULL, 0x00001c141c000000ULL,
    0x0000382838000000ULL, 0x0000705070000000ULL, 0x0000e0a0e0000000ULL, 0x0000c040c0000000ULL,
    0x0003020300000000ULL, 0x0007050700000000ULL, 0x000e0a0e00000000ULL, 0x001c141c00000000ULL,
    0x0038283800000000ULL, 0x0070507000000000ULL, 0x00e0a0e000000000ULL, 0x00c040c000000000ULL,
    0x0302030000000000ULL, 0x0705070000000000ULL, 0x0e0a0e0000000000ULL, 0x1c141c0000000000ULL,
    0x3828380000000000ULL, 0x7050700000000000ULL, 0xe0a0e00000000000ULL, 0xc040c00000000000ULL,
    0x0203000000000000ULL, 0x0507000000000000ULL, 0x0a0e000000000000ULL, 0x141c000000000000ULL,
    0x2838000000000000ULL, 0x5070000000000000ULL, 0xa0e0000000000000ULL, 0x40c0000000000000ULL,
};

/* Final score of a finished game for `own` (empties to the winner). */
static inline int eg_final(uint64_t own, uint64_t opp)
{
	int o = board_popcount(own), p = board_popcount(opp), e = 64 - o - p;

	if (o > p)
		return o - p + e;
	if (o < p)
		return o - p - e;
	return 0;
}

/* The score with one empty square `sq` left, `own` to move. */
static inline int eg_last1(uint64_t own, uint64_t opp, int sq)
{
	int o = board_popcount(own);
	int n = (square_neighbours[sq] & opp) ? board_popcount(board_flips(own, opp, sq)) : 0;
	int diff;

	if (n)
		return 2 * (o + n + 1) - 64;
	n = board_popcount(board_flips(opp, own, sq));
	if (n)
		return 2 * (o - n) - 64;
	diff = 2 * o - 63;
	return diff > 0 ? diff + 1 : diff - 1;
}

/* Whether `own` has a move on `sq` that flips: those flips, else 0 (a quick neighbour test first).
 */
static inline uint64_t eg_try(uint64_t own, uint64_t opp, int sq)
{
	return (square_neighbours[sq] & opp) ? board_flips(own, opp, sq) : 0;
}

/* The score with the two empty squares a and b left, `own` to move (discs, fail-soft). */
static int eg_last2(struct search *s, uint64_t own, uint64_t opp, int a, int b, int beta,
		    bool passed)
{
	uint64_t f;
	int best = -SCORE_INF, v;

	s->nodes++;
	if ((f = eg_try(own, opp, a))) {
		s->nodes++;
		best = -eg_last1(opp ^ f, own ^ f ^ board_bit(a), b);
		if (best >= beta)
			return best;
	}
	if ((f = eg_try(own, opp, b))) {
		s->nodes++;
		v = -eg_last1(opp ^ f, own ^ f ^ board_bit(b), a);
		if (v > best)
			best = v;
	}
	if (best != -SCORE_INF)
		return best;
	if (passed)
		return -eg_final(opp, own);
	return -eg_last2(s, opp, own, a, b, SCORE_INF, true);
}

/* The score with the three empty squares x[0..2] left, tried in that order. */
static int eg_last3(struct search *s, uint64_t own, uint64_t opp, const int *x, int alpha, int beta,
		    bool passed)
{
	static const int rest[3][2] = {{1, 2}, {0, 2}, {0, 1}};
	int best = -SCORE_INF;

	search_count(s);
	for (int i = 0; i < 3; i++) {
		uint64_t f = eg_try(own, opp, x[i]);
		int v;

		if (!f)
			continue;
		v = -eg_last2(s, opp ^ f, own ^ f ^ board_bit(x[i]), x[rest[i][0]], x[rest[i][1]],
			      -alpha, false);
		if (v > best) {
			best = v;
			if (v > alpha) {
				if (v >= beta)
					return v;
				alpha = v;
			}
		}
	}
	if (best != -SCORE_INF)
		return best;
	if (passed)
		return -eg_final(opp, own);
	return -eg_last3(s, opp, own, x, -beta, -alpha, true);
}

/* The quadrant (0..3) of a square. */
static inline int eg_quadrant(int sq)
{
	return ((sq >> 2) & 1) | ((sq >> 4) & 2);
}

/* The score with the four empty squares x[0..3] left, tried in that order. */
static int eg_last4(struct search *s, uint64_t own, uint64_t opp, const int *x, int alpha, int beta,
		    bool passed)
{
	int best = -SCORE_INF;

	search_count(s);
	for (int i = 0; i < 4; i++) {
		uint64_t f = eg_try(own, opp, x[i]);
		int y[3], k = 0, v;

		if (!f)
			continue;
		for (int j = 0; j < 4; j++)
			if (j != i)
				y[k++] = x[j];
		/* after the move, a square left alone in its quadrant first (parity) */
		if (eg_quadrant(y[0]) == eg_quadrant(y[1]) &&
		    eg_quadrant(y[2]) != eg_quadrant(y[0]))
			y[0] ^= y[2], y[2] ^= y[0], y[0] ^= y[2];
		else if (eg_quadrant(y[0]) == eg_quadrant(y[2]) &&
			 eg_quadrant(y[1]) != eg_quadrant(y[0]))
			y[0] ^= y[1], y[1] ^= y[0], y[0] ^= y[1];
		v = -eg_last3(s, opp ^ f, own ^ f ^ board_bit(x[i]), y, -beta, -alpha, false);
		if (v > best) {
			best = v;
			if (v > alpha) {
				if (v >= beta)
					return v;
				alpha = v;
			}
		}
	}
	if (best != -SCORE_INF)
		return best;
	if (passed)
		return -eg_final(opp, own);
	return -eg_last4(s, opp, own, x, -beta, -alpha, true);
}

static const uint64_t quadrants[4] = {
    0x000000000F0F0F0FULL,
    0x00000000F0F0F0F0ULL,
    0x0F0F0F0F00000000ULL,
    0xF0F0F0F000000000ULL,
};

/* The squares of the quadrants that hold an odd number of `empty` squares. */
static inline uint64_t odd_quadrants(uint64_t empty)
{
	uint64_t odd = 0;

	for (int q = 0; q < 4; q++)
		if (board_popcount(empty & quadrants[q]) & 1)
			odd |= quadrants[q];
	return odd;
}

/*
 * eg_last4 on the four squares of `empty`, those of the quadrants in `odd`
 * (the quadrants with an odd number of empties) first.
 */
static int eg_solve4(struct search *s, uint64_t own, uint64_t opp, uint64_t empty, uint64_t odd,
		     int alpha, int beta)
{
	int x[4], n = 0;

	for (uint64_t m = empty & odd; m; m &= m - 1)
		x[n++] = board_first_square(m);
	for (uint64_t m = empty & ~odd; m; m &= m - 1)
		x[n++] = board_first_square(m);
	return eg_last4(s, own, opp, x, alpha, beta, false);
}

/*
 * The parity solver for 5..EG_SHALLOW empties (n of them), trying the squares
 * of `cand` (every move of `own` is among them); `odd` is odd_quadrants of
 * the empty squares, kept up to date from move to move.
 */
static int eg_small_in(struct search *s, uint64_t own, uint64_t opp, uint64_t cand, uint64_t odd,
		       int n, int alpha, int beta, bool passed)
{
	uint64_t empty = ~(own | opp);
	uint64_t sets[2] = {cand & odd, cand & ~odd};
	int best = -SCORE_INF;

	search_count(s);
	for (int k = 0; k < 2; k++) {
		for (uint64_t m = sets[k]; m; m &= m - 1) {
			int sq = board_first_square(m), v;
			uint64_t flips = board_flips(own, opp, sq), bit = board_bit(sq);
			uint64_t o2 = opp ^ flips, p2 = own ^ flips ^ bit, e2 = empty & ~bit;
			uint64_t odd2 = odd ^ quadrants[eg_quadrant(sq)];

			if (!flips)
				continue;
			if (n == 5)
				v = -eg_solve4(s, o2, p2, e2, odd2, -beta, -alpha);
			else
				v = -eg_small_in(s, o2, p2, e2 & eg_neighbours(p2), odd2, n - 1,
						 -beta, -alpha, false);
			if (v > best) {
				best = v;
				if (v > alpha) {
					if (v >= beta)
						return v;
					alpha = v;
				}
			}
		}
	}
	if (best == -SCORE_INF) {
		if (passed)
			return -eg_final(opp, own);
		return -eg_small_in(s, opp, own, empty & eg_neighbours(own), odd, n, -beta, -alpha,
				    true);
	}
	return best;
}

struct eg_move {
	int sq;		  /* the move */
	int key;	  /* ordering key, lowest first */
	uint64_t flips;	  /* discs it flips */
	uint64_t replies; /* the opponent's moves after it (the child's moves) */
};

static int eg_mid_moves(struct search *s, uint64_t own, uint64_t opp, uint64_t moves, int n,
			int alpha, int beta);

/* eg_mid_moves with the moves of `own` generated here. */
static inline int eg_mid(struct search *s, uint64_t own, uint64_t opp, int n, int alpha, int beta)
{
	return eg_mid_moves(s, own, opp, board_moves(own, opp), n, alpha, beta);
}

/* Searches a child with `n` empties (own/opp seen from the child's mover). */
static inline int eg_child(struct search *s, uint64_t own, uint64_t opp, int n, int alpha, int beta)
{
	if (n > EG_SHALLOW)
		return eg_mid(s, own, opp, n, alpha, beta);
	uint64_t empty = ~(own | opp);

	if (n > 4)
		return eg_small_in(s, own, opp, empty & eg_neighbours(opp), odd_quadrants(empty), n,
				   alpha, beta, false);
	if (n == 4)
		return eg_solve4(s, own, opp, empty, odd_quadrants(empty), alpha, beta);
	if (n == 3) {
		int x[3] = {board_first_square(empty), board_first_square(empty & (empty - 1)),
			    63 - __builtin_clzll(empty)};

		return eg_last3(s, own, opp, x, alpha, beta, false);
	}
	if (n == 2)
		return eg_last2(s, own, opp, board_first_square(empty), 63 - __builtin_clzll(empty),
				beta, false);
	if (n == 1)
		return eg_last1(own, opp, board_first_square(empty));
	return eg_final(own, opp);
}

/* eg_child when the moves of `own` are known already. */
static inline int eg_known(struct search *s, uint64_t own, uint64_t opp, uint64_t moves, int n,
			   int alpha, int beta)
{
	if (n > EG_SHALLOW)
		return eg_mid_moves(s, own, opp, moves, n, alpha, beta);
	if (n > 4)
		return eg_small_in(s, own, opp, moves, odd_quadrants(~(own | opp)), n, alpha, beta,
				   false);
	return eg_child(s, own, opp, n, alpha, beta);
}

/*
 * Shares the younger brothers list[0..nm-1] of the node (`n` empties, window
 * (*alpha, beta), best so far *best and *best_move) with free helper threads
 * when it is deep enough to be worth it. Returns false when it did not, else
 * true once they are all searched, with *alpha, *best and *best_move raised
 * (the caller checks s->abort first).
 */
static bool eg_split(struct search *s, uint64_t own, uint64_t opp, int n,
		     const struct eg_move *list, int nm, int beta, int *alpha, int *best,
		     int *best_move)
{
	struct split_node node = {own,	    opp,    n - 1, NULL,  NULL,	     nm,
				  eg_child, *alpha, beta,  *best, *best_move};
	int sq[32];
	uint64_t flips[32];

	if (nm < 2 || n < EG_SPLIT_MIN || !parallel_idle(s))
		return false;
	for (int i = 0; i < nm; i++) {
		sq[i] = list[i].sq;
		flips[i] = list[i].flips;
	}
	node.sq = sq;
	node.flips = flips;
	if (!parallel_split(s, &node))
		return false;
	*alpha = node.alpha;
	*best = node.best;
	*best_move = node.best_move;
	return true;
}

/*
 * ProbCut in a selective search with `n` empties within (alpha, beta) discs:
 * returns true with the bound in *out when the shallow midgame search of the
 * table predicts a fail high on beta or a fail low on alpha at the level of
 * the search. Only the side the evaluation points to is tried (the static
 * evaluation through the same regression at or above beta: the high cut;
 * at or below alpha: the low one), as Edax does: half the shallow searches,
 * 5-10 % less time on FFO #42-#46.
 */
static bool eg_probcut(struct search *s, uint64_t own, uint64_t opp, int n, int alpha, int beta,
		       int *out)
{
	const struct probcut_pair *p = probcut_end(eval_probcut(s->ev), n);
	struct board b = {own, opp};
	int guess;

	if (!p || p->shallow >= n)
		return false;
	guess = (int)(eval_board(s->ev, &b) * p->slope + p->intercept);
	if (beta <= 64 && guess >= beta * SCORE_DISC) {
		int hi = probcut_bound(p, s->sel, beta * SCORE_DISC, 1);

		if (hi <= 64 * SCORE_DISC &&
		    search_midgame_window(s, &b, p->shallow, hi - 1, hi) >= hi && !s->abort) {
			*out = beta;
			return true;
		}
	}
	if (alpha >= -64 && guess <= alpha * SCORE_DISC) {
		int lo = probcut_bound(p, s->sel, alpha * SCORE_DISC, -1);

		if (lo >= -64 * SCORE_DISC &&
		    search_midgame_window(s, &b, p->shallow, lo, lo + 1) <= lo && !s->abort) {
			*out = alpha;
			return true;
		}
	}
	return false;
}

/*
 * Probes the table for the node of `key` within (alpha, beta): returns true
 * with the score in *out when a solved entry decides the node, else false
 * with its move (if any) in *hash_move.
 */
static inline bool eg_probe(struct search *s, uint64_t key, int alpha, int beta, int *out,
			    int *hash_move)
{
	struct tt_data e;
	bool solved;

	if (!tt_probe(s, key, &e))
		return false;
	*out = e.score / SCORE_DISC;
	solved = e.depth >= TT_DEPTH_SOLVED && tt_usable(s, &e);
	if (solved && (e.bound == BOUND_EXACT || (e.bound == BOUND_LOWER && *out >= beta) ||
		       (e.bound == BOUND_UPPER && *out <= alpha)))
		return true;
	*hash_move = e.move;
	return false;
}

/*
 * Writes the flips of each move of `moves` (in square order) to flips[] and,
 * when `prefetch`, each child's table key to keys[] and starts fetching its
 * bucket. Done first
 * thing at a node, before its own table probe and the ordering, so that
 * the buckets have arrived when the children probe them, or the enhanced
 * transposition cut-offs of the ordering (prefetched during the ordering
 * instead, the first children still waited on memory: 3-7 % more CPU time
 * on fforum-20-39).
 */
static inline void eg_flips_and_fetch(const struct search *s, uint64_t own, uint64_t opp,
				      uint64_t moves, bool prefetch, uint64_t *flips,
				      uint64_t *keys)
{
	for (int i = 0; moves; moves &= moves - 1, i++) {
		int sq = board_first_square(moves);
		uint64_t f = board_flips(own, opp, sq);

		flips[i] = f;
		if (prefetch) {
			keys[i] = board_hash(&(struct board){opp ^ f, own ^ f ^ board_bit(sq)});
			__builtin_prefetch(tt_bucket(s, keys[i]));
		}
	}
}

/* Enhanced transposition cut-off: true, with the score in *score, when the stored exact or upper
   bound of the child whose key is `child_key` refutes the move at once (its negation >= beta). */
static inline bool eg_etc(struct search *s, uint64_t child_key, int beta, int *score)
{
	struct tt_data ce;

	if (tt_probe(s, child_key, &ce) && ce.depth >= TT_DEPTH_SOLVED && tt_usable(s, &ce) &&
	    ce.bound != BOUND_LOWER && -ce.score / SCORE_DISC >= beta) {
		*score = -ce.score / SCORE_DISC;
		return true;
	}
	return false;
}

/*
 * The ordering key of the move to square `sq` that leaves the opponent `o2`
 * (with `replies`) and the mover `p2`, lowest first: the opponent's mobility
 * (corners twice), its potential mobility, less a corner bonus, and from
 * EG_EVAL_SORT empties a shallow search of the child.
 */
static inline int eg_move_key(struct search *s, uint64_t o2, uint64_t p2, uint64_t replies, int sq,
			      int n)
{
	int k = (board_popcount(replies) + board_popcount(replies & CORNERS)) * EG_W_MOB +
		board_popcount(eg_neighbours(p2) & ~(o2 | p2)) * EG_W_POT -
		(board_bit(sq) & CORNERS ? EG_W_CORNER : 0);

	if (n >= EG_EVAL_SORT) {
		struct board cb = {o2, p2};
		int d = n < EG_SORT_SEARCH ? 0 : 1 + (n - EG_SORT_SEARCH) / EG_SORT_STEP;

		k += search_midgame(s, &cb, d) / EG_EVAL_SCALE;
	}
	return k;
}

/*
 * The solver above EG_SHALLOW empties (n of them), see the top of this file;
 * `moves` are those of `own` (the parent computed them to order its moves).
 */
static int eg_mid_moves(struct search *s, uint64_t own, uint64_t opp, uint64_t moves, int n,
			int alpha, int beta)
{
	uint64_t key = 0, all_flips[32], child_keys[32];
	struct eg_move list[32];
	int nm = 0, best = -SCORE_INF, best_move = SQ_NONE, hash_move = SQ_NONE;
	int alpha0;
	bool use_tt = n >= EG_TT_MIN && !(s->flags & SEARCH_NO_TT);
	bool prefetch = n > EG_TT_MIN && !(s->flags & SEARCH_NO_TT);

	search_count(s);
	if (s->abort)
		return 0;
	if (!moves) {
		uint64_t theirs = board_moves(opp, own);

		if (!theirs)
			return eg_final(own, opp);
		return -eg_mid_moves(s, opp, own, theirs, n, -beta, -alpha);
	}
	eg_flips_and_fetch(s, own, opp, moves, prefetch, all_flips, child_keys);
	if (alpha >= 2 * n && alpha > 0) {
		int ub = 64 - 2 * board_popcount(endgame_stable(opp, own | opp));

		if (ub <= alpha)
			return ub;
		if (ub < beta)
			beta = ub;
	}
	if (use_tt) {
		key = board_hash(&(struct board){own, opp});
		int sc;

		if (eg_probe(s, key, alpha, beta, &sc, &hash_move))
			return sc;
	}
	if (s->sel < PROBCUT_EXACT && n >= EG_PROBCUT_MIN &&
	    eg_probcut(s, own, opp, n, alpha, beta, &best))
		return best;
	alpha0 = alpha;
	for (uint64_t m = moves; m; m &= m - 1) {
		int sq = board_first_square(m);
		uint64_t flips = all_flips[nm];
		uint64_t o2 = opp ^ flips, p2 = own ^ flips ^ board_bit(sq);
		uint64_t replies = board_moves(o2, p2);
		int k, j = nm++;

		/* n > EG_ETC_MIN > EG_TT_MIN: the child's key was computed with the prefetch */
		if (use_tt && n > EG_ETC_MIN && eg_etc(s, child_keys[j], beta, &k))
			return k;
		k = eg_move_key(s, o2, p2, replies, sq, n);
		if (sq == hash_move)
			k = -100000;
		while (j > 0 && list[j - 1].key > k) {
			list[j] = list[j - 1];
			j--;
		}
		list[j] = (struct eg_move){sq, k, flips, replies};
	}
	for (int i = 0; i < nm; i++) {
		uint64_t flips = list[i].flips, bit = board_bit(list[i].sq);
		uint64_t o2 = opp ^ flips, p2 = own ^ flips ^ bit, r = list[i].replies;
		int v;

		if (i == 0) {
			v = -eg_known(s, o2, p2, r, n - 1, -beta, -alpha);
		} else {
			v = -eg_known(s, o2, p2, r, n - 1, -alpha - 1, -alpha);
			if (v > alpha && v < beta && !s->abort)
				v = -eg_known(s, o2, p2, r, n - 1, -beta, -alpha);
		}
		if (s->abort)
			return 0;
		if (v > best) {
			best = v;
			best_move = list[i].sq;
			if (v > alpha) {
				alpha = v;
				if (v >= beta)
					break;
			}
		}
		if (i == 0 && s->pool &&
		    eg_split(s, own, opp, n, list + 1, nm - 1, beta, &alpha, &best, &best_move)) {
			if (s->abort)
				return 0;
			break;
		}
	}
	if (use_tt)
		tt_store(s, key, TT_DEPTH_SOLVED + n, best * SCORE_DISC,
			 best >= beta	 ? BOUND_LOWER
			 : best > alpha0 ? BOUND_EXACT
					 : BOUND_UPPER,
			 best_move);
	return best;
}

/*
 * Returns the exact final disc difference for `own` to move, fail-soft within
 * (alpha, beta) (discs): a result <= alpha is an upper bound, >= beta a lower
 * bound. Returns 0 when the search was aborted (s->abort).
 */
int endgame_search(struct search *s, uint64_t own, uint64_t opp, int alpha, int beta)
{
	int n = 64 - board_popcount(own | opp);

	return eg_child(s, own, opp, n, alpha, beta);
}
