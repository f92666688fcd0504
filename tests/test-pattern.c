/*
 * test-pattern.c — the pattern evaluation and its training: equal values for
 * the 8 symmetric copies of a position, the weights file (round trip;
 * truncated, corrupted and foreign files refused with a message; eval_load
 * tells it from a classic file), the fit recovering a known model from
 * synthetic data, the data file (round trip, cut-short record ignored),
 * opening lines, and the labels of a self-play game against the solver.
 */
#include "board.h"
#include "eval.h"
#include "evalspec.h"
#include "pattern.h"
#include "search.h"
#include "train.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t xorshift(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* The position after `plies` random moves (fewer if the game ends). */
static struct board random_position(uint64_t seed, int plies)
{
	struct board b;
	uint64_t x = seed * 0x9E3779B97F4A7C15ULL + 1;

	board_start(&b);
	for (int i = 0; i < plies; i++) {
		uint64_t moves = board_moves(b.own, b.opp);
		int n = board_popcount(moves);

		if (!n) {
			if (!board_moves(b.opp, b.own))
				break;
			board_pass(&b);
			continue;
		}
		for (int k = (int)(xorshift(&x) % (uint64_t)n); k > 0; k--)
			moves &= moves - 1;
		board_play(&b, board_first_square(moves),
			   board_flips(b.own, b.opp, board_first_square(moves)));
	}
	return b;
}

/* Weights with every weight random in [-range, range] centidiscs. */
static struct pattern_weights *random_weights(uint64_t seed, int range)
{
	struct pattern_weights *w = pattern_new();
	double *p = malloc(sizeof *p * PATTERN_PARAMS);
	uint64_t x = seed;

	cr_assert_not_null(w);
	cr_assert_not_null(p);
	for (int ph = 0; ph < PATTERN_PHASES; ph++) {
		for (int i = 0; i < PATTERN_PARAMS; i++)
			p[i] = (double)(int)(xorshift(&x) % (uint64_t)(2 * range + 1)) - range;
		pattern_set(w, ph, p);
	}
	free(p);
	return w;
}

Test(pattern, value_equal_for_the_eight_symmetric_copies)
{
	struct pattern_weights *w = random_weights(12345, 300);

	for (uint64_t seed = 1; seed < 300; seed++) {
		struct board b = random_position(seed, (int)(seed % 60) + 1);
		int v = pattern_eval(w, &b);

		for (int sym = 1; sym < BOARD_SYMMETRIES; sym++) {
			struct board t;

			board_symmetry(&b, sym, &t);
			cr_assert_eq(pattern_eval(w, &t), v, "position %llu, symmetry %d: %d != %d",
				     (unsigned long long)seed, sym, pattern_eval(w, &t), v);
		}
	}
	pattern_free(w);
}

Test(pattern, features_give_the_same_value_as_the_board)
{
	struct pattern_weights *w = random_weights(777, 200);

	for (uint64_t seed = 1; seed < 200; seed++) {
		struct board b = random_position(seed, (int)(seed % 60) + 1);
		struct pattern_features f;

		pattern_features(w, &b, &f);
		cr_assert_eq(pattern_eval_features(w, &f), pattern_eval(w, &b));
		for (int i = 0; i < PATTERN_INSTANCES; i++)
			cr_assert(pattern_is_canonical(w, f.param[i]));
	}
	pattern_free(w);
}

Test(pattern, gathered_indices_equal_the_disc_by_disc_ones)
{
	struct pattern_weights *w = pattern_new();

	cr_assert_not_null(w);
	for (uint64_t seed = 1; seed < 2000; seed++) {
		struct board b = random_position(seed, (int)(seed % 61));

		cr_assert(pattern_check_indices(w, &b), "position %llu", (unsigned long long)seed);
	}
	pattern_free(w);
}

Test(pattern, start_position_counts_46_copies_of_empty_and_centre_configurations)
{
	struct pattern_weights *w = pattern_new();
	double *p = calloc(PATTERN_PARAMS, sizeof *p);
	struct board b;

	board_start(&b);
	p[PATTERN_EXTRA_BIAS] = 7;
	p[PATTERN_EXTRA_MOBILITY] = 1000;
	p[PATTERN_EXTRA_PARITY] = 1000;
	p[0] = 1; /* the all-empty configuration of edge+2X */
	pattern_set(w, pattern_phase(60), p);
	/* four empty edges; equal mobility (4 each); 60 empties is even */
	cr_assert_eq(pattern_eval(w, &b), 7 + 4);
	free(p);
	pattern_free(w);
}

/* Writes `w` into a new memory buffer; *len gets its size. */
static uint8_t *write_buffer(const struct pattern_weights *w, size_t *len)
{
	char *buf = NULL, err[128];
	FILE *f = open_memstream(&buf, len);

	cr_assert_not_null(f);
	cr_assert_eq(pattern_write(w, f, err, sizeof err), 0, "%s", err);
	fclose(f);
	return (uint8_t *)buf;
}

static struct pattern_weights *read_buffer(const uint8_t *buf, size_t len, char *err, size_t errlen)
{
	FILE *f = fmemopen((void *)(uintptr_t)buf, len, "rb");
	struct pattern_weights *w;

	cr_assert_not_null(f);
	w = pattern_read(f, "w.bin", err, errlen);
	fclose(f);
	return w;
}

Test(pattern, weights_file_round_trips)
{
	struct pattern_weights *w = random_weights(99, 1000), *r;
	double *a = malloc(sizeof *a * PATTERN_PARAMS), *b = malloc(sizeof *b * PATTERN_PARAMS);
	size_t len;
	uint8_t *buf = write_buffer(w, &len);
	char err[256] = "";

	r = read_buffer(buf, len, err, sizeof err);
	cr_assert_not_null(r, "%s", err);
	for (int ph = 0; ph < PATTERN_PHASES; ph++) {
		pattern_get(w, ph, a);
		pattern_get(r, ph, b);
		cr_assert(memcmp(a, b, sizeof *a * PATTERN_PARAMS) == 0, "phase %d differs", ph);
	}
	free(a);
	free(b);
	free(buf);
	pattern_free(w);
	pattern_free(r);
}

