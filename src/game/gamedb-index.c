/*
 * gamedb-index.c — the game database's position index and its queries.
 *
 * Every position of every game (after each move, a forced pass played, from
 * the side to move's view) is turned into its canonical form under the 8
 * symmetries (board_canonical), and one 64-bit entry is kept for it:
 *
 * | bits  | meaning                                                       |
 * |-------|---------------------------------------------------------------|
 * | 63-24 | the top 40 bits of the hash of the canonical position and of  |
 * |       | its side to move                                              |
 * | 23-3  | the game (index in the collection, < GAMEDB_MAX_GAMES)        |
 * | 2-0   | the symmetry that maps the game's position to the canonical   |
 *
 * The entries are sorted (a radix sort on the hash), so the games through a
 * position are one run found by binary search. The ply needs no room: every
 * move adds one disc, so a position's ply is its discs less four. A hit is
 * checked by replaying its game to that ply, so a clash of hashes is never
 * taken for a match. The game's next move goes through its symmetry to the
 * canonical board, then back through the inverse of the query's symmetry to
 * the board as shown.
 */
#include "config.h"

#include "gamedb-index.h"
#include "timer.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum {
	KEY_SHIFT = 24,			 /* the hash's bits start here */
	GAME_SHIFT = 3,			 /* the game's bits start here */
	RADIX_BITS = 14,		 /* bits sorted by each pass */
	RADIX_PASSES = 3,		 /* passes: 40 bits of hash, the last one short */
	RADIX_BUCKETS = 1 << RADIX_BITS, /* counts of one pass */
};

static const uint64_t KEY_MASK = ~(((uint64_t)1 << KEY_SHIFT) - 1);

/* The hash of canonical position `c` with `side` to move (top bits kept). */
static uint64_t key_of(const struct board *c, enum color side)
{
	return board_hash_mix(board_hash(c) + (uint64_t)side) & KEY_MASK;
}

