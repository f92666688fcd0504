/*
 * cli-convert.c — `othello convert [--from FMT] [--to FMT] [--game N] IN OUT`:
 * converts a game record between SGF, GGF, transcripts and board strings /
 * OBF, choosing the formats by file extension unless told. `-` reads standard
 * input or writes standard output (then the format must be named). IN may
 * also be a game collection (WTHOR .wtb, Logistello .gam or .gam.gz,
 * gamedb.h): then OUT gets every game of it one after the other (an SGF or
 * GGF collection, a transcript or board string a line), or game N alone.
 */
#include "config.h"

#include "cli-options.h"
#include "cli.h"
#include "gamedb.h"
#include "gametree.h"
#include "record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The options of `othello convert`. */
struct convert_options {
	int from;  /* --from FORMAT, -1 = by IN's extension */
	int to;	   /* --to FORMAT, -1 = by OUT's extension */
	long game; /* --game N: the N-th game of a collection (from 1), 0 = all */
};

/* The format named `text` into `*format`; false after saying it is unknown. */
static bool convert_format(int *format, const char *text)
{
	*format = record_format_parse(text);
	if (*format >= 0)
		return true;
	fprintf(stderr, "othello convert: unknown format '%s' (sgf, ggf, txt, obf)\n", text);
	return false;
}

/* --from FORMAT. */
static bool convert_from(void *opts, const char *text)
{
	return convert_format(&((struct convert_options *)opts)->from, text);
}

/* --to FORMAT. */
static bool convert_to(void *opts, const char *text)
{
	return convert_format(&((struct convert_options *)opts)->to, text);
}