Test(pattern, sparse_weights_file_is_small_and_round_trips)
{
	struct pattern_weights *w = pattern_new(), *r;
	double *p = calloc(PATTERN_PARAMS, sizeof *p);
	size_t len;
	uint8_t *buf;
	char err[256] = "";
	struct board b = random_position(5, 30);

	p[PATTERN_EXTRA_BIAS] = -250;
	p[PATTERN_TABLE - 1] = 33;
	pattern_set(w, 7, p);
	buf = write_buffer(w, &len);
	cr_assert_lt(len, 1000);
	r = read_buffer(buf, len, err, sizeof err);
	cr_assert_not_null(r, "%s", err);
	cr_assert_eq(pattern_eval(r, &b), pattern_eval(w, &b));
	free(p);
	free(buf);
	pattern_free(w);
	pattern_free(r);
}

Test(pattern, truncated_corrupted_or_foreign_files_are_refused_with_a_message)
{
	struct pattern_weights *w = random_weights(3, 50);
	size_t len;
	uint8_t *buf = write_buffer(w, &len);
	char err[256];

	err[0] = '\0';
	cr_assert_null(read_buffer(buf, len - 7, err, sizeof err));
	cr_assert(strstr(err, "w.bin: truncated"), "%s", err);
	err[0] = '\0';
	cr_assert_null(read_buffer(buf, 20, err, sizeof err));
	cr_assert(strstr(err, "truncated"), "%s", err);
	buf[len / 2] ^= 0x10;
	err[0] = '\0';
	cr_assert_null(read_buffer(buf, len, err, sizeof err));
	cr_assert(strstr(err, "checksum"), "%s", err);
	buf[len / 2] ^= 0x10;
	buf[8] = 9; /* version */
	err[0] = '\0';
	cr_assert_null(read_buffer(buf, len, err, sizeof err));
	cr_assert(strstr(err, "version 9") && strstr(err, "othello train fit"), "%s", err);
	memcpy(buf, "# text\n\n", 8);
	err[0] = '\0';
	cr_assert_null(read_buffer(buf, len, err, sizeof err));
	cr_assert(strstr(err, "not a pattern weights file"), "%s", err);
	free(buf);
	pattern_free(w);
}

Test(pattern, bytes_after_a_valid_file_are_refused)
{
	struct pattern_weights *w = random_weights(4, 50), *r;
	size_t len;
	uint8_t *buf = write_buffer(w, &len), *more = malloc(len + 1);
	char err[256] = "";

	r = read_buffer(buf, len, err, sizeof err);
	cr_assert_not_null(r, "the file alone loads: %s", err);
	pattern_free(r);
	memcpy(more, buf, len);
	more[len] = '\n';
	cr_assert_null(read_buffer(more, len + 1, err, sizeof err));
	cr_assert(strstr(err, "w.bin: bytes after the end of the weights"), "%s", err);
	free(more);
	free(buf);
	pattern_free(w);
}

Test(pattern, eval_load_tells_pattern_files_from_classic_ones)
{
	struct pattern_weights *w = random_weights(8, 100);
	size_t len;
	uint8_t *buf = write_buffer(w, &len);
	FILE *f = fmemopen(buf, len, "rb");
	char err[256] = "";
	struct eval *ev = eval_load(VARIANT_8X8, f, "p.bin", err, sizeof err);
	struct board b = random_position(11, 25);

	fclose(f);
	cr_assert_not_null(ev, "%s", err);
	cr_assert(eval_is_pattern(ev));
	cr_assert_eq(eval_board(ev, &b), pattern_eval(w, &b));
	eval_free(ev);
	buf[len - 1] ^= 1;
	f = fmemopen(buf, len, "rb");
	cr_assert_null(eval_load(VARIANT_8X8, f, "p.bin", err, sizeof err));
	cr_assert(strstr(err, "p.bin: checksum"), "%s", err);
	fclose(f);
	ev = eval_new_default();
	cr_assert_not(eval_is_pattern(ev));
	eval_free(ev);
	free(buf);
	pattern_free(w);
}

/* Adds the positions of random games, labelled by `truth`, to `d`. */
static void synthetic_data(const struct pattern_weights *truth, int games, struct train_data *d)
{
	uint64_t x = 42;

	for (int g = 0; g < games; g++) {
		struct board b;

		board_start(&b);
		while (!board_game_over(&b)) {
			uint64_t moves = board_moves(b.own, b.opp);
			int n = board_popcount(moves), v;

			if (!n) {
				board_pass(&b);
				continue;
			}
			v = pattern_eval(truth, &b);
			cr_assert_eq(v % 100, 0);
			if (d->n == d->cap) {
				d->cap = d->cap ? 2 * d->cap : 1024;
				d->pos = realloc(d->pos, sizeof *d->pos * d->cap);
				d->game = realloc(d->game, sizeof *d->game * d->cap);
				cr_assert(d->pos && d->game);
			}
			d->pos[d->n] =
			    (struct train_position){b.own, b.opp, (int8_t)(v / 100), 0, 0};
			d->game[d->n++] = (uint32_t)g;
			for (int k = (int)(xorshift(&x) % (uint64_t)n); k > 0; k--)
				moves &= moves - 1;
			board_play(&b, board_first_square(moves),
				   board_flips(b.own, b.opp, board_first_square(moves)));
		}
	}
	d->games = (size_t)games;
}

Test(train, fit_recovers_a_known_model_from_synthetic_data, .timeout = 120)
{
	/* truth: whole-disc weights on the diag4 configurations, mobility and bias */
	struct pattern_weights *truth = pattern_new(), *fit = pattern_new();
	double *p = calloc(PATTERN_PARAMS, sizeof *p);
	struct train_data d = {0}, fresh = {0};
	struct train_fit_options o = {60, 1, 20, 1, 7, false, 0, 0, false, false, false, 1, false};
	struct train_fit_report rep;
	char err[128];
	uint64_t x = 7;
	uint32_t diag4 = PATTERN_TABLE - 81;
	double ae = 0;

	for (uint32_t i = 0; i < 81; i++)
		p[diag4 + i] = 100.0 * (double)((int)(xorshift(&x) % 5) - 2);
	p[PATTERN_EXTRA_MOBILITY] = 100;
	p[PATTERN_EXTRA_BIAS] = 100;
	for (int ph = 0; ph < PATTERN_PHASES; ph++)
		pattern_set(truth, ph, p);
	synthetic_data(truth, 250, &d);
	cr_assert_eq(train_fit(&d, &o, fit, &rep, NULL, NULL, err, sizeof err), 0, "%s", err);
	for (int ph = 1; ph < PATTERN_PHASES; ph++)
		cr_assert_lt(rep.valid_mae[ph], 0.5, "phase %d: held-out MAE %.2f", ph,
			     rep.valid_mae[ph]);
	synthetic_data(truth, 20, &fresh);
	for (size_t k = 0; k < fresh.n; k++) {
		struct board b = {fresh.pos[k].own, fresh.pos[k].opp};

		ae += abs(pattern_eval(fit, &b) - pattern_eval(truth, &b)) / 100.0;
	}
	cr_assert_lt(ae / (double)fresh.n, 0.5, "MAE on fresh positions %.2f discs",
		     ae / (double)fresh.n);
	free(p);
	train_data_free(&d);
	train_data_free(&fresh);
	pattern_free(truth);
	pattern_free(fit);
}

