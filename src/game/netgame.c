/*
 * netgame.c — one game of the game server (netgame.h): made, changed by
 * `update` lines, written as a snapshot, a lobby line, a game record and a
 * journal, and read back from a snapshot or a journal.
 *
 * The moves are kept as the server charged them (square, time taken, clock
 * after) and the position after them; a takeback replays the moves it keeps
 * from the start. Each change is checked as the server checks it (the right
 * side, a legal move, a pass only without a move), so a client's mirror
 * refuses what the rules refuse even if a server sent it.
 *
 * The journal of a game (the server's file GAME.journal) is text lines:
 *
 *   | line                                                    | meaning |
 *   |---------------------------------------------------------|---------|
 *   | `journal 1 GAME BLACK BLOGIN WHITE WLOGIN CONTROL START CREATED` | the game made (CREATED:
 * seconds since 1970) | | `update GAME SEQ move|end|takeback|state ...`            | as sent
 * (doc/protocol.md) |
 *
 * A last line without its LF is a write that a crash cut: it is not read.
 */
#include "config.h"

#include "netgame.h"

#include "square.h"
#include "timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The names of enum netgame_state, as the wire writes them. */
static const char *const state_names[] = {"play", "paused", "adjourned", "over"};

/* The wire's word for a state. */
const char *netgame_state_name(enum netgame_state s)
{
	return state_names[s];
}

/* The state a word names, or -1. */
static int state_parse(const char *w)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(w, state_names[i]) == 0)
			return i;
	return -1;
}

