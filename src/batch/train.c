/*
 * train.c — self-play data for the pattern weights and the data file (the
 * fixed-depth match between two evaluations is train-match.c).
 *
 * A game: the balanced opening line, then `random_moves` uniformly random
 * legal moves at plies chosen at random among the next `random_window`, the
 * other moves by a search to `depth` plies; from `solve_empties` empties on,
 * each move is an exact solve, so the game ends under perfect play. Every
 * position with a move to play after the opening is kept, labelled with the
 * final disc difference from its mover's view (empties to the winner): the
 * exact minimax value for the solved positions (flag `exact`), the played
 * result before them (or, with `search_label` = w > 0, w % of the depth-D
 * search score of the position plus (100 - w) % of that result, for the
 * positions where a search chose the move; with `label_two`, that score is
 * the mean of the iterations at depths D-1 and D, whose errors have opposite
 * signs: a search to an even depth underrates the side to move, to an odd
 * depth overrates it, and a position where a random move is played gets a
 * search label too). With `varied` = v, each ply of the random window that
 * is not a random one is played, with probability v %, by the varied player
 * of the test set (train_varied_move: random moves, noisy one-ply choices and
 * shallow searches), the others by the search: the positions of careless
 * play that the test set holds, labelled as the others. With `presolve_empties` = p above
 * `solve_empties`, each position of solve_empties + 1 .. p empties is labelled by a selective
 * solve (ProbCut confidence `presolve_selectivity` %), its score alone, which also chooses the
 * move unless the ply is a random or varied one; with `presolve_siblings` = q, the q presolved
 * positions nearest the exact ending also give the positions after their other moves, labelled
 * the same way. With `siblings` = k, the first k solved
 * positions also give the positions after each of their other moves, solved: exact labels for
 * positions after a poor move, the kind a search's leaves are; they follow the game's positions in
 * its record. Game number g uses opening g mod (number of openings) and random choices from
 * hash(seed, g), so a game is the same whichever thread plays it and whenever: that makes runs
 * resumable. The game is played by the game loop of the series (match_play_game), its player
 * (selfplay_choose, match_player_new_call) on both sides.
 *
 * Data file (little-endian): the 8-byte magic "OTHTDAT1", then one record per
 * game, in the order the games finished:
 *
 * | size   | meaning                                                    |
 * |--------|------------------------------------------------------------|
 * | 4      | game number                                                |
 * | 2      | n, positions in the record                                 |
 * | 2      | zero (reserved)                                            |
 * | 18 x n | own discs (8), opponent discs (8), score (int8, discs, side |
 * |        | to move), flags (bit 0: exact; bit 1: a selective solve's) |
 *
 * A record cut short at the end (an interrupted run) is ignored on reading;
 * the writer resumes from the end of the last whole record. A position with a
 * disc of both colours on one square, a score beyond +-64 or a flag bit other
 * than those two refuses the file, naming the record and the position.
 */
#include "train.h"
#include "bytes.h"
#include "jobs.h"
#include "match.h"
#include "parse.h"
#include "rng.h"
#include "search.h"
#include "timer.h"

#include <ctype.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define DATA_MAGIC "OTHTDAT1"

/*
 * Reads opening lines (moves such as "f5d6c3", `#` starts a comment, blank
 * lines skipped) from `f` into a new array *out (the caller frees it).
 * Returns the number of lines, or -1 with "name:line: message" for a bad or
 * illegal move.
 */