Test(train, a_fit_continued_from_weights_starts_where_they_are, .timeout = 120)
{
	/* continuing from the true weights, one iteration keeps them; from nothing it cannot */
	struct pattern_weights *truth = pattern_new(), *warm = pattern_new(), *cold = pattern_new();
	double *p = calloc(PATTERN_PARAMS, sizeof *p);
	struct train_data d = {0};
	struct train_fit_options o = {1, 1, 20, 1, 7, false, 0, 0, false, false, false, 1, false};
	struct train_fit_report rep_warm, rep_cold;
	char err[128];
	uint64_t x = 11;

	for (uint32_t i = 0; i < 81; i++)
		p[PATTERN_TABLE - 81 + i] = 100.0 * (double)((int)(xorshift(&x) % 5) - 2);
	p[PATTERN_EXTRA_MOBILITY] = 100;
	for (int ph = 0; ph < PATTERN_PHASES; ph++) {
		pattern_set(truth, ph, p);
		pattern_set(warm, ph, p);
	}
	synthetic_data(truth, 120, &d);
	cr_assert_eq(train_fit(&d, &o, cold, &rep_cold, NULL, NULL, err, sizeof err), 0, "%s", err);
	o.warm = true;
	cr_assert_eq(train_fit(&d, &o, warm, &rep_warm, NULL, NULL, err, sizeof err), 0, "%s", err);
	for (int ph = 1; ph < PATTERN_PHASES; ph++) {
		if (!rep_warm.valid[ph])
			continue;
		cr_assert_lt(rep_warm.valid_mae[ph], 0.5, "phase %d: %.2f", ph,
			     rep_warm.valid_mae[ph]);
		cr_assert_gt(rep_cold.valid_mae[ph], rep_warm.valid_mae[ph] + 0.5,
			     "phase %d: cold %.2f, warm %.2f", ph, rep_cold.valid_mae[ph],
			     rep_warm.valid_mae[ph]);
	}
	free(p);
	train_data_free(&d);
	pattern_free(truth);
	pattern_free(warm);
	pattern_free(cold);
}

Test(train, an_anchored_fit_shrinks_towards_the_weights_it_starts_from, .timeout = 120)
{
	/* with a huge ridge, an anchored fit stays at its start (here the truth); a plain one
	   shrinks to zero */
	struct pattern_weights *truth = pattern_new(), *anchored = pattern_new(),
			       *plain = pattern_new();
	double *p = calloc(PATTERN_PARAMS, sizeof *p);
	struct train_data d = {0};
	struct train_fit_options o = {20, 1e7, 20, 1, 7, true, 0, 0, true, false, false, 1, false};
	struct train_fit_report rep_a, rep_p;
	char err[128];
	uint64_t x = 13;

	for (uint32_t i = 0; i < 81; i++)
		p[PATTERN_TABLE - 81 + i] = 100.0 * (double)((int)(xorshift(&x) % 5) - 2);
	for (int ph = 0; ph < PATTERN_PHASES; ph++) {
		pattern_set(truth, ph, p);
		pattern_set(anchored, ph, p);
		pattern_set(plain, ph, p);
	}
	synthetic_data(truth, 120, &d);
	cr_assert_eq(train_fit(&d, &o, anchored, &rep_a, NULL, NULL, err, sizeof err), 0, "%s",
		     err);
	o.anchor = false;
	cr_assert_eq(train_fit(&d, &o, plain, &rep_p, NULL, NULL, err, sizeof err), 0, "%s", err);
	for (int ph = 1; ph < PATTERN_PHASES; ph++) {
		if (!rep_a.valid[ph])
			continue;
		cr_assert_lt(rep_a.valid_mae[ph], 0.1, "phase %d: %.2f", ph, rep_a.valid_mae[ph]);
		cr_assert_gt(rep_p.valid_mae[ph], 0.5, "phase %d: %.2f", ph, rep_p.valid_mae[ph]);
	}
	free(p);
	train_data_free(&d);
	pattern_free(truth);
	pattern_free(anchored);
	pattern_free(plain);
}

Test(train, an_anchored_fit_holding_the_extras_moves_only_the_patterns, .timeout = 120)
{
	/* the truth has a mobility term the start lacks: a plain anchored fit learns it, one
	   that holds the extras keeps the start's (zero) and moves the pattern weights instead */
	struct pattern_weights *truth = pattern_new(), *held = pattern_new(),
			       *free_extras = pattern_new();
	double *p = calloc(PATTERN_PARAMS, sizeof *p), *got = calloc(PATTERN_PARAMS, sizeof *got);
	struct train_data d = {0};
	struct train_fit_options o = {20, 1, 20, 1, 7, true, 0, 0, true, false, false, 1, true};
	struct train_fit_report rep;
	char err[128];
	uint64_t x = 17;
	bool moved = false;

	for (uint32_t i = 0; i < 81; i++)
		p[PATTERN_TABLE - 81 + i] = 100.0 * (double)((int)(xorshift(&x) % 5) - 2);
	for (int ph = 0; ph < PATTERN_PHASES; ph++) {
		pattern_set(held, ph, p);
		pattern_set(free_extras, ph, p);
	}
	p[PATTERN_EXTRA_MOBILITY] = 100;
	p[PATTERN_EXTRA_PARITY] = 200;
	for (int ph = 0; ph < PATTERN_PHASES; ph++)
		pattern_set(truth, ph, p);
	synthetic_data(truth, 120, &d);
	cr_assert_eq(train_fit(&d, &o, held, &rep, NULL, NULL, err, sizeof err), 0, "%s", err);
	o.hold_extras = false;
	cr_assert_eq(train_fit(&d, &o, free_extras, &rep, NULL, NULL, err, sizeof err), 0, "%s",
		     err);
	for (int ph = 2; ph < PATTERN_PHASES - 1; ph++) {
		pattern_get(held, ph, got);
		cr_assert_eq(got[PATTERN_EXTRA_MOBILITY], 0, "phase %d", ph);
		cr_assert_eq(got[PATTERN_EXTRA_PARITY], 0, "phase %d", ph);
		cr_assert_eq(got[PATTERN_EXTRA_BIAS], 0, "phase %d", ph);
		for (uint32_t i = 0; i < PATTERN_TABLE && !moved; i++)
			moved = got[i] != p[i] && pattern_is_canonical(held, i);
		pattern_get(free_extras, ph, got);
		cr_assert_gt(got[PATTERN_EXTRA_MOBILITY], 20, "phase %d: %.0f", ph,
			     got[PATTERN_EXTRA_MOBILITY]);
	}
	cr_assert(moved, "the pattern weights took up what the extras could not");
	free(p);
	free(got);
	train_data_free(&d);
	pattern_free(truth);
	pattern_free(held);
	pattern_free(free_extras);
}

