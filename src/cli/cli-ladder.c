/*
 * cli-ladder.c — `othello ladder`: each level against the next one down, in
 * process, from varied balanced openings played with colours swapped; prints
 * the level-vs-level table (wins, draws, score, mean disc difference).
 *
 * Openings: from the start, each ply picks uniformly among the moves a
 * 6-ply search scores within 1.5 discs of the best (all moves scored with an
 * open window); an opening whose final position a 10-ply search scores
 * beyond 3 discs either way is drawn again. The same openings serve every
 * rung. Game k of a rung plays opening k / 2 with the stronger level Black
 * when k is even, White when odd. Randomness (--random) and seeds: the
 * openings come from --seed; each game's players are seeded with --seed and
 * the game number, and the levels' own --seed, when given, is ignored here.
 *
 * --max-time S: no game starts after S seconds; the table then counts the
 * games played (the strongest rung is played first).
 *
 * --game-time MINUTES: each side has that long for a whole game; every move
 * is told the time left (level_choose_move spreads it over the moves still to
 * play), and a side whose moves use it up loses on time (the full 64 discs).
 *
 * Every level plays with the evaluation --eval names (evalspec.c; default
 * pattern), loaded once and shared; the openings are drawn with the built-in
 * classic weights whatever --eval says, so that they stay the same.
 *
 * Games run on --jobs worker threads (each with its own level states);
 * the table does not depend on their number unless a level is timed. Each
 * level searches with --threads threads (default one; a level's own
 * --threads setting wins).
 *
 * Elo: each rung's Elo difference and its 95 % error bars are those of
 * report-stats.c for the rung's games (failed ones left out); a level's Elo
 * above the weakest adds the rungs below it up, with error bars sqrt(sum of
 * the squared half-widths) (the rungs are independent samples). A rung won
 * 100 % gives a bound only, and so does every sum that includes it. --svg
 * FILE draws these as bars (report-svg.c).
 */
#include "book.h"
#include "cli-eval.h"
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"
#include "datadir.h"
#include "level.h"
#include "report-stats.h"
#include "report-svg.h"
#include "rng.h"
#include "timer.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LADDER_MAX_LEVELS 8

struct opening {
	struct board b; /* position after the opening moves */
	char moves[33]; /* the moves, as a transcript (at most 16 plies) */
};

struct game {
	int rung;	/* index of the weaker level */
	int index;	/* game number in the rung */
	int diff;	/* final disc difference for the stronger level */
	double time[2]; /* seconds spent by the weaker, stronger level */
	bool failed;	/* a level could not choose a move */
	bool timeout;	/* a level used up its game clock (and lost) */
	bool played;	/* the game was played (not cut by --max-time) */
};

struct ladder {
	struct level_spec specs[LADDER_MAX_LEVELS]; /* weakest first */
	int n_levels;				    /* entries in specs */
	const struct book *book;		    /* for levels that use one; may be NULL */
	const struct eval *eval;		    /* the levels' evaluation (shared) */
	char eval_name[EVALSPEC_NAME_LEN];	    /* its name */
	struct opening *openings;		    /* games / 2 of them */
	struct game *games;			    /* every game of every rung */
	int n_games;				    /* entries in games */
	int games_per_rung;			    /* even */
	int plies;				    /* plies of each opening */
	uint64_t seed;				    /* base seed */
	size_t tt_megabytes;			    /* search table of each level state */
	int threads;	      /* search threads of a level without its own (0: one) */
	int next;	      /* next game to play (under lock) */
	int done;	      /* games finished (under lock) */
	bool progress;	      /* print a line every 10 games */
	double t0;	      /* when the ladder started */
	double max_time;      /* no new game after t0 + max_time; 0 = none */
	double game_time;     /* seconds a side has for a game; 0 = no game clock */
	pthread_mutex_t lock; /* guards next, done and printing */
};

