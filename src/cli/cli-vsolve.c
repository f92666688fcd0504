/*
 * cli-vsolve.c — `othello solve --variant NAME FILE`: the OBF-like files of
 * the other boards, solved with vsearch.h and checked as on 8×8.
 *
 * The file is OBF with the board's own squares (see man othello, BOARD
 * VARIANTS):
 *
 * | part               | meaning                                                |
 * |--------------------|--------------------------------------------------------|
 * | N×N squares + side | a board string of the variant (# or - on the holes)    |
 * | `;`                | ends the board                                         |
 * | `c2:-4;` ...       | moves (a1..j10, PS a pass) with their exact final      |
 * |                    | score for the side to move; the best is checked        |
 * | `%` ...            | a comment, to the end of the line                      |
 *
 * Output: one line a position (number, empties, our move and score, the
 * expected score, OK/MISMATCH/TIMEOUT, nodes, time, principal variation),
 * then a total. Exit status 1 on a mismatch, 2 on a bad file. Moves are
 * ordered with the board's shipped evaluation (eval/variant-NAME.txt).
 */
#include "cli-variant.h"
#include "parse.h"
#include "veval.h"
#include "vsearch.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One position of the file. */
struct vobf {
	struct vboard b;	   /* the position, side to move's view */
	int n;			   /* moves with a score */
	int moves[VBOARD_MAX_SQ];  /* their squares (VSQ_PASS for PS) */
	int scores[VBOARD_MAX_SQ]; /* their exact scores, discs */
	int best;		   /* the best of them, if n > 0 */
};

/* Reads the moves and scores after the board; 0, or -1 with "column N: ..." in err. */
static int vobf_moves(const struct vgeom *g, const char *line, const char *p, struct vobf *pos,
		      char *err, size_t errlen)
{
	for (;;) {
		char *end;
		long v;
		int sq, len = 2;

		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			return 0;
		if ((p[0] | 0x20) == 'p' && (p[1] | 0x20) == 's')
			sq = VSQ_PASS;
		else
			sq = vboard_square_parse(g, p, &len);
		if (sq < 0 || p[len] != ':' || pos->n == VBOARD_MAX_SQ) {
			snprintf(err, errlen,
				 "column %d: expected a square of %s and its score (c2:-4;)",
				 (int)(p - line) + 1, g->name);
			return -1;
		}
		v = strtol(p + len + 1, &end, 10);
		if (end == p + len + 1 || v < -g->squares || v > g->squares) {
			snprintf(err, errlen, "column %d: expected a score from -%d to +%d",
				 (int)(p + len + 1 - line) + 1, g->squares, g->squares);
			return -1;
		}
		for (p = end; isspace((unsigned char)*p); p++)
			;
		if (*p == ';') {
			p++;
		} else if (*p) {
			snprintf(err, errlen, "column %d: expected ';' after the score",
				 (int)(p - line) + 1);
			return -1;
		}
		pos->moves[pos->n] = sq;
		pos->scores[pos->n++] = (int)v;
		if (v > pos->best)
			pos->best = (int)v;
	}
}

/* Parses one line; 1 a position, 0 blank or a comment, -1 with "column N: ..." in err. */
static int vobf_parse(const struct vgeom *g, char *line, struct vobf *pos, char *err, size_t errlen)
{
	char *p, *semi;
	int black, n;

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
	n = vboard_parse(g, p, &pos->b, &black, err, errlen);
	if (n < 0) {
		int col;

		if (sscanf(err, "column %d", &col) == 1) {
			char rest[160];

			snprintf(rest, sizeof rest, "%s", strchr(err, ':') + 2);
			snprintf(err, errlen, "column %d: %s", col + (int)(p - line), rest);
		}
		return -1;
	}
	for (char *q = p + n; *q; q++) {
		if (!isspace((unsigned char)*q)) {
			snprintf(err, errlen, "column %d: unexpected '%c' after the board",
				 (int)(q - line) + 1, *q);
			return -1;
		}
	}
	pos->n = 0;
	pos->best = -VSEARCH_INF;
	return vobf_moves(g, line, semi + 1, pos, err, errlen) < 0 ? -1 : 1;
}