Test(train, a_fit_of_some_phases_keeps_the_others_and_reports_the_signed_error, .timeout = 120)
{
	/* start: the truth plus one disc of bias; refit phase 5 only; measure without moving */
	struct pattern_weights *truth = pattern_new(), *w = pattern_new();
	double *p = calloc(PATTERN_PARAMS, sizeof *p), *q = calloc(PATTERN_PARAMS, sizeof *q),
	       *before = calloc(PATTERN_PARAMS, sizeof *before);
	struct train_data d = {0};
	struct train_fit_options o = {40, 1, 20, 0, 7, true, 5, 6, false, false, false, 1, false};
	struct train_fit_report rep;
	char err[128];
	uint64_t x = 17;

	for (uint32_t i = 0; i < 81; i++)
		p[PATTERN_TABLE - 81 + i] = 100.0 * (double)((int)(xorshift(&x) % 5) - 2);
	for (int ph = 0; ph < PATTERN_PHASES; ph++)
		pattern_set(truth, ph, p);
	p[PATTERN_EXTRA_BIAS] = 100;
	for (int ph = 0; ph < PATTERN_PHASES; ph++)
		pattern_set(w, ph, p);
	pattern_get(w, 0, before);
	synthetic_data(truth, 120, &d);
	cr_assert_eq(train_fit(&d, &o, w, &rep, NULL, NULL, err, sizeof err), 0, "%s", err);
	for (int ph = 1; ph < PATTERN_PHASES; ph++) {
		if (!rep.valid[ph])
			continue;
		pattern_get(w, ph, q);
		if (ph == 5) {
			cr_assert_lt(fabs(rep.valid_bias[ph]), 0.2, "refitted: %.2f",
				     rep.valid_bias[ph]);
			continue;
		}
		cr_assert_eq(memcmp(before, q, sizeof *q * PATTERN_PARAMS), 0, "phase %d changed",
			     ph);
		cr_assert_float_eq(rep.valid_bias[ph], 1.0, 1e-9, "phase %d: bias %.2f", ph,
				   rep.valid_bias[ph]);
	}
	free(p);
	free(q);
	free(before);
	train_data_free(&d);
	pattern_free(truth);
	pattern_free(w);
}

Test(train, an_exact_only_fit_ignores_the_labels_of_unsolved_positions, .timeout = 120)
{
	/* every other game is "solved" with true labels; the others' labels are off by 20 */
	struct pattern_weights *truth = pattern_new(), *fit = pattern_new();
	double *p = calloc(PATTERN_PARAMS, sizeof *p);
	struct train_data d = {0};
	struct train_fit_options o = {60, 1, 20, 1, 7, false, 0, 0, false, true, false, 1, false};
	struct train_fit_report rep;
	char err[128];
	uint64_t x = 19;

	for (uint32_t i = 0; i < 81; i++)
		p[PATTERN_TABLE - 81 + i] = 100.0 * (double)((int)(xorshift(&x) % 5) - 2);
	for (int ph = 0; ph < PATTERN_PHASES; ph++)
		pattern_set(truth, ph, p);
	synthetic_data(truth, 250, &d);
	for (size_t k = 0; k < d.n; k++) {
		d.pos[k].exact = d.game[k] % 2;
		if (!d.pos[k].exact)
			d.pos[k].score = (int8_t)(d.pos[k].score + 20);
	}
	cr_assert_eq(train_fit(&d, &o, fit, &rep, NULL, NULL, err, sizeof err), 0, "%s", err);
	for (int ph = 1; ph < PATTERN_PHASES; ph++)
		cr_assert_lt(fabs(rep.valid_bias[ph]), 0.5, "phase %d: bias %.2f", ph,
			     rep.valid_bias[ph]);
	free(p);
	train_data_free(&d);
	pattern_free(truth);
	pattern_free(fit);
}

Test(train, a_solved_only_fit_takes_exact_and_selective_labels_only, .timeout = 120)
{
	/* a third of the games solved, a third solved selectively, both with true labels; the
	   last third's labels are off by 20: a plain fit is pulled off, a solved-only one not */
	struct pattern_weights *truth = pattern_new(), *fit = pattern_new();
	double *p = calloc(PATTERN_PARAMS, sizeof *p), worst[2] = {0, 0};
	struct train_data d = {0};
	struct train_fit_options o = {60, 1, 20, 1, 7, false, 0, 0, false, false, false, 1, false};
	struct train_fit_report rep;
	char err[128];
	uint64_t x = 23;

	for (uint32_t i = 0; i < 81; i++)
		p[PATTERN_TABLE - 81 + i] = 100.0 * (double)((int)(xorshift(&x) % 5) - 2);
	for (int ph = 0; ph < PATTERN_PHASES; ph++)
		pattern_set(truth, ph, p);
	synthetic_data(truth, 300, &d);
	for (size_t k = 0; k < d.n; k++) {
		d.pos[k].exact = d.game[k] % 3 == 0;
		d.pos[k].selective = d.game[k] % 3 == 1;
		if (d.game[k] % 3 == 2)
			d.pos[k].score = (int8_t)(d.pos[k].score + 20);
	}
	for (int k = 0; k < 2; k++) {
		/* fitted with or without --solved-only, then measured on the true labels */
		struct train_fit_options m = o;

		o.solved_only = k == 1;
		cr_assert_eq(train_fit(&d, &o, fit, &rep, NULL, NULL, err, sizeof err), 0, "%s",
			     err);
		m.iterations = 0;
		m.warm = m.solved_only = true;
		cr_assert_eq(train_fit(&d, &m, fit, &rep, NULL, NULL, err, sizeof err), 0, "%s",
			     err);
		for (int ph = 1; ph < PATTERN_PHASES; ph++)
			if (rep.valid[ph] && fabs(rep.valid_bias[ph]) > worst[k])
				worst[k] = fabs(rep.valid_bias[ph]);
	}
	cr_assert_gt(worst[0], 3, "a plain fit is pulled by the off labels: %.2f", worst[0]);
	cr_assert_lt(worst[1], 0.5, "solved only: bias %.2f", worst[1]);
	free(p);
	train_data_free(&d);
	pattern_free(truth);
	pattern_free(fit);
}

