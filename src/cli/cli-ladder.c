/*
 * cli-ladder.c — `othello ladder`: its options, and the level-vs-level table
 * (wins, draws, score, mean disc difference) and each level's Elo above the
 * weakest printed from what the ladder (batch/ladder.c: the openings, the
 * seeds, the games on the job pool, the Elo sums) played.
 *
 * --max-time S: no game starts after S seconds; the table then counts the
 * games played (the strongest rung is played first).
 *
 * --game-time MINUTES: each side has that long for a whole game; every move
 * is told the time left (level_choose_move spreads it over the moves still to
 * play), and a side whose moves use it up loses on time (the full 64 discs).
 *
 * Every level plays with the evaluation --eval names (evalspec.c; default
 * pattern), loaded once and shared, and with the books --book loads (the
 * shipped one by default), loaded once and shared.
 *
 * Games run on --jobs threads of the job pool (each with its own level
 * players); the table does not depend on their number unless a level is
 * timed. Each level searches with --threads threads (default one; a level's
 * own --threads setting wins). --svg FILE draws the Elo as bars
 * (report-svg.c).
 */
#include "book.h"
#include "cli-eval.h"
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"
#include "datadir.h"
#include "ladder.h"
#include "timer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints the table: one line per rung. */
static int print_table(const struct ladder *l, const char *eval_name, double seconds)
{
	int failed = 0, cut = 0, timeouts = 0;

	printf("%-21s %5s %5s %5s %6s %6s %9s %7s %7s\n", "stronger vs weaker", "games", "wins",
	       "draws", "losses", "score", "mean diff", "s/game+", "s/game-");
	for (int r = 0; r + 1 < l->n_levels; r++) {
		struct ladder_rung c;
		int n;
		char a[160], b[160], name[330];

		ladder_rung_count(l, r, &c);
		n = c.games;
		failed += c.failed;
		cut += c.cut;
		timeouts += c.timeouts;
		level_format(&l->specs[r + 1], a, sizeof a);
		level_format(&l->specs[r], b, sizeof b);
		snprintf(name, sizeof name, "%s vs %s", a, b);
		printf("%-21s %5d %5d %5d %6d %5.1f%% %+9.2f %7.2f %7.2f\n", name, n, c.wins,
		       c.draws, c.losses, n ? 100.0 * (c.wins + 0.5 * c.draws) / n : 0.0,
		       n ? c.sum_diff / n : 0.0, n ? c.time[1] / n : 0.0, n ? c.time[0] / n : 0.0);
	}
	if (l->variant != VARIANT_8X8)
		printf("board: %s\n", square_variant_name(l->variant));
	printf("openings: %d of %d plies, each played with both colours; seed %llu; %.0f s\n",
	       l->games_per_rung / 2, l->plies, (unsigned long long)l->seed, seconds);
	printf("evaluation: %s\n", eval_name);
	if (l->game_time > 0)
		printf("game clock: %g min a side; %d games lost on time\n", l->game_time / 60,
		       timeouts);
	if (failed)
		printf("%d games failed (a level could not move)\n", failed);
	if (cut)
		printf("%d games not played (--max-time reached)\n", cut);
	return failed ? 1 : 0;
}

/* Prints each level's Elo above the weakest, and draws them when `svg` is
   given. Returns 0, or 2 after saying the picture could not be written. */
static int print_elo(const struct ladder *l, const char *eval_name, const char *svg)
{
	struct report_svg_bar bars[LADDER_MAX_LEVELS];
	char title[200], sub[300], axis[400], err[600], control[60];

	ladder_elo(l, bars, true);
	printf("Elo above %s (the rungs' differences added up, 95 %%):\n",
	       bars[l->n_levels - 1].label);
	for (int i = 0; i < l->n_levels; i++)
		printf("  %-21s %s\n", bars[i].label, bars[i].value);
	if (!svg)
		return 0;
	ladder_elo(l, bars, false);
	snprintf(title, sizeof title, "Ladder: %d levels, %d games a rung", l->n_levels,
		 l->games_per_rung);
	if (l->game_time > 0)
		snprintf(control, sizeof control, "%g min a side a game", l->game_time / 60);
	else
		snprintf(control, sizeof control, "each level's own");
	snprintf(sub, sizeof sub,
		 "time control: %s \xc2\xb7 openings: %d drawn of %d plies, colours "
		 "swapped, seed %llu \xc2\xb7 evaluation: %s",
		 control, l->games_per_rung / 2, l->plies, (unsigned long long)l->seed, eval_name);
	snprintf(axis, sizeof axis, "Elo above %s (the rungs added up), with 95 %% error bars",
		 bars[l->n_levels - 1].label);
	if (report_svg_save_ladder(svg, bars, l->n_levels, title, sub, axis, err, sizeof err) < 0) {
		fprintf(stderr, "othello ladder: --svg: %s\n", err);
		return 2;
	}
	return 0;
}