/* Picks a random move among those a 6-ply search scores within 1.5 discs of the best. */
static int reasonable_move(struct search *s, const struct board *b, uint64_t *rng)
{
	struct search_limits lim = {0};
	struct search_result r;
	int close = 1;

	lim.depth = 6;
	lim.multipv = 32;
	if (search_run(s, b, &lim, NULL, NULL, &r) != 0 || r.n_moves == 0)
		return r.move;
	while (close < r.n_moves && r.moves[close].score >= r.moves[0].score - 150)
		close++;
	return r.moves[rng_below(rng, (uint64_t)close)].move;
}

/* Draws `n` distinct balanced openings of `plies` plies; returns 0 or -1. */
static int make_openings(struct opening *op, int n, int plies, uint64_t seed)
{
	struct eval *ev = eval_new_default();
	struct search *s = ev ? search_new(16, ev) : NULL;
	uint64_t rng = seed;
	int k = 0, tries = 0;

	if (!s) {
		eval_free(ev);
		return -1;
	}
	while (k < n && tries++ < 100 * n) {
		struct opening o;
		struct search_limits lim = {0};
		struct search_result r;
		bool dup = false;
		int i;

		board_start(&o.b);
		o.moves[0] = '\0';
		for (i = 0; i < plies && board_can_move(&o.b); i++) {
			int sq = reasonable_move(s, &o.b, &rng);

			board_play(&o.b, sq, board_flips(o.b.own, o.b.opp, sq));
			memcpy(o.moves + 2 * i, board_square_name(sq), 3);
		}
		if (i < plies || !board_can_move(&o.b))
			continue;
		lim.depth = 10;
		if (search_run(s, &o.b, &lim, NULL, NULL, &r) != 0 || r.score > 300 ||
		    r.score < -300)
			continue;
		for (int j = 0; j < k && !dup; j++) {
			struct board a, c;

			board_canonical(&op[j].b, &a, NULL);
			board_canonical(&o.b, &c, NULL);
			dup = a.own == c.own && a.opp == c.opp;
		}
		if (!dup)
			op[k++] = o;
	}
	search_free(s);
	eval_free(ev);
	return k == n ? 0 : -1;
}

/* Plays game `g` of the ladder with the two states; fills in its result. */
static void play_game(struct ladder *l, struct game *g, struct level_state *st[2])
{
	const struct opening *o = &l->openings[g->index / 2];
	const struct level_spec *spec[2] = {&l->specs[g->rung], &l->specs[g->rung + 1]};
	int strong_colour = g->index % 2 == 0 ? BLACK : WHITE;
	int colour = board_popcount(o->b.own | o->b.opp) % 2 == 0 ? BLACK : WHITE;
	struct board b = o->b;
	uint64_t seed =
	    l->seed ^ (0x9E3779B97F4A7C15ULL * (uint64_t)(g->rung * 100003 + g->index + 1));

	level_state_reset(st[0], seed);
	level_state_reset(st[1], seed + 1);
	while (!board_game_over(&b)) {
		int who = colour == strong_colour; /* 1: the stronger level moves */
		struct level_move m;
		struct level_clock clock = {l->game_time - g->time[who]};
		double t0 = timer_now();

		if (level_choose_move(spec[who], st[who], &b, l->game_time > 0 ? &clock : NULL,
				      NULL, NULL, &m) != 0 ||
		    (m.move != SQ_PASS && !board_is_legal(&b, m.move))) {
			g->failed = true;
			return;
		}
		g->time[who] += timer_now() - t0;
		if (l->game_time > 0 && g->time[who] >= l->game_time) {
			g->timeout = true;
			g->diff = who ? -64 : 64;
			return;
		}
		if (m.move == SQ_PASS)
			board_pass(&b);
		else
			board_play(&b, m.move, board_flips(b.own, b.opp, m.move));
		colour = !colour;
	}
	/* board_final_score is for the side to move, `colour`. */
	g->diff = board_final_score(&b) * (colour == strong_colour ? 1 : -1);
}

