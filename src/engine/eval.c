/*
 * eval.c — the one handle of an evaluation on any board (eval.h: its kind,
 * board and model, eval-kind.h), and the classic kind: a weighted sum of
 * hand-made features, with weights that change with the stage of the game.
 *
 * The handle dispatches to its kind (eval_board, eval_vboard, eval_write);
 * eval-load.c asks the kinds of eval-kinds.c's table which one reads a file;
 * the classic kind's model is the handle itself (its fields below).
 *
 * Every feature is a difference "side to move minus opponent" (parity is +1
 * when the side to move should get the last move); the score is the sum of
 * feature value x weight, in centidiscs. Weights are given at five stages, by
 * number of empty squares, and interpolated linearly in between; they are
 * expanded at build time into one row of integers per number of empties, so
 * that evaluating is a few popcounts and multiply-adds (the disc and corners
 * weights are folded into the weights of the square classes; with AVX-512, the
 * classes are counted in one vector, and both sides' mobility in another).
 *
 * Features (names as in the weights file and eval_set_feature):
 *
 * | name          | value                                                          |
 * |---------------|----------------------------------------------------------------|
 * | disc          | discs                                                          |
 * | mobility      | legal moves (a corner move counts twice)                       |
 * | potential     | empty squares next to an opponent disc (potential mobility)    |
 * | corners       | corner discs                                                   |
 * | x_squares     | discs on b2, g2, b7, g7 while the corner next to them is empty |
 * | c_squares     | discs on the squares beside a corner while that corner is empty|
 * | stability     | edge-stable discs (cannot be flipped along their edge, exact)  |
 * | parity        | +1 when the number of empties is odd, else 0                   |
 * | squares       | square-value table (the `table` line), weight in percent       |
 *
 * Weights file (text, `#` or `%` starts a comment, blank lines ignored; any
 * line left out keeps its built-in default, but a file with no line at all is
 * refused, as an empty or truncated file would otherwise pass for the
 * built-in weights; a UTF-8 byte order mark is skipped):
 *
 * | line                          | meaning                                        |
 * |-------------------------------|------------------------------------------------|
 * | `NAME W60 W45 W30 W15 W0`     | weights of feature NAME at 60, 45, 30, 15 and 0 |
 * |                               | empties; centidiscs per unit (squares: percent) |
 * | `table A1 B1 C1 D1 B2 C2 D2 C3 D3 D4` | centidiscs of a disc on each class of |
 * |                               | squares, the others by symmetry               |
 *
 * Every number is a whole number within +-WEIGHT_MAX (10000: a hundred discs
 * per unit, far beyond any sensible weight). That bound keeps every sum in an
 * int: a class weight is at most WEIGHT_MAX * WEIGHT_MAX / 100 + 2 * WEIGHT_MAX
 * (the square table scaled, plus disc and corners), 64 squares of it under
 * 6.5e7, and the other terms (at most 64 moves, 64 potential squares, 28
 * stable discs, 12 X- and C-squares, parity) add under 2e6 more.
 *
 * Edge stability comes from a table over the 3^8 states of an edge, computed
 * when an evaluation is built: a disc is stable on its edge when no sequence of
 * moves on that edge (by either side, in any order, a move there possibly
 * flipping nothing along the edge) changes its colour. Corners count once.
 *
 * Known weakness: the weights are set by hand; trained pattern weights are to
 * replace them behind the same interface.
 */
#include "eval.h"
#include "eval-kind.h"
#include "parse.h"
#include "pattern.h"
#include "probcut.h"
#include "search.h"

