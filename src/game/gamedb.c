/*
 * gamedb.c — what the collected games of every source share: the growing
 * arrays of games and names, replaying a game's moves (with the passes the
 * files leave out), checking a list of moves into a game, and turning a game
 * into a game record (the tree of gametree.h) with its players, tournament,
 * year and result as game information.
 *
 * The readers of the two formats are gamedb-wthor.c and gamedb-logbook.c;
 * gamedb-load.c chooses between them by a file's name. The readers call
 * this file, never the loader.
 */
#include "config.h"

#include "gamedb.h"
#include "grow.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends a copy of `g` to `gs`; 0, or -1 when out of memory. */
int gamedb_games_add(struct gamedb_games *gs, const struct gamedb_game *g)
{
	struct gamedb_game *p = grow_room(gs->g, &gs->cap, gs->n, sizeof(*p), 1024);

	if (!p)
		return -1;
	gs->g = p;
	gs->g[gs->n++] = *g;
	return 0;
}

/* Frees the games of `gs` and empties it. */
void gamedb_games_free(struct gamedb_games *gs)
{
	free(gs->g);
	memset(gs, 0, sizeof(*gs));
}

/* Frees the names of `ns` and empties it. */
void gamedb_names_free(struct gamedb_names *ns)
{
	free(ns->name);
	memset(ns, 0, sizeof(*ns));
}

/* Adds a message (printf's `fmt`) to `s`; 0, or -1 when out of memory. */
int gamedb_skips_add(struct gamedb_skips *s, const char *fmt, ...)
{
	char(*p)[GAMEDB_SKIP_LEN] = grow_room(s->msg, &s->cap, s->n, sizeof(*p), 16);
	va_list ap;

	if (!p)
		return -1;
	s->msg = p;
	va_start(ap, fmt);
	vsnprintf(s->msg[s->n++], GAMEDB_SKIP_LEN, fmt, ap);
	va_end(ap);
	return 0;
}

/* After a fault of a file `name` read leniently or not: with `skips` NULL
   (strict), -1 (the message in `err` stands); else `err` is added to `skips`:
   0, or -1 with a message when memory runs out. */
int gamedb_skip(struct gamedb_skips *skips, const char *name, char *err, size_t errlen)
{
	if (!skips)
		return -1;
	if (gamedb_skips_add(skips, "%s", err) == 0)
		return 0;
	snprintf(err, errlen, "%s: out of memory", name);
	return -1;
}

/* What a reader of the file `name` does with a record it has read: with `rc`
   0, keeps the game g in `out` (1, or -1 with a message when memory runs
   out); with `rc` < 0, the fault in `err` goes to gamedb_skip (0: passed
   over, or -1: the read stops). */
int gamedb_keep(struct gamedb_games *out, const struct gamedb_game *g, int rc,
		struct gamedb_skips *skips, const char *name, char *err, size_t errlen)
{
	if (rc < 0)
		return gamedb_skip(skips, name, err, errlen);
	if (gamedb_games_add(out, g) == 0)
		return 1;
	snprintf(err, errlen, "%s: out of memory", name);
	return -1;
}

/* Frees the messages of `s` and empties it. */
void gamedb_skips_free(struct gamedb_skips *s)
{
	free(s->msg);
	memset(s, 0, sizeof(*s));
}

/* Plays `sq` for the side to move of `*b`, first passing for it when it has no
   move; 0, or -1 with a message ("move 12 (c4) is illegal") when `sq` is not
   a legal move of the side whose turn it then is. `index` is the move's place
   in the game, from 0, for the message. */
static int play_one(struct board *b, enum color *side, int sq, int index, char *err, size_t errlen)
{
	uint64_t flips;

	if (sq < 0 || sq >= 64) {
		snprintf(err, errlen, "move %d is not a square", index + 1);
		return -1;
	}
	if (!board_can_move(b)) {
		if (!board_opponent_can_move(b)) {
			snprintf(err, errlen, "move %d (%s) comes after the end of the game",
				 index + 1, board_square_name(sq));
			return -1;
		}
		board_pass(b);
		*side = *side == BLACK ? WHITE : BLACK;
	}
	if (!board_is_legal(b, sq)) {
		snprintf(err, errlen, "move %d (%s) is illegal", index + 1, board_square_name(sq));
		return -1;
	}
	flips = board_flips(b->own, b->opp, sq);
	board_play(b, sq, flips);
	*side = *side == BLACK ? WHITE : BLACK;
	return 0;
}