static const struct cli_options convert_options = {
    .command = "convert",
    .usage = "usage: othello convert [--from FORMAT] [--to FORMAT] [--game N] IN OUT\n"
	     "Converts a game record. Formats: sgf, ggf, txt (transcript), obf (board\n"
	     "string: the position the main line reaches). By default each file's\n"
	     "extension names its format; `-` is standard input or output.\n"
	     "IN may be a game collection: a WTHOR file (.wtb, with WTHOR.JOU and\n"
	     "WTHOR.TRN beside it for the names) or Logistello's book lines (.gam or\n"
	     ".gam.gz); OUT then gets all its games, or game N alone with --game N.\n",
    .options =
	(const struct cli_option[]){
	    {.name = "from", .letter = 'f', .kind = CLI_OPT_CALL, .call = convert_from},
	    {.name = "to", .letter = 't', .kind = CLI_OPT_CALL, .call = convert_to},
	    CLI_INT("game", 'g', offsetof(struct convert_options, game), 1, 100000000, "N",
		    "the N-th game of a collection (from 1) alone"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* Reads all of standard input; NULL with why in err when it cannot be read
   (a read error is never taken for its end), is too large or memory runs
   out. */
static char *read_stdin(size_t *len, char *err, size_t errlen)
{
	size_t cap = 65536, n = 0, got;
	char *buf = malloc(cap + 1), *p;

	while (buf && (got = fread(buf + n, 1, cap - n, stdin)) > 0) {
		n += got;
		if (n == cap) {
			if (cap >= ((size_t)16 << 20) || !(p = realloc(buf, 2 * cap + 1))) {
				free(buf);
				snprintf(err, errlen, "standard input: too large or out of memory");
				return NULL;
			}
			buf = p;
			cap *= 2;
		}
	}
	if (!buf) {
		snprintf(err, errlen, "standard input: out of memory");
		return NULL;
	}
	if (ferror(stdin)) {
		snprintf(err, errlen, "standard input: read error: %s",
			 strerror(errno ? errno : EIO));
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* What a collection's conversion hands to record_write_atomic. */
struct convert_collection {
	const struct gamedb_games *games;	/* the games */
	const struct gamedb_names *players;	/* their players' names */
	const struct gamedb_names *tournaments; /* their tournaments' names */
	size_t first, end;			/* the games written: first .. end - 1 */
	enum record_format to;			/* the format */
	const char *in;				/* the collection's file name */
	char *err;				/* where a failure's message goes */
	size_t errlen;				/* its size */
};

/* Writes the games of a collection one after the other; 0, or -1 (with a
   message in the job's `err` when a game cannot be made a record). */
static int write_collection(FILE *f, const void *data)
{
	const struct convert_collection *c = data;

	for (size_t i = c->first; i < c->end; i++) {
		char msg[256];
		struct game *g =
		    gamedb_to_record(&c->games->g[i], c->players, c->tournaments, msg, sizeof(msg));
		int st;

		if (!g) {
			snprintf(c->err, c->errlen, "%s: game %zu: %s", c->in, i + 1, msg);
			return -1;
		}
		st = record_write(c->to, g, f);
		game_free(g);
		if (st < 0)
			return -1;
	}
	return 0;
}

/* Converts game collection IN (every game, or game `game` from 1) to OUT in
   format `to` (-1: by OUT's extension); the exit status. */
static int convert_collection(const char *in, const char *out, int to, long game)
{
	struct gamedb_games games = {0};
	struct gamedb_names players = {0}, tournaments = {0};
	struct convert_collection job;
	char err[512] = "", jerr[512] = "", dir[4096], *slash;
	int st = 2;

	if (to < 0 && (to = record_format_from_path(out)) < 0) {
		fprintf(stderr,
			"othello convert: %s: unknown file type (use .sgf, .ggf, .txt or .obf, or "
			"--to FORMAT)\n",
			out);
		return 2;
	}
	if (gamedb_load(in, &games, err, sizeof(err)) < 0)
		goto done;
	snprintf(dir, sizeof(dir), "%s", in);
	if ((slash = strrchr(dir, '/')))
		*slash = '\0';
	else
		snprintf(dir, sizeof(dir), ".");
	if (gamedb_kind_from_path(in) == GAMEDB_WTHOR &&
	    gamedb_load_names(dir, &players, &tournaments, err, sizeof(err)) < 0)
		goto done;
	if (games.n == 0) { /* an empty file would be written, which nothing reads back */
		snprintf(err, sizeof(err), "%s holds no games", in);
		goto done;
	}
	if (game > 0 && (size_t)game > games.n) {
		snprintf(err, sizeof(err), "%s: no game %ld (the file holds %zu)", in, game,
			 games.n);
		goto done;
	}
	if (to == RECORD_TRANSCRIPT && !game && games.n > 1) {
		/* a transcript reads as one game: a second line would continue it */
		snprintf(err, sizeof(err),
			 "%s holds %zu games and a transcript holds one: choose it with --game N, "
			 "or write .sgf or .ggf",
			 in, games.n);
		goto done;
	}
	job = (struct convert_collection){&games,
					  &players,
					  &tournaments,
					  game ? (size_t)game - 1 : 0,
					  game ? (size_t)game : games.n,
					  (enum record_format)to,
					  in,
					  jerr,
					  sizeof(jerr)};
	if (strcmp(out, "-") == 0) {
		if (write_collection(stdout, &job) < 0 || fflush(stdout) != 0) {
			snprintf(err, sizeof(err), "%s",
				 jerr[0] ? jerr : "standard output: write error");
			goto done;
		}
	} else if (record_write_atomic(out, write_collection, &job, err, sizeof(err)) < 0) {
		if (jerr[0])
			snprintf(err, sizeof(err), "%s", jerr);
		goto done;
	}
	st = 0;
done:
	if (st)
		fprintf(stderr, "othello convert: %s\n", err);
	gamedb_games_free(&games);
	gamedb_names_free(&players);
	gamedb_names_free(&tournaments);
	return st;
}

/* `othello convert`: reads IN, writes OUT atomically. Exit status 0, or 2 with
   `othello convert: FILE:LINE:COL: what` on bad usage or input (OUT untouched). */
int cli_convert(int argc, char **argv)
{
	struct convert_options co = {-1, -1, 0};
	int from, to, first, st;
	const char *in, *out;
	struct game *g;
	char err[512];

	if ((st = cli_options_parse(&convert_options, argc, argv, &co, &first)) >= 0)
		return st;
	from = co.from;
	to = co.to;
	if (!cli_options_args(&convert_options, argc - first, 2, 2, "IN and OUT"))
		return 2;
	in = argv[first];
	out = argv[first + 1];
	if (gamedb_kind_from_path(in) >= 0)
		return convert_collection(in, out, to, co.game);
	if (co.game) {
		fprintf(stderr, "othello convert: --game takes a game collection (.wtb, .gam, "
				".gam.gz) as IN\n");
		return 2;
	}
	if (from < 0)
		from = record_format_from_path(in);
	if (to < 0)
		to = record_format_from_path(out);
	if (from < 0 || to < 0) {
		fprintf(stderr,
			"othello convert: %s: unknown file type (use .sgf, .ggf, .txt or .obf, or "
			"--%s FORMAT)\n",
			from < 0 ? in : out, from < 0 ? "from" : "to");
		return 2;
	}
	if (strcmp(in, "-") == 0) {
		size_t len;
		char *text = read_stdin(&len, err, sizeof err);

		if (!text) {
			fprintf(stderr, "othello convert: %s\n", err);
			return 2;
		}
		g = record_read((enum record_format)from, text, len, "<stdin>", err, sizeof(err));
		free(text);
	} else {
		g = record_load_file(in, from, err, sizeof(err));
	}
	if (!g) {
		fprintf(stderr, "othello convert: %s\n", err);
		return 2;
	}
	if (g->other_games > 0)
		fprintf(stderr, "othello convert: %s holds %d %s; only the first is converted\n",
			strcmp(in, "-") == 0 ? "standard input" : in, g->other_games + 1,
			(from >= 0 ? from : record_format_from_path(in)) == RECORD_OBF ? "positions"
											: "games");
	if (strcmp(out, "-") == 0 &&
	    record_check_format(g, to, "standard output", err, sizeof(err)) < 0) {
		fprintf(stderr, "othello convert: %s\n", err);
		st = -1;
	} else if (strcmp(out, "-") == 0) {
		st = record_write((enum record_format)to, g, stdout);
		if (st < 0)
			fprintf(stderr, "othello convert: standard output: write error\n");
	} else {
		st = record_save_file(out, g, to, err, sizeof(err));
		if (st < 0)
			fprintf(stderr, "othello convert: %s\n", err);
	}
	game_free(g);
	return st < 0 ? 2 : 0;
}
