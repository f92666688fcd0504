/*
 * cli-match.c — `othello match` (two players, many games) and `othello
 * tournament` (every pairing of several players): options, the report file
 * (with a "# run:" line saying what the run plays, report-run.c), progress on
 * stderr, and the summary or cross table at the end, drawn too with --svg
 * (report-svg.c).
 *
 * Splitting a long run across machines or cores with GNU parallel, then
 * joining the reports:
 *
 *   parallel othello match --black expert --white novice --games 200 \
 *     --shard {}/4 --report part{}.txt ::: 1 2 3 4 && othello report merge part*.txt
 *
 * Evaluations: each level player plays with the evaluation --black-eval,
 * --white-eval or --eval names (evalspec.c; default pattern). Each distinct
 * SPEC is loaded once, before the games, and shared by the players (and by
 * the worker processes, which inherit it). When an evaluation option is
 * given, the players' names in the report, the summary and the game logs
 * carry the evaluation ("master (classic)"); the reasoning of every move
 * names it in any case.
 */
#include "book.h"
#include "cli-eval.h"
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"

#include "datadir.h"
#include "match-level.h"
#include "match.h"
#include "report-run.h"
#include "report-stats.h"
#include "report-svg.h"
#include "report.h"
#include "timer.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_PLAYERS = 16 };

/* The evaluations of a run: one per distinct SPEC. */
struct run_evals {
	const char *spec[MAX_PLAYERS];		   /* as given, or EVALSPEC_DEFAULT */
	struct eval *ev[MAX_PLAYERS];		   /* loaded (owned) */
	char name[MAX_PLAYERS][EVALSPEC_NAME_LEN]; /* the evaluation's name */
	int n;					   /* entries in use */
};

/* Options shared by match and tournament. */
struct run_options {
	const char *command;	   /* "match" or "tournament", for messages */
	const char *openings;	   /* --openings FILE, NULL = the shipped balanced set */
	long games;		   /* --games N (per pairing in a tournament), 0 = default */
	long random_pct;	   /* --random PERCENT */
	uint64_t seed;		   /* --seed N */
	double time[2];		   /* --time T[,T] */
	long depth[2];		   /* --depth D[,D] */
	double timeout;		   /* --timeout SECONDS */
	double game_time;	   /* --game-time MINUTES a side for each game, 0 = none */
	long jobs;		   /* --jobs N */
	long threads;		   /* --threads N: search threads of each level, 0 = one */
	const char *report;	   /* --report FILE */
	bool append;		   /* --append: the report may hold other runs */
	const char *log_dir;	   /* --log-dir DIR */
	int shard, shards;	   /* --shard I/N */
	bool json;		   /* --json (match) */
	enum stats_format format;  /* --format (tournament) */
	bool quiet;		   /* --quiet: no progress */
	const char *svg;	   /* --svg FILE: the results as a picture */
	const char *eval[2];	   /* --black-eval, --white-eval (match), or NULL */
	const char *setup[2];	   /* --black-setup, --white-setup (match), or NULL */
	const char *book[2];	   /* --black-book, --white-book (match), or NULL */
	const char *eval_all;	   /* --eval: every level player, or NULL */
	const char *black, *white; /* --black, --white (match) */
	const char
	    *players[MAX_PLAYERS]; /* the players: --black and --white, or --players, --player */
	int n_players;		   /* entries of players */
	int variant;		   /* --variant NAME: the series' board (enum variant, 0: 8x8) */
	struct eval *board_eval;   /* the levels' evaluation on another board, or NULL */
	char list[4096];	   /* --players A,B,C..., cut at the commas */
};

/* What the progress display and the report writer need as games end. */
struct run_state {
	int report_fd;		    /* report file, or -1 */
	struct report played;	    /* games of this run */
	int total;		    /* games to play */
	double start;		    /* when the run started */
	bool tty;		    /* stderr is a terminal */
	bool quiet;		    /* no progress at all */
	const char *first, *second; /* a match's players (NULL for a tournament) */
	int resumed;		    /* games of played read back from the report */
	int failed;		    /* report lines (games, notes) not written */
	int logs_lost;		    /* game logs not written */
};

/* Reads seconds a move, 0 (none) to LEVEL_TIME_MAX: a longer time cannot be
   given to a level, so it is refused here rather than forfeiting every game. */
static bool parse_move_seconds(const char *s, double *out)
{
	return cli_parse_seconds(s, out) && *out <= LEVEL_TIME_MAX;
}

/* Parses "X" or "X,Y" into two values (the second defaults to the first). */
static bool parse_pair_seconds(const char *s, double out[2])
{
	char buf[64], *comma;

	snprintf(buf, sizeof buf, "%s", s);
	comma = strchr(buf, ',');
	if (comma)
		*comma = '\0';
	if (!parse_move_seconds(buf, &out[0]))
		return false;
	out[1] = out[0];
	return !comma || parse_move_seconds(comma + 1, &out[1]);
}

static bool parse_pair_int(const char *s, long lo, long hi, long out[2])
{
	char buf[64], *comma;

	snprintf(buf, sizeof buf, "%s", s);
	comma = strchr(buf, ',');
	if (comma)
		*comma = '\0';
	if (!cli_parse_int(buf, lo, hi, &out[0]))
		return false;
	out[1] = out[0];
	return !comma || cli_parse_int(comma + 1, lo, hi, &out[1]);
}

/* Adds `name` to the players; false after saying there are too many. */
static bool run_add_player(struct run_options *ro, const char *name)
{
	if (ro->n_players >= MAX_PLAYERS) {
		fprintf(stderr, "othello: at most %d players\n", MAX_PLAYERS);
		return false;
	}
	ro->players[ro->n_players++] = name;
	return true;
}

/* --players A,B,C... */
static bool run_players(void *opts, const char *text)
{
	struct run_options *ro = opts;

	snprintf(ro->list, sizeof ro->list, "%s", text);
	for (char *s = strtok(ro->list, ","); s; s = strtok(NULL, ","))
		if (!run_add_player(ro, s))
			return false;
	return true;
}

