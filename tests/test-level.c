/*
 * test-level.c — the playing levels: parsing and writing level descriptions,
 * legal moves from many random positions at every level, determinism without
 * randomness, reproducible randomness from a seed (and different games from
 * different seeds), the source of each move, and oracles: novice against a
 * plain one-ply maximum, pre-master against the exact FFO scores.
 */
#include "level.h"
#include "opening-names.h"
#include "rng.h"
#include "timer.h"

#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static struct level_spec spec_of(const char *text)
{
	struct level_spec s;
	char err[300];

	cr_assert_eq(level_parse(text, &s, err, sizeof err), 0, "%s: %s", text, err);
	return s;
}

static struct level_state *state_of(const struct level_spec *s, const struct book *bk,
				    uint64_t seed)
{
	char err[300];
	struct level_state *st = level_state_new(s, NULL, bk, seed, 4, err, sizeof err);

	cr_assert_not_null(st, "%s", err);
	return st;
}

/* A position after `plies` random moves from the start (fewer if the game ends). */
static struct board random_position(uint64_t *rng, int plies)
{
	struct board b;

	board_start(&b);
	for (int i = 0; i < plies && !board_game_over(&b); i++) {
		uint64_t moves = board_moves(b.own, b.opp);
		int k, sq;

		if (!moves) {
			board_pass(&b);
			continue;
		}
		k = (int)rng_below(rng, (uint64_t)board_popcount(moves));
		while (k--)
			moves &= moves - 1;
		sq = board_first_square(moves);
		board_play(&b, sq, board_flips(b.own, b.opp, sq));
	}
	return b;
}

Test(level, names_and_prefixes_parse_to_their_approaches)
{
	struct level_spec s;
	char err[300];

	s = spec_of("beginner");
	cr_assert_eq(s.approach, LEVEL_SCAN);
	s = spec_of("Novice");
	cr_assert_eq(s.approach, LEVEL_ONE_PLY);
	s = spec_of("exp");
	cr_assert_eq(s.approach, LEVEL_SEARCH);
	cr_assert_eq(s.depth, 3);
	cr_assert_eq(s.endgame, 0);
	s = spec_of("pre-master");
	cr_assert_eq(s.depth, LEVEL_PREMASTER_DEPTH);
	cr_assert_eq(s.endgame, LEVEL_PREMASTER_ENDGAME);
	s = spec_of("premaster");
	cr_assert_str_eq(s.name, "pre-master");
	s = spec_of("  master  ");
	cr_assert_eq(s.approach, LEVEL_MASTER);
	cr_assert(s.book);
	cr_assert_eq(s.endgame, -1);
	cr_assert_eq(s.random_percent, 0);
	cr_assert_eq(level_parse("grandmaster", &s, err, sizeof err), -1);
	cr_assert_not_null(strstr(err, "not a level"));
	cr_assert_eq(level_parse("", &s, err, sizeof err), -1);
}

Test(level, options_override_the_name)
{
	const char *feature = eval_feature_names()[0];
	char text[200];
	struct level_spec s;

	s = spec_of("expert --depth 5");
	cr_assert_eq(s.depth, 5);
	s = spec_of("novice --depth 3");
	cr_assert_eq(s.approach, LEVEL_SEARCH);
	cr_assert_eq(s.depth, 3);
	s = spec_of("beginner --time 0.5");
	cr_assert_eq(s.approach, LEVEL_SEARCH);
	cr_assert_eq(s.depth, 0);
	cr_assert_float_eq(s.time, 0.5, 1e-12);
	s = spec_of("master --time=2 --no-book --endgame 20");
	cr_assert_float_eq(s.time, 2.0, 1e-12);
	cr_assert_not(s.book);
	cr_assert_eq(s.endgame, 20);
	s = spec_of("pre-master --endgame auto --random 5 --seed 42");
	cr_assert_eq(s.endgame, -1);
	cr_assert_eq(s.random_percent, 5);
	cr_assert(s.has_seed);
	cr_assert_eq(s.seed, 42);
	cr_assert_eq(s.threads, 0);
	s = spec_of("master --threads 4");
	cr_assert_eq(s.threads, 4);
	snprintf(text, sizeof text, "expert --disable %s --disable %s", feature, feature);
	s = spec_of(text);
	cr_assert_eq(s.n_disabled, 1);
	cr_assert_str_eq(s.disabled[0], feature);
}

