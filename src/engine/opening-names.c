/*
 * opening-names.c — the table of opening names, and move sequences (transcripts).
 *
 * File format (openings/names.txt), one opening a line:
 *
 *   | field | meaning                                                       |
 *   |-------|---------------------------------------------------------------|
 *   | MOVES | transcript from the start position, e.g. f5d6c3d3c4           |
 *   | NAME  | the rest of the line after spaces; aliases after " / "        |
 *
 * Lines starting with '#' and blank lines are skipped. Every sequence must be
 * legal from the start position; a bad line fails the whole load with
 * "FILE:LINE:COL: what".
 *
 * Representation: an array of entries in file order, each with its moves and
 * the canonical form (board_canonical) of the position they reach, plus an
 * index of entry numbers sorted by (canonical position, file order). A game is
 * matched by replaying its moves and looking each position up by binary
 * search: the latest position that is named gives the name, so a longer named
 * line wins over its prefix and transpositions are recognised too.
 */
#include "opening-names.h"

#include "parse.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct opening {
	char *name;	  /* as written in the file, aliases included */
	int moves[60];	  /* squares from the start position (no passes) */
	int n_moves;	  /* length of `moves` */
	struct board key; /* canonical form of the position reached */
};

struct openings {
	struct opening *v; /* entries in file order */
	int n;		   /* number of entries */
	int *sorted;	   /* entry numbers sorted by (key, number) */
};

/* Orders positions (own, then opp), then entry numbers. */
static int key_compare(const struct board *a, int ia, const struct board *b, int ib)
{
	if (a->own != b->own)
		return a->own < b->own ? -1 : 1;
	if (a->opp != b->opp)
		return a->opp < b->opp ? -1 : 1;
	return (ia > ib) - (ia < ib);
}

/* Orders entry numbers of the table by (key, number). */
static int entry_compare(const struct openings *o, int ia, int ib)
{
	return key_compare(&o->v[ia].key, ia, &o->v[ib].key, ib);
}

/* Insertion sort of the index (tables are small: a few hundred names). */
static void sort_index(struct openings *o)
{
	for (int i = 1; i < o->n; i++) {
		int x = o->sorted[i], j = i;

		while (j > 0 && entry_compare(o, o->sorted[j - 1], x) > 0) {
			o->sorted[j] = o->sorted[j - 1];
			j--;
		}
		o->sorted[j] = x;
	}
}

/*
 * Parses a transcript at `s` (two characters a move, either case, no
 * separators) and plays it on `b`, whose side to move is `*side`; a side that
 * has no move passes automatically. Stores up to `max` squares in `moves` (may
 * be NULL) and their number in `n_moves`. Returns the number of characters
 * read (it stops at the first character that does not start a square), or -1
 * with "column N: what" in `err` if a move is illegal or there are too many;
 * `b` and `side` are then left as they were.
 */
int openings_parse_moves(const char *s, struct board *b, enum color *side, int *moves, int max,
			 int *n_moves, char *err, size_t errlen)
{
	struct board t = *b;
	enum color c = *side;
	int i = 0, n = 0;

	while (s[i] && s[i + 1]) {
		int sq = board_square_parse(s + i);
		uint64_t flips;

		if (sq < 0)
			break;
		if (!board_can_move(&t) && board_opponent_can_move(&t)) {
			board_pass(&t);
			c = !c;
		}
		flips = board_flips(t.own, t.opp, sq);
		if (!flips || ((t.own | t.opp) & board_bit(sq))) {
			snprintf(err, errlen, "column %d: %s is not a legal move here", i + 1,
				 board_square_name(sq));
			return -1;
		}
		if (n >= max && moves) {
			snprintf(err, errlen, "column %d: more than %d moves", i + 1, max);
			return -1;
		}
		if (moves)
			moves[n] = sq;
		n++;
		board_play(&t, sq, flips);
		c = !c;
		i += 2;
	}
	*b = t;
	*side = c;
	*n_moves = n;
	return i;
}

/* Frees the table (NULL is fine). */
void openings_free(struct openings *o)
{
	if (!o)
		return;
	for (int i = 0; i < o->n; i++)
		free(o->v[i].name);
	free(o->v);
	free(o->sorted);
	free(o);
}

