/*
 * veval.c — the features and weights of veval.h, and their text file.
 *
 * Weights file, one item a line, `#` to the end of a line a comment:
 *
 * | line                   | meaning                                          |
 * |------------------------|--------------------------------------------------|
 * | `variant NAME`         | the board (6x6, 10x10-holes); must match         |
 * | `stage S W1 .. W7`     | the weights of stage S (0 .. 3), in the order of |
 * |                        | veval_feature_names, hundredths of a disc        |
 *
 * Every stage must be given once.
 *
 * As a kind of evaluation (eval-kind.h, `linear`) it serves every board but
 * 8×8: its model is a struct veval, read from such a file or the built-in
 * weights.
 */
#include "veval.h"
#include "eval-kind.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char *const veval_feature_names[VEVAL_FEATURES] = {
    "mobility", "potential", "corners", "danger", "stable", "discs", "parity",
};

/*
 * Fills in the built-in weights of a board: a hand-set guess from 8×8
 * experience (mobility and corners first, discs counting only late), used
 * before a board has trained weights and as the first round of training.
 */
void veval_default(const struct vgeom *g, struct veval *ev)
{
	static const int w[VEVAL_STAGES][VEVAL_FEATURES] = {
	    {60, 25, 400, -150, 100, -10, 0},
	    {55, 25, 400, -150, 100, -5, 20},
	    {50, 20, 350, -120, 100, 10, 40},
	    {40, 10, 250, -80, 100, 60, 60},
	};

	ev->g = g;
	memcpy(ev->w, w, sizeof w);
}

/* Shifts a mask one step in direction d (0..7, as in vboard.c). */
static inline vbits shift(vbits x, int s, int d)
{
	return (d & 1) ? x >> s : x << s;
}

/* The valid squares next to any square of x (the eight neighbours). */
static vbits neighbours(const struct vgeom *g, vbits x)
{
	const int steps[4] = {1, g->stride, g->stride + 1, g->stride - 1};
	vbits n = 0;

	for (int d = 0; d < 8; d++)
		n |= shift(x, steps[d >> 1], d);
	return n & g->valid;
}

/*
 * Returns the discs of `own` that can never flip: grown from none, a disc joins
 * when on each of the four lines through it one neighbour is a wall (the edge,
 * a hole) or an own disc already in the set.
 */
vbits veval_stable(const struct vgeom *g, vbits own, vbits opp)
{
	const int steps[4] = {1, g->stride, g->stride + 1, g->stride - 1};
	vbits wall[8], stable = 0, next;

	(void)opp;
	for (int d = 0; d < 8; d++)
		wall[d] = g->valid & ~shift(g->valid, steps[d >> 1], d ^ 1);
	for (;;) {
		next = own;
		for (int a = 0; a < 4; a++) {
			int s = steps[a];

			next &= wall[2 * a] | wall[2 * a + 1] | shift(stable, s, 2 * a + 1) |
				shift(stable, s, 2 * a);
		}
		if (next == stable)
			return stable;
		stable = next;
	}
}

/* Returns the stage of a position: discs on the board in VEVAL_STAGES equal steps. */
int veval_stage(const struct vgeom *g, vbits own, vbits opp)
{
	int discs = vboard_popcount(own | opp);
	int stage = (discs - 4) * VEVAL_STAGES / (g->squares - 3);

	return stage < 0 ? 0 : stage >= VEVAL_STAGES ? VEVAL_STAGES - 1 : stage;
}

/* Computes the features of a position (the side to move's view) into f. */
void veval_features(const struct vgeom *g, vbits own, vbits opp, int f[VEVAL_FEATURES])
{
	vbits empty = g->valid & ~(own | opp);
	vbits danger = neighbours(g, g->corners & empty) & ~g->corners;

	f[0] =
	    vboard_popcount(vboard_moves(g, own, opp)) - vboard_popcount(vboard_moves(g, opp, own));
	f[1] = vboard_popcount(empty & neighbours(g, opp)) -
	       vboard_popcount(empty & neighbours(g, own));
	f[2] = vboard_popcount(own & g->corners) - vboard_popcount(opp & g->corners);
	f[3] = vboard_popcount(own & danger) - vboard_popcount(opp & danger);
	f[4] =
	    vboard_popcount(veval_stable(g, own, opp)) - vboard_popcount(veval_stable(g, opp, own));
	f[5] = vboard_popcount(own) - vboard_popcount(opp);
	f[6] = (vboard_popcount(empty) & 1) ? 1 : -1;
}

/* Returns the evaluation of a position for the side to move, in hundredths
   of a disc, within +-100 a playable square. */
