/*
 * level.c — parsing level descriptions and choosing moves with them.
 *
 * Level text: NAME [OPTION]...; NAME is a level name or a unique prefix of one
 * (any case; "premaster" is accepted for pre-master). Options override the
 * name's settings, for experiments:
 *
 *   | option            | meaning                                               |
 *   |-------------------|-------------------------------------------------------|
 *   | --depth N         | search N plies (1-60); beginner/novice become a search |
 *   | --time SECONDS    | time budget a move (> 0)                              |
 *   | --endgame E|auto  | solve exactly from E empties (0 never); auto: when it fits the time |
 *   | --disable FEATURE | switch an evaluation feature off (repeatable)         |
 *   | --book, --no-book | consult the opening book or not (searching levels; on for master) |
 *   | --random PERCENT  | evaluation noise up to PERCENT (0-100); 0 deterministic |
 *   | --seed N          | random seed (with --random), for the caller to pass to level_state_new |
 *   | --selectivity P   | ProbCut confidence of the midgame: 73, 87, 95, 98, 99 or exact |
 *   | --threads N       | search with N threads (1-64); unset, the caller's choice |
 *
 * Options may also be written --name=value.
 *
 * Randomness: each level_state owns a SplitMix64 generator (rng.h) seeded per
 * game; every call to level_choose_move draws one number from it for the
 * search noise seed (search_limits.noise_seed) whatever the level, so a game
 * replays exactly from its seed. The one-ply level offsets each evaluation
 * itself with the engine's formula: v + u * percent/100 * max(|v|, 4 discs),
 * u uniform in [-1, 1].
 *
 * Determinism: without randomness every level but a timed one plays a move
 * that depends on the position only. Fixed-depth searches clear the search
 * table first (a table kept from earlier searches can change the move); master
 * keeps its table between moves, and its time budget makes it depend on the
 * machine's speed anyway. A search with several threads (--threads) may pick
 * another of equally scored moves from one run to the next.
 *
 * Master without a time of its own (--time, or a game clock) searches twice:
 * a sure search (LEVEL_MASTER_MIN_DEPTH plies, solving from
 * LEVEL_MASTER_MIN_ENDGAME empties), so that it never plays weaker than
 * pre-master on a slow or busy machine; then iterative deepening for the
 * rest of its time, from the table the first one filled. When a time is
 * given, only the second: the time is a promise (the search's hard limit is
 * at most twice the move's budget).
 *
 * Features switched off need an evaluation of their own: it is built from
 * the built-in weights (eval_new_default), as the engine API has no way to
 * copy another evaluation.
 */
#include "level.h"
#include "parse.h"
#include "probcut.h"

#include "rng.h"
#include "timer.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct level_state {
	struct search *search;	 /* searcher with its table; NULL for scan and one ply */
	struct eval *own_eval;	 /* evaluation built for disabled features, or NULL */
	const struct eval *eval; /* the evaluation in use */
	const struct book *book; /* opening book, shared read-only; NULL = none */
	uint64_t seed;		 /* seed of the current game */
	uint64_t rng;		 /* generator state */
	atomic_bool stopped;	 /* level_stop was called during this move */
};

static const char *const names[] = {"beginner", "novice", "expert", "pre-master", "master", NULL};

/* Returns the NULL-terminated list of level names, weakest first. */
const char *const *level_names(void)
{
	return names;
}

/* Fills `out` with the settings of level number `i` of `names`. */
static void level_defaults(int i, struct level_spec *out)
{
	memset(out, 0, sizeof *out);
	snprintf(out->name, sizeof out->name, "%s", names[i]);
	out->selectivity = 100;
	switch (i) {
	case 0:
		out->approach = LEVEL_SCAN;
		break;
	case 1:
		out->approach = LEVEL_ONE_PLY;
		break;
	case 2:
		out->approach = LEVEL_SEARCH;
		out->depth = LEVEL_EXPERT_DEPTH;
		break;
	case 3:
		out->approach = LEVEL_SEARCH;
		out->depth = LEVEL_PREMASTER_DEPTH;
		out->endgame = LEVEL_PREMASTER_ENDGAME;
		break;
	default:
		out->approach = LEVEL_MASTER;
		out->endgame = -1;
		out->book = true;
		out->selectivity = LEVEL_MASTER_SELECTIVITY;
		break;
	}
}