Test(level, bad_options_are_refused_with_a_message)
{
	static const char *const cases[][2] = {
	    {"expert --depth 0", "--depth: '0' is not a depth"},
	    {"expert --depth x", "--depth: 'x' is not a depth"},
	    {"expert --depth", "--depth needs a value"},
	    {"master --time -1", "--time: '-1' is not a number of seconds"},
	    {"master --random 101", "--random: '101' is not a percentage"},
	    {"master --seed -3", "--seed: '-3' is not a whole number"},
	    {"master --endgame 61", "--endgame: '61' is not a number of empties"},
	    {"master --threads 0", "--threads: '0' is not a number of threads (1 to 64)"},
	    {"master --threads 65", "--threads: '65' is not a number of threads"},
	    {"novice --disable nosuch", "--disable: 'nosuch' is not a feature ("},
	    {"novice --fast", "unknown option --fast"},
	    {"novice fast", "'fast' is not an option"},
	    {"novice --book=yes", "--book takes no value"},
	};
	struct level_spec s;
	char err[300];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cr_assert_eq(level_parse(cases[i][0], &s, err, sizeof err), -1, "%s", cases[i][0]);
		cr_assert_eq(strncmp(err, cases[i][1], strlen(cases[i][1])), 0, "%s: got '%s'",
			     cases[i][0], err);
	}
}

Test(level, format_reads_back_to_the_same_level)
{
	char texts[][120] = {
	    "beginner",
	    "novice --random 10 --seed 5",
	    "novice --depth 2",
	    "novice --time 0.25",
	    "novice --endgame 12",
	    "expert --depth 5 --endgame auto",
	    "pre-master --depth 8 --endgame 14 --book",
	    "master --time 1.5 --no-book --seed 18446744073709551615",
	    "master --depth 9 --endgame 0 --random 3",
	    "master --threads 3 --time 2",
	    "master --selectivity 95",
	    "master --selectivity exact",
	    "expert --selectivity 73",
	    "",
	};
	snprintf(texts[13], sizeof texts[13], "expert --disable %s", eval_feature_names()[1]);
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct level_spec a = spec_of(texts[i]), b;
		char out[300];

		level_format(&a, out, sizeof out);
		b = spec_of(out);
		cr_assert_eq(memcmp(&a, &b, sizeof a), 0, "%s -> %s", texts[i], out);
	}
	{
		struct level_spec a = spec_of("expert");
		char out[300];

		level_format(&a, out, sizeof out);
		cr_assert_str_eq(out, "expert");
	}
}

Test(level, every_level_plays_legal_moves_from_random_positions)
{
	const char *levels[] = {"beginner",
				"beginner --random 1",
				"novice",
				"novice --random 20",
				"expert",
				"expert --random 10",
				"pre-master --depth 6",
				"master --depth 4 --endgame 10 --time 0.01"};
	uint64_t rng = 99;

	for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
		struct level_spec s = spec_of(levels[l]);
		struct level_state *st = state_of(&s, NULL, 1);

		for (int i = 0; i < 40; i++) {
			struct board b = random_position(&rng, 4 + (int)rng_below(&rng, 52));
			struct level_move m;

			cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
			if (board_game_over(&b)) {
				cr_assert_eq(m.move, SQ_NONE);
			} else if (!board_can_move(&b)) {
				cr_assert_eq(m.move, SQ_PASS);
				cr_assert_eq(m.source, LEVEL_SOURCE_FORCED);
			} else {
				cr_assert(board_is_legal(&b, m.move), "%s: illegal %s", levels[l],
					  board_square_name(m.move));
			}
		}
		level_state_free(st);
	}
}