/* Keeps the training rmse of each iteration (unrounded: it shows any change of the sums). */
static void keep_rmse(int phase, int iteration, int iterations, double rmse, void *user)
{
	double *out = user;

	out[phase * iterations + iteration - 1] = rmse;
}

Test(train, a_fit_gives_the_same_weights_and_report_on_any_number_of_threads, .timeout = 120)
{
	/* more positions than one chunk of partial sums, so the threads share every step */
	struct pattern_weights *truth = pattern_new(), *fit[3];
	double *p = calloc(PATTERN_PARAMS, sizeof *p), *q = calloc(PATTERN_PARAMS, sizeof *q);
	struct train_data d = {0};
	struct train_fit_options o = {8, 1, 20, 1, 7, false, 0, 0, false, false, false, 1, false};
	struct train_fit_report rep[3];
	double rmse[3][PATTERN_PHASES * 8] = {{0}};
	char err[128];
	uint64_t x = 23;
	const int jobs[3] = {1, 2, 3};

	for (uint32_t i = 0; i < 81; i++)
		p[PATTERN_TABLE - 81 + i] = 100.0 * (double)((int)(xorshift(&x) % 5) - 2);
	p[PATTERN_EXTRA_MOBILITY] = 100;
	for (int ph = 0; ph < PATTERN_PHASES; ph++)
		pattern_set(truth, ph, p);
	synthetic_data(truth, 400, &d);
	cr_assert_gt(d.n, 16384);
	for (int i = 0; i < 3; i++) {
		fit[i] = pattern_new();
		o.jobs = jobs[i];
		cr_assert_eq(
		    train_fit(&d, &o, fit[i], &rep[i], keep_rmse, rmse[i], err, sizeof err), 0,
		    "%s", err);
	}
	for (int i = 1; i < 3; i++) {
		cr_assert_eq(memcmp(&rep[0], &rep[i], sizeof rep[0]), 0, "report of %d threads",
			     jobs[i]);
		cr_assert_eq(memcmp(rmse[0], rmse[i], sizeof rmse[0]), 0, "rmse of %d threads",
			     jobs[i]);
		for (int ph = 0; ph < PATTERN_PHASES; ph++) {
			pattern_get(fit[0], ph, p);
			pattern_get(fit[i], ph, q);
			cr_assert_eq(memcmp(p, q, sizeof *p * PATTERN_PARAMS), 0,
				     "phase %d: %d threads change the weights", ph, jobs[i]);
		}
	}
	free(p);
	free(q);
	train_data_free(&d);
	pattern_free(truth);
	for (int i = 0; i < 3; i++)
		pattern_free(fit[i]);
}

Test(train, data_file_round_trips_and_ignores_a_record_cut_short)
{
	struct train_game g = {
	    12, 3, {{1, 2, -5, 0, 1}, {0x8000000000000001ULL, 6, 64, 1, 0}, {3, 4, -64, 1, 0}}};
	struct train_game h = {3, 1, {{7, 8, 9, 1, 0}}};
	struct train_data d = {0};
	uint8_t done[16] = {0};
	char *buf = NULL, err[128];
	size_t len;
	long end;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_eq(train_data_write_header(f), 0);
	cr_assert_eq(train_data_write_game(f, &g), 0);
	cr_assert_eq(train_data_write_game(f, &h), 0);
	fclose(f);
	f = fmemopen(buf, len - 5, "rb");
	cr_assert_eq(train_data_read(f, "d.dat", &d, done, 16, &end, err, sizeof err), 1, "%s",
		     err);
	fclose(f);
	cr_assert_eq(end, 8 + 8 + 3 * TRAIN_RECORD_BYTES);
	cr_assert(done[12] && !done[3]);
	f = fmemopen(buf, len, "rb");
	cr_assert_eq(train_data_read(f, "d.dat", &d, done, 16, &end, err, sizeof err), 2);
	fclose(f);
	cr_assert_eq(d.n, 7);
	cr_assert_eq(d.games, 3);
	cr_assert(done[3]);
	cr_assert_eq(d.pos[4].own, 0x8000000000000001ULL);
	cr_assert_eq(d.pos[4].score, 64);
	cr_assert_eq(d.pos[5].score, -64);
	cr_assert_eq(d.game[6], 3);
	cr_assert_eq(d.pos[6].exact, 1);
	cr_assert(d.pos[3].selective && !d.pos[3].exact, "the selective flag is kept");
	cr_assert(!d.pos[4].selective && !d.pos[6].selective);
	memcpy(buf, "nonsense", 8);
	f = fmemopen(buf, len, "rb");
	cr_assert_eq(train_data_read(f, "d.dat", NULL, NULL, 0, NULL, err, sizeof err), -1);
	cr_assert(strstr(err, "d.dat: not a training data file"), "%s", err);
	fclose(f);
	train_data_free(&d);
	free(buf);
}

/* A position no game holds (a disc of both colours on one square: the
   features would index past their tables; a score beyond +-64; flag bits no
   writer sets) refuses the file, naming the record and the position, also
   when only scanned for the games done. */
