/*
 * cli-solve.c — `othello solve FILE.obf [--wld] [--time S] [--all-moves] [--eval SPEC]`:
 * solves each position of an OBF file and checks the best score (and with
 * --all-moves the score of every move) against the one the file gives.
 *
 * OBF, one position a line: a board string, `;`, then optionally each legal
 * move's exact score (`G8:+18;`); see obf.c and REFERENCE.md.
 *
 * Output: one line per position (number, empties, our move and score, the
 * expected score, OK/MISMATCH, nodes, time, principal variation); with
 * --all-moves then one line per legal move with its exact score (and the
 * file's, when it gives one); then a total. Exit status 1 if any score mismatches, 2 on a bad file.
 *
 * Every board is solved through the engine facade (engine.h); --variant NAME
 * names the board of the file, whose lines are then that board's strings
 * and squares. On 8x8 the solver orders its moves with the shipped pattern
 * evaluation (eval/pattern.bin; about half the nodes of the classic one on
 * FFO 20-39), or the one --eval names (see cli-eval.c); on the other boards
 * with the board's shipped weights, or the weights file --eval names (or
 * builtin), and --selectivity and --threads above 1, which their solver has
 * nothing for, are refused.
 */
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"
#include "engine.h"
#include "eval.h"
#include "obf.h"
#include "parse.h"
#include "square.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The options of `othello solve`. */
struct solve_options {
	bool wld;		 /* --wld */
	double time;		 /* --time S, 0 = none */
	bool all_moves;		 /* --all-moves */
	long hash_mb;		 /* --hash MB */
	const char *eval_spec;	 /* --eval SPEC, NULL = the board's default */
	const char *selectivity; /* --selectivity P */
	int variant;		 /* --variant NAME: the board of the file (enum variant) */
	long threads;		 /* --threads N, 0 = one per online core */
};