int train_openings_read(FILE *f, const char *name, struct train_opening **out, char *err,
			size_t errlen)
{
	char line[1024];
	int n = 0, cap = 0, lineno = 0;
	struct train_opening *ops = NULL;

	while (fgets(line, sizeof line, f)) {
		struct board b;
		struct train_opening op = {0};
		char *p = line;

		lineno++;
		line[strcspn(line, "#\r\n")] = '\0';
		board_start(&b);
		while (*p) {
			char sq[3];
			int s;
			uint64_t flips;

			if (isspace((unsigned char)*p)) {
				p++;
				continue;
			}
			sq[0] = p[0];
			sq[1] = p[0] ? p[1] : '\0';
			sq[2] = '\0';
			s = board_square_parse(sq);
			if (s < 0 || s > 63 || op.n == TRAIN_MAX_OPENING) {
				snprintf(err, errlen, "%s:%d:%d: bad move '%s'", name, lineno,
					 (int)(p - line) + 1, PARSE_SHOW_TEXT(sq));
				free(ops);
				return -1;
			}
			if (!board_can_move(&b))
				board_pass(&b);
			flips = ((b.own | b.opp) >> s & 1) ? 0 : board_flips(b.own, b.opp, s);
			if (!flips) {
				snprintf(err, errlen, "%s:%d:%d: illegal move '%s'", name, lineno,
					 (int)(p - line) + 1, PARSE_SHOW_TEXT(sq));
				free(ops);
				return -1;
			}
			board_play(&b, s, flips);
			op.moves[op.n++] = s;
			p += 2;
		}
		if (op.n == 0)
			continue;
		if (n == cap) {
			struct train_opening *t;

			cap = cap ? cap * 2 : 64;
			t = realloc(ops, sizeof *ops * (size_t)cap);
			if (!t) {
				snprintf(err, errlen, "%s: out of memory", name);
				free(ops);
				return -1;
			}
			ops = t;
		}
		ops[n++] = op;
	}
	if (n == 0) {
		snprintf(err, errlen, "%s: no opening lines", name);
		free(ops);
		return -1;
	}
	*out = ops;
	return n;
}

/* Plays opening `op` from the start position into `b`; returns the colour to move after it. */
enum color train_opening_play(const struct train_opening *op, struct board *b)
{
	enum color side = BLACK;

	board_start(b);
	for (int i = 0; i < op->n; i++) {
		if (!board_can_move(b)) {
			board_pass(b);
			side = !side;
		}
		board_play(b, op->moves[i], board_flips(b->own, b->opp, op->moves[i]));
		side = !side;
	}
	return side;
}

/*
 * The label of a searched position: `pct` % of `search` (centidiscs) plus the
 * rest of `result` (discs), rounded to whole discs (halves away from zero)
 * and kept within -64 .. 64.
 */
static int label_blend(int result, int search, int pct)
{
	long v = (long)(100 - pct) * result * 100 + (long)pct * search; /* 1/10000 disc */

	v = v >= 0 ? (v + 5000) / 10000 : -((-v + 5000) / 10000);
	return v > 64 ? 64 : v < -64 ? -64 : (int)v;
}

/* The scores of a search's finished midgame iterations, by depth, into the int[64] `user` (a
   search_observer). */
void train_observe_depths(const struct search_info *info, void *user)
{
	int *by_depth = user;

	if (!info->endgame && info->bound == BOUND_EXACT && info->depth >= 0 && info->depth < 64)
		by_depth[info->depth] = info->score;
}

/*
 * Runs the search that chooses a move of a self-play game into `r`; returns
 * the search's score for a label (with `o->label_two` the mean of the last
 * two depths when both finished), or -1 from search_run as INT_MIN + 1.
 */
static int label_search(struct search *s, const struct board *b, const struct search_limits *lim,
			const struct train_gen_options *o, struct search_result *r)
{
	int by_depth[64];

	for (int i = 0; i < 64; i++)
		by_depth[i] = INT_MIN;
	if (search_run(s, b, lim, o->label_two ? train_observe_depths : NULL, by_depth, r) != 0)
		return INT_MIN + 1;
	if (o->label_two && !r->endgame && r->depth >= 2 && r->depth < 64 &&
	    by_depth[r->depth] != INT_MIN && by_depth[r->depth - 1] != INT_MIN)
		return (by_depth[r->depth] + by_depth[r->depth - 1]) / 2;
	return r->score;
}

/*
 * One ply of a varied player: a move for `b` (which has moves) drawn from
 * `rng`: 15 % a random move, 30 % a one-ply choice with 30 % noise, 35 % a
 * two-ply search with 10 % noise, 20 % a four-ply search with 4 % noise. The
 * players of the test set's games (testset.c) and of `varied` generation.
 */
int train_varied_move(struct search *s, const struct board *b, uint64_t *rng)
{
	uint64_t moves = board_moves(b->own, b->opp);
	unsigned kind = (unsigned)rng_below(rng, 100);
	struct search_limits lim = {.endgame = 0, .noise_seed = rng_next(rng)};
	struct search_result r;

	if (kind < 15) { /* a random move */
		for (uint64_t k = rng_below(rng, (uint64_t)board_popcount(moves)); k > 0; k--)
			moves &= moves - 1;
		return board_first_square(moves);
	}
	lim.depth = kind < 45 ? 1 : kind < 80 ? 2 : 4;
	lim.noise_percent = kind < 45 ? 30 : kind < 80 ? 10 : 4;
	search_run(s, b, &lim, NULL, NULL, &r);
	return r.move;
}