/* --player P */
static bool run_player(void *opts, const char *text)
{
	return run_add_player(opts, text);
}

/* --seed N */
static bool run_seed(void *opts, const char *text)
{
	struct run_options *ro = opts;
	char *end;

	errno = 0;
	ro->seed = strtoull(text, &end, 10);
	return isdigit((unsigned char)text[0]) && !*end && errno != ERANGE;
}

/* --time T[,T] */
static bool run_time(void *opts, const char *text)
{
	return parse_pair_seconds(text, ((struct run_options *)opts)->time);
}

/* --depth D[,D] */
static bool run_depth(void *opts, const char *text)
{
	return parse_pair_int(text, 1, 60, ((struct run_options *)opts)->depth);
}

/* --shard I/N */
static bool run_shard(void *opts, const char *text)
{
	struct run_options *ro = opts;

	return match_shard_parse(text, &ro->shard, &ro->shards) == 0;
}

/* --format text|csv|json */
static bool run_format(void *opts, const char *text)
{
	return stats_format_parse(text, &((struct run_options *)opts)->format);
}

/* The options match and tournament both know, each with its help line (NULL:
   not listed); FOREIGN says the command refuses it ("is not an option of").
   Each table lists its options first, in the order of its help. */
#define RUN_OPT_GAMES(HELP)                                                                        \
	{                                                                                          \
		.name = "games", .kind = CLI_OPT_INT,                                              \
		.offset = offsetof(struct run_options, games), .lo = 1, .hi = 10000000,            \
		.arg = "N", .help = HELP                                                           \
	}
#define RUN_OPT_EVAL(HELP)                                                                         \
	{                                                                                          \
		.name = "eval", .renamed = "weights", .kind = CLI_OPT_STRING,                      \
		.offset = offsetof(struct run_options, eval_all), .arg = "SPEC", .help = HELP      \
	}
#define RUN_OPT_OPENINGS(HELP)                                                                     \
	{                                                                                          \
		.name = "openings", .kind = CLI_OPT_STRING,                                        \
		.offset = offsetof(struct run_options, openings), .arg = "FILE", .help = HELP      \
	}
#define RUN_OPT_RANDOM(HELP)                                                                       \
	{                                                                                          \
		.name = "random", .kind = CLI_OPT_INT,                                             \
		.offset = offsetof(struct run_options, random_pct), .lo = 0, .hi = 100,            \
		.arg = "PERCENT", .help = HELP                                                     \
	}
#define RUN_OPT_SEED(HELP)                                                                         \
	{                                                                                          \
		.name = "seed", .kind = CLI_OPT_CALL, .call = run_seed,                            \
		.what = "a number from 0 to 18446744073709551615", .arg = "N", .help = HELP        \
	}
#define RUN_OPT_TIME(HELP)                                                                         \
	{                                                                                          \
		.name = "time", .kind = CLI_OPT_CALL, .call = run_time,                            \
		.what = "T or T,T in seconds (at most 1000000)", .arg = "T[,T]", .help = HELP      \
	}
#define RUN_OPT_DEPTH(HELP)                                                                        \
	{                                                                                          \
		.name = "depth", .kind = CLI_OPT_CALL, .call = run_depth,                          \
		.what = "D or D,D (1-60)", .arg = "D[,D]", .help = HELP                            \
	}
#define RUN_OPT_GAME_TIME(HELP)                                                                    \
	{                                                                                          \
		.name = "game-time", .kind = CLI_OPT_NUMBER,                                       \
		.offset = offsetof(struct run_options, game_time), .above_zero = true,             \
		.max = 100000, .what = "a number of minutes above 0, at most 100000",              \
		.arg = "MINUTES", .help = HELP                                                     \
	}
#define RUN_OPT_TIMEOUT(HELP)                                                                      \
	{                                                                                          \
		.name = "timeout", .kind = CLI_OPT_NUMBER,                                         \
		.offset = offsetof(struct run_options, timeout), .above_zero = true,               \
		.max = LEVEL_TIME_MAX, .what = "a number of seconds above 0, at most 1000000",     \
		.arg = "S", .help = HELP                                                           \
	}
#define RUN_OPT_JOBS(HELP)                                                                         \
	{                                                                                          \
		.name = "jobs", .kind = CLI_OPT_INT, .offset = offsetof(struct run_options, jobs), \
		.lo = 1, .hi = 256, .arg = "N", .help = HELP                                       \
	}
#define RUN_OPT_THREADS(HELP)                                                                      \
	{                                                                                          \
		.name = "threads", .kind = CLI_OPT_INT,                                            \
		.offset = offsetof(struct run_options, threads), .lo = 1, .hi = 64, .arg = "N",    \
		.help = HELP                                                                       \
	}
#define RUN_OPT_REPORT(HELP)                                                                       \
	{                                                                                          \
		.name = "report", .kind = CLI_OPT_STRING,                                          \
		.offset = offsetof(struct run_options, report), .arg = "FILE", .help = HELP        \
	}
#define RUN_OPT_APPEND(HELP)                                                                       \
	{                                                                                          \
		.name = "append", .kind = CLI_OPT_FLAG,                                            \
		.offset = offsetof(struct run_options, append), .help = HELP                       \
	}
#define RUN_OPT_LOG_DIR(HELP)                                                                      \
	{                                                                                          \
		.name = "log-dir", .kind = CLI_OPT_STRING,                                         \
		.offset = offsetof(struct run_options, log_dir), .arg = "DIR", .help = HELP        \
	}
#define RUN_OPT_SHARD(HELP)                                                                        \
	{                                                                                          \
		.name = "shard", .kind = CLI_OPT_CALL, .call = run_shard,                          \
		.what = "I/N with 1 <= I <= N", .arg = "I/N", .help = HELP                         \
	}