/* Finds a level by name or unique prefix; returns its number, or -1 with a message. */
static int find_name(const char *s, char *err, size_t errlen)
{
	size_t len = strlen(s);
	int found = -1;

	if (strcasecmp(s, "premaster") == 0)
		return 3;
	for (int i = 0; names[i]; i++) {
		if (strcasecmp(s, names[i]) == 0)
			return i;
		if (len > 0 && strncasecmp(s, names[i], len) == 0) {
			if (found >= 0) {
				snprintf(err, errlen, "'%s' is ambiguous (%s or %s)", s,
					 names[found], names[i]);
				return -1;
			}
			found = i;
		}
	}
	if (found < 0)
		snprintf(err, errlen,
			 "'%s' is not a level (beginner, novice, expert, pre-master, master)", s);
	return found;
}

/*
 * Makes a scan or one-ply level into a search when a search setting is given,
 * `depth` plies deep (0: the time decides).
 */
static void make_search(struct level_spec *spec, int depth)
{
	if (spec->approach == LEVEL_SCAN || spec->approach == LEVEL_ONE_PLY) {
		spec->approach = LEVEL_SEARCH;
		spec->depth = depth;
	}
}

/* The setters of the options that take a value: each reads `val` into
   spec, 0, or -1 with "--NAME: why". */

static int set_depth(struct level_spec *spec, const char *val, char *err, size_t errlen)
{
	long v;

	if (!parse_long(val, 1, 60, &v)) {
		snprintf(err, errlen, "--depth: '%s' is not a depth (1 to 60 plies)", val);
		return -1;
	}
	make_search(spec, (int)v);
	spec->depth = (int)v;
	return 0;
}

static int set_time(struct level_spec *spec, const char *val, char *err, size_t errlen)
{
	double t;

	if (!parse_decimal(val, &t) || t <= 0 || t > LEVEL_TIME_MAX) {
		snprintf(err, errlen, "--time: '%s' is not a number of seconds above 0", val);
		return -1;
	}
	make_search(spec, 0);
	spec->time = t;
	return 0;
}

static int set_endgame(struct level_spec *spec, const char *val, char *err, size_t errlen)
{
	long v;

	if (strcmp(val, "auto") == 0) {
		v = -1;
	} else if (!parse_long(val, 0, 60, &v)) {
		snprintf(err, errlen,
			 "--endgame: '%s' is not a number of empties (0 to 60) or auto", val);
		return -1;
	}
	make_search(spec, 1);
	spec->endgame = (int)v;
	return 0;
}

static int set_disable(struct level_spec *spec, const char *val, char *err, size_t errlen)
{
	const char *const *f = eval_feature_names();

	while (*f && strcmp(*f, val) != 0)
		f++;
	if (!*f) {
		size_t n = (size_t)snprintf(err, errlen, "--disable: '%s' is not a feature (", val);

		for (f = eval_feature_names(); *f && n < errlen; f++)
			n += (size_t)snprintf(err + n, errlen - n, "%s%s",
					      f == eval_feature_names() ? "" : ", ", *f);
		if (n < errlen)
			snprintf(err + n, errlen - n, ")");
		return -1;
	}
	for (int i = 0; i < spec->n_disabled; i++)
		if (strcmp(spec->disabled[i], val) == 0)
			return 0;
	if (spec->n_disabled == LEVEL_MAX_DISABLED || strlen(val) >= sizeof spec->disabled[0]) {
		snprintf(err, errlen, "--disable: too many features");
		return -1;
	}
	snprintf(spec->disabled[spec->n_disabled++], sizeof spec->disabled[0], "%s", val);
	return 0;
}

static int set_threads(struct level_spec *spec, const char *val, char *err, size_t errlen)
{
	long v;

	if (!parse_long(val, 1, SEARCH_MAX_THREADS, &v)) {
		snprintf(err, errlen, "--threads: '%s' is not a number of threads (1 to %d)", val,
			 SEARCH_MAX_THREADS);
		return -1;
	}
	spec->threads = (int)v;
	return 0;
}

static int set_selectivity(struct level_spec *spec, const char *val, char *err, size_t errlen)
{
	int p = probcut_parse_level(val);

	if (p < 0) {
		snprintf(err, errlen,
			 "--selectivity: '%s' is not a selectivity (73, 87, 95, 98, 99 or exact)",
			 val);
		return -1;
	}
	spec->selectivity = p;
	return 0;
}

