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
 *   final_score                      B+N, W+N or 0: the position as it stands
 *                                    (disc difference; once the game is
 *                                    over the empties go to the winner)
 *   quit                             (empty reply, then the session ends)
 *
 * The commands are one table (gtp_table below: name, usage, flags, handler)
 * looked up by exact name; list_commands and known_command answer from it,
 * so they cannot disagree with what is served.
 *
 * Passes: a side with no legal move passes. `play COLOR pass` is accepted
 * only when COLOR must pass; when COLOR is not the side to move but the side
 * to move has to pass, that pass is played first, for `play` and `genmove`.
 * `genmove` for a side that must pass answers `pass` (and plays it). Errors
 * answer `? message`: unknown command, syntax error, illegal move ...
 *
 * Time: with `time_settings 0 B S` (byo-yomi) a move may take B/S seconds;
 * with a main time only, and with `time_left COLOR T 0`, the time left is
 * spread over the moves the side still has to play (empties / 2 + 1); with
 * `time_left COLOR T S` (S > 0, in byo-yomi) over those S moves. Times are
 * finite numbers of seconds (`nan`, `inf`, `1e400` are syntax errors, as
 * they are for `komi`); one over LEVEL_TIME_MAX (a million seconds) is
 * refused when it is set.
 *
 * Input: one command a line; a line of GTP_LINE_MAX bytes or more is refused
 * whole with one `? line too long` (its id, if any, echoed), unless a `#`
 * makes the rest of it a comment; the next line is the next command.
 */
#include "config.h"

#include "gtp.h"

#include "level.h"
#include "lineread.h"
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum {
	GTP_MAX_PLIES = 128, /* plies a game may have, passes included */
	GTP_LINE_MAX = 4096  /* a command line has fewer bytes than this */
};

struct gtp_state {
	struct board boards[GTP_MAX_PLIES + 1]; /* positions from the start */
	enum color sides[GTP_MAX_PLIES + 1];	/* side to move in each */
	bool forced[GTP_MAX_PLIES + 1];		/* ply i was a pass played implicitly */
	int n;					/* plies played */
	double main_time;			/* time_settings main time, seconds */
	double byo_time;			/* byo-yomi period, seconds */
	int byo_stones;				/* moves per byo-yomi period */
	double left[2];				/* time_left per colour, < 0 unknown */
	int left_stones[2];			/* time_left: moves of that time, 0 = all */
	struct match_player *brain;		/* what chooses our moves */
	uint64_t seed;				/* seed of the session */
	int games;				/* clear_board count, for seeds */
	FILE *out;				/* where replies go */
	char id[24];				/* id of the command answered, "" if none */
};

enum gtp_flags {
	GTP_ENDS_SESSION = 1 << 0, /* the session ends after the reply */
};

/* One entry of the command table: the command `name` with its `usage` runs `exec`. */
struct gtp_command {
	const char *name;					  /* exact GTP name (no prefixes) */
	const char *usage;					  /* its arguments, "" if none */
	unsigned flags;						  /* enum gtp_flags */
	void (*exec)(struct gtp_state *s, int argc, char **argv); /* sends one reply */
};