#define RUN_OPT_QUIET(HELP)                                                                        \
	{                                                                                          \
		.name = "quiet", .kind = CLI_OPT_FLAG,                                             \
		.offset = offsetof(struct run_options, quiet), .help = HELP                        \
	}
#define RUN_OPT_SVG(HELP)                                                                          \
	{                                                                                          \
		.name = "svg", .kind = CLI_OPT_STRING,                                             \
		.offset = offsetof(struct run_options, svg), .arg = "FILE", .help = HELP           \
	}
#define RUN_OPT_FORMAT(FOREIGN, HELP)                                                              \
	{                                                                                          \
		.name = "format", .kind = CLI_OPT_CALL, .call = run_format,                        \
		.what = "text, csv or json", .foreign = FOREIGN, .arg = "F", .help = HELP          \
	}
#define RUN_OPT_BLACK_EVAL(FOREIGN)                                                                \
	{                                                                                          \
		.name = "black-eval", .kind = CLI_OPT_STRING,                                      \
		.offset = offsetof(struct run_options, eval[0]), .foreign = FOREIGN,               \
		.arg = "SPEC", .help = "evaluation of --black's player (a level), same SPECs"      \
	}
#define RUN_OPT_WHITE_EVAL(FOREIGN)                                                                \
	{                                                                                          \
		.name = "white-eval", .kind = CLI_OPT_STRING,                                      \
		.offset = offsetof(struct run_options, eval[1]), .foreign = FOREIGN,               \
		.arg = "SPEC", .help = "evaluation of --white's player"                            \
	}
#define RUN_OPT_SETUP(NAME, I, HELP)                                                               \
	{                                                                                          \
		.name = NAME, .kind = CLI_OPT_STRING,                                              \
		.offset = offsetof(struct run_options, setup[I]), .arg = "CMDS", .help = HELP      \
	}
#define RUN_OPT_JSON(FOREIGN)                                                                      \
	{                                                                                          \
		.name = "json", .kind = CLI_OPT_FLAG,                                              \
		.offset = offsetof(struct run_options, json), .foreign = FOREIGN,                  \
		.help = "print the summary as one JSON object"                                     \
	}
#define RUN_OPT_VARIANT                                                                            \
	CLI_VARIANT_OPTION(offsetof(struct run_options, variant), CLI_VARIANT_HELP                 \
			   "; on the other\n"                                                      \
			   "boards the players are levels or random, --eval is a\n"                \
			   "weights file of that board (or builtin), and without\n"                \
			   "--openings 50 balanced random openings are drawn")
#define RUN_OPT_PLAYERS(FOREIGN)                                                                   \
	{.name = "black",                                                                          \
	 .kind = CLI_OPT_STRING,                                                                   \
	 .offset = offsetof(struct run_options, black),                                            \
	 .foreign = !(FOREIGN)},                                                                   \
	    {.name = "white",                                                                      \
	     .kind = CLI_OPT_STRING,                                                               \
	     .offset = offsetof(struct run_options, white),                                        \
	     .foreign = !(FOREIGN)},                                                               \
	    {.name = "players", .kind = CLI_OPT_CALL, .call = run_players, .foreign = FOREIGN},    \
	{                                                                                          \
		.name = "player", .kind = CLI_OPT_CALL, .call = run_player, .foreign = FOREIGN     \
	}

static const struct cli_options match_options = {
    .command = "match",
    .usage = "usage: othello match --black PLAYER --white PLAYER [OPTIONS]\n\n"
	     "Plays games between two players, each opening twice with colours swapped,\n"
	     "and prints a summary. PLAYER is a level (beginner, novice, expert, pre-master,\n"
	     "master, or a setting), `random`, `engine:CMD` (an external GTP engine) or\n"
	     "`nboard:CMD` (an external NBoard engine).\n\n",
    .column = 21,
    .options =
	(const struct cli_option[]){
	    RUN_OPT_GAMES("games to play (default: every opening twice)"),
	    RUN_OPT_OPENINGS("starting sequences or board strings, one a line\n"
			     "(default: the shipped balanced set; `start`: the start only)"),
	    RUN_OPT_RANDOM("evaluation noise for both players (default 0)"),
	    RUN_OPT_EVAL("evaluation of both players: pattern (default), classic\n"
			 "or a weights file; the names in the results show it"),
	    RUN_OPT_BLACK_EVAL(false),
	    RUN_OPT_WHITE_EVAL(false),
	    RUN_OPT_SETUP("black-setup", 0,
			  "commands sent to --black's external engine once it is\n"
			  "started, `;` between them (`level 10`)"),
	    RUN_OPT_SETUP("white-setup", 1, "the same for --white's engine"),
	    {.name = "black-book",
	     .kind = CLI_OPT_STRING,
	     .offset = offsetof(struct run_options, book[0]),
	     .arg = "FILE",
	     .help = "opening book of --black's player (a level) instead of\n"
		     "the shipped one"},
	    {.name = "white-book",
	     .kind = CLI_OPT_STRING,
	     .offset = offsetof(struct run_options, book[1]),
	     .arg = "FILE",
	     .help = "the same for --white's player"},
	    RUN_OPT_SEED("seed of the run; each game's seed derives from it (default 1)"),
	    RUN_OPT_TIME("seconds per move, for --black's player then --white's"),
	    RUN_OPT_DEPTH("search depth, same order"),
	    RUN_OPT_GAME_TIME("minutes each side has for a whole game, which our\n"
			      "levels spread over their moves; out of time loses"),
	    RUN_OPT_TIMEOUT("seconds an external engine may take for an answer\n"
			    "(one deadline, however many lines it writes)"),
	    RUN_OPT_JOBS("games played at once, in worker processes (default 1)"),
	    RUN_OPT_THREADS("search threads of each level player (default 1)"),
	    RUN_OPT_REPORT("append one line per game (format: report.c, othello(6));\n"
			   "a FILE holding this run's games resumes it"),
	    RUN_OPT_APPEND("let --report's FILE hold other runs: this one is added"),
	    RUN_OPT_LOG_DIR("write each game as DIR/game-NNNNN.sgf with the reasoning"),
	    RUN_OPT_SHARD("play only the I-th of N slices of the game list"),
	    RUN_OPT_JSON(false),
	    RUN_OPT_QUIET("no progress on stderr"),
	    RUN_OPT_SVG("draw the running score and the disc differences (SVG)"),
	    RUN_OPT_FORMAT(true, NULL),
	    RUN_OPT_PLAYERS(true),
	    RUN_OPT_VARIANT,
	    CLI_HELP(0, NULL),
	    {0},
	},
};

