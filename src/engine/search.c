/*
 * search.c — the searcher: root move loop, iterative deepening with
 * aspiration windows, the midgame negamax (principal variation search over
 * the transposition table), the time manager, and the switch to the exact
 * solver of endgame.c.
 *
 * Midgame scores are centidiscs; a finished game scores its final disc
 * difference x 100. A pass does not use up depth, so that the depth left at a
 * position depends only on its number of discs: table entries are then
 * consistent whatever the path, and a fixed-depth search returns exactly the
 * minimax value of the evaluation at that depth.
 *
 * Move ordering: the hash move, then (by remaining depth) a static square
 * order, fastest first (fewest replies for the opponent), the evaluation of
 * each child, or a shallow search of each child. At
 * the root, the scores of the previous iteration.
 *
 * Selectivity (probcut.h): the midgame iterations search at the selectivity
 * of the limits, with Multi-ProbCut (mid_probcut) from MPC_MIN_DEPTH plies;
 * an exact solve from LADDER_MIN_EMPTIES empties first solves at 87 and
 * 95 % (root_solve), whose table moves order the exact search; its score
 * then centres a narrow aspiration window (ASPIRATION_SOLVED). The midgame
 * iterations before a solve at a fixed number of empties only fill the table
 * and give a guess: they run at PRE_SOLVE_SEL % when the limits ask for an
 * exact midgame (FFO #40-#49 together: 4 % fewer nodes than after exact
 * ones, though single positions range from 17 % fewer to 3.4 times more).
 * Without a ProbCut table (an evaluation other than the pattern one), or with
 * SEARCH_NO_PROBCUT, everything is exact and searches as before.
 *
 * Time manager: a budget per move (the `time` limit, or a share of the game
 * clock by the number of moves left before the endgame solve; the hard limit
 * at most twice that share), a soft limit
 * below which a new iteration starts only if its predicted time (last
 * iteration x the growth factor of the last iterations) fits, and a hard limit
 * at which the search unwinds and keeps the last finished iteration.
 *
 * Switch to the solver: at `endgame` empties or fewer when the limits say so
 * (after a few shallow iterations that order the root moves and fill the
 * table); with `endgame` = -1, when the estimated solve (nodes by empties,
 * at the speed measured so far; for a solve that climbs the selectivity
 * levels, its first level) fits the time budget, each further level only
 * when it is expected to fit (a selective result is kept otherwise), or at
 * depth + 8 empties under a depth or node limit, or at UNLIMITED_SOLVE
 * without limits.
 * A solve that runs out of time leaves the last midgame result.
 */
#include "endgame.h"
#include "parallel.h"
#include "rng.h"
#include "search-int.h"
#include "timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define CORNERS 0x8100000000000081ULL

enum {
	TT_ALIGN = 2 << 20,   /* the table is aligned for huge pages */
	UNLIMITED_SOLVE = 24, /* without limits, solve from this many empties, else deepen */
	NOISY_MAX = 30000,    /* bound of a noisy evaluation (table scores are 16-bit) */
	PV_SOLVE = 12,	      /* empties from which a solved PV is completed by search */
	PV_SOLVE_MAX = 16,    /* up to this many, also where the table has no move */
	TT_MIN_DEPTH = 3,     /* from this depth the table is used (below, its misses cost more) */
	ORDER_MOBILITY = 3,   /* from this depth, fastest first (fewest replies) */
	ORDER_EVAL = 4,	      /* from this depth, order moves by the evaluation of each child */
	ORDER_SEARCH = 7,     /* from this depth, by a 1- or 2-ply search of each child */
	MID_SPLIT_MIN = 5,    /* from this depth, younger brothers are shared with helper threads */
	MPC_MIN_DEPTH = 3,    /* from this depth, Multi-ProbCut when the search is selective */
	MPC_MAX_BOUND = 6400, /* no cut tried on a bound beyond any evaluation */
	LADDER_FIRST = 1,     /* the climb starts at 87 % (after the 95 % midgame, a start at
				 73 % cost 4 % more nodes on FFO #40-#49) */
	LADDER_FIRST_SHARE = 6,	 /* the 87 % level (with the midgame before it) costs 1/6 to
				    1/170 of the exact solve on FFO #41-#49 */
	LADDER_TOP = 2,		 /* an exact solve climbs to 95 % (level 2), then solves: on FFO
				    #45 going on to 98 % and 99 % cost 109 M nodes to save 28 M */
	LADDER_MIN_EMPTIES = 22, /* an exact solve from this many empties climbs the selectivity
				    levels first (below, the climb costs more than it saves: FFO
				    positions of 15-21 empties took 1.5-2x the nodes with it, those
				    of 22-24 empties 0.6-0.85x) */
	PRE_SOLVE_SEL = 95,	 /* selectivity (%) of the midgame iterations before a solve */
	PRE_SOLVE_EMPTIES = 11,	 /* they go to the empties less this many plies, */
	PRE_SOLVE_MAX = 10,	 /* and at most this deep */
	ASPIRATION_SOLVED = 2	 /* half-window (discs) of a solve around a selective solve's
				    score (4 around the midgame's) */
};

/* Static move order for shallow nodes: corners, then edges and centre, X-squares last. */
static const uint64_t order_masks[4] = {
    0x8100000000000081ULL, /* corners */
    0x3C3CFFFFFFFF3C3CULL, /* centre and A/B squares (without C and X) */
    0x4281000000008142ULL, /* C-squares */
    0x0042000000004200ULL, /* X-squares */
};

/*
 * Returns a new searcher with a transposition table of about `tt_megabytes`
 * (rounded down to a power of two buckets, at least 64 KB) using `ev`, or NULL
 * when out of memory. `ev` must outlive the searcher.
 */
