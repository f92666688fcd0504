/*
 * match-extern.c — external engines as match players: the client side of GTP
 * and of NBoard, over extproc pipes.
 *
 * GTP (see gtp.c for the server side): once started, the player's setup
 * commands (`--black-setup "level 10"`; several separated by `;`), each of
 * which must be accepted; at each new game `clear_board`, then the clock
 * when a time per move T is set, then `play COLOR MOVE` for the opening's
 * moves; our engine is asked `genmove COLOR` and told the other side's moves
 * with `play COLOR MOVE` (passes as `pass`). A reply is `= text` or `? text`
 * followed by a blank line; anything before it is skipped. GTP cannot set up
 * a board position, so games from board-string openings are refused (the
 * engine forfeits with that reason).
 *
 * The clock, in GTP's terms (whole seconds, Canadian byo-yomi): for a game
 * in which the engine plays N moves, `time_settings MAIN BYO STONES` with
 * MAIN = N x T and BYO / STONES = T (BYO = T rounded up, STONES as many moves
 * as fit in it), and before each `genmove`, `time_left COLOR SECONDS 0` from
 * the main time the engine has left (the wall-clock time of its answers
 * counted), then `time_left COLOR SECONDS MOVES` for the period under way
 * once the main time is spent. An engine may do without some commands; each
 * is noted once for the report's comments (match_player_take_notes):
 * refusing `time_settings` (it then plays on its own clock), `time_left`
 * (it is not sent again), and `play COLOR pass` (an engine that passes
 * implicitly: the game goes on).
 *
 * NBoard (see nboard.c): `nboard 2`, `set depth D` and the setup commands
 * once, `set game GGF` at each new game, `move MOVE` for every move played
 * (its own too: `go` does not change the engine's board), `ping N` ... `pong
 * N` before `go`, whose answer is `=== MOVE[/eval/time]`; other lines
 * (search, status, nodestats) are skipped.
 *
 * Each answer has one deadline (the time-out) for all its lines. An answer
 * that does not come by then, a line of 64 KiB or more, an engine that
 * exits, and an answer that is not a legal move make the engine lose the
 * game; the process (with what it started) is stopped then and started again
 * for the next game.
 */
#include "match-int.h"

#include "extproc.h"
#include "timer.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { LINE_LEN = 4096 };

/* What an engine may refuse and go on without: each noted once. */
enum match_extern_note {
	NOTE_PASS = 1 << 0,	     /* `play COLOR pass` */
	NOTE_TIME_SETTINGS = 1 << 1, /* `time_settings` */
	NOTE_TIME_LEFT = 1 << 2,     /* `time_left` */
};

/* The time-out for one reply, in seconds. */
static double reply_timeout(const struct match_player *p)
{
	if (p->opt.timeout > 0)
		return p->opt.timeout;
	return p->opt.time > 0 ? 3 * p->opt.time + 10 : 120;
}

/* The deadline of an answer asked for now. */
static double reply_deadline(const struct match_player *p)
{
	return timer_now() + reply_timeout(p);
}

