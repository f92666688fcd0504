/*
 * cli-db.c — `othello db ACTION`: the game database from the command line.
 *
 *   db stats [OPTIONS] [POSITION...]    the moves played from each position
 *   db games [OPTIONS] [POSITION]       the games through the position
 *   db show [--db DIR] N                game N with its header
 *   db export [--db DIR] N OUT          game N written to a file (-o OUT too)
 *   db info [--db DIR] [--json]         what is loaded, and what was skipped
 *
 * POSITION is `start` (the default), moves from the start (f5d6c3) or a board
 * string; --moves LINE says the same as a position of moves. The collection
 * and its index are gamedb-index.h's; what was skipped goes to stderr (all of
 * it in `db info`), and an empty collection says how to get the WTHOR files.
 */
#include "config.h"

#include "cli-options.h"
#include "cli.h"
#include "gamedb-index.h"
#include "parse.h"
#include "record.h"
#include "report-stats.h"
#include "timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SKIPS_SHOWN = 10 }; /* skip messages on stderr before "and N more" */

/* The options of every action (each action's table takes those it uses). */
struct db_options {
	const char *db;		/* --db DIR */
	const char *moves;	/* --moves LINE */
	const char *output;	/* -o FILE (export) */
	struct gamedb_filter f; /* --player, --black, --white, --tournament, --year, --result */
	long limit;		/* --limit N games (games; 0 = all) */
	bool json;		/* --json */
	bool time;		/* --time: the time of loading and of each query, on stderr */
};

/* --year Y|Y1-Y2. */
static bool db_year(void *opts, const char *text)
{
	struct db_options *o = opts;

	return gamedb_filter_years(text, &o->f.year_min, &o->f.year_max) == 0;
}

/* --result black|white|draw. */
static bool db_result(void *opts, const char *text)
{
	struct db_options *o = opts;

	return (o->f.result = gamedb_filter_result(text)) > 0;
}

#define DB_USAGE                                                                                   \
	"usage: othello db stats [OPTIONS] [POSITION...]\n"                                        \
	"       othello db games [OPTIONS] [POSITION]\n"                                           \
	"       othello db show [--db DIR] N\n"                                                    \
	"       othello db export [--db DIR] N OUT\n"                                              \
	"       othello db info [--db DIR] [--json]\n"                                             \
	"The game database: the WTHOR files and other game collections of a folder,\n"             \
	"with your save slots. `stats` shows the moves played from a position (games,\n"           \
	"Black's wins, draws and losses, Black's mean final and theoretical scores, the\n"         \
	"best-known players who chose it); `games` lists the games through it; `show`\n"           \
	"and `export` give one game by its number (the first column of `games`).\n"                \
	"A position is found however it was reached, and in any of its 8 rotations\n"              \
	"and mirrors; moves are shown on the board as given. POSITION is `start`\n"                \
	"(default), moves from the start (f5d6c3) or a board string.\n"                            \
	"The folder is --db DIR, else $OTHELLO_DB_DIR, else\n"                                     \
	"$XDG_DATA_HOME/othello-master/db (~/.local/share/othello-master/db). The\n"               \
	"WTHOR files (WTH_YYYY.wtb, WTHOR.JOU, WTHOR.TRN) are free to download from\n"             \
	"the Federation Francaise d'Othello's website (www.ffothello.org).\n"

#define DB_FILTERS                                                                                 \
	CLI_STRING("player", 'p', offsetof(struct db_options, f.player), "NAME",                   \
		   "games where a player's name holds NAME (any case)"),                           \
	    CLI_STRING("black", 0, offsetof(struct db_options, f.black), "NAME",                   \
		       "games where Black's name holds NAME"),                                     \
	    CLI_STRING("white", 0, offsetof(struct db_options, f.white), "NAME",                   \
		       "games where White's name holds NAME"),                                     \
	    CLI_STRING("tournament", 't', offsetof(struct db_options, f.tournament), "NAME",       \
		       "games of a tournament whose name holds NAME"),                             \
	    {.name = "year",                                                                       \
	     .letter = 'y',                                                                        \
	     .kind = CLI_OPT_CALL,                                                                 \
	     .call = db_year,                                                                      \
	     .what = "a year or a range (1990, 1990-1999, 2000-, -1985)",                          \
	     .arg = "Y[-Y]",                                                                       \
	     .help = "games of that year or range of years"},                                      \
	{                                                                                          \
		.name = "result", .letter = 'r', .kind = CLI_OPT_CALL, .call = db_result,          \
		.what = "black, white or draw", .arg = "WHO",                                      \
		.help = "who won: black, white, or draw"                                           \
	}