#include <ctype.h>
#include <errno.h>
#if defined(__BMI2__) || (defined(__AVX512VPOPCNTDQ__) && defined(__AVX512F__))
#include <immintrin.h>
#endif
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum {
	F_DISC,
	F_MOBILITY,
	F_POTENTIAL,
	F_CORNERS,
	F_XSQ,
	F_CSQ,
	F_STABILITY,
	F_PARITY,
	F_SQUARES,
	N_FEATURES,
	N_STAGES = 5,
	N_CLASSES = 10,
	N_ROW = N_FEATURES - 1 + N_CLASSES, /* squares expands into its classes */
	EVAL_MAX = 6400,		    /* evaluations are clamped to +-EVAL_MAX */
	WEIGHT_MAX = 10000		    /* |weight| and |table value| in a file */
};

static const char *const feature_names[N_FEATURES + 1] = {
    "disc",	 "mobility",  "potential", "corners", "x_squares",
    "c_squares", "stability", "parity",	   "squares", NULL,
};

static const int stage_empties[N_STAGES] = {60, 45, 30, 15, 0};

/* Hand-set defaults; eval/classic.txt ships the same numbers. */
static const int default_weights[N_FEATURES][N_STAGES] = {
    {0, 0, 10, 40, 100},	   /* disc */
    {90, 80, 70, 50, 10},	   /* mobility */
    {40, 35, 30, 20, 5},	   /* potential */
    {400, 380, 340, 260, 100},	   /* corners */
    {-300, -250, -200, -120, -20}, /* x_squares */
    {-80, -70, -60, -40, -10},	   /* c_squares */
    {60, 80, 100, 110, 100},	   /* stability */
    {0, 0, 30, 80, 100},	   /* parity */
    {100, 100, 80, 50, 0},	   /* squares (percent) */
};

static const int default_table[N_CLASSES] = {0, -20, 20, 10, -40, -5, -5, 10, 2, 0};

struct eval {
	int weights[N_FEATURES][N_STAGES]; /* as loaded */
	int table[N_CLASSES];		   /* square values as loaded */
	bool on[N_FEATURES];		   /* feature switches */
	int row[61][N_ROW];		   /* effective integer weights per number of empties */
	uint8_t edge_stable[256 * 256];	   /* [own8 << 8 | opp8] -> stable squares of that edge */
	const struct eval_kind *kind;	   /* what it is (eval-kind.h) */
	enum variant variant;		   /* the board it evaluates */
	void *model;			   /* the kind's model; the handle itself for classic */
	struct probcut *probcut;	   /* ProbCut table fitted with this evaluation, or NULL */
};

#define CORNERS 0x8100000000000081ULL
#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL

/* The ten classes of squares of the square table, masks by symmetry. */
static const uint64_t class_masks[N_CLASSES] = {
    0x8100000000000081ULL, /* a1 */
    0x4281000000008142ULL, /* b1 */
    0x2400810000810024ULL, /* c1 */
    0x1800008181000018ULL, /* d1 */
    0x0042000000004200ULL, /* b2 */
    0x0024420000422400ULL, /* c2 */
    0x0018004242001800ULL, /* d2 */
    0x0000240000240000ULL, /* c3 */
    0x0000182424180000ULL, /* d3 */
    0x0000001818000000ULL, /* d4 */
};

/* Edge-stability table ------------------------------------------------- */

static int pow3(int n)
{
	int p = 1;

	while (n-- > 0)
		p *= 3;
	return p;
}

/* The discs flipped along a line of 8 when `own` plays on empty cell `i`. */
static unsigned line_flips(unsigned own, unsigned opp, int i)
{
	unsigned flips = 0;

	for (int d = -1; d <= 1; d += 2) {
		unsigned f = 0;
		int j = i + d;

		while (j >= 0 && j < 8 && (opp >> j & 1)) {
			f |= 1u << j;
			j += d;
		}
		if (j >= 0 && j < 8 && (own >> j & 1))
			flips |= f;
	}
	return flips;
}

/*
 * The cells of an edge state whose colour no sequence of edge moves changes;
 * memo[] caches by base-3 index (0xFFFF = not yet known). Results are returned
 * as the stable cells, whatever their colour.
 */