static const struct cli_options solve_options = {
    .command = "solve",
    .usage = "usage: othello solve FILE.obf [--wld] [--time S] [--all-moves] [--hash MB]\n"
	     "                     [--eval SPEC] [--selectivity P] [--threads N] [--variant NAME]\n"
	     "Solves each position of an OBF file and checks the scores it gives.\n",
    .column = 15,
    .options =
	(const struct cli_option[]){
	    CLI_FLAG("wld", 'w', offsetof(struct solve_options, wld),
		     "win/loss/draw only (checks the sign of the best score)"),
	    CLI_NUMBER("time", 't', offsetof(struct solve_options, time), "S",
		       "at most S seconds a position (TIMEOUT, counted as a mismatch; 0: no "
		       "limit, the default)"),
	    CLI_FLAG("all-moves", 'a', offsetof(struct solve_options, all_moves),
		     "print every move's exact score, checked against the file's"),
	    CLI_HASH_OPTION(offsetof(struct solve_options, hash_mb),
			    "transposition table size (default 64)"),
	    CLI_STRING("eval", 0, offsetof(struct solve_options, eval_spec), "SPEC",
		       "move ordering: pattern (default), classic or a weights file"),
	    CLI_STRING("selectivity", 's', offsetof(struct solve_options, selectivity), "P",
		       "stop at ProbCut confidence P: 73, 87, 95, 98, 99 or exact (default);\n"
		       "a score below exact is a prediction, shown with @P%"),
	    CLI_VARIANT_OPTION(offsetof(struct solve_options, variant),
			       "the board of the file: " SQUARE_VARIANT_LIST " (default 8x8)"),
	    CLI_THREADS_OPTION(offsetof(struct solve_options, threads)),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static void print_pv(enum variant v, const struct search_result *r)
{
	char name[SQUARE_NAME_LEN];

	for (int i = 0; i < r->pv_len; i++)
		printf("%s%s", i ? " " : "", cli_move_name(v, r->pv[i], name));
}

/*
 * Prints the score of every root move the search solved, best first, each
 * checked against the file's score when it gives one; then the moves the
 * file scores that the search did not. Returns the mismatches.
 */
static int print_all_moves(const struct obf_position *pos, const struct search_result *r)
{
	enum variant v = pos->pos.variant;
	char name[SQUARE_NAME_LEN];
	int bad = 0;

	for (int j = 0; j < r->n_moves; j++) {
		const struct search_move *m = &r->moves[j];
		int want = obf_score_of(pos, m->move), got = m->score / SCORE_DISC;
		bool wrong = want != -99 && (m->bound != BOUND_EXACT || got != want);

		printf("    move %s: %s%+d", obf_move_name(v, m->move, name),
		       m->bound == BOUND_LOWER	 ? ">="
		       : m->bound == BOUND_UPPER ? "<="
						 : "",
		       got);
		if (want != -99)
			printf("  expected %+d%s", want, wrong ? " MISMATCH" : "");
		printf("\n");
		bad += wrong;
	}
	for (int i = 0; i < pos->n_moves; i++) {
		bool found = pos->moves[i] == SQ_PASS;

		for (int j = 0; j < r->n_moves && !found; j++)
			found = r->moves[j].move == pos->moves[i];
		if (!found) {
			printf("    move %s: not searched MISMATCH\n",
			       obf_move_name(v, pos->moves[i], name));
			bad++;
		}
	}
	return bad;
}

/*
 * Judges the solve `res` of position number `count` against the file's
 * scores and prints its line but the PV; returns 1 when the score is wrong or
 * missing (a time-out), else 0. A solve asked to stop at a selectivity below
 * exact is judged by the score it predicts.
 */
static int judge(const struct obf_position *pos, const struct search_result *res,
		 const struct search_limits *lim, int count)
{
	int ours = res->score / SCORE_DISC, empties = pos_empty_count(&pos->pos), bad;
	bool selective = lim->solve_selectivity > 0 && lim->solve_selectivity < 100;
	bool moved = res->move != SQ_NONE && res->move != SQ_PASS;
	char name[SQUARE_NAME_LEN];

	if (!res->endgame && moved &&
	    !(selective && res->selectivity == lim->solve_selectivity && res->depth == empties))
		bad = 1;
	else if (pos->n_moves == 0)
		bad = 0;
	else if (lim->wld)
		bad = sign(ours) != sign(pos->best) ||
		      (pos->best != 0 && res->bound == BOUND_EXACT && ours == 0);
	else
		bad = ours != pos->best || res->bound != BOUND_EXACT;
	printf("%3d %2d empties  %-4s %+3d", count, empties,
	       obf_move_name(pos->pos.variant, res->move, name), ours);
	if (selective)
		printf("@%d%%", res->selectivity);
	if (pos->n_moves)
		printf("  expected %+3d", pos->best);
	else
		printf("  expected   ?");
	printf("  %-8s %12llu nodes %8.3f s  ",
	       bad ? (res->endgame || !moved || res->depth == empties ? "MISMATCH" : "TIMEOUT")
		   : "OK",
	       (unsigned long long)res->nodes, res->time);
	return bad;
}

/*
 * Solves each position of the OBF file `f` (named `path` in messages) of board
 * v with engine e under `lim`, printing a line for each (with every move's
 * score when `all_moves`) and then the total. Returns 0, 1 if a score
 * mismatches, or 2 after a message when the file is bad or the output cannot
 * be written.
 */
static int solve_file(FILE *f, const char *path, enum variant v, struct engine *e,
		      const struct search_limits *lim, bool all_moves)
{
	struct obf_position pos;
	struct search_result res;
	char line[OBF_LINE_MAX], err[200];
	int lineno = 0, count = 0, mismatches = 0, status = 0, got, col;
	uint64_t total_nodes = 0;
	double total_time = 0;

	while ((got = parse_get_line(f, line, sizeof line, lineno == 0, &col, err, sizeof err))) {
		int bad;

		if (got < 0) {
			cli_file_error(path, col ? lineno + 1 : 0, col, err);
			status = 2;
			break;
		}
		lineno++;
		got = obf_parse_line(v, line, &pos, &col, err, sizeof err);
		if (got < 0) {
			cli_file_error(path, lineno, col, err);
			status = 2;
			break;
		}
		if (got == 0)
			continue;
		count++;
		engine_clear_search(e);
		if (engine_search(e, &pos.pos, lim, NULL, NULL, &res) != 0) {
			fprintf(stderr, "othello solve: out of memory\n");
			status = 2;
			break;
		}
		bad = judge(&pos, &res, lim, count);
		print_pv(v, &res);
		printf("\n");
		if (all_moves && !lim->wld)
			bad += print_all_moves(&pos, &res);
		if (!cli_output_ok()) {
			status = 2;
			break;
		}
		mismatches += bad != 0;
		total_nodes += res.nodes;
		total_time += res.time;
	}
	if (status)
		return status;
	printf("total: %d positions, %d mismatches, %llu nodes, %.3f s, %.0f nodes/s\n", count,
	       mismatches, (unsigned long long)total_nodes, total_time,
	       total_time > 0 ? (double)total_nodes / total_time : 0.0);
	return mismatches ? 1 : 0;
}

/* `othello solve`: solves the positions of an OBF file; 0, 1 if a score
   mismatches, 2 on bad usage or a bad file. */
int cli_solve(int argc, char **argv)
{
	struct solve_options so = {.hash_mb = 64};
	struct search_limits lim = {0};
	enum variant v;
	struct cli_engine ce;
	int first, status;
	FILE *f;

	if ((status = cli_options_parse(&solve_options, argc, argv, &so, &first)) >= 0)
		return status;
	if (!cli_options_args(&solve_options, argc - first, 1, 1, "one OBF file"))
		return 2;
	v = (enum variant)so.variant;
	lim.endgame = square_count(v);
	lim.wld = so.wld;
	lim.time = so.time;
	if (so.selectivity &&
	    (lim.solve_selectivity = cli_selectivity("solve", "selectivity", so.selectivity)) < 0)
		return 2;
	if (so.all_moves)
		lim.multipv = 64;
	f = fopen(argv[first], "r");
	if (!f) {
		perror(argv[first]);
		return 2;
	}
	if (!cli_engine_new("solve", v, so.eval_spec, so.hash_mb, so.threads, &ce)) {
		fclose(f);
		return 2;
	}
	if (v != VARIANT_8X8 && (so.selectivity || so.threads > 1)) { /* another board's solver */
		fprintf(stderr, "othello solve: %s on %s\n",
			so.selectivity ? "--selectivity: its solver has no ProbCut"
				       : "--threads: its solver runs on one thread",
			square_variant_name(v));
		status = 2;
	} else {
		cli_output_watch(); /* a hard position prints nothing for minutes */
		status = solve_file(f, argv[first], v, ce.engine, &lim, so.all_moves);
	}
	fclose(f);
	cli_engine_free(&ce);
	return status;
}