#define DB_DIR_OPTION                                                                              \
	CLI_STRING("db", 'd', offsetof(struct db_options, db), "DIR",                              \
		   "the collection folder (default: $OTHELLO_DB_DIR, else\n"                       \
		   "$XDG_DATA_HOME/othello-master/db)")

/* The table of action NAME: --db DIR, then the action's own options, then --help. */
#define DB_ACTION(NAME, ...)                                                                       \
	.command = NAME, .usage = DB_USAGE, .column = 26, .letters = true,                         \
	.options = (const struct cli_option[])                                                     \
	{                                                                                          \
		DB_DIR_OPTION, __VA_ARGS__, CLI_HELP('h', NULL),                                   \
		{                                                                                  \
			0                                                                          \
		}                                                                                  \
	}

static const struct cli_options stats_options = {
    DB_ACTION(
	"db stats",
	CLI_STRING("moves", 'm', offsetof(struct db_options, moves), "LINE",
		   "the position these moves from the start reach"),
	DB_FILTERS,
	CLI_FLAG("json", 0, offsetof(struct db_options, json), "one JSON object per position"),
	CLI_FLAG("time", 0, offsetof(struct db_options, time),
		 "print the time of loading and of each query on stderr")),
    .footer = "db games also takes -n, --limit N (games listed, the latest first; default\n"
	      "100, 0: all); db export takes -o, --output FILE. Each action's --help lists\n"
	      "its own options.\n",
};

static const struct cli_options games_options = {
    DB_ACTION("db games",
	      CLI_STRING("moves", 'm', offsetof(struct db_options, moves), "LINE",
			 "the position these moves from the start reach"),
	      DB_FILTERS,
	      CLI_INT("limit", 'n', offsetof(struct db_options, limit), 0, 100000000, "N",
		      "N games at most, the latest first (default 100;\n0: all)"),
	      CLI_FLAG("json", 0, offsetof(struct db_options, json), "a JSON array of games")),
};

static const struct cli_options show_options = {
    DB_ACTION("db show",
	      CLI_FLAG("json", 0, offsetof(struct db_options, json), "the game as a JSON object")),
};

static const struct cli_options export_options = {
    DB_ACTION("db export", CLI_STRING("output", 'o', offsetof(struct db_options, output), "FILE",
				      "the file written (.sgf, .ggf, .txt, .obf; or OUT)")),
};

static const struct cli_options info_options = {
    DB_ACTION("db info", CLI_FLAG("json", 0, offsetof(struct db_options, json), "one JSON object")),
};

/* Reads and indexes the collection of `o` into `db`, saying on stderr what
   was skipped (the first few) and, when the folder gave no games, how to get
   the WTHOR files. 0, or 2 after a message. */
static int db_open(struct gamedb_index *db, const struct db_options *o, bool quiet_skips)
{
	struct gamedb_sources src = {o->db, NULL};
	char err[512];
	bool folder_games = false;

	if (gamedb_index_open(db, &src, err, sizeof(err)) < 0) {
		fprintf(stderr, "othello db: %s\n", err);
		return 2;
	}
	for (size_t i = 0; !quiet_skips && i < db->skips.n; i++) {
		if (i == SKIPS_SHOWN) {
			fprintf(stderr,
				"othello db: ... and %zu more skipped (`othello db info` "
				"lists them)\n",
				db->skips.n - i);
			break;
		}
		fprintf(stderr, "othello db: skipped %s\n", db->skips.msg[i]);
	}
	for (size_t i = 0; i < db->n_files; i++)
		if (!db->files[i].user && db->files[i].count)
			folder_games = true;
	if (!folder_games)
		fprintf(stderr, "othello db: %s %s.\n%s", db->dir,
			db->dir_missing ? "does not exist" : "holds no game collection",
			gamedb_how_to_get());
	return 0;
}

/* A score from Black's side, or "-" (or null in JSON) when there is none. */
static void put_score(int score, bool json)
{
	if (score == GAMEDB_NO_SCORE)
		printf(json ? "null" : "  -");
	else
		printf(json ? "%d" : "%+3d", score);
}