/*
 * The selective solve of `b` (options `o`) into `r`: returns its score,
 * centidiscs, or INT_MIN + 1 if it failed or stopped short of the last empty.
 */
static int presolve(struct search *s, const struct board *b, const struct train_gen_options *o,
		    struct search_result *r)
{
	struct search_limits lim = {.endgame = 64, .solve_selectivity = o->presolve_selectivity};

	if (search_run(s, b, &lim, NULL, NULL, r) != 0 || r->move >= 64 ||
	    (!r->endgame && r->depth != board_empty_count(b)))
		return INT_MIN + 1;
	return r->score;
}

/*
 * Appends to `g` the positions after the moves of its position i other than
 * `played`, each labelled by an exact solve, or with `selective` by the
 * presolve (flagged by what it gave); a child whose side to move must pass
 * is left out, and so are all when `g` is full. Returns 0, or -1 if a solve
 * failed.
 */
static int add_children(struct search *s, const struct train_gen_options *o, struct train_game *g,
			int i, int played, bool selective)
{
	struct board b = {g->pos[i].own, g->pos[i].opp};
	struct search_limits lim = {.endgame = 64};

	for (uint64_t m = board_moves(b.own, b.opp); m; m &= m - 1) {
		int sq = board_first_square(m), score;
		struct board c = b;
		struct search_result r;

		if (sq == played)
			continue;
		board_play(&c, sq, board_flips(c.own, c.opp, sq));
		if (!board_moves(c.own, c.opp) || g->n == TRAIN_MAX_POSITIONS)
			continue;
		if (selective)
			score = presolve(s, &c, o, &r);
		else
			score = search_run(s, &c, &lim, NULL, NULL, &r) != 0 || !r.endgame
				    ? INT_MIN + 1
				    : r.score;
		if (score == INT_MIN + 1)
			return -1;
		g->pos[g->n++] = (struct train_position){
		    c.own, c.opp, (int8_t)label_blend(0, score, 100), r.endgame, !r.endgame};
	}
	return 0;
}

/*
 * Appends to `g` the children (add_children) of its first `o->siblings`
 * solved positions, solved, and of the `o->presolve_siblings` presolved
 * positions nearest the exact ending, presolved (`played[i]`: the move
 * played at position i). Returns 0, or -1 if a solve failed.
 */
static int add_siblings(struct search *s, const struct train_gen_options *o, const int *played,
			struct train_game *g)
{
	int n_main = g->n, taken = 0;

	for (int i = 0; i < n_main && taken < o->siblings; i++) {
		if (!g->pos[i].exact)
			continue;
		taken++;
		if (add_children(s, o, g, i, played[i], false) < 0)
			return -1;
	}
	taken = 0;
	for (int i = n_main - 1; i >= 0 && taken < o->presolve_siblings; i--) {
		if (!g->pos[i].selective)
			continue;
		taken++;
		if (add_children(s, o, g, i, played[i], true) < 0)
			return -1;
	}
	return 0;
}

/* A self-play game under way (train_play_game): what its player keeps between its moves. */
struct selfplay {
	struct search *s;		   /* the searcher */
	const struct train_gen_options *o; /* the options */
	struct train_game *out;		   /* the positions kept, without their labels yet */
	uint64_t rng;			   /* the random plies and moves */
	uint64_t vrng;			   /* the varied plies' own stream */
	uint64_t random_plies;		   /* bit p: ply p after the opening is a random move */
	int ply;			   /* moves played after the opening */
	bool solved;			   /* the moves are exact solves from here on */
	enum color mover[64];		   /* the side to move of each kept position */
	int searched[64];		   /* its search (or presolve) score, INT_MIN: none */
	int played[64];			   /* the move played there */
	bool presolved[64];		   /* its label is a selective solve's */
};

/* Chooses the move of a self-play game in `p` (see the top of the file) and keeps the
   position; the game loop's player (match_choose_fn). 0, or -1 if a search failed. */