Test(level, full_strength_pre_master_plays_legal_moves)
{
	struct level_spec s = spec_of("pre-master");
	struct level_state *st = state_of(&s, NULL, 1);
	uint64_t rng = 5;

	for (int i = 0; i < 6; i++) {
		struct board b = random_position(&rng, 10 + 8 * i);
		struct level_move m;

		cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
		if (board_can_move(&b))
			cr_assert(board_is_legal(&b, m.move));
	}
	level_state_free(st);
}

Test(level, deterministic_levels_play_the_same_move_twice)
{
	const char *levels[] = {"beginner", "novice", "expert", "pre-master --depth 6"};
	uint64_t rng = 1234;

	for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
		struct level_spec s = spec_of(levels[l]);

		for (int i = 0; i < 12; i++) {
			struct board b = random_position(&rng, 6 + 4 * i);
			struct level_state *a = state_of(&s, NULL, 1), *c = state_of(&s, NULL, 77);
			struct level_move m1, m2, m3;

			cr_assert_eq(level_choose_move(&s, a, &b, NULL, NULL, NULL, &m1), 0);
			cr_assert_eq(level_choose_move(&s, a, &b, NULL, NULL, NULL, &m2), 0);
			cr_assert_eq(level_choose_move(&s, c, &b, NULL, NULL, NULL, &m3), 0);
			cr_assert_eq(m1.move, m2.move, "%s: %s then %s", levels[l],
				     board_square_name(m1.move), board_square_name(m2.move));
			cr_assert_eq(m1.move, m3.move, "%s: the seed changed the move", levels[l]);
			level_state_free(a);
			level_state_free(c);
		}
	}
}

/* A level with --threads searches on them and scores as with one (fixed depth, exact solves). */
Test(level, threads_keep_the_scores_of_one_thread)
{
	struct level_spec one = spec_of("pre-master --depth 6 --endgame 14");
	struct level_spec two = spec_of("pre-master --depth 6 --endgame 14 --threads 2");
	uint64_t rng = 99;

	for (int i = 0; i < 10; i++) {
		struct board b = random_position(&rng, 20 + 4 * i);
		struct level_state *a = state_of(&one, NULL, 1), *c = state_of(&two, NULL, 1);
		struct level_move m1, m2;

		cr_assert_eq(level_choose_move(&one, a, &b, NULL, NULL, NULL, &m1), 0);
		cr_assert_eq(level_choose_move(&two, c, &b, NULL, NULL, NULL, &m2), 0);
		cr_assert_eq(m1.source, m2.source);
		cr_assert_eq(m1.score, m2.score, "position %d: %d then %d", i, m1.score, m2.score);
		if (board_can_move(&b))
			cr_assert(board_is_legal(&b, m2.move));
		level_state_free(a);
		level_state_free(c);
	}
}

/* Plays `n` plies of level `text` against itself from the start; writes the moves. */
static int self_play(const char *text, uint64_t seed, int n, int *moves)
{
	struct level_spec s = spec_of(text);
	struct level_state *st = state_of(&s, NULL, seed);
	struct board b;
	int i;

	board_start(&b);
	for (i = 0; i < n; i++) {
		struct level_move m;

		cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
		moves[i] = m.move;
		if (m.move == SQ_NONE)
			break;
		if (m.move == SQ_PASS)
			board_pass(&b);
		else
			board_play(&b, m.move, board_flips(b.own, b.opp, m.move));
	}
	level_state_free(st);
	return i;
}

Test(level, randomness_is_reproducible_from_a_seed_and_varies_with_it)
{
	const char *levels[] = {"beginner --random 1", "novice --random 25", "expert --random 25",
				"pre-master --depth 4 --random 25"};

	for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
		int a[30], b[30], n1, n2, differ = 0;

		n1 = self_play(levels[l], 11, 30, a);
		n2 = self_play(levels[l], 11, 30, b);
		cr_assert_eq(n1, n2);
		cr_assert_eq(memcmp(a, b, (size_t)n1 * sizeof a[0]), 0, "%s: same seed, other game",
			     levels[l]);
		for (uint64_t seed = 12; seed < 16; seed++) {
			n2 = self_play(levels[l], seed, 30, b);
			differ += n1 != n2 || memcmp(a, b, (size_t)n1 * sizeof a[0]) != 0;
		}
		cr_assert_gt(differ, 0, "%s: four other seeds replayed the same game", levels[l]);
	}
}