/* Parses one non-comment line into `e`; returns 0, or -1 with "COL: what" in err. */
static int parse_line(const char *line, struct opening *e, char *err, size_t errlen)
{
	struct board b;
	enum color side = BLACK;
	char msg[160];
	int i, len;

	board_start(&b);
	i = openings_parse_moves(line, &b, &side, e->moves, 60, &e->n_moves, msg, sizeof msg);
	if (i < 0) {
		snprintf(err, errlen, "%s", msg + strlen("column "));
		return -1;
	}
	if (e->n_moves == 0) {
		snprintf(err, errlen, "1: expected a move sequence such as f5d6c3");
		return -1;
	}
	if (line[i] != ' ' && line[i] != '\t') {
		snprintf(err, errlen, "%d: expected a space then the name after the moves", i + 1);
		return -1;
	}
	while (line[i] == ' ' || line[i] == '\t')
		i++;
	len = (int)strlen(line + i);
	while (len > 0 && isspace((unsigned char)line[i + len - 1]))
		len--;
	if (len == 0) {
		snprintf(err, errlen, "%d: the opening has no name", i + 1);
		return -1;
	}
	e->name = malloc((size_t)len + 1);
	if (!e->name) {
		snprintf(err, errlen, "%d: out of memory", i + 1);
		return -1;
	}
	memcpy(e->name, line + i, (size_t)len);
	e->name[len] = '\0';
	board_canonical(&b, &e->key, NULL);
	return 0;
}

/*
 * Reads a table of opening names from `f` (`filename` names it in messages).
 * Returns the table (free it with openings_free), or NULL with
 * "FILE:LINE:COL: what" in `err` for the first bad line.
 */
struct openings *openings_load(FILE *f, const char *filename, char *err, size_t errlen)
{
	struct openings *o = calloc(1, sizeof *o);
	char line[1024], msg[200];
	int cap = 0, lineno = 0, more;

	if (!o) {
		snprintf(err, errlen, "%s: out of memory", filename);
		return NULL;
	}
	while ((more = parse_next_line(f, line, sizeof line, filename, &lineno, err, errlen)) > 0) {
		struct opening e;

		memset(&e, 0, sizeof e);
		if (parse_line(line, &e, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s:%d:%s", filename, lineno, msg);
			goto fail;
		}
		if (o->n == cap) {
			int ncap = cap ? 2 * cap : 64;
			struct opening *nv = realloc(o->v, (size_t)ncap * sizeof *nv);

			if (!nv) {
				free(e.name);
				snprintf(err, errlen, "%s:%d:1: out of memory", filename, lineno);
				goto fail;
			}
			o->v = nv;
			cap = ncap;
		}
		o->v[o->n++] = e;
	}
	if (more < 0)
		goto fail;
	o->sorted = malloc((size_t)(o->n ? o->n : 1) * sizeof *o->sorted);
	if (!o->sorted) {
		snprintf(err, errlen, "%s: out of memory", filename);
		goto fail;
	}
	for (int i = 0; i < o->n; i++)
		o->sorted[i] = i;
	sort_index(o);
	return o;
fail:
	openings_free(o);
	return NULL;
}

/* Returns the number of names in the table. */
int openings_count(const struct openings *o)
{
	return o->n;
}

/*
 * Returns the name of entry `i` (file order) and points `moves` / `n_moves`
 * (either may be NULL) at its sequence. The table owns the strings.
 */
const char *openings_name(const struct openings *o, int i, const int **moves, int *n_moves)
{
	if (i < 0 || i >= o->n)
		return NULL;
	if (moves)
		*moves = o->v[i].moves;
	if (n_moves)
		*n_moves = o->v[i].n_moves;
	return o->v[i].name;
}

/* Returns the first entry (file order) whose position is `key`, or -1. */
static int find(const struct openings *o, const struct board *key)
{
	int lo = 0, hi = o->n;

	while (lo < hi) {
		int mid = (lo + hi) / 2, e = o->sorted[mid];

		if (key_compare(&o->v[e].key, e, key, -1) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < o->n) {
		const struct board *k = &o->v[o->sorted[lo]].key;

		if (k->own == key->own && k->opp == key->opp)
			return o->sorted[lo];
	}
	return -1;
}

/*
 * Names a game played from the start position: `moves` are its first
 * `n_moves` moves (SQ_PASS for a pass is accepted; replay stops at the first
 * illegal move). Returns the name of the latest position along them that is a
 * named opening under any symmetry, and its ply in `plies` (may be NULL), or
 * NULL (plies 0) when none is.
 */
const char *openings_match(const struct openings *o, const int *moves, int n_moves, int *plies)
{
	struct board b, key;
	int best = -1, best_ply = 0;

	board_start(&b);
	for (int i = 0; i < n_moves; i++) {
		int sq = moves[i], e;
		uint64_t flips;

		if (sq == SQ_PASS) {
			if (board_can_move(&b))
				break;
			board_pass(&b);
			continue;
		}
		if (sq < 0 || sq > 63 || ((b.own | b.opp) & board_bit(sq)))
			break;
		if (!board_can_move(&b) && board_opponent_can_move(&b))
			board_pass(&b);
		flips = board_flips(b.own, b.opp, sq);
		if (!flips)
			break;
		board_play(&b, sq, flips);
		board_canonical(&b, &key, NULL);
		e = find(o, &key);
		if (e >= 0) {
			best = e;
			best_ply = i + 1;
		}
	}
	if (plies)
		*plies = best_ply;
	return best >= 0 ? o->v[best].name : NULL;
}
