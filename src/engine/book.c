/*
 * book.c — the opening book: text format, hash table, lookup, merge, choice.
 *
 * Book file format (openings/book.txt), one position a line:
 *
 *   POSITION MOVE:SCORE/DEPTH MOVE:SCORE/DEPTH ...   # optional comment
 *
 *   | field    | meaning                                                      |
 *   |----------|--------------------------------------------------------------|
 *   | POSITION | `start`; or a transcript from the start (`f5d6c3`, passes    |
 *   |          | implied); or a board string (64 squares X/O/-, then X or O)   |
 *   | MOVE     | a legal square of that position (`d3`), at most once a line  |
 *   | SCORE    | the move's value for the side to move, in discs, up to two   |
 *   |          | decimals (`+1.25`, `-0.5`, `0`); |SCORE| <= 64                |
 *   | DEPTH    | plies the search looked ahead (60 and more: exact), 0-255;   |
 *   |          | required (0 when not known), so that `f3:-1` is not taken    |
 *   |          | for a move with its depth left out by mistake                |
 *
 * Blank lines and lines starting with '#' are skipped. A malformed line fails
 * the whole file with "FILE:LINE:COL: what" and the book is left unchanged;
 * so does a position given twice in one file (under any symmetry), with
 * both lines named. A position met in several files loaded into one book
 * keeps the union of its moves; when both give the same move, the deeper
 * score wins and, at equal depth, the one read last.
 *
 * Representation: entries in insertion order, each the canonical form of its
 * position (board_canonical: the least of its 8 images) with its moves in that
 * orientation (one block of a shared array of moves, as large as the entry
 * needs: an entry that gains moves moves to a larger block at the end), and an
 * open-addressing table (linear probing, at most half full) of entry numbers
 * hashed by board_hash of the canonical position. A lookup canonicalises the
 * position, finds the entry and maps its moves back through the inverse
 * symmetry.
 *
 * book_write writes positions reachable from the start through book moves as
 * transcripts (breadth first, so in ply order; normalised to start with f5),
 * the others as board strings, ordered by their canonical positions (so the
 * file does not depend on the order the positions were added in).
 */
#include "book.h"

#include "opening-names.h"
#include "parse.h"
#include "rng.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct stored_move {
	int8_t sq;     /* square, in the orientation of the canonical position */
	uint8_t depth; /* plies searched; 0 unknown */
	int16_t score; /* centidiscs, side to move */
};

struct entry {
	struct board key; /* canonical position */
	uint32_t first;	  /* its moves: the book's moves[first .. first + n), unordered */
	uint8_t side;	  /* colour to move (enum color), for board strings */
	uint8_t n;	  /* number of moves */
	uint8_t cap;	  /* room at moves[first]: n <= cap <= BOOK_MAX_MOVES */
};

struct book {
	struct entry *v;	   /* entries in insertion order */
	size_t n, cap;		   /* entries used, allocated */
	uint32_t *slots;	   /* entry number + 1 per slot, 0 = free */
	size_t n_slots;		   /* a power of two, at least twice n */
	struct stored_move *moves; /* the entries' moves, each entry's in one block */
	size_t n_moves, cap_moves; /* moves used (blocks given out), allocated */
};

/* Returns an empty book, or NULL when out of memory. */
struct book *book_new(void)
{
	return calloc(1, sizeof(struct book));
}

/* Frees the book (NULL is fine). */
void book_free(struct book *bk)
{
	if (!bk)
		return;
	free(bk->v);
	free(bk->slots);
	free(bk->moves);
	free(bk);
}

/* Returns the number of positions in the book. */
size_t book_size(const struct book *bk)
{
	return bk->n;
}

/* The `i`-th position of the book (0 <= i < book_size, in the order added), in
   its canonical orientation, with the colour to move in `side`. */
void book_entry(const struct book *bk, size_t i, struct board *b, enum color *side)
{
	*b = bk->v[i].key;
	*side = (enum color)bk->v[i].side;
}

