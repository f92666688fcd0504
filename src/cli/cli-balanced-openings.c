/*
 * cli-balanced-openings.c — `othello balanced-openings`: builds a list of balanced
 * starting sequences for matches (openings/balanced.txt is its output).
 *
 * Method. Each candidate is a sequence of P plies from the start, P drawn
 * uniformly in [MIN, MAX] (default 6-10). At every ply all legal moves are
 * scored by a shallow search (--pick-depth, default 4) and one move is drawn
 * uniformly among those within --pick-window discs (default 4) of the best,
 * so that sequences are varied but sensible. The final position is reduced
 * to its canonical form under the 8 symmetries, and repeats are skipped. It
 * is then searched deeply (--depth, default 14, exact when few empties
 * remain) and kept when its score is within --window discs (default 2) of
 * even. Sequences are written normalised to start with f5 (one of the 8
 * symmetries maps any first move there), one a line, with the score and
 * depth as a comment:
 *
 *   f5d6c3d3c4f4c5b3   # -0.52 depth 14
 *
 * Everything is deterministic for a given --seed.
 */
#include "cli-options.h"
#include "cli.h"

#include "datadir.h"
#include "eval.h"
#include "rng.h"
#include "search.h"
#include "timer.h"

#include <stdlib.h>
#include <string.h>

struct balanced_options {
	long count;	 /* openings wanted */
	long min_plies;	 /* shortest sequence */
	long max_plies;	 /* longest sequence */
	long depth;	 /* deep search depth */
	long pick_depth; /* depth of the searches that pick moves */
	double pick_win; /* discs below the best a picked move may be */
	double window;	 /* |score| bound in discs for a kept opening */
	long seed;	 /* random seed */
	long attempts;	 /* candidates tried at most */
	bool verbose;	 /* progress on stderr */
};

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

/* Adds `b` (canonical) to the set; false if it was there already. */
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

/* Plays one candidate sequence into moves[]; returns its length, 0 if the
   game ended early. */
static int pick_sequence(struct search *srch, const struct balanced_options *o, uint64_t *rng,
			 int plies, int *moves, struct board *out)
{
	struct board b;
	int n = 0;

	board_start(&b);
	while (n < plies) {
		struct search_limits lim;
		struct search_result res;
		int ok[32], n_ok = 0, k;

		if (!board_can_move(&b)) {
			if (!board_opponent_can_move(&b))
				return 0;
			board_pass(&b);
			moves[n++] = SQ_PASS;
			continue;
		}
		memset(&lim, 0, sizeof lim);
		lim.depth = (int)o->pick_depth;
		lim.multipv = 32;
		if (search_run(srch, &b, &lim, NULL, NULL, &res) != 0 || res.n_moves == 0)
			return 0;
		for (k = 0; k < res.n_moves; k++)
			if (res.moves[k].score >= res.moves[0].score - (int)(o->pick_win * 100))
				ok[n_ok++] = res.moves[k].move;
		k = n_ok > 0 ? ok[rng_below(rng, (uint64_t)n_ok)] : res.moves[0].move;
		board_play(&b, k, board_flips(b.own, b.opp, k));
		moves[n++] = k;
	}
	*out = b;
	return n;
}

/* --plies MIN-MAX (or N). */
static bool balanced_plies(void *opts, const char *text)
{
	struct balanced_options *o = opts;
	int lo, hi;

	if (!cli_parse_range(text, 1, 40, &lo, &hi))
		return false;
	o->min_plies = lo;
	o->max_plies = hi;
	return true;
}

/* The options of balanced-openings: a whole number in [LO, HI] (refused as "bad value"), and a
   number of discs up to 64. */
#define BALANCED_INT(NAME, FIELD, LO, HI)                                                          \
	{                                                                                          \
		.name = NAME, .kind = CLI_OPT_INT,                                                 \
		.offset = offsetof(struct balanced_options, FIELD), .form = CLI_VALUE_BAD,         \
		.lo = LO, .hi = HI                                                                 \
	}
#define BALANCED_DISCS(NAME, FIELD)                                                                \
	{                                                                                          \
		.name = NAME, .kind = CLI_OPT_NUMBER,                                              \
		.offset = offsetof(struct balanced_options, FIELD), .max = 64,                     \
		.what = "a number of discs from 0 to 64", .form = CLI_VALUE_IS_NOT                 \
	}