static int compare_keys(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

/* Plays the forced pass of `*b` if its side to move has no move and the other has one. */
static void settle(struct board *b, enum color *side)
{
	if (!board_can_move(b) && board_opponent_can_move(b)) {
		board_pass(b);
		*side = *side == BLACK ? WHITE : BLACK;
	}
}

/* Sorts `n` entries of `a` by their hash, with `tmp` as room for as many
   (stable LSD radix sort on bits 24-63); the result is in `a`. 0, or -1 when
   out of memory. */
static int radix_sort(uint64_t *a, uint64_t *tmp, size_t n)
{
	size_t *count = calloc(RADIX_BUCKETS, sizeof(*count));

	if (!count)
		return -1;
	for (int pass = 0; pass < RADIX_PASSES; pass++) {
		int shift = KEY_SHIFT + pass * RADIX_BITS;
		size_t sum = 0;

		memset(count, 0, RADIX_BUCKETS * sizeof(*count));
		for (size_t i = 0; i < n; i++)
			count[(a[i] >> shift) & (RADIX_BUCKETS - 1)]++;
		for (int k = 0; k < RADIX_BUCKETS; k++) {
			size_t c = count[k];

			count[k] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++)
			tmp[count[(a[i] >> shift) & (RADIX_BUCKETS - 1)]++] = a[i];
		memcpy(a, tmp, n * sizeof(*a));
	}
	free(count);
	return 0;
}

/* Builds the position index of the games of `db` (replacing any). 0, or -1
   with a message when memory runs out. */
int gamedb_index_build(struct gamedb_index *db, char *err, size_t errlen)
{
	double t0 = timer_now();
	size_t total = 0, at = 0;
	uint64_t *tmp;

	free(db->entries);
	db->entries = NULL;
	db->n_entries = 0;
	for (size_t i = 0; i < db->games.n; i++)
		total += (size_t)db->games.g[i].n_moves + 1;
	if (!total)
		goto done;
	if (!(db->entries = malloc(total * sizeof(uint64_t))) ||
	    !(tmp = malloc(total * sizeof(uint64_t)))) {
		free(db->entries);
		db->entries = NULL;
		snprintf(err, errlen, "out of memory indexing %zu positions", total);
		return -1;
	}
	for (size_t i = 0; i < db->games.n; i++) {
		const struct gamedb_game *g = &db->games.g[i];
		struct board b, c;
		enum color side = BLACK;
		int sym;

		board_start(&b);
		for (int k = 0;; k++) {
			settle(&b, &side);
			board_canonical(&b, &c, &sym);
			db->entries[at++] =
			    key_of(&c, side) | (uint64_t)i << GAME_SHIFT | (uint64_t)sym;
			if (k == g->n_moves)
				break;
			board_play(&b, g->moves[k], board_flips(b.own, b.opp, g->moves[k]));
			side = side == BLACK ? WHITE : BLACK;
		}
	}
	if (radix_sort(db->entries, tmp, at) < 0) {
		free(tmp);
		free(db->entries);
		db->entries = NULL;
		snprintf(err, errlen, "out of memory indexing %zu positions", total);
		return -1;
	}
	free(tmp);
	db->n_entries = at;
done:
	db->index_seconds = timer_now() - t0;
	return 0;
}

/* Frees everything `db` holds and empties it. */
void gamedb_index_free(struct gamedb_index *db)
{
	gamedb_games_free(&db->games);
	gamedb_names_free(&db->players);
	gamedb_names_free(&db->tournaments);
	gamedb_skips_free(&db->skips);
	free(db->player_games);
	free(db->files);
	free(db->entries);
	memset(db, 0, sizeof(*db));
}

/* True when `part` is empty or found in `name`, in any case (ASCII). */
static bool contains(const char *name, const char *part)
{
	size_t n = strlen(part);

	if (!n)
		return true;
	for (; *name; name++)
		if (strncasecmp(name, part, n) == 0)
			return true;
	return false;
}

/* True when game `g` of `db` passes filter `f` (NULL passes every game). */
bool gamedb_filter_match(const struct gamedb_index *db, const struct gamedb_game *g,
			 const struct gamedb_filter *f)
{
	const char *black, *white;

	if (!f)
		return true;
	if ((f->year_min || f->year_max) && !g->year)
		return false; /* a game without a year is in no range of years */
	if ((f->year_min && g->year < f->year_min) || (f->year_max && g->year > f->year_max))
		return false;
	if (f->result) {
		if (g->result == GAMEDB_NO_SCORE)
			return false;
		if ((f->result == 'b' && g->result <= 0) || (f->result == 'w' && g->result >= 0) ||
		    (f->result == 'd' && g->result != 0))
			return false;
	}
	black = g->black < db->players.n ? db->players.name[g->black] : "";
	white = g->white < db->players.n ? db->players.name[g->white] : "";
	if (f->player && !contains(black, f->player) && !contains(white, f->player))
		return false;
	if (f->black && !contains(black, f->black))
		return false;
	if (f->white && !contains(white, f->white))
		return false;
	if (f->tournament &&
	    !contains(g->tournament < db->tournaments.n ? db->tournaments.name[g->tournament] : "",
		      f->tournament))
		return false;
	return true;
}

/* The result filter `text` names: 'b' (black), 'w' (white), 'd' (draw), or
   -1 for anything else. */
int gamedb_filter_result(const char *text)
{
	if (strcasecmp(text, "black") == 0 || strcasecmp(text, "b") == 0)
		return 'b';
	if (strcasecmp(text, "white") == 0 || strcasecmp(text, "w") == 0)
		return 'w';
	if (strcasecmp(text, "draw") == 0 || strcasecmp(text, "d") == 0)
		return 'd';
	return -1;
}

/* Reads a year or a range of years ("1990", "1990-1999", "1990-", "-1985")
   into `*lo` and `*hi` (0: no bound); 0, or -1 when it is not one. */
int gamedb_filter_years(const char *text, int *lo, int *hi)
{
	const char *dash = strchr(text, '-');
	char *end;
	long a = 0, b = 0;

	if (!dash) {
		a = strtol(text, &end, 10);
		if (end == text || *end || a < 1 || a > 9999)
			return -1;
		*lo = *hi = (int)a;
		return 0;
	}
	if (dash != text) {
		a = strtol(text, &end, 10);
		if (end != dash || a < 1 || a > 9999)
			return -1;
	}
	if (dash[1]) {
		b = strtol(dash + 1, &end, 10);
		if (end == dash + 1 || *end || b < 1 || b > 9999)
			return -1;
	}
	if ((!a && !b) || (a && b && a > b))
		return -1;
	*lo = (int)a;
	*hi = (int)b;
	return 0;
}

/* The symmetry that does `first`, then `then` (square b1's 8 images differ,
   so where it goes tells the symmetry). */
static int compose(int first, int then)
{
	int to = board_symmetry_square(board_symmetry_square(1, first), then);

	for (int t = 0; t < BOARD_SYMMETRIES; t++)
		if (board_symmetry_square(1, t) == to)
			return t;
	return 0;
}

/* The games of `db` through position `b` (`side` to move; a forced pass is
   played first) or any of its 8 images, that pass filter `f` (NULL: all), in
   collection order, each with its next move on `b`'s board: a malloc'd array
   in `*hits` (NULL when none), their number in `*n`. 0, or -1 with a message
   when memory runs out. */
int gamedb_index_find(const struct gamedb_index *db, const struct board *b, enum color side,
		      const struct gamedb_filter *f, struct gamedb_hit **hits, size_t *n, char *err,
		      size_t errlen)
{
	struct board q = *b, c;
	size_t lo = 0, hi = db->n_entries, cap = 0;
	int qsym, ply, back;
	uint64_t key;

	*hits = NULL;
	*n = 0;
	settle(&q, &side);
	board_canonical(&q, &c, &qsym);
	back = board_symmetry_inverse(qsym);
	key = key_of(&c, side);
	ply = board_popcount(q.own | q.opp) - 4;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((db->entries[mid] & KEY_MASK) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < db->n_entries && (db->entries[lo] & KEY_MASK) == key; lo++) {
		uint32_t game = (uint32_t)((db->entries[lo] & ~KEY_MASK) >> GAME_SHIFT);
		int sym = (int)(db->entries[lo] & 7);
		const struct gamedb_game *g = &db->games.g[game];
		struct board p, image;
		enum color s;
		char msg[160];

		if (ply > g->n_moves || !gamedb_filter_match(db, g, f))
			continue;
		if (gamedb_replay(g, &p, &s, ply, msg, sizeof(msg)) < 0 || s != side)
			continue;
		board_symmetry(&p, sym, &image);
		if (image.own != c.own || image.opp != c.opp)
			continue; /* another position with the same hash */
		if (*n == cap) {
			size_t nc = cap ? 2 * cap : 256;
			struct gamedb_hit *h = realloc(*hits, nc * sizeof(*h));

			if (!h) {
				free(*hits);
				*hits = NULL;
				*n = 0;
				snprintf(err, errlen, "out of memory");
				return -1;
			}
			*hits = h;
			cap = nc;
		}
		(*hits)[*n].game = game;
		(*hits)[*n].mover = (uint8_t)side;
		(*hits)[*n].sym = (uint8_t)compose(sym, back);
		(*hits)[*n].next =
		    ply < g->n_moves
			? board_symmetry_square(board_symmetry_square(g->moves[ply], sym), back)
			: -1;
		(*n)++;
	}
	return 0;
}

/* Orders the `n` hits of `hits` (as gamedb_index_find gives them) by the
   year of their game, the latest first, then in collection order. 0, or -1
   when out of memory (`hits` unchanged). */
int gamedb_index_sort_recent(const struct gamedb_index *db, struct gamedb_hit *hits, size_t n)
{
	uint64_t *key;
	struct gamedb_hit *copy;

	if (n < 2)
		return 0;
	key = malloc(n * sizeof(*key));
	copy = malloc(n * sizeof(*copy));
	if (!key || !copy) {
		free(key);
		free(copy);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		key[i] = (uint64_t)(0xffff - db->games.g[hits[i].game].year) << 40 | i;
	qsort(key, n, sizeof(*key), compare_keys);
	memcpy(copy, hits, n * sizeof(*copy));
	for (size_t i = 0; i < n; i++)
		hits[i] = copy[key[i] & 0xffffffffff];
	free(key);
	free(copy);
	return 0;
}

/* Keeps in `top` (GAMEDB_TOP_PLAYERS, -1 for none) the best-known players,
   adding `player`: the most games in the collection first, each once. */
static void top_add(const struct gamedb_index *db, int *top, unsigned player)
{
	int k;

	if (player >= db->players.n || !db->players.name[player][0])
		return;
	for (k = 0; k < GAMEDB_TOP_PLAYERS; k++)
		if (top[k] == (int)player)
			return;
	for (k = GAMEDB_TOP_PLAYERS; k > 0; k--) {
		if (top[k - 1] >= 0 && db->player_games[top[k - 1]] >= db->player_games[player])
			break;
		if (k < GAMEDB_TOP_PLAYERS)
			top[k] = top[k - 1];
	}
	if (k < GAMEDB_TOP_PLAYERS)
		top[k] = (int)player;
}

static int compare_stats(const void *x, const void *y)
{
	const struct gamedb_move_stats *a = x, *b = y;

	if (a->games != b->games)
		return a->games > b->games ? -1 : 1;
	return a->move - b->move;
}

/* The moves played next in the `n` games of `hits`: at most `max` in `out`,
   the most played first (then by square), with their results, mean scores
   and the best-known players who chose them. Returns the moves written
   (games that ended at the position are not counted). */
int gamedb_index_stats(const struct gamedb_index *db, const struct gamedb_hit *hits, size_t n,
		       struct gamedb_move_stats *out, int max)
{
	struct gamedb_move_stats all[64];
	double sum[64] = {0}, theory[64] = {0};
	int count = 0;

	memset(all, 0, sizeof(all));
	for (int sq = 0; sq < 64; sq++) {
		all[sq].move = sq;
		for (int k = 0; k < GAMEDB_TOP_PLAYERS; k++)
			all[sq].players[k] = -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct gamedb_game *g = &db->games.g[hits[i].game];
		struct gamedb_move_stats *m;

		if (hits[i].next < 0 || hits[i].next > 63)
			continue;
		m = &all[hits[i].next];
		m->games++;
		if (g->result != GAMEDB_NO_SCORE) {
			m->black_wins += g->result > 0;
			m->draws += g->result == 0;
			m->white_wins += g->result < 0;
			sum[m->move] += g->result;
		}
		if (g->theory != GAMEDB_NO_SCORE) {
			m->n_theory++;
			theory[m->move] += g->theory;
		}
		top_add(db, m->players, hits[i].mover == BLACK ? g->black : g->white);
	}
	for (int sq = 0; sq < 64; sq++) {
		struct gamedb_move_stats *m = &all[sq];
		uint32_t decided = m->black_wins + m->draws + m->white_wins;

		if (!m->games)
			continue;
		m->mean_result = decided ? sum[sq] / decided : 0;
		m->mean_theory = m->n_theory ? theory[sq] / m->n_theory : 0;
		all[count++] = *m;
	}
	qsort(all, (size_t)count, sizeof(all[0]), compare_stats);
	if (count > max)
		count = max;
	memcpy(out, all, (size_t)count * sizeof(*out));
	return count;
}
