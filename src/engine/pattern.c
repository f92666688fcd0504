/*
 * pattern.c — the pattern evaluation: pattern geometry, configuration indices,
 * weights per phase and the binary weights file.
 *
 * Patterns (squares in index order; a1 = square 0, h1 = 7, a8 = 56), each
 * with all its distinct images under the 8 symmetries of the board:
 *
 * | kind      | squares                              | copies | states |
 * |-----------|--------------------------------------|--------|--------|
 * | edge+2X   | a1 b1 c1 d1 e1 f1 g1 h1 b2 g2        | 4      | 59049  |
 * | corner3x3 | a1 b1 c1 a2 b2 c2 a3 b3 c3           | 4      | 19683  |
 * | corner2x5 | a1 b1 c1 d1 e1 a2 b2 c2 d2 e2        | 8      | 59049  |
 * | row2      | a2 .. h2                             | 4      | 6561   |
 * | row3      | a3 .. h3                             | 4      | 6561   |
 * | row4      | a4 .. h4                             | 4      | 6561   |
 * | diag8     | a1 b2 c3 d4 e5 f6 g7 h8              | 2      | 6561   |
 * | diag7     | b1 c2 d3 e4 f5 g6 h7                 | 4      | 2187   |
 * | diag6     | c1 d2 e3 f4 g5 h6                    | 4      | 729    |
 * | diag5     | d1 e2 f3 g4 h5                       | 4      | 243    |
 * | diag4     | e1 f2 g3 h4                          | 4      | 81     |
 *
 * A copy's configuration index is sum(3^k * state of its k-th square), state 0
 * empty, 1 the side to move's disc, 2 the opponent's; the k-th square of a
 * copy is the image of the base pattern's k-th square, so every copy reads
 * the one weight table of its kind. A pattern that maps onto itself under
 * some symmetry (an edge read backwards) gives configurations that are the
 * same up to symmetry: they share one weight (the "canonical" index, the
 * smallest of the orbit), which makes the value of a position equal for its
 * 8 symmetric copies.
 *
 * Phases: phase = (60 - empties) / 4, at most PATTERN_PHASES - 1.
 * Indices are recomputed from the bitboards at each evaluation (no
 * incremental update through make/unmake): the search calls eval_board on a
 * plain board. With BMI2, a copy's discs of each colour are gathered by PEXT
 * into an n-bit number, read as a ternary index through a small table per copy
 * (bin3[]); otherwise each disc adds its 3^k to the copies that hold it.
 *
 * Weights file (little-endian):
 *
 * | offset | size | meaning                                              |
 * |--------|------|------------------------------------------------------|
 * | 0      | 8    | magic "\x89OTHPAT\n"                                 |
 * | 8      | 4    | version (PATTERN_FILE_VERSION)                       |
 * | 12     | 4    | phases (PATTERN_PHASES)                              |
 * | 16     | 4    | weights per phase (PATTERN_PARAMS)                   |
 * | 20     | 4    | payload size in bytes                                |
 * | 24     | 8    | FNV-1a 64-bit hash of the payload (checksum)         |
 * | 32     | ...  | payload: phases x weights, int16 centidiscs, with    |
 * |        |      | zero runs coded as the int16 -32768 then a uint16    |
 * |        |      | run length (1..65535); the file ends with it (bytes  |
 * |        |      | after it are refused: a file glued to another, or    |
 * |        |      | one written over a longer one)                       |
 *
 * Weights are in centidiscs (mobility: per move of difference).
 */
#include "pattern.h"
#include "bytes.h"
#include "eval-kind.h"

#include <stdlib.h>
#include <string.h>

/* PEXT gathers a copy's squares in one instruction (slow on AMD before Zen 3). */
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__)
#include <immintrin.h>
#define PATTERN_PEXT 1
#endif

#define FILE_MAGIC "\x89OTHPAT\n"
#define RUN_MARK (-32768)
#define EVAL_LIMIT 6400
#define PATTERN_BIN3 (4 * 1024 + 4 * 512 + 8 * 1024 + 14 * 256 + 4 * 128 + 4 * 64 + 4 * 32 + 4 * 16)