static const struct cli_options balanced_cli_options = {
    .command = "balanced-openings",
    .usage = "usage: othello balanced-openings [--count N] [--plies MIN-MAX] [--depth D]\n"
	     "         [--window DISCS] [--pick-depth D] [--pick-window DISCS] [--seed N]\n"
	     "         [--attempts N] [--verbose]\n\n"
	     "Writes balanced starting sequences for matches on stdout, one a line:\n"
	     "positions after MIN-MAX plies (default 6-10) whose deep search (default\n"
	     "depth 14) scores within DISCS (default 2) of even.\n",
    .options =
	(const struct cli_option[]){
	    BALANCED_INT("count", count, 1, 100000),
	    {.name = "plies", .kind = CLI_OPT_CALL, .call = balanced_plies, .form = CLI_VALUE_BAD},
	    BALANCED_INT("depth", depth, 1, 60),
	    BALANCED_DISCS("window", window),
	    BALANCED_INT("pick-depth", pick_depth, 1, 20),
	    BALANCED_DISCS("pick-window", pick_win),
	    BALANCED_INT("seed", seed, 0, 0x7fffffffL),
	    BALANCED_INT("attempts", attempts, 1, 100000000),
	    CLI_FLAG("verbose", 0, offsetof(struct balanced_options, verbose), NULL),
	    CLI_HELP(0, NULL),
	    {0},
	},
};

/* `othello balanced-openings`: see balanced_cli_options and the comment above. */
int cli_balanced_openings(int argc, char **argv)
{
	struct balanced_options o = {100, 6, 10, 14, 4, 4.0, 2.0, 1, 0, false};
	struct seen seen = {0};
	struct search *srch;
	struct eval *ev = NULL;
	char path[4096], err[256];
	long kept = 0, tried = 0;
	uint64_t rng;
	double t0 = timer_now();
	FILE *f;
	int first, st;

	if ((st = cli_options_parse(&balanced_cli_options, argc, argv, &o, &first)) >= 0)
		return st;
	if (first < argc) {
		fprintf(stderr, "othello: balanced-openings: unexpected argument '%s'\n",
			argv[first]);
		return 2;
	}
	if (!o.attempts)
		o.attempts = 50 * o.count;
	f = datadir_open("eval/classic.txt", path, sizeof path, err, sizeof err);
	if (f) {
		ev = eval_load(f, path, err, sizeof err);
		fclose(f);
	}
	if (!ev)
		ev = eval_new_default();
	srch = ev ? search_new(64, ev) : NULL;
	if (!srch) {
		eval_free(ev);
		fprintf(stderr, "othello: out of memory\n");
		return 1;
	}
	rng = (uint64_t)o.seed;
	printf("# Balanced openings for matches, made by `othello balanced-openings --count %ld "
	       "--plies %ld-%ld --depth %ld --window %g --pick-depth %ld --pick-window %g "
	       "--seed %llu`:\n# sequences from the start whose depth-%ld search scores within "
	       "+-%g discs (score for the side to move after the sequence).\n",
	       o.count, o.min_plies, o.max_plies, o.depth, o.window, o.pick_depth, o.pick_win,
	       (unsigned long long)o.seed, o.depth, o.window);
	while (kept < o.count && tried < o.attempts) {
		int plies = (int)(o.min_plies +
				  (long)rng_below(&rng, (uint64_t)(o.max_plies - o.min_plies + 1)));
		int moves[64], n, sym;
		struct board b, canon;
		struct search_limits lim;
		struct search_result res;

		tried++;
		n = pick_sequence(srch, &o, &rng, plies, moves, &b);
		if (n == 0)
			continue;
		board_canonical(&b, &canon, &sym);
		if (!seen_add(&seen, &canon))
			continue;
		memset(&lim, 0, sizeof lim);
		lim.depth = (int)o.depth;
		lim.endgame = (int)o.depth;
		search_clear(srch);
		if (search_run(srch, &b, &lim, NULL, NULL, &res) != 0)
			continue;
		if (res.score > o.window * 100 || res.score < -o.window * 100)
			continue;
		sym = symmetry_to_f5(moves[0]);
		for (int i = 0; i < n; i++)
			if (moves[i] != SQ_PASS)
				fputs(board_square_name(board_symmetry_square(moves[i], sym)),
				      stdout);
		printf("   # %+.2f depth %d\n", res.score / 100.0, res.depth);
		if (!cli_output_ok())
			break;
		kept++;
		if (o.verbose)
			fprintf(stderr, "%ld kept of %ld tried, %.0f s\n", kept, tried,
				timer_now() - t0);
	}
	search_free(srch);
	eval_free(ev);
	free(seen.v);
	if (kept < o.count) {
		fprintf(stderr,
			"othello: balanced-openings: only %ld of %ld found in %ld attempts\n", kept,
			o.count, tried);
		return 1;
	}
	return 0;
}