struct search *search_new(size_t tt_megabytes, const struct eval *ev)
{
	struct search *s = calloc(1, sizeof *s);
	size_t bytes = tt_megabytes << 20, buckets = 1024;

	if (!s)
		return NULL;
	while (buckets * 2 * TT_WAYS * sizeof(struct tt_entry) <= bytes)
		buckets *= 2;
	bytes = buckets * TT_WAYS * sizeof *s->tt;
	s->tt = aligned_alloc(TT_ALIGN, (bytes + TT_ALIGN - 1) / TT_ALIGN * TT_ALIGN);
	if (s->tt) {
#ifdef MADV_HUGEPAGE
		madvise(s->tt, bytes, MADV_HUGEPAGE); /* fewer TLB misses; a hint only */
#endif
		memset(s->tt, 0, bytes);
	}
	if (!s->tt) {
		free(s);
		return NULL;
	}
	s->tt_mask = buckets - 1;
	s->ev = ev;
	s->main = s;
	atomic_init(&s->stop_request, false);
	return s;
}

/* Frees a searcher (NULL is fine); not while it runs. */
void search_free(struct search *s)
{
	if (!s)
		return;
	parallel_stop(s);
	free(s->tt);
	free(s);
}

/* Empties the transposition table (a new game); not while a search runs. */
void search_clear(struct search *s)
{
	memset(s->tt, 0, (s->tt_mask + 1) * TT_WAYS * sizeof *s->tt);
}

/* Uses `ev` from the next search on; not while a search runs. */
void search_set_eval(struct search *s, const struct eval *ev)
{
	s->ev = ev;
	search_clear(s);
}

/* Switches off parts of the search (SEARCH_NO_TT, SEARCH_NO_ASPIRATION) for experiments and tests.
 */
void search_set_flags(struct search *s, unsigned flags)
{
	s->flags = flags;
}

/*
 * Asks the running search (if any) to stop soon; callable from any thread.
 * search_run clears the request when it starts, so a stop sent before the
 * search began is not seen: call it while the search runs.
 */
void search_stop(struct search *s)
{
	atomic_store(&s->stop_request, true);
}

/*
 * Uses `threads` threads (1..SEARCH_MAX_THREADS) from the next search on; not
 * while a search runs. Returns 0, or -1 when the threads could not be made
 * (the searcher then searches with one).
 */
int search_set_threads(struct search *s, int threads)
{
	if (threads < 1 || threads > SEARCH_MAX_THREADS)
		return -1;
	if (threads == parallel_threads(s))
		return 0;
	parallel_stop(s);
	return threads > 1 ? parallel_start(s, threads) : 0;
}

/* Returns the number of threads the searcher searches with. */
int search_threads(const struct search *s)
{
	return parallel_threads(s);
}

/* Returns the number of threads to use by default: the online processors. */
int search_default_threads(void)
{
	return parallel_cores();
}

/* Returns the nodes of the running (or last) search, over all its threads. */
uint64_t search_nodes(const struct search *s)
{
	return s->pool ? parallel_nodes(s) : s->nodes;
}

/*
 * Checks the stop flag, the node limit and the clock; sets s->abort. With
 * helper threads, each thread also publishes its node count and checks for a
 * cut-off above it, and a limit met stops them all through the stop flag.
 */
void search_poll(struct search *s)
{
	struct search *m = s->main;

	s->next_poll = s->nodes + (s->pool ? POLL_NODES_SPLIT : POLL_NODES);
	if (s->pool)
		atomic_store_explicit(&s->published, s->nodes, memory_order_relaxed);
	if (atomic_load_explicit(&m->stop_request, memory_order_relaxed)) {
		s->abort = true;
	} else if ((m->node_limit && search_nodes(s) >= m->node_limit) ||
		   (m->hard_time > 0 && timer_now() >= m->hard_time)) {
		s->abort = true;
		if (s->pool)
			atomic_store(&m->stop_request, true);
	} else if (s->pool && parallel_cut(s)) {
		s->abort = true;
	}
}

/* Midgame ------------------------------------------------------------------ */

static int leaf_eval(const struct search *s, const struct board *b)
{
	int v = eval_board(s->ev, b);

	if (s->noise_percent) {
		uint64_t h = rng_mix(board_hash(b) ^ s->noise_seed);
		double u = (double)(h >> 11) / 9007199254740992.0 * 2.0 - 1.0;
		int amp = abs(v) > 400 ? abs(v) : 400;

		v += (int)lround(u * s->noise_percent / 100.0 * amp);
		v = v > NOISY_MAX    ? NOISY_MAX
		    : v < -NOISY_MAX ? -NOISY_MAX
				     : v; /* fits the table */
	}
	return v;
}

struct mid_move {
	int sq;		/* the move */
	int key;	/* ordering key, highest first */
	uint64_t flips; /* discs it flips */
};

static int mid_search(struct search *s, struct board *b, int depth, int alpha, int beta);
static bool mid_probcut(struct search *s, struct board *b, int depth, int alpha, int beta,
			int *out);

/* Fills `list` with the moves of `moves`, best-looking first; returns their number. */
static int mid_order(struct search *s, struct board *b, uint64_t moves, int depth, int hash_move,
		     struct mid_move *list)
{
	int n = 0;