static const struct cli_options tournament_options = {
    .command = "tournament",
    .usage = "usage: othello tournament --players A,B,C... [OPTIONS]\n\n"
	     "Plays every pairing of the players, both colours, and prints the cross table\n"
	     "(rows and columns are players; a cell holds the row's points and mean disc\n"
	     "difference against the column) and the ranking. Players as for `othello match`;\n"
	     "--player P (repeatable) adds one whose name holds a comma.\n\n",
    .footer = "  --openings, --random, --seed, --time T, --depth D, --game-time MINUTES,\n"
	      "  --timeout, --jobs, --threads, --report, --append, --log-dir, --shard, --quiet:\n"
	      "  as for `othello match`\n",
    .column = 21,
    .options =
	(const struct cli_option[]){
	    RUN_OPT_GAMES("games per pairing (default: every opening twice)"),
	    RUN_OPT_FORMAT(false, "text, csv or json (default text)"),
	    RUN_OPT_SVG("draw the cross table and the ranking (SVG)"),
	    RUN_OPT_EVAL("evaluation of every level: pattern (default), classic\n"
			 "or a weights file; the names in the results show it"),
	    RUN_OPT_OPENINGS(NULL),
	    RUN_OPT_RANDOM(NULL),
	    RUN_OPT_SEED(NULL),
	    RUN_OPT_TIME(NULL),
	    RUN_OPT_DEPTH(NULL),
	    RUN_OPT_GAME_TIME(NULL),
	    RUN_OPT_TIMEOUT(NULL),
	    RUN_OPT_JOBS(NULL),
	    RUN_OPT_THREADS(NULL),
	    RUN_OPT_REPORT(NULL),
	    RUN_OPT_APPEND(NULL),
	    RUN_OPT_LOG_DIR(NULL),
	    RUN_OPT_SHARD(NULL),
	    RUN_OPT_QUIET(NULL),
	    RUN_OPT_BLACK_EVAL(true),
	    RUN_OPT_WHITE_EVAL(true),
	    RUN_OPT_JSON(true),
	    RUN_OPT_PLAYERS(false),
	    RUN_OPT_VARIANT,
	    CLI_HELP(0, NULL),
	    {0},
	},
};

/* On another board without --openings: balanced random openings (each scored within a few
   discs by a search), one for every two games (50 without --games), drawn from --seed. 0, or
   2 after a message. */
static int draw_openings(const struct run_options *ro, struct match_openings *out)
{
	int n = ro->games > 0 ? (int)(ro->games + 1) / 2 : 50;
	int plies = square_size(ro->variant) <= 6 ? 4 : 6; /* as the old variant series drew */
	char err[300];

	if (match_openings_draw(ro->variant, ro->board_eval, n, plies, ro->seed, out, err,
				sizeof err) < 0) {
		fprintf(stderr, "othello %s: %s\n", ro->command, err);
		return 2;
	}
	return 0;
}

/* Loads the openings named by the options into `out`. Returns 0, or 2 after
   printing the error. */
static int load_openings(const struct run_options *ro, struct match_openings *out)
{
	enum variant v = ro->variant;
	char err[512], path[4096];
	FILE *f;
	int r;

	if (ro->openings && (!strcmp(ro->openings, "start") || !strcmp(ro->openings, "-")))
		return match_openings_start(v, out) < 0 ? 2 : 0;
	if (v != VARIANT_8X8 && !ro->openings)
		return draw_openings(ro, out);
	if (ro->openings) {
		snprintf(path, sizeof path, "%s", ro->openings);
		f = fopen(path, "r");
		if (!f) {
			fprintf(stderr, "othello %s: --openings: %s: %s\n", ro->command, path,
				strerror(errno));
			return 2;
		}
	} else {
		f = datadir_open("openings/balanced.txt", path, sizeof path, err, sizeof err);
		if (!f) {
			fprintf(stderr, "othello: %s\n", err);
			return 2;
		}
	}
	r = match_openings_read(v, f, path, out, err, sizeof err);
	fclose(f);
	if (r < 0) {
		fprintf(stderr, "othello: %s\n", err);
		return 2;
	}
	return 0;
}

static void format_duration(double s, char *out, size_t len)
{
	long t = (long)(s + 0.5);

	if (t >= 3600)
		snprintf(out, len, "%ldh%02ldm", t / 3600, t / 60 % 60);
	else if (t >= 60)
		snprintf(out, len, "%ldm%02lds", t / 60, t % 60);
	else
		snprintf(out, len, "%lds", t);
}

/* Called as each game ends: report line, progress. False stops the run: the
   standard output failed or its reader has gone (cli_output_ok). */
