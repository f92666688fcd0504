/*
 * engine.c — the engine facade's searches (engine.h): the searchers of every
 * board, made on first use, and the calls that pick one by the position's
 * board and give its answer in search.h's and level.h's shapes.
 *
 * On the other boards, a search scores every legal move one ply down with
 * vsearch_run (so that hints and analysis get a full-window score for each
 * move, as the 8×8 multi-PV search gives), and a level's choice is vlevel's,
 * written as a level_move.
 *
 * Threads: `stop`, `search`, `state` and `vsearch` are read by engine_stop
 * from another thread while a call may be making them; everything else is
 * the calling thread's.
 */
#include "config.h"

#include "engine.h"
#include "vlevel.h"
#include "vsearch.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct engine {
	enum variant board;	 /* the board of the evaluation it was made with */
	const struct eval *eval; /* evaluation of the 8×8 searchers (borrowed), or NULL */
	const struct book *book;	   /* opening book of the 8×8 levels (borrowed), or NULL */
	size_t tt_megabytes;		   /* table size of every searcher */
	int threads;			   /* search threads of the 8×8 searchers (>= 1) */
	struct search *_Atomic search;	   /* the 8×8 searcher of searches and scores */
	struct level_state *lstate[2];	   /* each player's 8×8 level state */
	struct level_state *_Atomic state; /* the level state choosing now, once made */
	struct vsearch *_Atomic vsearch[VARIANT_COUNT]; /* each other board's searcher */
	const struct eval *veval[VARIANT_COUNT];	/* their evaluations (borrowed), when set */
	struct eval *builtin[VARIANT_COUNT];		/* the built-in ones made for the others */
	atomic_int stop;				/* set by engine_stop */
	search_observer obs;				/* the running call's observer */
	void *user;					/* and its argument */
};

/* An engine whose searchers of ev's board use evaluation ev (any board; NULL: 8×8's built-in
   weights) and whose 8×8 levels use book bk (borrowed: both must outlive it; bk may be NULL),
   with tables of tt_megabytes; NULL when out of memory. The other boards' searchers use their
   built-in weights unless engine_set_eval gives them others. */
struct engine *engine_new(const struct eval *ev, const struct book *bk, size_t tt_megabytes)
{
	struct engine *e = calloc(1, sizeof(*e));

	if (!e)
		return NULL;
	e->board = ev ? eval_variant(ev) : VARIANT_8X8;
	if (e->board == VARIANT_8X8)
		e->eval = ev;
	else
		e->veval[e->board] = ev;
	e->book = bk;
	e->tt_megabytes = tt_megabytes;
	e->threads = 1;
	atomic_init(&e->stop, 0);
	return e;
}

/* Frees the engine and its searchers; NULL is ignored. No call may be running. */
void engine_free(struct engine *e)
{
	if (!e)
		return;
	level_state_free(e->lstate[0]);
	level_state_free(e->lstate[1]);
	search_free(e->search);
	for (int v = 0; v < VARIANT_COUNT; v++) {
		vsearch_free(e->vsearch[v]);
		eval_free(e->builtin[v]);
	}
	free(e);
}

/* The threads of the 8×8 searchers made from now on (a level that names its own keeps them). */
void engine_set_threads(struct engine *e, int threads)
{
	e->threads = threads > 0 ? threads : 1;
}

/* The evaluation of its board's searcher, when that searcher is made after this (a searcher
   made before keeps its own; on 8×8 the one the engine was made with stays). `ev` is
   borrowed: it must outlive the engine. */
void engine_set_eval(struct engine *e, const struct eval *ev)
{
	enum variant v = eval_variant(ev);

	if (v <= VARIANT_8X8 || v >= VARIANT_COUNT || e->vsearch[v])
		return;
	e->veval[v] = ev;
}

/* Drops player's level state: the next choice starts a fresh one (a new game, a new level). */
void engine_forget_level(struct engine *e, int player)
{
	level_state_free(e->lstate[player & 1]);
	e->lstate[player & 1] = NULL;
}

/* Whether the level `spec` plays on board v: 0, or -1 with a message (on the other boards
   the levels are the five by name, vlevel.c, without the classic features to switch off). */