int veval_eval(const struct veval *ev, vbits own, vbits opp)
{
	int f[VEVAL_FEATURES], stage = veval_stage(ev->g, own, opp), v = 0,
			       max = 100 * ev->g->squares;

	veval_features(ev->g, own, opp, f);
	for (int i = 0; i < VEVAL_FEATURES; i++)
		v += ev->w[stage][i] * f[i];
	return v > max ? max : v < -max ? -max : v;
}

/* Reads one `stage` line's numbers after the keyword; false when malformed. */
static bool read_stage(const char *p, struct veval *ev, bool seen[VEVAL_STAGES])
{
	char *end;
	long s = strtol(p, &end, 10), w;

	if (end == p || s < 0 || s >= VEVAL_STAGES || seen[s])
		return false;
	for (int i = 0; i < VEVAL_FEATURES; i++) {
		p = end;
		w = strtol(p, &end, 10);
		if (end == p || w < -VEVAL_WEIGHT_MAX || w > VEVAL_WEIGHT_MAX)
			return false;
		ev->w[s][i] = (int)w;
	}
	while (isspace((unsigned char)*end))
		end++;
	if (*end)
		return false;
	seen[s] = true;
	return true;
}

/*
 * Reads a weights file of board g into ev. Returns 0, or -1 with
 * "LINE: message" in err (ev is then unspecified).
 */
int veval_read(const struct vgeom *g, FILE *f, struct veval *ev, char *err, size_t errlen)
{
	bool seen[VEVAL_STAGES] = {false}, named = false;
	char line[512];
	int lineno = 0;

	ev->g = g;
	while (fgets(line, sizeof line, f)) {
		char *p = line, name[32];

		lineno++;
		line[strcspn(line, "#\r\n")] = '\0';
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			continue;
		if (sscanf(p, "variant %31s", name) == 1) {
			if (strcmp(name, g->name) != 0) {
				snprintf(err, errlen, "%d: weights for %s, not %s", lineno, name,
					 g->name);
				return -1;
			}
			named = true;
		} else if (strncmp(p, "stage ", 6) != 0 || !read_stage(p + 6, ev, seen)) {
			snprintf(err, errlen,
				 "%d: expected 'stage S' (0-%d) and %d whole-number weights within "
				 "+-%d",
				 lineno, VEVAL_STAGES - 1, VEVAL_FEATURES, VEVAL_WEIGHT_MAX);
			return -1;
		}
	}
	if (!named) {
		snprintf(err, errlen, "%d: no 'variant NAME' line", lineno);
		return -1;
	}
	for (int s = 0; s < VEVAL_STAGES; s++) {
		if (!seen[s]) {
			snprintf(err, errlen, "%d: stage %d is missing", lineno, s);
			return -1;
		}
	}
	return 0;
}

/* Writes ev as a weights file (the variant line and one line a stage). */
void veval_write(const struct veval *ev, FILE *f)
{
	fprintf(f, "variant %s\n# stage", ev->g->name);
	for (int i = 0; i < VEVAL_FEATURES; i++)
		fprintf(f, " %s", veval_feature_names[i]);
	fprintf(f, "\n");
	for (int s = 0; s < VEVAL_STAGES; s++) {
		fprintf(f, "stage %d", s);
		for (int i = 0; i < VEVAL_FEATURES; i++)
			fprintf(f, " %d", ev->w[s][i]);
		fprintf(f, "\n");
	}
}

/* A file of the linear kind: any weights file of a board other than 8×8. */
static bool linear_reads(enum variant v, int first)
{
	(void)first;
	return v != VARIANT_8X8;
}

/* Reads a linear weights file of board v into a new evaluation (eval-kind.h). */
static struct eval *linear_read(enum variant v, FILE *f, const char *name, char *err, size_t errlen)
{
	struct veval *ev = malloc(sizeof *ev);
	char msg[200];

	if (!ev) {
		snprintf(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	if (veval_read(vboard_geom(v), f, ev, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "%s:%s", name, msg);
		free(ev);
		return NULL;
	}
	return eval_wrap(&eval_linear_kind, v, ev);
}

/* The built-in weights of board v (not 8×8) as a new evaluation. */
static struct eval *linear_builtin(enum variant v)
{
	struct veval *ev;

	if (v == VARIANT_8X8 || !vboard_geom(v) || !(ev = malloc(sizeof *ev)))
		return NULL;
	veval_default(vboard_geom(v), ev);
	return eval_wrap(&eval_linear_kind, v, ev);
}

static int linear_vboard(const void *model, vbits own, vbits opp)
{
	return veval_eval(model, own, opp);
}

static int linear_write(const void *model, FILE *f)
{
	veval_write(model, f);
	return 0;
}

/* The linear weights of the other boards as a kind of evaluation (eval-kind.h: name, reads,
   read, builtin, board, vboard, write, free). */
const struct eval_kind eval_linear_kind = {"linear", linear_reads,  linear_read,  linear_builtin,
					   NULL,     linear_vboard, linear_write, free};