struct pattern_weights {
	int16_t w[PATTERN_PHASES][PATTERN_PARAMS]; /* weight tables, expanded to all indices */
	uint32_t offset[PATTERN_KINDS];		   /* first weight of each kind's table */
	uint8_t inst_kind[PATTERN_INSTANCES];	   /* kind of each copy */
	uint8_t sq_n[64];			   /* copies that contain each square */
	uint8_t sq_inst[64][12];		   /* those copies */
	uint16_t sq_pow[64][12];		   /* 3^k, k = the square's place in the copy */
	uint64_t inst_mask[PATTERN_INSTANCES];	   /* squares of each copy */
	uint32_t inst_bin[PATTERN_INSTANCES];	   /* its table in bin3[] */
	uint16_t *bin3;	 /* per copy, [2^n]: the index of the discs of one colour given as the
			    bits of the copy's squares in square order (a PEXT result), digit 1 */
	uint32_t *canon; /* [PATTERN_TABLE] canonical index in the table */
};

static const char *const kind_names[PATTERN_KINDS] = {
    "edge+2X", "corner3x3", "corner2x5", "row2",  "row3",  "row4",
    "diag8",   "diag7",	    "diag6",	 "diag5", "diag4",
};

static const int8_t kind_squares[PATTERN_KINDS][PATTERN_MAX_SQUARES + 1] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 9, 14, -1},
    {0, 1, 2, 8, 9, 10, 16, 17, 18, -1},
    {0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1},
    {8, 9, 10, 11, 12, 13, 14, 15, -1},
    {16, 17, 18, 19, 20, 21, 22, 23, -1},
    {24, 25, 26, 27, 28, 29, 30, 31, -1},
    {0, 9, 18, 27, 36, 45, 54, 63, -1},
    {1, 10, 19, 28, 37, 46, 55, -1},
    {2, 11, 20, 29, 38, 47, -1},
    {3, 12, 21, 30, 39, -1},
    {4, 13, 22, 31, -1},
};

static int kind_len(int k)
{
	int n = 0;

	while (n < PATTERN_MAX_SQUARES && kind_squares[k][n] >= 0)
		n++;
	return n;
}

static uint32_t pow3(int n)
{
	uint32_t p = 1;

	while (n-- > 0)
		p *= 3;
	return p;
}

/* Returns the phase (weight set) of a position with `empties` empty squares. */
int pattern_phase(int empties)
{
	int p = (60 - empties) / 4;

	return p < 0 ? 0 : p >= PATTERN_PHASES ? PATTERN_PHASES - 1 : p;
}

/* The canonical indices of kind `k`: the smallest index over the orbit under its self-symmetries.
 */
static void canon_build(int k, uint32_t *canon)
{
	int n = kind_len(k), perms[8][PATTERN_MAX_SQUARES], n_perms = 0;
	uint32_t size = pow3(n);

	for (int s = 0; s < BOARD_SYMMETRIES; s++) {
		int perm[PATTERN_MAX_SQUARES], ok = 1;

		for (int j = 0; j < n && ok; j++) {
			int img = board_symmetry_square(kind_squares[k][j], s), pos = -1;

			for (int i = 0; i < n; i++)
				if (kind_squares[k][i] == img)
					pos = i;
			if (pos < 0)
				ok = 0;
			perm[j] = pos;
		}
		if (ok)
			memcpy(perms[n_perms++], perm, sizeof perm);
	}
	for (uint32_t idx = 0; idx < size; idx++) {
		uint32_t best = idx;

		for (int p = 0; p < n_perms; p++) {
			uint32_t v = 0, x = idx;

			for (int j = 0; j < n; j++, x /= 3)
				v += (x % 3) * pow3(perms[p][j]);
			if (v < best)
				best = v;
		}
		canon[idx] = best;
	}
}

/*
 * Fills the bin3[] table of copy `inst` (kind `k` under symmetry `sym`) from
 * *next on: bit a of an entry's number is the a-th lowest square of the copy,
 * which counts 3^j in the index when it is the image of the base pattern's
 * j-th square.
 */
static void bin_build(struct pattern_weights *w, int inst, int k, int sym, uint32_t *next)
{
	int n = kind_len(k), place[64];
	uint32_t pw[PATTERN_MAX_SQUARES];
	uint64_t mask = 0;
	int a = 0;

	for (int j = 0; j < n; j++) {
		int sq = board_symmetry_square(kind_squares[k][j], sym);

		mask |= board_bit(sq);
		place[sq] = j;
	}
	for (uint64_t m = mask; m; m &= m - 1)
		pw[a++] = pow3(place[board_first_square(m)]);
	w->inst_mask[inst] = mask;
	w->inst_bin[inst] = *next;
	for (uint32_t x = 0; x < (1u << n); x++) {
		uint32_t v = 0;

		for (int b = 0; b < n; b++)
			if (x >> b & 1)
				v += pw[b];
		w->bin3[*next + x] = (uint16_t)v;
	}
	*next += 1u << n;
}