static unsigned edge_stable_rec(unsigned own, unsigned opp, uint16_t *memo)
{
	int idx = 0;
	unsigned stable;

	for (int i = 7; i >= 0; i--)
		idx = idx * 3 + ((own >> i & 1) ? 1 : (opp >> i & 1) ? 2 : 0);
	if (memo[idx] != 0xFFFF)
		return memo[idx];
	stable = (own | opp) & 0xFF;
	for (int i = 0; i < 8 && stable; i++) {
		if ((own | opp) >> i & 1)
			continue;
		for (int side = 0; side < 2; side++) {
			unsigned p = side ? opp : own, q = side ? own : opp;
			unsigned f = line_flips(p, q, i);
			unsigned np = p | f | 1u << i, nq = q & ~f;
			unsigned child =
			    side ? edge_stable_rec(nq, np, memo) : edge_stable_rec(np, nq, memo);

			stable &= child & ~f;
		}
	}
	memo[idx] = (uint16_t)stable;
	return stable;
}

static void edge_table_build(uint8_t *tab)
{
	uint16_t *memo = malloc(sizeof *memo * (size_t)pow3(8));

	if (!memo)
		return;
	memset(memo, 0xFF, sizeof *memo * (size_t)pow3(8));
	for (unsigned own = 0; own < 256; own++)
		for (unsigned opp = 0; opp < 256; opp++)
			tab[own << 8 | opp] =
			    (own & opp) ? 0 : (uint8_t)edge_stable_rec(own, opp, memo);
	free(memo);
}

/* Building ----------------------------------------------------------------- */

/* Recomputes the per-empties rows from weights, table and switches. */
static void eval_expand(struct eval *ev)
{
	for (int e = 0; e <= 60; e++) {
		int s = 0;

		while (s < N_STAGES - 2 && e < stage_empties[s + 1])
			s++;
		for (int f = 0; f < N_FEATURES; f++) {
			int hi = stage_empties[s], lo = stage_empties[s + 1];
			int w0 = ev->weights[f][s], w1 = ev->weights[f][s + 1];
			int w = w1 + (w0 - w1) * (e - lo) / (hi - lo);

			if (!ev->on[f])
				w = 0;
			if (f == F_SQUARES)
				for (int c = 0; c < N_CLASSES; c++)
					ev->row[e][F_SQUARES + c] = w * ev->table[c] / 100;
			else
				ev->row[e][f] = w;
		}
		/* every disc weighs `disc`, every corner `corners`: folded in */
		for (int c = 0; c < N_CLASSES; c++)
			ev->row[e][F_SQUARES + c] += ev->row[e][F_DISC];
		ev->row[e][F_SQUARES] += ev->row[e][F_CORNERS]; /* class a1 = the corners */
	}
}

/* A classic evaluation with the built-in weights, or NULL when out of memory. */
static struct eval *eval_alloc(void)
{
	struct eval *ev = calloc(1, sizeof *ev);

	if (!ev)
		return NULL;
	ev->kind = &eval_classic_kind;
	ev->variant = VARIANT_8X8;
	ev->model = ev;
	memcpy(ev->weights, default_weights, sizeof ev->weights);
	memcpy(ev->table, default_table, sizeof ev->table);
	for (int f = 0; f < N_FEATURES; f++)
		ev->on[f] = true;
	edge_table_build(ev->edge_stable);
	eval_expand(ev);
	return ev;
}

/* Returns a new evaluation with the built-in classic weights, or NULL when out of memory. */
struct eval *eval_new_default(void)
{
	return eval_alloc();
}

/*
 * A new handle of kind `kind` on board v for `model` (taken: freed with the
 * handle by the kind's free, and at once when memory runs out or model is
 * NULL). For the kinds whose model is apart from the handle (eval-kind.h).
 */
struct eval *eval_wrap(const struct eval_kind *kind, enum variant v, void *model)
{
	struct eval *ev = model ? calloc(1, sizeof *ev) : NULL;