static int set_random(struct level_spec *spec, const char *val, char *err, size_t errlen)
{
	long v;

	if (!parse_long(val, 0, 100, &v)) {
		snprintf(err, errlen, "--random: '%s' is not a percentage (0 to 100)", val);
		return -1;
	}
	spec->random_percent = (int)v;
	return 0;
}

static int set_seed(struct level_spec *spec, const char *val, char *err, size_t errlen)
{
	char *end;
	unsigned long long s;

	errno = 0;
	s = strtoull(val, &end, 10);
	if (errno || end == val || *end || val[0] == '-') {
		snprintf(err, errlen, "--seed: '%s' is not a whole number", val);
		return -1;
	}
	spec->seed = s;
	spec->has_seed = true;
	return 0;
}

/* The options a level takes after its name. */
static const struct level_option {
	const char *name; /* without the leading -- */
	int (*set)(struct level_spec *spec, const char *val, char *err,
		   size_t errlen); /* NULL: a flag, book or no-book */
} level_options[] = {
    {"depth", set_depth},     {"time", set_time},
    {"endgame", set_endgame}, {"disable", set_disable},
    {"book", NULL},	      {"no-book", NULL},
    {"random", set_random},   {"seed", set_seed},
    {"threads", set_threads}, {"selectivity", set_selectivity},
};

/* The option called `name`, or NULL. */
static const struct level_option *find_option(const char *name)
{
	for (size_t i = 0; i < sizeof level_options / sizeof level_options[0]; i++)
		if (strcmp(name, level_options[i].name) == 0)
			return &level_options[i];
	return NULL;
}

/* Applies option `o` with value `val` (NULL when none was given); returns 0,
   or -1 with a message. */
static int apply_option(struct level_spec *spec, const struct level_option *o, const char *val,
			char *err, size_t errlen)
{
	if (!o->set) {
		if (val) {
			snprintf(err, errlen, "--%s takes no value", o->name);
			return -1;
		}
		spec->book = o->name[0] == 'b';
		return 0;
	}
	if (!val) {
		snprintf(err, errlen, "--%s needs a value", o->name);
		return -1;
	}
	return o->set(spec, val, err, errlen);
}

/*
 * Parses a level from words: argv[0] the name, then options (see the table
 * above). Returns 0 with the level in `out`, or -1 with a message in `err`
 * (`out` is then unspecified).
 */
int level_parse_args(int argc, char **argv, struct level_spec *out, char *err, size_t errlen)
{
	int i, k;

	if (argc < 1) {
		snprintf(err, errlen, "no level given");
		return -1;
	}
	if ((k = find_name(argv[0], err, errlen)) < 0)
		return -1;
	level_defaults(k, out);
	for (i = 1; i < argc; i++) {
		char opt[24];
		const char *a = argv[i], *eq, *val = NULL;
		const struct level_option *o;
		size_t len;

		if (strncmp(a, "--", 2) != 0) {
			snprintf(err, errlen, "'%s' is not an option (options start with --)", a);
			return -1;
		}
		a += 2;
		eq = strchr(a, '=');
		len = eq ? (size_t)(eq - a) : strlen(a);
		if (len >= sizeof opt) {
			snprintf(err, errlen, "unknown option --%s", a);
			return -1;
		}
		memcpy(opt, a, len);
		opt[len] = '\0';
		if (!(o = find_option(opt))) {
			snprintf(err, errlen, "unknown option --%s", opt);
			return -1;
		}
		if (eq)
			val = eq + 1;
		else if (o->set && i + 1 < argc)
			val = argv[++i];
		if (apply_option(out, o, val, err, errlen) < 0)
			return -1;
	}
	return 0;
}

/*
 * Parses a level from text such as "expert --depth 5 --random 10". Returns 0
 * with the level in `out`, or -1 with a message in `err`.
 */
int level_parse(const char *text, struct level_spec *out, char *err, size_t errlen)
{
	char buf[512], *argv[64], *p = buf;
	int argc = 0;

	if (strlen(text) >= sizeof buf) {
		snprintf(err, errlen, "level description too long");
		return -1;
	}
	strcpy(buf, text);
	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		if (argc == 64) {
			snprintf(err, errlen, "too many words in the level description");
			return -1;
		}
		argv[argc++] = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
	return level_parse_args(argc, argv, out, err, errlen);
}