static int selfplay_choose(void *state, const struct pos *p, enum color side, int *move, char *err,
			   size_t errlen)
{
	struct selfplay *sp = state;
	const struct train_gen_options *o = sp->o;
	struct train_game *out = sp->out;
	struct board b = *pos_board8(p);
	uint64_t moves = board_moves(b.own, b.opp);
	struct search_limits lim = {.depth = o->depth, .endgame = o->solve_empties};
	struct search_result r;
	int sq, score = INT_MIN, empties = board_empty_count(&b);
	bool in_window = sp->ply < o->random_window && empties > o->solve_empties;
	bool random = in_window && sp->ply < 64 && (sp->random_plies >> sp->ply & 1);
	bool varied = in_window && !random && o->varied > 0 &&
		      rng_below(&sp->vrng, 100) < (uint64_t)o->varied;
	bool pre = empties > o->solve_empties && empties <= o->presolve_empties;

	snprintf(err, errlen, "the search failed");
	sp->presolved[out->n] = false;
	if (pre) { /* the label (and, unless random or varied, the move) */
		score = presolve(sp->s, &b, o, &r);
		if (score == INT_MIN + 1)
			return -1;
		sp->presolved[out->n] = true; /* the label's kind, kept in the record */
	}
	if (random || varied) {
		if (!pre && o->label_two && o->search_label > 0) {
			score = label_search(sp->s, &b, &lim, o, &r);
			if (score == INT_MIN + 1)
				return -1;
		}
		if (varied) {
			sq = train_varied_move(sp->s, &b, &sp->vrng);
		} else {
			int k;

			sp->rng = rng_mix(sp->rng);
			k = (int)(sp->rng % (uint64_t)board_popcount(moves));
			while (k-- > 0)
				moves &= moves - 1;
			sq = board_first_square(moves);
		}
	} else if (pre) {
		sq = r.move;
	} else {
		/* no depth cap once solving: search_run solves only after its pre-iterations */
		lim.depth = empties <= o->solve_empties ? 0 : o->depth;
		score = label_search(sp->s, &b, &lim, o, &r);
		if (score == INT_MIN + 1 || r.move >= 64)
			return -1;
		sq = r.move;
		if (r.endgame)
			sp->solved = true;
	}
	sp->searched[out->n] = score;
	sp->played[out->n] = sq;
	out->pos[out->n] = (struct train_position){b.own, b.opp, 0, sp->solved, 0};
	sp->mover[out->n++] = side;
	sp->ply++;
	*move = sq;
	return 0;
}

/*
 * Plays self-play game `id` from opening `op` with searcher `s` (options `o`)
 * through the game loop of the series (match_play_game), its player on both
 * sides, and fills `out` with its labelled positions. Returns 0, or -1 if the
 * search failed or memory ran out.
 */
int train_play_game(struct search *s, const struct train_opening *op,
		    const struct train_gen_options *o, uint32_t id, struct train_game *out)
{
	struct selfplay sp = {.s = s, .o = o, .out = out};
	struct match_opening opening;
	struct match_table t = {.name = {"black", "white"}, .opening = &opening, .number = 1};
	struct report_game game;
	enum match_end end;
	char err[100];

	sp.rng = rng_mix(o->seed ^ ((uint64_t)id << 20));
	sp.vrng = rng_mix(sp.rng ^ 0x7661726965640000ULL);
	for (int i = 0; i < o->random_moves && o->random_window > 0; i++) {
		sp.rng = rng_mix(sp.rng);
		sp.random_plies |= 1ULL << (sp.rng % (uint64_t)o->random_window);
	}
	out->id = id;
	out->n = 0;
	if (train_opening_match(op, &opening) < 0)
		return -1;
	t.player[BLACK] = t.player[WHITE] =
	    match_player_new_call(selfplay_choose, &sp, err, sizeof err);
	if (!t.player[BLACK])
		return -1;
	search_clear(s);
	end = match_play_game(&t, &game, NULL, NULL);
	match_player_free(t.player[BLACK]);
	if (end != MATCH_END_NORMAL)
		return -1;
	for (int i = 0; i < out->n; i++) { /* the final disc difference, empties to the winner */
		int v = sp.mover[i] == BLACK ? game.gap : -game.gap;

		out->pos[i].selective = sp.presolved[i];
		if (sp.presolved[i])
			v = label_blend(v, sp.searched[i], 100);
		else if (!out->pos[i].exact && sp.searched[i] != INT_MIN && o->search_label > 0)
			v = label_blend(v, sp.searched[i], o->search_label);
		out->pos[i].score = (int8_t)v;
	}
	return add_siblings(s, o, sp.played, out);
}