/* Returns new zero weights with the pattern geometry, or NULL when out of memory. */
struct pattern_weights *pattern_new(void)
{
	struct pattern_weights *w = calloc(1, sizeof *w);
	int n_inst = 0;
	uint32_t off = 0, bin = 0;
	uint64_t seen[PATTERN_INSTANCES];

	if (!w)
		return NULL;
	w->canon = malloc(sizeof *w->canon * PATTERN_TABLE);
	w->bin3 = malloc(sizeof *w->bin3 * PATTERN_BIN3);
	if (!w->canon || !w->bin3) {
		pattern_free(w);
		return NULL;
	}
	for (int k = 0; k < PATTERN_KINDS; k++) {
		int n = kind_len(k);

		w->offset[k] = off;
		canon_build(k, w->canon + off);
		for (uint32_t i = 0; i < pow3(n); i++)
			w->canon[off + i] += off;
		for (int s = 0; s < BOARD_SYMMETRIES; s++) {
			uint64_t set = 0;
			bool dup = false;

			for (int j = 0; j < n; j++)
				set |= board_bit(board_symmetry_square(kind_squares[k][j], s));
			for (int i = 0; i < n_inst; i++)
				if (w->inst_kind[i] == k && seen[i] == set)
					dup = true;
			if (dup || n_inst == PATTERN_INSTANCES)
				continue;
			seen[n_inst] = set;
			w->inst_kind[n_inst] = (uint8_t)k;
			for (int j = 0; j < n; j++) {
				int sq = board_symmetry_square(kind_squares[k][j], s);

				w->sq_inst[sq][w->sq_n[sq]] = (uint8_t)n_inst;
				w->sq_pow[sq][w->sq_n[sq]] = (uint16_t)pow3(j);
				w->sq_n[sq]++;
			}
			bin_build(w, n_inst, k, s, &bin);
			n_inst++;
		}
		off += pow3(n);
	}
	return w;
}

/* Frees weights (NULL is fine). */
void pattern_free(struct pattern_weights *w)
{
	if (!w)
		return;
	free(w->canon);
	free(w->bin3);
	free(w);
}

/* The configuration index of every copy, into idx[]. */
static inline void pattern_indices(const struct pattern_weights *w, uint64_t own, uint64_t opp,
				   uint32_t *idx)
{
	memset(idx, 0, sizeof *idx * PATTERN_INSTANCES);
	for (; own; own &= own - 1) {
		int sq = board_first_square(own);

		for (int i = 0; i < w->sq_n[sq]; i++)
			idx[w->sq_inst[sq][i]] += w->sq_pow[sq][i];
	}
	for (; opp; opp &= opp - 1) {
		int sq = board_first_square(opp);

		for (int i = 0; i < w->sq_n[sq]; i++)
			idx[w->sq_inst[sq][i]] += 2u * w->sq_pow[sq][i];
	}
}

#ifdef PATTERN_PEXT
/*
 * The configuration index of every copy, into idx[], by gathering the discs
 * of the copy's squares (PEXT) and reading them through bin3[].
 */
static inline void pattern_indices_pext(const struct pattern_weights *w, uint64_t own, uint64_t opp,
					uint32_t *idx)
{
	for (int i = 0; i < PATTERN_INSTANCES; i++) {
		const uint16_t *t = w->bin3 + w->inst_bin[i];

		idx[i] =
		    t[_pext_u64(own, w->inst_mask[i])] + 2u * t[_pext_u64(opp, w->inst_mask[i])];
	}
}
#endif

/* Returns whether the fast index computation agrees with the plain one on `b` (for the tests). */
bool pattern_check_indices(const struct pattern_weights *w, const struct board *b)
{
#ifdef PATTERN_PEXT
	uint32_t a[PATTERN_INSTANCES], c[PATTERN_INSTANCES];

	pattern_indices(w, b->own, b->opp, a);
	pattern_indices_pext(w, b->own, b->opp, c);
	return memcmp(a, c, sizeof a) == 0;
#else
	(void)w;
	(void)b;
	return true;
#endif
}

