/*
 * book-score.c — scoring the positions of a book made from games (`book
 * import`) with the engine's own searches.
 *
 * An imported book holds the moves that games played, scored by their
 * results. For every position of the book, the scorer:
 *
 * - searches each book move that leaves the book (the position after it is not
 *   in the book) `depth` - 1 plies deep from the position after it; a move that
 *   ends the game takes its exact score;
 * - searches the position itself `depth` plies deep; its best move is added
 *   when the games did not play it (the move a player leaving the book's lines
 *   should consider), and its score stands for the book moves leading into the
 *   book until the back-up replaces it;
 *
 * and then backs the scores up over the book (book_back_up: negamax, deepest
 * positions first), so that a move into the book takes the value of the best
 * line after it. The imported scores are dropped: every score of the result
 * comes from a search or an exact end.
 *
 * Positions are scored shallowest first, each from a cleared search table, so
 * the result does not depend on the number of threads or on interruptions: a
 * run that finds a position already in `out` with a move searched at least
 * `depth` deep passes over it (the caller loads the file a stopped run saved).
 */
#include "book-score.h"
#include "book-build.h"
#include "jobs.h"

#include <stdlib.h>
#include <string.h>

/* What a thread keeps: its search (first, for jobs_searcher_new) and the moves
   of the position it scored last. */
struct score_state {
	struct search *s;
	struct book_move moves[BOOK_MAX_MOVES];
	int n;
	int searches;
};

struct score_run {
	const struct book *in;
	struct book *out;
	const struct book_score_options *o;
	struct board *b;  /* positions, shallowest first */
	enum color *side; /* their colours to move */
	struct book_score_stats st;
	book_score_progress progress;
	book_score_checkpoint checkpoint;
	void *user;
	size_t since_save; /* positions scored since the last checkpoint */
	char *err;
	size_t errlen;
};

/* Scores `b` for its side to move: exact when the game is over, else a search
   `depth` plies deep; the depth to record (60: exact) in `*scored`, the best
   move in `*move` (SQ_NONE when the game is over). 0, or -1 when the search fails. */
static int search_score(struct search *s, const struct board *b, int depth, int *score, int *scored,
			int *move)
{
	struct search_limits lim;
	struct search_result r;

	if (board_game_over(b)) {
		*score = board_final_score(b) * SCORE_DISC;
		*scored = 60;
		*move = SQ_NONE;
		return 0;
	}
	memset(&lim, 0, sizeof lim);
	lim.depth = depth;
	if (search_run(s, b, &lim, NULL, NULL, &r) != 0)
		return -1;
	*score = r.score;
	if (*score > BOOK_SCORE_MAX)
		*score = BOOK_SCORE_MAX;
	if (*score < -BOOK_SCORE_MAX)
		*score = -BOOK_SCORE_MAX;
	*scored = r.endgame ? 60 : depth;
	*move = r.move;
	return 0;
}

/* Scores book move `move` of `b` when it leaves the book (or ends the game) into
   `*out`; leaves out->depth 0 when the position after it is in the book. */
static int score_move(const struct score_run *run, struct score_state *st, const struct board *b,
		      int move, struct book_move *out)
{
	struct book_move cm[BOOK_MAX_MOVES];
	struct board c = *b;
	bool passed = false;
	int score, depth, reply;

	board_play(&c, move, board_flips(c.own, c.opp, move));
	if (!board_can_move(&c) && board_opponent_can_move(&c)) {
		board_pass(&c);
		passed = true; /* the score after it is the mover's */
	}
	out->move = move;
	out->score = 0;
	out->depth = 0;
	if (!board_game_over(&c) && book_lookup(run->in, &c, cm) > 0)
		return 0;
	if (search_score(st->s, &c, run->o->depth - 1, &score, &depth, &reply) < 0)
		return -1;
	out->score = passed ? score : -score;
	out->depth = depth == 60 ? 60 : run->o->depth;
	st->searches++;
	return 0;
}

/* Scores position `item` into the thread's state (see the file comment). */
static int score_work(void *ctx, void *state, size_t item)
{
	struct score_run *run = ctx;
	struct score_state *st = state;
	const struct board *b = &run->b[item];
	struct book_move m[BOOK_MAX_MOVES];
	int n = book_lookup(run->in, b, m), best_move, best_score, best_depth;
	bool listed = false;

	search_clear(st->s);
	st->n = 0;
	st->searches = 0;
	for (int i = 0; i < n; i++)
		if (score_move(run, st, b, m[i].move, &st->moves[st->n++]) < 0)
			return -1;
	if (search_score(st->s, b, run->o->depth, &best_score, &best_depth, &best_move) < 0)
		return -1;
	st->searches++;
	for (int i = 0; i < st->n; i++) {
		if (st->moves[i].move == best_move)
			listed = true;
		/* into the book: the position's score stands until the back-up, with
		   the depth that marks the position scored for the best move */
		if (st->moves[i].depth == 0) {
			st->moves[i].score = best_score;
			st->moves[i].depth = st->moves[i].move == best_move ? best_depth : 1;
		}
	}
	if (!listed && best_move >= 0 && best_move < 64) {
		st->moves[st->n].move = best_move;
		st->moves[st->n].score = best_score;
		st->moves[st->n].depth = best_depth;
		st->n++;
	}
	return 0;
}

