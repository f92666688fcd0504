/*
 * fuzz-weights.c — libFuzzer target for every weights format: the classic
 * text weights and the binary pattern weights (eval.h, eval_load, told apart
 * by the first byte) and the weights of the other boards (veval.h,
 * veval_read, 6x6 and 10x10 with holes), all fed the same bytes.
 *
 * Any input must either load or give a message, without a crash or a leak.
 * Weights that load must score every position of a game of random moves
 * without an overflow (UBSan reports one) or a read outside their tables.
 * With FUZZ_SAY set, each reader's outcome goes to stderr ("outcome 8x8:
 * read", "outcome 6x6: MESSAGE" ...), for bench/mutants.
 */
#include "eval.h"
#include "veval.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The next number of the generator `x` (xorshift). */
static uint64_t next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Scores with `ev` each position of a game of random moves. */
static void play_8x8(const struct eval *ev, uint64_t seed)
{
	struct board b;

	board_start(&b);
	while (!board_game_over(&b)) {
		uint64_t moves = board_moves(b.own, b.opp);
		int sq;

		(void)eval_board(ev, &b);
		if (!moves) {
			board_pass(&b);
			continue;
		}
		for (uint64_t k = next(&seed) % (uint64_t)board_popcount(moves); k; k--)
			moves &= moves - 1;
		sq = board_first_square(moves);
		board_play(&b, sq, board_flips(b.own, b.opp, sq));
	}
	(void)eval_board(ev, &b);
}

/* The same with the weights `ev` of another board. */
static void play_variant(const struct veval *ev, uint64_t seed)
{
	const struct vgeom *g = ev->g;
	struct vboard b;

	vboard_start(g, &b);
	while (!vboard_game_over(g, &b)) {
		vbits moves = vboard_moves(g, b.own, b.opp);
		int sq;

		(void)veval_eval(ev, b.own, b.opp);
		if (!moves) {
			vboard_pass(&b);
			continue;
		}
		for (uint64_t k = next(&seed) % (uint64_t)vboard_popcount(moves); k; k--)
			moves &= moves - 1;
		sq = vboard_first_square(moves);
		vboard_play(&b, sq, vboard_flips(g, b.own, b.opp, sq));
	}
	(void)veval_eval(ev, b.own, b.opp);
}

/* Opens the bytes of the input as a file to read. */
static FILE *open_mem(const uint8_t *data, size_t size)
{
	void *p;

	memcpy(&p, &data, sizeof(p)); /* read only: "rb" */
	return size ? fmemopen(p, size, "rb") : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum variant boards[] = {VARIANT_6X6, VARIANT_10X10_HOLES};
	char err[512];
	struct eval *ev;
	FILE *f;
	int rc;

	if (!(f = open_mem(data, size)))
		return 0;
	err[0] = '\0';
	ev = eval_load(VARIANT_8X8, f, "fuzz.txt", err, sizeof err);
	fclose(f);
	if (getenv("FUZZ_SAY")) /* for bench/mutants */
		fprintf(stderr, "outcome 8x8: %s\n", ev ? "read" : err);
	if (!ev && strncmp(err, "fuzz.txt", 8) != 0)
		abort();
	for (uint64_t seed = 1; ev && seed <= 3; seed++)
		play_8x8(ev, seed * 0x9e3779b97f4a7c15u);
	eval_free(ev);
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		struct veval vev;

		if (!(f = open_mem(data, size)))
			return 0;
		err[0] = '\0';
		rc = veval_read(vboard_geom(boards[i]), f, &vev, err, sizeof err);
		fclose(f);
		if (getenv("FUZZ_SAY"))
			fprintf(stderr, "outcome %s: %s\n", vboard_geom(boards[i])->name,
				rc == 0 ? "read" : err);
		if (rc == 0)
			for (uint64_t seed = 1; seed <= 3; seed++)
				play_variant(&vev, seed * 0x9e3779b97f4a7c15u);
		else if (!err[0])
			abort();
	}
	return 0;
}
