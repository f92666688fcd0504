/*
 * cli-variant.c — reading `--variant NAME` for the subcommands, and
 * `othello ladder|match|tournament --variant`: levels of the other boards
 * against each other (vmatch.h), scored by report-stats.h.
 *
 * A subcommand that has a variant form looks for --variant in its arguments
 * first (cli_variant_find) and hands the whole command line to that form when
 * the board is not 8×8; the 8×8 code is left as it was.
 *
 * Games of a series (a rung, the match, a pairing of the tournament): N/2
 * random openings of --plies plies (default 4 on 6×6, 6 on 10×10), each
 * played twice with colours swapped; --seed picks them.
 */
#include "cli-variant.h"
#include "cli-options.h"
#include "cli.h"
#include "controller.h"
#include "datadir.h"
#include "report-stats.h"
#include "rng.h"
#include "timer.h"
#include "vmatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Returns the geometry `--variant NAME` names for `othello COMMAND`, or NULL
 * after a message listing the names.
 */
const struct vgeom *cli_variant(const char *command, const char *name)
{
	const struct vgeom *g = vboard_geom_named(name);

	if (!g)
		fprintf(stderr, "othello %s: --variant: '%s' is not a board (%s)\n", command, name,
			vboard_variant_names());
	return g;
}

/*
 * Sets the board and the clocks of a game (the screen's, `script`'s) from
 * `--variant NAME` (NULL keeps 8x8) and `--game-time MINUTES` of
 * `othello COMMAND`. False after a message listing the boards.
 */
bool cli_variant_game(const char *command, const char *name, double minutes,
		      struct controller_options *opt)
{
	const struct vgeom *g = name ? cli_variant(command, name) : vboard_geom(VARIANT_8X8);

	if (!g)
		return false;
	opt->variant = g->variant;
	opt->game_time = minutes * 60;
	return true;
}

/*
 * Looks for --variant NAME (or --variant=NAME) among the arguments: returns 0
 * when there is none or it names 8×8, 1 with the board in *g, 2 after a
 * message when the name is not a board or missing.
 */
int cli_variant_find(const char *command, int argc, char **argv, const struct vgeom **g)
{
	for (int i = 1; i < argc; i++) {
		const char *name = NULL;

		if (strcmp(argv[i], "--") == 0)
			break;
		if (strncmp(argv[i], "--variant=", 10) == 0)
			name = argv[i] + 10;
		else if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc)
			name = argv[i + 1];
		else if (strcmp(argv[i], "--variant") == 0)
			name = "";
		if (!name)
			continue;
		*g = cli_variant(command, name);
		if (!*g)
			return 2;
		return (*g)->variant != VARIANT_8X8;
	}
	return 0;
}

/* --variant in the option table of an 8×8 subcommand: only 8x8 reaches it. */
bool cli_variant_8x8(void *opts, const char *text)
{
	(void)opts;
	return strcmp(text, "8x8") == 0;
}

/* The options of the variant forms of `ladder` and `match`. */
struct vseries_options {
	const char *variant; /* --variant NAME (already read) */
	long games;	     /* --games N, even */
	long plies;	     /* --plies N of each opening, -1 = the board's default */
	long seed;	     /* --seed N */
	long hash_mb;	     /* --hash MB of each player */
	double game_time;    /* --game-time MINUTES a side, 0 = none */
	double max_time;     /* --max-time S: no game starts after S seconds */
	const char *black;   /* match: --black LEVEL */
	const char *white;   /* match: --white LEVEL */
	const char *players; /* tournament: --players A,B,... */
	const char *weights; /* --weights FILE: the evaluation (default: shipped or built in) */
	bool quiet;	     /* --quiet: no line a game */
};

/* --games N: an even number from 2. */
static bool vseries_games(void *opts, const char *text)
{
	struct vseries_options *o = opts;

	return cli_parse_int(text, 2, 100000, &o->games) && o->games % 2 == 0;
}