	if (!ev) {
		if (model && kind->free)
			kind->free(model);
		return NULL;
	}
	ev->kind = kind;
	ev->variant = v;
	ev->model = model;
	return ev;
}

/* The kind of `ev`. */
const struct eval_kind *eval_kind_of(const struct eval *ev)
{
	return ev->kind;
}

/* The model of `ev`, as its kind made it (the handle itself for classic). */
const void *eval_model(const struct eval *ev)
{
	return ev->model;
}

/* Frees an evaluation (NULL is fine). */
void eval_free(struct eval *ev)
{
	if (ev) {
		if (ev->model != ev && ev->kind->free)
			ev->kind->free(ev->model);
		probcut_free(ev->probcut);
	}
	free(ev);
}

/* The board `ev` evaluates. */
enum variant eval_variant(const struct eval *ev)
{
	return ev->variant;
}

/* The name of the kind of `ev` ("classic", "pattern", "linear", ...). */
const char *eval_kind_name(const struct eval *ev)
{
	return ev->kind->name;
}

/*
 * Gives `ev` the ProbCut table `pc` fitted with it (taking ownership; it is
 * freed with the evaluation, and any table set before is freed now).
 * Searches with this evaluation use it for their selectivity.
 */
void eval_set_probcut(struct eval *ev, struct probcut *pc)
{
	probcut_free(ev->probcut);
	ev->probcut = pc;
}

/* The ProbCut table of `ev`, or NULL when it has none (searches are then exact). */
const struct probcut *eval_probcut(const struct eval *ev)
{
	return ev->probcut;
}