	if (depth < ORDER_MOBILITY) {
		/* static order; flips are computed when the move is played */
		if (hash_move < 64 && (moves & board_bit(hash_move))) {
			list[n++] = (struct mid_move){hash_move, 0, 0};
			moves &= ~board_bit(hash_move);
		}
		for (int c = 0; c < 4; c++)
			for (uint64_t m = moves & order_masks[c]; m; m &= m - 1)
				list[n++] = (struct mid_move){board_first_square(m), 0, 0};
		return n;
	}
	for (uint64_t m = moves; m; m &= m - 1) {
		int sq = board_first_square(m), k = 0, j;
		uint64_t flips = board_flips(b->own, b->opp, sq);

		if (sq == hash_move) {
			k = 1 << 24;
		} else {
			board_play(b, sq, flips);
			/* the child's probe comes later: its bucket is fetched meanwhile */
			if (depth > TT_MIN_DEPTH && !(s->flags & SEARCH_NO_TT))
				__builtin_prefetch(tt_bucket(s, board_hash(b)));
			if (depth < ORDER_EVAL) {
				uint64_t r = board_moves(b->own, b->opp);

				k = -64 * (board_popcount(r) + board_popcount(r & CORNERS));
				for (int c = 0; c < 4; c++)
					if (order_masks[c] & board_bit(sq))
						k -= 8 * c;
			} else if (depth < ORDER_SEARCH)
				k = -eval_board(s->ev, b);
			else
				k = -mid_search(s, b, depth < 10 ? 1 : 2, -SCORE_INF, SCORE_INF);
			board_unplay(b, sq, flips);
		}
		j = n++;
		while (j > 0 && list[j - 1].key < k) {
			list[j] = list[j - 1];
			j--;
		}
		list[j] = (struct mid_move){sq, k, flips};
	}
	return n;
}

/*
 * mid_search at depth 1, for the position `own` to move against `opp`: the
 * moves in static order, each child evaluated as a leaf; no list, no table.
 */
static int mid_depth1(struct search *s, uint64_t own, uint64_t opp, int alpha, int beta)
{
	uint64_t moves;
	int best = -SCORE_INF;

	search_count(s);
	if (s->abort)
		return 0;
	moves = board_moves(own, opp);
	if (!moves) {
		if (!board_moves(opp, own)) {
			struct board b = {own, opp};

			return board_final_score(&b) * SCORE_DISC;
		}
		return -mid_depth1(s, opp, own, -beta, -alpha);
	}
	for (int c = 0; c < 4; c++) {
		for (uint64_t m = moves & order_masks[c]; m; m &= m - 1) {
			int sq = board_first_square(m), v;
			uint64_t flips = board_flips(own, opp, sq);
			struct board child = {opp ^ flips, own ^ flips ^ board_bit(sq)};

			search_count(s);
			v = -leaf_eval(s, &child);
			if (s->abort)
				return 0;
			if (v > best) {
				best = v;
				if (v > alpha) {
					alpha = v;
					if (v >= beta)
						return best;
				}
			}
		}
	}
	return best;
}

/* mid_search at depth 2 (below the table): static order, principal variation search. */
static int mid_depth2(struct search *s, uint64_t own, uint64_t opp, int alpha, int beta)
{
	uint64_t moves;
	int best = -SCORE_INF;
	bool first = true;

	search_count(s);
	if (s->abort)
		return 0;
	moves = board_moves(own, opp);
	if (!moves) {
		if (!board_moves(opp, own)) {
			struct board b = {own, opp};

			return board_final_score(&b) * SCORE_DISC;
		}
		return -mid_depth2(s, opp, own, -beta, -alpha);
	}
	for (int c = 0; c < 4; c++) {
		for (uint64_t m = moves & order_masks[c]; m; m &= m - 1) {
			int sq = board_first_square(m), v;
			uint64_t flips = board_flips(own, opp, sq);
			uint64_t cown = opp ^ flips, copp = own ^ flips ^ board_bit(sq);

			if (first) {
				v = -mid_depth1(s, cown, copp, -beta, -alpha);
				first = false;
			} else {
				v = -mid_depth1(s, cown, copp, -alpha - 1, -alpha);
				if (v > alpha && v < beta && !s->abort)
					v = -mid_depth1(s, cown, copp, -beta, -alpha);
			}
			if (s->abort)
				return 0;
			if (v > best) {
				best = v;
				if (v > alpha) {
					alpha = v;
					if (v >= beta)
						return best;
				}
			}
		}
	}
	return best;
}

/* mid_search on a position given as two bitboards: how a helper thread searches a child. */
static int mid_child(struct search *s, uint64_t own, uint64_t opp, int depth, int alpha, int beta)
{
	struct board b = {own, opp};

	return mid_search(s, &b, depth, alpha, beta);
}

/*
 * Shares the younger brothers list[0..n-1] of `b` (`depth` plies, window
 * (*alpha, beta), best so far *best and *best_move) with free helper threads
 * when it is deep enough to be worth it. Returns false when it did not, else
 * true once they are all searched, with *alpha, *best and *best_move raised
 * (the caller checks s->abort first).
 */