/*
 * Writes the level as text that level_parse reads back to the same spec: the
 * name, then the options that differ from the name's settings (seed included
 * when one was given).
 */
void level_format(const struct level_spec *spec, char *out, size_t outlen)
{
	struct level_spec d;
	size_t n;
	int k;
	char e[8], seconds[32];

	for (int prec = 6; prec <= 17; prec++) {
		snprintf(seconds, sizeof seconds, "%.*g", prec, spec->time);
		if (strtod(seconds, NULL) == spec->time)
			break;
	}
	k = find_name(spec->name, e, sizeof e);
	level_defaults(k < 0 ? 0 : k, &d);
	n = (size_t)snprintf(out, outlen, "%s", spec->name);
#define ADD(...)                                                                                   \
	do {                                                                                       \
		if (n < outlen)                                                                    \
			n += (size_t)snprintf(out + n, outlen - n, __VA_ARGS__);                   \
	} while (0)
	if (spec->depth != d.depth)
		ADD(" --depth %d", spec->depth);
	if (spec->time != d.time)
		ADD(" --time %s", seconds);
	if (spec->endgame != d.endgame) {
		if (spec->endgame < 0)
			ADD(" --endgame auto");
		else
			ADD(" --endgame %d", spec->endgame);
	}
	for (int i = 0; i < spec->n_disabled; i++)
		ADD(" --disable %s", spec->disabled[i]);
	if (spec->book != d.book)
		ADD(spec->book ? " --book" : " --no-book");
	if (spec->selectivity != d.selectivity &&
	    !(spec->selectivity % 100 == 0 && d.selectivity == 100)) {
		if (spec->selectivity % 100 == 0)
			ADD(" --selectivity exact");
		else
			ADD(" --selectivity %d", spec->selectivity);
	}
	if (spec->random_percent)
		ADD(" --random %d", spec->random_percent);
	if (spec->has_seed)
		ADD(" --seed %llu", (unsigned long long)spec->seed);
	if (spec->threads)
		ADD(" --threads %d", spec->threads);
#undef ADD
}

/* Returns the word for a move's source: scan, random, book, search, endgame,
   forced (and "forced" for a value outside the enumeration). */
const char *level_source_name(enum level_source source)
{
	static const char *const words[] = {
	    [LEVEL_SOURCE_SCAN] = "scan",	[LEVEL_SOURCE_RANDOM] = "random",
	    [LEVEL_SOURCE_BOOK] = "book",	[LEVEL_SOURCE_SEARCH] = "search",
	    [LEVEL_SOURCE_ENDGAME] = "endgame", [LEVEL_SOURCE_FORCED] = "forced",
	};

	return (unsigned)source < sizeof(words) / sizeof(words[0]) ? words[source] : "forced";
}

/*
 * Returns the state a player needs to choose moves at level `spec`: a
 * searcher with a `tt_megabytes` table and spec->threads threads (one when
 * 0; none for beginner and novice), the
 * evaluation `ev` (NULL: the built-in one; a private one when the spec
 * disables features), the book `bk` (may be NULL; shared, read-only, must
 * outlive the state) and a generator seeded with `seed`. NULL with a message
 * on failure.
 */
struct level_state *level_state_new(const struct level_spec *spec, const struct eval *ev,
				    const struct book *bk, uint64_t seed, size_t tt_megabytes,
				    char *err, size_t errlen)
{
	struct level_state *st = calloc(1, sizeof *st);

	if (!st) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	st->book = bk;
	st->eval = ev;
	if (!ev || spec->n_disabled > 0) {
		st->own_eval = eval_new_default();
		if (!st->own_eval) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
		for (int i = 0; i < spec->n_disabled; i++)
			if (eval_set_feature(st->own_eval, spec->disabled[i], false, err, errlen) <
			    0)
				goto fail;
		st->eval = st->own_eval;
	}
	if (spec->approach == LEVEL_SEARCH || spec->approach == LEVEL_MASTER) {
		st->search = search_new(tt_megabytes, st->eval);
		if (!st->search) {
			snprintf(err, errlen, "cannot allocate a %zu MB search table",
				 tt_megabytes);
			goto fail;
		}
		if (spec->threads > 1 && search_set_threads(st->search, spec->threads) < 0) {
			snprintf(err, errlen, "cannot start %d search threads", spec->threads);
			goto fail;
		}
	}
	level_state_reset(st, seed);
	return st;
fail:
	level_state_free(st);
	return NULL;
}

