/*
 * vsearch.c — the search of vsearch.h.
 *
 * Midgame: negamax principal variation search (the first move with the full
 * window, the others with a null window and a re-search when they beat it)
 * under iterative deepening; moves ordered by the table's move, then by a
 * one-ply evaluation (or, near the leaves, by the replies they leave).
 * Endgame: the same search in whole discs down to the end of the game, with
 * fastest-first ordering (fewest replies first, corners first), a stability
 * cut-off (the mover cannot beat squares - 2 × the opponent's stable discs),
 * and below VS_SHALLOW empties a plain alpha-beta over the empty squares with
 * no table.
 *
 * The transposition table is a power of two of 16-byte entries, each with a
 * lower and an upper bound, the depth they hold for (VS_SOLVED: to the end)
 * and the best move; the index is the position hash, a slot is kept by the
 * deeper of its old and new contents (the new one when equal).
 */
#include "vsearch.h"
#include "board.h"
#include "timer.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum {
	VS_SOLVED = 255,   /* depth of an entry proved to the end of the game */
	VS_SHALLOW = 6,	   /* empties at which the solver stops using the table */
	VS_ETC = 12,	   /* empties from which the solver looks its moves up first */
	VS_SYM = 18,	   /* empties from which the solver's table is keyed by symmetry */
	VS_MOVES_MAX = 64, /* legal moves a position has at most (well above any seen) */
	VS_CHECK = 4095	   /* the clock is read every VS_CHECK + 1 positions */
};

struct tt_entry {
	uint64_t key;	/* the position's hash; 0 an empty slot */
	int16_t lo, hi; /* bounds of the score, hundredths of a disc */
	uint8_t depth;	/* plies they hold for; VS_SOLVED to the end */
	uint8_t move;	/* the best move found, VSQ_NONE if none */
	uint8_t work;	/* what it cost: plies, or 64 + empties when solved */
};

struct vsearch {
	const struct vgeom *g;	    /* the board */
	const struct eval *ev;	    /* the evaluation of the board (borrowed) */
	struct tt_entry *tt;	    /* the table */
	size_t mask;		    /* its size - 1 */
	uint64_t nodes;		    /* positions visited by this search */
	double start, deadline;	    /* clock at the start; when to stop (0 none) */
	bool aborted;		    /* the search ran out of time or was stopped */
	atomic_bool stop;	    /* set by vsearch_stop from any thread */
	const atomic_int *watch;    /* an owner's stop flag, read with `stop` (NULL none) */
	struct vsearch_limits lim;  /* the limits of this search */
	vbits quadrant[4];	    /* the board's quarters, for parity in the shallow solver */
	vbits neighbours[VSQ_PASS]; /* the squares next to each square */
	uint8_t sym[VBOARD_SYMMETRIES][VSQ_NONE + 1]; /* each symmetry's image of each square */
	uint8_t inverse[VBOARD_SYMMETRIES];	      /* the symmetry that undoes each one */
};

/* A move and what it does, for ordering. */
struct vs_move {
	int sq;	     /* the square */
	vbits flips; /* the discs it flips */
	int key;     /* ordering key: higher first */
};

/* Fills in the searcher's tables of the board's symmetries (a pass or no move maps to itself). */
static void vs_symmetries(struct vsearch *s)
{
	for (int t = 0; t < VBOARD_SYMMETRIES; t++) {
		for (int sq = 0; sq <= VSQ_NONE; sq++)
			s->sym[t][sq] = (uint8_t)sq;
		for (int sq = 0; sq < s->g->size * s->g->stride; sq++)
			if (s->g->valid & vboard_bit(sq))
				s->sym[t][sq] = (uint8_t)vboard_symmetry_square(s->g, t, sq);
	}
	for (int t = 0; t < VBOARD_SYMMETRIES; t++)
		for (int u = 0; u < VBOARD_SYMMETRIES; u++)
			if (s->sym[u][s->sym[t][1]] == 1 &&
			    s->sym[u][s->sym[t][s->g->stride]] == s->g->stride)
				s->inverse[t] = (uint8_t)u;
}

