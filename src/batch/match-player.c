/*
 * match-player.c — the players of a match, made from a specification:
 *
 *   specification     player
 *   ----------------  ------------------------------------------------------
 *   LEVEL             one of our levels by name or setting (see level.h),
 *                     played in this process
 *   random            a uniformly random legal move, drawn from the game's
 *                     seed (a fast opponent for tests of the harness)
 *   engine:CMD        an external engine started as `sh -c CMD`, speaking
 *   gtp:CMD           GTP (match-extern.c)
 *   nboard:CMD        an external engine speaking NBoard
 *
 * and, made by match_player_new_search rather than from a specification, a
 * fixed-depth search with an evaluation of the caller's (the players of
 * `othello train match`): D plies, exact from E empties, with evaluation
 * noise seeded by the game's seed (none in a game of seed 0), and a search
 * table kept through a game and cleared for the next; and, made by
 * match_player_new_call, a player whose moves a function of the caller's
 * chooses (self-play that keeps what it learns of each position, train.c).
 *
 * Per-player options (time per move, depth, noise, time-out) come from the
 * command line; a level keeps its own settings where they are 0.
 */
#include "match-int.h"

#include "match-level.h"
#include "search.h"
#include "square.h"

#include <stdlib.h>
#include <string.h>

/* A step of the xorshift64* generator; the state must not be 0. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* Which kind of player `spec` names; `*arg` points past a prefix. */
static int classify(const char *spec, const char **arg)
{
	static const struct {
		const char *prefix;
		enum match_player_kind kind;
	} prefixes[] = {{"engine:", MP_GTP}, {"gtp:", MP_GTP}, {"nboard:", MP_NBOARD}};

	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
		size_t n = strlen(prefixes[i].prefix);

		if (strncmp(spec, prefixes[i].prefix, n) == 0) {
			*arg = spec + n;
			return prefixes[i].kind;
		}
	}
	*arg = spec;
	return strcmp(spec, "random") == 0 ? MP_RANDOM : MP_LEVEL;
}

/* True if `spec` names a player (see the table above); else false with a
   message. External commands are not started here. */
bool match_player_check_spec(const char *spec, char *err, size_t errlen)
{
	const char *arg;
	int kind = classify(spec, &arg);

	if (strlen(spec) >= REPORT_NAME_LEN) {
		snprintf(err, errlen, "'%.20s...': player specification too long", spec);
		return false;
	}
	if ((kind == MP_GTP || kind == MP_NBOARD) && arg[strspn(arg, " \t")] == '\0') {
		snprintf(err, errlen, "'%s': no command after the colon", spec);
		return false;
	}
	if (kind == MP_LEVEL)
		return level_player_check(spec, err, errlen);
	return true;
}

/* True if `spec` names one of our levels (which plays with our evaluation),
   false for `random` and the external engines. */
bool match_player_is_level(const char *spec)
{
	const char *arg;

	return classify(spec, &arg) == MP_LEVEL;
}

/* Makes the player `spec` names, with options `opt`. Returns it, or NULL
   with a message. An external engine is started at its first game. */
struct match_player *match_player_new(const char *spec, const struct match_player_options *opt,
				      char *err, size_t errlen)
{
	struct match_player *p;
	const char *arg;

	if (!match_player_check_spec(spec, err, errlen))
		return NULL;
	p = calloc(1, sizeof *p);
	if (!p) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	p->kind = (enum match_player_kind)classify(spec, &arg);
	snprintf(p->spec, sizeof p->spec, "%s", spec);
	snprintf(p->command, sizeof p->command, "%s", arg);
	p->opt = *opt;
	p->base_time = opt->time;
	p->rng = 1;
	if (p->kind == MP_LEVEL) {
		p->level = level_player_new(spec, opt, err, errlen);
		if (!p->level) {
			free(p);
			return NULL;
		}
		if (level_player_note(p->level)[0]) /* one a line, as match-extern.c's */
			snprintf(p->notes, sizeof p->notes, "%.*s\n", (int)sizeof p->notes - 2,
				 level_player_note(p->level));
	}
	return p;
}

/* Makes a fixed-depth search player (see the top of the file): `depth`
   plies, exact from `endgame` empties, `noise` percent of evaluation noise
   in games with a seed, evaluation `ev` (not NULL; shared, read-only,
   outlives the player), a `tt_mb` megabyte table. Returns it, or NULL with a message. */
