/*
 * probcut.c — the ProbCut table: reading it, looking pairs up, and turning a
 * bound of the deep search into the bound the shallow search must pass.
 *
 * File format (eval/probcut.txt, written by `othello train probcut`): text,
 * one row a line; `#` starts a comment; blank lines are skipped.
 *
 *   | row                                             | meaning                      |
 *   |-------------------------------------------------|------------------------------|
 *   | mid LO HI DEEP SHALLOW SLOPE INTERCEPT SIGMA    | positions with LO..HI empties: |
 *   |                                                 | a DEEP-ply search predicted by |
 *   |                                                 | a SHALLOW-ply one              |
 *   | end LO HI SHALLOW SLOPE INTERCEPT SIGMA         | the exact final score with     |
 *   |                                                 | LO..HI empties, by a SHALLOW-  |
 *   |                                                 | ply midgame search             |
 *
 * LO, HI: 1..60, LO <= HI; DEEP: 2..PROBCUT_MAX_DEPTH; SHALLOW: 1..DEEP-1
 * (end: 1..PROBCUT_MAX_DEPTH); SLOPE in (0, 4]; INTERCEPT in [-6400, 6400];
 * SIGMA in (0, 6400]; scores in centidiscs. At most PROBCUT_PAIRS rows per
 * (empties, DEEP), kept cheapest first; one end row per number of empties.
 *
 * Beyond the deepest trained DEEP of a number of empties, the pairs of the
 * deepest trained depth of the same parity are used with their shallow depth
 * moved by the same amount and the same error (a known weakness: the error of
 * a deeper pair is somewhat larger). Beyond the largest trained number of
 * empties of the end rows, the last row is used.
 *
 * Confidence t of each level (the cut needs the prediction to clear the bound
 * by t sigmas): 73 % 1.1, 87 % 1.5, 95 % 2.0, 98 % 2.6, 99 % 3.3, as in Edax.
 */
#include "probcut.h"
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct probcut {
	struct probcut_pair mid[61][PROBCUT_MAX_DEPTH + 1][PROBCUT_PAIRS]; /* [empties][deep] */
	struct probcut_pair end[61]; /* [empties]: the exact score */
};

static const int percents[PROBCUT_EXACT + 1] = {73, 87, 95, 98, 99, 100};
static const double confidence[PROBCUT_EXACT] = {1.1, 1.5, 2.0, 2.6, 3.3};

/* Returns the level of `percent` (73, 87, 95, 98, 99; 100 or 0 = exact), or -1. */
int probcut_level(int percent)
{
	if (percent == 0)
		return PROBCUT_EXACT;
	for (int i = 0; i <= PROBCUT_EXACT; i++)
		if (percents[i] == percent)
			return i;
	return -1;
}

/* Returns the percent of level `level` (100 for exact). */
int probcut_percent(int level)
{
	return percents[level < 0 ? 0 : level > PROBCUT_EXACT ? PROBCUT_EXACT : level];
}

/*
 * Parses a selectivity as written by a user: "73", "87", "95", "98", "99"
 * (a trailing '%' allowed), "100" or "exact". Returns the percent (100 for
 * exact), or -1 when it is none of those.
 */
int probcut_parse_level(const char *text)
{
	char *end;
	long v;

	if (strcmp(text, "exact") == 0)
		return 100;
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || end == text || (*end && strcmp(end, "%") != 0) || v < 1 || v > 100 ||
	    probcut_level((int)v) < 0)
		return -1;
	return (int)v;
}

/* Reads a number from *p into *out; false when there is none. */
static bool read_number(char **p, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(*p, &end);
	if (end == *p || errno || !isfinite(*out))
		return false;
	*p = end;
	return true;
}

/* Inserts `pair` among the pairs of one deep depth, cheapest first; false when full. */
static bool add_pair(struct probcut_pair *pairs, struct probcut_pair pair)
{
	int n = 0;

	while (n < PROBCUT_PAIRS && pairs[n].shallow)
		n++;
	if (n == PROBCUT_PAIRS)
		return false;
	while (n > 0 && pairs[n - 1].shallow > pair.shallow) {
		pairs[n] = pairs[n - 1];
		n--;
	}
	pairs[n] = pair;
	return true;
}

/* Checks the numbers of a row; returns NULL or what is wrong. */
static const char *check_row(bool mid, const double *v, int n)
{
	double lo = v[0], hi = v[1], deep = mid ? v[2] : PROBCUT_MAX_DEPTH + 1, shallow = v[n - 4];

	if (lo != floor(lo) || hi != floor(hi) || lo < 1 || hi > 60 || lo > hi)
		return "empties must be whole numbers with 1 <= LO <= HI <= 60";
	if (mid && (deep != floor(deep) || deep < 2 || deep > PROBCUT_MAX_DEPTH))
		return "DEEP must be a depth from 2 to 40";
	if (shallow != floor(shallow) || shallow < 1 || shallow >= deep)
		return mid ? "SHALLOW must be a depth from 1 to DEEP - 1"
			   : "SHALLOW must be a depth from 1 to 40";
	if (!(v[n - 3] > 0 && v[n - 3] <= 4))
		return "SLOPE must be above 0 and at most 4";
	if (!(fabs(v[n - 2]) <= 6400))
		return "INTERCEPT must be within -6400 and 6400 centidiscs";
	if (!(v[n - 1] > 0 && v[n - 1] <= 6400))
		return "SIGMA must be above 0 and at most 6400 centidiscs";
	return NULL;
}