/*
 * Returns a searcher for the board of `ev` (an evaluation of a board other
 * than 8×8, borrowed: it must outlive the searcher) with a table of about
 * tt_megabytes (at least 1), or NULL when out of memory. Free with vsearch_free.
 */
struct vsearch *vsearch_new(const struct eval *ev, size_t tt_megabytes)
{
	struct vsearch *s = calloc(1, sizeof *s);
	size_t n = 1;

	if (!s)
		return NULL;
	while (n * 2 * sizeof(struct tt_entry) <= (tt_megabytes ? tt_megabytes : 1) << 20)
		n *= 2;
	s->tt = calloc(n, sizeof *s->tt);
	if (!s->tt) {
		free(s);
		return NULL;
	}
	s->mask = n - 1;
	s->g = vboard_geom(eval_variant(ev));
	for (int r = 0; r < s->g->size; r++)
		for (int c = 0; c < s->g->size; c++)
			s->quadrant[(r >= s->g->size / 2) * 2 + (c >= s->g->size / 2)] |=
			    vboard_bit(vboard_square(s->g, r, c)) & s->g->valid;
	for (int sq = 0; sq < s->g->size * s->g->stride; sq++) {
		const int st = s->g->stride;
		vbits b = vboard_bit(sq);

		s->neighbours[sq] = (b << 1 | b >> 1 | b << st | b >> st | b << (st + 1) |
				     b >> (st + 1) | b << (st - 1) | b >> (st - 1)) &
				    s->g->valid;
	}
	vs_symmetries(s);
	s->ev = ev;
	atomic_init(&s->stop, false);
	return s;
}

/* Frees a searcher (NULL is fine). */
void vsearch_free(struct vsearch *s)
{
	if (!s)
		return;
	free(s->tt);
	free(s);
}

/* Returns the board the searcher plays on. */
const struct vgeom *vsearch_geom(const struct vsearch *s)
{
	return s->g;
}

/* Empties the table, so that the next search does not depend on earlier ones. */
void vsearch_clear(struct vsearch *s)
{
	memset(s->tt, 0, (s->mask + 1) * sizeof *s->tt);
}

/* Asks a running search to stop soon (any thread); it returns its best so far. */
void vsearch_stop(struct vsearch *s)
{
	atomic_store(&s->stop, true);
}

/*
 * Makes every later search also stop as soon as `*flag` is non-zero (NULL: no
 * such flag). Unlike vsearch_stop, which a new search clears, the flag belongs
 * to the caller, so a stop raised before a search starts is still obeyed.
 */
void vsearch_watch(struct vsearch *s, const atomic_int *flag)
{
	s->watch = flag;
}

/* Counts a position; every so often reads the clock and the stop flags. */
static bool vs_out_of_time(struct vsearch *s)
{
	if ((++s->nodes & VS_CHECK) == 0 && !s->aborted)
		s->aborted = atomic_load(&s->stop) || (s->watch && atomic_load(s->watch)) ||
			     (s->deadline > 0 && timer_now() >= s->deadline);
	return s->aborted;
}

static uint64_t vs_key(vbits own, vbits opp)
{
	struct vboard b = {own, opp};
	uint64_t k = vboard_hash(&b);

	return k ? k : 1;
}

/* The image of the discs x under symmetry t. */
static vbits vs_image(const struct vsearch *s, int t, vbits x)
{
	vbits y = 0;

	for (; x; x &= x - 1)
		y |= vboard_bit(s->sym[t][vboard_first_square(x)]);
	return y;
}

/*
 * The table's key of a position of `empties` empties, and in *t the symmetry
 * that takes it to the image the table stores: from VS_SYM empties the image
 * of smallest key among the eight (the same for every image of a position, so
 * that the position's turned and mirrored forms share one entry), below it the
 * position itself.
 */
