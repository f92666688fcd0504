/*
 * fuzz-record.c — libFuzzer target for one record reader, chosen at build time
 * by FUZZ_FORMAT (RECORD_SGF, RECORD_GGF, RECORD_TRANSCRIPT, RECORD_OBF).
 *
 * Any input must either load or give a `NAME:LINE:COL: ...` message, without a
 * crash or a leak. A record that loads is written back in the same format and
 * read again: that must succeed and give the same game (for SGF, the same
 * record in every detail; for the other formats, the same start and main line).
 * Built by `configure CC=clang --enable-fuzzing`; see Makefile.am for `make fuzz`.
 */
#include "gametree.h"
#include "gamecmp.h"
#include "record.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool same_main_line(const struct game *a, const struct game *b)
{
	const struct game_node *x = a->root, *y = b->root;

	if (!pos_same(&x->pos, &y->pos) || x->side != y->side)
		return false;
	for (x = x->child, y = y->child; x && y; x = x->child, y = y->child)
		if (x->move != y->move)
			return false;
	/* a transcript leaves passes out, so a pass that ends the line is lost */
	if (FUZZ_FORMAT == RECORD_TRANSCRIPT && x && x->move == SQ_PASS && !x->child)
		x = NULL;
	return !x && !y;
}

/* The check after a round trip through the writer, per format. */
static bool same_game(const struct game *g, const struct game *back, char *why, size_t whylen)
{
	const struct game_node *end = game_line_end(g->root);

	snprintf(why, whylen, "different start or main line");
	switch (FUZZ_FORMAT) {
	case RECORD_SGF:
		return games_equal(g, back, why, whylen);
	case RECORD_OBF:
		return pos_same(&end->pos, &back->root->pos) && end->side == back->root->side;
	default:
		return same_main_line(g, back);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512], why[256], *text = NULL;
	size_t len = 0;
	struct game *g, *back;
	FILE *f;

	g = record_read(FUZZ_FORMAT, (const char *)data, size, "fuzz", err, sizeof(err));
	if (!g) {
		if (strncmp(err, "fuzz:", 5) != 0)
			abort();
		return 0;
	}
	f = open_memstream(&text, &len);
	if (!f || record_write(FUZZ_FORMAT, g, f) != 0)
		abort();
	fclose(f);
	back = record_read(FUZZ_FORMAT, text, len, "again", err, sizeof(err));
	if (!back) {
		fprintf(stderr, "written text does not read back: %s\n%s\n", err, text);
		abort();
	}
	if (!same_game(g, back, why, sizeof(why))) {
		fprintf(stderr, "round trip changed the game: %s\n%s\n", why, text);
		abort();
	}
	free(text);
	game_free(g);
	game_free(back);
	return 0;
}