/* Parses one non-blank line into `pc`; returns NULL or what is wrong. */
static const char *parse_row(struct probcut *pc, char *p)
{
	bool mid = strncmp(p, "mid", 3) == 0 && isspace((unsigned char)p[3]);
	int n = mid ? 7 : 6;
	double v[7];
	const char *why;
	struct probcut_pair pair;

	if (!mid && !(strncmp(p, "end", 3) == 0 && isspace((unsigned char)p[3])))
		return "expected a row starting with 'mid' or 'end'";
	p += 3;
	for (int i = 0; i < n; i++)
		if (!read_number(&p, &v[i]))
			return mid ? "expected LO HI DEEP SHALLOW SLOPE INTERCEPT SIGMA after 'mid'"
				   : "expected LO HI SHALLOW SLOPE INTERCEPT SIGMA after 'end'";
	while (isspace((unsigned char)*p))
		p++;
	if (*p)
		return "unexpected text after the row";
	if ((why = check_row(mid, v, n)))
		return why;
	pair = (struct probcut_pair){(int)v[n - 4], v[n - 3], v[n - 2], v[n - 1]};
	for (int e = (int)v[0]; e <= (int)v[1]; e++) {
		if (!mid) {
			if (pc->end[e].shallow)
				return "a second 'end' row for the same empties";
			pc->end[e] = pair;
		} else if (!add_pair(pc->mid[e][(int)v[2]], pair)) {
			return "more than 2 'mid' rows for the same empties and DEEP";
		}
	}
	return NULL;
}

/* Fills the depths beyond the deepest trained one of each number of empties (see the top). */
static void extend(struct probcut *pc)
{
	for (int e = 1; e <= 60; e++) {
		int top = 0;

		for (int d = 2; d <= PROBCUT_MAX_DEPTH; d++)
			if (pc->mid[e][d][0].shallow)
				top = d;
		for (int d = top + 1; top && d <= PROBCUT_MAX_DEPTH; d++) {
			int base =
			    (d - top) % 2 == 0 || !pc->mid[e][top - 1][0].shallow ? top : top - 1;

			for (int k = 0; k < PROBCUT_PAIRS; k++) {
				pc->mid[e][d][k] = pc->mid[e][base][k];
				if (pc->mid[e][d][k].shallow)
					pc->mid[e][d][k].shallow += d - base;
			}
		}
	}
	for (int e = 2; e <= 60; e++)
		if (!pc->end[e].shallow && pc->end[e - 1].shallow)
			pc->end[e] = pc->end[e - 1];
}

/*
 * Reads a ProbCut table from `f` (named `name` in messages). Returns it (free
 * with probcut_free), or NULL with "NAME:LINE: what" in `err` on a bad row, or
 * "NAME: ..." when it has no row or memory runs out.
 */
struct probcut *probcut_load(FILE *f, const char *name, char *err, size_t errlen)
{
	struct probcut *pc = calloc(1, sizeof *pc);
	char line[512], *p;
	int lineno = 0, rows = 0, rc;

	if (!pc) {
		snprintf(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	while ((rc = parse_next_data(f, line, sizeof line, name, &lineno, "#\r\n", &p, err,
				     errlen)) > 0) {
		const char *why;

		if ((why = parse_row(pc, p))) {
			snprintf(err, errlen, "%s:%d: %s", name, lineno, why);
			probcut_free(pc);
			return NULL;
		}
		rows++;
	}
	if (rc < 0) {
		probcut_free(pc);
		return NULL;
	}
	if (rows == 0) {
		snprintf(err, errlen, "%s: no ProbCut rows", name);
		probcut_free(pc);
		return NULL;
	}
	extend(pc);
	return pc;
}

/* Frees a table (NULL is fine). */
void probcut_free(struct probcut *pc)
{
	free(pc);
}

/* The PROBCUT_PAIRS pairs (cheapest first; shallow 0 = none) predicting a `depth`-ply search with
 * `empties` empties. */
const struct probcut_pair *probcut_mid(const struct probcut *pc, int empties, int depth)
{
	static const struct probcut_pair none[PROBCUT_PAIRS];

	if (!pc || empties < 1 || empties > 60 || depth < 2 || depth > PROBCUT_MAX_DEPTH)
		return none;
	return pc->mid[empties][depth];
}

/* The pair predicting the exact score with `empties` empties, or NULL when there is none. */
const struct probcut_pair *probcut_end(const struct probcut *pc, int empties)
{
	if (!pc || empties < 1 || empties > 60 || !pc->end[empties].shallow)
		return NULL;
	return &pc->end[empties];
}

/*
 * The bound a shallow search must reach for a cut at selectivity `level`:
 * with side > 0, the deep search fails high on `deep_bound` (its beta) when
 * the shallow one is >= the result; with side < 0, it fails low on
 * `deep_bound` (its alpha) when the shallow one is <= the result.
 */
int probcut_bound(const struct probcut_pair *p, int level, int deep_bound, int side)
{
	double t = confidence[level < 0 ? 0 : level >= PROBCUT_EXACT ? PROBCUT_EXACT - 1 : level];

	if (side > 0)
		return (int)ceil((deep_bound - p->intercept + t * p->sigma) / p->slope);
	return (int)floor((deep_bound - p->intercept - t * p->sigma) / p->slope);
}