static uint64_t vs_sym_key(const struct vsearch *s, vbits own, vbits opp, int empties, int *t)
{
	uint64_t best = vs_key(own, opp);

	*t = 0;
	if (empties < VS_SYM)
		return best;
	for (int i = 1; i < VBOARD_SYMMETRIES; i++) {
		uint64_t k = vs_key(vs_image(s, i, own), vs_image(s, i, opp));

		if (k < best) {
			best = k;
			*t = i;
		}
	}
	return best;
}

/* The entry of a position, or NULL: each key has a bucket of two slots. */
static struct tt_entry *vs_probe(struct vsearch *s, uint64_t key)
{
	struct tt_entry *e = &s->tt[key & s->mask & ~(size_t)1];

	return e[0].key == key ? &e[0] : e[1].key == key ? &e[1] : NULL;
}

/*
 * Stores what a search of `depth` found with the window (alpha, beta): best
 * and its move. The first slot of a bucket keeps the costlier of its old and
 * new entries, the second takes whatever the first does not.
 */
static void vs_store(struct vsearch *s, uint64_t key, int depth, int work, int alpha, int beta,
		     int best, int move)
{
	struct tt_entry *e = vs_probe(s, key), *b = &s->tt[key & s->mask & ~(size_t)1];
	int lo = best > alpha ? best : -VSEARCH_INF, hi = best < beta ? best : VSEARCH_INF;

	if (e && e->depth == depth) {
		if (e->lo > lo)
			lo = e->lo;
		if (e->hi < hi)
			hi = e->hi;
		if (move == VSQ_NONE)
			move = e->move;
	} else if (e && e->work > work) {
		return;
	} else if (!e) {
		e = &b[1];
		if (b[0].work <= work) {
			b[1] = b[0];
			e = &b[0];
		}
	}
	e->key = key;
	e->lo = (int16_t)lo;
	e->hi = (int16_t)hi;
	e->depth = (uint8_t)depth;
	e->move = (uint8_t)move;
	e->work = (uint8_t)work;
}

/* The final score of a finished game in discs, empties to the winner. */
static int vs_final(const struct vgeom *g, vbits own, vbits opp)
{
	struct vboard b = {own, opp};

	return vboard_final_score(g, &b);
}

/* Sorts moves by key, highest first (insertion sort: the lists are short). */
static void vs_sort(struct vs_move *m, int n)
{
	for (int i = 1; i < n; i++) {
		struct vs_move x = m[i];
		int j = i;

		for (; j > 0 && m[j - 1].key < x.key; j--)
			m[j] = m[j - 1];
		m[j] = x;
	}
}

static int vs_pvs(struct vsearch *s, vbits own, vbits opp, int depth, int alpha, int beta);
static int vs_solve(struct vsearch *s, vbits own, vbits opp, int alpha, int beta);

/*
 * Lists the moves of `own` with their flips, ordered: the table's move first,
 * then by a search of the reply of `depth` plies (0: the evaluation) less a
 * penalty for each reply it leaves, or, for depth < 0, by fewest replies with
 * corners first.
 */
static int vs_order(struct vsearch *s, vbits own, vbits opp, vbits moves, int tt_move, int depth,
		    struct vs_move *m)
{
	const struct vgeom *g = s->g;
	int n = 0;

	while (moves) {
		int sq = vboard_first_square(moves);
		vbits flips = vboard_flips(g, own, opp, sq), no = opp ^ flips,
		      nown = own ^ flips ^ vboard_bit(sq);
		int replies = vboard_popcount(vboard_moves(g, no, nown));

		moves &= moves - 1;
		m[n].sq = sq;
		m[n].flips = flips;
		if (sq == tt_move)
			m[n].key = 1 << 30;
		else if (depth == 0)
			m[n].key = -eval_vboard(s->ev, no, nown) - 30 * replies;
		else if (depth > 0)
			m[n].key =
			    -vs_pvs(s, no, nown, depth, -VSEARCH_INF, VSEARCH_INF) - 30 * replies;
		else
			m[n].key = -16 * replies + ((g->corners & vboard_bit(sq)) ? 24 : 0);
		n++;
	}
	vs_sort(m, n);
	return n;
}