/* Copies at most max bytes of s into dst[max + 1]. */
static void copy(char *dst, const char *s, size_t max)
{
	size_t n = strlen(s);

	if (n > max)
		n = max;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

/*
 * Makes a game at the standard start, Black to move, both clocks full, in
 * play, update 0, with no watchers. `names` and `logins` are Black's and
 * White's. NULL when out of memory.
 */
struct netgame *netgame_new(long id, const char *const names[2], const char *const logins[2],
			    const struct proto_control *control, long created, double now)
{
	struct netgame *g = calloc(1, sizeof *g);

	if (!g)
		return NULL;
	g->id = id;
	g->state = NETGAME_PLAY;
	for (int c = 0; c < 2; c++) {
		copy(g->player[c].name, names[c], PROTO_NAME_MAX);
		/* as every line shows it, so that it reads back the same */
		proto_clean(logins[c], strlen(logins[c]), g->player[c].login,
			    sizeof g->player[c].login);
		g->player[c].presence = NETGAME_HERE;
		g->clock[c] = control->base_ms;
	}
	g->control = *control;
	g->stamp = now;
	pos_start(&g->pos, VARIANT_8X8);
	g->turn = BLACK;
	g->you = -1;
	g->created = created;
	return g;
}

/* Frees a game (NULL is fine). */
void netgame_free(struct netgame *g)
{
	if (!g)
		return;
	for (int i = 0; i < g->n_watchers; i++)
		free(g->watchers[i]);
	free(g->watchers);
	free(g);
}

/* True when neither side can move. */
bool netgame_board_over(const struct netgame *g)
{
	return pos_game_over(&g->pos);
}

/* True when the side to move has no move but the game is not over: the
   server passes for it. */
bool netgame_must_pass(const struct netgame *g)
{
	return pos_moves(&g->pos) == 0 && !pos_game_over(&g->pos);
}

/* True when `sq` (a square or SQ_PASS) is a legal move for the side to move
   of a game that goes on. */
bool netgame_legal(const struct netgame *g, int sq)
{
	if (g->state == NETGAME_OVER || g->n_moves >= NETGAME_MAX_PLIES)
		return false;
	if (sq == SQ_PASS)
		return netgame_must_pass(g);
	return sq >= 0 && sq < 64 && pos_flips(&g->pos, sq) != 0;
}

/* The result the board gives ("B+12", "0"); the empty squares go to the
   winner. Only for a board that is over. */
void netgame_board_result(const struct netgame *g, char out[NETGAME_RESULT_LEN])
{
	int score = pos_final_score(&g->pos);

	if (g->turn == WHITE)
		score = -score;
	if (score == 0)
		snprintf(out, NETGAME_RESULT_LEN, "0");
	else
		snprintf(out, NETGAME_RESULT_LEN, "%c+%d", score > 0 ? 'B' : 'W', abs(score));
}

/* True for a RESULT word of doc/protocol.md: "0", "Void", or B+ or W+ with
   a score of 1 to 64, R, T or F. */
static bool result_word(const char *w)
{
	size_t n = strlen(w);

	if (strcmp(w, "0") == 0 || strcmp(w, "Void") == 0)
		return true;
	if (n < 3 || (w[0] != 'B' && w[0] != 'W') || w[1] != '+')
		return false;
	if (n == 3 && strchr("RTF", w[2]))
		return true;
	if (n > 4 || w[2] < '1' || w[2] > '9' || (n == 4 && (w[3] < '0' || w[3] > '9')))
		return false;
	return atoi(w + 2) <= 64;
}

/* True for a REASON word: 1 to 15 lower-case letters (those of the
   protocol, and any a later server adds). */
static bool reason_word(const char *w)
{
	size_t n = strlen(w);

	return n > 0 && n < 16 && strspn(w, "abcdefghijklmnopqrstuvwxyz") == n;
}

/* True for a game that is in play or paused (seats taken, not adjourned). */
bool netgame_in_progress(const struct netgame *g)
{
	return g->state == NETGAME_PLAY || g->state == NETGAME_PAUSED;
}

/* Colour c's clock at `now`: it runs for the side to move of a game in play,
   and stops at 0. */
long netgame_clock(const struct netgame *g, enum color c, double now)
{
	long ms = g->clock[c];

	if (g->state == NETGAME_PLAY && c == g->turn && now > g->stamp)
		ms -= lround((now - g->stamp) * 1000.0);
	return ms > 0 ? ms : 0;
}

/* The ms an away player of colour c has left to come back at `now` (0 when
   it is not away). */
long netgame_away_left(const struct netgame *g, enum color c, double now)
{
	long ms;

	if (g->player[c].presence != NETGAME_AWAY)
		return 0;
	ms = g->player[c].away_ms - (now > g->stamp ? lround((now - g->stamp) * 1000.0) : 0);
	return ms > 0 ? ms : 0;
}

/* BLACK or WHITE for the seat of `name` with `login` (login NULL: any), or -1. */
int netgame_seat_of(const struct netgame *g, const char *name, const char *login)
{
	for (int c = 0; c < 2; c++)
		if (proto_name_equal(g->player[c].name, name) &&
		    (!login || strcmp(g->player[c].login, login) == 0))
			return c;
	return -1;
}

/* The wire's presence word of colour c at `now`: here, away:MS, gone. */
void netgame_presence_word(const struct netgame *g, enum color c, double now, char out[32])
{
	switch (g->player[c].presence) {
	case NETGAME_HERE:
		snprintf(out, 32, "here");
		break;
	case NETGAME_AWAY:
		snprintf(out, 32, "away:%ld", netgame_away_left(g, c, now));
		break;
	case NETGAME_GONE:
		snprintf(out, 32, "gone");
		break;
	}
}

/* Reads a presence word into colour c's player; false if it is none. */
static bool presence_parse(struct netgame_player *p, const char *w)
{
	if (strcmp(w, "here") == 0)
		p->presence = NETGAME_HERE, p->away_ms = 0;
	else if (strcmp(w, "gone") == 0)
		p->presence = NETGAME_GONE, p->away_ms = 0;
	else if (strncmp(w, "away:", 5) == 0 && proto_ms_parse(w + 5, &p->away_ms))
		p->presence = NETGAME_AWAY;
	else
		return false;
	return true;
}

/* Reads both clocks from words w[0], w[1]; false if they are not MS. */
static bool clocks_parse(char *const *w, long out[2])
{
	return proto_ms_parse(w[0], &out[0]) && proto_ms_parse(w[1], &out[1]);
}

/* Plays `sq` (legal: netgame_legal) as the side to move; the turn passes. */
static void play(struct netgame *g, int sq, long took, long left)
{
	if (sq == SQ_PASS)
		pos_pass(&g->pos);
	else
		pos_play(&g->pos, sq, pos_flips(&g->pos, sq));
	g->move[g->n_moves++] = (struct netgame_move){sq, took, left};
	g->turn = g->turn == BLACK ? WHITE : BLACK;
}

/* Takes the moves back to the first `plies`, replaying those from the start. */
static void take_back(struct netgame *g, int plies)
{
	struct netgame_move kept[NETGAME_MAX_PLIES];

	memcpy(kept, g->move, sizeof kept[0] * (size_t)plies);
	g->n_moves = 0;
	pos_start(&g->pos, VARIANT_8X8);
	g->turn = BLACK;
	for (int i = 0; i < plies; i++)
		play(g, kept[i].sq, kept[i].took_ms, kept[i].left_ms);
}

/* The watcher named `name`'s index, or -1. */
static int watcher_index(const struct netgame *g, const char *name)
{
	for (int i = 0; i < g->n_watchers; i++)
		if (proto_name_equal(g->watchers[i], name))
			return i;
	return -1;
}

/* Adds a watcher by name (once). 0, or -1 when out of memory. */
int netgame_watcher_add(struct netgame *g, const char *name)
{
	char **w, *copy_of;

	if (watcher_index(g, name) >= 0)
		return 0;
	w = realloc(g->watchers, sizeof *w * (size_t)(g->n_watchers + 1));
	if (!w)
		return -1;
	g->watchers = w;
	if (!(copy_of = strdup(name)))
		return -1;
	g->watchers[g->n_watchers++] = copy_of;
	return 0;
}

/* Removes a watcher by name; false if it was not one. */
bool netgame_watcher_remove(struct netgame *g, const char *name)
{
	int i = watcher_index(g, name);

	if (i < 0)
		return false;
	free(g->watchers[i]);
	g->watchers[i] = g->watchers[--g->n_watchers];
	return true;
}

/* Applies the fields of an update of kind `kind` (w[0..n): the words after
   the kind). 0, or -1 with a message. */
static int apply_kind(struct netgame *g, const char *kind, char *const *w, int n, double now,
		      char *err, size_t errlen)
{
	long clocks[2];

	/* the time to come back of an away player counts from now on */
	for (int c = 0; c < 2; c++)
		g->player[c].away_ms = netgame_away_left(g, (enum color)c, now);
	if (strcmp(kind, "move") == 0) {
		int c = n >= 5 ? proto_color_parse(w[0]) : -1;
		int sq = n >= 5 ? proto_square_parse(w[1]) : -1;
		long took;

		if (c < 0 || sq < 0 || !proto_ms_parse(w[2], &took) ||
		    !clocks_parse(w + 3, clocks)) {
			snprintf(err, errlen, "usage: move COLOR SQUARE TOOK CLOCKB CLOCKW");
			return -1;
		}
		if (g->state == NETGAME_OVER || g->state == NETGAME_ADJOURNED) {
			snprintf(err, errlen, "a move in a game that is %s",
				 netgame_state_name(g->state));
			return -1;
		}
		if (c != (int)g->turn) {
			snprintf(err, errlen, "a move by %s, but %s is to move", w[0],
				 proto_color_name(g->turn));
			return -1;
		}
		if (!netgame_legal(g, sq)) {
			snprintf(err, errlen, "%s is not a legal move for %s", w[1], w[0]);
			return -1;
		}
		play(g, sq, took, clocks[c]);
	} else if (strcmp(kind, "end") == 0) {
		if (n < 4 || !clocks_parse(w + 2, clocks) || !result_word(w[0]) ||
		    !reason_word(w[1])) {
			snprintf(err, errlen, "usage: end RESULT REASON CLOCKB CLOCKW");
			return -1;
		}
		copy(g->result, w[0], NETGAME_RESULT_LEN - 1);
		copy(g->reason, w[1], sizeof g->reason - 1);
		g->state = NETGAME_OVER;
	} else if (strcmp(kind, "takeback") == 0) {
		long plies;

		if (n < 3 || !proto_ms_parse(w[0], &plies) || !clocks_parse(w + 1, clocks)) {
			snprintf(err, errlen, "usage: takeback PLIES CLOCKB CLOCKW");
			return -1;
		}
		if (plies > g->n_moves) {
			snprintf(err, errlen, "a takeback to move %ld of %d", plies, g->n_moves);
			return -1;
		}
		take_back(g, (int)plies);
	} else if (strcmp(kind, "state") == 0) {
		int s = n >= 3 ? state_parse(w[0]) : -1;

		if (s < 0 || s == NETGAME_OVER || !clocks_parse(w + 1, clocks)) {
			snprintf(err, errlen, "usage: state play|paused|adjourned CLOCKB CLOCKW");
			return -1;
		}
		g->state = (enum netgame_state)s;
	} else if (strcmp(kind, "presence") == 0) {
		int c = n >= 4 ? proto_color_parse(w[0]) : -1;
		struct netgame_player p;

		if (c < 0 || !presence_parse(&p, w[1]) || !clocks_parse(w + 2, clocks)) {
			snprintf(err, errlen,
				 "usage: presence COLOR here|away:MS|gone CLOCKB CLOCKW");
			return -1;
		}
		g->player[c].presence = p.presence;
		g->player[c].away_ms = p.away_ms;
	} else {
		snprintf(err, errlen, "unknown update '%s'", kind);
		return -1;
	}
	g->clock[BLACK] = clocks[BLACK];
	g->clock[WHITE] = clocks[WHITE];
	g->stamp = now;
	return 0;
}

/*
 * Applies one `update` line (l's words: update GAME SEQ KIND ...) at time
 * `now`. Returns 1 when applied, 0 when its SEQ is not above the game's (an
 * update seen already: nothing changes), -1 with a message when it cannot be
 * (another game, a gap in the numbers, bad fields, a move the rules refuse);
 * the game is then as it was.
 */
int netgame_apply(struct netgame *g, const struct proto_line *l, double now, char *err,
		  size_t errlen)
{
	long id, seq;
	struct netgame before;

	if (l->argc < 4 || strcmp(l->word[0], "update") != 0 || !proto_ms_parse(l->word[1], &id) ||
	    !proto_ms_parse(l->word[2], &seq)) {
		snprintf(err, errlen, "usage: update GAME SEQ KIND FIELDS...");
		return -1;
	}
	if (id != g->id) {
		snprintf(err, errlen, "an update of game %ld applied to game %ld", id, g->id);
		return -1;
	}
	if (seq <= g->seq)
		return 0;
	if (seq != g->seq + 1) {
		snprintf(err, errlen, "update %ld of game %ld after %ld: some were lost", seq, id,
			 g->seq);
		return -1;
	}
	if (strcmp(l->word[3], "watch") == 0) {
		/* the list of watchers changes; nothing else */
		if (l->argc < 6 || !proto_name_valid(l->word[4]) ||
		    (strcmp(l->word[5], "on") != 0 && strcmp(l->word[5], "off") != 0)) {
			snprintf(err, errlen, "usage: watch NAME on|off");
			return -1;
		}
		if (strcmp(l->word[5], "on") == 0 && netgame_watcher_add(g, l->word[4]) < 0) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (strcmp(l->word[5], "off") == 0)
			netgame_watcher_remove(g, l->word[4]);
		g->seq = seq;
		return 1;
	}
	/* the game is kept to undo a change that fails half way (the other kinds
	   touch no memory it points to) */
	memcpy(&before, g, sizeof before);
	if (apply_kind(g, l->word[3], l->word + 4, l->argc - 4, now, err, errlen) < 0) {
		memcpy(g, &before, sizeof before);
		return -1;
	}
	g->seq = seq;
	return 1;
}

/* Writes the names of the watchers as a LIST (`-` for none). */
static void out_watchers(const struct netgame *g, struct proto_out *o)
{
	size_t n = 0;
	char *list;

	for (int i = 0; i < g->n_watchers; i++)
		n += strlen(g->watchers[i]) + 1;
	if (!g->n_watchers || !(list = malloc(n + 1))) {
		proto_out_word(o, "-");
		return;
	}
	list[0] = '\0';
	for (int i = 0; i < g->n_watchers; i++) {
		if (i)
			strcat(list, ",");
		strcat(list, g->watchers[i]);
	}
	proto_out_word(o, list);
	free(list);
}

/* Writes the moves as the snapshot's MOVES field. */
static void out_moves(const struct netgame *g, struct proto_out *o)
{
	char *list = malloc((size_t)g->n_moves * 32 + 2);
	size_t at = 0;

	if (!g->n_moves || !list) {
		proto_out_word(o, "-");
		free(list);
		return;
	}
	for (int i = 0; i < g->n_moves; i++) {
		char sq[4];

		at += (size_t)sprintf(list + at, "%s%s/%ld/%ld", i ? "," : "",
				      proto_square_name(g->move[i].sq, sq), g->move[i].took_ms,
				      g->move[i].left_ms);
	}
	proto_out_word(o, list);
	free(list);
}

/* Writes the players, as the snapshot and the table write them. */
static void out_players(const struct netgame *g, struct proto_out *o)
{
	for (int c = 0; c < 2; c++) {
		proto_out_word(o, g->player[c].name);
		proto_out_text(o, g->player[c].login);
	}
}

/* The control's word. */
static void out_control(const struct netgame *g, struct proto_out *o)
{
	char control[PROTO_CONTROL_LEN];

	proto_control_format(&g->control, control);
	proto_out_word(o, control);
}

/* The turn's word: the side to move, or `-` when the game is over. */
static const char *turn_word(const struct netgame *g)
{
	return g->state == NETGAME_OVER ? "-" : proto_color_name(g->turn);
}

/* Writes the snapshot of `g` for a client seated as `you` (BLACK, WHITE,
   NETGAME_WATCHER) at time `now` (doc/protocol.md, "The snapshot"). */
void netgame_snapshot(const struct netgame *g, int you, double now, struct proto_out *o)
{
	char pres[32];

	proto_out_word(o, "snapshot");
	proto_out_fmt(o, "%ld", g->id);
	proto_out_fmt(o, "%ld", g->seq);
	proto_out_word(o, you == NETGAME_WATCHER ? "watcher" : proto_color_name((enum color)you));
	proto_out_word(o, netgame_state_name(g->state));
	out_players(g, o);
	out_control(g, o);
	proto_out_word(o, "-");
	out_moves(g, o);
	proto_out_fmt(o, "%ld", netgame_clock(g, BLACK, now));
	proto_out_fmt(o, "%ld", netgame_clock(g, WHITE, now));
	proto_out_word(o, turn_word(g));
	proto_out_word(o, g->result[0] ? g->result : "-");
	for (int c = 0; c < 2; c++) {
		netgame_presence_word(g, (enum color)c, now, pres);
		proto_out_word(o, pres);
	}
	out_watchers(g, o);
}

/* Writes the lobby's line of `g` at time `now` (doc/protocol.md, `table`). */
void netgame_table(const struct netgame *g, double now, struct proto_out *o)
{
	proto_out_word(o, "table");
	proto_out_fmt(o, "%ld", g->id);
	proto_out_word(o, netgame_state_name(g->state));
	out_players(g, o);
	out_control(g, o);
	proto_out_fmt(o, "%d", g->n_moves);
	proto_out_fmt(o, "%ld", netgame_clock(g, BLACK, now));
	proto_out_fmt(o, "%ld", netgame_clock(g, WHITE, now));
	proto_out_word(o, turn_word(g));
	proto_out_word(o, g->result[0] ? g->result : "-");
	out_watchers(g, o);
}

/* Reads the players and the control (w: BLACK BLOGIN WHITE WLOGIN CONTROL)
   into a new game; NULL with a message. */
static struct netgame *game_from_words(long id, char *const *w, long created, double now, char *err,
				       size_t errlen)
{
	const char *names[2] = {w[0], w[2]}, *logins[2] = {w[1], w[3]};
	struct proto_control control;
	struct netgame *g;

	for (int c = 0; c < 2; c++)
		if (!proto_name_valid(names[c]) || strlen(logins[c]) > PROTO_LOGIN_MAX) {
			snprintf(err, errlen, "'%s (%s)' is not a player", names[c], logins[c]);
			return NULL;
		}
	if (proto_control_parse(w[4], &control, err, errlen) < 0)
		return NULL;
	if (!(g = netgame_new(id, names, logins, &control, created, now)))
		snprintf(err, errlen, "out of memory");
	return g;
}

/* Replays the MOVES field into g; 0, or -1 with a message. */
static int moves_parse(struct netgame *g, const char *list, char *err, size_t errlen)
{
	char buf[32]; /* "a1/" and two times of proto_ms_parse's 11 digits at most */
	const char *p = list;

	if (strcmp(list, "-") == 0)
		return 0;
	while (*p) {
		size_t n = strcspn(p, ",");
		char *slash, *slash2;
		long took, left;
		int sq;

		if (n >= sizeof buf)
			goto bad;
		memcpy(buf, p, n);
		buf[n] = '\0';
		if (!(slash = strchr(buf, '/')) || !(slash2 = strchr(slash + 1, '/')))
			goto bad;
		*slash = *slash2 = '\0';
		sq = proto_square_parse(buf);
		if (sq < 0 || !proto_ms_parse(slash + 1, &took) ||
		    !proto_ms_parse(slash2 + 1, &left))
			goto bad;
		if (!netgame_legal(g, sq)) {
			snprintf(err, errlen, "move %d, %s, is not legal", g->n_moves + 1, buf);
			return -1;
		}
		play(g, sq, took, left);
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
bad:
	snprintf(err, errlen, "'%.*s' is not a move (SQUARE/TOOK/LEFT)", (int)strcspn(p, ","), p);
	return -1;
}

/* Reads a LIST of watchers into g; 0, or -1 with a message. */
static int watchers_parse(struct netgame *g, const char *list, char *err, size_t errlen)
{
	char name[PROTO_NAME_MAX + 1];
	const char *p = list;

	if (strcmp(list, "-") == 0)
		return 0;
	while (*p) {
		size_t n = strcspn(p, ",");

		if (n > PROTO_NAME_MAX) {
			snprintf(err, errlen, "a watcher's name over %d characters",
				 PROTO_NAME_MAX);
			return -1;
		}
		memcpy(name, p, n);
		name[n] = '\0';
		if (!proto_name_valid(name)) {
			snprintf(err, errlen, "'%s' is not a watcher's name", name);
			return -1;
		}
		if (netgame_watcher_add(g, name) < 0) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

/*
 * Reads a `snapshot` line (l's words) received at `now` into a new game,
 * checking every field and every move. NULL with a message that names the
 * field.
 */
struct netgame *netgame_from_snapshot(const struct proto_line *l, double now, char *err,
				      size_t errlen)
{
	char *const *w = l->word + 1;
	long id, seq, clocks[2];
	int state, you;
	struct netgame *g;

	if (l->argc < 19 || strcmp(l->word[0], "snapshot") != 0) {
		snprintf(err, errlen, "a snapshot of %d fields, not %d", 18, l->argc - 1);
		return NULL;
	}
	if (!proto_ms_parse(w[0], &id) || !proto_ms_parse(w[1], &seq)) {
		snprintf(err, errlen, "snapshot: bad game or update number");
		return NULL;
	}
	you = strcmp(w[2], "watcher") == 0 ? NETGAME_WATCHER : proto_color_parse(w[2]);
	state = state_parse(w[3]);
	if (you < 0 || state < 0) {
		snprintf(err, errlen, "snapshot: bad seat '%s' or state '%s'", w[2], w[3]);
		return NULL;
	}
	if (strcmp(w[9], "-") != 0) {
		snprintf(err, errlen, "snapshot: start '%s': only the standard start is known",
			 w[9]);
		return NULL;
	}
	if (!(g = game_from_words(id, w + 4, 0, now, err, errlen)))
		return NULL;
	if (moves_parse(g, w[10], err, errlen) < 0 || watchers_parse(g, w[17], err, errlen) < 0)
		goto fail;
	if (!clocks_parse(w + 11, clocks) ||
	    (strcmp(w[13], "-") != 0 && proto_color_parse(w[13]) != (int)g->turn) ||
	    (strcmp(w[14], "-") != 0 && !result_word(w[14])) ||
	    !presence_parse(&g->player[BLACK], w[15]) ||
	    !presence_parse(&g->player[WHITE], w[16])) {
		snprintf(err, errlen, "snapshot: bad clocks, turn, result or presence");
		goto fail;
	}
	g->seq = seq;
	g->you = you;
	g->state = (enum netgame_state)state;
	g->clock[BLACK] = clocks[BLACK];
	g->clock[WHITE] = clocks[WHITE];
	if (strcmp(w[14], "-") != 0)
		copy(g->result, w[14], NETGAME_RESULT_LEN - 1);
	return g;
fail:
	netgame_free(g);
	return NULL;
}

/* "bob (alice)", or "alice" when the name is the login. */
static void player_label(const struct netgame_player *p, char *out, size_t len)
{
	if (strcmp(p->name, p->login) == 0)
		snprintf(out, len, "%s", p->login);
	else
		snprintf(out, len, "%.*s (%.*s)", (int)PROTO_NAME_MAX, p->name,
			 (int)PROTO_LOGIN_MAX, p->login);
}

/*
 * The game as a record of the game layer: the moves (passes as moves), the
 * time each took, each side's clock after its moves (SGF's BL and WL), the
 * players as "bob (alice)", the date, the result, the time control (SGF's
 * TM in seconds, the increment in OT) and the game's number. NULL when out
 * of memory.
 */
struct game *netgame_record(const struct netgame *g)
{
	struct game *r = game_new();
	struct game_node *at;
	char text[160], err[128];
	time_t t = (time_t)g->created;
	struct tm tm;

	if (!r)
		return NULL;
	at = r->root;
	for (int i = 0; i < g->n_moves; i++) {
		enum color mover = at->side;

		if (!(at = game_add_move(r, at, g->move[i].sq, err, sizeof err)))
			goto fail;
		game_set_time(at, g->move[i].took_ms / 1000.0);
		snprintf(text, sizeof text, "[%.3f]", g->move[i].left_ms / 1000.0);
		if (game_add_prop(at, mover == BLACK ? "BL" : "WL", text) < 0)
			goto fail;
	}
	for (int c = 0; c < 2; c++) {
		player_label(&g->player[c], text, sizeof text);
		if (game_set_info(r, c == BLACK ? INFO_BLACK : INFO_WHITE, text) < 0)
			goto fail;
	}
	if (g->created && gmtime_r(&t, &tm)) {
		strftime(text, sizeof text, "%Y-%m-%d", &tm);
		if (game_set_info(r, INFO_DATE, text) < 0)
			goto fail;
	}
	snprintf(text, sizeof text, "%ld", g->control.base_ms / 1000);
	if (game_set_info(r, INFO_TIME, text) < 0 ||
	    (g->result[0] && game_set_info(r, INFO_RESULT, g->result) < 0))
		goto fail;
	snprintf(text, sizeof text, "game %ld", g->id);
	if (game_set_info(r, INFO_NAME, text) < 0)
		goto fail;
	if (g->control.inc_ms) {
		snprintf(text, sizeof text, "[%ld seconds a move]", g->control.inc_ms / 1000);
		if (game_add_prop(r->root, "OT", text) < 0)
			goto fail;
	}
	return r;
fail:
	game_free(r);
	return NULL;
}

/* Writes the journal's first line for `g` (see the file comment). */
void netgame_journal_header(const struct netgame *g, struct proto_out *o)
{
	proto_out_word(o, "journal");
	proto_out_fmt(o, "%d", PROTO_VERSION);
	proto_out_fmt(o, "%ld", g->id);
	out_players(g, o);
	out_control(g, o);
	proto_out_word(o, "-");
	proto_out_fmt(o, "%ld", g->created);
}

/*
 * Reads a game's journal text[0..len) (`name` for messages): its first line
 * makes the game, each next line is an update applied to it. The game comes
 * back with the clocks of its last line, stamped now; *whole is the length of
 * the lines read whole (a last line without its LF, cut by a crash, is left
 * out: the caller cuts the file there before it appends). NULL with
 * `NAME:LINE: what` when a line is wrong.
 */
struct netgame *netgame_read_journal(const char *text, size_t len, const char *name, size_t *whole,
				     char *err, size_t errlen)
{
	struct proto_line *line = malloc(sizeof *line); /* too big for a stack */
	struct netgame *g = NULL;
	size_t at = 0;
	int lineno = 0;
	char why[200];
	double now = timer_now();

	*whole = 0;
	if (!line) {
		snprintf(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		long version, id, created;

		if (!nl)
			break; /* a cut last line */
		lineno++;
		if (proto_split(text + at, (size_t)(nl - text + 1 - at), line, why, sizeof why) < 0)
			goto bad;
		if (!g) {
			if (line->argc < 10 || strcmp(line->word[0], "journal") != 0 ||
			    !proto_ms_parse(line->word[1], &version) ||
			    !proto_ms_parse(line->word[2], &id) ||
			    !proto_ms_parse(line->word[9], &created)) {
				snprintf(why, sizeof why, "not a game's journal");
				goto bad;
			}
			if (version != PROTO_VERSION) {
				snprintf(why, sizeof why, "journal version %ld, not %d", version,
					 PROTO_VERSION);
				goto bad;
			}
			if (!(g = game_from_words(id, line->word + 3, created, now, why,
						  sizeof why)))
				goto bad;
		} else {
			int r = netgame_apply(g, line, now, why, sizeof why);

			if (r == 0)
				snprintf(why, sizeof why, "update %s again", line->word[2]);
			if (r <= 0)
				goto bad;
		}
		at = (size_t)(nl - text) + 1;
		*whole = at;
	}
	free(line);
	if (!g)
		snprintf(err, errlen, "%s: no journal line", name);
	return g;
bad:
	snprintf(err, errlen, "%s:%d: %s", name, lineno, why);
	free(line);
	netgame_free(g);
	return NULL;
}
