/*
 * ladder.c — the ladder of levels: each level against the next one down, in
 * process, from varied balanced openings played with colours swapped.
 *
 * Openings: from the start, each ply picks uniformly among the moves a
 * 6-ply search scores within 1.5 discs of the best (all moves scored with an
 * open window); an opening whose final position a 10-ply search scores
 * beyond 3 discs either way is drawn again. The same openings serve every
 * rung; they are drawn with the built-in classic weights whatever evaluation
 * the levels play with, so that they stay the same. Game k of a rung plays
 * opening k / 2 with the stronger level Black when k is even, White when
 * odd. Seeds: the openings come from the ladder's seed; in each game the
 * weaker level is seeded with a hash of that seed, the rung and the game
 * number, the stronger one with that hash plus one (a level's own --seed is
 * ignored).
 *
 * Games are played by the match game loop (match_play_game) between level
 * players (match-level.c) sharing the ladder's book and evaluation; as in a
 * match, a level that must pass is not asked (its generator does not
 * advance). They run on the
 * job pool (jobs.c): each pool thread has its own player for each level,
 * made when first needed. The table does not depend on the number of
 * threads unless a level is timed. The strongest rung is played first, so
 * that the slow games spread over the threads; no game starts after
 * max_time seconds.
 *
 * Elo: each rung's Elo difference and its 95 % error bars are those of
 * report-stats.c for the rung's games (failed ones left out); a level's Elo
 * above the weakest adds the rungs below it up, with error bars sqrt(sum of
 * the squared half-widths) (the rungs are independent samples). A rung won
 * 100 % gives a bound only, and so does every sum that includes it.
 */
#include "ladder.h"

#include "eval.h"
#include "jobs.h"
#include "parse.h"
#include "report-stats.h"
#include "rng.h"
#include "search.h"
#include "timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Adds the level `text` (level_parse's text; it must outlive the ladder) as
   the next stronger one. Returns 0, or -1 with a message. */
int ladder_add_level(struct ladder *l, const char *text, char *err, size_t errlen)
{
	char msg[256];

	if (l->n_levels >= LADDER_MAX_LEVELS) {
		snprintf(err, errlen, "at most %d levels", LADDER_MAX_LEVELS);
		return -1;
	}
	if (level_parse(text, &l->specs[l->n_levels], msg, sizeof msg) < 0 ||
	    !match_player_check_spec(text, msg, sizeof msg)) {
		snprintf(err, errlen, "level '%s': %s", PARSE_SHOW_TEXT(text), msg);
		return -1;
	}
	l->texts[l->n_levels++] = text;
	return 0;
}

/* Draws one opening of `plies` plies into `o`, each move among those a 6-ply search scores
   within 1.5 discs of the best (match_balanced_pick); false when it is not balanced (a
   depth-10 search gives more than 3 discs to one side) or holds a pass. */
static bool draw_opening(struct search *s, int plies, uint64_t *rng, struct match_opening *o)
{
	struct search_limits lim = {.depth = 10};
	struct search_result r;
	struct board b, start;
	struct pos from;
	char err[100];
	int moves[16], n;

	n = match_balanced_pick(s, plies < 16 ? plies : 16, 6, 150, rng, moves, &b);
	if (n < plies || !board_can_move(&b))
		return false;
	for (int i = 0; i < n; i++)
		if (moves[i] == SQ_PASS)
			return false;
	if (search_run(s, &b, &lim, NULL, NULL, &r) != 0 || r.score > 300 || r.score < -300)
		return false;
	board_start(&start);
	pos_set_board(&from, &start);
	return match_opening_moves(&from, BLACK, moves, n, o, err, sizeof err) == 0;
}

/* Draws `n` distinct balanced openings of `plies` plies; returns 0 or -1. */
static int make_openings(struct match_opening *op, int n, int plies, uint64_t seed)
{
	struct eval *ev = eval_new_default();
	struct search *s = ev ? search_new(16, ev) : NULL;
	uint64_t rng = seed;
	int k = 0, tries = 0;

	if (!s) {
		eval_free(ev);
		return -1;
	}
	while (k < n && tries++ < 100 * n) {
		bool dup = false;

		if (!draw_opening(s, plies, &rng, &op[k]))
			continue;
		for (int j = 0; j < k && !dup; j++) {
			struct board a, c;

			board_canonical(pos_board8(&op[j].board), &a, NULL);
			board_canonical(pos_board8(&op[k].board), &c, NULL);
			dup = a.own == c.own && a.opp == c.opp;
		}
		k += !dup;
	}
	search_free(s);
	eval_free(ev);
	return k == n ? 0 : -1;
}