/* The position of `othello db stats|games`: --moves, else `arg`, else the start. */
static int db_position(const char *command, const struct db_options *o, const char *arg,
		       struct board *b, enum color *side)
{
	if (o->moves && arg) {
		fprintf(stderr, "othello %s: --moves and a POSITION: give one of them\n", command);
		return -1;
	}
	return cli_parse_position(command, o->moves ? o->moves : arg ? arg : "start", b, side);
}

/* Black's share of the points (a draw half), in percent, of `m`. */
static double black_share(const struct gamedb_move_stats *m)
{
	uint32_t decided = m->black_wins + m->draws + m->white_wins;

	return decided ? 100.0 * (m->black_wins + 0.5 * m->draws) / decided : 0;
}

/* Prints the move table of one position (`text` as given, `n` games through it). */
static void print_stats(const struct gamedb_index *db, const char *text, enum color side, size_t n,
			const struct gamedb_move_stats *st, int count, bool json)
{
	size_t ended = n;

	for (int i = 0; i < count; i++)
		ended -= st[i].games;
	if (json) {
		printf("{\"position\": ");
		stats_json_string(stdout, text);
		printf(", \"to_move\": \"%s\", \"games\": %zu, \"ended_here\": %zu, \"moves\": [",
		       side == BLACK ? "black" : "white", n, ended);
		for (int i = 0; i < count; i++) {
			const struct gamedb_move_stats *m = &st[i];

			printf(
			    "%s{\"move\": \"%s\", \"games\": %u, \"black_wins\": %u, \"draws\": "
			    "%u, \"white_wins\": %u, \"mean_score\": %.2f, \"theory_games\": %u, "
			    "\"mean_theory\": ",
			    i ? ", " : "", board_square_name(m->move), m->games, m->black_wins,
			    m->draws, m->white_wins, m->mean_result, m->n_theory);
			if (m->n_theory)
				printf("%.2f", m->mean_theory);
			else
				printf("null");
			printf(", \"players\": [");
			for (int k = 0; k < GAMEDB_TOP_PLAYERS && m->players[k] >= 0; k++) {
				printf("%s", k ? ", " : "");
				stats_json_string(stdout, gamedb_player_name(db, (unsigned)m->players[k]));
			}
			printf("]}");
		}
		printf("]}\n");
		return;
	}
	printf("%s (%s to move): %zu game%s", text, side == BLACK ? "Black" : "White", n,
	       n == 1 ? "" : "s");
	if (ended)
		printf(", %zu ended here", ended);
	printf("\n");
	if (!count)
		return;
	printf("move   games  B wins  draws  W wins  Black%%   mean  theory  players\n");
	for (int i = 0; i < count; i++) {
		const struct gamedb_move_stats *m = &st[i];

		printf("%-4s %7u %7u %6u %7u %6.1f %+6.1f ", board_square_name(m->move), m->games,
		       m->black_wins, m->draws, m->white_wins, black_share(m), m->mean_result);
		if (m->n_theory)
			printf("%+7.1f", m->mean_theory);
		else
			printf("%7s", "-");
		for (int k = 0; k < GAMEDB_TOP_PLAYERS && m->players[k] >= 0; k++)
			printf("%s%s", k ? ", " : "  ",
			       PARSE_SHOW_TEXT(gamedb_player_name(db, (unsigned)m->players[k])));
		printf("\n");
	}
}

/* `othello db stats`. */
static int db_stats(int argc, char **argv)
{
	struct db_options o = {0};
	struct gamedb_index db;
	int first, st, status = 0;
	double t0 = timer_now();

	if ((st = cli_options_parse(&stats_options, argc, argv, &o, &first)) >= 0)
		return st;
	if (o.moves && first < argc) {
		fprintf(stderr, "othello db stats: --moves and a POSITION: give one of them\n");
		return 2;
	}
	if ((st = db_open(&db, &o, false)))
		return st;
	if (o.time)
		fprintf(stderr,
			"othello db: %zu games read in %.3f s, %zu positions indexed in "
			"%.3f s\n",
			db.games.n, db.load_seconds, db.n_entries, db.index_seconds);
	for (int a = first; a < argc || (a == first && first == argc); a++) {
		const char *arg = a < argc ? argv[a] : NULL;
		struct gamedb_move_stats moves[64];
		struct gamedb_hit *hits;
		struct board b;
		enum color side;
		char err[256];
		size_t n;
		double q0 = timer_now();
		int count;

		if (db_position("db stats", &o, arg, &b, &side) < 0) {
			status = 2;
			break;
		}
		if (gamedb_index_find(&db, &b, side, &o.f, &hits, &n, err, sizeof(err)) < 0) {
			fprintf(stderr, "othello db stats: %s\n", err);
			status = 2;
			break;
		}
		count = gamedb_index_stats(&db, hits, n, moves, 64);
		if (o.time)
			fprintf(stderr, "othello db: query %s: %.1f ms (%.3f s since the start)\n",
				o.moves ? o.moves
				: arg	? arg
					: "start",
				1000 * (timer_now() - q0), timer_now() - t0);
		print_stats(&db,
			    o.moves ? o.moves
			    : arg   ? arg
				    : "start",
			    side, n, moves, count, o.json);
		free(hits);
		if (!cli_output_ok())
			break;
	}
	gamedb_index_free(&db);
	return status;
}