int engine_level_check(enum variant v, const struct level_spec *spec, char *err, size_t errlen)
{
	struct vlevel lv;

	if (v == VARIANT_8X8)
		return 0;
	if (!vlevel_get(vboard_geom(v), spec->name, &lv)) {
		snprintf(err, errlen,
			 "on %s a level is beginner, novice, expert, pre-master or master",
			 vboard_geom(v)->name);
		return -1;
	}
	if (spec->n_disabled > 0) {
		snprintf(err, errlen, "on %s a level has no features to switch off (--without)",
			 vboard_geom(v)->name);
		return -1;
	}
	return 0;
}

/* Caps the limits of an analysis of a game on board v at the depths of that board's master
   level (every move of every position is searched there, and those searches cost more than
   on 8×8); on 8×8 they stay. */
void engine_limit_analysis(enum variant v, struct search_limits *lim)
{
	struct vlevel master;

	if (v == VARIANT_8X8 || !vlevel_get(vboard_geom(v), "master", &master))
		return;
	if (lim->depth > master.depth)
		lim->depth = master.depth;
	if (lim->endgame > master.endgame)
		lim->endgame = master.endgame;
}

/* Makes player's level on the board of the engine's evaluation now, with `seed`: on 8×8 its
   level state (engine_choose would make it on its first move); elsewhere only checks that
   the level plays there. 0, or -1 with a message when it cannot be made (its table, its
   evaluation) or does not play on that board. */
int engine_level_new(struct engine *e, int player, const struct level_spec *spec, uint64_t seed,
		     char *err, size_t errlen)
{
	struct level_state **slot = &e->lstate[player & 1];

	if (e->board != VARIANT_8X8)
		return engine_level_check(e->board, spec, err, errlen);
	if (*slot)
		return 0;
	*slot = level_state_new(spec, e->eval, e->book, seed, e->tt_megabytes, err, errlen);
	return *slot ? 0 : -1;
}

/* Starts a new game for `player`: its 8×8 level state (when made) gets a fresh table and its
   generator `seed`; the other boards' searchers clear their tables. */
void engine_new_game(struct engine *e, int player, uint64_t seed)
{
	if (e->lstate[player & 1])
		level_state_reset(e->lstate[player & 1], seed);
	for (int v = 0; v < VARIANT_COUNT; v++)
		if (e->vsearch[v])
			vsearch_clear(e->vsearch[v]);
}

/* Clears the tables of the searchers made so far (a new game, or positions solved one by
   one as if each were the first). */
void engine_clear_search(struct engine *e)
{
	if (e->search)
		search_clear(e->search);
	for (int v = 0; v < VARIANT_COUNT; v++)
		if (e->vsearch[v])
			vsearch_clear(e->vsearch[v]);
}

/* Clears a stop: the next call runs. */
void engine_go(struct engine *e)
{
	atomic_store(&e->stop, 0);
	atomic_store(&e->state, NULL);
}

/* Asks the running call (any thread) to end soon with what it found; it holds until
   engine_go, so a call that has not begun yet stops too. */
void engine_stop(struct engine *e)
{
	struct search *s = atomic_load(&e->search);
	struct level_state *st = atomic_load(&e->state);

	atomic_store(&e->stop, 1);
	if (s)
		search_stop(s);
	if (st)
		level_stop(st);
	for (int v = 0; v < VARIANT_COUNT; v++) {
		struct vsearch *vs = atomic_load(&e->vsearch[v]);

		if (vs)
			vsearch_stop(vs);
	}
}

/* True once engine_stop was called (until engine_go). */
bool engine_stopped(const struct engine *e)
{
	return atomic_load(&e->stop) != 0;
}

/* The 8×8 searcher of searches and scores, made on first use; NULL if out of memory. */
static struct search *search_get(struct engine *e)
{
	if (!e->search) {
		struct search *s = search_new(e->tt_megabytes, e->eval);

		if (s)
			search_set_threads(s, e->threads); /* one thread if more cannot start */
		atomic_store(&e->search, s);
	}
	return e->search;
}

