/*
 * match-level.c — our levels (level.h) as match players and as the brain of
 * the GTP server.
 *
 * A specification is level text as level_parse reads it ("expert",
 * "master --time 2", "novice --random 5"); the per-player options of a match
 * are appended to it as level options (--time, --depth, --random), so they
 * override the level's own settings. The evaluation is the one the options
 * hand over (shared by the players of a match; the built-in classic weights
 * without one), named in the level text of each move's reasoning
 * ("master (pattern)"); master's book is the shipped openings/book.txt, when
 * it is found (datadir.c), unless the options name a file or hand over a book
 * already loaded (the ladder's, shared by its players). The search table is
 * sized by the level (below) unless the options set it. Each game reseeds the
 * level's generator with the game's seed, so that games replay from their
 * seeds. The reasoning of each move (source, depth, score, PV, candidates)
 * goes into the game record.
 */
#include "match-level.h"

#include "book.h"
#include "datadir.h"
#include "engine.h"
#include "eval.h"
#include "level.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Transposition table sizes: fixed-depth levels clear their table before
   every move (level.c), so a small one keeps that cheap; master keeps its
   table and searches on time, so it gets a large one. */
enum { LEVEL_PLAYER_SMALL_MB = 1, LEVEL_PLAYER_LARGE_MB = 32, LEVEL_PLAYER_SMALL_DEPTH = 8 };

struct level_player {
	struct level_spec spec;	   /* the level, options applied */
	double base_time;	   /* spec.time as made */
	struct engine *engine;	   /* its searches, on any board (player 0 of the engine) */
	char name[GAME_LEVEL_LEN]; /* level text of the reasoning: the level and its evaluation */
	const struct book *book;   /* the opening book, or NULL */
	struct book *own_book;	   /* the book when this player loaded it (owned), or NULL */
	struct level_clock clock;  /* the game clock of the next move (0: none) */
	char note[600];		   /* why the shipped book is left out, or "" */
};

/* Parses `spec` with the options `opt` appended. */
static int parse(const char *spec, const struct match_player_options *opt, struct level_spec *out,
		 char *err, size_t errlen)
{
	char text[512], msg[256];
	size_t n;

	n = (size_t)snprintf(text, sizeof text, "%s", spec);
	if (opt && opt->time > 0 && n < sizeof text)
		n += (size_t)snprintf(text + n, sizeof text - n, " --time %g", opt->time);
	if (opt && opt->depth > 0 && n < sizeof text)
		n += (size_t)snprintf(text + n, sizeof text - n, " --depth %d", opt->depth);
	if (opt && opt->random_pct > 0 && n < sizeof text)
		n += (size_t)snprintf(text + n, sizeof text - n, " --random %d", opt->random_pct);
	if (opt && opt->threads > 0 && n < sizeof text)
		snprintf(text + n, sizeof text - n, " --threads %d", opt->threads);
	if (level_parse(text, out, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "'%s': %s", spec, msg);
		return -1;
	}
	return 0;
}

/* True if `spec` is level text (see level.c); else false with a message. */
bool level_player_check(const char *spec, char *err, size_t errlen)
{
	struct level_spec ls;

	return parse(spec, NULL, &ls, err, errlen) == 0;
}

/* The name of the evaluation the level `spec` plays with when it is handed
   the one named `eval_name`: "classic" for a level that switches features off
   (level.c builds it a classic evaluation of its own), else `eval_name`. */
const char *level_player_eval_name(const char *spec, const char *eval_name)
{
	struct level_spec ls;
	char err[512];

	if (parse(spec, NULL, &ls, err, sizeof err) == 0 && ls.n_disabled > 0)
		return "classic";
	return eval_name;
}

/* The opening book file `file`, or the shipped one when `file` is NULL (then
   NULL if it is not found, and NULL with why in `note` when it cannot be
   read: the player goes on without it, and says so). NULL with a message in
   `err` when `file` cannot be read. */
static struct book *load_book(const char *file, char *note, size_t notelen, char *err,
			      size_t errlen)
{
	char path[4096], msg[512];
	FILE *f = file ? fopen(file, "r")
		       : datadir_open("openings/book.txt", path, sizeof path, msg, sizeof msg);
	struct book *bk;

	if (!f) {
		if (file)
			snprintf(err, errlen, "%s: %s", file, strerror(errno));
		return NULL;
	}
	bk = book_new();
	if (bk && book_load(bk, f, file ? file : path, msg, sizeof msg) < 0) {
		if (file)
			snprintf(err, errlen, "%s", msg);
		else
			snprintf(note, notelen, "the opening book is left out: %s", msg);
		book_free(bk);
		bk = NULL;
	}
	fclose(f);
	return bk;
}

/* Makes the level player `spec` names, options applied (`opt` may be NULL).
   Returns it, or NULL with a message. */