static void *worker(void *arg)
{
	struct ladder *l = arg;
	struct level_state *states[LADDER_MAX_LEVELS] = {0};
	char err[300];

	for (int i = 0; i < l->n_levels; i++) {
		struct level_spec spec = l->specs[i];

		if (!spec.threads)
			spec.threads = l->threads;
		states[i] =
		    level_state_new(&spec, l->eval, l->book, 0, l->tt_megabytes, err, sizeof err);
		if (!states[i]) {
			fprintf(stderr, "othello ladder: %s\n", err);
			goto done;
		}
	}
	for (;;) {
		struct game *g;
		struct level_state *st[2];

		pthread_mutex_lock(&l->lock);
		g = l->next < l->n_games ? &l->games[l->next++] : NULL;
		if (g && l->max_time > 0 && timer_now() - l->t0 > l->max_time)
			g = NULL;
		if (g && !cli_output_ok()) /* no one reads the table any more */
			g = NULL;
		pthread_mutex_unlock(&l->lock);
		if (!g)
			break;
		st[0] = states[g->rung];
		st[1] = states[g->rung + 1];
		play_game(l, g, st);
		g->played = true;
		pthread_mutex_lock(&l->lock);
		l->done++;
		if (l->progress && l->done % 10 == 0)
			fprintf(stderr, "ladder: %d/%d games\n", l->done, l->n_games);
		pthread_mutex_unlock(&l->lock);
	}
done:
	for (int i = 0; i < l->n_levels; i++)
		level_state_free(states[i]);
	return NULL;
}

/* Prints the table: one line per rung. */
static int print_table(const struct ladder *l, double seconds)
{
	int failed = 0, cut = 0, timeouts = 0;

	printf("%-21s %5s %5s %5s %6s %6s %9s %7s %7s\n", "stronger vs weaker", "games", "wins",
	       "draws", "losses", "score", "mean diff", "s/game+", "s/game-");
	for (int r = 0; r + 1 < l->n_levels; r++) {
		int wins = 0, draws = 0, losses = 0, n = 0;
		double sum = 0, t[2] = {0, 0};
		char a[160], b[160], name[330];

		for (int i = 0; i < l->n_games; i++) {
			const struct game *g = &l->games[i];

			if (g->rung != r)
				continue;
			if (!g->played) {
				cut++;
				continue;
			}
			if (g->failed) {
				failed++;
				continue;
			}
			n++;
			timeouts += g->timeout;
			sum += g->diff;
			wins += g->diff > 0;
			draws += g->diff == 0;
			losses += g->diff < 0;
			t[0] += g->time[0];
			t[1] += g->time[1];
		}
		level_format(&l->specs[r + 1], a, sizeof a);
		level_format(&l->specs[r], b, sizeof b);
		snprintf(name, sizeof name, "%s vs %s", a, b);
		printf("%-21s %5d %5d %5d %6d %5.1f%% %+9.2f %7.2f %7.2f\n", name, n, wins, draws,
		       losses, n ? 100.0 * (wins + 0.5 * draws) / n : 0.0, n ? sum / n : 0.0,
		       n ? t[1] / n : 0.0, n ? t[0] / n : 0.0);
	}
	printf("openings: %d of %d plies, each played with both colours; seed %llu; %.0f s\n",
	       l->games_per_rung / 2, l->plies, (unsigned long long)l->seed, seconds);
	printf("evaluation: %s\n", l->eval_name);
	if (l->game_time > 0)
		printf("game clock: %g min a side; %d games lost on time\n", l->game_time / 60,
		       timeouts);
	if (failed)
		printf("%d games failed (a level could not move)\n", failed);
	if (cut)
		printf("%d games not played (--max-time reached)\n", cut);
	return failed ? 1 : 0;
}

/* The statistics of rung `r` (its stronger level first), from its played games. */
static void rung_stats(const struct ladder *l, int r, struct stats_match *out)
{
	struct report_game g;

	memset(&g, 0, sizeof g);
	snprintf(g.end, sizeof g.end, "end");
	stats_match_start(out, "stronger", "weaker");
	for (int i = 0; i < l->n_games; i++) {
		const struct game *x = &l->games[i];
		bool strong_black = x->index % 2 == 0;

		if (x->rung != r || !x->played || x->failed)
			continue;
		snprintf(g.black, sizeof g.black, "%s", strong_black ? "stronger" : "weaker");
		snprintf(g.white, sizeof g.white, "%s", strong_black ? "weaker" : "stronger");
		g.gap = strong_black ? x->diff : -x->diff;
		stats_match_add(out, &g);
	}
	stats_match_finish(out);
}