/* Adds the scored position to `out`, reports progress, saves now and then. */
static int score_finish(void *ctx, void *state, size_t item, int rc)
{
	struct score_run *run = ctx;
	struct score_state *st = state;

	if (rc < 0) {
		snprintf(run->err, run->errlen, "search failed");
		return -1;
	}
	if (book_add(run->out, &run->b[item], run->side[item], st->moves, st->n, run->err,
		     run->errlen) < 0)
		return -1;
	run->st.scored++;
	run->st.searches += (size_t)st->searches;
	if (run->progress)
		run->progress(&run->st, run->user);
	if (run->checkpoint && run->o->save_every && ++run->since_save >= run->o->save_every) {
		run->since_save = 0;
		if (run->checkpoint(run->out, run->user) < 0) {
			snprintf(run->err, run->errlen, "cannot save the book");
			return -1;
		}
	}
	return 0;
}

/* True when `out` holds position `b` with a move searched at least `depth` deep. */
static bool scored_before(const struct book *out, const struct board *b, int depth)
{
	struct book_move m[BOOK_MAX_MOVES];
	int n = book_lookup(out, b, m);

	for (int i = 0; i < n; i++)
		if (m[i].depth >= depth)
			return true;
	return false;
}

/* A position of the book with its place in the scoring order: discs on the
   board, then its index in the book. */
struct order_key {
	struct board b;
	enum color side;
	int discs;
	size_t index;
};

static int by_discs(const void *pa, const void *pb)
{
	const struct order_key *a = pa, *b = pb;

	if (a->discs != b->discs)
		return a->discs - b->discs;
	return a->index < b->index ? -1 : a->index > b->index;
}

/*
 * Scores every position of `in` into `out` (which may hold the positions a
 * stopped run scored; they are kept), as the file comment says, with
 * o->threads threads, each with its own search on `ev`. `progress` (may be
 * NULL) is called under the pool's lock after each position; `checkpoint`
 * (may be NULL) every o->save_every positions and once before the back-up,
 * with `out` as it stands. Returns 0, or -1 with a message in `err`.
 */
int book_score(const struct book *in, struct book *out, const struct eval *ev,
	       const struct book_score_options *o, book_score_progress progress,
	       book_score_checkpoint checkpoint, void *user, char *err, size_t errlen)
{
	size_t n = book_size(in);
	struct order_key *order = malloc((n ? n : 1) * sizeof *order);
	uint8_t *done = calloc(n ? n : 1, 1);
	struct board *sb = malloc((n ? n : 1) * sizeof *sb);
	enum color *ss = malloc((n ? n : 1) * sizeof *ss);
	struct score_run run = {in,	  out,	      o,    sb, ss,  {0},
				progress, checkpoint, user, 0,	err, errlen};
	int rc = -1;

	if (errlen)
		err[0] = '\0';
	if (!order || !done || !sb || !ss) {
		snprintf(err, errlen, "out of memory");
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		book_entry(in, i, &order[i].b, &order[i].side);
		order[i].discs = board_popcount(order[i].b.own | order[i].b.opp);
		order[i].index = i;
	}
	qsort(order, n, sizeof *order, by_discs);
	run.st.total = n;
	for (size_t i = 0; i < n; i++) {
		sb[i] = order[i].b;
		ss[i] = order[i].side;
		if (scored_before(out, &sb[i], o->depth)) {
			done[i] = 1;
			run.st.before++;
		}
	}
	if (jobs_run(&(struct jobs){.items = n,
				    .threads = o->threads,
				    .ctx = &run,
				    .done = done,
				    .searcher = {sizeof(struct score_state), o->tt_megabytes, ev},
				    .work = score_work,
				    .finish = score_finish}) < 0) {
		if (!err[0])
			snprintf(err, errlen, "cannot start the threads");
		goto done;
	}
	if (checkpoint && run.st.scored && checkpoint(out, user) < 0) {
		snprintf(err, errlen, "cannot save the book");
		goto done;
	}
	rc = book_back_up(out, sb, ss, n, err, errlen);
done:
	free(order);
	free(done);
	free(sb);
	free(ss);
	return rc;
}