/*
 * The depth of the ordering search at a solver node of `empties` empties (-1:
 * fastest first). The few nodes far from the end get deeper searches: on the
 * 6×6 line positions of 26 and 28 empties, 3 plies from 20 empties and 2 from
 * 17 cost a fifth less time than 1 ply from 15.
 */
static int vs_sort_depth(int empties)
{
	return empties >= 20 ? 3 : empties >= 17 ? 2 : empties >= 15 ? 1 : empties >= 12 ? 0 : -1;
}

/* The exact score of a position with one empty square, sq. */
static int vs_solve_last(struct vsearch *s, vbits own, vbits opp, int sq)
{
	vbits flips = vboard_flips(s->g, own, opp, sq);
	int n = vboard_popcount(own) - vboard_popcount(opp);

	s->nodes++;
	if (flips)
		return n + 2 * vboard_popcount(flips) + 1;
	flips = vboard_flips(s->g, opp, own, sq);
	if (flips)
		return n - 2 * vboard_popcount(flips) - 1;
	return n > 0 ? n + 1 : n < 0 ? n - 1 : 0;
}

/* Exact score in discs of a position with few empties: alpha-beta over the empties, no table. */
static int vs_solve_shallow(struct vsearch *s, vbits own, vbits opp, int alpha, int beta,
			    bool passed)
{
	const struct vgeom *g = s->g;
	vbits empty = g->valid & ~(own | opp);
	int best = -VSEARCH_INF;

	s->nodes++;
	if (!empty)
		return vboard_popcount(own) - vboard_popcount(opp);
	if (!(empty & (empty - 1)))
		return vs_solve_last(s, own, opp, vboard_first_square(empty));
	for (int pass = 0; pass < 2; pass++) {
		for (int q = 0; q < 4; q++) {
			vbits e = empty & s->quadrant[q];

			/* the quarters with an odd number of empties first */
			if ((vboard_popcount(e) & 1) == pass)
				continue;
			for (; e; e &= e - 1) {
				int sq = vboard_first_square(e), v;
				vbits flips;

				if (!(s->neighbours[sq] & opp) ||
				    !(flips = vboard_flips(g, own, opp, sq)))
					continue;
				v = -vs_solve_shallow(s, opp ^ flips, own ^ flips ^ vboard_bit(sq),
						      -beta, -(alpha > best ? alpha : best), false);
				if (v > best) {
					best = v;
					if (best >= beta)
						return best;
				}
			}
		}
	}
	if (best > -VSEARCH_INF)
		return best;
	if (passed)
		return vs_final(g, own, opp); /* neither side can move */
	return -vs_solve_shallow(s, opp, own, -beta, -alpha, true);
}

/*
 * Enhanced transposition cut-off: returns a score >= beta when the table
 * already proves that a move of m[0..n) reaches beta (its position's upper
 * bound, negated), else -VSEARCH_INF.
 */
static int vs_etc(struct vsearch *s, vbits own, vbits opp, int empties, const struct vs_move *m,
		  int n, int beta)
{
	for (int i = 0; i < n; i++) {
		vbits no = opp ^ m[i].flips, nown = own ^ m[i].flips ^ vboard_bit(m[i].sq);
		int t;
		struct tt_entry *e = vs_probe(s, vs_sym_key(s, no, nown, empties - 1, &t));

		if (e && e->depth == VS_SOLVED && e->hi < VSEARCH_INF &&
		    -(e->hi / VSEARCH_DISC) >= beta)
			return -(e->hi / VSEARCH_DISC);
	}
	return -VSEARCH_INF;
}

/* The score of a child searched `depth` plies deep (VS_SOLVED: solved, in discs). */
static inline int vs_child(struct vsearch *s, vbits own, vbits opp, int depth, int alpha, int beta)
{
	return depth == VS_SOLVED ? vs_solve(s, own, opp, alpha, beta)
				  : vs_pvs(s, own, opp, depth, alpha, beta);
}

