/*
 * cli-analyze-position.c — `othello analyze-position "BOARD STRING"
 * [--depth N | --time S] [--eval SPEC] [--without FEATURE]...`: searches one
 * position, printing the progress of each iteration, then every legal move
 * with its score (all moves are searched with an open window).
 *
 * The evaluation is the one --eval names (pattern, classic or a weights file,
 * see evalspec.c), by default the pattern evaluation. --without switches off
 * features of the classic evaluation, so without --eval it picks the classic
 * one, and it is refused with a pattern evaluation.
 */
#include "board.h"
#include "cli-eval.h"
#include "cli.h"
#include "eval.h"
#include "search.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

static void analyze_usage(FILE *f)
{
	fprintf(f, "usage: othello analyze-position \"BOARD STRING\" [--depth N | --time S]\n"
		   "         [--eval SPEC] [--without FEATURE]... [--hash MB] [--multipv N]\n"
		   "Searches a position; prints each iteration and the score of every move\n"
		   "(of the N best only with --multipv N; the others get bounds).\n"
		   "SPEC: pattern (default), classic or a weights file; --without switches off\n"
		   "a feature of the classic evaluation (the default with --without).\n"
		   "Scores are in discs for the side to move.\n");
}

static const char *bound_mark(enum bound b)
{
	return b == BOUND_LOWER ? ">=" : b == BOUND_UPPER ? "<=" : "";
}

static void print_pv(const int *pv, int n)
{
	for (int i = 0; i < n; i++)
		printf(" %s", pv[i] == SQ_PASS ? "PS" : board_square_name(pv[i]));
}

static void analyze_progress(const struct search_info *info, void *user)
{
	(void)user;
	printf("%s %2d  %2s%+7.2f  %12llu nodes %8.3f s  pv", info->endgame ? "solve" : "depth",
	       info->depth, bound_mark(info->bound), info->score / 100.0,
	       (unsigned long long)info->nodes, info->time);
	print_pv(info->pv, info->pv_len);
	printf("\n");
	fflush(stdout);
}

int cli_analyze_position(int argc, char **argv)
{
	static const struct option options[] = {
	    {"depth", required_argument, NULL, 'd'}, {"time", required_argument, NULL, 't'},
	    {"eval", required_argument, NULL, 'e'},  {"without", required_argument, NULL, 'w'},
	    {"hash", required_argument, NULL, 'H'},  {"multipv", required_argument, NULL, 'm'},
	    {"help", no_argument, NULL, 'h'},	     {NULL, 0, NULL, 0},
	};
	struct search_limits lim = {.endgame = -1, .multipv = 64};
	const char *without[16], *eval_spec = NULL, *board_arg = NULL;
	int n_without = 0, c;
	long depth = 0, hash_mb = 64, multipv;
	struct search_result res;
	struct search *s;
	struct eval *ev;
	struct board b;
	enum color side;
	char err[256], eval_name[EVALSPEC_NAME_LEN];

	/* a board string may start with '-' (an empty a1): take it out before getopt */
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && strlen(argv[i]) >= 64) {
			board_arg = argv[i];
			memmove(argv + i, argv + i + 1, sizeof *argv * (size_t)(argc - i));
			argc--;
			break;
		}
	}
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "d:t:e:w:H:m:h", options, NULL)) != -1) {
		switch (c) {
		case 'd':
			if (!cli_option_int("analyze-position", "depth", optarg, 1, 60, &depth))
				return 2;
			break;
		case 't':
			if (!cli_option_seconds("analyze-position", "time", optarg, &lim.time))
				return 2;
			break;
		case 'e':
			eval_spec = optarg;
			break;
		case 'w':
			if (n_without == 16) {
				fprintf(stderr, "othello analyze-position: too many --without\n");
				return 2;
			}
			without[n_without++] = optarg;
			break;
		case 'H':
			if (!cli_option_int("analyze-position", "hash", optarg, 1, 65536, &hash_mb))
				return 2;
			break;
		case 'm':
			if (!cli_option_int("analyze-position", "multipv", optarg, 1, 64, &multipv))
				return 2;
			lim.multipv = (int)multipv;
			break;
		case 'h':
			analyze_usage(stdout);
			return 0;
		default:
			cli_option_refused("analyze-position", options, argv, optind - 1, c);
			analyze_usage(stderr);
			return 2;
		}
	}
	if (!board_arg && optind < argc)
		board_arg = argv[optind++];
	if (!board_arg || optind != argc) {
		fprintf(stderr, "othello analyze-position: expected one board string\n");
		analyze_usage(stderr);
		return 2;
	}
	if (board_parse(board_arg, &b, &side, err, sizeof err) < 0) {
		fprintf(stderr, "othello analyze-position: %s\n", err);
		return 2;
	}
	if (depth == 0 && lim.time == 0)
		depth = 10;
	lim.depth = (int)depth;
	if (n_without > 0 && !eval_spec)
		eval_spec = "classic";
	ev = cli_eval_option("analyze-position", "eval", eval_spec, eval_name, sizeof eval_name);
	if (!ev)
		return 2;
	if (n_without > 0 && eval_is_pattern(ev)) {
		fprintf(stderr,
			"othello analyze-position: --without: the pattern evaluation has no "
			"features to switch off (use --eval classic)\n");
		eval_free(ev);
		return 2;
	}
	for (int i = 0; i < n_without; i++) {
		if (eval_set_feature(ev, without[i], false, err, sizeof err) < 0) {
			fprintf(stderr, "othello analyze-position: --without: %s\n", err);
			eval_free(ev);
			return 2;
		}
	}
	s = search_new((size_t)hash_mb, ev);
	if (!s) {
		fprintf(stderr, "othello analyze-position: out of memory\n");
		eval_free(ev);
		return 2;
	}
	search_run(s, &b, &lim, analyze_progress, NULL, &res);
	if (res.move == SQ_NONE) {
		printf("game over: %+d\n", res.score / 100);
	} else if (res.move == SQ_PASS) {
		printf("pass (no legal move)\n");
	} else {
		printf("best %s %s%+.2f (%s %d), %llu nodes, %.3f s\n", board_square_name(res.move),
		       bound_mark(res.bound), res.score / 100.0,
		       res.endgame ? "solved at" : "depth", res.depth,
		       (unsigned long long)res.nodes, res.time);
		for (int i = 0; i < res.n_moves; i++)
			printf("  %s %2s%+7.2f\n", board_square_name(res.moves[i].move),
			       bound_mark(res.moves[i].bound), res.moves[i].score / 100.0);
	}
	search_free(s);
	eval_free(ev);
	return 0;
}