static bool on_result(const struct report_game *g, void *user)
{
	struct run_state *st = user;
	char err[256], eta[32], score[64] = "";
	int done;

	if (st->report_fd >= 0 && report_append(st->report_fd, g, err, sizeof err) < 0) {
		if (st->failed++ == 0)
			fprintf(stderr, "othello: %s\n", err);
	}
	report_add(&st->played, g);
	done = st->played.n;
	if (st->quiet)
		return cli_output_ok();
	if (st->first) {
		struct stats_match s;

		stats_match_compute(st->played.games, st->played.n, st->first, st->second, &s);
		snprintf(score, sizeof score, "%g-%g", s.points[0], s.points[1]);
	}
	double elapsed = timer_now() - st->start;
	format_duration(elapsed / (done - st->resumed) * (st->total - done), eta, sizeof eta);
	if (st->tty) {
		int width = 30, fill = st->total ? width * done / st->total : width;

		fprintf(stderr, "\r[%.*s%*s] %d/%d games%s%s, %s left  ", fill,
			"##############################", width - fill, "", done, st->total,
			score[0] ? ", score " : "", score, eta);
		if (done == st->total)
			fputc('\n', stderr);
	} else {
		bool normal = strcmp(g->end, "end") == 0;

		fprintf(stderr, "game %d (%d/%d): %s - %s %d-%d%s%s%s%s%s, %s left\n", g->number,
			done, st->total, g->black, g->white, g->black_discs, g->white_discs,
			normal ? "" : " (", normal ? "" : g->end, normal ? "" : ")",
			score[0] ? ", score " : "", score, eta);
	}
	fflush(stderr);
	return cli_output_ok();
}

/* Reads the book file `path` of --black-book (i = 0) or --white-book once, so
   that a bad one is refused before any game; 0, or -1 after a message. */
static int check_book(const char *path, int i)
{
	struct book *bk = book_new();
	int st =
	    bk ? cli_book_load("match", i == 0 ? "black-book" : "white-book", path, true, bk) : -1;

	if (!bk)
		fprintf(stderr, "othello match: out of memory\n");
	book_free(bk);
	return st < 0 ? -1 : 0;
}

/* Parses the options of match or tournament into `ro` (its players too).
   Returns -1 to go on, or an exit status. */
static int parse_run_options(int argc, char **argv, bool tournament, struct run_options *ro)
{
	const struct cli_options *t = tournament ? &tournament_options : &match_options;
	int first, st;

	memset(ro, 0, sizeof *ro);
	ro->command = t->command;
	ro->seed = 1;
	ro->jobs = 1;
	ro->shard = ro->shards = 1;
	if ((st = cli_options_parse(t, argc, argv, ro, &first)) >= 0)
		return st;
	if (first < argc) {
		fprintf(stderr, "othello: %s: unexpected argument '%s'\n", argv[0], argv[first]);
		return 2;
	}
	if (!tournament) {
		if (!ro->black || !ro->white) {
			fprintf(stderr, "othello: match: --black and --white are required\n");
			cli_options_usage(t, stderr);
			return 2;
		}
		ro->players[0] = ro->black;
		ro->players[1] = ro->white;
		ro->n_players = 2;
		for (int i = 0; i < 2; i++) {
			if (ro->eval[i] && !match_player_is_level(ro->players[i])) {
				fprintf(
				    stderr,
				    "othello match: --%s-eval: '%s' is not one of our levels: an "
				    "external engine or `random` plays without our evaluation\n",
				    i == 0 ? "black" : "white", ro->players[i]);
				return 2;
			}
			if (ro->book[i] && !match_player_is_level(ro->players[i])) {
				fprintf(stderr,
					"othello match: --%s-book: '%s' is not one of our levels\n",
					i == 0 ? "black" : "white", ro->players[i]);
				return 2;
			}
			if (ro->book[i] && check_book(ro->book[i], i) < 0)
				return 2;
			if (ro->setup[i] && match_player_is_level(ro->players[i])) {
				fprintf(stderr,
					"othello match: --%s-setup: '%s' is not an external engine "
					"(engine:CMD or nboard:CMD)\n",
					i == 0 ? "black" : "white", ro->players[i]);
				return 2;
			}
		}
	} else if (ro->n_players < 2) {
		fprintf(stderr, "othello: tournament: --players needs at least two players\n");
		return 2;
	}
	if (ro->game_time > 0 && (ro->time[0] > 0 || ro->time[1] > 0)) {
		fprintf(stderr, "othello: %s: --time and --game-time: give one of them\n",
			ro->command);
		return 2;
	}
	for (int i = 0; i < ro->n_players; i++) {
		char err[256];

		if (!match_player_check_spec(ro->players[i], err, sizeof err)) {
			fprintf(stderr, "othello: %s\n", err);
			return 2;
		}
	}
	return -1;
}

/* Loads the evaluation of each level player into `opt` (one per distinct
   SPEC, in `evals`) and writes the players' report names into `names`.
   Returns 0, or 2 after printing why a SPEC cannot be loaded. */
static int load_evals(const struct run_options *ro, bool tournament, const char *const *players,
		      int n, struct run_evals *evals, struct match_player_options *opt,
		      char (*names)[REPORT_NAME_LEN])
{
	bool named = ro->eval_all || ro->eval[0] || ro->eval[1];
	const char *labels[MAX_PLAYERS];
	char text[MAX_PLAYERS][REPORT_NAME_LEN];

	for (int i = 0; i < n; i++) {
		const char *spec = !tournament && ro->eval[i] ? ro->eval[i] : ro->eval_all;
		const char *option =
		    !tournament && ro->eval[i] ? (i == 0 ? "black-eval" : "white-eval") : "eval";
		int k;

		labels[i] = players[i];
		if (!match_player_is_level(players[i]))
			continue;
		if (!spec)
			spec = EVALSPEC_DEFAULT;
		for (k = 0; k < evals->n && strcmp(evals->spec[k], spec) != 0; k++)
			;
		if (k == evals->n) {
			evals->spec[k] = spec;
			evals->ev[k] = cli_eval_option(tournament ? "tournament" : "match", option,
						       spec, evals->name[k], sizeof evals->name[k]);
			if (!evals->ev[k])
				return 2;
			evals->n++;
		}
		opt[i].eval = evals->ev[k];
		opt[i].eval_name = evals->name[k];
		if (named) {
			snprintf(text[i], sizeof text[i], "%.*s (%s)", REPORT_NAME_LEN / 2,
				 players[i], level_player_eval_name(players[i], evals->name[k]));
			labels[i] = text[i];
		}
	}
	match_names_distinct(labels, n, names);
	return 0;
}