/*
 * The move loop of vs_solve (depth VS_SOLVED, in discs) and vs_pvs (`depth`
 * plies, in hundredths): searches the n ordered moves m, the first with the
 * window (alpha, beta), the others with a null window first (principal
 * variation search), until one reaches beta. Returns the best score
 * (fail-soft) with its square in *best_move (left as it was when no move
 * beats -VSEARCH_INF); nonsense when s->aborted is set.
 */
static inline int vs_moves(struct vsearch *s, vbits own, vbits opp, int depth,
			   const struct vs_move *m, int n, int alpha, int beta, int *best_move)
{
	int best = -VSEARCH_INF, next = depth == VS_SOLVED ? VS_SOLVED : depth - 1;

	for (int i = 0; i < n; i++) {
		vbits no = opp ^ m[i].flips, nown = own ^ m[i].flips ^ vboard_bit(m[i].sq);
		int a = alpha > best ? alpha : best, v;

		if (i == 0) {
			v = -vs_child(s, no, nown, next, -beta, -a);
		} else {
			v = -vs_child(s, no, nown, next, -a - 1, -a);
			if (v > a && v < beta)
				v = -vs_child(s, no, nown, next, -beta, -v);
		}
		if (s->aborted)
			return alpha;
		if (v > best) {
			best = v;
			*best_move = m[i].sq;
			if (best >= beta)
				break;
		}
	}
	return best;
}

/*
 * Returns the exact score in discs of (own, opp) when it lies inside (alpha,
 * beta), else a bound on the side of the window it fell (fail-soft).
 */
static int vs_solve(struct vsearch *s, vbits own, vbits opp, int alpha, int beta)
{
	const struct vgeom *g = s->g;
	int empties = g->squares - vboard_popcount(own | opp), best, best_move = VSQ_NONE,
	    tt_move = VSQ_NONE, n, t;
	struct vs_move m[VS_MOVES_MAX];
	struct tt_entry *e;
	uint64_t key;
	vbits moves;

	if (empties <= VS_SHALLOW)
		return vs_solve_shallow(s, own, opp, alpha, beta, false);
	if (vs_out_of_time(s))
		return alpha;
	if (alpha >= 0) {
		int most = g->squares - 2 * vboard_popcount(veval_stable(g, opp, own));

		if (most <= alpha)
			return most;
	}
	key = vs_sym_key(s, own, opp, empties, &t);
	e = vs_probe(s, key);
	if (e && e->depth == VS_SOLVED) {
		int lo = e->lo / VSEARCH_DISC, hi = e->hi / VSEARCH_DISC;

		if (e->lo > -VSEARCH_INF && lo >= beta)
			return lo;
		if (e->hi < VSEARCH_INF && hi <= alpha)
			return hi;
		if (e->lo > -VSEARCH_INF && lo > alpha)
			alpha = lo;
		if (e->hi < VSEARCH_INF && hi < beta)
			beta = hi;
		tt_move = s->sym[s->inverse[t]][e->move];
	}
	moves = vboard_moves(g, own, opp);
	if (!moves) {
		if (!vboard_moves(g, opp, own))
			return vs_final(g, own, opp);
		return -vs_solve(s, opp, own, -beta, -alpha);
	}
	n = vs_order(s, own, opp, moves, tt_move, vs_sort_depth(empties), m);
	if (empties >= VS_ETC) {
		int cut = vs_etc(s, own, opp, empties, m, n, beta);

		if (cut >= beta)
			return cut;
	}
	best = vs_moves(s, own, opp, VS_SOLVED, m, n, alpha, beta, &best_move);
	if (s->aborted)
		return alpha;
	vs_store(s, key, VS_SOLVED, 64 + empties, alpha * VSEARCH_DISC, beta * VSEARCH_DISC,
		 best * VSEARCH_DISC, s->sym[t][best_move]);
	return best;
}

