/*
 * cli-gtp.c — `othello gtp`: our engine on stdin/stdout as a GTP engine
 * (protocol in gtp.c), for other programs, and for ourselves as an external
 * engine (`othello match --white "engine:othello gtp --level expert"`).
 */
#include "cli-eval.h"
#include "cli-options.h"
#include "cli.h"

#include "gtp.h"
#include "match.h"

#include <stdlib.h>
#include <string.h>

/* The options of `othello gtp`. */
struct gtp_options {
	const char *level; /* --level PLAYER */
	double time;	   /* --time T, 0 = none */
	long depth;	   /* --depth D, 0 = the level's */
	long random_pct;   /* --random PCT */
	long seed;	   /* --seed N */
	struct cli_engine_options
	    engine; /* --eval, --selectivity (added to the level), --threads */
};

static const struct cli_options gtp_options = {
    .command = "gtp",
    .usage = "usage: othello gtp [--level PLAYER] [--time T] [--depth D] [--random PCT] "
	     "[--seed N]\n"
	     "                   [--eval SPEC] [--selectivity P] [--threads N]\n\n"
	     "Speaks GTP on stdin/stdout. PLAYER as for `othello match` (default expert).\n"
	     "SPEC: pattern (default), classic or a weights file.\n"
	     "P: ProbCut confidence of the level's midgame, 73, 87, 95, 98, 99 or exact.\n",
    .options =
	(const struct cli_option[]){
	    CLI_STRING("level", 0, offsetof(struct gtp_options, level), NULL, NULL),
	    CLI_NUMBER("time", 0, offsetof(struct gtp_options, time), NULL, NULL),
	    CLI_INT("depth", 0, offsetof(struct gtp_options, depth), 1, 60, NULL, NULL),
	    CLI_INT("random", 0, offsetof(struct gtp_options, random_pct), 0, 100, NULL, NULL),
	    CLI_INT("seed", 0, offsetof(struct gtp_options, seed), 0, 0x7fffffffL, NULL, NULL),
	    CLI_ENGINE_OPTIONS(offsetof(struct gtp_options, engine)),
	    CLI_HELP(0, NULL),
	    {0},
	},
};

/* `othello gtp`: see gtp_options. */
int cli_gtp(int argc, char **argv)
{
	struct gtp_options go = {.level = "expert", .seed = 1};
	struct match_player_options opt = {0};
	const char *level;
	char eval_name[EVALSPEC_NAME_LEN], with_sel[512];
	struct eval *ev;
	struct match_player *p;
	char err[256];
	int first, st;

	if ((st = cli_options_parse(&gtp_options, argc, argv, &go, &first)) >= 0)
		return st;
	level = go.level;
	opt.time = go.time;
	opt.depth = (int)go.depth;
	opt.random_pct = (int)go.random_pct;
	opt.threads = cli_threads(go.engine.threads);
	if (first < argc) {
		fprintf(stderr, "othello: gtp: unexpected argument '%s'\n", argv[first]);
		return 2;
	}
	if (go.engine.selectivity) {
		if (!match_player_is_level(level) ||
		    cli_selectivity("gtp", "selectivity", go.engine.selectivity) < 0) {
			if (!match_player_is_level(level))
				fprintf(
				    stderr,
				    "othello gtp: --selectivity: '%s' is not one of our levels\n",
				    level);
			return 2;
		}
		snprintf(with_sel, sizeof with_sel, "%s --selectivity %s", level,
			 go.engine.selectivity);
		level = with_sel;
	}
	if (!match_player_is_level(level)) {
		if (go.engine.eval_spec) {
			fprintf(stderr, "othello gtp: --eval: '%s' plays without our evaluation\n",
				level);
			return 2;
		}
		ev = NULL;
	} else if (!(ev = cli_eval_option("gtp", "eval", go.engine.eval_spec, eval_name,
					  sizeof eval_name))) {
		return 2;
	}
	opt.eval = ev;
	opt.eval_name = ev ? eval_name : NULL;
	p = match_player_new(level, &opt, err, sizeof err);
	if (!p) {
		fprintf(stderr, "othello gtp: --level: %s\n", err);
		eval_free(ev);
		return 2;
	}
	if (match_player_take_notes(p, err, sizeof err)) /* the shipped book left out */
		fprintf(stderr, "othello gtp: %s", err);
	st = gtp_serve(stdin, stdout, p, (uint64_t)go.seed, err, sizeof err) == 0 ? 0 : 1;
	if (st)
		fprintf(stderr, "othello gtp: %s\n", err);
	match_player_free(p);
	eval_free(ev);
	return st;
}