static const struct cli_options vseries_options = {
    .command = "ladder/match --variant",
    .usage = "usage: othello ladder --variant NAME [options] [LEVEL]...\n"
	     "       othello match --variant NAME --black LEVEL --white LEVEL [options]\n"
	     "       othello tournament --variant NAME --players A,B,... [options]\n"
	     "Levels on another board: ladder plays each LEVEL against the next one down\n"
	     "(default: all five), match two levels, tournament every pair of levels (a\n"
	     "cross table). LEVEL is beginner, novice, expert,\n"
	     "pre-master or master.\n",
    .column = 22,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("variant", 'V', offsetof(struct vseries_options, variant), "NAME",
		       "the board: 6x6 or 10x10-holes"),
	    CLI_STRING("black", 'B', offsetof(struct vseries_options, black), "LEVEL",
		       "match: the level of Black in the first game of each opening"),
	    CLI_STRING("white", 'W', offsetof(struct vseries_options, white), "LEVEL",
		       "match: the other level"),
	    CLI_STRING("players", 'P', offsetof(struct vseries_options, players), "A,B,...",
		       "tournament: the levels, each against each other"),
	    {.name = "games",
	     .letter = 'g',
	     .kind = CLI_OPT_CALL,
	     .call = vseries_games,
	     .what = "an even number of games",
	     .arg = "N",
	     .help = "games (a rung; default 100): N/2 openings, colours swapped"},
	    CLI_INT("plies", 'p', offsetof(struct vseries_options, plies), 0, VMATCH_OPENING_MAX,
		    "N",
		    "random plies of each opening (6x6: 4, 10x10-holes: 6),\n"
		    "drawn again until a search scores it within 3 discs"),
	    CLI_INT("seed", 's', offsetof(struct vseries_options, seed), 0, 2147483647, "N",
		    "the openings' random seed (default 1)"),
	    CLI_INT("hash", 'H', offsetof(struct vseries_options, hash_mb), 1, 1024, "MB",
		    "table of each player (default 16)"),
	    CLI_NUMBER("game-time", 'T', offsetof(struct vseries_options, game_time), "MINUTES",
		       "time a side has for a game, spread by its time manager"),
	    CLI_NUMBER("max-time", 'm', offsetof(struct vseries_options, max_time), "S",
		       "no game starts after S seconds"),
	    CLI_STRING("weights", 'w', offsetof(struct vseries_options, weights), "FILE",
		       "evaluation weights (default eval/variant-NAME.txt;\n"
		       "builtin: the built-in ones)"),
	    CLI_FLAG("quiet", 'q', offsetof(struct vseries_options, quiet), "no line a game"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/*
 * Loads the evaluation of board g: the weights file given ("builtin": the
 * built-in weights), else the shipped eval/variant-NAME.txt, else the
 * built-in weights. False after a message.
 */
bool cli_variant_eval(const char *command, const struct vgeom *g, const char *file,
		      struct veval *ev)
{
	char name[64], path[4096], err[300];
	FILE *f;

	if (file && strcmp(file, "builtin") == 0) {
		veval_default(g, ev);
		return true;
	}
	snprintf(name, sizeof name, "eval/variant-%s.txt", g->name);
	f = file ? fopen(file, "r") : datadir_open(name, path, sizeof path, err, sizeof err);
	if (!f) {
		if (!file) {
			veval_default(g, ev);
			return true;
		}
		fprintf(stderr, "othello %s: %s: cannot open\n", command, file);
		return false;
	}
	if (veval_read(g, f, ev, err, sizeof err) < 0) {
		fprintf(stderr, "othello %s: %s:%s\n", command, file ? file : path, err);
		fclose(f);
		return false;
	}
	fclose(f);
	return true;
}

/* Plays games between levels a and b (a Black in even games) into games[*n]. */
static int vseries_play(const struct vmatch_setup *setup, const struct vseries_options *o,
			const struct vlevel *a, const struct vlevel *b, double start,
			struct report_game *games, int *n)
{
	uint64_t rng = (uint64_t)o->seed;
	struct vsearch *balance = vsearch_new(&setup->ev, 16);
	struct vopening op;
	char err[200];

	if (!balance) {
		fprintf(stderr, "othello: out of memory\n");
		return -1;
	}
	for (int k = 0; k < o->games; k++) {
		struct report_game *gm = &games[*n];
		const struct vlevel *black = k % 2 ? b : a, *white = k % 2 ? a : b;

		if (o->max_time > 0 && timer_now() - start > o->max_time)
			break;
		if (k % 2 == 0)
			vmatch_balanced_opening(balance, (int)o->plies, &rng, &op);
		memset(gm, 0, sizeof *gm);
		gm->number = *n + 1;
		snprintf(gm->black, sizeof gm->black, "%s", black->name);
		snprintf(gm->white, sizeof gm->white, "%s", white->name);
		vmatch_opening_text(setup->g, &op, gm->opening, sizeof gm->opening);
		if (vmatch_game(setup, black, white, &op, gm, err, sizeof err) < 0) {
			fprintf(stderr, "othello: %s\n", err);
			vsearch_free(balance);
			return -1;
		}
		(*n)++;
		if (!o->quiet)
			printf("game %d: %s %s %d-%d %s (%.1f s)\n", gm->number, gm->opening,
			       gm->black, gm->black_discs, gm->white_discs, gm->white, gm->seconds);
		fflush(stdout);
	}
	vsearch_free(balance);
	return 0;
}

/* Reads a level name of board g; false after a message. */
static bool vseries_level(const struct vgeom *g, const char *name, struct vlevel *out)
{
	if (vlevel_get(g, name, out))
		return true;
	fprintf(
	    stderr,
	    "othello: '%s' is not a level of %s (beginner, novice, expert, pre-master, master)\n",
	    name, g->name);
	return false;
}

/* Plays every pair of levels[] o->games games and prints the cross table. */
static void vseries_tournament(const struct vmatch_setup *setup, const struct vseries_options *o,
			       const struct vlevel *levels, int n_levels, struct report_game *games)
{
	const char *names[VLEVEL_COUNT];
	struct stats_table t;
	double start = timer_now();
	int n = 0;

	for (int i = 0; i < n_levels; i++) {
		names[i] = levels[i].name;
		for (int j = i + 1; j < n_levels; j++)
			if (vseries_play(setup, o, &levels[i], &levels[j], start, games, &n) < 0)
				return;
	}
	printf("%s, %d games, balanced openings of %ld plies (seed %ld)\n", setup->g->name, n,
	       o->plies, o->seed);
	if (stats_table_compute(games, n, names, n_levels, &t) < 0) {
		fprintf(stderr, "othello tournament: out of memory\n");
		return;
	}
	stats_table_print(&t, STATS_TEXT, stdout);
	stats_table_free(&t);
}

/* Plays and prints the series: each pair of levels[] in turn (ladder) or the one pair (match). */
static int vseries_run(const struct vmatch_setup *setup, const struct vseries_options *o,
		       const struct vlevel *levels, int n_levels)
{
	struct report_game *games = calloc((size_t)(o->games * n_levels * n_levels), sizeof *games);
	double start = timer_now();
	int n = 0, rc = 0;

	if (!games) {
		fprintf(stderr, "othello: out of memory\n");
		return 2;
	}
	if (o->players) {
		vseries_tournament(setup, o, levels, n_levels, games);
		free(games);
		return 0;
	}
	for (int r = n_levels - 1; r > 0 && rc == 0; r--)
		rc = vseries_play(setup, o, &levels[r], &levels[r - 1], start, games, &n);
	printf("%s, %d games, balanced openings of %ld plies (seed %ld)%s\n", setup->g->name, n,
	       o->plies, o->seed, setup->game_time > 0 ? ", a game clock" : "");
	for (int r = n_levels - 1; r > 0 && rc == 0; r--) {
		struct stats_match st;

		stats_match_compute(games, n, levels[r].name, levels[r - 1].name, &st);
		stats_match_print(&st, stdout);
	}
	free(games);
	return rc ? 2 : 0;
}

/*
 * `othello ladder|match|tournament --variant NAME`: the levels of another
 * board against each other; 0, or 2 on bad usage.
 */
int cli_vseries(const char *command, const struct vgeom *g, int argc, char **argv)
{
	struct vseries_options o = {.games = 100, .plies = -1, .seed = 1, .hash_mb = 16};
	struct vlevel levels[VLEVEL_COUNT];
	struct vmatch_setup setup = {.g = g};
	bool match = strcmp(command, "match") == 0, tournament = strcmp(command, "tournament") == 0;
	int first, st, n = 0;

	if ((st = cli_options_parse(&vseries_options, argc, argv, &o, &first)) >= 0)
		return st;
	if (o.plies < 0)
		o.plies = g->variant == VARIANT_6X6 ? 4 : 6;
	if (match && (!o.black || !o.white || first < argc)) {
		fprintf(stderr, "othello match: --variant needs --black LEVEL and --white LEVEL\n");
		return 2;
	}
	if (!match && !tournament && (o.black || o.white || argc - first == 1)) {
		fprintf(stderr, "othello ladder: give two levels or more (no --black, --white)\n");
		return 2;
	}
	if (tournament != (o.players != NULL) || (tournament && first < argc)) {
		fprintf(stderr,
			"othello %s: --players A,B,... is for tournament (and it needs it)\n",
			command);
		return 2;
	}
	if (tournament) {
		char list[256], *save = NULL;

		snprintf(list, sizeof list, "%s", o.players);
		for (char *p = strtok_r(list, ",", &save); p; p = strtok_r(NULL, ",", &save))
			if (n == VLEVEL_COUNT || !vseries_level(g, p, &levels[n++]))
				return 2;
		if (n < 2) {
			fprintf(stderr, "othello tournament: give two levels or more\n");
			return 2;
		}
	} else if (match) {
		if (!vseries_level(g, o.white, &levels[n++]) ||
		    !vseries_level(g, o.black, &levels[n++]))
			return 2;
	} else {
		if (argc - first > VLEVEL_COUNT) {
			fprintf(stderr, "othello ladder: give at most %d levels\n", VLEVEL_COUNT);
			return 2;
		}
		for (int i = first; i < argc; i++)
			if (!vseries_level(g, argv[i], &levels[n++]))
				return 2;
		for (; first == argc && n < VLEVEL_COUNT; n++)
			vlevel_get(g, vlevel_name(n), &levels[n]);
	}
	setup.game_time = o.game_time * 60;
	setup.hash_mb = (size_t)o.hash_mb;
	if (!cli_variant_eval(command, g, o.weights, &setup.ev))
		return 2;
	return vseries_run(&setup, &o, levels, n);
}