/* Frees the evaluations of a run. */
static void free_evals(struct run_evals *evals)
{
	for (int k = 0; k < evals->n; k++)
		eval_free(evals->ev[k]);
	evals->n = 0;
}

/* Prints a problem the match reports while it goes on: a game log not
   written (counted: the run's exit status says it). */
static void on_warning(const char *msg, void *user)
{
	struct run_state *st = user;

	st->logs_lost++;
	fprintf(stderr, "othello: %s\n", msg);
}

/* Writes a note on a player (an engine that went on without a command it
   refused) as a comment of the report, and on stderr. */
static void on_note(const char *msg, void *user)
{
	struct run_state *st = user;
	char text[REPORT_LINE_LEN], err[256];

	fprintf(stderr, "othello: note: %s\n", msg);
	snprintf(text, sizeof text, "note: %s", msg);
	if (st->report_fd >= 0 && report_append_comment(st->report_fd, text, err, sizeof err) < 0)
		if (st->failed++ == 0)
			fprintf(stderr, "othello: %s\n", err);
}

/* What the run plays, for the report's run line and the picture's title:
   the time control and the openings as the options give them. */
static void describe_run(const struct run_options *ro, bool tournament, struct report_run *out)
{
	int sides =
	    tournament || (ro->time[0] == ro->time[1] && ro->depth[0] == ro->depth[1]) ? 1 : 2;
	size_t len = 0;

	memset(out, 0, sizeof *out);
	if (ro->game_time > 0)
		len += (size_t)snprintf(out->time, sizeof out->time, "%g min a side a game",
					ro->game_time);
	if (ro->time[0] > 0 || ro->time[1] > 0)
		len += (size_t)snprintf(out->time, sizeof out->time,
					sides == 1 ? "%g s a move" : "%g s / %g s a move",
					ro->time[0], ro->time[1]);
	if (ro->depth[0] > 0 || ro->depth[1] > 0)
		snprintf(out->time + len, sizeof out->time - len,
			 sides == 1 ? "%sdepth %ld" : "%sdepth %ld / %ld", len ? ", " : "",
			 ro->depth[0], ro->depth[1]);
	if (!out->time[0])
		snprintf(out->time, sizeof out->time, "the levels' own");
	if (!ro->openings && ro->variant != VARIANT_8X8)
		snprintf(out->openings, sizeof out->openings,
			 "balanced random openings of %s (seed %llu)",
			 square_variant_name(ro->variant), (unsigned long long)ro->seed);
	else if (!ro->openings)
		snprintf(out->openings, sizeof out->openings, "the shipped balanced set");
	else if (!strcmp(ro->openings, "start") || !strcmp(ro->openings, "-"))
		snprintf(out->openings, sizeof out->openings, "the start position");
	else
		snprintf(out->openings, sizeof out->openings, "%s", ro->openings);
}

/* Prints the summary (a match) or the cross table (a tournament) of the
   games played, and draws it when --svg asks. Returns 0, or 2 after saying
   the picture could not be written. */
static int print_results(const struct run_options *ro, bool tournament, const struct report *played,
			 const char *const *names, int n_players)
{
	if (stats_print_summary(played->games, played->n, names, n_players, !tournament,
				ro->json     ? STATS_JSON
				: tournament ? ro->format
					     : STATS_TEXT,
				stdout) < 0) {
		fprintf(stderr, "othello %s: out of memory for the summary\n", ro->command);
		return 2;
	}
	if (ro->svg) {
		struct report_run run;
		struct report_svg_info info;
		char err[600];

		describe_run(ro, tournament, &run);
		info.time = run.time;
		info.openings = run.openings;
		if (report_svg_save(ro->svg, tournament ? REPORT_SVG_TABLE : REPORT_SVG_MATCH,
				    played->games, played->n, names, n_players, &info, err,
				    sizeof err) < 0) {
			fprintf(stderr, "othello %s: --svg: %s\n", ro->command, err);
			return 2;
		}
	}
	return 0;
}

/* Checks that --log-dir names a directory we can write in, creating it if
   needed. Returns 0, or 2 after saying why not. */
static int check_log_dir(const struct run_options *ro)
{
	struct stat sb;

	if (mkdir(ro->log_dir, 0777) < 0 && errno != EEXIST) {
		fprintf(stderr, "othello %s: --log-dir: %s: %s\n", ro->command, ro->log_dir,
			strerror(errno));
		return 2;
	}
	errno = 0;
	if (stat(ro->log_dir, &sb) < 0 || !S_ISDIR(sb.st_mode) || access(ro->log_dir, W_OK) < 0) {
		fprintf(stderr, "othello %s: --log-dir: %s: %s\n", ro->command, ro->log_dir,
			errno ? strerror(errno) : "not a directory");
		return 2;
	}
	return 0;
}

/* Says on stderr what output of the run was lost (report lines, game logs).
   Returns true if any was. */
static bool say_lost(const struct run_options *ro, const struct run_state *st)
{
	if (!st->failed && !st->logs_lost)
		return false;
	fprintf(stderr, "othello %s: output lost:", ro->command);
	if (st->failed)
		fprintf(stderr, " %d line%s of the report %s", st->failed,
			st->failed == 1 ? "" : "s", ro->report);
	if (st->logs_lost)
		fprintf(stderr, "%s %d game log%s in %s", st->failed ? "," : "", st->logs_lost,
			st->logs_lost == 1 ? "" : "s", ro->log_dir);
	fprintf(stderr, " (the reasons are above)\n");
	return true;
}

/* The run line of this run: what it plays (describe_run), its seed and its
   players' names in the report. */
static void this_run(const struct run_options *ro, const struct match_plan *plan,
		     struct report_run *run)
{
	size_t len = 0;