/* A pool thread's own: a player for each level, made when first needed. */
struct ladder_hand {
	struct match_player *players[LADDER_MAX_LEVELS]; /* weakest first, NULL until needed */
	char err[300];					 /* why one could not be made */
};

static void *hand_new(void *ctx)
{
	(void)ctx;
	return calloc(1, sizeof(struct ladder_hand));
}

static void hand_free(void *state)
{
	struct ladder_hand *h = state;

	for (int i = 0; i < LADDER_MAX_LEVELS; i++)
		match_player_free(h->players[i]);
	free(h);
}

/* The thread's player for level `i`, or NULL with a message in h->err. */
static struct match_player *hand_player(const struct ladder *l, struct ladder_hand *h, int i)
{
	struct match_player_options opt = {.game_time = l->game_time,
					   .eval = l->eval,
					   .threads = l->specs[i].threads ? 0 : l->threads,
					   .shared_book = l->book,
					   .hash_mb = l->tt_megabytes};

	if (!h->players[i])
		h->players[i] = match_player_new(l->texts[i], &opt, h->err, sizeof h->err);
	return h->players[i];
}

/* No game starts after max_time, nor when the caller says to stop. */
static bool ladder_skip(void *ctx, size_t item)
{
	struct ladder *l = ctx;

	(void)item;
	return (l->max_time > 0 && timer_now() - l->t0 > l->max_time) ||
	       (l->go_on && !l->go_on(l->user));
}

/* Plays game `item` through the match game loop; -1 when a player cannot be made. */
static int ladder_work(void *ctx, void *state, size_t item)
{
	struct ladder *l = ctx;
	struct ladder_hand *h = state;
	struct ladder_game *g = &l->games[item];
	struct match_player *weak = hand_player(l, h, g->rung),
			    *strong = weak ? hand_player(l, h, g->rung + 1) : NULL;
	bool strong_black = g->index % 2 == 0;
	uint64_t seed =
	    l->seed ^ (0x9E3779B97F4A7C15ULL * (uint64_t)(g->rung * 100003 + g->index + 1));
	struct match_table t = {
	    .player = {strong_black ? strong : weak, strong_black ? weak : strong},
	    .name = {"black", "white"},
	    .opening = &l->openings[g->index / 2],
	    .number = (int)item + 1,
	    .seed = {strong_black ? seed + 1 : seed, strong_black ? seed : seed + 1}};
	struct report_game out;
	double spent[2];
	enum match_end end;

	if (!strong)
		return -1;
	end = match_play_game(&t, &out, spent, NULL);
	g->played = true;
	g->failed = end == MATCH_END_FORFEIT;
	g->timeout = end == MATCH_END_TIME;
	g->diff = strong_black ? out.gap : -out.gap;
	g->time[0] = spent[strong_black ? WHITE : BLACK];
	g->time[1] = spent[strong_black ? BLACK : WHITE];
	return 0;
}

/* Counts a game that ended; passes on why a player could not be made. */
static int ladder_finish(void *ctx, void *state, size_t item, int rc)
{
	struct ladder *l = ctx;
	const struct ladder_hand *h = state;

	(void)item;
	if (rc < 0) {
		snprintf(l->err, sizeof l->err, "%s", h->err);
		return -1;
	}
	l->done++;
	if (l->progress && l->done % 10 == 0)
		l->progress(l->done, l->n_games, l->user);
	return 0;
}

/* Draws the openings and plays every rung (see the top of the file) into
   l->games (freed by ladder_free). Returns 0, or -1 with a message when the
   openings cannot be drawn, memory runs out or a level player cannot be
   made. */
int ladder_run(struct ladder *l, char *err, size_t errlen)
{
	struct jobs j = {.threads = l->jobs,
			 .ctx = l,
			 .skip = ladder_skip,
			 .start = hand_new,
			 .stop = hand_free,
			 .work = ladder_work,
			 .finish = ladder_finish};

	l->t0 = timer_now();
	l->done = 0;
	l->n_games = l->games_per_rung * (l->n_levels - 1);
	l->openings = calloc((size_t)l->games_per_rung / 2, sizeof *l->openings);
	l->games = calloc((size_t)l->n_games, sizeof *l->games);
	if (!l->openings || !l->games) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (l->variant != VARIANT_8X8) { /* another board: its balanced random openings */
		struct match_openings list;

		if (match_openings_draw(l->variant, l->eval, l->games_per_rung / 2, l->plies,
					l->seed, &list, err, errlen) < 0)
			return -1;
		memcpy(l->openings, list.v, (size_t)list.n * sizeof *list.v);
		match_openings_free(&list);
	} else if (make_openings(l->openings, l->games_per_rung / 2, l->plies, l->seed) < 0) {
		snprintf(err, errlen, "could not draw %d distinct balanced openings",
			 l->games_per_rung / 2);
		return -1;
	}
	for (int r = l->n_levels - 2, k = 0; r >= 0; r--)
		for (int i = 0; i < l->games_per_rung; i++, k++) {
			l->games[k].rung = r;
			l->games[k].index = i;
		}
	j.items = (size_t)l->n_games;
	if (jobs_run(&j) < 0) {
		snprintf(err, errlen, "%s", l->err[0] ? l->err : "out of memory or threads");
		return -1;
	}
	return 0;
}