static void set_err(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static int feature_index(const char *name)
{
	for (int f = 0; f < N_FEATURES; f++)
		if (strcmp(feature_names[f], name) == 0)
			return f;
	return -1;
}

/* Reads up to `n` whole numbers within +-WEIGHT_MAX from `p`; returns how
   many, or -1 with *bad at the first token that is not one, or -2 with *bad
   at one too many. */
static int parse_ints(char *p, int *out, int n, char **bad)
{
	int k = 0;

	for (;;) {
		char *end;
		long v;

		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			return k;
		errno = 0;
		v = strtol(p, &end, 10);
		if (end == p || errno || v < -WEIGHT_MAX || v > WEIGHT_MAX ||
		    (*end && !isspace((unsigned char)*end)) || k == n) {
			*bad = p;
			return k == n ? -2 : -1;
		}
		out[k++] = (int)v;
		p = end;
	}
}

/* The message for a line of `word` whose numbers parse_ints refused (`got`
   its answer, `bad` where it stopped), `want` of `noun`: "name:line: what",
   with the column of a number that is not one or out of range. */
static void bad_numbers(char *err, size_t errlen, const char *name, int lineno, const char *line,
			int got, const char *bad, const char *word, int want, const char *noun)
{
	char shown[32];
	int len = 0;

	if (!bad || got == -2) {
		set_err(err, errlen, "%s:%d: %s needs %d %s", name, lineno, word, want, noun);
		return;
	}
	while (bad[len] && !isspace((unsigned char)bad[len]) && len < 24)
		len++;
	memcpy(shown, bad, (size_t)len);
	shown[len] = '\0';
	set_err(err, errlen, "%s:%d:%d: %s needs %d %s within +-%d, not '%s'", name, lineno,
		(int)(bad - line) + 1, word, want, noun, WEIGHT_MAX, PARSE_SHOW_TEXT(shown));
}

/*
 * Reads a classic weights file (format in the table at the top of this file)
 * from `f`; `name` is used in messages. Returns a new evaluation, or NULL with
 * "name:line: message" in err.
 */
static struct eval *classic_read(enum variant v, FILE *f, const char *name, char *err,
				 size_t errlen)
{
	struct eval *ev;
	char line[512], *p;
	int lineno = 0, rc, weights = 0;

	(void)v;
	ev = eval_alloc();

	if (!ev) {
		set_err(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	while ((rc = parse_next_data(f, line, sizeof line, name, &lineno, "#%\r\n", &p, err,
				     errlen)) > 0) {
		char *word = p, *bad = NULL;
		int vals[N_CLASSES], n, fi;

		while (*p && !isspace((unsigned char)*p))
			p++;
		if (*p)
			*p++ = '\0';
		if (strcmp(word, "table") == 0) {
			n = parse_ints(p, vals, N_CLASSES, &bad);
			if (n != N_CLASSES) {
				bad_numbers(err, errlen, name, lineno, line, n, bad, "table",
					    N_CLASSES, "whole numbers");
				goto fail;
			}
			memcpy(ev->table, vals, sizeof ev->table);
			weights++;
			continue;
		}
		fi = feature_index(word);
		if (fi < 0) {
			set_err(err, errlen, "%s:%d: unknown feature '%s'", name, lineno,
				PARSE_SHOW_TEXT(word));
			goto fail;
		}
		n = parse_ints(p, vals, N_STAGES, &bad);
		if (n != N_STAGES) {
			bad_numbers(err, errlen, name, lineno, line, n, bad, word, N_STAGES,
				    "whole-number weights");
			goto fail;
		}
		memcpy(ev->weights[fi], vals, sizeof ev->weights[fi]);
		weights++;
	}
	if (rc < 0)
		goto fail;
	if (!weights) {
		/* an empty file would silently be the built-in weights */
		set_err(err, errlen, "%s: no weights in the file (it is empty or only comments)",
			name);
		goto fail;
	}
	eval_expand(ev);
	return ev;
fail:
	eval_free(ev);
	return NULL;
}

/* Returns the NULL-terminated list of feature names. */
const char *const *eval_feature_names(void)
{
	return feature_names;
}

/*
 * Switches feature `feature` of a classic evaluation on or off. Returns 0, or
 * -1 with a message if no feature has that name or `ev` is of another kind.
 * Not to be called while a search uses `ev`.
 */
int eval_set_feature(struct eval *ev, const char *feature, bool on, char *err, size_t errlen)
{
	int f = feature_index(feature);

	if (ev->kind != &eval_classic_kind) {
		set_err(err, errlen, "the %s evaluation has no features to switch off",
			ev->kind->name);
		return -1;
	}
	if (f < 0) {
		char names[256];
		size_t n = 0;

		names[0] = '\0';
		for (int k = 0; feature_names[k] && n < sizeof names; k++)
			n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", k ? ", " : "",
					      feature_names[k]);
		set_err(err, errlen, "no evaluation feature '%s' (%s)", feature, names);
		return -1;
	}
	ev->on[f] = on;
	eval_expand(ev);
	return 0;
}

/* Evaluation ---------------------------------------------------------------- */

/* The eight a-file squares as a byte (a1 lowest): a bit extraction, or a multiplication. */
static inline unsigned file_a_byte(uint64_t x)
{
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__) /* slow PEXT there */
	return (unsigned)_pext_u64(x, FILE_A);
#else
	return (unsigned)(((x & FILE_A) * 0x0102040810204080ULL) >> 56);
#endif
}

static inline int edge_stable_count(const struct eval *ev, uint64_t own, uint64_t opp, int *nopp)
{
	static const int shifts[2] = {0, 56};
	int n_own = 0, n_opp = 0;

	for (int i = 0; i < 2; i++) {
		unsigned o = (unsigned)(own >> shifts[i]) & 0xFF,
			 p = (unsigned)(opp >> shifts[i]) & 0xFF;
		unsigned st = ev->edge_stable[o << 8 | p];

		n_own += __builtin_popcount(st & o);
		n_opp += __builtin_popcount(st & p);
	}
	for (int i = 0; i < 2; i++) {
		unsigned o = file_a_byte(own >> (7 * i)), p = file_a_byte(opp >> (7 * i));
		unsigned st = ev->edge_stable[o << 8 | p];

		n_own += __builtin_popcount(st & o);
		n_opp += __builtin_popcount(st & p);
	}
	*nopp = n_opp - board_popcount(opp & CORNERS);
	return n_own - board_popcount(own & CORNERS);
}

/* The squares next to any square of `x` (the eight directions, no wrapping). */
static inline uint64_t neighbours(uint64_t x)
{
	uint64_t w = (x >> 1) & ~FILE_H, e = (x << 1) & ~FILE_A;
	uint64_t row = x | w | e;

	return w | e | (row << 8) | (row >> 8);
}

#ifdef __AVX2__
typedef uint64_t u64x8 __attribute__((vector_size(64)));

/*
 * The legal moves of both sides at once, as board_moves(own, opp) and
 * board_moves(opp, own): the same directional fills, the four directions of
 * each side as the eight lanes of one vector (one AVX-512 register, or two
 * AVX2 ones).
 */
static inline void moves_both(uint64_t own, uint64_t opp, uint64_t *mo, uint64_t *mp)
{
	const u64x8 sh1 = {1, 8, 7, 9, 1, 8, 7, 9}, sh2 = {2, 16, 14, 18, 2, 16, 14, 18};
	uint64_t io = opp & ~(FILE_A | FILE_H), iw = own & ~(FILE_A | FILE_H);
	u64x8 m = {io, opp, io, io, iw, own, iw, iw};
	u64x8 p = {own, own, own, own, opp, opp, opp, opp};
	u64x8 ml = m & (m << sh1), mr = m & (m >> sh1);
	u64x8 l = m & (p << sh1), r = m & (p >> sh1), x;

	l |= m & (l << sh1);
	r |= m & (r >> sh1);
	l |= ml & (l << sh2);
	r |= mr & (r >> sh2);
	l |= ml & (l << sh2);
	r |= mr & (r >> sh2);
	x = (l << sh1) | (r >> sh1);
	*mo = (x[0] | x[1] | x[2] | x[3]) & ~(own | opp);
	*mp = (x[4] | x[5] | x[6] | x[7]) & ~(own | opp);
}
#else
static inline void moves_both(uint64_t own, uint64_t opp, uint64_t *mo, uint64_t *mp)
{
	*mo = board_moves(own, opp);
	*mp = board_moves(opp, own);
}
#endif

/* X-squares and C-squares of the four corners, with the corner mask. */
static const uint64_t xsq[4] = {0x200ULL, 0x4000ULL, 0x2000000000000ULL, 0x40000000000000ULL};
static const uint64_t csq[4] = {0x102ULL, 0x8040ULL, 0x201000000000000ULL, 0x4080000000000000ULL};
static const uint64_t corner[4] = {0x1ULL, 0x80ULL, 0x100000000000000ULL, 0x8000000000000000ULL};

#if defined(__AVX512VPOPCNTDQ__) && defined(__AVX512F__)
/*
 * The square-table term: weight of each class x (own - opponent discs in it),
 * classes 0-7 as the eight lanes of one vector (per-lane popcounts).
 */
static inline int squares_sum(const int *cw, uint64_t own, uint64_t opp)
{
	const __m512i masks = _mm512_loadu_si512((const void *)class_masks);
	__m512i d = _mm512_sub_epi64(
	    _mm512_popcnt_epi64(_mm512_and_si512(_mm512_set1_epi64((long long)own), masks)),
	    _mm512_popcnt_epi64(_mm512_and_si512(_mm512_set1_epi64((long long)opp), masks)));
	__m256i p =
	    _mm256_mullo_epi32(_mm512_cvtepi64_epi32(d), _mm256_loadu_si256((const void *)cw));
	__m128i q = _mm_add_epi32(_mm256_castsi256_si128(p), _mm256_extracti128_si256(p, 1));
	int s;

	q = _mm_add_epi32(q, _mm_shuffle_epi32(q, 0x4E));
	q = _mm_add_epi32(q, _mm_shuffle_epi32(q, 0xB1));
	s = _mm_cvtsi128_si32(q);
	for (int c = 8; c < N_CLASSES; c++)
		s += cw[c] *
		     (board_popcount(own & class_masks[c]) - board_popcount(opp & class_masks[c]));
	return s;
}
#else
/* The square-table term: weight of each class x (own - opponent discs in it). */
static inline int squares_sum(const int *cw, uint64_t own, uint64_t opp)
{
	int s = 0;

	for (int c = 0; c < N_CLASSES; c++)
		s += cw[c] *
		     (board_popcount(own & class_masks[c]) - board_popcount(opp & class_masks[c]));
	return s;
}
#endif

/*
 * Returns the evaluation of the 8×8 position `b` in centidiscs for the side
 * to move, within [-6400, 6400], by the kind of `ev` (an evaluation of 8×8).
 */
int eval_board(const struct eval *ev, const struct board *b)
{
	return ev->kind->board(ev->model, b);
}

/* The score of a position of another board (`ev` evaluates that board), centidiscs for the
   side to move. */
int eval_vboard(const struct eval *ev, vbits own, vbits opp)
{
	return ev->kind->vboard(ev->model, own, opp);
}

/* The classic score of `b` (see the top of the file): the mobility of the side to move is
   computed here. */
static int classic_board(const void *model, const struct board *b)
{
	const struct eval *ev = model;
	uint64_t own = b->own, opp = b->opp, empty = ~(own | opp);
	int e = board_popcount(empty);
	const int *w = ev->row[e > 60 ? 60 : e];
	uint64_t mo, mp, ox = 0, oc = 0;
	int s = 0, st_opp, st_own;

	moves_both(own, opp, &mo, &mp);

	s += w[F_MOBILITY] * (board_popcount(mo) + board_popcount(mo & CORNERS) -
			      board_popcount(mp) - board_popcount(mp & CORNERS));
	s += w[F_POTENTIAL] *
	     (board_popcount(empty & neighbours(opp)) - board_popcount(empty & neighbours(own)));
	for (int c = 0; c < 4; c++) {
		uint64_t on = 0 - (uint64_t)((empty & corner[c]) != 0); /* no branch */

		ox |= xsq[c] & on;
		oc |= csq[c] & on;
	}
	s += w[F_XSQ] * (board_popcount(own & ox) - board_popcount(opp & ox));
	s += w[F_CSQ] * (board_popcount(own & oc) - board_popcount(opp & oc));
	if (w[F_STABILITY]) {
		st_own = edge_stable_count(ev, own, opp, &st_opp);
		s += w[F_STABILITY] * (st_own - st_opp);
	}
	s += w[F_PARITY] * (e & 1);
	s += squares_sum(w + F_SQUARES, own, opp); /* with disc and corners, see eval_expand */
	if (s > EVAL_MAX)
		s = EVAL_MAX;
	if (s < -EVAL_MAX)
		s = -EVAL_MAX;
	return s;
}

/* Writes `ev` as a weights file of its kind to `f`: 0, or -1 when the kind writes none (or
   the write failed). */
int eval_write(const struct eval *ev, FILE *f)
{
	if (!ev->kind->write)
		return -1;
	return ev->kind->write(ev->model, f) < 0 || ferror(f) ? -1 : 0;
}

/* A file of the classic kind: on 8×8, any file that another kind before it in the table did
   not take. */
static bool classic_reads(enum variant v, int first)
{
	(void)first;
	return v == VARIANT_8X8;
}

/* The built-in classic weights on 8×8; none elsewhere. */
static struct eval *classic_builtin(enum variant v)
{
	return v == VARIANT_8X8 ? eval_alloc() : NULL;
}

/* The classic features as a kind of evaluation (eval-kind.h: name, reads, read, builtin,
   board, vboard, write, free). */
const struct eval_kind eval_classic_kind = {
    "classic", classic_reads, classic_read, classic_builtin, classic_board, NULL, NULL, NULL};