Test(train, data_file_refuses_impossible_positions_naming_the_record)
{
	static const struct {
		int pos, byte, value; /* the position's byte to change, and to what */
		const char *msg;
	} bad[] = {
	    {1, 0, 0x0C, "record at offset 8 (game 12), position 2: a disc of both colours on c1"},
	    {0, 16, 127,
	     "record at offset 8 (game 12), position 1: score 127 is beyond +-64 discs"},
	    {2, 16, 0xBF, "position 3: score -65 is beyond +-64 discs"},
	    {1, 17, 5, "position 2: unknown flags 0x05"},
	};
	struct train_game g = {12, 3, {{1, 0x10, -5, 0, 1}, {8, 6, 64, 1, 0}, {3, 4, -64, 1, 0}}};
	char *buf = NULL, err[160];
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_eq(train_data_write_header(f), 0);
	cr_assert_eq(train_data_write_game(f, &g), 0);
	fclose(f);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *copy = malloc(len);
		struct train_data d = {0};
		uint8_t done[16] = {0};

		memcpy(copy, buf, len);
		copy[16 + bad[i].pos * TRAIN_RECORD_BYTES + bad[i].byte] = (char)bad[i].value;
		f = fmemopen(copy, len, "rb");
		err[0] = '\0';
		cr_assert_eq(train_data_read(f, "d.dat", &d, NULL, 0, NULL, err, sizeof err), -1,
			     "case %zu read", i);
		cr_assert(strstr(err, bad[i].msg) && strncmp(err, "d.dat: ", 7) == 0, "%s", err);
		rewind(f);
		cr_assert_eq(train_data_read(f, "d.dat", NULL, done, 16, NULL, err, sizeof err), -1,
			     "case %zu scanned", i);
		fclose(f);
		train_data_free(&d);
		free(copy);
	}
	free(buf);
}

Test(train, opening_lines_are_read_and_bad_moves_refused)
{
	const char *good = "# comment\nf5d6c3d3c5f6e3   # +1.80\n\nf5f6\n";
	const char *bad = "f5d6\nf5f5\n";
	struct train_opening *ops = NULL;
	char err[128];
	FILE *f = fmemopen((void *)(uintptr_t)good, strlen(good), "r");

	cr_assert_eq(train_openings_read(f, "o.txt", &ops, err, sizeof err), 2, "%s", err);
	fclose(f);
	cr_assert_eq(ops[0].n, 7);
	cr_assert_eq(ops[0].moves[0], board_square_parse("f5"));
	cr_assert_eq(ops[1].moves[1], board_square_parse("f6"));
	free(ops);
	f = fmemopen((void *)(uintptr_t)bad, strlen(bad), "r");
	cr_assert_eq(train_openings_read(f, "o.txt", &ops, err, sizeof err), -1);
	fclose(f);
	cr_assert_str_eq(err, "o.txt:2:3: illegal move 'f5'");
}

/* Options of a short self-play game for the tests: a `depth`-ply search, exact
   from 10 empties, `random` random moves in the first 8 plies, seed `seed`. */
static struct train_gen_options small_game(int depth, int random, int seed)
{
	return (struct train_gen_options){.depth = depth,
					  .solve_empties = 10,
					  .random_moves = random,
					  .random_window = 8,
					  .seed = (uint64_t)seed,
					  .jobs = 1,
					  .tt_mb = 4};
}

Test(train, self_play_labels_are_exact_where_solved, .timeout = 120)
{
	struct train_opening op = {2, {37, 29}}; /* f5 f4 */
	struct train_gen_options o = small_game(2, 2, 5);
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);
	struct train_game g;
	int n_exact = 0;

	cr_assert_eq(train_play_game(s, &op, &o, 3, &g), 0);
	cr_assert_gt(g.n, 40);
	for (int i = 0; i < g.n; i++) {
		struct board b = {g.pos[i].own, g.pos[i].opp};
		struct search_limits lim = {0};
		struct search_result r;

		cr_assert_eq(g.pos[i].exact, board_empty_count(&b) <= o.solve_empties);
		cr_assert_eq(abs(g.pos[i].score), abs(g.pos[0].score));
		if (!g.pos[i].exact)
			continue;
		n_exact++;
		lim.endgame = 60;
		search_run(s, &b, &lim, NULL, NULL, &r);
		cr_assert(r.endgame);
		cr_assert_eq(r.score, 100 * g.pos[i].score, "position %d: solved %d, label %d", i,
			     r.score, g.pos[i].score);
	}
	cr_assert_geq(n_exact, 8);
	search_free(s);
	eval_free(ev);
}

Test(train, search_labels_blend_only_the_positions_before_the_solve, .timeout = 120)
{
	struct train_opening op = {2, {37, 29}}; /* f5 f4 */
	struct train_gen_options o = small_game(3, 2, 7);
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);
	struct train_game g[3];
	int differ = 0;

	for (int k = 0; k < 3; k++) {
		o.search_label = (int[]){0, 100, 50}[k];
		cr_assert_eq(train_play_game(s, &op, &o, 11, &g[k]), 0);
	}
	cr_assert_eq(g[1].n, g[0].n);
	cr_assert_eq(g[2].n, g[0].n);
	for (int i = 0; i < g[0].n; i++) {
		int a = g[0].pos[i].score, b = g[1].pos[i].score, c = g[2].pos[i].score;

		/* the labels do not change the game */
		cr_assert(g[1].pos[i].own == g[0].pos[i].own && g[2].pos[i].opp == g[0].pos[i].opp,
			  "position %d differs", i);
		cr_assert_eq(g[1].pos[i].exact, g[0].pos[i].exact);
		cr_assert_eq(abs(a), abs(g[0].pos[0].score));
		if (g[0].pos[i].exact) {
			cr_assert(a == b && a == c, "exact position %d relabelled", i);
			continue;
		}
		cr_assert(b >= -64 && b <= 64);
		cr_assert(c >= (a < b ? a : b) && c <= (a < b ? b : a),
			  "position %d: half-way label %d outside %d .. %d", i, c, a, b);
		differ += a != b;
	}
	cr_assert_geq(differ, 5, "the search scores should differ from the result");
	search_free(s);
	eval_free(ev);
}