/* Returns the slot holding canonical position `key`, or the free slot where it would go. */
static size_t find_slot(const struct book *bk, const struct board *key)
{
	size_t mask = bk->n_slots - 1, i = (size_t)board_hash(key) & mask;

	while (bk->slots[i]) {
		const struct entry *e = &bk->v[bk->slots[i] - 1];

		if (e->key.own == key->own && e->key.opp == key->opp)
			break;
		i = (i + 1) & mask;
	}
	return i;
}

/* Returns the entry of canonical position `key`, or NULL. */
static const struct entry *find_entry(const struct book *bk, const struct board *key)
{
	size_t i;

	if (!bk->n_slots)
		return NULL;
	i = find_slot(bk, key);
	return bk->slots[i] ? &bk->v[bk->slots[i] - 1] : NULL;
}

/* Makes room for `more` new entries; returns 0, or -1 when out of memory (book unchanged). */
static int reserve(struct book *bk, size_t more)
{
	size_t need = bk->n + more;

	if (need > UINT32_MAX - 1)
		return -1;
	if (need > bk->cap) {
		size_t cap = bk->cap ? bk->cap : 64;
		struct entry *v;

		while (cap < need)
			cap *= 2;
		v = realloc(bk->v, cap * sizeof *v);
		if (!v)
			return -1;
		bk->v = v;
		bk->cap = cap;
	}
	if (2 * need > bk->n_slots) {
		size_t n_slots = bk->n_slots ? bk->n_slots : 128;
		uint32_t *old = bk->slots;
		size_t old_n = bk->n_slots;

		while (n_slots < 2 * need)
			n_slots *= 2;
		bk->slots = calloc(n_slots, sizeof *bk->slots);
		if (!bk->slots) {
			bk->slots = old;
			return -1;
		}
		bk->n_slots = n_slots;
		for (size_t i = 0; i < old_n; i++)
			if (old[i])
				bk->slots[find_slot(bk, &bk->v[old[i] - 1].key)] = old[i];
		free(old);
	}
	return 0;
}

/* Makes room for `more` moves in the shared array; 0, or -1 when out of memory (book unchanged). */
static int reserve_moves(struct book *bk, size_t more)
{
	size_t need = bk->n_moves + more, cap = bk->cap_moves ? bk->cap_moves : 256;
	struct stored_move *m;

	if (need > UINT32_MAX)
		return -1;
	if (need <= bk->cap_moves)
		return 0;
	while (cap < need)
		cap *= 2;
	if (!(m = realloc(bk->moves, cap * sizeof *m)))
		return -1;
	bk->moves = m;
	bk->cap_moves = cap;
	return 0;
}

/* How many moves entry `e` (NULL: a new one) holds once the squares sq[0..n-1] are put. */
static int moves_after(const struct book *bk, const struct entry *e, const int *sq, int n)
{
	int count = e ? e->n : 0;

	for (int i = 0; i < n; i++) {
		bool there = false;

		for (int j = 0; e && j < e->n && !there; j++)
			there = bk->moves[e->first + j].sq == sq[i];
		for (int j = 0; j < i && !there; j++)
			there = sq[j] == sq[i];
		count += !there;
	}
	return count;
}

/* The moves a block for `count` moves takes from the shared array when `e` needs one. */
static size_t block_need(const struct entry *e, int count)
{
	return !e || count > e->cap ? (size_t)count : 0;
}

/* Gives entry `e` room for `count` moves (a new block when it has less; room reserved). */
static void entry_room(struct book *bk, struct entry *e, int count)
{
	if (count <= e->cap)
		return;
	memcpy(bk->moves + bk->n_moves, bk->moves + e->first, e->n * sizeof *bk->moves);
	e->first = (uint32_t)bk->n_moves;
	e->cap = (uint8_t)count;
	bk->n_moves += (size_t)count;
}

/* Returns the entry of canonical `key`, created empty if new; room must have been reserved. */
static struct entry *get_entry(struct book *bk, const struct board *key, enum color side)
{
	size_t i = find_slot(bk, key);
	struct entry *e;

	if (bk->slots[i])
		return &bk->v[bk->slots[i] - 1];
	e = &bk->v[bk->n++];
	memset(e, 0, sizeof *e);
	e->key = *key;
	e->side = (uint8_t)side;
	bk->slots[i] = (uint32_t)bk->n;
	return e;
}

