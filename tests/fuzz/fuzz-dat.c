/*
 * fuzz-dat.c — libFuzzer target for the training data reader (train.h,
 * train_data_read: the `.dat` files of `train generate`, `import`, `label`).
 *
 * Any input must either load or give a message that names the file, without
 * a crash or a leak. Every position that loads must be one a board can hold
 * (no disc of both colours, a score within +-64), and its pattern features,
 * which `train fit` computes, must stay within the weight tables. With
 * FUZZ_SAY set, each input's outcome goes to stderr ("outcome dat: read" or
 * the message), for bench/mutants.
 */
#include "pattern.h"
#include "train.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pattern_weights *w;
	struct train_data d = {0};
	uint8_t done[64] = {0};
	char err[512];
	long games, end = 0;
	void *p;
	FILE *f;

	if (!w && !(w = pattern_new()))
		abort();
	memcpy(&p, &data, sizeof(p)); /* read only: "rb" */
	if (size == 0 || !(f = fmemopen(p, size, "rb")))
		return 0;
	err[0] = '\0';
	games = train_data_read(f, "fuzz.dat", &d, done, sizeof done, &end, err, sizeof err);
	fclose(f);
	if (getenv("FUZZ_SAY")) /* for bench/mutants */
		fprintf(stderr, "outcome dat: %s\n", games >= 0 ? "read" : err);
	if (games < 0 && strncmp(err, "fuzz.dat: ", 10) != 0)
		abort();
	if (games >= 0 && (end < 8 || (size_t)end > size))
		abort();
	for (size_t i = 0; games >= 0 && i < d.n; i++) {
		const struct train_position *t = &d.pos[i];
		struct board b = {t->own, t->opp};
		struct pattern_features pf;

		if ((t->own & t->opp) || t->score < -64 || t->score > 64)
			abort();
		pattern_features(w, &b, &pf);
		if (!pattern_check_indices(w, &b))
			abort();
		(void)pattern_eval_features(w, &pf);
	}
	train_data_free(&d);
	return 0;
}
