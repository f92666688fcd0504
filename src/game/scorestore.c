/*
 * scorestore.c — the store of the best known score of each move of each
 * position (see scorestore.h for what it is for).
 *
 * A hash table of SCORESTORE_SLOTS positions, open addressing with linear
 * probing over SCORESTORE_PROBE slots; a full run evicts the slot the hash
 * points at (a cache: what is lost is searched again). A slot holds the
 * position's key and its moves' entries in no order; readers sort them.
 *
 * Rank of an entry, deepest first: an exact solve (or a book score of depth
 * 60, the book's "exact") above everything; else depth, then selectivity;
 * at equal depth and selectivity the book above a search.
 */
#include "scorestore.h"

#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	SCORESTORE_SLOTS = 4096, /* positions kept (a power of two) */
	SCORESTORE_PROBE = 8,	 /* slots looked at from the hashed one */
};

struct slot {
	bool used;				    /* holds a position */
	struct score_key key;			    /* the position */
	int n;					    /* entries in moves */
	struct scored_move moves[SCORESTORE_MOVES]; /* one per move, in no order */
};

struct scorestore {
	struct slot slots[SCORESTORE_SLOTS]; /* the table */
};

/* A new empty store, or NULL when memory runs out. */
struct scorestore *scorestore_new(void)
{
	return calloc(1, sizeof(struct scorestore));
}

/* Frees the store; NULL is ignored. */
void scorestore_free(struct scorestore *st)
{
	free(st);
}

static uint64_t mix(uint64_t x)
{
	x ^= x >> 31;
	x *= 0x7fb5d329728ea185ULL;
	x ^= x >> 27;
	x *= 0x81dadef4bc2dd44dULL;
	return x ^ (x >> 33);
}

static uint64_t key_hash(const struct score_key *k)
{
	uint64_t h = mix((uint64_t)k->black ^ (uint64_t)k->variant << 56);

	h = mix(h ^ (uint64_t)(k->black >> 64));
	h = mix(h ^ (uint64_t)k->white);
	h = mix(h ^ (uint64_t)(k->white >> 64) ^ (uint64_t)k->side);
	return h;
}

static bool key_equal(const struct score_key *a, const struct score_key *b)
{
	return a->variant == b->variant && a->black == b->black && a->white == b->white &&
	       a->side == b->side;
}

/* The slot of `k`, or NULL when it is not stored. */
static const struct slot *find(const struct scorestore *st, const struct score_key *k)
{
	uint64_t h = key_hash(k);

	for (int i = 0; i < SCORESTORE_PROBE; i++) {
		const struct slot *s = &st->slots[(h + (uint64_t)i) & (SCORESTORE_SLOTS - 1)];

		if (s->used && key_equal(&s->key, k))
			return s;
	}
	return NULL;
}

/* The rank of an entry: the higher, the deeper (see the top of the file). */
static int rank(const struct scored_move *m)
{
	if (m->by == SCORED_EXACT || (m->by == SCORED_BOOK && m->depth >= 60))
		return 1 << 30;
	return m->depth * 256 + (m->selectivity > 0 && m->selectivity < 100 ? m->selectivity : 100) *
				    2 + (m->by == SCORED_BOOK);
}

/* True when `a` should replace `b`: an exact score over a bound, else at least as deep. */
bool scorestore_deeper(const struct scored_move *a, const struct scored_move *b)
{
	if ((a->bound == BOUND_EXACT) != (b->bound == BOUND_EXACT))
		return a->bound == BOUND_EXACT;
	return rank(a) >= rank(b);
}

/*
 * Stores the score `m` of a move of position `k` unless the store knows a
 * deeper one (scorestore_deeper); true when it was stored.
 */
bool scorestore_put(struct scorestore *st, const struct score_key *k, const struct scored_move *m)
{
	uint64_t h = key_hash(k);
	struct slot *s = NULL;

	for (int i = 0; i < SCORESTORE_PROBE && !s; i++) {
		struct slot *t = &st->slots[(h + (uint64_t)i) & (SCORESTORE_SLOTS - 1)];

		if (t->used && key_equal(&t->key, k))
			s = t;
	}
	for (int i = 0; i < SCORESTORE_PROBE && !s; i++) {
		struct slot *t = &st->slots[(h + (uint64_t)i) & (SCORESTORE_SLOTS - 1)];

		if (!t->used)
			s = t;
	}
	if (!s) {
		s = &st->slots[h & (SCORESTORE_SLOTS - 1)]; /* evict */
		s->used = false;
	}
	if (!s->used) {
		s->used = true;
		s->key = *k;
		s->n = 0;
	}
	for (int i = 0; i < s->n; i++) {
		if (s->moves[i].move != m->move)
			continue;
		if (!scorestore_deeper(m, &s->moves[i]))
			return false;
		s->moves[i] = *m;
		return true;
	}
	if (s->n == SCORESTORE_MOVES)
		return false;
	s->moves[s->n++] = *m;
	return true;
}

/* True when `a` is listed before `b`: the higher score, and on a tie an exact score first. */
static bool before(const struct scored_move *a, const struct scored_move *b)
{
	if (a->score != b->score)
		return a->score > b->score;
	return a->bound == BOUND_EXACT && b->bound != BOUND_EXACT;
}

/* Copies the known moves of `k`, best first, into out (at most max); how many (0 if none). */
int scorestore_get(const struct scorestore *st, const struct score_key *k, struct scored_move *out,
		   int max)
{
	const struct slot *s = find(st, k);
	struct scored_move all[SCORESTORE_MOVES];
	int n = 0;

	if (!s)
		return 0;
	for (int i = 0; i < s->n; i++) {
		int j;

		for (j = n++; j > 0 && before(&s->moves[i], &all[j - 1]); j--)
			all[j] = all[j - 1];
		all[j] = s->moves[i];
	}
	if (n > max)
		n = max;
	memcpy(out, all, sizeof(*out) * (size_t)n);
	return n;
}

/* The best move of `k` among those with an exact score, in *best; false when none has one. */
bool scorestore_value(const struct scorestore *st, const struct score_key *k,
		      struct scored_move *best)
{
	const struct slot *s = find(st, k);
	bool found = false;

	for (int i = 0; s && i < s->n; i++) {
		if (s->moves[i].bound != BOUND_EXACT || (found && !before(&s->moves[i], best)))
			continue;
		*best = s->moves[i];
		found = true;
	}
	return found;
}

/* Where a score comes from, as the screen labels it: "book", "exact", "d14" or "d18@87%". */
void scorestore_label(const struct scored_move *m, char *out, size_t outlen)
{
	char depth[16];

	if (m->by == SCORED_BOOK) {
		snprintf(out, outlen, "book");
	} else if (m->by == SCORED_EXACT) {
		snprintf(out, outlen, "exact");
	} else {
		search_depth_text(m->depth, m->selectivity, depth, sizeof depth);
		snprintf(out, outlen, "d%s", depth);
	}
}