static void note(struct match_player *p, unsigned which, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Adds a note on the engine (a line for the report's comments) unless the
   note `which` was given before. */
static void note(struct match_player *p, unsigned which, const char *fmt, ...)
{
	size_t n = strlen(p->notes);
	va_list ap;

	if (p->noted & which)
		return;
	p->noted |= which;
	if (n + 2 >= sizeof p->notes)
		return;
	va_start(ap, fmt);
	vsnprintf(p->notes + n, sizeof p->notes - n - 1, fmt, ap);
	va_end(ap);
	strcat(p->notes, "\n");
}

/* Describes why reading from the engine failed, in `err`, and stops it. */
static int fail(struct match_player *p, int status, const char *what, char *err, size_t errlen)
{
	char how[80];

	if (status == EXTPROC_TIMEOUT) {
		snprintf(err, errlen, "no answer to %s within %.0f s", what, reply_timeout(p));
	} else if (status == EXTPROC_TOOLONG) {
		snprintf(err, errlen, "overlong answer to %s (a line of %d bytes or more)", what,
			 (int)EXTPROC_LINE_MAX);
	} else if (status == EXTPROC_EOF) {
		extproc_describe_exit(p->proc, how, sizeof how);
		snprintf(err, errlen, "engine %s (at %s)", how, what);
	} else {
		snprintf(err, errlen, "cannot talk to the engine (at %s)", what);
	}
	match_extern_stop(p);
	return -1;
}

/* Starts the engine if it is not running. Returns 1 if it was just
   started, 0 if it was running, -1 with a message. */
static int ensure_started(struct match_player *p, char *err, size_t errlen)
{
	char msg[200];

	if (p->proc)
		return 0;
	p->proc = extproc_start(p->command, msg, sizeof msg);
	if (!p->proc) {
		snprintf(err, errlen, "cannot start '%s': %s", p->command, msg);
		return -1;
	}
	p->ping = 0;
	return 1;
}

/* Sends a GTP command and reads its reply: the text after "= " in `reply`,
   0; an error reply "? text" gives 1 with the text; failures give -1 with a
   message (and the engine stopped). */
static int gtp_command(struct match_player *p, const char *command, char *reply, size_t len,
		       char *err, size_t errlen)
{
	double deadline = reply_deadline(p);
	char line[LINE_LEN];
	int status = extproc_write_line(p->proc, command), result = -1;

	if (status != EXTPROC_OK)
		return fail(p, status, command, err, errlen);
	for (;;) {
		status = extproc_read_line(p->proc, line, sizeof line, deadline);
		if (status != EXTPROC_OK)
			return fail(p, status, command, err, errlen);
		if (line[0] == '=' || line[0] == '?')
			break;
	}
	result = line[0] == '?';
	{
		const char *s = line + 1;

		while (isdigit((unsigned char)*s))
			s++; /* a command id */
		while (*s == ' ' || *s == '\t')
			s++;
		snprintf(reply, len, "%s", s);
	}
	for (;;) { /* the rest of the reply, up to its blank line */
		status = extproc_read_line(p->proc, line, sizeof line, deadline);
		if (status != EXTPROC_OK)
			return fail(p, status, command, err, errlen);
		if (line[strspn(line, " \t")] == '\0')
			break;
	}
	return result;
}

/* Sends a GTP command that must succeed. */
static int gtp_must(struct match_player *p, const char *command, char *err, size_t errlen)
{
	char reply[LINE_LEN];
	int r = gtp_command(p, command, reply, sizeof reply, err, errlen);

	if (r == 1) {
		snprintf(err, errlen, "engine refused '%s': %s", command, reply);
		return -1;
	}
	return r;
}

static const char *color_word(enum color c)
{
	return c == BLACK ? "black" : "white";
}

/* Writes a GGF game of the opening (its start and moves) for `set game`. */
static void ggf_opening(const struct match_opening *o, char *out, size_t len)
{
	const struct board *b = pos_board8(&o->start); /* external engines play 8×8 */
	uint64_t black = o->start_side == BLACK ? b->own : b->opp;
	uint64_t white = o->start_side == BLACK ? b->opp : b->own;
	enum color side = o->start_side;
	size_t n;
	int i;

	n = (size_t)snprintf(out, len,
			     "(;GM[Othello]PC[othello match]PB[black]PW[white]RE[?]"
			     "TI[0:00]TY[8]BO[8 ");
	for (i = 0; i < 64 && n + 1 < len; i++)
		out[n++] = board_bit(i) & black ? '*' : board_bit(i) & white ? 'O' : '-';
	n += (size_t)snprintf(out + n, len - n, " %c]", side == BLACK ? '*' : 'O');
	for (i = 0; i < o->n_moves && n < len; i++) {
		n += (size_t)snprintf(
		    out + n, len - n, "%c[%s]", side == BLACK ? 'B' : 'W',
		    o->moves[i] == SQ_PASS ? "PA" : board_square_name_upper(o->moves[i]));
		side = (enum color) !side;
	}
	if (n < len)
		snprintf(out + n, len - n, ";)");
}

/* Sends the player's setup commands (separated by `;` or newlines), each of
   which a GTP engine must accept. Returns 0, or -1 with the reason (the
   engine then cannot play as asked: it is stopped). */
static int send_setup(struct match_player *p, char *err, size_t errlen)
{
	const char *s = p->opt.setup;

	while (s && *s) {
		size_t n = strcspn(s, ";\n");
		char command[LINE_LEN];

		snprintf(command, sizeof command, "%.*s", (int)(n < LINE_LEN ? n : LINE_LEN - 1),
			 s);
		s += n + (s[n] != '\0');
		if (command[strspn(command, " \t")] == '\0')
			continue;
		if (p->kind == MP_NBOARD) {
			if (extproc_write_line(p->proc, command) != EXTPROC_OK)
				return fail(p, EXTPROC_EOF, command, err, errlen);
		} else if (gtp_must(p, command, err, errlen) < 0) {
			match_extern_stop(p); /* started again, and asked again, next game */
			return -1;
		}
	}
	return 0;
}

/* Whole seconds, rounded up (at most a million). */
static int whole_seconds(double s)
{
	int n = s < 1e6 ? (int)s : 1000000;

	return n + (s > n && n < 1000000);
}

/* Sets the clock of a game in which the engine plays `moves` moves, `t`
   seconds a move (see the file comment). */
static void clock_start(struct match_clock *c, double t, int moves)
{
	c->main = whole_seconds(t * moves);
	c->byo = whole_seconds(t);
	c->stones = (int)(c->byo / t) > 1 ? (int)(c->byo / t) : 1;
	c->bank = c->main;
	c->in_byo = false;
	c->period = c->byo;
	c->left = c->stones;
}

/* Counts `used` seconds of the engine's answer on its clock. */
static void clock_spend(struct match_clock *c, double used)
{
	if (!c->in_byo) {
		c->bank -= used;
		c->in_byo = c->bank < 1; /* GTP counts whole seconds */
		return;
	}
	c->period = c->period > used ? c->period - used : 0;
	if (--c->left <= 0) {
		c->period = c->byo;
		c->left = c->stones;
	}
}

/* Sends the clock of a game from opening `o` (when the player has a time
   per move). Returns 0, or -1 with a message. */
static int gtp_time_settings(struct match_player *p, const struct match_opening *o, char *err,
			     size_t errlen)
{
	char line[80], reply[LINE_LEN];
	int r;

	p->clock.main = 0;
	if (p->opt.time <= 0 || (p->noted & NOTE_TIME_SETTINGS))
		return 0;
	clock_start(&p->clock, p->opt.time, (pos_empty_count(&o->board) + 1) / 2);
	p->clock.told = !(p->noted & NOTE_TIME_LEFT);
	snprintf(line, sizeof line, "time_settings %d %d %d", p->clock.main, p->clock.byo,
		 p->clock.stones);
	r = gtp_command(p, line, reply, sizeof reply, err, errlen);
	if (r == 1) {
		note(p, NOTE_TIME_SETTINGS, "%s refused `%s` (%.80s): it plays on its own clock",
		     p->spec, line, reply);
		p->clock.main = 0;
	}
	return r < 0 ? -1 : 0;
}

/* Tells a GTP engine that `who` played `move`. An engine that refuses a pass
   (it passes implicitly) goes on without it, noted once. Returns 0, or -1
   with the reason the engine loses. */
static int gtp_play(struct match_player *p, enum color who, int move, char *err, size_t errlen)
{
	char line[64], reply[LINE_LEN];
	int r;

	snprintf(line, sizeof line, "play %s %s", color_word(who),
		 move == SQ_PASS ? "pass" : board_square_name(move));
	if (move != SQ_PASS)
		return gtp_must(p, line, err, errlen) < 0 ? -1 : 0;
	r = gtp_command(p, line, reply, sizeof reply, err, errlen);
	if (r == 1)
		note(p, NOTE_PASS, "%s refuses `%s` (%.80s): its passes are left implicit", p->spec,
		     line, reply);
	return r < 0 ? -1 : 0;
}

/* Prepares the engine for a new game from opening `o`. Returns 0, or -1
   with the reason the engine cannot play it. */
int match_extern_new_game(struct match_player *p, const struct match_opening *o, char *err,
			  size_t errlen)
{
	char line[LINE_LEN];
	enum color side = o->start_side;
	int started = ensure_started(p, err, errlen);

	if (started < 0)
		return -1;
	if (p->kind == MP_NBOARD) {
		if (started) {
			int depth = p->opt.depth > 0 ? p->opt.depth : 12;

			snprintf(line, sizeof line, "set depth %d", depth);
			if (extproc_write_line(p->proc, "nboard 2") != EXTPROC_OK ||
			    extproc_write_line(p->proc, line) != EXTPROC_OK)
				return fail(p, EXTPROC_EOF, "nboard 2", err, errlen);
			if (send_setup(p, err, errlen) < 0)
				return -1;
		}
		memcpy(line, "set game ", 9);
		ggf_opening(o, line + 9, sizeof line - 9);
		if (extproc_write_line(p->proc, line) != EXTPROC_OK)
			return fail(p, EXTPROC_EOF, "set game", err, errlen);
		return 0;
	}
	if (!o->standard) {
		snprintf(err, errlen, "a GTP engine cannot start from a board position");
		return -1;
	}
	if (started && send_setup(p, err, errlen) < 0)
		return -1;
	if (gtp_must(p, "clear_board", err, errlen) < 0 || gtp_time_settings(p, o, err, errlen) < 0)
		return -1;
	for (int i = 0; i < o->n_moves; i++) {
		if (gtp_play(p, side, o->moves[i], err, errlen) < 0)
			return -1;
		side = (enum color) !side;
	}
	return 0;
}

/* Reads a move as engines write it: "f5", "F5", "pass", "PA". Returns the
   square, SQ_PASS, or -1. */
static int parse_move(const char *s)
{
	char word[16];
	size_t n = strcspn(s, " \t/");

	if (n == 0 || n >= sizeof word)
		return -1;
	for (size_t i = 0; i < n; i++)
		word[i] = (char)tolower((unsigned char)s[i]);
	word[n] = '\0';
	if (!strcmp(word, "pass") || !strcmp(word, "pa") || !strcmp(word, "ps"))
		return SQ_PASS;
	if (n != 2)
		return -1;
	return board_square_parse(word);
}

/* Asks a GTP engine for the move of `side`, telling it its time left first.
   Returns 0 with the move in `out`, or -1 with the reason the engine loses. */
static int gtp_genmove(struct match_player *p, enum color side, struct match_move *out, char *err,
		       size_t errlen)
{
	struct match_clock *c = &p->clock;
	char line[80], reply[LINE_LEN];
	double t0;
	int r, move;

	if (c->main > 0 && c->told) {
		snprintf(line, sizeof line, "time_left %s %d %d", color_word(side),
			 (int)(c->in_byo ? c->period : c->bank), c->in_byo ? c->left : 0);
		r = gtp_command(p, line, reply, sizeof reply, err, errlen);
		if (r < 0)
			return -1;
		if (r == 1) {
			note(p, NOTE_TIME_LEFT,
			     "%s refused `%s` (%.80s): it is told the time settings only", p->spec,
			     line, reply);
			c->told = false;
		}
	}
	snprintf(line, sizeof line, "genmove %s", color_word(side));
	t0 = timer_now();
	r = gtp_command(p, line, reply, sizeof reply, err, errlen);
	if (r < 0)
		return -1;
	if (c->main > 0)
		clock_spend(c, timer_now() - t0);
	if (r == 1) {
		snprintf(err, errlen, "engine refused genmove: %s", reply);
		return -1;
	}
	move = parse_move(reply);
	if (move < 0) {
		snprintf(err, errlen, "engine answered '%.40s', not a move", reply);
		return -1;
	}
	out->move = move;
	return 0;
}

/* Asks the engine for its move in `b` (`side` to move). Returns 0 with the
   move in `out` (legality is the caller's to check), or -1 with the reason
   the engine loses. */
int match_extern_genmove(struct match_player *p, const struct board *b, enum color side,
			 struct match_move *out, char *err, size_t errlen)
{
	char line[LINE_LEN], reply[LINE_LEN];
	int move;

	out->has_reasoning = false;
	if (!p->proc) {
		snprintf(err, errlen, "engine not running");
		return -1;
	}
	if (p->kind == MP_GTP)
		return gtp_genmove(p, side, out, err, errlen);
	double deadline;
	int status;

	snprintf(line, sizeof line, "ping %d", ++p->ping);
	if (extproc_write_line(p->proc, line) != EXTPROC_OK)
		return fail(p, EXTPROC_EOF, "ping", err, errlen);
	snprintf(reply, sizeof reply, "pong %d", p->ping);
	deadline = reply_deadline(p);
	do {
		status = extproc_read_line(p->proc, line, sizeof line, deadline);
		if (status != EXTPROC_OK)
			return fail(p, status, "ping", err, errlen);
	} while (strcmp(line, reply) != 0);
	if (extproc_write_line(p->proc, "go") != EXTPROC_OK)
		return fail(p, EXTPROC_EOF, "go", err, errlen);
	deadline = reply_deadline(p);
	do {
		status = extproc_read_line(p->proc, line, sizeof line, deadline);
		if (status != EXTPROC_OK)
			return fail(p, status, "go", err, errlen);
	} while (strncmp(line, "=== ", 4) != 0);
	move = parse_move(line + 4);
	if (move < 0) {
		snprintf(err, errlen, "engine answered '%.40s', not a move", line);
		return -1;
	}
	out->move = move;
	if (move >= 0 && move < 64 && board_is_legal(b, move)) {
		snprintf(line, sizeof line, "move %s", board_square_name_upper(move));
		if (extproc_write_line(p->proc, line) != EXTPROC_OK)
			return fail(p, EXTPROC_EOF, "move", err, errlen);
	}
	return 0;
}

/* Tells the engine that `who` played `move`. Returns 0, or -1 with the reason
   the engine loses. */
int match_extern_tell(struct match_player *p, enum color who, int move, char *err, size_t errlen)
{
	char line[64];

	if (!p->proc) {
		snprintf(err, errlen, "engine not running");
		return -1;
	}
	if (p->kind == MP_NBOARD) {
		snprintf(line, sizeof line, "move %s",
			 move == SQ_PASS ? "PA" : board_square_name_upper(move));
		if (extproc_write_line(p->proc, line) != EXTPROC_OK)
			return fail(p, EXTPROC_EOF, "move", err, errlen);
		return 0;
	}
	return gtp_play(p, who, move, err, errlen);
}

/* Stops the engine (politely with `quit`, then by force). */
void match_extern_stop(struct match_player *p)
{
	if (!p->proc)
		return;
	extproc_write_line(p->proc, "quit");
	extproc_stop(p->proc, 1.0);
	p->proc = NULL;
}