static bool mid_split(struct search *s, const struct board *b, int depth,
		      const struct mid_move *list, int n, int beta, int *alpha, int *best,
		      int *best_move)
{
	struct split_node node = {b->own,    b->opp, depth - 1, NULL,  NULL,	  n,
				  mid_child, *alpha, beta,	*best, *best_move};
	int sq[32];
	uint64_t flips[32];

	if (n < 2 || depth < MID_SPLIT_MIN || !parallel_idle(s))
		return false;
	for (int i = 0; i < n; i++) {
		sq[i] = list[i].sq;
		flips[i] = list[i].flips ? list[i].flips : board_flips(b->own, b->opp, list[i].sq);
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
 * Multi-ProbCut at a node of `depth` plies within (alpha, beta): for each
 * shallow/deep pair of the table (cheapest first), a null-window shallow
 * search on the bound that predicts, at the selectivity of the search, a
 * fail high on beta or a fail low on alpha. Returns true with the bound in
 * *out when one of them does.
 */
static bool mid_probcut(struct search *s, struct board *b, int depth, int alpha, int beta, int *out)
{
	const struct probcut_pair *p =
	    probcut_mid(eval_probcut(s->ev), board_empty_count(b), depth);

	for (int k = 0; k < PROBCUT_PAIRS && p[k].shallow; k++) {
		if (beta < MPC_MAX_BOUND) {
			int hi = probcut_bound(&p[k], s->sel, beta, 1);

			if (hi < NOISY_MAX && mid_search(s, b, p[k].shallow, hi - 1, hi) >= hi &&
			    !s->abort) {
				*out = beta;
				return true;
			}
		}
		if (alpha > -MPC_MAX_BOUND) {
			int lo = probcut_bound(&p[k], s->sel, alpha, -1);

			if (lo > -NOISY_MAX && mid_search(s, b, p[k].shallow, lo, lo + 1) <= lo &&
			    !s->abort) {
				*out = alpha;
				return true;
			}
		}
	}
	return false;
}

/* Fail-soft principal variation search to `depth` plies (passes are free). */
static int mid_search(struct search *s, struct board *b, int depth, int alpha, int beta)
{
	struct mid_move list[32];
	struct tt_data e;
	uint64_t moves, key;
	int n, best = -SCORE_INF, best_move = SQ_NONE, hash_move = SQ_NONE, alpha0 = alpha, cut;
	bool use_tt = !(s->flags & SEARCH_NO_TT) && depth >= TT_MIN_DEPTH;

	if (depth == 1)
		return mid_depth1(s, b->own, b->opp, alpha, beta);
	if (depth == 2 && TT_MIN_DEPTH > 2)
		return mid_depth2(s, b->own, b->opp, alpha, beta);
	search_count(s);
	if (s->abort)
		return 0;
	if (depth == 0)
		return leaf_eval(s, b);
	key = use_tt ? board_hash(b) : 0;
	if (use_tt)
		__builtin_prefetch(tt_bucket(s, key));
	moves = board_moves(b->own, b->opp);
	if (!moves) {
		int v;

		if (!board_moves(b->opp, b->own))
			return board_final_score(b) * SCORE_DISC;
		board_pass(b);
		v = -mid_search(s, b, depth, -beta, -alpha);
		board_pass(b);
		return v;
	}
	if (use_tt && tt_probe(s, key, &e)) {
		hash_move = e.move;
		if (e.depth >= depth && tt_usable(s, &e)) {
			if (e.bound == BOUND_EXACT)
				return e.score;
			if (e.bound == BOUND_LOWER && e.score >= beta)
				return e.score;
			if (e.bound == BOUND_UPPER && e.score <= alpha)
				return e.score;
		}
	}
	if (s->sel < PROBCUT_EXACT && depth >= MPC_MIN_DEPTH &&
	    mid_probcut(s, b, depth, alpha, beta, &cut))
		return cut;
	n = mid_order(s, b, moves, depth, hash_move, list);
	if (s->abort)
		return 0;
	for (int i = 0; i < n; i++) {
		int v;

		if (!list[i].flips)
			list[i].flips = board_flips(b->own, b->opp, list[i].sq);
		board_play(b, list[i].sq, list[i].flips);
		if (i == 0) {
			v = -mid_search(s, b, depth - 1, -beta, -alpha);
		} else {
			v = -mid_search(s, b, depth - 1, -alpha - 1, -alpha);
			if (v > alpha && v < beta && !s->abort)
				v = -mid_search(s, b, depth - 1, -beta, -alpha);
		}
		board_unplay(b, list[i].sq, list[i].flips);
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
		    mid_split(s, b, depth, list + 1, n - 1, beta, &alpha, &best, &best_move)) {
			if (s->abort)
				return 0;
			break;
		}
	}
	if (use_tt)
		tt_store(s, key, depth, best,
			 best >= beta	 ? BOUND_LOWER
			 : best > alpha0 ? BOUND_EXACT
					 : BOUND_UPPER,
			 best_move);
	return best;
}

/* A full-window midgame search of `b` to `depth` plies (move ordering of the solver). */
int search_midgame(struct search *s, struct board *b, int depth)
{
	return mid_search(s, b, depth, -SCORE_INF, SCORE_INF);
}

/* A midgame search of `b` to `depth` plies within (alpha, beta), fail-soft (the solver's ProbCut).
 */
int search_midgame_window(struct search *s, struct board *b, int depth, int alpha, int beta)
{
	return mid_search(s, b, depth, alpha, beta);
}

/* Root ------------------------------------------------------------------------ */

struct root_move {
	int sq;		  /* the move */
	uint64_t flips;	  /* discs it flips */
	int score;	  /* last score (root units: centidiscs, or discs when solving) */
	enum bound bound; /* what score is */
	int depth;	  /* depth it was searched to */
	bool searched;	  /* searched in the current iteration */
};

struct root {
	struct search *s;	    /* the searcher */
	struct board b;		    /* the root position */
	struct root_move moves[32]; /* root moves, best first after each iteration */
	int n;			    /* number of root moves */
	int multipv;		    /* moves to score with an open window */
	bool endgame;		    /* solving (scores in discs) */
	bool wld;		    /* solving for win/loss/draw only */
	int sel;		    /* selectivity level of the current iteration */
	int depth;		    /* current iteration depth (empties when solving) */
	bool solved_guess;	    /* the guess of this solve is a selective solve's score */
	search_observer obs;	    /* progress callback or NULL */
	void *user;		    /* its argument */
};

/* Searches a root child (after the move): root units, from the root mover's view. */
static int root_child(struct root *r, int depth, int alpha, int beta)
{
	struct search *s = r->s;

	if (r->endgame)
		return -endgame_search(s, r->b.own, r->b.opp, -beta, -alpha);
	return -mid_search(s, &r->b, depth - 1, -beta, -alpha);
}

/*
 * The best of `moves` in `b` by a full-window search of each child to
 * `depth` plies: the last plies of a midgame PV, below the table (not counted
 * as nodes of the search).
 */
static int pv_shallow_best(struct search *s, struct board *b, uint64_t moves, int depth)
{
	uint64_t nodes = s->nodes;
	int best = -SCORE_INF - 1, best_sq = SQ_NONE;

	for (; moves; moves &= moves - 1) {
		int sq = board_first_square(moves), v;
		uint64_t f = board_flips(b->own, b->opp, sq);

		board_play(b, sq, f);
		v = -mid_search(s, b, depth, -SCORE_INF, SCORE_INF);
		board_unplay(b, sq, f);
		if (v > best) {
			best = v;
			best_sq = sq;
		}
	}
	s->nodes = nodes;
	return best_sq;
}

/*
 * The principal variation from `first`, by following hash moves (and below
 * the table's depth, the best move of a shallow search). When the
 * exact final score after `first` is known (`after`, discs, the opponent's
 * view; SCORE_INF if not), the last PV_SOLVE empties (PV_SOLVE_MAX where the
 * table has no move) are completed by finding, at each ply, a move that keeps
 * that score.
 */
static int root_pv(struct root *r, int first, int max_len, int after, int *pv)
{
	struct board b = r->b;
	int len = 0, v = after;

	if (first >= 64)
		return 0;
	board_play(&b, first, board_flips(b.own, b.opp, first));
	pv[len++] = first;
	while (len < max_len && len < 60) {
		struct tt_data e;
		uint64_t flips, moves = board_moves(b.own, b.opp);
		int next = SQ_NONE;

		if (!moves) {
			if (!board_opponent_can_move(&b))
				break;
			board_pass(&b);
			pv[len++] = SQ_PASS;
			v = -v;
			continue;
		}
		if (board_empty_count(&b) > PV_SOLVE) {
			if (!(r->s->flags & SEARCH_NO_TT) && tt_probe(r->s, board_hash(&b), &e) &&
			    e.move < 64 && board_flips(b.own, b.opp, e.move))
				next = e.move;
		}
		if (v != SCORE_INF && next == SQ_NONE && board_empty_count(&b) <= PV_SOLVE_MAX) {
			for (; moves && next == SQ_NONE; moves &= moves - 1) {
				int sq = board_first_square(moves);
				uint64_t f = board_flips(b.own, b.opp, sq);
				uint64_t own = b.opp ^ f, opp = b.own ^ f ^ board_bit(sq);

				if (-endgame_search(r->s, own, opp, -v - 1, -v + 1) == v)
					next = sq;
			}
		}
		if (next == SQ_NONE && !r->endgame && max_len - len < TT_MIN_DEPTH)
			next = pv_shallow_best(r->s, &b, moves, max_len - len - 1);
		if (next == SQ_NONE)
			break;
		flips = board_flips(b.own, b.opp, next);
		board_play(&b, next, flips);
		pv[len++] = next;
		v = -v;
	}
	while (len > 0 && pv[len - 1] == SQ_PASS)
		len--;
	return len;
}

/* The exact score after the best move (opponent's view) when solved exactly, else SCORE_INF. */
static int root_after(const struct root *r, int score, enum bound bound)
{
	return r->endgame && r->sel == PROBCUT_EXACT && bound == BOUND_EXACT && !r->wld ? -score
											: SCORE_INF;
}

static int to_centi(const struct root *r, int v)
{
	return r->endgame ? v * SCORE_DISC : v;
}

static void root_notify(struct root *r, int score, enum bound bound, int best_sq)
{
	struct search_info info;

	if (!r->obs)
		return;
	memset(&info, 0, sizeof info);
	info.depth = r->depth;
	info.endgame = r->endgame && r->sel == PROBCUT_EXACT;
	info.selectivity = probcut_percent(r->sel);
	info.score = to_centi(r, score);
	info.bound = bound;
	info.pv_len =
	    root_pv(r, best_sq, r->endgame ? 60 : r->depth, root_after(r, score, bound), info.pv);
	info.nodes = search_nodes(r->s);
	info.time = timer_now() - r->s->t0;
	r->obs(&info, r->user);
}

/* Sorts the root moves stably: searched moves by score (exact/lower before upper on ties),
   then the rest. */
static void root_sort(struct root *r)
{
	for (int i = 1; i < r->n; i++) {
		struct root_move t = r->moves[i];
		int j = i;

		while (j > 0) {
			const struct root_move *p = &r->moves[j - 1];
			bool before =
			    t.searched && (!p->searched || t.score > p->score ||
					   (t.score == p->score && p->bound == BOUND_UPPER &&
					    t.bound != BOUND_UPPER));

			if (!before)
				break;
			r->moves[j] = *p;
			j--;
		}
		r->moves[j] = t;
	}
}

/* Records the score `v` of root move `m`, searched to `depth` within (lo, beta). */
static void root_scored(struct root_move *m, int v, int lo, int beta, int depth)
{
	m->score = v;
	m->bound = v <= lo ? BOUND_UPPER : v >= beta ? BOUND_LOWER : BOUND_EXACT;
	m->depth = depth;
	m->searched = true;
}

/* The k-th best exact score among the root moves searched in this iteration, or `floor` when
   fewer than k have one (or when it is below `floor`). */
static int root_kth_exact(const struct root *r, int k, int floor)
{
	int top[32], n = 0; /* the best exact scores so far, best first */

	for (int i = 0; i < r->n; i++) {
		const struct root_move *m = &r->moves[i];
		int j;

		if (!m->searched || m->bound != BOUND_EXACT)
			continue;
		if (n < k)
			n++;
		else if (m->score <= top[k - 1])
			continue;
		for (j = n - 1; j > 0 && top[j - 1] < m->score; j--)
			top[j] = top[j - 1];
		top[j] = m->score;
	}
	return n >= k && top[k - 1] > floor ? top[k - 1] : floor;
}

/*
 * The multi-PV iteration (multipv > 1) over the root moves within (alpha,
 * beta): the first `multipv` moves with the whole window; each other move
 * first with a null window on the multipv-th best exact score so far, and
 * again with the window above that score when it beats it. So the multipv
 * best moves end with exact scores, the others with upper bounds. Returns
 * the best score; moves[] is re-sorted best first (unsorted on abort). The
 * search of one best move (root_search) does not come here.
 */
static int root_search_multi(struct root *r, int depth, int alpha, int beta)
{
	struct search *s = r->s;
	int best = -SCORE_INF;

	for (int i = 0; i < r->n; i++)
		r->moves[i].searched = false;
	for (int i = 0; i < r->n; i++) {
		struct root_move *m = &r->moves[i];
		int lo = i < r->multipv ? alpha : root_kth_exact(r, r->multipv, alpha), v;

		board_play(&r->b, m->sq, m->flips);
		if (i < r->multipv) {
			v = root_child(r, depth, alpha, beta);
		} else {
			v = root_child(r, depth, lo, lo + 1);
			if (v > lo && v < beta && !s->abort)
				v = root_child(r, depth, lo, beta);
		}
		board_unplay(&r->b, m->sq, m->flips);
		if (s->abort)
			return best;
		root_scored(m, v, lo, beta, depth);
		if (v > best) {
			best = v;
			if (i > 0)
				root_notify(r, v, m->bound, m->sq);
		}
	}
	root_sort(r);
	return best;
}

/*
 * One iteration over the root moves within (alpha, beta): the first move
 * with the whole window, the others by principal variation search (with
 * multipv > 1, root_search_multi). Returns the best score; moves[] is
 * re-sorted best first. On abort the order and scores of the unfinished
 * iteration are left unsorted.
 */
static int root_search(struct root *r, int depth, int alpha, int beta)
{
	struct search *s = r->s;
	int best = -SCORE_INF, alpha0 = alpha;

	if (r->multipv > 1)
		return root_search_multi(r, depth, alpha, beta);
	for (int i = 0; i < r->n; i++)
		r->moves[i].searched = false;
	for (int i = 0; i < r->n; i++) {
		struct root_move *m = &r->moves[i];
		int v, lo;

		board_play(&r->b, m->sq, m->flips);
		if (i == 0) {
			lo = alpha0;
			v = root_child(r, depth, alpha0, beta);
		} else {
			lo = alpha;
			v = root_child(r, depth, alpha, alpha + 1);
			if (v > alpha && v < beta && !s->abort)
				v = root_child(r, depth, alpha, beta);
		}
		board_unplay(&r->b, m->sq, m->flips);
		if (s->abort)
			return best;
		root_scored(m, v, lo, beta, depth);
		if (v > best) {
			best = v;
			if (i > 0)
				root_notify(r, v, m->bound, m->sq);
			if (v > alpha)
				alpha = v;
		}
		if (v >= beta)
			break;
	}
	root_sort(r);
	return best;
}

/*
 * An iteration with aspiration windows around `guess` (midgame) or within
 * the given window (solving); re-searches wider windows on failure.
 * Returns the score, or -SCORE_INF on abort; *bound gets its bound.
 *
 * The loop ends whatever the searches return, even scores that contradict
 * each other (selective table entries, a fail high then a fail low at the
 * next window): each re-search moves one side of the window strictly
 * outwards (a fail low at v <= alpha sets alpha below v, a fail high at
 * v >= beta sets beta above v) and never back, and a side that has reached
 * its limit is not moved again, so there are at most as many re-searches
 * as integers between the limits; as delta triples each time, in practice
 * at most about log3((hi_limit - lo_limit) / delta) + 1 on each side (delta
 * cannot overflow before that). A solve's guess beyond the score range
 * (a noisy midgame) makes the first window empty or inverted: the search
 * fails low (or high) on it and the next window is a proper one.
 */
static int root_iterate(struct root *r, int depth, int guess, bool have_guess, int lo_limit,
			int hi_limit, enum bound *bound)
{
	int delta = r->endgame ? (r->solved_guess ? ASPIRATION_SOLVED : 4) : 60;
	int alpha = lo_limit, beta = hi_limit, v;

	if (have_guess && !(r->s->flags & SEARCH_NO_ASPIRATION) && r->multipv == 1) {
		alpha = guess - delta > lo_limit ? guess - delta : lo_limit;
		beta = guess + delta < hi_limit ? guess + delta : hi_limit;
	}
	for (;;) {
		v = root_search(r, depth, alpha, beta);
		if (r->s->abort)
			return -SCORE_INF;
		if (v <= alpha && alpha > lo_limit) {
			delta *= 3;
			alpha = v - delta > lo_limit ? v - delta : lo_limit;
			continue;
		}
		if (v >= beta && beta < hi_limit) {
			delta *= 3;
			beta = v + delta < hi_limit ? v + delta : hi_limit;
			continue;
		}
		*bound = v <= alpha ? BOUND_UPPER : v >= beta ? BOUND_LOWER : BOUND_EXACT;
		return v;
	}
}

/* Copies the root state of a finished iteration into the result. */
static void root_result(struct root *r, int score, enum bound bound, struct search_result *out)
{
	out->move = r->moves[0].sq;
	out->score = to_centi(r, score);
	out->bound = bound;
	out->depth = r->depth;
	out->endgame = r->endgame && r->sel == PROBCUT_EXACT;
	out->selectivity = probcut_percent(r->sel);
	out->pv_len =
	    root_pv(r, out->move, r->endgame ? 60 : r->depth, root_after(r, score, bound), out->pv);
	out->n_moves = 0;
	for (int i = 0; i < r->n; i++) {
		const struct root_move *m = &r->moves[i];

		if (!m->searched)
			continue;
		out->moves[out->n_moves++] =
		    (struct search_move){m->sq, to_centi(r, m->score), m->bound, m->depth};
	}
}

/* Estimated nodes of an exact solve with `empties` empty squares. */
static double solve_nodes(int empties, bool wld)
{
	double n = 2e7 * pow(1.9, empties - 20);

	return wld ? n / 3 : n;
}

/* Clears the per-search state of `s` for a new search within `lim`. */
static void search_start(struct search *s, const struct search_limits *lim)
{
	s->t0 = timer_now();
	s->nodes = 0;
	s->next_poll = s->pool ? POLL_NODES_SPLIT : POLL_NODES;
	s->abort = false;
	s->age++;
	s->node_limit = lim->nodes;
	s->noise_percent = lim->noise_percent;
	s->noise_seed = lim->noise_seed;
	s->hard_time = 0;
	s->sel = PROBCUT_EXACT;
	atomic_store(&s->stop_request, false);
	parallel_prepare(s);
}

/* The result for a position without moves: a pass, or the end of the game. */
static void result_without_moves(const struct board *b, struct search_result *out)
{
	struct board p = {b->opp, b->own};

	out->move = board_moves(p.own, p.opp) ? SQ_PASS : SQ_NONE;
	out->score = out->move == SQ_NONE ? board_final_score(b) * SCORE_DISC : 0;
	out->bound = out->move == SQ_NONE ? BOUND_EXACT : BOUND_LOWER;
	out->endgame = out->move == SQ_NONE;
	if (out->move == SQ_PASS) {
		out->pv[0] = SQ_PASS;
		out->pv_len = 1;
	}
}

/*
 * Sets the hard time limit of `s` from `lim` (a fixed time per move, or a share
 * of the clock) and returns the soft budget of this move in seconds, 0 for none.
 */
static double time_budget(struct search *s, const struct search_limits *lim, int empties)
{
	double soft = 0;

	if (lim->time > 0)
		soft = lim->time;
	if (lim->clock > 0) {
		int moves_left = (empties > 20 ? (empties - 20) / 2 : 0) + 3;
		double budget = lim->clock / moves_left;
		double hard = lim->clock * 0.5 < budget * 2 ? lim->clock * 0.5 : budget * 2;

		if (soft == 0 || budget < soft)
			soft = budget;
		s->hard_time = s->t0 + hard;
	}
	if (lim->time > 0 && (s->hard_time == 0 || s->t0 + lim->time < s->hard_time))
		s->hard_time = s->t0 + lim->time;
	return soft;
}

/* Sets up the root of a search of `b`, whose legal moves are `moves`. */
static void root_init(struct root *r, struct search *s, const struct board *b, uint64_t moves,
		      const struct search_limits *lim, search_observer obs, void *user)
{
	memset(r, 0, sizeof *r);
	r->s = s;
	r->b = *b;
	r->obs = obs;
	r->user = user;
	r->multipv = lim->multipv > 1 ? lim->multipv : 1;
	r->wld = lim->wld;
	for (uint64_t m = moves; m; m &= m - 1) {
		int sq = board_first_square(m);

		r->moves[r->n++] = (struct root_move){
		    sq, board_flips(b->own, b->opp, sq), 0, BOUND_UPPER, 0, false};
	}
}

/* The number of empties from which to solve, or -1 to decide it from the time left. */
static int solve_empties(const struct search_limits *lim, double soft)
{
	if (lim->endgame >= 0)
		return lim->endgame;
	if (soft > 0)
		return -1;
	if (lim->depth > 0 || lim->nodes > 0)
		return lim->depth + 8;
	return UNLIMITED_SOLVE; /* no limit: deepen, solve once it is near */
}

/* The time manager: speed and growth of the iterations so far. */
struct pace {
	double soft;	  /* the soft budget of the move, 0 for none */
	double last_iter; /* seconds of the last iteration */
	double growth;	  /* how much longer the next iteration is expected to take */
	double nps;	  /* nodes per second so far */
};

/* Updates `p` after an iteration started at `t_start`; returns whether the next
   iteration is expected to end within the soft budget. */
static bool pace_next_fits(struct pace *p, const struct search *s, double t_start)
{
	double elapsed = timer_now() - s->t0;

	if (elapsed > 0.001)
		p->nps = (double)search_nodes(s) / elapsed;
	if (p->last_iter > 0.002) {
		p->growth = (timer_now() - t_start) / p->last_iter;
		if (p->growth < 1.5)
			p->growth = 1.5;
		if (p->growth > 10)
			p->growth = 10;
	}
	p->last_iter = timer_now() - t_start;
	return !(p->soft > 0 && elapsed + p->last_iter * p->growth > p->soft);
}

/*
 * Writes the depth of an iteration as the panels and reports show it: "18",
 * or "18@95%" when it was selective (`selectivity` percent below 100).
 */
void search_depth_text(int depth, int selectivity, char *out, size_t outlen)
{
	if (selectivity > 0 && selectivity < 100)
		snprintf(out, outlen, "%d@%d%%", depth, selectivity);
	else
		snprintf(out, outlen, "%d", depth);
}

/* The selectivity level of `percent` for `s`: exact without a table or with SEARCH_NO_PROBCUT. */
static int search_level(const struct search *s, int percent)
{
	int level = probcut_level(percent);

	if (level < 0 || !eval_probcut(s->ev) || (s->flags & SEARCH_NO_PROBCUT))
		return PROBCUT_EXACT;
	return level;
}

/* The first selectivity level of the endgame solve of `empties` empties (see root_solve). */
static int solve_first_level(const struct search *s, const struct search_limits *lim, int empties)
{
	int last = search_level(s, lim->solve_selectivity);

	if (search_level(s, 73) == PROBCUT_EXACT ||
	    (last == PROBCUT_EXACT && empties < LADDER_MIN_EMPTIES &&
	     !(s->flags & SEARCH_CLIMB_ALWAYS)))
		return last;
	return last < LADDER_FIRST ? last : LADDER_FIRST;
}

/*
 * The endgame solve of the root: iterations at each selectivity level from
 * the least sure up to that of lim->solve_selectivity (only that one when
 * the search is exact-only, or exact below LADDER_MIN_EMPTIES; an exact one
 * skips the levels above LADDER_TOP), each from the table and the score
 * of the one before (`guess` when `have_guess`: the midgame's, centidiscs); under a time budget, a
 * level starts only if it is expected to fit. Returns whether a level finished (its result is then
 * in `out`, and the root stays in endgame units).
 */
static bool root_solve(struct root *r, const struct search_limits *lim, struct pace *pace,
		       int guess, bool have_guess, struct search_result *out)
{
	struct search *s = r->s;
	int last = search_level(s, lim->solve_selectivity), score = guess / SCORE_DISC;
	int first = solve_first_level(s, lim, board_empty_count(&r->b));
	bool done = false;
	enum bound bound;

	r->endgame = true;
	r->depth = board_empty_count(&r->b);
	/* `level` strictly rises each turn (to last + 1 at the latest), so the climb ends */
	for (int level = first; level <= last;
	     level = level + 1 > LADDER_TOP && last == PROBCUT_EXACT
			 ? (level < last ? last : last + 1)
			 : level + 1) {
		double t_start = timer_now();
		int v;

		r->sel = s->sel = level;
		r->solved_guess = done;
		if (lim->wld)
			v = root_iterate(r, r->depth, 0, false, -1, 1, &bound);
		else
			v = root_iterate(r, r->depth, score, done || have_guess, -65, 65, &bound);
		if (s->abort)
			break;
		score = v;
		done = true;
		root_result(r, score, bound, out);
		root_notify(r, score, bound, r->moves[0].sq);
		if (level < last && pace->soft > 0 && !pace_next_fits(pace, s, t_start))
			break;
	}
	if (!done)
		r->endgame = false;
	return done;
}

/*
 * Searches `b` within `lim` and fills `out`: the best move of the last
 * finished iteration with its score, bound, principal variation and the
 * scores of the root moves. Progress goes to `obs` (may be NULL) after each
 * iteration and on each new best move. Returns 0 (the only failure, a root
 * without moves, still fills `out` with SQ_PASS or SQ_NONE).
 */
int search_run(struct search *s, const struct board *b, const struct search_limits *lim,
	       search_observer obs, void *user, struct search_result *out)
{
	struct root r;
	int empties = board_empty_count(b), max_depth, solve_at, score = 0, pre_depth, mid_level;
	enum bound bound = BOUND_EXACT;
	struct pace pace = {0, 0, 4, 5e6};
	bool have = false, solved = false;
	uint64_t moves = board_moves(b->own, b->opp);

	memset(out, 0, sizeof *out);
	out->selectivity = 100;
	search_start(s, lim);
	if (!moves) {
		result_without_moves(b, out);
		return 0;
	}
	pace.soft = time_budget(s, lim, empties);
	mid_level = search_level(s, lim->selectivity);
	root_init(&r, s, b, moves, lim, obs, user);
	max_depth = lim->depth > 0 && lim->depth < empties ? lim->depth : empties;
	solve_at = solve_empties(lim, pace.soft);
	pre_depth = empties <= solve_at ? empties - PRE_SOLVE_EMPTIES : max_depth;
	if (empties <= solve_at && pre_depth > PRE_SOLVE_MAX)
		pre_depth = PRE_SOLVE_MAX;
	if (pre_depth > max_depth)
		pre_depth = max_depth; /* a shallow depth limit still solves from `solve_at` */
	if (empties <= solve_at && mid_level == PROBCUT_EXACT)
		mid_level = search_level(s, PRE_SOLVE_SEL); /* they only order the solve */

	for (int depth = 1;; depth++) {
		double t_start = timer_now();
		bool solve_now = false;
		int v;

		if (solve_at >= 0) {
			solve_now = empties <= solve_at && depth > pre_depth;
		} else {
			double left = pace.soft - (t_start - s->t0);

			double cost = solve_nodes(empties, lim->wld);

			if (solve_first_level(s, lim, empties) < PROBCUT_EXACT)
				cost /= LADDER_FIRST_SHARE; /* the first level; the others if they
							       fit */
			solve_now = depth > 2 && cost / pace.nps < left;
		}
		if (solve_now) {
			solved = root_solve(&r, lim, &pace, score, have, out);
			break;
		}
		if (depth > max_depth)
			break;
		r.depth = depth;
		r.sel = s->sel = mid_level;
		v = root_iterate(&r, depth, score, have, -SCORE_INF + 1, SCORE_INF - 1, &bound);
		if (s->abort) {
			r.depth = depth - 1;
			break;
		}
		score = v;
		have = true;
		root_result(&r, score, bound, out);
		root_notify(&r, score, bound, r.moves[0].sq);
		if (lim->depth > 0 && depth >= lim->depth &&
		    !(empties <= solve_at && solve_at >= 0))
			break;
		if (!pace_next_fits(&pace, s, t_start) && !(solve_at >= 0 && empties <= solve_at))
			break;
	}
	if (!have && !solved) {
		/* aborted before the first iteration finished: the first move in order */
		out->move = r.moves[0].sq;
		out->score = 0;
		out->bound = BOUND_UPPER;
		out->pv[0] = out->move;
		out->pv_len = 1;
	}
	out->nodes = search_nodes(s);
	out->time = timer_now() - s->t0;
	return 0;
}