/* The opening `op` as the game loop takes it (match.h): its moves from the start. 0, or -1
   when they are not a legal line. */
int train_opening_match(const struct train_opening *op, struct match_opening *out)
{
	struct board b;
	struct pos start;
	char err[200];

	board_start(&b);
	pos_set_board(&start, &b);
	return match_opening_moves(&start, BLACK, op->moves, op->n, out, err, sizeof err);
}

/* Writes the data file's magic to `f`; returns 0 or -1 on a write error. */
int train_data_write_header(FILE *f)
{
	return fwrite(DATA_MAGIC, 1, 8, f) == 8 ? 0 : -1;
}

/* Appends the record of game `g` to `f` and flushes; returns 0 or -1 on a write error. */
int train_data_write_game(FILE *f, const struct train_game *g)
{
	uint8_t buf[8 + TRAIN_MAX_POSITIONS * TRAIN_RECORD_BYTES], *p = buf + 8;

	bytes_put_le(buf, g->id, 4);
	bytes_put_le(buf + 4, (uint64_t)g->n, 2);
	bytes_put_le(buf + 6, 0, 2);
	for (int i = 0; i < g->n; i++, p += TRAIN_RECORD_BYTES) {
		bytes_put_le(p, g->pos[i].own, 8);
		bytes_put_le(p + 8, g->pos[i].opp, 8);
		p[16] = (uint8_t)g->pos[i].score;
		p[17] = (uint8_t)(g->pos[i].exact | g->pos[i].selective << 1);
	}
	if (fwrite(buf, 1, (size_t)(p - buf), f) != (size_t)(p - buf) || fflush(f) != 0)
		return -1;
	return 0;
}

static int data_push(struct train_data *d, const struct train_position *p, uint32_t game)
{
	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 4096;
		struct train_position *np = realloc(d->pos, sizeof *np * cap);
		uint32_t *ng;

		if (!np)
			return -1;
		d->pos = np;
		ng = realloc(d->game, sizeof *ng * cap);
		if (!ng)
			return -1;
		d->game = ng;
		d->cap = cap;
	}
	d->pos[d->n] = *p;
	d->game[d->n++] = game;
	return 0;
}

/* Writes into why[] what is wrong with a position read from a data file
   (`flags` its flags byte) and returns false, or returns true: no disc of
   both colours on one square (the pattern features would index past their
   tables), a score some game can end with, no flag bit that no writer sets. */
static bool data_check(const struct train_position *p, unsigned flags, char *why, size_t whylen)
{
	if (p->own & p->opp)
		snprintf(why, whylen, "a disc of both colours on %s",
			 board_square_name(board_first_square(p->own & p->opp)));
	else if (p->score < -64 || p->score > 64)
		snprintf(why, whylen, "score %d is beyond +-64 discs", p->score);
	else if (flags & ~3u)
		snprintf(why, whylen, "unknown flags 0x%02x", flags);
	else
		return true;
	return false;
}

/*
 * Reads a data file from `f`, appending its positions to `d` (if not NULL)
 * and marking done[id] = 1 for each game id < done_len (if done is not NULL).
 * *valid_end gets the offset just after the last whole record. Returns the
 * number of games read, or -1 with "name: message" (not a data file, a bad
 * record, out of memory).
 */