/* Fills bars[0..n_levels-1], strongest first, with each level's Elo above the
   weakest (see the top of the file), their text in ASCII ("+-", ">=") when
   `ascii`, else with the signs "±", "≥". */
static void ladder_elo(const struct ladder *l, struct report_svg_bar *bars, bool ascii)
{
	double elo = 0, var = 0;
	int bound = 0; /* 1: a sum of rungs won 100 %, -1: lost 100 %, 2: both */
	bool known = true;

	for (int i = 0; i < l->n_levels; i++) {
		struct report_svg_bar *b = &bars[l->n_levels - 1 - i];
		struct stats_match s;

		if (i > 0) {
			rung_stats(l, i - 1, &s);
			known = known && s.games > 0;
			elo += s.elo;
			var += s.elo_error * s.elo_error;
			if (s.elo_bound)
				bound = bound == 0 || bound == (s.elo > 0 ? 1 : -1)
					    ? (s.elo > 0 ? 1 : -1)
					    : 2;
		}
		level_format(&l->specs[i], b->label, sizeof b->label);
		b->elo = known && bound != 2 ? elo : 0;
		b->error = known && bound != 2 ? sqrt(var) : 0;
		b->bound = bound != 0;
		if (!known || bound == 2)
			snprintf(b->value, sizeof b->value, "%s",
				 known ? "no estimate (sweeps both ways)" : "no games");
		else if (i == 0)
			snprintf(b->value, sizeof b->value, "0");
		else if (bound)
			snprintf(b->value, sizeof b->value, "%s %+.0f",
				 bound > 0 ? (ascii ? ">=" : "\xe2\x89\xa5")
					   : (ascii ? "<=" : "\xe2\x89\xa4"),
				 elo);
		else
			snprintf(b->value, sizeof b->value, "%+.0f %s %.0f", elo,
				 ascii ? "+-" : "\xc2\xb1", b->error);
	}
}

/* Prints each level's Elo above the weakest, and draws them when `svg` is
   given. Returns 0, or 2 after saying the picture could not be written. */
static int print_elo(const struct ladder *l, const char *svg)
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
		 control, l->games_per_rung / 2, l->plies, (unsigned long long)l->seed,
		 l->eval_name);
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
	long games;	       /* --games N, a rung */
	long plies;	       /* --plies N of each opening */
	long seed;	       /* --seed N */
	long jobs;	       /* --jobs N: games at once */
	long threads;	       /* --threads N: search threads of each level, 0 = one */
	struct book *bk;       /* the books --book loaded (owned by cli_ladder) */
	bool files;	       /* --book given */
	bool no_book;	       /* --no-book */
	long hash_mb;	       /* --hash MB of each level state */
	double max_time;       /* --max-time S, 0 = none */
	double game_time;      /* --game-time MINUTES a side for each game, 0 = none */
	bool quiet;	       /* --quiet */
	const char *eval_spec; /* --eval SPEC, NULL = the default */
	const char *svg;       /* --svg FILE: the levels' Elo as a picture */
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
	char err[4400];
	FILE *f = fopen(text, "r");

	if (!f)
		snprintf(err, sizeof err, "%s: %s", text, strerror(errno));
	if (!f || book_load(lo->bk, f, text, err, sizeof err) < 0) {
		fprintf(stderr, "othello ladder: --book: %s\n", err);
		if (f)
			fclose(f);
		return false;
	}
	fclose(f);
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
	     "draws it as bars with their error bars.\n",
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
	    CLI_STRING("eval", 'e', offsetof(struct ladder_options, eval_spec), NULL, NULL),
	    CLI_STRING("svg", 0, offsetof(struct ladder_options, svg), NULL, NULL),
	    CLI_VARIANT_OPTION,
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* `othello ladder`: see ladder_options. Returns 0, 1 if a game failed, 2 on
   bad usage. */