/* Replays the first `upto` moves of `g` (all of them if `upto` is negative or
   larger) from the start: `*b` is then the position from the side to move's
   view and `*side` that side (after the pass, if the side to move must pass).
   Returns the moves played, or -1 with a message when a move is illegal. */
int gamedb_replay(const struct gamedb_game *g, struct board *b, enum color *side, int upto,
		  char *err, size_t errlen)
{
	int n = upto < 0 || upto > g->n_moves ? g->n_moves : upto;

	board_start(b);
	*side = BLACK;
	for (int i = 0; i < n; i++)
		if (play_one(b, side, g->moves[i], i, err, errlen) < 0)
			return -1;
	if (!board_can_move(b) && board_opponent_can_move(b)) {
		board_pass(b);
		*side = *side == BLACK ? WHITE : BLACK;
	}
	return n;
}

/* Fills the moves of `out` (its other fields untouched) from the `n` squares
   of `moves`, checking that they replay legally from the start; 0, or -1 with
   a message. */
int gamedb_play_moves(const int *moves, int n, struct gamedb_game *out, char *err, size_t errlen)
{
	struct board b;
	enum color side = BLACK;

	if (n > 60) {
		snprintf(err, errlen, "%d moves (at most 60)", n);
		return -1;
	}
	board_start(&b);
	for (int i = 0; i < n; i++) {
		if (play_one(&b, &side, moves[i], i, err, errlen) < 0)
			return -1;
		out->moves[i] = (uint8_t)moves[i];
	}
	out->n_moves = (uint8_t)n;
	return 0;
}

/* Sets game information field `f` of `r` to the name at `index` of `ns`, if
   there is one; 0, or -1 when out of memory. */
static int set_name(struct game *r, enum game_info_field f, const struct gamedb_names *ns,
		    unsigned index)
{
	if (!ns || index >= ns->n || !ns->name[index][0])
		return 0;
	return game_set_info(r, f, ns->name[index]);
}

/* A new game record of `g`: its moves (with explicit passes, as records keep
   them) and as game information the players and tournament (by their names
   in `players` and `tournaments`, either of which may be NULL), the year as
   the date, the result, and the theoretical score in the game's text. NULL
   with a message when a move is illegal or memory runs out. */
struct game *gamedb_to_record(const struct gamedb_game *g, const struct gamedb_names *players,
			      const struct gamedb_names *tournaments, char *err, size_t errlen)
{
	struct game *r = game_new();
	struct game_node *at;
	char text[96];
	int i = 0;

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	at = r->root;
	while (i < g->n_moves) {
		int move = board_can_move(game_board(at, NULL)) ? g->moves[i++] : SQ_PASS;
		char msg[128];

		if (move == SQ_PASS && !board_opponent_can_move(game_board(at, NULL))) {
			snprintf(err, errlen, "move %d (%s) comes after the end of the game", i + 1,
				 board_square_name(g->moves[i]));
			game_free(r);
			return NULL;
		}

		if (!(at = game_add_move(r, at, move, msg, sizeof(msg)))) {
			snprintf(err, errlen, "move %d (%s): %s", i,
				 board_square_name(g->moves[i - 1]), msg);
			game_free(r);
			return NULL;
		}
	}
	if (set_name(r, INFO_BLACK, players, g->black) < 0 ||
	    set_name(r, INFO_WHITE, players, g->white) < 0 ||
	    set_name(r, INFO_EVENT, tournaments, g->tournament) < 0)
		goto oom;
	if (g->year) {
		snprintf(text, sizeof(text), "%04u", (unsigned)g->year);
		if (game_set_info(r, INFO_DATE, text) < 0)
			goto oom;
	}
	if (g->result != GAMEDB_NO_SCORE) {
		if (g->result == 0)
			snprintf(text, sizeof(text), "0");
		else
			snprintf(text, sizeof(text), "%c+%d", g->result > 0 ? 'B' : 'W',
				 abs(g->result));
		if (game_set_info(r, INFO_RESULT, text) < 0)
			goto oom;
	}
	if (g->theory != GAMEDB_NO_SCORE) {
		snprintf(text, sizeof(text), "Theoretical score at %u empties: Black %+d",
			 (unsigned)g->theory_empties, g->theory);
		if (game_set_info(r, INFO_TEXT, text) < 0)
			goto oom;
	}
	return r;
oom:
	snprintf(err, errlen, "out of memory");
	game_free(r);
	return NULL;
}