struct match_player *match_player_new_search(const struct eval *ev, int depth, int endgame,
					     int noise, size_t tt_mb, char *err, size_t errlen)
{
	struct match_player *p = calloc(1, sizeof *p);

	if (!p || !(p->search = search_new(tt_mb, ev))) {
		free(p);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	p->kind = MP_SEARCH;
	snprintf(p->spec, sizeof p->spec, "search");
	p->depth = depth;
	p->endgame = endgame;
	p->noise = noise;
	p->rng = 1;
	return p;
}

/* Makes a player whose moves `choose` chooses, with `state` (the caller's, outliving the
   player): on any board, without reasoning; a failure of `choose` loses the game. Returns it,
   or NULL with a message. */
struct match_player *match_player_new_call(match_choose_fn choose, void *state, char *err,
					   size_t errlen)
{
	struct match_player *p = calloc(1, sizeof *p);

	if (!p) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	p->kind = MP_CALL;
	snprintf(p->spec, sizeof p->spec, "call");
	p->choose = choose;
	p->choose_state = state;
	p->rng = 1;
	return p;
}

/* The search player's move in `b`. Returns 0, or -1 with a message. */
static int search_genmove(struct match_player *p, const struct board *b, struct match_move *out,
			  char *err, size_t errlen)
{
	struct search_limits lim = {0};
	struct search_result r;

	lim.noise_seed = p->seed;
	lim.noise_percent = p->seed ? p->noise : 0;
	lim.endgame = p->endgame;
	lim.depth = board_empty_count(b) <= p->endgame ? 0 : p->depth;
	if (search_run(p->search, b, &lim, NULL, NULL, &r) != 0) {
		snprintf(err, errlen, "the search failed");
		return -1;
	}
	out->move = r.move;
	return 0;
}

/* Stops the player's engine and frees it; NULL is ignored. */
void match_player_free(struct match_player *p)
{
	if (!p)
		return;
	match_extern_stop(p);
	level_player_free(p->level);
	search_free(p->search);
	free(p);
}

/* After the player lost a game by forfeit: an external engine, whose state is
   then unknown (it answered an illegal move or no move, refused a command,
   timed out), is stopped, to be started afresh for the next game. */
void match_player_forfeited(struct match_player *p)
{
	if (p->kind == MP_GTP || p->kind == MP_NBOARD)
		match_extern_stop(p);
}

/* Prepares the player for a new game from `o` with random seed `seed`.
   Returns 0, or -1 with the reason it cannot play (it then loses the game). */
int match_player_new_game(struct match_player *p, const struct match_opening *o, uint64_t seed,
			  char *err, size_t errlen)
{
	p->seed = seed;
	p->rng = seed ? seed : 0x9e3779b97f4a7c15ULL;
	if ((p->kind == MP_GTP || p->kind == MP_NBOARD || p->kind == MP_SEARCH) &&
	    !pos_board8(&o->start)) {
		snprintf(err, errlen, "%s plays on 8x8 only, not on %s",
			 p->kind == MP_SEARCH ? "a fixed-depth search" : "an external engine",
			 square_variant_name(o->start.variant));
		return -1;
	}
	if (p->kind == MP_GTP || p->kind == MP_NBOARD)
		return match_extern_new_game(p, o, err, errlen);
	if (p->kind == MP_LEVEL)
		return level_player_new_game(p->level, seed, err, errlen);
	if (p->kind == MP_SEARCH)
		search_clear(p->search);
	return 0;
}

/* The player's move in `b` (`side` to move, which has a legal move), with its
   reasoning when it has one. Returns 0, or -1 with the reason the player
   loses the game. The move may still be illegal: the caller checks. */
int match_player_genmove(struct match_player *p, const struct pos *b, enum color side,
			 struct match_move *out, char *err, size_t errlen)
{
	sqset moves = pos_moves(b);
	int k;

	memset(out, 0, sizeof *out);
	out->move = SQ_NONE;
	if ((p->kind == MP_GTP || p->kind == MP_NBOARD || p->kind == MP_SEARCH) && !pos_board8(b)) {
		snprintf(err, errlen, "this player plays on 8x8 only");
		return -1;
	}
	switch (p->kind) {
	case MP_GTP:
	case MP_NBOARD:
		return match_extern_genmove(p, pos_board8(b), side, out, err, errlen);
	case MP_LEVEL:
		return level_player_genmove(p->level, b, side, out, err, errlen);
	case MP_SEARCH:
		return search_genmove(p, pos_board8(b), out, err, errlen);
	case MP_CALL:
		return p->choose(p->choose_state, b, side, &out->move, err, errlen);
	case MP_RANDOM:
		if (!moves) {
			out->move = SQ_PASS;
			return 0;
		}
		k = (int)(next_random(&p->rng) % (uint64_t)sqset_count(moves));
		while (k--)
			moves &= moves - 1;
		out->move = sqset_first(moves);
		out->has_reasoning = true;
		out->reasoning.source = SOURCE_RANDOM;
		snprintf(out->reasoning.level, sizeof out->reasoning.level, "random");
		return 0;
	}
	return -1;
}

/* Tells the player that `who` played `move` (SQ_PASS for a pass) — the other
   side's moves, and every pass. Returns 0, or -1 with the reason the player
   loses the game. */
int match_player_tell(struct match_player *p, enum color who, int move, char *err, size_t errlen)
{
	if (p->kind == MP_GTP || p->kind == MP_NBOARD)
		return match_extern_tell(p, who, move, err, errlen);
	return 0;
}

/* Sets the time per move of the player (0 = its own setting, or the one it
   was made with); the GTP server sets it from the time commands. */
void match_player_set_time(struct match_player *p, double seconds)
{
	if (seconds <= 0)
		seconds = p->base_time;
	p->opt.time = seconds;
	if (p->kind == MP_LEVEL)
		level_player_set_time(p->level, seconds);
}

/* Sets the time left on the player's game clock for its next move (0: no
   clock); our levels divide it over the moves they still have to play. */
void match_player_set_clock(struct match_player *p, double seconds)
{
	if (p->kind == MP_LEVEL)
		level_player_set_clock(p->level, seconds);
}

/* The seconds the player has for each whole game (0: no game clock). */
double match_player_game_time(const struct match_player *p)
{
	return p->opt.game_time;
}

/* Moves the notes the player gathered (an external engine that refused a
   command and went on without it, each noted once; one a line) into `out`.
   Returns true if there were any. */
bool match_player_take_notes(struct match_player *p, char *out, size_t len)
{
	if (!p->notes[0])
		return false;
	snprintf(out, len, "%s", p->notes);
	p->notes[0] = '\0';
	return true;
}