Test(level, master_at_a_fixed_depth_repeats_from_a_fresh_state)
{
	struct level_spec s = spec_of("master --depth 5 --no-book");
	uint64_t rng = 4321;

	for (int i = 0; i < 8; i++) {
		struct board b = random_position(&rng, 8 + 5 * i);
		struct level_state *a = state_of(&s, NULL, 1), *c = state_of(&s, NULL, 2);
		struct level_move m1, m2;

		cr_assert_eq(level_choose_move(&s, a, &b, NULL, NULL, NULL, &m1), 0);
		cr_assert_eq(level_choose_move(&s, c, &b, NULL, NULL, NULL, &m2), 0);
		cr_assert_eq(m1.move, m2.move);
		level_state_free(a);
		level_state_free(c);
	}
}

Test(level, deterministic_self_play_repeats)
{
	int a[30], b[30];

	cr_assert_eq(self_play("expert", 1, 30, a), self_play("expert", 2, 30, b));
	cr_assert_eq(memcmp(a, b, sizeof a), 0);
}

Test(level, beginner_plays_the_first_move_in_scan_order)
{
	struct level_spec s = spec_of("beginner");
	struct level_state *st = state_of(&s, NULL, 0);
	uint64_t rng = 8;

	for (int i = 0; i < 50; i++) {
		struct board b = random_position(&rng, (int)rng_below(&rng, 50));
		struct level_move m;
		uint64_t moves = board_moves(b.own, b.opp);

		cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
		if (moves) {
			cr_assert_eq(m.move, board_first_square(moves));
			cr_assert_eq(m.source, LEVEL_SOURCE_SCAN);
			cr_assert_str_eq(level_source_name(m.source), "scan");
		}
	}
	level_state_free(st);
}

Test(level, novice_plays_the_best_one_ply_evaluation)
{
	struct level_spec s = spec_of("novice");
	struct level_state *st = state_of(&s, NULL, 0);
	struct eval *ev = eval_new_default();
	uint64_t rng = 21;

	for (int i = 0; i < 60; i++) {
		struct board b = random_position(&rng, (int)rng_below(&rng, 55));
		uint64_t moves = board_moves(b.own, b.opp);
		int best = -SCORE_INF, best_sq = -1;
		struct level_move m;

		if (!moves)
			continue;
		for (int sq = 0; sq < 64; sq++) {
			struct board c = b;
			int v;

			if (!board_is_legal(&b, sq))
				continue;
			board_play(&c, sq, board_flips(c.own, c.opp, sq));
			v = board_game_over(&c) ? -100 * board_final_score(&c)
						: -eval_board(ev, &c);
			if (v > best) {
				best = v;
				best_sq = sq;
			}
		}
		cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
		cr_assert_eq(m.move, best_sq);
		cr_assert_eq(m.score, best);
		cr_assert_eq(m.source, LEVEL_SOURCE_SEARCH);
		/* its reasoning reads as a depth-1 search over every move */
		cr_assert_eq(m.result.depth, 1);
		cr_assert_eq(m.result.n_moves, board_popcount(moves));
		cr_assert_eq(m.result.nodes, (uint64_t)board_popcount(moves));
		cr_assert_eq(m.result.pv_len, 1);
		cr_assert_eq(m.result.pv[0], best_sq);
		cr_assert_eq(m.result.moves[0].move, best_sq);
		for (int k = 1; k < m.result.n_moves; k++)
			cr_assert_geq(m.result.moves[k - 1].score, m.result.moves[k].score);
	}
	eval_free(ev);
	level_state_free(st);
}