/* Fills `out` with the features of `b` (canonical weight indices, mobility, parity, phase). */
void pattern_features(const struct pattern_weights *w, const struct board *b,
		      struct pattern_features *out)
{
	uint32_t idx[PATTERN_INSTANCES];
	int e = board_empty_count(b);

	pattern_indices(w, b->own, b->opp, idx);
	for (int i = 0; i < PATTERN_INSTANCES; i++)
		out->param[i] = w->canon[w->offset[w->inst_kind[i]] + idx[i]];
	out->mobility = board_popcount(board_moves(b->own, b->opp)) -
			board_popcount(board_moves(b->opp, b->own));
	out->parity = e & 1;
	out->discs = board_popcount(b->own) - board_popcount(b->opp);
	out->phase = pattern_phase(e);
}

static int clamp_eval(int v)
{
	return v > EVAL_LIMIT ? EVAL_LIMIT : v < -EVAL_LIMIT ? -EVAL_LIMIT : v;
}

/* Returns the value of features `f` in centidiscs, within [-6400, 6400]. */
int pattern_eval_features(const struct pattern_weights *w, const struct pattern_features *f)
{
	const int16_t *t = w->w[f->phase];
	int v = t[PATTERN_EXTRA_BIAS] + t[PATTERN_EXTRA_MOBILITY] * f->mobility +
		t[PATTERN_EXTRA_PARITY] * f->parity + t[PATTERN_EXTRA_DISCS] * f->discs;

	for (int i = 0; i < PATTERN_INSTANCES; i++)
		v += t[f->param[i]];
	return clamp_eval(v);
}

/* Returns the value of `b` for the side to move in centidiscs, within [-6400, 6400]. */
int pattern_eval(const struct pattern_weights *w, const struct board *b)
{
	uint32_t idx[PATTERN_INSTANCES];
	int e = board_empty_count(b);
	const int16_t *t = w->w[pattern_phase(e)];
	int v = t[PATTERN_EXTRA_BIAS] + t[PATTERN_EXTRA_PARITY] * (e & 1) +
		t[PATTERN_EXTRA_DISCS] * (board_popcount(b->own) - board_popcount(b->opp));

#ifdef PATTERN_PEXT
	pattern_indices_pext(w, b->own, b->opp, idx);
#else
	pattern_indices(w, b->own, b->opp, idx);
#endif
	for (int i = 0; i < PATTERN_INSTANCES; i++)
		v += t[w->offset[w->inst_kind[i]] + idx[i]];
	if (t[PATTERN_EXTRA_MOBILITY])
		v += t[PATTERN_EXTRA_MOBILITY] * (board_popcount(board_moves(b->own, b->opp)) -
						  board_popcount(board_moves(b->opp, b->own)));
	return clamp_eval(v);
}

static int16_t to_weight(double x)
{
	double r = x < 0 ? x - 0.5 : x + 0.5;

	if (r > 32767)
		return 32767;
	if (r < -32767)
		return -32767;
	return (int16_t)r;
}

/*
 * Sets the weights of `phase` from `params` (PATTERN_PARAMS values, centidiscs,
 * rounded): each table index takes the value of its canonical index.
 */
void pattern_set(struct pattern_weights *w, int phase, const double *params)
{
	for (uint32_t i = 0; i < PATTERN_TABLE; i++)
		w->w[phase][i] = to_weight(params[w->canon[i]]);
	for (int i = PATTERN_TABLE; i < PATTERN_PARAMS; i++)
		w->w[phase][i] = to_weight(params[i]);
}

/* Copies the weights of `phase` into `params` (PATTERN_PARAMS values, centidiscs). */
void pattern_get(const struct pattern_weights *w, int phase, double *params)
{
	for (int i = 0; i < PATTERN_PARAMS; i++)
		params[i] = w->w[phase][i];
}

/* True when `param` is a weight of its own (a canonical table index or an extra term). */
bool pattern_is_canonical(const struct pattern_weights *w, uint32_t param)
{
	return param >= PATTERN_TABLE || w->canon[param] == param;
}