long train_data_read(FILE *f, const char *name, struct train_data *d, uint8_t *done,
		     size_t done_len, long *valid_end, char *err, size_t errlen)
{
	uint8_t head[8], rec[TRAIN_MAX_POSITIONS * TRAIN_RECORD_BYTES];
	long games = 0, end = 8;

	if (fread(head, 1, 8, f) != 8 || memcmp(head, DATA_MAGIC, 8) != 0) {
		snprintf(err, errlen, "%s: not a training data file (bad magic)", name);
		return -1;
	}
	for (;;) {
		uint32_t id;
		size_t n;

		if (fread(head, 1, 8, f) != 8)
			break;
		id = (uint32_t)bytes_get_le(head, 4);
		n = (size_t)bytes_get_le(head + 4, 2);
		if (n > TRAIN_MAX_POSITIONS || bytes_get_le(head + 6, 2) != 0) {
			snprintf(err, errlen, "%s: bad record at offset %ld", name, end);
			return -1;
		}
		if (fread(rec, TRAIN_RECORD_BYTES, n, f) != n)
			break;
		for (size_t i = 0; i < n; i++) {
			const uint8_t *p = rec + i * TRAIN_RECORD_BYTES;
			struct train_position pos = {bytes_get_le(p, 8), bytes_get_le(p + 8, 8),
						     (int8_t)p[16], (uint8_t)(p[17] & 1),
						     (uint8_t)(p[17] >> 1 & 1)};
			char why[64];

			if (!data_check(&pos, p[17], why, sizeof why)) {
				snprintf(err, errlen,
					 "%s: record at offset %ld (game %lu), position %zu: %s",
					 name, end, (unsigned long)id, i + 1, why);
				return -1;
			}
			if (d && data_push(d, &pos, id) < 0) {
				snprintf(err, errlen, "%s: out of memory", name);
				return -1;
			}
		}
		if (done && id < done_len)
			done[id] = 1;
		games++;
		end += 8 + (long)(n * TRAIN_RECORD_BYTES);
	}
	if (d)
		d->games += (size_t)games;
	if (valid_end)
		*valid_end = end;
	return games;
}

/* Frees the arrays of `d` and empties it. */
void train_data_free(struct train_data *d)
{
	free(d->pos);
	free(d->game);
	memset(d, 0, sizeof *d);
}

/* Parallel generation ----------------------------------------------------------- */

struct gen_shared {
	const struct train_opening *ops;   /* openings */
	int n_ops;			   /* their number */
	uint32_t n_games;		   /* games 0 .. n_games-1 */
	const struct train_gen_options *o; /* options */
	FILE *out;			   /* data file */
	train_progress progress;	   /* callback or NULL */
	void *user;			   /* its argument */
	uint64_t finished;  /* games finished (including done ones); under the lock */
	uint64_t positions; /* positions written by this run; under the lock */
};

/* A generating thread's own: its search and the game it plays. */
struct gen_state {
	struct search *s;	/* the search (first: jobs_searcher_new) */
	struct train_game game; /* the game being played */
};

static int gen_work(void *ctx, void *state, size_t id)
{
	const struct gen_shared *g = ctx;
	struct gen_state *st = state;

	return train_play_game(st->s, &g->ops[id % (size_t)g->n_ops], g->o, (uint32_t)id,
			       &st->game);
}

static int gen_finish(void *ctx, void *state, size_t id, int rc)
{
	struct gen_shared *g = ctx;
	struct gen_state *st = state;

	(void)id;
	if (rc < 0 || train_data_write_game(g->out, &st->game) < 0)
		return -1;
	g->finished++;
	g->positions += (uint64_t)st->game.n;
	if (g->progress)
		g->progress(g->finished, g->n_games, g->positions, g->user);
	return 0;
}

/*
 * Plays games 0 .. n_games-1 (skipping those with done[id] set, if done is
 * not NULL) with `o->jobs` threads and appends their records to `out`.
 * Returns 0, or -1 with a message on a write, thread or memory failure.
 */
int train_generate(const struct eval *ev, const struct train_opening *ops, int n_ops,
		   uint32_t n_games, const uint8_t *done, const struct train_gen_options *o,
		   FILE *out, train_progress progress, void *user, char *err, size_t errlen)
{
	struct gen_shared g = {.ops = ops,
			       .n_ops = n_ops,
			       .n_games = n_games,
			       .o = o,
			       .out = out,
			       .progress = progress,
			       .user = user};
	struct jobs j = {.items = n_games,
			 .threads = o->jobs,
			 .ctx = &g,
			 .done = done,
			 .searcher = {sizeof(struct gen_state), o->tt_mb, ev},
			 .work = gen_work,
			 .finish = gen_finish};

	for (uint32_t i = 0; done && i < n_games; i++)
		g.finished += done[i];
	if (jobs_run(&j) < 0) {
		snprintf(err, errlen,
			 "a game failed, the data file could not be written, or memory or "
			 "threads ran out");
		return -1;
	}
	return 0;
}