/* Adds or updates a move of an entry (with room for it: entry_room): the deeper score wins,
   the newer one at equal depth. */
static void entry_put(struct book *bk, struct entry *e, int sq, int score, int depth)
{
	struct stored_move *m = bk->moves + e->first;
	int i;

	for (i = 0; i < e->n && m[i].sq != sq; i++)
		;
	if (i < e->n && m[i].depth > depth)
		return;
	if (i == e->n) {
		if (e->n == e->cap)
			return; /* cannot happen: the room was made */
		e->n++;
	}
	m[i].sq = (int8_t)sq;
	m[i].score = (int16_t)score;
	m[i].depth = (uint8_t)(depth > 255 ? 255 : depth);
}

/*
 * Adds the scored moves of position `b` (colour `side` to move, used only to
 * write board strings) to the book, merging with what is there. Returns 0, or
 * -1 with a message if a move is illegal, repeated, or scored out of range, or
 * memory runs out; the book is then unchanged.
 */
int book_add(struct book *bk, const struct board *b, enum color side, const struct book_move *moves,
	     int n_moves, char *err, size_t errlen)
{
	struct board key;
	const struct entry *old;
	struct entry *e;
	int sym, sq[BOOK_MAX_MOVES], count;
	size_t need;

	if (n_moves > BOOK_MAX_MOVES) {
		snprintf(err, errlen, "more than %d moves", BOOK_MAX_MOVES);
		return -1;
	}
	for (int i = 0; i < n_moves; i++) {
		if (moves[i].move < 0 || moves[i].move > 63 || !board_is_legal(b, moves[i].move)) {
			snprintf(err, errlen, "%s is not a legal move",
				 board_square_name(moves[i].move < 0 || moves[i].move > 63
						       ? SQ_NONE
						       : moves[i].move));
			return -1;
		}
		if (moves[i].score < -BOOK_SCORE_MAX || moves[i].score > BOOK_SCORE_MAX) {
			snprintf(err, errlen, "%s: score out of range",
				 board_square_name(moves[i].move));
			return -1;
		}
		for (int j = 0; j < i; j++)
			if (moves[j].move == moves[i].move) {
				snprintf(err, errlen, "%s is given twice",
					 board_square_name(moves[i].move));
				return -1;
			}
	}
	board_canonical(b, &key, &sym);
	for (int i = 0; i < n_moves; i++)
		sq[i] = board_symmetry_square(moves[i].move, sym);
	old = find_entry(bk, &key); /* read before reserve() may move the entries */
	count = moves_after(bk, old, sq, n_moves);
	need = block_need(old, count);
	if (reserve(bk, 1) < 0 || reserve_moves(bk, need) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	e = get_entry(bk, &key, side);
	entry_room(bk, e, count);
	for (int i = 0; i < n_moves; i++)
		entry_put(bk, e, sq[i], moves[i].score, moves[i].depth);
	return 0;
}

/*
 * Merges every position of `src` into `dst` (same rules as loading). Returns
 * 0, or -1 with a message when out of memory, `dst` unchanged.
 */
int book_merge(struct book *dst, const struct book *src, char *err, size_t errlen)
{
	size_t need = 0;
	int sq[BOOK_MAX_MOVES];

	/* first the room every entry will need, so that a failure changes nothing */
	for (size_t i = 0; i < src->n; i++) {
		const struct entry *s = &src->v[i], *e = find_entry(dst, &s->key);

		for (int j = 0; j < s->n; j++)
			sq[j] = src->moves[s->first + j].sq;
		need += block_need(e, moves_after(dst, e, sq, s->n));
	}
	if (reserve(dst, src->n) < 0 || reserve_moves(dst, need) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < src->n; i++) {
		const struct entry *s = &src->v[i];
		const struct stored_move *m = src->moves + s->first;
		struct entry *e = get_entry(dst, &s->key, (enum color)s->side);

		for (int j = 0; j < s->n; j++)
			sq[j] = m[j].sq;
		entry_room(dst, e, moves_after(dst, e, sq, s->n));
		for (int j = 0; j < s->n; j++)
			entry_put(dst, e, m[j].sq, m[j].score, m[j].depth);
	}
	return 0;
}

/* Orders book moves best first: score, then depth, then square. */
static int move_compare(const void *pa, const void *pb)
{
	const struct book_move *a = pa, *b = pb;

	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	if (a->depth != b->depth)
		return a->depth > b->depth ? -1 : 1;
	return a->move - b->move;
}

/* Copies an entry's moves into `out` in the orientation `sym` maps from, best first. */
static int entry_moves(const struct book *bk, const struct entry *e, int sym,
		       struct book_move out[BOOK_MAX_MOVES])
{
	const struct stored_move *m = bk->moves + e->first;
	int inv = board_symmetry_inverse(sym);

	for (int i = 0; i < e->n; i++) {
		out[i].move = board_symmetry_square(m[i].sq, inv);
		out[i].score = m[i].score;
		out[i].depth = m[i].depth;
	}
	qsort(out, e->n, sizeof *out, move_compare);
	return e->n;
}

/*
 * Looks position `b` up under the 8 symmetries. Returns the number of book
 * moves written to `out` (squares of `b`, best first), 0 if it is not in the book.
 */
int book_lookup(const struct book *bk, const struct board *b, struct book_move out[BOOK_MAX_MOVES])
{
	struct board key;
	const struct entry *e;
	int sym;

	board_canonical(b, &key, &sym);
	e = find_entry(bk, &key);
	return e ? entry_moves(bk, e, sym, out) : 0;
}

/*
 * Picks a book move for `b`: among the moves scored within `tolerance`
 * centidiscs of the best, a uniformly random one drawn from `rng` when `rng` is
 * not NULL, else the best (ties broken as by book_lookup). Returns 0 with the
 * move in `out`, or -1 if `b` is not in the book.
 */
int book_choose(const struct book *bk, const struct board *b, int tolerance, uint64_t *rng,
		struct book_move *out)
{
	struct book_move moves[BOOK_MAX_MOVES];
	int n = book_lookup(bk, b, moves), k = 0;

	if (n == 0)
		return -1;
	if (rng) {
		int close = 1;

		while (close < n && moves[close].score >= moves[0].score - tolerance)
			close++;
		k = (int)rng_below(rng, (uint64_t)close);
	}
	*out = moves[k];
	return 0;
}

/*
 * Parses a score in discs (`+1.25`, `-3`, `0.5`: a sign, digits, at most two
 * decimals) at `s` into centidiscs. Returns 0 and the characters read in
 * `chars`, or -1 if there is no such number or it exceeds 64 discs.
 */
int book_parse_score(const char *s, int *score, int *chars)
{
	int i = 0, sign = 1, whole = 0, frac = 0, digits = 0;

	if (s[i] == '+' || s[i] == '-')
		sign = s[i++] == '-' ? -1 : 1;
	while (isdigit((unsigned char)s[i]) && digits < 3) {
		whole = whole * 10 + (s[i++] - '0');
		digits++;
	}
	if (digits == 0 || isdigit((unsigned char)s[i]))
		return -1;
	if (s[i] == '.') {
		i++;
		if (!isdigit((unsigned char)s[i]))
			return -1;
		frac = (s[i++] - '0') * 10;
		if (isdigit((unsigned char)s[i]))
			frac += s[i++] - '0';
		if (isdigit((unsigned char)s[i]))
			return -1;
	}
	if (whole * 100 + frac > BOOK_SCORE_MAX)
		return -1;
	*score = sign * (whole * 100 + frac);
	*chars = i;
	return 0;
}

/* Writes a centidisc score as discs with a sign and two decimals ("+1.25"). */
void book_format_score(int score, char out[8])
{
	int a = score < 0 ? -score : score;

	if (a > 9999)
		a = 9999;
	snprintf(out, 8, "%c%d.%02d", score < 0 ? '-' : '+', a / 100, a % 100);
}

/* Turns "column N: what" (msg, of a parser that read from column `start` + 1
   of the line) into "COL: what" of the line in err. Returns -1. */
static int relay_column(const char *msg, int start, char *err, size_t errlen)
{
	int col = atoi(msg + strlen("column "));

	snprintf(err, errlen, "%d: %s", start + col, strchr(msg, ':') + 2);
	return -1;
}

/* Reads the position that starts a book line at line[*i] (blanks skipped):
   moves from the start (the side to move passing when it must), `start`,
   or a board string; into `b`/`side`, with *i moved past it. 0, or -1
   with "COL: what". */
static int parse_position(const char *line, int *i, struct board *b, enum color *side, char *err,
			  size_t errlen)
{
	char msg[160];
	int k, dummy;

	while (line[*i] == ' ' || line[*i] == '\t')
		(*i)++;
	board_start(b);
	*side = BLACK;
	if (board_square_parse(line + *i) >= 0) {
		k = openings_parse_moves(line + *i, b, side, NULL, 0, &dummy, msg, sizeof msg);
		if (k < 0)
			return relay_column(msg, *i, err, errlen);
		if (!board_can_move(b) && board_opponent_can_move(b)) {
			board_pass(b);
			*side = !*side;
		}
	} else if (strncmp(line + *i, "start", 5) == 0) {
		k = 5;
	} else {
		k = board_parse(line + *i, b, side, msg, sizeof msg);
		if (k < 0)
			return relay_column(msg, *i, err, errlen);
	}
	*i += k;
	return 0;
}

/* Reads one book move `d3:+1.50/12` at line[*i], legal in `b` and not among
   the `n` moves already read, into *out, with *i moved past it. 0, or -1
   with "COL: what". */
static int parse_move(const char *line, int *i, const struct board *b,
		      const struct book_move *moves, int n, struct book_move *out, char *err,
		      size_t errlen)
{
	int sq, score, depth = 0, k;

	sq = board_square_parse(line + *i);
	if (sq < 0) {
		snprintf(err, errlen, "%d: expected a move such as d3:+1.50", *i + 1);
		return -1;
	}
	if (!board_is_legal(b, sq)) {
		snprintf(err, errlen, "%d: %s is not a legal move here", *i + 1,
			 board_square_name(sq));
		return -1;
	}
	for (int j = 0; j < n; j++)
		if (moves[j].move == sq) {
			snprintf(err, errlen, "%d: %s is given twice", *i + 1,
				 board_square_name(sq));
			return -1;
		}
	*i += 2;
	if (line[*i] != ':') {
		snprintf(err, errlen, "%d: expected ':' then the score after the move", *i + 1);
		return -1;
	}
	(*i)++;
	if (book_parse_score(line + *i, &score, &k) < 0) {
		snprintf(err, errlen,
			 "%d: expected a score in discs from -64 to +64 (such as +1.50)", *i + 1);
		return -1;
	}
	*i += k;
	if (line[*i] != '/') {
		snprintf(err, errlen,
			 "%d: expected '/' and the depth searched after the score "
			 "(such as d3:+1.50/12; /0 if not known)",
			 *i + 1);
		return -1;
	}
	(*i)++;
	if (!isdigit((unsigned char)line[*i])) {
		snprintf(err, errlen, "%d: expected a depth after '/'", *i + 1);
		return -1;
	}
	while (isdigit((unsigned char)line[*i]) && depth <= 255)
		depth = depth * 10 + (line[(*i)++] - '0');
	if (depth > 255) {
		snprintf(err, errlen, "%d: depth out of range (0-255)", *i + 1);
		return -1;
	}
	if (line[*i] && line[*i] != ' ' && line[*i] != '\t' && line[*i] != '\r' &&
	    line[*i] != '\n') {
		snprintf(err, errlen, "%d: unexpected '%s' after the move", *i + 1,
			 PARSE_SHOW(line[*i]));
		return -1;
	}
	out->move = sq;
	out->score = score;
	out->depth = depth;
	return 0;
}

/* Parses one book line into `b`/`side`/`moves`; returns the move count, or -1 with "COL: what". */
static int parse_line(const char *line, struct board *b, enum color *side,
		      struct book_move moves[BOOK_MAX_MOVES], char *err, size_t errlen)
{
	int i = 0, n = 0;

	if (parse_position(line, &i, b, side, err, errlen) < 0)
		return -1;
	if (line[i] != ' ' && line[i] != '\t') {
		snprintf(err, errlen, "%d: expected a space, then the book moves", i + 1);
		return -1;
	}
	if (!board_can_move(b)) {
		snprintf(err, errlen, "%d: the side to move has no legal move here", i + 1);
		return -1;
	}
	for (;;) {
		while (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n')
			i++;
		if (line[i] == '\0' || line[i] == '#')
			break;
		if (parse_move(line, &i, b, moves, n, &moves[n], err, errlen) < 0)
			return -1;
		n++;
	}
	if (n == 0) {
		snprintf(err, errlen, "%d: the position has no book moves", i + 1);
		return -1;
	}
	return n;
}

/*
 * Reads a book file from `f` (`filename` names it in messages) and merges its
 * positions into `bk`. Returns 0, or -1 with "FILE:LINE:COL: what" in `err`
 * for the first malformed line, `bk` unchanged.
 */
int book_load(struct book *bk, FILE *f, const char *filename, char *err, size_t errlen)
{
	struct book *tmp = book_new();
	char line[4096], msg[200];
	int lineno = 0, rc = -1, more, *lines = NULL; /* lines[k]: the line of entry k */
	size_t cap = 0;

	if (!tmp) {
		snprintf(err, errlen, "%s: out of memory", filename);
		return -1;
	}
	while ((more = parse_next_line(f, line, sizeof line, filename, &lineno, err, errlen)) > 0) {
		struct book_move moves[BOOK_MAX_MOVES];
		struct board b, key;
		const struct entry *e;
		enum color side;
		int n, sym;

		n = parse_line(line, &b, &side, moves, msg, sizeof msg);
		if (n >= 0) {
			board_canonical(&b, &key, &sym);
			if ((e = find_entry(tmp, &key))) {
				snprintf(err, errlen,
					 "%s:%d:1: the position of line %d again (or one of its "
					 "symmetric images); give each position once",
					 filename, lineno, lines[e - tmp->v]);
				goto done;
			}
		}
		if (n < 0 || book_add(tmp, &b, side, moves, n, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s:%d:%s", filename, lineno, msg);
			goto done;
		}
		if (tmp->n > cap) {
			int *nl = realloc(lines, tmp->cap * sizeof *nl);

			if (!nl) {
				snprintf(err, errlen, "%s: out of memory", filename);
				goto done;
			}
			lines = nl;
			cap = tmp->cap;
		}
		lines[tmp->n - 1] = lineno;
	}
	if (more < 0)
		goto done;
	if (book_merge(bk, tmp, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "%s: %s", filename, msg);
		goto done;
	}
	rc = 0;
done:
	free(lines);
	book_free(tmp);
	return rc;
}

/* Writes the moves of entry `e` seen from the orientation `sym` maps from, then a newline. */
static void write_moves(const struct book *bk, FILE *f, const struct entry *e, int sym)
{
	struct book_move moves[BOOK_MAX_MOVES];
	int n = entry_moves(bk, e, sym, moves);
	char score[8];

	for (int i = 0; i < n; i++) {
		book_format_score(moves[i].score, score);
		fprintf(f, " %s:%s/%d", board_square_name(moves[i].move), score, moves[i].depth);
	}
	fputc('\n', f);
}

/*
 * Turns the position `c` after first move `move` from the start into its image
 * after f5 by a symmetry that keeps the start position; returns f5 (the move
 * unchanged if no such symmetry exists, which cannot happen from the start).
 */
static int to_f5(struct board *c, int move)
{
	int f5 = board_square_parse("f5");
	struct board start, t;

	board_start(&start);
	for (int sym = 0; sym < BOARD_SYMMETRIES; sym++) {
		board_symmetry(&start, sym, &t);
		if (t.own != start.own || t.opp != start.opp ||
		    board_symmetry_square(move, sym) != f5)
			continue;
		board_symmetry(c, sym, &t);
		*c = t;
		return f5;
	}
	return move;
}

struct visit {
	size_t entry;	 /* entry number */
	struct board b;	 /* the position as reached by `moves` */
	char moves[121]; /* transcript from the start */
};

/* Orders visits by their positions: discs on the board, then the bitboards. */
static int by_key(const void *pa, const void *pb)
{
	const struct board *a = &((const struct visit *)pa)->b, *b = &((const struct visit *)pb)->b;
	int da = board_popcount(a->own | a->opp), db = board_popcount(b->own | b->opp);

	if (da != db)
		return da - db;
	if (a->own != b->own)
		return a->own < b->own ? -1 : 1;
	return a->opp < b->opp ? -1 : a->opp > b->opp;
}

/*
 * Writes the book to `f` in the format above: a header comment, then the
 * positions reachable from the start through book moves as transcripts, in
 * ply order, then the others as board strings, by canonical position.
 * `source` (may be NULL) says what scored the moves; it is written as a
 * header line. Returns 0, or -1 on a
 * write error or when out of memory.
 */
int book_write(const struct book *bk, FILE *f, const char *source)
{
	struct visit *queue = malloc((bk->n ? bk->n : 1) * sizeof *queue);
	bool *seen = calloc(bk->n ? bk->n : 1, sizeof *seen);
	size_t head = 0, tail = 0;
	struct board start, key;
	const struct entry *e;
	int sym;

	if (!queue || !seen) {
		free(queue);
		free(seen);
		return -1;
	}
	fprintf(
	    f,
	    "# Othello Master opening book: %zu positions.\n"
	    "# One position a line: POSITION MOVE:SCORE/DEPTH ...; POSITION is `start`, the\n"
	    "# moves from the start (passes implied) or a board string; SCORE in discs for\n"
	    "# the side to move; DEPTH the plies searched (60: exact). See src/engine/book.c.\n",
	    bk->n);
	if (source)
		fprintf(f, "# Scored by %s.\n", source);
	board_start(&start);
	board_canonical(&start, &key, NULL);
	if ((e = find_entry(bk, &key)) != NULL) {
		queue[tail].entry = (size_t)(e - bk->v);
		queue[tail].b = start;
		queue[tail].moves[0] = '\0';
		seen[queue[tail].entry] = true;
		tail++;
	}
	while (head < tail) {
		struct visit *v = &queue[head++];
		struct book_move moves[BOOK_MAX_MOVES];
		int n;

		e = &bk->v[v->entry];
		board_canonical(&v->b, &key, &sym);
		fputs(v->moves[0] ? v->moves : "start", f);
		write_moves(bk, f, e, sym);
		n = entry_moves(bk, e, sym, moves);
		for (int i = 0; i < n; i++) {
			struct board c = v->b;
			const struct entry *ce;
			size_t len = strlen(v->moves);

			int move = moves[i].move;

			board_play(&c, move, board_flips(c.own, c.opp, move));
			if (!board_can_move(&c))
				board_pass(&c);
			if (len == 0 && v->b.own == start.own && v->b.opp == start.opp)
				move = to_f5(&c, move);
			board_canonical(&c, &key, NULL);
			ce = find_entry(bk, &key);
			if (!ce || seen[ce - bk->v] || len + 2 >= sizeof v->moves)
				continue;
			seen[ce - bk->v] = true;
			queue[tail].entry = (size_t)(ce - bk->v);
			queue[tail].b = c;
			memcpy(queue[tail].moves, v->moves, len);
			memcpy(queue[tail].moves + len, board_square_name(move), 3);
			tail++;
		}
	}
	/* the others in an order of their own (not the order they were added in,
	   which a parallel build does not fix), in the queue's room */
	head = 0;
	for (size_t i = 0; i < bk->n; i++)
		if (!seen[i]) {
			queue[head].entry = i;
			queue[head++].b = bk->v[i].key;
		}
	qsort(queue, head, sizeof *queue, by_key);
	for (size_t i = 0; i < head; i++) {
		char s[BOARD_STRING_LEN + 1];

		e = &bk->v[queue[i].entry];
		board_format(&e->key, (enum color)e->side, s);
		fputs(s, f);
		write_moves(bk, f, e, 0);
	}
	free(queue);
	free(seen);
	return ferror(f) ? -1 : 0;
}