	describe_run(ro, !strcmp(ro->command, "tournament"), run);
	snprintf(run->seed, sizeof run->seed, "%llu", (unsigned long long)ro->seed);
	for (int i = 0; i < plan->n_players && len < sizeof run->players; i++)
		len += (size_t)snprintf(run->players + len, sizeof run->players - len, "%s%s",
					i ? ", " : "", plan->names[i]);
}

/* Orders report games by run, then number (bsearch in a merged report). */
static int compare_run_number(const void *a, const void *b)
{
	const struct report_game *x = a, *y = b;

	if (x->run != y->run)
		return (x->run > y->run) - (x->run < y->run);
	return (x->number > y->number) - (x->number < y->number);
}

/* Takes out of the plan the games that `old` (merged) holds for its run
   `mine`, into st->played: they count in the results, as the run resumed.
   Returns how many, or -1 after a message when one is not this run's game
   (other players). */
static int take_played(const struct run_options *ro, const struct report *old, int mine,
		       struct match_plan *plan, struct run_state *st)
{
	int kept = 0, taken = 0;

	for (int k = 0; k < plan->n_games; k++) {
		struct match_game *mg = &plan->games[k];
		struct report_game key = {.run = mine, .number = mg->number};
		const struct report_game *g = old->n ? bsearch(&key, old->games, (size_t)old->n,
							       sizeof key, compare_run_number)
						     : NULL;

		if (!g) {
			plan->games[kept++] = *mg;
			continue;
		}
		if (strcmp(g->black, plan->names[mg->black]) ||
		    strcmp(g->white, plan->names[mg->white])) {
			fprintf(stderr,
				"othello %s: --report: %s: game %d of this run was %s - %s there, "
				"where this run plays %s - %s\n",
				ro->command, ro->report, mg->number, g->black, g->white,
				plan->names[mg->black], plan->names[mg->white]);
			return -1;
		}
		if (report_add(&st->played, g) < 0) {
			fprintf(stderr, "othello %s: out of memory\n", ro->command);
			return -1;
		}
		taken++;
	}
	plan->n_games = kept;
	return taken;
}

/* Reads what the report holds before this run appends to it. A file holding
   games or run lines of other runs only is refused unless --append; one
   holding this run's line resumes it: its games there are not played again
   but counted in the results. Returns 0, or 2 after a message. */
static int check_report(const struct run_options *ro, const struct report_run *run,
			struct match_plan *plan, struct run_state *st)
{
	struct report old = {0};
	char err[512];
	FILE *f = fopen(ro->report, "r");
	int mine = 0, st_code = 0;

	if (!f)
		return 0; /* a new file, or one we may only write: report_open says */
	if (report_read(f, ro->report, &old, err, sizeof err) < 0) {
		fprintf(stderr,
			"othello %s: --report: %s (in the report this run would append to)\n",
			ro->command, err);
		st_code = 2;
	}
	fclose(f);
	for (int i = 0; st_code == 0 && i < old.runs.n; i++)
		if (report_run_same(&old.runs.run[i], run))
			mine = i + 1;
	if (st_code == 0 && !mine && (old.n > 0 || old.runs.n > 0) && !ro->append) {
		const struct report_run *o = old.runs.n ? &old.runs.run[old.runs.n - 1] : NULL;

		fprintf(stderr,
			"othello %s: --report: %s holds another run (%s%s%s%s); --append adds this "
			"one to it, or give another file\n",
			ro->command, ro->report, o && o->seed[0] ? "seed " : "",
			o && o->seed[0] ? o->seed
			: o		? o->time
					: "games without a run line",
			o && o->players[0] ? ", " : "", o && o->players[0] ? o->players : "");
		st_code = 2;
	}
	if (st_code == 0 && mine) {
		int taken;

		if (report_merge(&old, err, sizeof err) < 0) {
			fprintf(stderr, "othello %s: --report: %s: %s\n", ro->command, ro->report,
				err);
			st_code = 2;
		} else if ((taken = take_played(ro, &old, mine, plan, st)) < 0) {
			st_code = 2;
		} else if (taken > 0) {
			st->resumed = taken;
			fprintf(stderr,
				"othello %s: %s holds %d game%s of this run: resuming it, %d to "
				"play\n",
				ro->command, ro->report, taken, taken == 1 ? "" : "s",
				plan->n_games);
		}
	}
	report_free(&old);
	return st_code;
}

/* Runs the plan: report file (with the run's line), progress, games.
   Returns 0, 1 after printing an error (output lost included), or 2 when
   the run could not start or standard output failed. */
static int run_plan(const struct run_options *ro, struct match_plan *plan, struct run_state *st)
{
	char err[512];
	int r;

	st->report_fd = -1;
	if (ro->log_dir && check_log_dir(ro) != 0)
		return 2;
	if (ro->report) {
		struct report_run run;
		char line[REPORT_LINE_LEN];

		this_run(ro, plan, &run);
		if (check_report(ro, &run, plan, st) != 0)
			return 2;
		st->report_fd = report_open(ro->report, err, sizeof err);
		if (st->report_fd < 0) {
			fprintf(stderr, "othello %s: --report: %s\n", ro->command, err);
			return 2;
		}
		if (err[0]) /* a torn last line, now skipped */
			fprintf(stderr, "othello %s: --report: warning: %s\n", ro->command, err);
		if (report_run_format(&run, line, sizeof line) > 0 &&
		    report_append_text(st->report_fd, line, err, sizeof err) < 0) {
			fprintf(stderr, "othello %s: --report: %s: %s\n", ro->command, ro->report,
				err);
			close(st->report_fd);
			return 2;
		}
	}
	st->total = st->resumed + plan->n_games;
	st->start = timer_now();
	st->tty = isatty(2);
	st->quiet = ro->quiet;
	r = match_run(plan, on_result, st, err, sizeof err);
	if (st->report_fd >= 0)
		close(st->report_fd);
	if (r < 0) {
		fprintf(stderr, "othello: %s\n", err);
		return 1;
	}
	if (say_lost(ro, st))
		return r > 0 ? 2 : 1;
	if (r > 0) /* stopped: standard output failed (said by cli_output_ok) */
		return 2;
	return 0;
}

