/*
 * cli-bench.c — `othello bench [--hash MB] [--threads N]`: searches the
 * bench set (batch/bench.c) and prints each search, then the total node
 * count: with the defaults (16 MB, one thread) the bench signature, which
 * bench/signature keeps and `make check` compares (tests/bench.sh).
 */
#include "bench.h"
#include "cli-eval.h"
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"

#include <stdio.h>

/* The options of `othello bench`. */
struct bench_options {
	long hash_mb; /* --hash MB */
	long threads; /* --threads N */
};

static const struct cli_options bench_options = {
    .command = "bench",
    .column = 18,
    .usage = "usage: othello bench [--hash MB] [--threads N]\n"
	     "Searches a fixed set of positions (8x8 midgames without and with ProbCut,\n"
	     "8x8 endgames solved exactly, 6x6 and 10x10-holes) with the shipped\n"
	     "evaluations and prints each search, then the total of their nodes. With the\n"
	     "defaults that total is the bench signature: a change that alters what the\n"
	     "search does changes it, and bench/signature is updated with the change.\n",
    .options =
	(const struct cli_option[]){
	    CLI_HASH_OPTION(offsetof(struct bench_options, hash_mb),
			    "transposition table (default 16; another size\n"
			    "gives another count)"),
	    CLI_INT("threads", 0, offsetof(struct bench_options, threads), 0, 64, "N",
		    "search threads (default 1; with more the count\n"
		    "varies from run to run)"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* Prints one search of the set. */
static void bench_print(const struct bench_line *l, void *user)
{
	const struct search_result *r = &l->result;
	enum variant v = l->what->variant;
	char limit[32], move[SQUARE_NAME_LEN];

	(void)user;
	if (l->what->depth == 0)
		snprintf(limit, sizeof limit, "exact");
	else if (l->what->selectivity)
		snprintf(limit, sizeof limit, "depth %d@%d%%", l->what->depth,
			 l->what->selectivity);
	else
		snprintf(limit, sizeof limit, "depth %d", l->what->depth);
	printf("%2zu %-11s %-12s %-4s %+7.2f %12llu nodes %7.2f s\n", l->index + 1,
	       square_variant_name(v), limit, cli_move_name(v, r->move, move), r->score / 100.0,
	       (unsigned long long)r->nodes, r->time);
}

/* `othello bench`: 0, 1 when a search failed, 2 on bad usage. */
int cli_bench(int argc, char **argv)
{
	struct bench_options bo = {.hash_mb = 16, .threads = 1};
	struct cli_engine ce;
	struct eval *boards[VARIANT_COUNT] = {NULL};
	char name[EVALSPEC_NAME_LEN];
	uint64_t nodes;
	double seconds;
	char err[256];
	int first, st;

	if ((st = cli_options_parse(&bench_options, argc, argv, &bo, &first)) >= 0)
		return st;
	if (!cli_options_args(&bench_options, argc - first, 0, 0, "no argument"))
		return 2;
	if (!cli_engine_new("bench", VARIANT_8X8, NULL, bo.hash_mb, bo.threads, &ce))
		return 2;
	st = 0;
	for (int v = VARIANT_6X6; v < VARIANT_COUNT && st >= 0; v++)
		if ((boards[v] =
			 cli_eval_board("bench", "eval", (enum variant)v, NULL, name, sizeof name)))
			engine_set_eval(ce.engine, boards[v]);
		else
			st = -2;
	if (st >= 0)
		st = bench_run(ce.engine, bench_print, NULL, &nodes, &seconds, err, sizeof err);
	cli_engine_free(&ce);
	for (int v = 0; v < VARIANT_COUNT; v++)
		eval_free(boards[v]);
	if (st == -2)
		return 2;
	if (st < 0) {
		fprintf(stderr, "othello bench: %s\n", err);
		return 1;
	}
	printf("total: %llu nodes, %.2f s, %.1f M nodes/s\n", (unsigned long long)nodes, seconds,
	       seconds > 0 ? (double)nodes / seconds / 1e6 : 0.0);
	return 0;
}