/* Frees the state (NULL is fine); no search may be running on it. */
void level_state_free(struct level_state *st)
{
	if (!st)
		return;
	search_free(st->search);
	eval_free(st->own_eval);
	free(st);
}

/* Starts a new game: forgets the search table and reseeds the generator. */
void level_state_reset(struct level_state *st, uint64_t seed)
{
	if (st->search)
		search_clear(st->search);
	st->seed = seed;
	st->rng = seed;
}

/* Returns the seed of the current game (for saved games and reports). */
uint64_t level_state_seed(const struct level_state *st)
{
	return st->seed;
}

/* Asks a running level_choose_move to stop soon and play its best move so far. Any thread. */
void level_stop(struct level_state *st)
{
	atomic_store(&st->stopped, true);
	if (st->search)
		search_stop(st->search);
}

/* Returns a uniform number in [-1, 1] from the generator. */
static double rng_unit(uint64_t *rng)
{
	return (double)(rng_next(rng) >> 11) / (double)(1ULL << 52) - 1.0;
}

/* Adds move `sq` with `score` to the root moves of `r`, kept best first (ties: first in). */
static void insert_scored(struct search_result *r, int sq, int score)
{
	int j = r->n_moves++;

	while (j > 0 && r->moves[j - 1].score < score) {
		r->moves[j] = r->moves[j - 1];
		j--;
	}
	r->moves[j] = (struct search_move){sq, score, BOUND_EXACT, 1};
}

/*
 * The one-ply level: the move whose resulting position evaluates best (ties:
 * scan order). Its result reads as a depth-1 search: one node a move, every
 * move's score best first, the move as the PV.
 */
static void choose_one_ply(const struct level_spec *spec, struct level_state *st,
			   const struct board *b, uint64_t moves, struct level_move *out)
{
	struct search_result *r = &out->result;
	int best = -SCORE_INF;
	double t0 = timer_now();

	memset(r, 0, sizeof *r);
	out->move = board_first_square(moves);
	for (; moves; moves &= moves - 1) {
		int sq = board_first_square(moves), v;
		struct board c = *b;

		board_play(&c, sq, board_flips(c.own, c.opp, sq));
		if (board_game_over(&c)) {
			v = -board_final_score(&c) * SCORE_DISC;
		} else {
			v = -eval_board(st->eval, &c);
			if (spec->random_percent) {
				double scale = (double)spec->random_percent / 100.0 *
					       (abs(v) > 4 * SCORE_DISC ? abs(v) : 4 * SCORE_DISC);

				v += (int)lround(rng_unit(&st->rng) * scale);
			}
		}
		insert_scored(r, sq, v);
		if (v > best) {
			best = v;
			out->move = sq;
		}
	}
	out->source = LEVEL_SOURCE_SEARCH;
	out->scored = true;
	out->score = best;
	r->move = out->move;
	r->score = best;
	r->bound = BOUND_EXACT;
	r->depth = 1;
	r->pv[0] = out->move;
	r->pv_len = 1;
	r->nodes = (uint64_t)r->n_moves;
	r->time = timer_now() - t0;
}

/*
 * Master's search. With a time of its own (spec or clock): one search within
 * it. Without: first a sure one, LEVEL_MASTER_MIN_DEPTH plies deep (or
 * the spec's depth if smaller) solving from LEVEL_MASTER_MIN_ENDGAME empties
 * (or the spec's endgame), whatever the time; then, while the budget in `lim`
 * (time or clock) lasts, iterative deepening from the table it left, solving
 * the endgame as soon as it fits. Keeps the deeper of the two results.
 */
static int search_master(const struct level_spec *spec, struct level_state *st,
			 const struct board *b, const struct search_limits *lim,
			 search_observer obs, void *user, struct search_result *out)
{
	struct search_limits sure = *lim;
	struct search_limits more = *lim;
	struct search_result r;
	double t0 = timer_now(), used;

	if (spec->time > 0 || lim->clock > 0)
		return search_run(st->search, b, lim, obs, user, out);
	sure.time = 0;
	sure.clock = 0;
	sure.depth = spec->depth > 0 && spec->depth < LEVEL_MASTER_MIN_DEPTH
			 ? spec->depth
			 : LEVEL_MASTER_MIN_DEPTH;
	sure.endgame = spec->endgame >= 0 ? spec->endgame : LEVEL_MASTER_MIN_ENDGAME;
	if (search_run(st->search, b, &sure, obs, user, out) != 0)
		return -1;
	if (out->endgame || (spec->depth > 0 && spec->depth <= sure.depth) ||
	    atomic_load(&st->stopped))
		return 0;
	used = timer_now() - t0;
	if (more.time > 0) {
		if (more.time - used < 0.01)
			return 0;
		more.time -= used;
	}
	if (more.clock > 0) {
		if (more.clock - used < 0.01)
			return 0;
		more.clock -= used;
	}
	if (search_run(st->search, b, &more, obs, user, &r) != 0)
		return -1;
	if (r.endgame || r.depth > out->depth)
		*out = r;
	return 0;
}