int cli_ladder(int argc, char **argv)
{
	static const char *const defaults[] = {"beginner", "novice", "expert", "pre-master",
					       "master"};
	struct ladder_options lo = {.games = 100, .plies = 8, .seed = 1, .jobs = 1, .hash_mb = 16};
	struct ladder l = {0};
	struct book *bk;
	pthread_t jobs[16];
	struct eval *ev = NULL;
	char err[4400], path[4096];
	double t0;
	int first = 1, rc = 2;
	const struct vgeom *g;

	if ((rc = cli_variant_find("ladder", argc, argv, &g)) != 0)
		return rc == 2 ? 2 : cli_vseries("ladder", g, argc, argv);
	rc = 2;
	bk = book_new();
	pthread_mutex_init(&l.lock, NULL);
	lo.bk = bk;
	if (bk && (rc = cli_options_parse(&ladder_options, argc, argv, &lo, &first)) >= 0)
		goto done;
	rc = 2;
	l.games_per_rung = (int)lo.games;
	l.seed = (uint64_t)lo.seed;
	l.tt_megabytes = (size_t)lo.hash_mb;
	l.threads = (int)lo.threads;
	l.progress = !lo.quiet;
	l.max_time = lo.max_time;
	l.game_time = lo.game_time * 60;
	if (!bk)
		goto done;
	l.n_levels = argc - first;
	if (l.n_levels == 0)
		l.n_levels = 5;
	if (l.n_levels < 2 || l.n_levels > LADDER_MAX_LEVELS) {
		fprintf(stderr, "othello ladder: give 2 to %d levels\n", LADDER_MAX_LEVELS);
		goto done;
	}
	for (int i = 0; i < l.n_levels; i++) {
		const char *text = argc > first ? argv[first + i] : defaults[i];

		if (level_parse(text, &l.specs[i], err, sizeof err) < 0) {
			fprintf(stderr, "othello ladder: level '%s': %s\n", text, err);
			goto done;
		}
	}
	if (!lo.files && !lo.no_book) {
		FILE *f = datadir_open("openings/book.txt", path, sizeof path, err, sizeof err);

		if (f) {
			if (book_load(bk, f, path, err, sizeof err) < 0) {
				fprintf(stderr, "othello ladder: %s\n", err);
				fclose(f);
				goto done;
			}
			fclose(f);
		}
	}
	ev = cli_eval_option("ladder", "eval", lo.eval_spec, l.eval_name, sizeof l.eval_name);
	if (!ev)
		goto done;
	l.eval = ev;
	l.book = bk;
	l.plies = (int)lo.plies;
	l.n_games = l.games_per_rung * (l.n_levels - 1);
	l.openings = calloc((size_t)l.games_per_rung / 2, sizeof *l.openings);
	l.games = calloc((size_t)l.n_games, sizeof *l.games);
	if (!l.openings || !l.games)
		goto done;
	t0 = l.t0 = timer_now();
	if (make_openings(l.openings, l.games_per_rung / 2, l.plies, l.seed) < 0) {
		fprintf(stderr, "othello ladder: could not draw %d distinct balanced openings\n",
			l.games_per_rung / 2);
		goto done;
	}
	/* Strongest rungs first, so that the slow games spread over the jobs. */
	for (int r = l.n_levels - 2, k = 0; r >= 0; r--)
		for (int i = 0; i < l.games_per_rung; i++, k++) {
			l.games[k].rung = r;
			l.games[k].index = i;
		}
	for (long i = 0; i < lo.jobs; i++)
		pthread_create(&jobs[i], NULL, worker, &l);
	for (long i = 0; i < lo.jobs; i++)
		pthread_join(jobs[i], NULL);
	rc = print_table(&l, timer_now() - t0);
	if (print_elo(&l, lo.svg) != 0)
		rc = 2;
done:
	free(l.openings);
	free(l.games);
	book_free(bk);
	eval_free(ev);
	pthread_mutex_destroy(&l.lock);
	return rc;
}