/* Says on stderr which players lost every game they played by forfeit (they
   could not play: their results measure nothing) and why the first was lost.
   Returns true if there was one. */
static bool say_forfeited_all(const struct run_options *ro, const struct report *played,
			      const char *const *names, int n_players)
{
	bool any = false;

	for (int i = 0; i < n_players; i++) {
		char reason[REPORT_END_LEN];
		int n =
		    stats_forfeited_all(played->games, played->n, names[i], reason, sizeof reason);

		if (n == 0)
			continue;
		fprintf(stderr,
			"othello %s: %s lost all its %d game%s by forfeit, the first by: %s\n",
			ro->command, names[i], n, n == 1 ? "" : "s", reason);
		any = true;
	}
	return any;
}

/* The checks and the evaluation of a series on another board: its players are our levels or
   `random` (external engines play 8x8 only), one evaluation serves them all (--eval: that
   board's weights file, or builtin; default the shipped one). 0, or 2 after a message. */
static int variant_setup(struct run_options *ro)
{
	char name[EVALSPEC_NAME_LEN];

	for (int i = 0; i < ro->n_players; i++)
		if (!match_player_is_level(ro->players[i]) &&
		    strcmp(ro->players[i], "random") != 0) {
			fprintf(stderr,
				"othello %s: '%s': on %s the players are levels or random (an "
				"external engine plays 8x8 only)\n",
				ro->command, ro->players[i], square_variant_name(ro->variant));
			return 2;
		}
	if (ro->random_pct > 0) {
		fprintf(stderr,
			"othello %s: --random: the levels of %s have no evaluation noise (use the "
			"`random` player, or --openings)\n",
			ro->command, square_variant_name(ro->variant));
		return 2;
	}
	if (ro->eval[0] || ro->eval[1] || ro->book[0] || ro->book[1]) {
		fprintf(stderr,
			"othello %s: on %s, --eval gives every level its evaluation (no "
			"--black-eval, --white-eval, --black-book, --white-book)\n",
			ro->command, square_variant_name(ro->variant));
		return 2;
	}
	ro->board_eval =
	    cli_eval_board(ro->command, "eval", ro->variant, ro->eval_all, name, sizeof name);
	return ro->board_eval ? 0 : 2;
}

/* Runs a match (2 players) or a tournament (all pairings). */
static int run(int argc, char **argv, bool tournament)
{
	const char *names_p[MAX_PLAYERS], *const *players;
	char names[MAX_PLAYERS][REPORT_NAME_LEN];
	struct match_player_options opt[MAX_PLAYERS];
	struct match_openings openings = {0};
	struct run_evals evals = {0};
	struct run_options ro;
	struct match_plan plan;
	struct run_state st;
	struct match_game *games;
	char err[100];
	int n_players, status;

	status = parse_run_options(argc, argv, tournament, &ro);
	if (status >= 0)
		return status;
	players = ro.players;
	n_players = ro.n_players;
	if (ro.variant != VARIANT_8X8 && (status = variant_setup(&ro)) != 0)
		return status;
	if ((status = load_openings(&ro, &openings)) != 0) {
		eval_free(ro.board_eval);
		return status;
	}
	for (int i = 0; i < n_players; i++) {
		int side = tournament ? 0 : i;

		names_p[i] = names[i];
		memset(&opt[i], 0, sizeof opt[i]);
		opt[i].time = ro.time[side];
		opt[i].depth = (int)ro.depth[side];
		opt[i].random_pct = (int)ro.random_pct;
		opt[i].threads = (int)ro.threads;
		opt[i].timeout = ro.timeout;
		opt[i].game_time = ro.game_time * 60;
		opt[i].setup = tournament ? NULL : ro.setup[i];
		opt[i].book = tournament ? NULL : ro.book[i];
		opt[i].eval = ro.board_eval;
	}
	if (ro.board_eval)
		match_names_distinct(players, n_players, names);
	else if ((status = load_evals(&ro, tournament, players, n_players, &evals, opt, names)) !=
		 0) {
		free_evals(&evals);
		match_openings_free(&openings);
		eval_free(ro.board_eval);
		return status;
	}
	memset(&plan, 0, sizeof plan);
	plan.n_players = n_players;
	plan.specs = players;
	plan.names = names_p;
	plan.opt = opt;
	plan.openings = &openings;
	if (match_plan_schedule(&plan, (int)ro.games, ro.seed, ro.shard, ro.shards, &games, err,
				sizeof err) < 0) {
		free_evals(&evals);
		match_openings_free(&openings);
		eval_free(ro.board_eval);
		fprintf(stderr, "othello: %s\n", err);
		return 1;
	}
	plan.jobs = (int)ro.jobs;
	plan.log_dir = ro.log_dir;
	plan.warn = on_warning;
	plan.note = on_note;
	plan.warn_user = &st;
	memset(&st, 0, sizeof st);
	if (!tournament) {
		st.first = names[0];
		st.second = names[1];
	}
	status = run_plan(&ro, &plan, &st);
	if ((status != 2 || st.played.n > 0) &&
	    print_results(&ro, tournament, &st.played, names_p, n_players) != 0 && status == 0)
		status = 2;
	if (say_forfeited_all(&ro, &st.played, names_p, n_players) && status == 0)
		status = 1;
	report_free(&st.played);
	free(games);
	free_evals(&evals);
	match_openings_free(&openings);
	eval_free(ro.board_eval);
	return status;
}

/* `othello match`: see match_usage. */
int cli_match(int argc, char **argv)
{
	return run(argc, argv, false);
}

/* `othello tournament`: see tournament_usage. */
int cli_tournament(int argc, char **argv)
{
	return run(argc, argv, true);
}