/* Board v's searcher, made on first use; NULL if out of memory. */
static struct vsearch *vsearch_get(struct engine *e, enum variant v)
{
	if (!e->vsearch[v]) {
		const struct eval *ev = e->veval[v];
		struct vsearch *s;

		if (!ev && !(ev = e->builtin[v] = eval_builtin(v)))
			return NULL;
		s = vsearch_new(ev, e->tt_megabytes);
		if (s)
			vsearch_watch(s, &e->stop);
		atomic_store(&e->vsearch[v], s);
	}
	return e->vsearch[v];
}

/* The 8×8 searches' observer: passes the progress on and obeys a stop asked for before the
   search began (or before its table was made). */
static void observe(const struct search_info *info, void *user)
{
	struct engine *e = user;
	struct level_state *st = atomic_load(&e->state);

	if (e->obs)
		e->obs(info, e->user);
	if (atomic_load(&e->stop)) {
		if (st)
			level_stop(st);
		else if (e->search)
			search_stop(e->search);
	}
}

/* A move of vsearch.h as the facade gives it: VSQ_PASS is SQ_PASS, VSQ_NONE SQ_NONE. */
static int vmove(int move)
{
	return move == VSQ_PASS ? SQ_PASS : move == VSQ_NONE ? SQ_NONE : move;
}

/* A search of another board as search.h's result (its best move as the one root move). */
static void vresult_copy(const struct vsearch_result *v, struct search_result *out)
{
	memset(out, 0, sizeof(*out));
	out->move = vmove(v->move);
	out->score = v->score;
	out->bound = BOUND_EXACT;
	out->depth = v->depth;
	out->endgame = v->exact;
	out->selectivity = 100;
	out->pv_len = v->pv_len < 64 ? v->pv_len : 64;
	for (int i = 0; i < out->pv_len; i++)
		out->pv[i] = vmove(v->pv[i]);
	out->nodes = v->nodes;
	out->time = v->time;
	if (out->move != SQ_NONE && out->move != SQ_PASS && v->depth > 0) {
		out->n_moves = 1;
		out->moves[0] = (struct search_move){
		    .move = out->move, .score = v->score, .bound = BOUND_EXACT, .depth = v->depth};
	}
}

/* Another board: the level's choice. -1 when the level is not one of the five. */
static int vchoose(struct engine *e, const struct level_spec *spec, const struct pos *p,
		   double clock, struct level_move *out)
{
	const struct vgeom *g = vboard_geom(p->variant);
	struct vsearch *s = vsearch_get(e, p->variant);
	struct vsearch_result r;
	struct vlevel lv;

	if (!s || !vlevel_get(g, spec->name, &lv))
		return -1;
	if (spec->depth > 0)
		lv.depth = spec->depth;
	vlevel_choose(&lv, s, pos_vboard(p), clock, &r);
	memset(out, 0, sizeof(*out));
	vresult_copy(&r, &out->result);
	out->move = out->result.move;
	out->source = r.exact ? LEVEL_SOURCE_ENDGAME
		      : r.depth > 0 ? LEVEL_SOURCE_SEARCH
				    : LEVEL_SOURCE_SCAN;
	if (out->move == SQ_PASS || out->move == SQ_NONE)
		out->source = LEVEL_SOURCE_FORCED;
	out->scored = out->source == LEVEL_SOURCE_SEARCH || out->source == LEVEL_SOURCE_ENDGAME;
	out->score = r.score;
	return 0;
}

/*
 * Lets `player`'s level (0 or 1) choose a move at p, with `clock` seconds left
 * on its game clock (0: none). On 8×8 the player's level state is made on the
 * first call (with `seed`) and kept; obs sees each finished iteration there.
 * Returns level_choose_move's code, or -1 when the searcher cannot be made or
 * the level is not one of that board's.
 */
int engine_choose(struct engine *e, int player, const struct level_spec *spec, uint64_t seed,
		  const struct pos *p, double clock, search_observer obs, void *user,
		  struct level_move *out)
{
	struct level_state **slot = &e->lstate[player & 1];
	struct level_spec sp = *spec;
	char err[256];
	int rc;

