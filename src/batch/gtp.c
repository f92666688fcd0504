/*
 * gtp.c — the engine side of GTP for Othello.
 *
 * Commands (GTP version 2; an optional numeric id before a command is echoed
 * in its reply, `=ID text`):
 *
 *   command                          reply
 *   -------------------------------  -------------------------------------
 *   protocol_version                 2
 *   name / version                   Othello Master / the program version
 *   known_command NAME               true or false
 *   list_commands                    one command a line
 *   boardsize 8                      (only 8 is accepted)
 *   clear_board                      the standard start, Black to move
 *   komi X                           accepted, ignored (no komi in Othello)
 *   play COLOR MOVE                  COLOR black|b|white|w, MOVE f5|F5|pass|PA|PS
 *   genmove COLOR                    the move played: `f5` or `pass`
 *   undo                             takes back the last move
 *   time_settings MAIN BYO STONES    seconds; sets the time per move
 *   time_left COLOR TIME STONES      seconds left; sets the time per move
 *   showboard                        the board, a1 top-left
 *   final_score                      B+N, W+N or 0 once the game is over
 *   quit                             (empty reply, then the session ends)
 *
 * Passes: a side with no legal move passes. `play COLOR pass` is accepted
 * only when COLOR must pass; when COLOR is not the side to move but the side
 * to move has to pass, that pass is played first, for `play` and `genmove`.
 * `genmove` for a side that must pass answers `pass` (and plays it). Errors
 * answer `? message`: unknown command, syntax error, illegal move ...
 *
 * Time: with `time_settings 0 B S` (byo-yomi) a move may take B/S seconds;
 * with a main time only, and with `time_left`, the time left is spread over
 * the moves the side still has to play (empties / 2 + 1).
 */
#include "config.h"

#include "gtp.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { GTP_MAX_PLIES = 128 };

struct gtp_state {
	struct board boards[GTP_MAX_PLIES + 1]; /* positions from the start */
	enum color sides[GTP_MAX_PLIES + 1];	/* side to move in each */
	bool forced[GTP_MAX_PLIES + 1];		/* ply i was a pass played implicitly */
	int n;					/* plies played */
	double main_time;			/* time_settings main time, seconds */
	double byo_time;			/* byo-yomi period, seconds */
	int byo_stones;				/* moves per byo-yomi period */
	double left[2];				/* time_left per colour, < 0 unknown */
	struct match_player *brain;		/* what chooses our moves */
	uint64_t seed;				/* seed of the session */
	int games;				/* clear_board count, for seeds */
	FILE *out;				/* where replies go */
};

static const char *const gtp_commands[] = {
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "time_settings",
    "time_left",
    "showboard",
    "final_score",
    "quit",
    NULL,
};

