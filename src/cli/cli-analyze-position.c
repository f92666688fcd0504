/*
 * cli-analyze-position.c — `othello analyze-position "BOARD STRING" | --moves
 * TRANSCRIPT [--variant NAME] [--depth N | --time S] [--exact E] [--eval SPEC]
 * [--without FEATURE]...`: searches one position of any board through the
 * engine facade (engine.h), printing each finished iteration, then the best
 * move and every legal move with its score.
 *
 * The position is a board string of the board --variant names (8x8 by
 * default), or --moves: the moves of a transcript from that board's start (an
 * opening as match-openings.c reads it). On 8x8 the evaluation is the one
 * --eval names (pattern, classic or a weights file, see evalspec.c), by
 * default the pattern evaluation; --without switches off features of the
 * classic evaluation, so without --eval it picks the classic one, and it is
 * refused with a pattern evaluation. On the other boards --eval is a weights
 * file of that board or builtin (default: the shipped weights), and the
 * options their search has nothing for (--without, --selectivity, --threads
 * above 1) are refused. --weights is the old spelling of --eval.
 */
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"
#include "engine.h"
#include "eval.h"
#include "match.h"
#include "outwatch.h"
#include "square.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The options of `othello analyze-position`. */
struct position_options {
	long depth;		 /* --depth N, 0 = by time (or 10; 8 on the other boards) */
	double time;		 /* --time S, 0 = by depth */
	long exact;		 /* --exact E, -1 = the engine's choice */
	const char *eval_spec;	 /* --eval SPEC, NULL = the default */
	struct cli_list without; /* --without FEATURE... */
	long hash_mb;		 /* --hash MB */
	long multipv;		 /* --multipv N */
	const char *selectivity; /* --selectivity P */
	long threads;		 /* --threads N, 0 = one per online core */
	int variant;		 /* --variant NAME: the board (enum variant) */
	const char *moves;	 /* --moves TRANSCRIPT, instead of a board string */
};