	if (!pos_board8(p))
		return vchoose(e, spec, p, clock, out);
	if (!sp.threads)
		sp.threads = e->threads;
	if (!*slot)
		*slot = level_state_new(&sp, e->eval, e->book, seed, e->tt_megabytes, err,
					sizeof(err));
	if (!*slot)
		return -1;
	atomic_store(&e->state, *slot);
	e->obs = obs;
	e->user = user;
	rc = level_choose_move(spec, *slot, pos_board8(p),
			       clock > 0 ? &(struct level_clock){clock} : NULL, observe, e, out);
	atomic_store(&e->state, NULL);
	return rc;
}

/* Another board: one root move m of p, searched in the position after it; false when the
   search was stopped. */
static bool vscore_move(struct engine *e, struct vsearch *s, const struct pos *p, int m,
			const struct vsearch_limits *lim, struct search_move *out, int *pv,
			int *pv_len, struct engine_score *sum)
{
	struct pos child = *p;
	struct vsearch_result r;

	pos_play(&child, m, pos_flips(p, m));
	if (pos_game_over(&child)) {
		r = (struct vsearch_result){.move = VSQ_NONE,
					    .score = pos_final_score(&child) * 100,
					    .exact = true,
					    .depth = pos_empty_count(&child)};
	} else {
		vsearch_run(s, pos_vboard(&child), lim, &r);
		sum->nodes += r.nodes;
		sum->time += r.time;
		if (engine_stopped(e))
			return false;
	}
	*out = (struct search_move){
	    .move = m, .score = -r.score, .bound = BOUND_EXACT, .depth = r.depth + 1};
	sum->exact = sum->exact && r.exact;
	pv[0] = m;
	*pv_len = 1;
	for (int i = 0; i < r.pv_len && *pv_len < 16; i++)
		pv[(*pv_len)++] = vmove(r.pv[i]);
	return true;
}

/* Another board: p's best move alone (no legal move, or multipv 1). */
static void vscore_best(struct engine *e, struct vsearch *s, const struct pos *p,
			const struct vsearch_limits *lim, bool has_moves, struct engine_score *out)
{
	struct vsearch_result r;

	vsearch_run(s, pos_vboard(p), lim, &r);
	*out = (struct engine_score){.score = r.score,
				     .best_move = vmove(r.move),
				     .depth = r.depth,
				     .exact = r.exact,
				     .done = !engine_stopped(e),
				     .n_moves = has_moves ? 1 : 0,
				     .nodes = r.nodes,
				     .time = r.time};
	out->moves[0] = (struct search_move){out->best_move, r.score, BOUND_EXACT, r.depth};
	out->pv_len = r.pv_len < 16 ? r.pv_len : 16;
	for (int i = 0; i < out->pv_len; i++)
		out->pv[i] = vmove(r.pv[i]);
}

/* The empties from which a search of another board solves exactly when its limits leave
   that to the engine (endgame -1), as the 8×8 search has its own. */
static int vexact_default(enum variant v)
{
	return v == VARIANT_6X6 ? 20 : 14;
}

/* Another board: every legal move searched one ply down, best first (the best alone, with
   the whole time, when the limits' multipv is 0 or 1). */
static int vscore(struct engine *e, const struct pos *p, const struct search_limits *limits,
		  struct engine_score *out)
{
	struct vsearch *s = vsearch_get(e, p->variant);
	vbits moves = pos_moves(p);
	int n = vboard_popcount(moves), pv[16], pv_len;
	int depth = limits->depth; /* 0: no limit but the time */
	struct vsearch_limits lim = {
	    .depth = depth > 1 ? depth - 1 : depth,
	    .endgame = limits->endgame >= 0 ? limits->endgame : vexact_default(p->variant),
	    .time = n > 0 ? limits->time / n : 0};
	bool best_only = !moves || limits->multipv <= 1; /* 0 or 1: the best alone (search.h) */

	if (!s)
		return -1;
	if (best_only) {
		lim.depth = depth;
		lim.time = limits->time;
		vscore_best(e, s, p, &lim, moves != 0, out);
		return 0;
	}
	out->best_move = SQ_NONE;
	out->exact = true;
	for (vbits m = moves; m && out->n_moves < 32; m &= m - 1) {
		struct search_move sm;
		int k;

		if (!vscore_move(e, s, p, vboard_first_square(m), &lim, &sm, pv, &pv_len, out))
			break; /* stopped: what was scored stays, not done */
		for (k = out->n_moves++; k > 0 && out->moves[k - 1].score < sm.score; k--)
			out->moves[k] = out->moves[k - 1];
		out->moves[k] = sm;
		if (k == 0) {
			memcpy(out->pv, pv, sizeof(int) * (size_t)pv_len);
			out->pv_len = pv_len;
		}
	}
	if (out->n_moves == 0) {
		out->exact = false;
		return 0;
	}
	out->best_move = out->moves[0].move;
	out->score = out->moves[0].score;
	out->depth = out->moves[0].depth;
	out->done = !engine_stopped(e);
	return 0;
}