Test(level, pre_master_solves_endgames_exactly)
{
	FILE *f = fopen(TESTDATA "/fforum-1-19.obf", "r");
	struct level_spec s = spec_of("pre-master");
	struct level_state *st = state_of(&s, NULL, 0);
	char line[512];
	int solved = 0;

	cr_assert_not_null(f);
	while (fgets(line, sizeof line, f)) {
		struct board b;
		enum color side;
		char err[200], *p;
		struct level_move m;
		int k = board_parse(line, &b, &side, err, sizeof err), best;

		if (k < 0 || board_empty_count(&b) > LEVEL_PREMASTER_ENDGAME)
			continue;
		/* The first move listed carries the best score. */
		p = strchr(line + k, ':');
		cr_assert_not_null(p);
		best = atoi(p + 1);
		cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
		cr_assert_eq(m.source, LEVEL_SOURCE_ENDGAME);
		cr_assert_eq(m.score, best * 100, "%s", line);
		solved++;
	}
	fclose(f);
	cr_assert_gt(solved, 0);
	level_state_free(st);
}

Test(level, master_plays_from_the_book_and_leaves_it)
{
	static const char text[] = "start f5:+0.00/20\nf5 d6:+0.00/18 f6:-0.20/18 f4:-3.00/18\n";
	FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
	struct level_spec s = spec_of("master --time 0.05"),
			  nb = spec_of("master --no-book --time 0.05");
	struct book *bk = book_new();
	struct level_state *st, *st2;
	struct level_move m;
	struct board b;
	char err[200];
	int seen[64] = {0};

	cr_assert_eq(book_load(bk, f, "t", err, sizeof err), 0, "%s", err);
	fclose(f);
	st = state_of(&s, bk, 3);
	st2 = state_of(&nb, bk, 3);
	board_start(&b);
	board_play(&b, board_square_parse("e6"),
		   board_flips(b.own, b.opp, board_square_parse("e6")));
	cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
	cr_assert_eq(m.source, LEVEL_SOURCE_BOOK);
	cr_assert_str_eq(level_source_name(m.source), "book");
	cr_assert_eq(m.move, board_square_parse("f4"), "the image of d6 after e6");
	cr_assert_eq(m.n_book, 3);
	cr_assert_eq(level_choose_move(&nb, st2, &b, NULL, NULL, NULL, &m), 0);
	cr_assert_neq(m.source, LEVEL_SOURCE_BOOK);
	/* With randomness, close book moves are mixed, the bad one never played. */
	s.random_percent = 5;
	for (uint64_t seed = 0; seed < 40; seed++) {
		level_state_reset(st, seed);
		cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
		seen[m.move]++;
	}
	cr_assert_gt(seen[board_square_parse("f4")], 0);
	cr_assert_gt(seen[board_square_parse("f6")], 0, "f6 is its own image");
	cr_assert_eq(seen[board_square_parse("d6")], 0, "the image of f4, 3 discs worse");
	/* Out of the book: a search. */
	board_play(&b, board_square_parse("f4"),
		   board_flips(b.own, b.opp, board_square_parse("f4")));
	s.random_percent = 0;
	cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
	cr_assert_eq(m.source, LEVEL_SOURCE_SEARCH);
	cr_assert(board_is_legal(&b, m.move));
	level_state_free(st);
	level_state_free(st2);
	book_free(bk);
}

Test(level, passes_and_finished_games_are_forced)
{
	struct level_spec s = spec_of("expert");
	struct level_state *st = state_of(&s, NULL, 0);
	struct board b;
	struct level_move m;

	/* Game over: a full side. */
	b.own = board_bit(0) | board_bit(1);
	b.opp = 0;
	cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
	cr_assert_eq(m.move, SQ_NONE);
	/* The mover has no move, the opponent has: a1 own, b1 opp, c1 empty -> opp can't take
	 * a1; own can play c1. Swap sides so the mover is stuck. */
	b.own = board_bit(board_square_parse("b1"));
	b.opp = board_bit(board_square_parse("a1"));
	cr_assert(!board_can_move(&b) && board_opponent_can_move(&b));
	cr_assert_eq(level_choose_move(&s, st, &b, NULL, NULL, NULL, &m), 0);
	cr_assert_eq(m.move, SQ_PASS);
	cr_assert_str_eq(level_source_name(m.source), "forced");
	level_state_free(st);
}