/* Frees what ladder_run made (the levels and what the caller set are left). */
void ladder_free(struct ladder *l)
{
	free(l->openings);
	free(l->games);
	l->openings = NULL;
	l->games = NULL;
}

/* Adds up the games of rung `r` (the stronger level's view) into `out`. */
void ladder_rung_count(const struct ladder *l, int r, struct ladder_rung *out)
{
	memset(out, 0, sizeof *out);
	for (int i = 0; i < l->n_games; i++) {
		const struct ladder_game *g = &l->games[i];

		if (g->rung != r)
			continue;
		if (!g->played) {
			out->cut++;
			continue;
		}
		if (g->failed) {
			out->failed++;
			continue;
		}
		out->games++;
		out->timeouts += g->timeout;
		out->sum_diff += g->diff;
		out->wins += g->diff > 0;
		out->draws += g->diff == 0;
		out->losses += g->diff < 0;
		out->time[0] += g->time[0];
		out->time[1] += g->time[1];
	}
}

/* The statistics of rung `r` (its stronger level first), from its played games. */
static void rung_stats(const struct ladder *l, int r, struct stats_match *out)
{
	struct report_game g;

	memset(&g, 0, sizeof g);
	snprintf(g.end, sizeof g.end, "end");
	stats_match_start(out, "stronger", "weaker");
	for (int i = 0; i < l->n_games; i++) {
		const struct ladder_game *x = &l->games[i];
		bool strong_black = x->index % 2 == 0;

		if (x->rung != r || !x->played || x->failed)
			continue;
		snprintf(g.black, sizeof g.black, "%s", strong_black ? "stronger" : "weaker");
		snprintf(g.white, sizeof g.white, "%s", strong_black ? "weaker" : "stronger");
		g.gap = strong_black ? x->diff : -x->diff;
		stats_match_add(out, &g);
	}
	stats_match_finish(out);
}

/* Fills bars[0..n_levels-1], strongest first, with each level's Elo above the
   weakest (see the top of the file), their text in ASCII ("+-", ">=") when
   `ascii`, else with the signs "±", "≥". */
void ladder_elo(const struct ladder *l, struct report_svg_bar *bars, bool ascii)
{
	double elo = 0, var = 0;
	int bound = 0; /* 1: a sum of rungs won 100 %, -1: lost 100 %, 2: both */
	bool known = true;

	for (int i = 0; i < l->n_levels; i++) {
		struct report_svg_bar *b = &bars[l->n_levels - 1 - i];
		struct stats_match s;

		if (i > 0) {
			rung_stats(l, i - 1, &s);
			known = known && s.games > 0;
			elo += s.elo;
			var += s.elo_error * s.elo_error;
			if (s.elo_bound)
				bound = bound == 0 || bound == (stats_bound_above(&s) ? 1 : -1)
					    ? (stats_bound_above(&s) ? 1 : -1)
					    : 2;
		}
		level_format(&l->specs[i], b->label, sizeof b->label);
		b->elo = known && bound != 2 ? elo : 0;
		b->error = known && bound != 2 ? sqrt(var) : 0;
		b->bound = bound != 0;
		if (!known || bound == 2)
			snprintf(b->value, sizeof b->value, "%s",
				 known ? "no estimate (sweeps both ways)" : "no games");
		else if (i == 0)
			snprintf(b->value, sizeof b->value, "0");
		else if (bound)
			snprintf(b->value, sizeof b->value, "%s %+.0f",
				 bound > 0 ? (ascii ? ">=" : "\xe2\x89\xa5")
					   : (ascii ? "<=" : "\xe2\x89\xa4"),
				 elo);
		else
			snprintf(b->value, sizeof b->value, "%+.0f %s %.0f", elo,
				 ascii ? "+-" : "\xc2\xb1", b->error);
	}
}