/* Returns the kind of weight `param`, or -1 for the extra terms. */
int pattern_kind_of(uint32_t param)
{
	uint32_t off = 0;

	for (int k = 0; k < PATTERN_KINDS; k++) {
		off += pow3(kind_len(k));
		if (param < off)
			return k;
	}
	return -1;
}

/* Returns the name of pattern kind `kind`. */
const char *pattern_kind_name(int kind)
{
	return kind >= 0 && kind < PATTERN_KINDS ? kind_names[kind] : "extra";
}

/* File ---------------------------------------------------------------------- */

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
	uint64_t h = 0xCBF29CE484222325ULL;

	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 0x100000001B3ULL;
	}
	return h;
}

/*
 * Codes the weights of `w` as the file's payload (zero runs, see the table
 * above). Returns the payload (malloc'd) and its size in `n`, or NULL when
 * out of memory.
 */
static uint8_t *payload_encode(const struct pattern_weights *w, size_t *n_out)
{
	size_t cap = (size_t)PATTERN_PHASES * PATTERN_PARAMS * 2 + 16, n = 0;
	uint8_t *pay = malloc(cap);
	const int16_t *all = &w->w[0][0];
	size_t total = (size_t)PATTERN_PHASES * PATTERN_PARAMS;

	if (!pay)
		return NULL;
	for (size_t i = 0; i < total;) {
		if (all[i] == 0) {
			size_t run = 0;

			while (i + run < total && all[i + run] == 0 && run < 65535)
				run++;
			if (run >= 2) {
				bytes_put_le(pay + n, (uint16_t)RUN_MARK, 2);
				bytes_put_le(pay + n + 2, run, 2);
				n += 4;
				i += run;
				continue;
			}
		}
		bytes_put_le(pay + n, (uint16_t)all[i], 2);
		n += 2;
		i++;
	}
	*n_out = n;
	return pay;
}

/* Writes `w` to `f` in the file format above. Returns 0, or -1 with a message. */
int pattern_write(const struct pattern_weights *w, FILE *f, char *err, size_t errlen)
{
	size_t n;
	uint8_t *pay = payload_encode(w, &n), head[32];
	int rc = 0;

	if (!pay) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memcpy(head, FILE_MAGIC, 8);
	bytes_put_le(head + 8, PATTERN_FILE_VERSION, 4);
	bytes_put_le(head + 12, PATTERN_PHASES, 4);
	bytes_put_le(head + 16, PATTERN_PARAMS, 4);
	bytes_put_le(head + 20, n, 4);
	bytes_put_le(head + 24, fnv1a(pay, n), 8);
	if (fwrite(head, 1, 32, f) != 32 || fwrite(pay, 1, n, f) != n || fflush(f) != 0) {
		snprintf(err, errlen, "write error");
		rc = -1;
	}
	free(pay);
	return rc;
}

/*
 * The checksum a weights file of `w` carries (bytes 24-31 of the header):
 * what names a set of weights in the files made with them (the opening
 * book's header). 0 when out of memory.
 */
uint64_t pattern_checksum(const struct pattern_weights *w)
{
	size_t n;
	uint8_t *pay = payload_encode(w, &n);
	uint64_t h = pay ? fnv1a(pay, n) : 0;

	free(pay);
	return h;
}

/*
 * Reads a weights file from `f` (`name` for messages). Returns new weights,
 * or NULL with "name: message" when the file is not a weights file, has
 * another version or shape, is truncated, fails its checksum or goes on
 * after the payload.
 */
struct pattern_weights *pattern_read(FILE *f, const char *name, char *err, size_t errlen)
{
	uint8_t head[32], *pay = NULL;
	struct pattern_weights *w = NULL;
	size_t n, total = (size_t)PATTERN_PHASES * PATTERN_PARAMS, k = 0, i = 0;
	int16_t *all;