struct stopper {
	struct level_state *st;
	const struct level_spec *spec;
	struct board b;
	struct level_move m;
	int rc;
	int done; /* set by the thinking thread when it returns */
};

static void *think(void *arg)
{
	struct stopper *t = arg;

	t->rc = level_choose_move(t->spec, t->st, &t->b, NULL, NULL, NULL, &t->m);
	__atomic_store_n(&t->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

Test(level, stop_ends_a_long_search_with_a_legal_move)
{
	struct level_spec s = spec_of("master --time 600 --no-book");
	struct stopper t = {.spec = &s};
	uint64_t rng = 4;
	pthread_t th;

	t.st = state_of(&s, NULL, 0);
	t.b = random_position(&rng, 12);
	cr_assert_eq(pthread_create(&th, NULL, think, &t), 0);
	/* Stop until it stops: a stop that comes before the search starts is forgotten. */
	while (!__atomic_load_n(&t.done, __ATOMIC_ACQUIRE)) {
		struct timespec ts = {0, 50 * 1000 * 1000};

		nanosleep(&ts, NULL);
		level_stop(t.st);
	}
	pthread_join(th, NULL);
	cr_assert_eq(t.rc, 0);
	cr_assert(board_is_legal(&t.b, t.m.move));
	level_state_free(t.st);
}

/* Master with a time of its own keeps it: no move over twice its budget plus 0.1 s (the sure
 * 11-ply search used to ignore the budget: up to 6.5 s a move at 0.5 s). */
Test(level, master_keeps_its_time_budget)
{
	struct level_spec timed = spec_of("master --time 0.1 --no-book"), clocked;
	struct level_state *st = state_of(&timed, NULL, 0);
	struct level_clock clock = {2.0};
	uint64_t rng = 11;

	clocked = spec_of("master --no-book");
	for (int i = 0; i < 6; i++) {
		struct board b = random_position(&rng, 8 + 2 * i);
		struct level_move m;
		double t0 = timer_now(), took;
		/* the clock's budget: 2 s over (empties - 20) / 2 + 3 moves */
		double budget = 2.0 / ((board_empty_count(&b) - 20) / 2 + 3);

		cr_assert_eq(level_choose_move(&timed, st, &b, NULL, NULL, NULL, &m), 0);
		took = timer_now() - t0;
		cr_assert_leq(took, 2 * 0.1 + 0.1, "--time 0.1 took %.3f s", took);
		cr_assert(board_is_legal(&b, m.move));
		t0 = timer_now();
		cr_assert_eq(level_choose_move(&clocked, st, &b, &clock, NULL, NULL, &m), 0);
		took = timer_now() - t0;
		cr_assert_leq(took, 2 * budget + 0.1, "a 2 s clock took %.3f s (budget %.3f s)",
			      took, budget);
	}
	level_state_free(st);
}

Test(level, selectivity_is_parsed_and_refused_when_bad)
{
	struct level_spec s;
	char err[300];

	cr_assert_eq(spec_of("master").selectivity, LEVEL_MASTER_SELECTIVITY);
	cr_assert_eq(spec_of("pre-master").selectivity, 100);
	cr_assert_eq(spec_of("master --selectivity 95%").selectivity, 95);
	cr_assert_eq(spec_of("expert --selectivity=exact").selectivity, 100);
	cr_assert_eq(level_parse("master --selectivity 90", &s, err, sizeof err), -1);
	cr_assert_str_eq(err,
			 "--selectivity: '90' is not a selectivity (73, 87, 95, 98, 99 or exact)");
}

/* The generator and the program's one hash mixer against SplitMix64's
   published sequence for seed 1234567. */
Test(rng, next_and_mix_give_splitmix64s_sequence)
{
	static const uint64_t expect[3] = {6457827717110365317ULL, 3203168211198807973ULL,
					   9817491932198370423ULL};
	uint64_t s = 1234567;

	for (int i = 0; i < 3; i++) {
		uint64_t before = s;

		cr_assert_eq(rng_next(&s), expect[i]);
		cr_assert_eq(rng_mix(before), expect[i]);
	}
}
