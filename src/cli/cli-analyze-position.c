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
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"
#include "eval.h"
#include "outwatch.h"
#include "search.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The options of `othello analyze-position`. */
struct position_options {
	long depth;		 /* --depth N, 0 = by time (or 10) */
	double time;		 /* --time S, 0 = by depth */
	const char *eval_spec;	 /* --eval SPEC, NULL = the default */
	struct cli_list without; /* --without FEATURE... */
	long hash_mb;		 /* --hash MB */
	long multipv;		 /* --multipv N */
	const char *selectivity; /* --selectivity P */
	long threads;		 /* --threads N, 0 = one per online core */
};

static const struct cli_options position_options = {
    .command = "analyze-position",
    .usage = "usage: othello analyze-position \"BOARD STRING\" [--depth N | --time S]\n"
	     "         [--eval SPEC] [--without FEATURE]... [--hash MB] [--multipv N]\n"
	     "         [--selectivity P] [--threads N]\n"
	     "Searches a position; prints each iteration and the score of every move\n"
	     "(exact; with --multipv N of the N best, the others as bounds <=).\n"
	     "SPEC: pattern (default), classic or a weights file; --without switches off\n"
	     "a feature of the classic evaluation (the default with --without).\n"
	     "P: ProbCut confidence 73, 87, 95, 98, 99 or exact (default): selective\n"
	     "iterations show it as depth@P%.\n"
	     "Scores are in discs for the side to move.\n",
    .options =
	(const struct cli_option[]){
	    CLI_INT("depth", 'd', offsetof(struct position_options, depth), 1, 60, NULL, NULL),
	    CLI_NUMBER("time", 't', offsetof(struct position_options, time), NULL, NULL),
	    CLI_STRING("eval", 'e', offsetof(struct position_options, eval_spec), NULL, NULL),
	    {.name = "without",
	     .letter = 'w',
	     .kind = CLI_OPT_LIST,
	     .offset = offsetof(struct position_options, without)},
	    CLI_HASH_OPTION(offsetof(struct position_options, hash_mb), NULL),
	    CLI_INT("multipv", 'm', offsetof(struct position_options, multipv), 1, 64, NULL, NULL),
	    CLI_STRING("selectivity", 's', offsetof(struct position_options, selectivity), NULL,
		       NULL),
	    CLI_VARIANT_OPTION,
	    CLI_INT("threads", 0, offsetof(struct position_options, threads), 0, 64, NULL, NULL),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

static const char *bound_mark(enum bound b)
{
	return b == BOUND_LOWER ? ">=" : b == BOUND_UPPER ? "<=" : "";
}

static void print_pv(const int *pv, int n)
{
	for (int i = 0; i < n; i++)
		printf(" %s", pv[i] == SQ_PASS ? "PS" : board_square_name(pv[i]));
}

/* Prints one finished iteration; stops the search (`user`) when standard
   output fails or its reader has gone. */
static void analyze_progress(const struct search_info *info, void *user)
{
	char depth[16];

	search_depth_text(info->depth, info->selectivity, depth, sizeof depth);
	printf("%s %2s  %2s%+7.2f  %12llu nodes %8.3f s  pv", info->endgame ? "solve" : "depth",
	       depth, bound_mark(info->bound), info->score / 100.0, (unsigned long long)info->nodes,
	       info->time);
	print_pv(info->pv, info->pv_len);
	printf("\n");
	if (!cli_output_ok())
		search_stop(user);
}

/* Called by the output watch when no one reads standard output any more. */
static void reader_gone(void *s)
{
	search_stop(s);
}

/* `othello analyze-position`: searches one position and scores its moves;
   0, or 2 on bad usage. */
int cli_analyze_position(int argc, char **argv)
{
	struct position_options po = {.hash_mb = 64, .multipv = 64};
	struct search_limits lim = {.endgame = -1};
	const char *board_arg = NULL;
	struct search_result res;
	struct outwatch *watch;
	struct search *s;
	struct eval *ev;
	struct board b;
	enum color side;
	char err[256], eval_name[EVALSPEC_NAME_LEN];
	int first, st;
	const struct vgeom *g;

	if ((st = cli_variant_find("analyze-position", argc, argv, &g)) != 0)
		return st == 2 ? 2 : cli_vposition(g, argc, argv);
	/* a board string may start with '-' (an empty a1): take it out before getopt */
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && strlen(argv[i]) >= 64) {
			board_arg = argv[i];
			memmove(argv + i, argv + i + 1, sizeof *argv * (size_t)(argc - i));
			argc--;
			break;
		}
	}
	if ((st = cli_options_parse(&position_options, argc, argv, &po, &first)) >= 0)
		return st;
	if (!board_arg && first < argc)
		board_arg = argv[first++];
	if (!board_arg || first != argc) {
		fprintf(stderr, "othello analyze-position: expected one board string\n");
		cli_options_usage(&position_options, stderr);
		return 2;
	}
	lim.time = po.time;
	lim.multipv = (int)po.multipv;
	if (po.selectivity && (lim.selectivity = cli_selectivity("analyze-position", "selectivity",
								 po.selectivity)) < 0)
		return 2;
	lim.solve_selectivity = lim.selectivity;
	if (board_parse(board_arg, &b, &side, err, sizeof err) < 0) {
		fprintf(stderr, "othello analyze-position: %s\n", err);
		return 2;
	}
	if (po.depth == 0 && lim.time == 0)
		po.depth = 10;
	lim.depth = (int)po.depth;
	if (po.without.n > 0 && !po.eval_spec)
		po.eval_spec = "classic";
	ev = cli_eval_option("analyze-position", "eval", po.eval_spec, eval_name, sizeof eval_name);
	if (!ev)
		return 2;
	if (po.without.n > 0 && eval_is_pattern(ev)) {
		fprintf(stderr,
			"othello analyze-position: --without: the pattern evaluation has no "
			"features to switch off (use --eval classic)\n");
		eval_free(ev);
		return 2;
	}
	for (int i = 0; i < po.without.n; i++) {
		if (eval_set_feature(ev, po.without.item[i], false, err, sizeof err) < 0) {
			fprintf(stderr, "othello analyze-position: --without: %s\n", err);
			eval_free(ev);
			return 2;
		}
	}
	s = search_new((size_t)po.hash_mb, ev);
	if (!s) {
		fprintf(stderr, "othello analyze-position: out of memory\n");
		eval_free(ev);
		return 2;
	}
	cli_search_threads("analyze-position", s, po.threads);
	watch = outwatch_start(STDOUT_FILENO, reader_gone, s);
	search_run(s, &b, &lim, analyze_progress, s, &res);
	outwatch_end(watch);
	if (res.move == SQ_NONE) {
		printf("game over: %+d\n", res.score / 100);
	} else if (res.move == SQ_PASS) {
		printf("pass (no legal move)\n");
	} else {
		char depth[16];

		search_depth_text(res.depth, res.selectivity, depth, sizeof depth);
		printf("best %s %s%+.2f (%s %s), %llu nodes, %.3f s\n", board_square_name(res.move),
		       bound_mark(res.bound), res.score / 100.0,
		       res.endgame ? "solved at" : "depth", depth, (unsigned long long)res.nodes,
		       res.time);
		for (int i = 0; i < res.n_moves; i++)
			printf("  %s %2s%+7.2f\n", board_square_name(res.moves[i].move),
			       bound_mark(res.moves[i].bound), res.moves[i].score / 100.0);
	}
	search_free(s);
	eval_free(ev);
	return 0;
}