static const struct cli_options position_options = {
    .command = "analyze-position",
    .usage = "usage: othello analyze-position \"BOARD STRING\" | --moves TRANSCRIPT\n"
	     "         [--variant NAME] [--depth N | --time S] [--exact E] [--eval SPEC]\n"
	     "         [--without FEATURE]... [--hash MB] [--multipv N] [--selectivity P]\n"
	     "         [--threads N]\n"
	     "Searches a position; prints each iteration and the score of every move\n"
	     "(exact; with --multipv N of the N best, the others as bounds <=).\n"
	     "NAME: the board, 8x8 (default), 6x6 or 10x10-holes; TRANSCRIPT: moves from\n"
	     "its start (- is the start itself). E: solve exactly from E empties.\n"
	     "SPEC: pattern (default), classic or a weights file; on the other boards a\n"
	     "weights file of that board or builtin. --without switches off a feature of\n"
	     "the classic evaluation (the default with --without).\n"
	     "P: ProbCut confidence 73, 87, 95, 98, 99 or exact (default): selective\n"
	     "iterations show it as depth@P%.\n"
	     "Scores are in discs for the side to move.\n",
    .options =
	(const struct cli_option[]){
	    CLI_INT("depth", 'd', offsetof(struct position_options, depth), 1, 60, NULL, NULL),
	    CLI_NUMBER("time", 't', offsetof(struct position_options, time), NULL, NULL),
	    CLI_INT("exact", 'x', offsetof(struct position_options, exact), 0, 100, NULL, NULL),
	    {.name = "eval",
	     .renamed = "weights",
	     .letter = 'e',
	     .kind = CLI_OPT_STRING,
	     .offset = offsetof(struct position_options, eval_spec)},
	    {.name = "without",
	     .letter = 'w',
	     .kind = CLI_OPT_LIST,
	     .offset = offsetof(struct position_options, without)},
	    CLI_HASH_OPTION(offsetof(struct position_options, hash_mb), NULL),
	    CLI_INT("multipv", 'm', offsetof(struct position_options, multipv), 1, 64, NULL, NULL),
	    CLI_STRING("selectivity", 's', offsetof(struct position_options, selectivity), NULL,
		       NULL),
	    CLI_VARIANT_OPTION(offsetof(struct position_options, variant), NULL),
	    CLI_STRING("moves", 'M', offsetof(struct position_options, moves), NULL, NULL),
	    CLI_INT("threads", 0, offsetof(struct position_options, threads), 0, 64, NULL, NULL),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* What the search prints with: the board, for square names, and the engine, to stop. */
struct position_run {
	enum variant variant;
	struct engine *engine;
};

static const char *bound_mark(enum bound b)
{
	return b == BOUND_LOWER ? ">=" : b == BOUND_UPPER ? "<=" : "";
}

/* Prints one finished iteration; stops the search when standard output fails or its reader
   has gone. */
static void analyze_progress(const struct search_info *info, void *user)
{
	const struct position_run *run = user;
	char depth[16], name[SQUARE_NAME_LEN];

	search_depth_text(info->depth, info->selectivity, depth, sizeof depth);
	printf("%s %2s  %2s%+7.2f  %12llu nodes %8.3f s  pv", info->endgame ? "solve" : "depth",
	       depth, bound_mark(info->bound), info->score / 100.0, (unsigned long long)info->nodes,
	       info->time);
	for (int i = 0; i < info->pv_len; i++)
		printf(" %s", cli_move_name(run->variant, info->pv[i], name));
	printf("\n");
	if (!cli_output_ok())
		engine_stop(run->engine);
}

/* Called by the output watch when no one reads standard output any more. */
static void reader_gone(void *e)
{
	engine_stop(e);
}

/* True when `w` reads as a board string (only squares, holes, sides and blanks, and long
   enough for the smallest board), which may start with '-' (an empty a1). */
static bool board_word(const char *w)
{
	return strlen(w) >= 37 && strspn(w, "XxOo*-.bw# ") == strlen(w);
}

/* Takes the board string out of argv (before the option parser, as it may start with '-')
   into *board; the rest stays in order. */
static int take_board(int argc, char **argv, const char **board)
{
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && board_word(argv[i])) {
			*board = argv[i];
			memmove(argv + i, argv + i + 1, sizeof *argv * (size_t)(argc - i));
			return argc - 1;
		}
	}
	return argc;
}

/* The position to search, from the board string or --moves; false after a message. */
static bool read_position(const struct position_options *po, enum variant v, const char *board,
			  struct pos *p, enum color *side)
{
	struct match_opening o;
	char err[256];

	if (po->moves) {
		if (match_opening_parse(v, po->moves, &o, err, sizeof err) < 0) {
			fprintf(stderr, "othello analyze-position: --moves: %s\n", err);
			return false;
		}
		*p = o.board;
		*side = o.side;
		return true;
	}
	if (pos_parse_all(v, board, p, side, err, sizeof err) < 0) {
		fprintf(stderr, "othello analyze-position: %s\n", err);
		return false;
	}
	return true;
}

/* Switches off the features --without names in the classic evaluation ev, or refuses them
   (another board's evaluation; a pattern evaluation). False after a message. */
static bool without_features(const struct position_options *po, struct eval *ev)
{
	char err[256];

	if (po->without.n == 0)
		return true;
	if (strcmp(eval_kind_name(ev), "classic") != 0) {
		fprintf(stderr, "othello analyze-position: --without: %s\n",
			eval_is_pattern(ev)
			    ? "the pattern evaluation has no features to switch off (use --eval "
			      "classic)"
			    : "the evaluation of this board has no features to switch off");
		return false;
	}
	for (int i = 0; i < po->without.n; i++) {
		if (eval_set_feature(ev, po->without.item[i], false, err, sizeof err) < 0) {
			fprintf(stderr, "othello analyze-position: --without: %s\n", err);
			return false;
		}
	}
	return true;
}