static void reply(struct gtp_state *s, bool ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Answers the current command: `=ID text` when `ok`, else `?ID text`, then a blank line. */
static void reply(struct gtp_state *s, bool ok, const char *fmt, ...)
{
	char text[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	fprintf(s->out, "%c%s%s%s\n\n", ok ? '=' : '?', s->id, text[0] ? " " : "", text);
	fflush(s->out);
}

static void new_game(struct gtp_state *s)
{
	char msg[200];
	struct match_opening o;
	struct pos start;

	board_start(&s->boards[0]);
	s->sides[0] = BLACK;
	s->forced[0] = false;
	s->n = 0;
	s->games++;
	pos_set_board(&start, &s->boards[0]);
	if (match_opening_moves(&start, BLACK, NULL, 0, &o, msg, sizeof msg) == 0)
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
		return s->left[color] /
		       (s->left_stones[color] > 0 ? s->left_stones[color] : left_moves);
	if (s->byo_time > 0 && s->byo_stones > 0)
		return s->byo_time / s->byo_stones;
	if (s->main_time > 0)
		return s->main_time / left_moves;
	return 0;
}

/* `protocol_version`: 2. */
static void exec_protocol_version(struct gtp_state *s, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	reply(s, true, "2");
}

/* `name`: the program's name. */
static void exec_name(struct gtp_state *s, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	reply(s, true, "Othello Master");
}

/* `version`: the package version. */
static void exec_version(struct gtp_state *s, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	reply(s, true, "%s", PACKAGE_VERSION);
}

/* `boardsize 8`: only 8 is accepted. */
static void exec_boardsize(struct gtp_state *s, int argc, char **argv)
{
	if (argc != 2)
		reply(s, false, "syntax error");
	else if (strcmp(argv[1], "8") != 0)
		reply(s, false, "unacceptable size");
	else
		reply(s, true, "%s", "");
}

/* `clear_board`: a new game from the standard start, Black to move. */
static void exec_clear_board(struct gtp_state *s, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	new_game(s);
	reply(s, true, "%s", "");
}

/* Reads a GTP number, digits with an optional sign and decimal point (GTP's
   int and float: no exponent, no hexadecimal, no inf or nan), at least
   `min`. Returns false if `w` is not one. */
static bool parse_number(const char *w, double min, double *out)
{
	return !strpbrk(w, "eE") && parse_decimal(w, out) && *out >= min;
}

/* `komi X`: a number, accepted and ignored. */
static void exec_komi(struct gtp_state *s, int argc, char **argv)
{
	double komi;

	if (argc != 2 || !parse_number(argv[1], -HUGE_VAL, &komi))
		reply(s, false, "syntax error");
	else
		reply(s, true, "%s", "");
}

/* `play COLOR MOVE`: plays MOVE for COLOR, first the other side's forced pass if any. */
static void exec_play(struct gtp_state *s, int argc, char **argv)
{
	char msg[REPORT_END_LEN];
	int color, move, saved = s->n;

	if (argc != 3 || (color = parse_color(argv[1])) < 0 || (move = parse_move(argv[2])) < 0) {
		reply(s, false, "syntax error");
		return;
	}
	if (s->n >= GTP_MAX_PLIES - 1 || !bring_turn(s, color, msg, sizeof msg)) {
		reply(s, false, "illegal move: %s",
		      s->n >= GTP_MAX_PLIES - 1 ? "game too long" : msg);
		return;
	}
	const struct board *b = &s->boards[s->n];
	bool ok = move == SQ_PASS ? !board_can_move(b) && board_opponent_can_move(b)
				  : board_is_legal(b, move);
	if (!ok) {
		s->n = saved;
		reply(s, false, "illegal move");
		return;
	}
	push(s, move, false);
	reply(s, true, "%s", "");
}

/* `genmove COLOR`: the brain chooses and plays COLOR's move; `pass` when it must. */
static void exec_genmove(struct gtp_state *s, int argc, char **argv)
{
	char msg[REPORT_END_LEN];
	struct match_move m;
	struct pos p;
	int color, saved = s->n;

	if (argc != 2 || (color = parse_color(argv[1])) < 0) {
		reply(s, false, "syntax error");
		return;
	}
	if (board_game_over(&s->boards[s->n])) {
		reply(s, true, "pass");
		return;
	}
	if (s->n >= GTP_MAX_PLIES - 1 || !bring_turn(s, color, msg, sizeof msg)) {
		reply(s, false, "%s", msg);
		return;
	}
	const struct board *b = &s->boards[s->n];

	if (!board_can_move(b)) {
		push(s, SQ_PASS, false);
		reply(s, true, "pass");
		return;
	}
	match_player_set_time(s->brain, move_time(s, color));
	pos_set_board(&p, b);
	if (match_player_genmove(s->brain, &p, (enum color)color, &m, msg, sizeof msg) < 0) {
		s->n = saved;
		reply(s, false, "cannot choose a move: %s", msg);
		return;
	}
	if (m.move < 0 || m.move >= 64 || !board_is_legal(b, m.move)) {
		s->n = saved;
		reply(s, false, "cannot choose a move: the engine chose an illegal move");
		return;
	}
	push(s, m.move, false);
	reply(s, true, "%s", board_square_name(m.move));
}

/* `undo`: takes back the last move and the forced passes before it. */
static void exec_undo(struct gtp_state *s, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	if (s->n == 0) {
		reply(s, false, "cannot undo");
		return;
	}
	s->n--;
	while (s->n > 0 && s->forced[s->n])
		s->n--;
	reply(s, true, "%s", "");
}

/* Reads a whole number of moves (0 to 1000000). */
static bool parse_stones(const char *w, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(w, &end, 10);
	*out = (int)v;
	return end != w && !*end && errno != ERANGE && v >= 0 && v <= 1000000;
}

/* Reads a time in seconds, 0 to LEVEL_TIME_MAX (a longer one cannot be
   given to a level: it is refused when it is set, not at the next genmove). */
static bool parse_time(const char *w, double *out)
{
	return parse_number(w, 0, out) && *out <= LEVEL_TIME_MAX;
}

/* `time_settings MAIN BYO STONES`: the time per move from then on. */
static void exec_time_settings(struct gtp_state *s, int argc, char **argv)
{
	double main_time, byo;
	int stones;

	if (argc != 4 || !parse_number(argv[1], 0, &main_time) || !parse_number(argv[2], 0, &byo) ||
	    !parse_stones(argv[3], &stones)) {
		reply(s, false, "syntax error");
		return;
	}
	if (!parse_time(argv[1], &main_time) || !parse_time(argv[2], &byo)) {
		reply(s, false, "time over %.0f seconds", LEVEL_TIME_MAX);
		return;
	}
	s->main_time = main_time;
	s->byo_time = byo;
	s->byo_stones = stones;
	s->left[0] = s->left[1] = -1;
	reply(s, true, "%s", "");
}

/* `time_left COLOR TIME STONES`: the time COLOR has left, for STONES moves
   (in byo-yomi) or for the rest of the game (0). */
static void exec_time_left(struct gtp_state *s, int argc, char **argv)
{
	double t;
	int color, stones;

	if (argc != 4 || (color = parse_color(argv[1])) < 0 || !parse_number(argv[2], 0, &t) ||
	    !parse_stones(argv[3], &stones)) {
		reply(s, false, "syntax error");
		return;
	}
	if (!parse_time(argv[2], &t)) {
		reply(s, false, "time over %.0f seconds", LEVEL_TIME_MAX);
		return;
	}
	s->left[color] = t;
	s->left_stones[color] = stones;
	reply(s, true, "%s", "");
}

/* `showboard`: the board with a1 top-left (X Black, O White) and who is to move. */
static void exec_showboard(struct gtp_state *s, int argc, char **argv)
{
	const struct board *b = &s->boards[s->n];
	enum color side = s->sides[s->n];
	uint64_t black = side == BLACK ? b->own : b->opp, white = side == BLACK ? b->opp : b->own;
	char text[1024];
	size_t n = 0;

	(void)argc;
	(void)argv;
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
	reply(s, true, "%s", text);
}

/* `final_score`: the score of the position as it stands, as GTP asks (it
   scores a game in progress too): the disc difference, B+N, W+N or 0; once
   the game is over the empty squares go to the winner. */
static void exec_final_score(struct gtp_state *s, int argc, char **argv)
{
	const struct board *b = &s->boards[s->n];
	int score = board_game_over(b) ? board_final_score(b)
				       : board_popcount(b->own) - board_popcount(b->opp);

	(void)argc;
	(void)argv;
	if (s->sides[s->n] == WHITE)
		score = -score;
	if (score == 0)
		reply(s, true, "0");
	else
		reply(s, true, "%c+%d", score > 0 ? 'B' : 'W', abs(score));
}

/* `quit`: an empty reply; the table's flag ends the session. */
static void exec_quit(struct gtp_state *s, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	reply(s, true, "%s", "");
}

static void exec_known_command(struct gtp_state *s, int argc, char **argv);
static void exec_list_commands(struct gtp_state *s, int argc, char **argv);

/* Every command, in the order list_commands gives them; a NULL name ends it. */
static const struct gtp_command gtp_table[] = {
    {.name = "protocol_version", .usage = "", .exec = exec_protocol_version},
    {.name = "name", .usage = "", .exec = exec_name},
    {.name = "version", .usage = "", .exec = exec_version},
    {.name = "known_command", .usage = "NAME", .exec = exec_known_command},
    {.name = "list_commands", .usage = "", .exec = exec_list_commands},
    {.name = "boardsize", .usage = "8", .exec = exec_boardsize},
    {.name = "clear_board", .usage = "", .exec = exec_clear_board},
    {.name = "komi", .usage = "X", .exec = exec_komi},
    {.name = "play", .usage = "COLOR MOVE", .exec = exec_play},
    {.name = "genmove", .usage = "COLOR", .exec = exec_genmove},
    {.name = "undo", .usage = "", .exec = exec_undo},
    {.name = "time_settings", .usage = "MAIN BYO STONES", .exec = exec_time_settings},
    {.name = "time_left", .usage = "COLOR TIME STONES", .exec = exec_time_left},
    {.name = "showboard", .usage = "", .exec = exec_showboard},
    {.name = "final_score", .usage = "", .exec = exec_final_score},
    {.name = "quit", .usage = "", .flags = GTP_ENDS_SESSION, .exec = exec_quit},
    {.name = NULL},
};

/* The entry of the table named exactly `name`, or NULL. */
static const struct gtp_command *find_command(const char *name)
{
	for (const struct gtp_command *c = gtp_table; c->name; c++)
		if (!strcmp(name, c->name))
			return c;
	return NULL;
}

/* `known_command NAME`: true if NAME is exactly a command of the table. */
static void exec_known_command(struct gtp_state *s, int argc, char **argv)
{
	reply(s, true, "%s", argc > 1 && find_command(argv[1]) ? "true" : "false");
}

/* `list_commands`: the names of the table, one a line. */
static void exec_list_commands(struct gtp_state *s, int argc, char **argv)
{
	char text[512];
	size_t k = 0;

	(void)argc;
	(void)argv;
	for (const struct gtp_command *c = gtp_table; c->name; c++)
		k += (size_t)snprintf(text + k, sizeof text - k, "%s%s", c > gtp_table ? "\n" : "",
				      c->name);
	reply(s, true, "%s", text);
}

/* Takes the numeric id that may open `line` into s->id ("" if none); returns the rest. */
static char *take_id(struct gtp_state *s, char *line)
{
	char *p = line;

	while (isdigit((unsigned char)*p))
		p++;
	if (p > line && (p - line) < (int)sizeof s->id && (*p == ' ' || *p == '\0')) {
		memcpy(s->id, line, (size_t)(p - line));
		s->id[p - line] = '\0';
		return p;
	}
	s->id[0] = '\0';
	return line;
}

/* Runs one command line: its entry's handler, or `? unknown command`.
   Returns false once the session ends (`quit`). */
static bool run_command(struct gtp_state *s, char *line)
{
	char *words[8];
	int n = 0;
	const struct gtp_command *cmd;

	line = take_id(s, line);
	for (char *w = strtok(line, " "); w && n < 8; w = strtok(NULL, " "))
		words[n++] = w;
	if (n == 0)
		return true;
	cmd = find_command(words[0]);
	if (!cmd) {
		reply(s, false, "unknown command");
		return true;
	}
	cmd->exec(s, n, words);
	return !(cmd->flags & GTP_ENDS_SESSION);
}

/* Serves GTP on `in`/`out` until `quit` or the end of the input, choosing
   moves with `brain` (seeded per game from `seed`). Returns 0, or -1 with a
   message in `err` when reading `in` failed (a read error is not the end of
   the input) or memory ran out. */
int gtp_serve(FILE *in, FILE *out, struct match_player *brain, uint64_t seed, char *err,
	      size_t errlen)
{
	struct gtp_state *s = calloc(1, sizeof *s);
	char line[GTP_LINE_MAX];
	int rc = 0;
	long n;

	if (!s) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	s->out = out;
	s->brain = brain;
	s->seed = seed;
	s->left[0] = s->left[1] = -1;
	new_game(s);
	while ((n = lineread_next(in, line, sizeof line)) != LINEREAD_EOF) {
		char *hash = strchr(line, '#');
		size_t k = 0;

		if (n == LINEREAD_ERROR) {
			snprintf(err, errlen, "error reading the commands: %s", strerror(errno));
			rc = -1;
			break;
		}
		if (hash)
			*hash = '\0'; /* the rest, however long, is a comment */
		else if (n == LINEREAD_TOOLONG) {
			take_id(s, line);
			reply(s, false, "line too long (over %d bytes)", GTP_LINE_MAX - 1);
			continue;
		}
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
	return rc;
}