/* Prints one game's line of `db games` (or its JSON object). */
static void print_game_line(const struct gamedb_index *db, uint32_t game, int next, bool json)
{
	const struct gamedb_game *g = &db->games.g[game];

	if (json) {
		printf("{\"number\": %u, \"year\": %u, \"tournament\": ", game + 1, g->year);
		stats_json_string(stdout, gamedb_tournament_name(db, g->tournament));
		printf(", \"black\": ");
		stats_json_string(stdout, gamedb_player_name(db, g->black));
		printf(", \"white\": ");
		stats_json_string(stdout, gamedb_player_name(db, g->white));
		printf(", \"score\": ");
		put_score(g->result, true);
		printf(", \"theory\": ");
		put_score(g->theory, true);
		printf(", \"next\": ");
		if (next >= 0)
			printf("\"%s\"", board_square_name(next));
		else
			printf("null");
		printf("}");
		return;
	}
	char year[8] = "";

	if (g->year)
		snprintf(year, sizeof(year), "%u", g->year);
	printf("%7u  %4s  %-26.26s %-20.20s - %-20.20s ", game + 1, year,
	       PARSE_SHOW_TEXT(gamedb_tournament_name(db, g->tournament)),
	       PARSE_SHOW_TEXT(gamedb_player_name(db, g->black)),
	       PARSE_SHOW_TEXT(gamedb_player_name(db, g->white)));
	printf("  ");
	put_score(g->result, false);
	printf("    ");
	put_score(g->theory, false);
	printf("  %s\n", next >= 0 ? board_square_name(next) : "--");
}

/* `othello db games`. */
static int db_games(int argc, char **argv)
{
	struct db_options o = {.limit = 100};
	struct gamedb_index db;
	struct gamedb_hit *hits;
	struct board b;
	enum color side;
	char err[256];
	int first, st;
	size_t n, shown;

	if ((st = cli_options_parse(&games_options, argc, argv, &o, &first)) >= 0)
		return st;
	if (first + 1 < argc) {
		fprintf(stderr, "othello db games: one POSITION at most\n");
		return 2;
	}
	if (db_position("db games", &o, first < argc ? argv[first] : NULL, &b, &side) < 0)
		return 2;
	if ((st = db_open(&db, &o, false)))
		return st;
	if (gamedb_index_find(&db, &b, side, &o.f, &hits, &n, err, sizeof(err)) < 0) {
		fprintf(stderr, "othello db games: %s\n", err);
		gamedb_index_free(&db);
		return 2;
	}
	if (gamedb_index_sort_recent(&db, hits, n) < 0) {
		fprintf(stderr, "othello db games: out of memory\n");
		free(hits);
		gamedb_index_free(&db);
		return 2;
	}
	shown = o.limit && (size_t)o.limit < n ? (size_t)o.limit : n;
	if (o.json)
		printf("[");
	else
		printf("%zu game%s through the position%s\n%7s  %4s  %-26s %-20s   %-20s %5s %6s  "
		       "next\n",
		       n, n == 1 ? "" : "s",
		       shown < n ? " (the latest shown: --limit N shows more)" : "", "game", "year",
		       "tournament", "black", "white", "score", "theory");
	for (size_t i = 0; i < shown; i++) {
		if (o.json)
			printf("%s\n", i ? "," : "");
		print_game_line(&db, hits[i].game, hits[i].next, o.json);
		if (i % 1024 == 1023 && !cli_output_ok())
			break;
	}
	if (o.json)
		printf("%s]\n", shown ? "\n" : "");
	free(hits);
	gamedb_index_free(&db);
	return 0;
}