/*
 * Returns the exact final score in discs of b (side to move's view) if it lies
 * in (alpha, beta), else a bound beyond the side it fell. No time limit; the
 * table is kept from earlier searches.
 */
int vsearch_solve(struct vsearch *s, const struct vboard *b, int alpha, int beta)
{
	s->nodes = 0;
	s->deadline = 0;
	s->aborted = false;
	atomic_store(&s->stop, false);
	return vs_solve(s, b->own, b->opp, alpha, beta);
}

/* The evaluation of a leaf, with the noise the limits ask for. */
static int vs_leaf(const struct vsearch *s, vbits own, vbits opp)
{
	int v = eval_vboard(s->ev, own, opp), scale;
	uint64_t h;

	if (!s->lim.noise_percent)
		return v;
	h = board_hash_mix(vs_key(own, opp) ^ s->lim.noise_seed);
	scale = (v < 0 ? -v : v) < 400 ? 400 : (v < 0 ? -v : v);
	/* u in [-1, 1] as (h % 2001 - 1000) / 1000 */
	return v +
	       (int)((long long)((int)(h % 2001) - 1000) * s->lim.noise_percent * scale / 100000);
}

/* The solver called from the midgame window (alpha, beta) in hundredths: the same bounds. */
static int vs_solve_window(struct vsearch *s, vbits own, vbits opp, int alpha, int beta)
{
	int a = alpha >= 0 ? alpha / VSEARCH_DISC : -((-alpha + VSEARCH_DISC - 1) / VSEARCH_DISC);
	int b = beta >= 0 ? (beta + VSEARCH_DISC - 1) / VSEARCH_DISC : -(-beta / VSEARCH_DISC);

	return vs_solve(s, own, opp, a, b) * VSEARCH_DISC;
}

/*
 * Returns the score of (own, opp) searched `depth` plies (passes not counted)
 * within (alpha, beta), fail-soft; exact (solved) when the depth reaches the end.
 */
static int vs_pvs(struct vsearch *s, vbits own, vbits opp, int depth, int alpha, int beta)
{
	const struct vgeom *g = s->g;
	int empties = g->squares - vboard_popcount(own | opp), best, best_move = VSQ_NONE,
	    tt_move = VSQ_NONE, n;
	struct vs_move m[VS_MOVES_MAX];
	struct tt_entry *e;
	uint64_t key;
	vbits moves;

	if (depth >= empties)
		return vs_solve_window(s, own, opp, alpha, beta);
	if (vs_out_of_time(s))
		return alpha;
	if (depth <= 0)
		return vs_leaf(s, own, opp);
	key = vs_key(own, opp);
	e = vs_probe(s, key);
	if (e) {
		if (e->depth >= depth) {
			if (e->lo >= beta)
				return e->lo;
			if (e->hi <= alpha)
				return e->hi;
			if (e->lo > alpha)
				alpha = e->lo;
			if (e->hi < beta)
				beta = e->hi;
		}
		tt_move = e->move;
	}
	moves = vboard_moves(g, own, opp);
	if (!moves) {
		if (!vboard_moves(g, opp, own))
			return vs_final(g, own, opp) * VSEARCH_DISC;
		return -vs_pvs(s, opp, own, depth, -beta, -alpha);
	}
	n = vs_order(s, own, opp, moves, tt_move, depth >= 3 ? 0 : -1, m);
	best = vs_moves(s, own, opp, depth, m, n, alpha, beta, &best_move);
	if (s->aborted)
		return alpha;
	depth = depth > VSEARCH_MAX_DEPTH ? VSEARCH_MAX_DEPTH : depth;
	vs_store(s, key, depth, depth, alpha, beta, best, best_move);
	return best;
}

/*
 * Searches the root's moves to `depth` plies (exact: to the end, in discs)
 * within (alpha, beta), fail-soft; sets *move to the best move when the score
 * beats alpha. Returns nonsense when time runs out (s->aborted).
 */
