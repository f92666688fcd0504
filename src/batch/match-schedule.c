/*
 * match-schedule.c — the plan of a match or tournament: the players' report
 * names, the games of every pairing with their seeds, and the slice of them
 * a shard plays.
 *
 * A pairing of players A and B over N games plays opening k = i/2 (modulo
 * the number of openings) in games i = 2k and 2k+1 (counting from 0), A with
 * Black in the first and B with Black in the second, so that every opening
 * is played twice with colours swapped. The pairings come in the order
 * (0,1), (0,2) ... (0,n-1), (1,2) ... Game i is numbered i + 1 plus the
 * numbers of the pairings before it; its seed is a hash of the run's seed
 * and that number, so any slice of the list (a shard) plays exactly the
 * games the whole list would.
 */
#include "match.h"
#include "rng.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The seed of game `number` of a run started with `seed`. */
uint64_t match_game_seed(uint64_t seed, int number)
{
	return rng_mix(rng_mix(seed) ^ (uint64_t)number);
}

/* Fills out[0..games-1] with the games of players `a` and `b` (see the
   schedule above), numbered from `first_number`. Returns the number of games. */
int match_schedule_pair(int games, int n_openings, uint64_t seed, int a, int b, int first_number,
			struct match_game *out)
{
	for (int i = 0; i < games; i++) {
		out[i].number = first_number + i;
		out[i].black = i % 2 == 0 ? a : b;
		out[i].white = i % 2 == 0 ? b : a;
		out[i].opening = (i / 2) % (n_openings > 0 ? n_openings : 1);
		out[i].seed = match_game_seed(seed, out[i].number);
	}
	return games;
}

/* Parses a shard "I/N" (1 <= I <= N). Returns 0, or -1 if `s` is not one. */
int match_shard_parse(const char *s, int *shard, int *shards)
{
	char *end;
	long i, n;

	errno = 0;
	i = strtol(s, &end, 10);
	if (errno || end == s || *end != '/')
		return -1;
	s = end + 1;
	n = strtol(s, &end, 10);
	if (errno || end == s || *end || n < 1 || n > 100000 || i < 1 || i > n)
		return -1;
	*shard = (int)i;
	*shards = (int)n;
	return 0;
}

/* The slice [first, last) of a list of `n` games that shard `shard` of
   `shards` plays: contiguous slices of near-equal sizes covering the list. */
void match_shard_range(int n, int shard, int shards, int *first, int *last)
{
	*first = (int)((long long)n * (shard - 1) / shards);
	*last = (int)((long long)n * shard / shards);
}

/* Fills names[0..n-1] with distinct report names for the players labelled
   `labels` (a repeated label gets "#2", "#3" ...; a long one is cut). */
void match_names_distinct(const char *const *labels, int n, char (*names)[REPORT_NAME_LEN])
{
	for (int i = 0; i < n; i++) {
		int same = 0;
		size_t len = strlen(labels[i]);

		for (int j = 0; j < i; j++)
			same += !strcmp(labels[i], labels[j]);
		if (len > REPORT_NAME_LEN - 8)
			len = REPORT_NAME_LEN - 8;
		memcpy(names[i], labels[i], len);
		names[i][len] = '\0';
		if (same)
			snprintf(names[i] + len, REPORT_NAME_LEN - len, "#%d", (same + 1) % 100);
	}
}

/* Schedules `per_pair` games (0: every opening of plan->openings twice) for
   every pairing of plan->n_players players, seeded from `seed`, and sets
   plan->games and plan->n_games to the slice shard `shard` of `shards`
   plays. *all receives the whole list, which the caller frees after the
   run. Returns 0, or -1 with a message when memory runs out. */
int match_plan_schedule(struct match_plan *plan, int per_pair, uint64_t seed, int shard, int shards,
			struct match_game **all, char *err, size_t errlen)
{
	int n = plan->n_players, n_openings = plan->openings->n, total = 0, first, last;
	int pairs = n * (n - 1) / 2;

	if (per_pair == 0)
		per_pair = 2 * n_openings;
	*all = calloc((size_t)per_pair * (size_t)pairs, sizeof **all);
	if (!*all) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++)
			total += match_schedule_pair(per_pair, n_openings, seed, a, b, total + 1,
						     *all + total);
	match_shard_range(total, shard, shards, &first, &last);
	plan->games = *all + first;
	plan->n_games = last - first;
	return 0;
}