/* Opens the collection of `o` into `db` (db_open) and reads the game number
   `text` of `db show|export` into `*game` (from 0). 0, or 2 after a message
   (with `db` freed) when the collection cannot be read or the number is not
   one of its games. */
static int db_open_game(const char *command, struct gamedb_index *db, const struct db_options *o,
			const char *text, size_t *game)
{
	long v;
	int st;

	if ((st = db_open(db, o, false)))
		return st;
	if (!cli_parse_int(text, 1, 100000000, &v)) {
		fprintf(stderr, "othello %s: '%s' is not a game number (from 1)\n", command, text);
		gamedb_index_free(db);
		return 2;
	}
	if ((size_t)v > db->games.n) {
		fprintf(stderr, "othello %s: no game %ld (the database holds %zu)\n", command, v,
			db->games.n);
		gamedb_index_free(db);
		return 2;
	}
	*game = (size_t)v - 1;
	return 0;
}

/* `othello db show N`. */
static int db_show(int argc, char **argv)
{
	struct db_options o = {0};
	struct gamedb_index db;
	const struct gamedb_file *file;
	const struct gamedb_game *g;
	size_t game, record;
	int first, st;

	if ((st = cli_options_parse(&show_options, argc, argv, &o, &first)) >= 0)
		return st;
	if (!cli_options_args(&show_options, argc - first, 1, 1, "a game number N"))
		return 2;
	if ((st = db_open_game("db show", &db, &o, argv[first], &game)))
		return st;
	g = &db.games.g[game];
	file = gamedb_file_of(&db, game, &record);
	if (o.json) {
		printf("{\"number\": %zu, \"file\": ", game + 1);
		stats_json_string(stdout, file ? file->path : "");
		printf(", \"in_file\": %zu, \"year\": %u, \"tournament\": ", record, g->year);
		stats_json_string(stdout, gamedb_tournament_name(&db, g->tournament));
		printf(", \"black\": ");
		stats_json_string(stdout, gamedb_player_name(&db, g->black));
		printf(", \"white\": ");
		stats_json_string(stdout, gamedb_player_name(&db, g->white));
		printf(", \"score\": ");
		put_score(g->result, true);
		printf(", \"theory\": ");
		put_score(g->theory, true);
		printf(", \"moves\": \"");
		for (int i = 0; i < g->n_moves; i++)
			printf("%s", board_square_name(g->moves[i]));
		printf("\"}\n");
	} else {
		printf("Game %zu: %s, game %zu\n", game + 1, file ? file->path : "?", record);
		printf("Tournament: %s\n",
		       PARSE_SHOW_TEXT(gamedb_tournament_name(&db, g->tournament)));
		if (g->year)
			printf("Year: %u\n", g->year);
		printf("Black: %s\nWhite: %s\n", PARSE_SHOW_TEXT(gamedb_player_name(&db, g->black)),
		       PARSE_SHOW_TEXT(gamedb_player_name(&db, g->white)));
		if (g->result != GAMEDB_NO_SCORE)
			printf("Score (Black): %+d\n", g->result);
		if (g->theory != GAMEDB_NO_SCORE)
			printf("Theoretical score (Black, perfect play from %u empties): %+d\n",
			       g->theory_empties, g->theory);
		printf("Moves:");
		for (int i = 0; i < g->n_moves; i++)
			printf("%s%d.%s", i % 10 ? " " : "\n  ", i + 1,
			       board_square_name(g->moves[i]));
		printf("\n");
	}
	gamedb_index_free(&db);
	return 0;
}