static int vs_root(struct vsearch *s, vbits own, vbits opp, int depth, bool exact, int alpha,
		   int beta, int *move)
{
	struct vs_move m[VS_MOVES_MAX];
	int tt_move = VSQ_NONE, best = -VSEARCH_INF, n;
	int empties = s->g->squares - vboard_popcount(own | opp);
	struct tt_entry *e = vs_probe(s, vs_key(own, opp));

	if (e)
		tt_move = e->move;
	n = vs_order(s, own, opp, vboard_moves(s->g, own, opp), tt_move,
		     exact ? vs_sort_depth(empties) : 0, m);
	for (int i = 0; i < n; i++) {
		vbits no = opp ^ m[i].flips, nown = own ^ m[i].flips ^ vboard_bit(m[i].sq);
		int a = alpha > best ? alpha : best, v;

		if (exact) {
			v = i == 0 ? -vs_solve(s, no, nown, -beta, -a)
				   : -vs_solve(s, no, nown, -a - 1, -a);
			if (i > 0 && v > a && v < beta)
				v = -vs_solve(s, no, nown, -beta, -v);
		} else {
			v = i == 0 ? -vs_pvs(s, no, nown, depth - 1, -beta, -a)
				   : -vs_pvs(s, no, nown, depth - 1, -a - 1, -a);
			if (i > 0 && v > a && v < beta)
				v = -vs_pvs(s, no, nown, depth - 1, -beta, -v);
		}
		if (s->aborted)
			return best;
		if (v > best) {
			best = v;
			if (best > alpha)
				*move = m[i].sq;
			if (best >= beta)
				break;
		}
	}
	vs_store(s, vs_key(own, opp), exact ? VS_SOLVED : depth, exact ? 64 + empties : depth,
		 exact ? alpha * VSEARCH_DISC : alpha, exact ? beta * VSEARCH_DISC : beta,
		 exact ? best * VSEARCH_DISC : best, best > alpha ? *move : VSQ_NONE);
	return best;
}

/*
 * Solves the root exactly by null-window tests (MTD(f)) from a guess in
 * discs; returns the score in discs and the best move in *move.
 */
static int vs_root_solve(struct vsearch *s, vbits own, vbits opp, int guess, int *move)
{
	int lo = -VSEARCH_INF, hi = VSEARCH_INF, v = guess;

	while (lo < hi && !s->aborted) {
		int beta = v == lo ? v + 1 : v;

		v = vs_root(s, own, opp, 0, true, beta - 1, beta, move);
		if (v < beta)
			hi = v;
		else
			lo = v;
	}
	return v;
}

/*
 * The table's best move in p among `moves`, or VSQ_NONE: the solver's entry
 * (keyed by symmetry from VS_SYM empties) first, then the midgame's.
 */
static int vs_pv_move(struct vsearch *s, const struct vboard *p, vbits moves)
{
	int t, move;
	struct tt_entry *e =
	    vs_probe(s, vs_sym_key(s, p->own, p->opp, vboard_empty_count(s->g, p), &t));

	move = e ? s->sym[s->inverse[t]][e->move] : VSQ_NONE;
	if (move < VSQ_PASS && (moves & vboard_bit(move)))
		return move;
	e = vs_probe(s, vs_key(p->own, p->opp));
	return e && e->move < VSQ_PASS && (moves & vboard_bit(e->move)) ? e->move : VSQ_NONE;
}

/*
 * True when playing `move` in p keeps p's exact score `want` (discs, p's side to
 * move): a null-window solve of the child, quick on the table the solve left.
 * False when it does not, or when the search is stopped meanwhile.
 */
static bool vs_pv_keeps(struct vsearch *s, const struct vboard *p, int move, int want)
{
	struct vboard c = *p;
	int v;

	vboard_play(&c, move, vboard_flips(s->g, p->own, p->opp, move));
	v = vs_solve(s, c.own, c.opp, -want, -want + 1);
	return !s->aborted && v <= -want;
}