	if (fread(head, 1, 32, f) != 32) {
		snprintf(err, errlen, "%s: truncated header (not a pattern weights file?)", name);
		return NULL;
	}
	if (memcmp(head, FILE_MAGIC, 8) != 0) {
		snprintf(err, errlen, "%s: not a pattern weights file (bad magic)", name);
		return NULL;
	}
	if (bytes_get_le(head + 8, 4) != PATTERN_FILE_VERSION) {
		snprintf(
		    err, errlen,
		    "%s: weights file version %u, this program reads version %d (use the "
		    "installed eval/pattern.bin, or make new weights with 'othello train fit')",
		    name, (unsigned)bytes_get_le(head + 8, 4), PATTERN_FILE_VERSION);
		return NULL;
	}
	if (bytes_get_le(head + 12, 4) != PATTERN_PHASES ||
	    bytes_get_le(head + 16, 4) != PATTERN_PARAMS) {
		snprintf(err, errlen, "%s: %u phases x %u weights, expected %d x %d", name,
			 (unsigned)bytes_get_le(head + 12, 4), (unsigned)bytes_get_le(head + 16, 4),
			 PATTERN_PHASES, PATTERN_PARAMS);
		return NULL;
	}
	n = bytes_get_le(head + 20, 4);
	if (n > total * 2 + 16 || n % 2) {
		snprintf(err, errlen, "%s: bad payload size %zu", name, n);
		return NULL;
	}
	pay = malloc(n ? n : 1);
	w = pattern_new();
	if (!pay || !w) {
		snprintf(err, errlen, "%s: out of memory", name);
		goto fail;
	}
	if (fread(pay, 1, n, f) != n) {
		snprintf(err, errlen, "%s: truncated (payload shorter than %zu bytes)", name, n);
		goto fail;
	}
	if (fnv1a(pay, n) != bytes_get_le(head + 24, 8)) {
		snprintf(err, errlen, "%s: checksum mismatch (corrupt file)", name);
		goto fail;
	}
	if (fgetc(f) != EOF) {
		snprintf(err, errlen, "%s: bytes after the end of the weights (offset %zu)", name,
			 32 + n);
		goto fail;
	}
	all = &w->w[0][0];
	while (i < n) {
		int16_t v = (int16_t)bytes_get_le(pay + i, 2);

		i += 2;
		if (v == RUN_MARK) {
			size_t run = i + 2 <= n ? bytes_get_le(pay + i, 2) : 0;

			i += 2;
			if (run == 0 || k + run > total)
				break;
			memset(all + k, 0, run * sizeof *all);
			k += run;
		} else {
			if (k == total)
				break;
			all[k++] = v;
		}
	}
	if (i != n || k != total) {
		snprintf(err, errlen, "%s: bad payload (%zu of %zu weights)", name, k, total);
		goto fail;
	}
	free(pay);
	return w;
fail:
	free(pay);
	pattern_free(w);
	return NULL;
}

/* A file of the pattern kind: on 8×8, the binary weights (first byte 0x89). */
static bool pattern_kind_reads(enum variant v, int first)
{
	return v == VARIANT_8X8 && first == 0x89;
}

/* Reads a pattern weights file into a new evaluation (eval-kind.h). */
static struct eval *pattern_kind_read(enum variant v, FILE *f, const char *name, char *err,
				      size_t errlen)
{
	struct pattern_weights *w = pattern_read(f, name, err, errlen);

	return w ? eval_wrap(&eval_pattern_kind, v, w) : NULL;
}

static int pattern_kind_board(const void *model, const struct board *b)
{
	return pattern_eval(model, b);
}

static int pattern_kind_write(const void *model, FILE *f)
{
	char err[64];

	return pattern_write(model, f, err, sizeof err);
}

static void pattern_kind_free(void *model)
{
	pattern_free(model);
}

/* The trained pattern weights as a kind of evaluation (eval-kind.h: name, reads, read,
   builtin, board, vboard, write, free). */
const struct eval_kind eval_pattern_kind = {
    "pattern", pattern_kind_reads, pattern_kind_read, NULL, pattern_kind_board,
    NULL,      pattern_kind_write, pattern_kind_free};

/*
 * Returns an evaluation by the trained pattern weights `w` (taking ownership
 * of them; freed with the evaluation, also on failure), or NULL when out of
 * memory.
 */
struct eval *eval_new_pattern(struct pattern_weights *w)
{
	return eval_wrap(&eval_pattern_kind, VARIANT_8X8, w);
}

/* True when `ev` is a pattern evaluation. */
bool eval_is_pattern(const struct eval *ev)
{
	return eval_kind_of(ev) == &eval_pattern_kind;
}

/* The checksum of a pattern evaluation's weights (pattern_checksum), 0 for
   the other kinds. */
uint64_t eval_pattern_checksum(const struct eval *ev)
{
	return eval_is_pattern(ev) ? pattern_checksum(eval_model(ev)) : 0;
}
