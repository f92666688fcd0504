/*
 * cli-gtp.c — `othello gtp`: our engine on stdin/stdout as a GTP engine
 * (protocol in gtp.c), for other programs, and for ourselves as an external
 * engine (`othello match --white "engine:othello gtp --level expert"`).
 */
#include "cli-eval.h"
#include "cli.h"

#include "gtp.h"
#include "match.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f, "usage: othello gtp [--level PLAYER] [--time T] [--depth D] [--random PCT] "
		   "[--seed N]\n"
		   "                   [--eval SPEC]\n\n"
		   "Speaks GTP on stdin/stdout. PLAYER as for `othello match` (default expert).\n"
		   "SPEC: pattern (default), classic or a weights file.\n");
}

static const struct option long_options[] = {
    {"level", required_argument, NULL, 'l'}, {"time", required_argument, NULL, 't'},
    {"depth", required_argument, NULL, 'd'}, {"random", required_argument, NULL, 'r'},
    {"seed", required_argument, NULL, 's'},  {"eval", required_argument, NULL, 'e'},
    {"help", no_argument, NULL, 'h'},	     {NULL, 0, NULL, 0},
};

/* `othello gtp`: see usage. */
int cli_gtp(int argc, char **argv)
{
	struct match_player_options opt = {0};
	const char *level = "expert", *eval_spec = NULL;
	char eval_name[EVALSPEC_NAME_LEN];
	struct eval *ev;
	struct match_player *p;
	uint64_t seed = 1;
	char err[256];
	long v;
	int c;

	optind = 1;
	opterr = 0;
	for (int at = optind; (c = getopt_long(argc, argv, "", long_options, NULL)) != -1;
	     at = optind) {
		switch (c) {
		case 'l':
			level = optarg;
			break;
		case 't':
			if (!cli_option_seconds("gtp", "time", optarg, &opt.time))
				return 2;
			break;
		case 'd':
			if (!cli_option_int("gtp", "depth", optarg, 1, 60, &v))
				return 2;
			opt.depth = (int)v;
			break;
		case 'r':
			if (!cli_option_int("gtp", "random", optarg, 0, 100, &v))
				return 2;
			opt.random_pct = (int)v;
			break;
		case 's':
			if (!cli_option_int("gtp", "seed", optarg, 0, 0x7fffffffL, &v))
				return 2;
			seed = (uint64_t)v;
			break;
		case 'e':
			eval_spec = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			cli_option_refused("gtp", long_options, argv, at, c);
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "othello: gtp: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	if (!match_player_is_level(level)) {
		if (eval_spec) {
			fprintf(stderr, "othello gtp: --eval: '%s' plays without our evaluation\n",
				level);
			return 2;
		}
		ev = NULL;
	} else if (!(ev = cli_eval_option("gtp", "eval", eval_spec, eval_name, sizeof eval_name))) {
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
	gtp_serve(stdin, stdout, p, seed);
	match_player_free(p);
	eval_free(ev);
	return 0;
}
