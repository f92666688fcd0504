/*
 * cli-solve.c — `othello solve FILE.obf [--wld] [--time S] [--all-moves] [--eval SPEC]`:
 * solves each position of an OBF file and checks the best score (and with
 * --all-moves the score of every move) against the one the file gives.
 *
 * OBF, one position a line (see REFERENCE.md):
 *
 * | part               | meaning                                              |
 * |--------------------|------------------------------------------------------|
 * | 64 squares + side  | a board string (X black, O white, - empty; X or O)   |
 * | `;`                | ends the board                                       |
 * | `G8:+18;` ...      | each legal move with its exact final score, mover's  |
 * |                    | view; `PS:` for a pass                               |
 * | `%` ...            | a comment, to the end of the line                    |
 *
 * Output: one line per position (number, empties, our move and score, the
 * expected score, OK/MISMATCH, nodes, time, principal variation), then a
 * total. Exit status 1 if any score mismatches, 2 on a bad file.
 *
 * The solver orders its moves with the shipped pattern evaluation
 * (eval/pattern.bin; about half the nodes of the classic one on FFO 20-39),
 * or the one --eval names (see cli-eval.c).
 */
#include "board.h"
#include "cli-eval.h"
#include "cli-options.h"
#include "cli.h"
#include "eval.h"
#include "search.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct obf_position {
	struct board b; /* the position, side to move's view */
	int n_moves;	/* moves with a score in the file */
	int moves[64];	/* their squares (SQ_PASS for PS) */
	int scores[64]; /* their exact scores, discs */
	int best;	/* best score in the file (discs), if n_moves > 0 */
};

/* Parses one OBF line; returns 1 for a position, 0 for a blank/comment line, -1 on error. */
static int obf_parse_line(char *line, struct obf_position *pos, char *err, size_t errlen)
{
	char *p, *semi;
	enum color side;
	int n;

	line[strcspn(line, "%\r\n")] = '\0';
	for (p = line; isspace((unsigned char)*p); p++)
		;
	if (!*p)
		return 0;
	semi = strchr(p, ';');
	if (!semi) {
		snprintf(err, errlen, "column %d: expected ';' after the board",
			 (int)strlen(line) + 1);
		return -1;
	}
	*semi = '\0';
	n = board_parse(p, &pos->b, &side, err, errlen);
	if (n < 0)
		return -1;
	for (char *q = p + n; *q; q++) {
		if (!isspace((unsigned char)*q)) {
			snprintf(err, errlen, "column %d: unexpected '%c' after the board",
				 (int)(q - line) + 1, *q);
			return -1;
		}
	}
	pos->n_moves = 0;
	pos->best = -99;
	p = semi + 1;
	for (;;) {
		char name[3], *end;
		long v;
		int sq;

		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		if (!isalpha((unsigned char)p[0]) || !p[1] || p[2] != ':') {
			snprintf(err, errlen, "column %d: expected a move and its score (G8:+18;)",
				 (int)(p - line) + 1);
			return -1;
		}
		name[0] = p[0];
		name[1] = p[1];
		name[2] = '\0';
		sq = (toupper((unsigned char)p[0]) == 'P' && toupper((unsigned char)p[1]) == 'S')
			 ? SQ_PASS
			 : board_square_parse(name);
		if (sq < 0 || sq == SQ_NONE || pos->n_moves == 64) {
			snprintf(err, errlen, "column %d: '%s' is not a square",
				 (int)(p - line) + 1, name);
			return -1;
		}
		v = strtol(p + 3, &end, 10);
		if (end == p + 3 || v < -64 || v > 64) {
			snprintf(err, errlen, "column %d: expected a score from -64 to +64",
				 (int)(p + 3 - line) + 1);
			return -1;
		}
		for (p = end; isspace((unsigned char)*p); p++)
			;
		if (*p == ';')
			p++;
		else if (*p) {
			snprintf(err, errlen, "column %d: expected ';' after the score",
				 (int)(p - line) + 1);
			return -1;
		}
		pos->moves[pos->n_moves] = sq;
		pos->scores[pos->n_moves++] = (int)v;
		if (v > pos->best)
			pos->best = (int)v;
	}
	return 1;
}