/* The options another board's search has nothing for are refused. False after a message. */
static bool other_board_options(const struct position_options *po, enum variant v)
{
	const char *no = po->selectivity   ? "--selectivity: its search has no ProbCut"
			 : po->threads > 1 ? "--threads: its search runs on one thread"
					   : NULL;

	if (v == VARIANT_8X8 || !no)
		return true;
	fprintf(stderr, "othello analyze-position: %s on %s\n", no, square_variant_name(v));
	return false;
}

/* Prints the search's result: the best move and every root move scored. */
static void print_result(enum variant v, const struct search_result *res)
{
	char depth[16], name[SQUARE_NAME_LEN];

	if (res->move == SQ_NONE) {
		printf("game over: %+d\n", res->score / 100);
		return;
	}
	if (res->move == SQ_PASS) {
		printf("pass (no legal move)\n");
		return;
	}
	search_depth_text(res->depth, res->selectivity, depth, sizeof depth);
	printf("best %s %s%+.2f (%s %s), %llu nodes, %.3f s\n", cli_move_name(v, res->move, name),
	       bound_mark(res->bound), res->score / 100.0, res->endgame ? "solved at" : "depth",
	       depth, (unsigned long long)res->nodes, res->time);
	for (int i = 0; i < res->n_moves; i++)
		printf("  %s %2s%+7.2f\n", cli_move_name(v, res->moves[i].move, name),
		       bound_mark(res->moves[i].bound), res->moves[i].score / 100.0);
}

/* Searches p with the options' limits and prints what it found; 0, or 2 after a message. */
static int analyze(struct position_options *po, const struct pos *p)
{
	struct search_limits lim = {.time = po->time, .multipv = (int)po->multipv};
	struct position_run run = {.variant = p->variant};
	struct search_result res;
	struct outwatch *watch;
	struct cli_engine ce;
	int rc = 0;

	lim.endgame = (int)po->exact;
	if (po->selectivity && (lim.selectivity = cli_selectivity("analyze-position", "selectivity",
								  po->selectivity)) < 0)
		return 2;
	lim.solve_selectivity = lim.selectivity;
	if (po->without.n > 0 && !po->eval_spec && pos_board8(p))
		po->eval_spec = "classic";
	if (!cli_engine_new("analyze-position", p->variant, po->eval_spec, po->hash_mb, po->threads,
			    &ce))
		return 2;
	lim.depth = po->depth || po->time > 0 ? (int)po->depth : p->variant == VARIANT_8X8 ? 10 : 8;
	if (!without_features(po, ce.eval) || !other_board_options(po, p->variant)) {
		cli_engine_free(&ce);
		return 2;
	}
	run.engine = ce.engine;
	watch = outwatch_start(STDOUT_FILENO, reader_gone, run.engine);
	if (engine_search(run.engine, p, &lim, analyze_progress, &run, &res) != 0) {
		fprintf(stderr, "othello analyze-position: out of memory\n");
		rc = 2;
	}
	outwatch_end(watch);
	if (rc == 0)
		print_result(p->variant, &res);
	cli_engine_free(&ce);
	return rc;
}

/* `othello analyze-position`: searches one position and scores its moves; 0, or 2 on bad
   usage. */
int cli_analyze_position(int argc, char **argv)
{
	struct position_options po = {.hash_mb = 64, .multipv = 64, .exact = -1};
	const char *board = NULL;
	enum color side;
	struct pos p;
	int first, st;

	argc = take_board(argc, argv, &board);
	if ((st = cli_options_parse(&position_options, argc, argv, &po, &first)) >= 0)
		return st;
	if (!board && !po.moves && first < argc)
		board = argv[first++];
	if (!board == !po.moves || first != argc) {
		fprintf(stderr, "othello analyze-position: expected one board string or --moves\n");
		cli_options_usage(&position_options, stderr);
		return 2;
	}
	if (!read_position(&po, (enum variant)po.variant, board, &p, &side))
		return 2;
	return analyze(&po, &p);
}