/*
 * Chooses a move for the side to move in `b` at level `spec` with state `st`
 * (made for that spec). `clock` (may be NULL) gives the mover's game clock,
 * used by master when the spec sets no time; a fixed-depth level then stops
 * its search when the move's share of it (the time left over half the empty
 * squares plus two) runs out. The search reports progress to
 * `obs` (may be NULL) with `user`. Returns 0 with the move, its source, its
 * score and the search in `out` (SQ_PASS when the mover must pass, SQ_NONE when
 * the game is over), or -1 if the search failed.
 */
int level_choose_move(const struct level_spec *spec, struct level_state *st, const struct board *b,
		      const struct level_clock *clock, search_observer obs, void *user,
		      struct level_move *out)
{
	uint64_t moves = board_moves(b->own, b->opp);
	uint64_t noise_seed = rng_next(&st->rng);
	struct search_limits lim;

	atomic_store(&st->stopped, false);
	memset(out, 0, sizeof *out);
	out->move = SQ_NONE;
	out->source = LEVEL_SOURCE_FORCED;
	if (!moves) {
		if (board_opponent_can_move(b))
			out->move = SQ_PASS;
		return 0;
	}
	switch (spec->approach) {
	case LEVEL_SCAN:
		if (spec->random_percent) {
			int k = (int)rng_below(&st->rng, (uint64_t)board_popcount(moves));

			while (k--)
				moves &= moves - 1;
			out->source = LEVEL_SOURCE_RANDOM;
		} else {
			out->source = LEVEL_SOURCE_SCAN;
		}
		out->move = board_first_square(moves);
		return 0;
	case LEVEL_ONE_PLY:
		choose_one_ply(spec, st, b, moves, out);
		return 0;
	case LEVEL_SEARCH:
	case LEVEL_MASTER:
		break;
	}
	if (spec->book && st->book) {
		struct book_move bm;

		if (book_choose(st->book, b, LEVEL_BOOK_TOLERANCE,
				spec->random_percent ? &st->rng : NULL, &bm) == 0) {
			out->move = bm.move;
			out->source = LEVEL_SOURCE_BOOK;
			out->scored = true;
			out->score = bm.score;
			out->n_book = book_lookup(st->book, b, out->book);
			return 0;
		}
	}
	memset(&lim, 0, sizeof lim);
	lim.depth = spec->depth;
	lim.time = spec->time;
	lim.endgame = spec->endgame;
	lim.noise_percent = spec->random_percent;
	lim.noise_seed = noise_seed;
	lim.selectivity = spec->selectivity;
	if (spec->approach == LEVEL_MASTER && spec->time <= 0) {
		if (clock && clock->remaining > 0)
			lim.clock = clock->remaining;
		else
			lim.time = LEVEL_MASTER_TIME;
	} else if (clock && clock->remaining > 0 && spec->time <= 0) {
		/* a fixed depth, cut short when the move's share of the clock runs out */
		lim.time = clock->remaining / (board_empty_count(b) / 2 + 2);
	}
	if (spec->approach == LEVEL_MASTER) {
		if (search_master(spec, st, b, &lim, obs, user, &out->result) != 0)
			return -1;
	} else {
		/* A fixed-depth search starts from an empty table, so that its move depends
		 * on the position only (a table kept from earlier searches can change it). */
		if (spec->time <= 0)
			search_clear(st->search);
		if (search_run(st->search, b, &lim, obs, user, &out->result) != 0)
			return -1;
	}
	out->move = out->result.move;
	out->source = out->result.endgame ? LEVEL_SOURCE_ENDGAME : LEVEL_SOURCE_SEARCH;
	out->scored = true;
	out->score = out->result.score;
	return 0;
}