/* The options of `othello ladder`. */
struct ladder_options {
	long games;		   /* --games N, a rung */
	long plies;		   /* --plies N of each opening */
	long seed;		   /* --seed N */
	long jobs;		   /* --jobs N: games at once */
	long threads;		   /* --threads N: search threads of each level, 0 = one */
	struct book *bk;	   /* the books --book loaded (owned by cli_ladder) */
	bool files;		   /* --book given */
	bool no_book;		   /* --no-book */
	long hash_mb;		   /* --hash MB of each level state */
	double max_time;	   /* --max-time S, 0 = none */
	double game_time;	   /* --game-time MINUTES a side for each game, 0 = none */
	bool quiet;		   /* --quiet */
	const char *eval_spec;	   /* --eval SPEC, NULL = the default */
	const char *svg;	   /* --svg FILE: the levels' Elo as a picture */
	int variant;		   /* --variant NAME: the board (enum variant, 0: 8x8) */
};

/* --games N: an even number from 2. */
static bool ladder_games(void *opts, const char *text)
{
	struct ladder_options *lo = opts;

	return cli_parse_int(text, 2, 100000, &lo->games) && lo->games % 2 == 0;
}

/* --book FILE: loaded at once into the ladder's book. */
static bool ladder_book(void *opts, const char *text)
{
	struct ladder_options *lo = opts;

	if (cli_book_load("ladder", "book", text, true, lo->bk) < 0)
		return false;
	lo->files = true;
	return true;
}

