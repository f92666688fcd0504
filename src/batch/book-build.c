/*
 * book-build.c — building or extending an opening book from the engine's own
 * searches.
 *
 * Breadth first from a start position: every position within `plies` plies of
 * it that is reached by "sensible" moves — moves scored within `tolerance` of
 * the best move of their position — gets every legal move scored by a search
 * of the position after the move, `depth` - 1 plies deep (so `depth` plies
 * from the book position; with `depth` 1, the evaluation of that position). Positions are visited
 * once under the 8 symmetries. A position the book already holds with every legal move searched at
 * least as deep is not searched again, but its sensible moves are still followed, so running the
 * build again with more plies extends a book.
 *
 * Then the scores are backed up, deepest positions first: a move leading to a
 * position of the book takes minus that position's best score (negamax over
 * the book), so the book agrees with itself. Backed-up scores can make more
 * moves sensible; those are followed in turn, until nothing changes.
 *
 * Representation: the queue is an array of positions in visiting order (which
 * is ply order); a small open-addressing set of canonical positions marks what
 * was queued.
 */
#include "book-build.h"
#include "book.h"

#include <stdlib.h>
#include <string.h>

struct pos_set {
	struct board *v; /* canonical positions; own == opp == 0 marks a free slot */
	size_t n, cap;	 /* used, slots (a power of two, at most half full) */
};

static bool set_grow(struct pos_set *s)
{
	size_t cap = s->cap ? 2 * s->cap : 1024;
	struct board *v = calloc(cap, sizeof *v);

	if (!v)
		return false;
	for (size_t i = 0; i < s->cap; i++) {
		const struct board *b = &s->v[i];
		size_t j;

		if (!b->own && !b->opp)
			continue;
		for (j = (size_t)board_hash(b) & (cap - 1); v[j].own || v[j].opp;
		     j = (j + 1) & (cap - 1))
			;
		v[j] = *b;
	}
	free(s->v);
	s->v = v;
	s->cap = cap;
	return true;
}

/* Adds canonical position `key`; returns 1 if new, 0 if already there, -1 out of memory. */
static int set_add(struct pos_set *s, const struct board *key)
{
	size_t j;

	if (2 * (s->n + 1) > s->cap && !set_grow(s))
		return -1;
	for (j = (size_t)board_hash(key) & (s->cap - 1); s->v[j].own || s->v[j].opp;
	     j = (j + 1) & (s->cap - 1))
		if (s->v[j].own == key->own && s->v[j].opp == key->opp)
			return 0;
	s->v[j] = *key;
	s->n++;
	return 1;
}

struct queue {
	struct board *b;  /* positions in visiting order */
	enum color *side; /* their colour to move */
	size_t n, cap;	  /* used, allocated */
};

static bool queue_push(struct queue *q, const struct board *b, enum color side)
{
	if (q->n == q->cap) {
		size_t cap = q->cap ? 2 * q->cap : 256;
		struct board *nb = realloc(q->b, cap * sizeof *nb);
		enum color *ns;

		if (!nb)
			return false;
		q->b = nb;
		ns = realloc(q->side, cap * sizeof *ns);
		if (!ns)
			return false;
		q->side = ns;
		q->cap = cap;
	}
	q->b[q->n] = *b;
	q->side[q->n] = side;
	q->n++;
	return true;
}

/* Returns true if the book holds every legal move of `b` searched at least `depth` deep. */
static bool known(const struct book *bk, const struct board *b, int depth)
{
	struct book_move m[BOOK_MAX_MOVES];
	int n = book_lookup(bk, b, m);

	if (n != board_popcount(board_moves(b->own, b->opp)))
		return false;
	for (int i = 0; i < n; i++)
		if (m[i].depth < depth)
			return false;
	return true;
}

/* Scores every legal move of `b` with a search of the position after it (with
   `depth` 1, its evaluation by `ev`: a search of depth 0 would have no limit); 0 or -1. */
static int score_moves(struct search *s, const struct eval *ev, const struct board *b, int depth,
		       struct book_move *out, int *n_out)
{
	uint64_t moves = board_moves(b->own, b->opp);
	int n = 0;

	for (; moves; moves &= moves - 1) {
		int sq = board_first_square(moves);
		struct board c = *b;
		struct search_limits lim;
		struct search_result r;

		board_play(&c, sq, board_flips(c.own, c.opp, sq));
		out[n].move = sq;
		if (board_game_over(&c)) {
			out[n].score = -board_final_score(&c) * SCORE_DISC;
			out[n].depth = 60;
		} else if (depth <= 1) {
			out[n].score = -eval_board(ev, &c);
			out[n].depth = 1;
		} else {
			memset(&lim, 0, sizeof lim);
			lim.depth = depth - 1;
			if (search_run(s, &c, &lim, NULL, NULL, &r) != 0)
				return -1;
			out[n].score = -r.score;
			out[n].depth = r.endgame ? 60 : depth;
		}
		if (out[n].score > BOOK_SCORE_MAX)
			out[n].score = BOOK_SCORE_MAX;
		if (out[n].score < -BOOK_SCORE_MAX)
			out[n].score = -BOOK_SCORE_MAX;
		n++;
	}
	*n_out = n;
	return 0;
}