/*
 * Scores p within `lim` (side to move's view): a finished game without a
 * search; on 8×8 one search (every root move with a full window when the
 * limits' multipv covers them), elsewhere every legal move one ply down.
 * 0, or -1 when the searcher cannot be made; out->done is false when the call
 * was stopped first or the search failed.
 */
int engine_score(struct engine *e, const struct pos *p, const struct search_limits *lim,
		 struct engine_score *out)
{
	struct search_result res;
	struct search *s;

	memset(out, 0, sizeof(*out));
	if (pos_game_over(p)) {
		*out = (struct engine_score){.score = pos_final_score(p) * 100,
					     .best_move = SQ_NONE,
					     .depth = pos_empty_count(p),
					     .exact = true,
					     .done = true};
		return 0;
	}
	if (!pos_board8(p))
		return vscore(e, p, lim, out);
	if (!(s = search_get(e)))
		return -1;
	if (search_run(s, pos_board8(p), lim, NULL, NULL, &res) == 0 && !engine_stopped(e)) {
		out->score = res.score;
		out->best_move = res.move;
		out->depth = res.depth;
		out->exact = res.endgame;
		out->bound = (int)res.bound;
		out->n_moves = res.n_moves;
		memcpy(out->moves, res.moves, sizeof(res.moves[0]) * (size_t)res.n_moves);
		out->pv_len = res.pv_len < 16 ? res.pv_len : 16;
		memcpy(out->pv, res.pv, sizeof(int) * (size_t)out->pv_len);
		out->nodes = res.nodes;
		out->time = res.time;
		out->done = true;
	}
	return 0;
}

/*
 * Searches p within `lim`: on 8×8 search_run (obs sees each finished
 * iteration), elsewhere every legal move scored one ply down, written as
 * search.h's result with every root move (obs sees it once, as the one
 * iteration). 0, or non-zero when the search failed or its searcher cannot
 * be made.
 */
int engine_search(struct engine *e, const struct pos *p, const struct search_limits *lim,
		  search_observer obs, void *user, struct search_result *out)
{
	struct engine_score sc;

	if (pos_board8(p)) {
		if (!search_get(e))
			return -1;
		if (engine_stopped(e))
			return 0;
		e->obs = obs;
		e->user = user;
		/* without an observer none is passed: the search then skips the principal
		   variation of each iteration, and its nodes, as search_run alone does */
		return search_run(e->search, pos_board8(p), lim, obs ? observe : NULL, e, out);
	}
	if (engine_score(e, p, lim, &sc) < 0)
		return -1;
	memset(out, 0, sizeof(*out));
	out->move = sc.best_move;
	out->score = sc.score;
	out->bound = BOUND_EXACT;
	out->depth = sc.depth;
	out->endgame = sc.exact;
	out->selectivity = 100;
	out->n_moves = sc.n_moves;
	memcpy(out->moves, sc.moves, sizeof(sc.moves[0]) * (size_t)sc.n_moves);
	out->pv_len = sc.pv_len;
	memcpy(out->pv, sc.pv, sizeof(int) * (size_t)sc.pv_len);
	out->nodes = sc.nodes;
	out->time = sc.time;
	if (obs && sc.done && sc.n_moves > 0) {
		struct search_info info = {.depth = sc.depth,
					   .endgame = sc.exact,
					   .selectivity = 100,
					   .score = sc.score,
					   .bound = BOUND_EXACT,
					   .pv_len = sc.pv_len,
					   .nodes = sc.nodes,
					   .time = sc.time};

		memcpy(info.pv, sc.pv, sizeof(int) * (size_t)sc.pv_len);
		obs(&info, user);
	}
	return 0;
}