/*
 * Follows the table's best moves from b into out's principal variation. After an
 * exact solve each move is checked to keep the score, since the null-window
 * passes leave moves in the table that only proved a bound; the variation ends
 * where one does not.
 */
static void vs_pv(struct vsearch *s, const struct vboard *b, struct vsearch_result *out)
{
	struct vboard p = *b;
	int move, want = out->score / VSEARCH_DISC;

	s->deadline = 0;
	out->pv_len = 0;
	while (out->pv_len < VSEARCH_PV_MAX) {
		vbits moves = vboard_moves(s->g, p.own, p.opp);

		if (!moves) {
			if (!vboard_moves(s->g, p.opp, p.own))
				break;
			out->pv[out->pv_len++] = VSQ_PASS;
			vboard_pass(&p);
			want = -want;
			continue;
		}
		move = vs_pv_move(s, &p, moves);
		if (move == VSQ_NONE || (out->exact && !vs_pv_keeps(s, &p, move, want)))
			break;
		out->pv[out->pv_len++] = move;
		vboard_play(&p, move, vboard_flips(s->g, p.own, p.opp, move));
		want = -want;
	}
}

/* Searches b within the limits (the root has a move) into out. */
static void vs_deepen(struct vsearch *s, const struct vboard *b, struct vsearch_result *out)
{
	int empties = vboard_empty_count(s->g, b),
	    max = s->lim.depth ? s->lim.depth : VSEARCH_MAX_DEPTH;

	out->move = vboard_first_square(vboard_moves(s->g, b->own, b->opp));
	out->score = 0;
	for (int d = 1; d <= max; d++) {
		bool exact = empties <= s->lim.endgame || d >= empties;
		int move = out->move, v;

		if (exact && d < empties && d <= 4 && empties > 12)
			exact = false; /* a few plies first, for the guess and the ordering */
		if (exact)
			v = vs_root_solve(s, b->own, b->opp, out->score / VSEARCH_DISC, &move) *
			    VSEARCH_DISC;
		else
			v = vs_root(s, b->own, b->opp, d, false, -VSEARCH_INF, VSEARCH_INF, &move);
		if (s->aborted)
			break;
		out->move = move;
		out->score = v;
		out->depth = exact ? empties : d;
		out->exact = exact;
		if (exact || (s->lim.time > 0 && timer_now() - s->start > s->lim.time * 0.4))
			break;
	}
}

/*
 * Searches b within lim: iterative deepening to lim->depth plies or until
 * lim->time runs out (the last finished iteration counts), solving exactly
 * from lim->endgame empties. Fills out (a pass or the end of the game too).
 */
void vsearch_run(struct vsearch *s, const struct vboard *b, const struct vsearch_limits *lim,
		 struct vsearch_result *out)
{
	const struct vgeom *g = s->g;

	memset(out, 0, sizeof *out);
	s->lim = *lim;
	s->nodes = 0;
	s->start = timer_now();
	s->deadline = lim->time > 0 ? s->start + lim->time : 0;
	s->aborted = false;
	atomic_store(&s->stop, false);
	if (!vboard_moves(g, b->own, b->opp)) {
		struct vboard passed = *b;

		if (!vboard_moves(g, b->opp, b->own)) {
			out->move = VSQ_NONE;
			out->score = vboard_final_score(g, b) * VSEARCH_DISC;
			out->exact = true;
			return;
		}
		vboard_pass(&passed);
		vsearch_run(s, &passed, lim, out);
		out->move = VSQ_PASS;
		out->score = -out->score;
		memmove(out->pv + 1, out->pv, sizeof out->pv - sizeof out->pv[0]);
		out->pv[0] = VSQ_PASS;
		out->pv_len += out->pv_len < VSEARCH_PV_MAX;
		return;
	}
	vs_deepen(s, b, out);
	out->nodes = s->nodes;
	out->time = timer_now() - s->start;
	vs_pv(s, b, out);
	if (out->pv_len == 0 || out->pv[0] != out->move) {
		out->pv[0] = out->move;
		out->pv_len = 1;
	}
}