/*
 * Backs the scores of `bk` up over positions `b[0..n-1]` (colours to move in
 * `side`), given shallowest first (every position after a position's moves
 * comes later in the array or is not in the book), from the last to the first:
 * a move leading to a position of the book takes minus that position's best
 * score (negamax), and the depth of that score plus one when it is deeper.
 * Returns 0, or -1 with a message when memory runs out.
 */
int book_back_up(struct book *bk, const struct board *b, const enum color *side, size_t n,
		 char *err, size_t errlen)
{
	for (size_t i = n; i-- > 0;) {
		struct book_move m[BOOK_MAX_MOVES], cm[BOOK_MAX_MOVES], upd[BOOK_MAX_MOVES];
		int nm = book_lookup(bk, &b[i], m), k = 0;

		for (int j = 0; j < nm; j++) {
			struct board c = b[i];
			bool passed = false;
			int cn;

			board_play(&c, m[j].move, board_flips(c.own, c.opp, m[j].move));
			if (!board_can_move(&c) && board_opponent_can_move(&c)) {
				board_pass(&c);
				passed = true; /* the child's scores are the mover's */
			}
			cn = book_lookup(bk, &c, cm);
			if (cn == 0)
				continue;
			upd[k] = m[j];
			upd[k].score = passed ? cm[0].score : -cm[0].score;
			if (cm[0].depth + 1 > upd[k].depth)
				upd[k].depth = cm[0].depth + 1 > 255 ? 255 : cm[0].depth + 1;
			k++;
		}
		if (k && book_add(bk, &b[i], side[i], upd, k, err, errlen) < 0)
			return -1;
	}
	return 0;
}

/*
 * Queues the positions after the sensible moves of queued position `i` (if it
 * is less than opt->plies plies from the start) that were not queued yet.
 * Returns 0, or -1 when out of memory.
 */
static int expand(const struct book *bk, struct queue *q, size_t i, struct pos_set *seen,
		  int start_discs, const struct book_build_options *opt)
{
	struct board b = q->b[i], key;
	struct book_move m[BOOK_MAX_MOVES];
	int n = book_lookup(bk, &b, m);

	if (board_popcount(b.own | b.opp) - start_discs >= opt->plies)
		return 0;
	for (int j = 0; j < n && m[j].score >= m[0].score - opt->tolerance; j++) {
		struct board c = b;
		enum color cs = !q->side[i];
		int added;

		board_play(&c, m[j].move, board_flips(c.own, c.opp, m[j].move));
		if (!board_can_move(&c)) {
			if (!board_opponent_can_move(&c))
				continue;
			board_pass(&c);
			cs = !cs;
		}
		board_canonical(&c, &key, NULL);
		added = set_add(seen, &key);
		if (added < 0 || (added && !queue_push(q, &c, cs)))
			return -1;
	}
	return 0;
}

/*
 * Builds or extends `bk` from position `start` (colour `side` to move) as
 * described above, with a searcher using evaluation `ev`. `progress` (may be
 * NULL) is called after each position with the counts so far. Returns 0, or
 * -1 with a message in `err` (the book then holds what was built so far).
 */
int book_build(struct book *bk, const struct eval *ev, const struct board *start, enum color side,
	       const struct book_build_options *opt, book_build_progress progress, void *user,
	       char *err, size_t errlen)
{
	struct search *s = search_new(opt->tt_megabytes, ev);
	struct pos_set seen = {0};
	struct queue q = {0};
	struct book_build_stats st = {0};
	struct board key;
	int rc = -1, start_discs = board_popcount(start->own | start->opp);

	if (!s) {
		snprintf(err, errlen, "cannot allocate the search table");
		return -1;
	}
	board_canonical(start, &key, NULL);
	if (set_add(&seen, &key) < 0 || !queue_push(&q, start, side))
		goto oom;
	for (size_t i = 0;;) {
		size_t before;

		for (; i < q.n; i++) {
			struct board b = q.b[i];
			struct book_move m[BOOK_MAX_MOVES];
			int n;

			if (!board_can_move(&b))
				continue;
			if (known(bk, &b, opt->depth)) {
				st.kept++;
			} else {
				if (score_moves(s, ev, &b, opt->depth, m, &n) < 0) {
					snprintf(err, errlen, "search failed");
					goto done;
				}
				if (book_add(bk, &b, q.side[i], m, n, err, errlen) < 0)
					goto done;
				st.searched++;
			}
			if (expand(bk, &q, i, &seen, start_discs, opt) < 0)
				goto oom;
			st.queued = q.n;
			if (progress)
				progress(&st, user);
		}
		if (book_back_up(bk, q.b, q.side, q.n, err, errlen) < 0)
			goto done;
		/* Backed-up scores can make other moves sensible: follow them too. */
		before = q.n;
		for (size_t k = 0; k < before; k++)
			if (expand(bk, &q, k, &seen, start_discs, opt) < 0)
				goto oom;
		if (q.n == before)
			break;
	}
	rc = 0;
	goto done;
oom:
	snprintf(err, errlen, "out of memory");
done:
	free(seen.v);
	free(q.b);
	free(q.side);
	search_free(s);
	return rc;
}