/* `othello db export N OUT`. */
static int db_export(int argc, char **argv)
{
	struct db_options o = {0};
	struct gamedb_index db;
	struct game *r;
	const char *out;
	char err[512];
	size_t game;
	int first, st;

	if ((st = cli_options_parse(&export_options, argc, argv, &o, &first)) >= 0)
		return st;
	if (!cli_options_args(&export_options, argc - first, o.output ? 1 : 2, o.output ? 1 : 2,
			      "a game number N and OUT (or -o OUT)"))
		return 2;
	out = o.output ? o.output : argv[first + 1];
	if (record_format_from_path(out) < 0) {
		fprintf(stderr,
			"othello db export: %s: unknown file type (use .sgf, .ggf, .txt or "
			".obf)\n",
			out);
		return 2;
	}
	if ((st = db_open_game("db export", &db, &o, argv[first], &game)))
		return st;
	st = 0;
	if (!(r = gamedb_to_record(&db.games.g[game], &db.players, &db.tournaments, err,
				   sizeof(err))) ||
	    record_save_file(out, r, -1, err, sizeof(err)) < 0) {
		fprintf(stderr, "othello db export: %s\n", err);
		st = 2;
	}
	game_free(r);
	gamedb_index_free(&db);
	return st;
}

/* `othello db info`. */
static int db_info(int argc, char **argv)
{
	struct db_options o = {0};
	struct gamedb_index db;
	size_t named = 0, user = 0;
	int first, st, lo = 0, hi = 0;

	if ((st = cli_options_parse(&info_options, argc, argv, &o, &first)) >= 0)
		return st;
	if (first != argc) {
		fprintf(stderr, "othello db info: unexpected argument '%s'\n", argv[first]);
		return 2;
	}
	if ((st = db_open(&db, &o, true)))
		return st;
	for (size_t i = 0; i < db.games.n; i++) {
		int y = db.games.g[i].year;

		if (y && (!lo || y < lo))
			lo = y;
		if (y > hi)
			hi = y;
	}
	for (size_t i = 0; i < db.players.n; i++)
		named += db.player_games[i] > 0;
	for (size_t i = 0; i < db.n_files; i++)
		user += db.files[i].user ? db.files[i].count : 0;
	if (o.json) {
		printf("{\"folder\": ");
		stats_json_string(stdout, db.dir);
		printf(", \"folder_exists\": %s, \"games\": %zu, \"own_games\": %zu, "
		       "\"first_year\": %d, \"last_year\": %d, \"players\": %zu, \"tournaments\": "
		       "%zu, \"positions\": %zu, \"files\": [",
		       db.dir_missing ? "false" : "true", db.games.n, user, lo, hi, named,
		       db.tournaments.n, db.n_entries);
		for (size_t i = 0; i < db.n_files; i++) {
			printf("%s{\"path\": ", i ? ", " : "");
			stats_json_string(stdout, db.files[i].path);
			printf(", \"games\": %zu, \"skipped\": %zu}", db.files[i].count,
			       db.files[i].skipped);
		}
		printf("], \"skipped\": [");
		for (size_t i = 0; i < db.skips.n; i++) {
			printf("%s", i ? ", " : "");
			stats_json_string(stdout, db.skips.msg[i]);
		}
		printf("]}\n");
	} else {
		printf("Folder: %s%s\n", db.dir, db.dir_missing ? " (missing)" : "");
		printf("Games: %zu (%zu of them your own)", db.games.n, user);
		if (lo)
			printf(", %d-%d", lo, hi);
		printf("\n");
		printf("Players: %zu; tournaments: %zu\n", named, db.tournaments.n);
		printf("Positions indexed: %zu (read in %.2f s, indexed in %.2f s)\n", db.n_entries,
		       db.load_seconds, db.index_seconds);
		printf("Files: %zu\n", db.n_files);
		for (size_t i = 0; i < db.n_files; i++) {
			printf("  %s: %zu game%s", db.files[i].path, db.files[i].count,
			       db.files[i].count == 1 ? "" : "s");
			if (db.files[i].skipped)
				printf(", %zu skipped", db.files[i].skipped);
			printf("\n");
		}
		printf("Skipped: %zu\n", db.skips.n);
		for (size_t i = 0; i < db.skips.n; i++)
			printf("  %s\n", db.skips.msg[i]);
	}
	for (size_t i = 0; i < db.skips.n; i++)
		fprintf(stderr, "othello db: skipped %s\n", db.skips.msg[i]);
	gamedb_index_free(&db);
	return 0;
}

/* `othello db ACTION ...`: the exit status (0, or 2 on bad usage or input). */
int cli_db(int argc, char **argv)
{
	static const struct cli_action actions[] = {{"stats", db_stats}, {"games", db_games},
						    {"show", db_show},	 {"export", db_export},
						    {"info", db_info},	 {NULL, NULL}};

	return cli_actions_run("db", actions, "stats, games, show, export, info", &stats_options,
			       argc, argv);
}