Test(train, two_depth_labels_are_the_mean_of_the_last_two_iterations, .timeout = 120)
{
	/* the first position's label: the mean of fresh depth-2 and depth-3 searches */
	struct train_opening op = {2, {37, 29}}; /* f5 f4 */
	struct train_gen_options o = small_game(3, 0, 7);
	o.search_label = 100;
	o.label_two = true;
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);
	struct train_game g;
	struct board b = {0, 0};
	int sc[2], v;

	cr_assert_eq(train_play_game(s, &op, &o, 11, &g), 0);
	train_opening_play(&op, &b);
	cr_assert(b.own == g.pos[0].own && b.opp == g.pos[0].opp);
	for (int k = 0; k < 2; k++) {
		struct search_limits lim = {.depth = 2 + k, .endgame = 10};
		struct search_result r;

		search_clear(s);
		cr_assert_eq(search_run(s, &b, &lim, NULL, NULL, &r), 0);
		sc[k] = r.score;
	}
	v = (sc[0] + sc[1]) / 2;
	v = v >= 0 ? (v + 50) / 100 : -((-v + 50) / 100);
	cr_assert_eq(g.pos[0].score, v, "label %d, depth-2 %d, depth-3 %d", g.pos[0].score, sc[0],
		     sc[1]);
	cr_assert_neq(sc[0], sc[1], "a test needs two different iterations");
	search_free(s);
	eval_free(ev);
}

/* True when `c` is the position after one of the moves of `b`. */
static bool is_child(const struct board *b, const struct board *c)
{
	for (uint64_t m = board_moves(b->own, b->opp); m; m &= m - 1) {
		struct board x = *b;
		int sq = board_first_square(m);

		board_play(&x, sq, board_flips(x.own, x.opp, sq));
		if (x.own == c->own && x.opp == c->opp)
			return true;
	}
	return false;
}

Test(train, siblings_of_the_first_solved_positions_follow_the_game_solved, .timeout = 120)
{
	struct train_opening op = {2, {37, 29}}; /* f5 f4 */
	struct train_gen_options o = small_game(2, 2, 5);
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);
	struct train_game *g0 = malloc(sizeof *g0), *g2 = malloc(sizeof *g2);
	int first = -1;

	cr_assert(g0 && g2);
	cr_assert_eq(train_play_game(s, &op, &o, 3, g0), 0);
	o.siblings = 2;
	cr_assert_eq(train_play_game(s, &op, &o, 3, g2), 0);
	cr_assert_gt(g2->n, g0->n + 2, "siblings: %d", g2->n - g0->n);
	for (int i = 0; i < g0->n; i++) {
		cr_assert(g2->pos[i].own == g0->pos[i].own && g2->pos[i].score == g0->pos[i].score);
		if (first < 0 && g0->pos[i].exact)
			first = i;
	}
	cr_assert_geq(first, 0);
	for (int i = g0->n; i < g2->n; i++) {
		struct board c = {g2->pos[i].own, g2->pos[i].opp};
		struct board b1 = {g0->pos[first].own, g0->pos[first].opp};
		struct board b2 = {g0->pos[first + 1].own, g0->pos[first + 1].opp};
		struct search_limits lim = {.endgame = 60};
		struct search_result r;

		cr_assert(is_child(&b1, &c) || is_child(&b2, &c), "sibling %d: no parent", i);
		cr_assert(g2->pos[i].exact);
		search_clear(s);
		search_run(s, &c, &lim, NULL, NULL, &r);
		cr_assert_eq(r.score, 100 * g2->pos[i].score, "sibling %d: solved %d, label %d", i,
			     r.score, g2->pos[i].score);
	}
	free(g0);
	free(g2);
	search_free(s);
	eval_free(ev);
}

/* True when games `a` and `b` hold the same positions with the same labels. */
static bool same_game(const struct train_game *a, const struct train_game *b)
{
	if (a->n != b->n)
		return false;
	for (int i = 0; i < a->n; i++)
		if (a->pos[i].own != b->pos[i].own || a->pos[i].opp != b->pos[i].opp ||
		    a->pos[i].score != b->pos[i].score || a->pos[i].exact != b->pos[i].exact)
			return false;
	return true;
}

Test(train, varied_plies_change_the_window_only_and_replay_the_same, .timeout = 120)
{
	struct train_opening op = {2, {37, 29}}; /* f5 f4 */
	struct train_gen_options o = small_game(2, 0, 9);
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);
	static struct train_game plain, varied, again, none;
	int first_diff = -1;

	o.random_window = 16;
	cr_assert_eq(train_play_game(s, &op, &o, 5, &plain), 0);
	o.varied = 100;
	cr_assert_eq(train_play_game(s, &op, &o, 5, &varied), 0);
	cr_assert_eq(train_play_game(s, &op, &o, 5, &again), 0);
	cr_assert(same_game(&varied, &again), "the same game number replays the same game");
	for (int i = 0; i < plain.n && i < varied.n && first_diff < 0; i++)
		if (plain.pos[i].own != varied.pos[i].own || plain.pos[i].opp != varied.pos[i].opp)
			first_diff = i;
	/* position i is the one before ply i: the first varied move changes position 1 at
	   the earliest, and some move of 16 varied ones differs from the search's */
	cr_assert(first_diff >= 1 && first_diff <= 16, "first difference at position %d",
		  first_diff);
	o.random_window = 0; /* no window, no varied ply */
	cr_assert_eq(train_play_game(s, &op, &o, 5, &none), 0);
	o.varied = 0;
	cr_assert_eq(train_play_game(s, &op, &o, 5, &varied), 0);
	cr_assert(same_game(&none, &varied), "--varied without a window changes nothing");
	search_free(s);
	eval_free(ev);
}