/* Scores each move the file lists with its own solve; prints and returns the mismatches. */
static int vsolve_all_moves(struct vsearch *s, const struct vgeom *g, const struct vobf *pos)
{
	int bad = 0;
	char name[4];

	for (int i = 0; i < pos->n; i++) {
		struct vboard next = pos->b;
		int sq = pos->moves[i], v;

		if (sq == VSQ_PASS) {
			vboard_pass(&next);
		} else {
			vbits flips = vboard_flips(g, next.own, next.opp, sq);

			if (!flips || ((next.own | next.opp) & vboard_bit(sq))) {
				printf("    move %s: not legal MISMATCH\n",
				       vboard_square_name(g, sq, name));
				bad++;
				continue;
			}
			vboard_play(&next, sq, flips);
		}
		v = -vsearch_solve(s, &next, -VSEARCH_INF, VSEARCH_INF);
		if (v != pos->scores[i]) {
			printf("    move %s: %+d, expected %+d MISMATCH\n",
			       vboard_square_name(g, sq, name), v, pos->scores[i]);
			bad++;
		}
	}
	return bad;
}

/* Solves one position, prints its line; returns whether it mismatched. */
static bool vsolve_position(struct vsearch *s, const struct vgeom *g, const struct vobf *pos,
			    const struct cli_vsolve_options *o, int count, uint64_t *nodes,
			    double *time)
{
	struct vsearch_limits lim = {.time = o->time, .endgame = g->squares};
	struct vsearch_result res;
	int ours, bad;
	char name[4];

	vsearch_clear(s);
	vsearch_run(s, &pos->b, &lim, &res);
	ours = res.score / VSEARCH_DISC;
	if (!res.exact)
		bad = 1;
	else if (pos->n == 0)
		bad = 0;
	else if (o->wld)
		bad = (ours > 0) - (ours < 0) != (pos->best > 0) - (pos->best < 0);
	else
		bad = ours != pos->best;
	printf("%3d %2d empties  %-4s %+3d", count, vboard_empty_count(g, &pos->b),
	       vboard_square_name(g, res.move, name), ours);
	if (pos->n)
		printf("  expected %+3d", pos->best);
	else
		printf("  expected   ?");
	printf("  %-8s %12llu nodes %8.3f s  ", bad ? (res.exact ? "MISMATCH" : "TIMEOUT") : "OK",
	       (unsigned long long)res.nodes, res.time);
	for (int i = 0; i < res.pv_len; i++)
		printf("%s%s", i ? " " : "", vboard_square_name(g, res.pv[i], name));
	printf("\n");
	if (o->all_moves && res.exact)
		bad += vsolve_all_moves(s, g, pos);
	fflush(stdout);
	*nodes += res.nodes;
	*time += res.time;
	return bad != 0;
}

/*
 * `othello solve --variant NAME FILE`: solves each position of an OBF-like file
 * of board g; 0, 1 when a score mismatches, 2 on a bad file.
 */
int cli_vsolve(const struct vgeom *g, const char *path, const struct cli_vsolve_options *o)
{
	struct veval ev;
	struct vsearch *s;
	struct vobf pos;
	char line[1024], err[200];
	int lineno = 0, count = 0, mismatches = 0, status = 0, got, col;
	uint64_t nodes = 0;
	double time = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		return 2;
	}
	if (!cli_variant_eval("solve", g, NULL, &ev)) {
		fclose(f);
		return 2;
	}
	s = vsearch_new(&ev, (size_t)o->hash_mb);
	if (!s) {
		fprintf(stderr, "othello solve: out of memory\n");
		fclose(f);
		return 2;
	}
	while ((got = parse_get_line(f, line, sizeof line, lineno == 0, &col, err, sizeof err))) {
		if (got < 0) {
			if (col == 0)
				fprintf(stderr, "%s: %s\n", path, err);
			else
				fprintf(stderr, "%s:%d:%d: %s\n", path, lineno + 1, col, err);
			status = 2;
			break;
		}
		lineno++;
		got = vobf_parse(g, line, &pos, err, sizeof err);
		if (got < 0) {
			int skip = 0;

			col = 0;
			if (sscanf(err, "column %d: %n", &col, &skip) == 1 && skip > 0)
				fprintf(stderr, "%s:%d:%d: %s\n", path, lineno, col, err + skip);
			else
				fprintf(stderr, "%s:%d: %s\n", path, lineno, err);
			status = 2;
			break;
		}
		if (got > 0)
			mismatches += vsolve_position(s, g, &pos, o, ++count, &nodes, &time);
	}
	fclose(f);
	vsearch_free(s);
	if (status)
		return status;
	printf("total: %d positions, %d mismatches, %llu nodes, %.3f s, %.0f nodes/s\n", count,
	       mismatches, (unsigned long long)nodes, time, time > 0 ? (double)nodes / time : 0.0);
	return mismatches ? 1 : 0;
}