/* The options of `othello solve`. */
struct solve_options {
	bool wld;		 /* --wld */
	double time;		 /* --time S, 0 = none */
	bool all_moves;		 /* --all-moves */
	long hash_mb;		 /* --hash MB */
	const char *eval_spec;	 /* --eval SPEC */
	const char *selectivity; /* --selectivity P */
	long threads;		 /* --threads N, 0 = one per online core */
};

static const struct cli_options solve_options = {
    .command = "solve",
    .usage = "usage: othello solve FILE.obf [--wld] [--time S] [--all-moves] [--hash MB]\n"
	     "                     [--eval SPEC] [--selectivity P] [--threads N]\n"
	     "Solves each position of an OBF file and checks the scores it gives.\n",
    .column = 15,
    .options =
	(const struct cli_option[]){
	    CLI_FLAG("wld", 'w', offsetof(struct solve_options, wld),
		     "win/loss/draw only (checks the sign of the best score)"),
	    CLI_NUMBER("time", 't', offsetof(struct solve_options, time), "S",
		       "at most S seconds a position (TIMEOUT, counted as a mismatch)"),
	    CLI_FLAG("all-moves", 'a', offsetof(struct solve_options, all_moves),
		     "score every move and check each against the file"),
	    CLI_INT("hash", 'H', offsetof(struct solve_options, hash_mb), 1, 65536, "MB",
		    "transposition table size (default 64)"),
	    CLI_STRING("eval", 0, offsetof(struct solve_options, eval_spec), "SPEC",
		       "move ordering: pattern (default), classic or a weights file"),
	    CLI_STRING("selectivity", 's', offsetof(struct solve_options, selectivity), "P",
		       "stop at ProbCut confidence P: 73, 87, 95, 98, 99 or exact (default);\n"
		       "a score below exact is a prediction, shown with @P%"),
	    CLI_THREADS_OPTION(offsetof(struct solve_options, threads)),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static void print_pv(const struct search_result *r)
{
	for (int i = 0; i < r->pv_len; i++)
		printf("%s%s", i ? " " : "",
		       r->pv[i] == SQ_PASS ? "PS" : board_square_name(r->pv[i]));
}

/* Checks every move score of the file against the search; returns the mismatches. */
static int check_all_moves(const struct obf_position *pos, const struct search_result *r)
{
	int bad = 0;

	for (int i = 0; i < pos->n_moves; i++) {
		int found = 0;

		for (int j = 0; j < r->n_moves; j++) {
			if (r->moves[j].move != pos->moves[i])
				continue;
			found = 1;
			if (r->moves[j].bound != BOUND_EXACT ||
			    r->moves[j].score != pos->scores[i] * SCORE_DISC) {
				printf("    move %s: %+d, expected %+d MISMATCH\n",
				       board_square_name_upper(pos->moves[i]),
				       r->moves[j].score / SCORE_DISC, pos->scores[i]);
				bad++;
			}
		}
		if (!found && pos->moves[i] != SQ_PASS) {
			printf("    move %s: not searched MISMATCH\n",
			       board_square_name_upper(pos->moves[i]));
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
	int ours = res->score / SCORE_DISC, empties = board_empty_count(&pos->b), bad;
	bool selective = lim->solve_selectivity > 0 && lim->solve_selectivity < 100;

	if (!res->endgame && res->move != SQ_NONE && res->move != SQ_PASS &&
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
	       res->move == SQ_PASS   ? "PS"
	       : res->move == SQ_NONE ? "--"
				      : board_square_name_upper(res->move),
	       ours);
	if (selective)
		printf("@%d%%", res->selectivity);
	if (pos->n_moves)
		printf("  expected %+3d", pos->best);
	else
		printf("  expected   ?");
	printf("  %-8s %12llu nodes %8.3f s  ",
	       bad ? (res->endgame || res->move >= 64 || res->depth == empties ? "MISMATCH"
									       : "TIMEOUT")
		   : "OK",
	       (unsigned long long)res->nodes, res->time);
	return bad;
}

/* `othello solve`: solves the positions of an OBF file; 0, 1 if a score
   mismatches, 2 on bad usage or a bad file. */
int cli_solve(int argc, char **argv)
{
	struct solve_options so = {.hash_mb = 64, .eval_spec = "pattern"};
	struct search_limits lim = {.endgame = 60};
	struct obf_position pos;
	struct search_result res;
	struct eval *ev;
	struct search *s;
	char line[1024], err[200], eval_name[EVALSPEC_NAME_LEN];
	int first, lineno = 0, count = 0, mismatches = 0, status = 0;
	uint64_t total_nodes = 0;
	double total_time = 0;
	FILE *f;

	if ((status = cli_options_parse(&solve_options, argc, argv, &so, &first)) >= 0)
		return status;
	status = 0;
	if (first + 1 != argc) {
		fprintf(stderr, "othello solve: expected one OBF file\n");
		cli_options_usage(&solve_options, stderr);
		return 2;
	}
	lim.wld = so.wld;
	lim.time = so.time;
	if (so.selectivity &&
	    (lim.solve_selectivity = cli_selectivity("solve", so.selectivity)) < 0)
		return 2;
	if (so.all_moves)
		lim.multipv = 64;
	f = fopen(argv[first], "r");
	if (!f) {
		perror(argv[first]);
		return 2;
	}
	ev = cli_eval_option("solve", "eval", so.eval_spec, eval_name, sizeof eval_name);
	if (!ev) {
		fclose(f);
		return 2;
	}
	s = ev ? search_new((size_t)so.hash_mb, ev) : NULL;
	if (!s) {
		fprintf(stderr, "othello solve: out of memory\n");
		fclose(f);
		eval_free(ev);
		return 2;
	}
	cli_search_threads("solve", s, so.threads);
	while (fgets(line, sizeof line, f)) {
		int got, bad;

		lineno++;
		if (!strchr(line, '\n') && !feof(f)) {
			fprintf(stderr, "%s:%d: line too long\n", argv[first], lineno);
			status = 2;
			break;
		}
		got = obf_parse_line(line, &pos, err, sizeof err);
		if (got < 0) {
			int col = 0, skip = 0;

			if (sscanf(err, "column %d: %n", &col, &skip) == 1 && skip > 0)
				fprintf(stderr, "%s:%d:%d: %s\n", argv[first], lineno, col,
					err + skip);
			else
				fprintf(stderr, "%s:%d: %s\n", argv[first], lineno, err);
			status = 2;
			break;
		}
		if (got == 0)
			continue;
		count++;
		search_clear(s);
		search_run(s, &pos.b, &lim, NULL, NULL, &res);
		bad = judge(&pos, &res, &lim, count);
		print_pv(&res);
		printf("\n");
		if (so.all_moves && !lim.wld)
			bad += check_all_moves(&pos, &res);
		fflush(stdout);
		mismatches += bad != 0;
		total_nodes += res.nodes;
		total_time += res.time;
	}
	if (status == 0 && ferror(f)) {
		fprintf(stderr, "%s: read error\n", argv[first]);
		status = 2;
	}
	fclose(f);
	search_free(s);
	eval_free(ev);
	if (status)
		return status;
	printf("total: %d positions, %d mismatches, %llu nodes, %.3f s, %.0f nodes/s\n", count,
	       mismatches, (unsigned long long)total_nodes, total_time,
	       total_time > 0 ? (double)total_nodes / total_time : 0.0);
	return mismatches ? 1 : 0;
}