Test(train, presolved_positions_take_the_solve_score_as_label, .timeout = 120)
{
	/* at "exact" selectivity the presolve is a solve: from the first presolved position on the
	   game is perfect play, every label there is the result, and a fresh solve agrees */
	struct train_opening op = {2, {37, 29}}; /* f5 f4 */
	struct train_gen_options o = small_game(2, 2, 5);
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);
	static struct train_game g, sel, kin;
	int n_pre = 0, first = -1;

	o.presolve_empties = 14;
	o.presolve_selectivity = 100;
	cr_assert_eq(train_play_game(s, &op, &o, 3, &g), 0);
	for (int i = 0; i < g.n; i++) {
		struct board b = {g.pos[i].own, g.pos[i].opp};
		int e = board_empty_count(&b);
		struct search_limits lim = {.endgame = 60};
		struct search_result r;

		cr_assert_eq(g.pos[i].exact, e <= o.solve_empties, "position %d, %d empties", i, e);
		if (e > o.presolve_empties)
			continue;
		if (first < 0)
			first = i;
		cr_assert_eq(abs(g.pos[i].score), abs(g.pos[first].score), "position %d", i);
		search_clear(s);
		search_run(s, &b, &lim, NULL, NULL, &r);
		cr_assert_eq(r.score, 100 * g.pos[i].score, "position %d: solved %d, label %d", i,
			     r.score, g.pos[i].score);
		n_pre += e > o.solve_empties;
	}
	cr_assert_geq(n_pre, 3, "presolved positions: %d", n_pre);
	search_free(s);
	eval_free(ev);

	/* selective (the shipped weights and ProbCut table), every ply before the exact solve
	   careless: each presolved label is the score of a selective solve, not the result of the
	   careless play after it, and is not marked exact */
	char name[EVALSPEC_NAME_LEN], note[256], err[512];

	ev = evalspec_open("pattern", name, sizeof name, note, sizeof note, err, sizeof err);
	cr_assert_not_null(ev, "%s", err);
	cr_assert_not_null(eval_probcut(ev));
	s = search_new(4, ev);
	search_set_flags(s, SEARCH_CLIMB_ALWAYS); /* selective below LADDER_MIN_EMPTIES too */
	o.presolve_selectivity = 73;
	o.random_window = 64;
	o.varied = 100;
	cr_assert_eq(train_play_game(s, &op, &o, 3, &sel), 0);
	first = -1;
	for (int i = 0; i < sel.n; i++) {
		struct board b = {sel.pos[i].own, sel.pos[i].opp};
		struct search_limits lim = {.endgame = 60, .solve_selectivity = 73};
		struct search_result r;

		if (board_empty_count(&b) > o.presolve_empties)
			continue;
		if (board_empty_count(&b) <= o.solve_empties)
			break;
		first = i;
		cr_assert(!sel.pos[i].exact);
		search_clear(s);
		search_run(s, &b, &lim, NULL, NULL, &r);
		cr_assert_eq(r.selectivity, 73);
		cr_assert_eq((r.score + (r.score >= 0 ? 50 : -50)) / 100, sel.pos[i].score,
			     "position %d: selective solve %d, label %d", i, r.score,
			     sel.pos[i].score);
	}
	cr_assert_geq(first, 0, "no presolved position");
	/* with presolve siblings: the same game, then the children of its last two presolved
	   positions, presolved too */
	o.presolve_siblings = 2;
	cr_assert_eq(train_play_game(s, &op, &o, 3, &kin), 0);
	cr_assert_gt(kin.n, sel.n + 2, "presolve siblings: %d", kin.n - sel.n);
	for (int i = 0; i < sel.n; i++)
		cr_assert(kin.pos[i].own == sel.pos[i].own && kin.pos[i].score == sel.pos[i].score);
	for (int i = sel.n; i < kin.n; i++) {
		struct board c = {kin.pos[i].own, kin.pos[i].opp};
		struct board b1 = {sel.pos[first - 1].own, sel.pos[first - 1].opp};
		struct board b2 = {sel.pos[first].own, sel.pos[first].opp};
		struct search_limits lim = {.endgame = 60, .solve_selectivity = 73};
		struct search_result r;

		cr_assert(is_child(&b1, &c) || is_child(&b2, &c), "sibling %d: no parent", i);
		cr_assert(kin.pos[i].selective && !kin.pos[i].exact);
		search_clear(s);
		search_run(s, &c, &lim, NULL, NULL, &r);
		cr_assert_eq((r.score + (r.score >= 0 ? 50 : -50)) / 100, kin.pos[i].score,
			     "sibling %d: selective solve %d, label %d", i, r.score,
			     kin.pos[i].score);
	}
	search_free(s);
	eval_free(ev);
}

Test(train, calibration_undoes_a_shift_of_the_parity_term, .timeout = 120)
{
	/* weights whose parity term is moved by -200 give, shift for shift, the searches of the
	   original moved by q - 200: their best shift is the original's plus 200; and three
	   threads measure every shift as one thread does */
	struct train_opening ops[4] = {{7, {37, 43, 18, 19, 34, 45, 20}},
				       {6, {37, 45, 19, 20, 21, 18}},
				       {4, {37, 29, 19, 43}},
				       {5, {37, 45, 44, 29, 30}}};
	struct train_calibrate_options o = {.phase_lo = 1,
					    .phase_hi = 4,
					    .depth_lo = 2,
					    .depth_hi = 6,
					    .range = 400,
					    .step = 100,
					    .tt_mb = 4,
					    .jobs = 1},
				       o3 = o;
	struct train_calibrate_row rows[3][9];
	char err[512];
	FILE *f = fopen(OTHELLO_SRCDIR "/eval/pattern.bin", "rb");
	struct pattern_weights *w, *moved;
	int best[3];

	cr_assert_not_null(f);
	w = pattern_read(f, "pattern.bin", err, sizeof err);
	fclose(f);
	cr_assert_not_null(w, "%s", err);
	moved = train_calibrated(w, &o, -200);
	cr_assert_not_null(moved);
	o3.jobs = 3;
	best[0] = train_calibrate(w, ops, 4, &o, rows[0], NULL, NULL);
	best[1] = train_calibrate(moved, ops, 4, &o3, rows[1], NULL, NULL);
	best[2] = train_calibrate(w, ops, 4, &o3, rows[2], NULL, NULL);
	cr_assert(best[0] >= 0 && best[1] >= 0);
	cr_assert_eq(best[2], best[0], "three threads choose as one does");
	for (int k = 0; k < 9; k++)
		cr_assert(rows[2][k].shift == rows[0][k].shift &&
			      rows[2][k].rms == rows[0][k].rms &&
			      rows[2][k].swing == rows[0][k].swing &&
			      rows[2][k].level == rows[0][k].level,
			  "shift %d: three threads measure as one does", rows[0][k].shift);
	for (int k = 0; k + 2 < 9; k++) {
		cr_assert_eq(rows[1][k + 2].shift - 200, rows[0][k].shift);
		cr_assert_float_eq(rows[1][k + 2].rms, rows[0][k].rms, 1e-9, "shift %d",
				   rows[0][k].shift);
		cr_assert_gt(rows[0][k].pairs, 0);
	}
	cr_assert_eq(rows[1][best[1]].shift, rows[0][best[0]].shift + 200, "best %d and %d",
		     rows[0][best[0]].shift, rows[1][best[1]].shift);
	cr_assert_neq(rows[0][0].rms, rows[0][8].rms, "the parity term moves the scores");
	pattern_free(w);
	pattern_free(moved);
}