struct level_player *level_player_new(const char *spec, const struct match_player_options *opt,
				      char *err, size_t errlen)
{
	struct level_player *lp = calloc(1, sizeof *lp);
	bool small;

	if (!lp) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (parse(spec, opt, &lp->spec, err, errlen) < 0) {
		free(lp);
		return NULL;
	}
	lp->base_time = lp->spec.time;
	if (opt && opt->eval_name)
		snprintf(lp->name, sizeof lp->name, "%s (%s)", lp->spec.name,
			 lp->spec.n_disabled > 0 ? "classic" : opt->eval_name);
	else
		snprintf(lp->name, sizeof lp->name, "%s", lp->spec.name);
	if (opt && opt->shared_book) {
		lp->book = opt->shared_book;
	} else if (lp->spec.book) {
		lp->book = lp->own_book =
		    load_book(opt ? opt->book : NULL, lp->note, sizeof lp->note, err, errlen);
		if (!lp->book && opt && opt->book) {
			free(lp);
			return NULL;
		}
	}
	small = lp->spec.approach != LEVEL_MASTER && lp->spec.time <= 0 &&
		lp->spec.depth <= LEVEL_PLAYER_SMALL_DEPTH;
	lp->engine = engine_new(opt ? opt->eval : NULL, lp->book,
				opt && opt->hash_mb ? opt->hash_mb
				: small		    ? LEVEL_PLAYER_SMALL_MB
						    : LEVEL_PLAYER_LARGE_MB);
	if (!lp->engine) {
		snprintf(err, errlen, "out of memory");
		level_player_free(lp);
		return NULL;
	}
	/* the level is made now on the board of its evaluation, so that a failure shows here */
	if (engine_level_new(lp->engine, 0, &lp->spec, 1, err, errlen) < 0) {
		level_player_free(lp);
		return NULL;
	}
	return lp;
}

/* Why the player plays without the shipped book it was to have (it cannot
   be read), or "". */
const char *level_player_note(const struct level_player *lp)
{
	return lp->note;
}

/* Frees the player, its search state and book; NULL is ignored. */
void level_player_free(struct level_player *lp)
{
	if (!lp)
		return;
	engine_free(lp->engine);
	book_free(lp->own_book);
	free(lp);
}

/* Sets the time per move of a timed level (master, or one made with a time);
   0 restores the level's own. Fixed-depth levels are left alone. */
void level_player_set_time(struct level_player *lp, double seconds)
{
	if (lp->spec.approach == LEVEL_MASTER || lp->base_time > 0)
		lp->spec.time = seconds > 0 ? seconds : lp->base_time;
}

/* Sets the time left on the level's game clock for its next move (0: no clock). */
void level_player_set_clock(struct level_player *lp, double seconds)
{
	lp->clock.remaining = seconds > 0 ? seconds : 0;
}

/* Starts a game: a fresh search table, the generator seeded with `seed`. */
int level_player_new_game(struct level_player *lp, uint64_t seed, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	engine_new_game(lp->engine, 0, seed);
	return 0;
}

/* Fills the record's reasoning from what the level returned. */
static void fill_reasoning(const struct level_player *lp, const struct level_move *m,
			   struct game_reasoning *r)
{
	const struct search_result *res = &m->result;
	bool searched = m->source == LEVEL_SOURCE_SEARCH || m->source == LEVEL_SOURCE_ENDGAME;

	memset(r, 0, sizeof *r);
	snprintf(r->level, sizeof r->level, "%s", lp->name);
	r->source = game_source_of(m->source);
	r->score = m->scored ? m->score : 0;
	if (searched && res->move == m->move) {
		r->depth = res->depth;
		r->endgame = res->endgame;
		r->bound = (int)res->bound;
		r->pv_len = res->pv_len < 64 ? res->pv_len : 64;
		memcpy(r->pv, res->pv, (size_t)r->pv_len * sizeof r->pv[0]);
		r->nodes = res->nodes;
		r->time = res->time;
		r->n_moves =
		    res->n_moves < GAME_MAX_CANDIDATES ? res->n_moves : GAME_MAX_CANDIDATES;
		for (int i = 0; i < r->n_moves; i++) {
			r->moves[i].move = res->moves[i].move;
			r->moves[i].score = res->moves[i].score;
			r->moves[i].bound = (int)res->moves[i].bound;
			r->moves[i].depth = res->moves[i].depth;
		}
	} else if (m->source == LEVEL_SOURCE_BOOK) {
		r->n_moves = m->n_book < GAME_MAX_CANDIDATES ? m->n_book : GAME_MAX_CANDIDATES;
		for (int i = 0; i < r->n_moves; i++) {
			r->moves[i].move = m->book[i].move;
			r->moves[i].score = m->book[i].score;
			r->moves[i].depth = m->book[i].depth;
			if (m->book[i].move == m->move)
				r->depth = m->book[i].depth;
		}
		r->pv[0] = m->move;
		r->pv_len = 1;
	} else {
		r->depth = m->scored ? 1 : 0;
		r->pv[0] = m->move;
		r->pv_len = 1;
	}
}

/* The level's move in `b`, with its reasoning. Returns 0, or -1 with a
   message. */
int level_player_genmove(struct level_player *lp, const struct pos *b, enum color side,
			 struct match_move *out, char *err, size_t errlen)
{
	struct level_move *m = malloc(sizeof *m);

	(void)side;
	if (!m) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (engine_choose(lp->engine, 0, &lp->spec, 1, b, lp->clock.remaining, NULL, NULL, m) < 0) {
		snprintf(err, errlen, "the level failed to choose a move");
		free(m);
		return -1;
	}
	out->move = m->move;
	out->has_reasoning = true;
	fill_reasoning(lp, m, &out->reasoning);
	free(m);
	return 0;
}