static void reply(struct gtp_state *s, bool ok, const char *id, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void reply(struct gtp_state *s, bool ok, const char *id, const char *fmt, ...)
{
	char text[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	fprintf(s->out, "%c%s%s%s\n\n", ok ? '=' : '?', id, text[0] ? " " : "", text);
	fflush(s->out);
}

static void new_game(struct gtp_state *s)
{
	char msg[200];
	struct match_opening o;

	board_start(&s->boards[0]);
	s->sides[0] = BLACK;
	s->forced[0] = false;
	s->n = 0;
	s->games++;
	if (match_opening_parse("-", &o, msg, sizeof msg) == 0)
		match_player_new_game(s->brain, &o, match_game_seed(s->seed, s->games), msg,
				      sizeof msg);
}

/* Parses a colour word. Returns 0 or 1, or -1. */
static int parse_color(const char *w)
{
	if (!strcasecmp(w, "black") || !strcasecmp(w, "b"))
		return BLACK;
	if (!strcasecmp(w, "white") || !strcasecmp(w, "w"))
		return WHITE;
	return -1;
}

/* Parses a move word: a square, or SQ_PASS for pass/PA. Returns -1 if bad. */
static int parse_move(const char *w)
{
	if (!strcasecmp(w, "pass") || !strcasecmp(w, "pa") || !strcasecmp(w, "ps"))
		return SQ_PASS;
	if (strlen(w) != 2)
		return -1;
	return board_square_parse(w);
}

/* Plays `move` (legal) for the side to move; `forced` marks an implicit pass. */
static void push(struct gtp_state *s, int move, bool forced)
{
	struct board b = s->boards[s->n];

	if (move == SQ_PASS)
		board_pass(&b);
	else
		board_play(&b, move, board_flips(b.own, b.opp, move));
	s->boards[s->n + 1] = b;
	s->sides[s->n + 1] = (enum color) !s->sides[s->n];
	s->forced[s->n + 1] = forced;
	s->n++;
}

/* Makes `color` the side to move by playing the other side's forced pass.
   Returns false (with a message) if that is not possible. */
static bool bring_turn(struct gtp_state *s, int color, char *msg, size_t len)
{
	const struct board *b = &s->boards[s->n];

	if ((int)s->sides[s->n] == color)
		return true;
	if (!board_can_move(b) && board_opponent_can_move(b) && s->n < GTP_MAX_PLIES) {
		push(s, SQ_PASS, true);
		return true;
	}
	snprintf(msg, len, "it is %s's turn", s->sides[s->n] == BLACK ? "black" : "white");
	return false;
}

/* Seconds for the next move of `color`, from the time settings; 0 = none. */
static double move_time(const struct gtp_state *s, int color)
{
	int left_moves = board_empty_count(&s->boards[s->n]) / 2 + 1;

	if (s->left[color] > 0)
		return s->left[color] / left_moves;
	if (s->byo_time > 0 && s->byo_stones > 0)
		return s->byo_time / s->byo_stones;
	if (s->main_time > 0)
		return s->main_time / left_moves;
	return 0;
}

static void show_board(struct gtp_state *s, const char *id)
{
	const struct board *b = &s->boards[s->n];
	enum color side = s->sides[s->n];
	uint64_t black = side == BLACK ? b->own : b->opp, white = side == BLACK ? b->opp : b->own;
	char text[1024];
	size_t n = 0;

	n += (size_t)snprintf(text + n, sizeof text - n, "\n  a b c d e f g h\n");
	for (int r = 0; r < 8; r++) {
		n += (size_t)snprintf(text + n, sizeof text - n, "%d", r + 1);
		for (int c = 0; c < 8; c++) {
			uint64_t bit = board_bit(r * 8 + c);

			n += (size_t)snprintf(text + n, sizeof text - n, " %c",
					      black & bit   ? 'X'
					      : white & bit ? 'O'
							    : '.');
		}
		n += (size_t)snprintf(text + n, sizeof text - n, " %d\n", r + 1);
	}
	snprintf(text + n, sizeof text - n, "  a b c d e f g h\n%s to move",
		 board_game_over(b) ? "nobody"
		 : side == BLACK    ? "Black"
				    : "White");
	reply(s, true, id, "%s", text);
}

/* Runs one command line; returns false after `quit`. */
static bool run_command(struct gtp_state *s, char *line)
{
	char id[24] = "", *words[8], msg[REPORT_END_LEN];
	int n = 0, color, move;
	char *p = line;

	while (isdigit((unsigned char)*p))
		p++;
	if (p > line && (p - line) < (int)sizeof id && (*p == ' ' || *p == '\0')) {
		memcpy(id, line, (size_t)(p - line));
		id[p - line] = '\0';
	} else {
		p = line;
	}
	for (char *w = strtok(p, " "); w && n < 8; w = strtok(NULL, " "))
		words[n++] = w;
	if (n == 0)
		return true;
	const char *cmd = words[0];

	if (!strcmp(cmd, "protocol_version")) {
		reply(s, true, id, "2");
	} else if (!strcmp(cmd, "name")) {
		reply(s, true, id, "Othello Master");
	} else if (!strcmp(cmd, "version")) {
		reply(s, true, id, "%s", PACKAGE_VERSION);
	} else if (!strcmp(cmd, "known_command")) {
		bool known = false;

		for (int i = 0; n > 1 && gtp_commands[i]; i++)
			known |= !strcmp(words[1], gtp_commands[i]);
		reply(s, true, id, "%s", known ? "true" : "false");
	} else if (!strcmp(cmd, "list_commands")) {
		char text[512];
		size_t k = 0;

		for (int i = 0; gtp_commands[i]; i++)
			k += (size_t)snprintf(text + k, sizeof text - k, "%s%s", i ? "\n" : "",
					      gtp_commands[i]);
		reply(s, true, id, "%s", text);
	} else if (!strcmp(cmd, "quit")) {
		reply(s, true, id, "%s", "");
		return false;
	} else if (!strcmp(cmd, "boardsize")) {
		if (n != 2)
			reply(s, false, id, "syntax error");
		else if (strcmp(words[1], "8") != 0)
			reply(s, false, id, "unacceptable size");
		else
			reply(s, true, id, "%s", "");
	} else if (!strcmp(cmd, "clear_board")) {
		new_game(s);
		reply(s, true, id, "%s", "");
	} else if (!strcmp(cmd, "komi")) {
		if (n != 2 || (strtod(words[1], &p), *p)) {
			reply(s, false, id, "syntax error");
			return true;
		}
		reply(s, true, id, "%s", "");
	} else if (!strcmp(cmd, "play")) {
		if (n != 3 || (color = parse_color(words[1])) < 0 ||
		    (move = parse_move(words[2])) < 0) {
			reply(s, false, id, "syntax error");
			return true;
		}
		int saved = s->n;

		if (s->n >= GTP_MAX_PLIES - 1 || !bring_turn(s, color, msg, sizeof msg)) {
			reply(s, false, id, "illegal move: %s",
			      s->n >= GTP_MAX_PLIES - 1 ? "game too long" : msg);
			return true;
		}
		const struct board *b = &s->boards[s->n];
		bool ok = move == SQ_PASS ? !board_can_move(b) && board_opponent_can_move(b)
					  : board_is_legal(b, move);
		if (!ok) {
			s->n = saved;
			reply(s, false, id, "illegal move");
			return true;
		}
		push(s, move, false);
		reply(s, true, id, "%s", "");
	} else if (!strcmp(cmd, "genmove")) {
		struct match_move m;

		if (n != 2 || (color = parse_color(words[1])) < 0) {
			reply(s, false, id, "syntax error");
			return true;
		}
		int saved = s->n;

		if (board_game_over(&s->boards[s->n])) {
			reply(s, true, id, "pass");
			return true;
		}
		if (s->n >= GTP_MAX_PLIES - 1 || !bring_turn(s, color, msg, sizeof msg)) {
			reply(s, false, id, "%s", msg);
			return true;
		}
		const struct board *b = &s->boards[s->n];

		if (!board_can_move(b)) {
			push(s, SQ_PASS, false);
			reply(s, true, id, "pass");
			return true;
		}
		match_player_set_time(s->brain, move_time(s, color));
		if (match_player_genmove(s->brain, b, (enum color)color, &m, msg, sizeof msg) < 0) {
			s->n = saved;
			reply(s, false, id, "cannot choose a move: %s", msg);
			return true;
		}
		if (m.move < 0 || m.move >= 64 || !board_is_legal(b, m.move)) {
			s->n = saved;
			reply(s, false, id,
			      "cannot choose a move: the engine chose an illegal move");
			return true;
		}
		push(s, m.move, false);
		reply(s, true, id, "%s", board_square_name(m.move));
	} else if (!strcmp(cmd, "undo")) {
		if (s->n == 0) {
			reply(s, false, id, "cannot undo");
			return true;
		}
		s->n--;
		while (s->n > 0 && s->forced[s->n])
			s->n--;
		reply(s, true, id, "%s", "");
	} else if (!strcmp(cmd, "time_settings")) {
		double main_time, byo;
		long stones;
		char *e1, *e2, *e3;

		if (n != 4) {
			reply(s, false, id, "syntax error");
			return true;
		}
		main_time = strtod(words[1], &e1);
		byo = strtod(words[2], &e2);
		stones = strtol(words[3], &e3, 10);
		if (*e1 || *e2 || *e3 || main_time < 0 || byo < 0 || stones < 0) {
			reply(s, false, id, "syntax error");
			return true;
		}
		s->main_time = main_time;
		s->byo_time = byo;
		s->byo_stones = (int)stones;
		s->left[0] = s->left[1] = -1;
		reply(s, true, id, "%s", "");
	} else if (!strcmp(cmd, "time_left")) {
		double t;
		char *e;

		if (n != 4 || (color = parse_color(words[1])) < 0 ||
		    ((t = strtod(words[2], &e)), *e) || t < 0) {
			reply(s, false, id, "syntax error");
			return true;
		}
		s->left[color] = t;
		reply(s, true, id, "%s", "");
	} else if (!strcmp(cmd, "showboard")) {
		show_board(s, id);
	} else if (!strcmp(cmd, "final_score")) {
		const struct board *b = &s->boards[s->n];
		int score = board_final_score(b);

		if (s->sides[s->n] == WHITE)
			score = -score;
		if (!board_game_over(b))
			reply(s, false, id, "the game is not over");
		else if (score == 0)
			reply(s, true, id, "0");
		else
			reply(s, true, id, "%c+%d", score > 0 ? 'B' : 'W', abs(score));
	} else {
		reply(s, false, id, "unknown command");
	}
	return true;
}

/* Serves GTP on `in`/`out` until `quit` or the end of the input, choosing
   moves with `brain` (seeded per game from `seed`). Returns 0. */
int gtp_serve(FILE *in, FILE *out, struct match_player *brain, uint64_t seed)
{
	struct gtp_state *s = calloc(1, sizeof *s);
	char line[4096];

	if (!s)
		return -1;
	s->out = out;
	s->brain = brain;
	s->seed = seed;
	s->left[0] = s->left[1] = -1;
	new_game(s);
	while (fgets(line, sizeof line, in)) {
		char *hash = strchr(line, '#');
		size_t k = 0;

		if (hash)
			*hash = '\0';
		for (size_t i = 0; line[i]; i++) { /* drop control characters, tabs to spaces */
			unsigned char c = (unsigned char)line[i];

			if (c == '\t')
				line[k++] = ' ';
			else if (c >= 32 && c != 127)
				line[k++] = (char)c;
		}
		line[k] = '\0';
		if (!run_command(s, line))
			break;
	}
	free(s);
	return 0;
}