static const struct cli_options ladder_options = {
    .command = "ladder",
    .usage = "usage: othello ladder [--games N] [--plies N] [--seed N] [--jobs N]\n"
	     "                      [--threads N] [--book FILE]... [--no-book] [--hash MB]\n"
	     "                      [--eval SPEC] [--max-time S] [--game-time MINUTES]\n"
	     "                      [--quiet] [--svg FILE]\n"
	     "                      [LEVEL]...\n"
	     "Plays each LEVEL against the next one down (default: beginner novice expert\n"
	     "pre-master master), N games a rung (default 100) from N/2 balanced openings of\n"
	     "--plies plies (default 8), colours swapped; prints wins and mean disc difference.\n"
	     "A LEVEL is a level description such as \"expert --depth 4\" (quote it).\n"
	     "SPEC, the levels' evaluation: pattern (default), classic or a weights file.\n"
	     "--max-time S: no game starts after S seconds (the table counts the games\n"
	     "played); --game-time MINUTES: each side's time for a whole game, spread over\n"
	     "its moves (out of time loses); --quiet: no progress on stderr. --jobs N:\n"
	     "games played at once (default 1); --threads N: search threads of each level\n"
	     "(default 1). Each level's Elo above the weakest follows the table; --svg FILE\n"
	     "draws it as bars with their error bars. --variant NAME: the board, 8x8\n"
	     "(default), 6x6 or 10x10-holes; on the other boards --eval is a weights file\n"
	     "of that board (or builtin), --plies defaults to 4 (6x6) or 6 (10x10-holes),\n"
	     "and there is no book.\n",
    .options =
	(const struct cli_option[]){
	    {.name = "games",
	     .letter = 'g',
	     .kind = CLI_OPT_CALL,
	     .call = ladder_games,
	     .what = "an even number from 2"},
	    CLI_INT("plies", 'p', offsetof(struct ladder_options, plies), 0, 16, NULL, NULL),
	    CLI_INT("seed", 's', offsetof(struct ladder_options, seed), 0, 2147483647, NULL, NULL),
	    CLI_INT("jobs", 'j', offsetof(struct ladder_options, jobs), 1, 16, NULL, NULL),
	    CLI_INT("threads", 0, offsetof(struct ladder_options, threads), 1, 64, NULL, NULL),
	    {.name = "book", .letter = 'b', .kind = CLI_OPT_CALL, .call = ladder_book},
	    CLI_FLAG("no-book", 'n', offsetof(struct ladder_options, no_book), NULL),
	    CLI_INT("hash", 'H', offsetof(struct ladder_options, hash_mb), 1, 1024, NULL, NULL),
	    CLI_NUMBER("max-time", 'm', offsetof(struct ladder_options, max_time), NULL, NULL),
	    {.name = "game-time",
	     .letter = 'T',
	     .kind = CLI_OPT_NUMBER,
	     .offset = offsetof(struct ladder_options, game_time),
	     .above_zero = true},
	    CLI_FLAG("quiet", 'q', offsetof(struct ladder_options, quiet), NULL),
	    {.name = "eval",
	     .renamed = "weights",
	     .letter = 'e',
	     .kind = CLI_OPT_STRING,
	     .offset = offsetof(struct ladder_options, eval_spec)},
	    CLI_STRING("svg", 0, offsetof(struct ladder_options, svg), NULL, NULL),
	    CLI_VARIANT_OPTION(offsetof(struct ladder_options, variant), NULL),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* Progress on stderr, every 10 games. */
static void ladder_progress(int done, int total, void *user)
{
	(void)user;
	fprintf(stderr, "ladder: %d/%d games\n", done, total);
}

/* No more games once no one reads the table. */
static bool ladder_go_on(void *user)
{
	(void)user;
	return cli_output_ok();
}

/* Loads the shipped book into `bk` when it is found. Returns 0, or -1 after
   saying why it could not be read. */
static int load_shipped_book(struct book *bk)
{
	return cli_book_load("ladder", NULL, NULL, false, bk) < 0 ? -1 : 0;
}

/* Sets the ladder's levels and settings from the options and the LEVEL
   arguments. Returns 0, or -1 after saying what is wrong. */
static int ladder_setup(struct ladder *l, const struct ladder_options *lo, int argc, char **argv,
			int first)
{
	static const char *const defaults[] = {"beginner", "novice", "expert", "pre-master",
					       "master"};
	int n = argc - first;
	char err[600];

	l->games_per_rung = (int)lo->games;
	l->plies = (int)lo->plies;
	l->seed = (uint64_t)lo->seed;
	l->tt_megabytes = (size_t)lo->hash_mb;
	l->threads = (int)lo->threads;
	l->jobs = (int)lo->jobs;
	l->max_time = lo->max_time;
	l->game_time = lo->game_time * 60;
	l->progress = lo->quiet ? NULL : ladder_progress;
	l->go_on = ladder_go_on;
	if (n == 0)
		n = 5;
	if (n < 2 || n > LADDER_MAX_LEVELS) {
		fprintf(stderr, "othello ladder: give 2 to %d levels\n", LADDER_MAX_LEVELS);
		return -1;
	}
	for (int i = 0; i < n; i++)
		if (ladder_add_level(l, argc > first ? argv[first + i] : defaults[i], err,
				     sizeof err) < 0) {
			fprintf(stderr, "othello ladder: %s\n", err);
			return -1;
		}
	return 0;
}

/* `othello ladder`: see ladder_options. Returns 0, 1 if a game failed, 2 on
   bad usage or when the ladder could not be played. */
int cli_ladder(int argc, char **argv)
{
	struct ladder_options lo = {.games = 100, .plies = -1, .seed = 1, .jobs = 1, .hash_mb = 16};
	struct ladder l = {0};
	struct eval *ev = NULL;
	char err[600], eval_name[EVALSPEC_NAME_LEN];
	double t0;
	int first = 1, rc;

	lo.bk = book_new();
	rc = 2;
	if (!lo.bk || (rc = cli_options_parse(&ladder_options, argc, argv, &lo, &first)) >= 0)
		goto done;
	rc = 2;
	l.variant = (enum variant)lo.variant;
	if (lo.plies < 0)
		lo.plies = l.variant == VARIANT_8X8 ? 8 : square_size(l.variant) <= 6 ? 4 : 6;
	if (ladder_setup(&l, &lo, argc, argv, first) < 0)
		goto done;
	if (l.variant != VARIANT_8X8 && lo.files) {
		fprintf(stderr, "othello ladder: --book: the books are of 8x8 games, not %s\n",
			square_variant_name(l.variant));
		goto done;
	}
	if (l.variant != VARIANT_8X8)
		lo.no_book = true;
	if (!lo.files && !lo.no_book && load_shipped_book(lo.bk) < 0)
		goto done;
	if (!(ev = cli_eval_board("ladder", "eval", l.variant, lo.eval_spec, eval_name,
				  sizeof eval_name)))
		goto done;
	l.eval = ev;
	l.book = lo.bk;
	t0 = timer_now();
	if (ladder_run(&l, err, sizeof err) < 0) {
		fprintf(stderr, "othello ladder: %s\n", err);
		goto done;
	}
	rc = print_table(&l, eval_name, timer_now() - t0);
	if (print_elo(&l, eval_name, lo.svg) != 0)
		rc = 2;
done:
	ladder_free(&l);
	book_free(lo.bk);
	eval_free(ev);
	return rc;
}
