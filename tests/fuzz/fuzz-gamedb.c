/*
 * fuzz-gamedb.c — libFuzzer target for the game collection readers
 * (gamedb.h): the WTHOR games reader, the WTHOR names reader (players'
 * records) and Logistello's book lines, all fed the same bytes.
 *
 * Any input must either load or give a message that names the file, without
 * a crash or a leak. Games that load are written back by our WTHOR writer and
 * read again: the same moves and scores must come back, and each game must
 * become a game record.
 */
#include "gamedb.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads `size` bytes of `data` with `read` into `gs`; its result. */
static int read_mem(const uint8_t *data, size_t size, struct gamedb_games *gs, bool wthor,
		    char *err, size_t errlen)
{
	void *p;
	FILE *f;
	int n;

	memcpy(&p, &data, sizeof(p)); /* read only: "rb" */
	if (size == 0 || !(f = fmemopen(p, size, "rb")))
		return -1;
	n = wthor ? gamedb_wthor_read(f, "fuzz.wtb", gs, err, errlen)
		  : gamedb_logbook_read(f, "fuzz.gam", gs, err, errlen);
	fclose(f);
	return n;
}

/* Writes the games of `gs` by our writer and reads them again; aborts when
   they differ. */
static void round_trip(const struct gamedb_games *gs)
{
	struct gamedb_games back = {0};
	char *buf = NULL, err[256];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f || gamedb_wthor_write(f, gs->g, gs->n, 2000) < 0)
		abort();
	fclose(f);
	if (read_mem((const uint8_t *)buf, len, &back, true, err, sizeof(err)) != (int)gs->n)
		abort();
	for (size_t i = 0; i < gs->n; i++) {
		const struct gamedb_game *a = &gs->g[i], *b = &back.g[i];

		if (a->n_moves != b->n_moves || memcmp(a->moves, b->moves, a->n_moves) != 0 ||
		    (a->result != GAMEDB_NO_SCORE && a->result % 2 == 0 && a->result != b->result))
			abort();
	}
	gamedb_games_free(&back);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gamedb_games gs = {0};
	struct gamedb_names ns;
	char err[512];
	void *p;
	FILE *f;

	for (int wthor = 0; wthor < 2; wthor++) {
		err[0] = '\0';
		if (read_mem(data, size, &gs, wthor, err, sizeof(err)) < 0) {
			if (size && strncmp(err, wthor ? "fuzz.wtb" : "fuzz.gam", 8) != 0)
				abort();
		} else {
			round_trip(&gs);
			for (size_t i = 0; i < gs.n && i < 8; i++) {
				struct game *g =
				    gamedb_to_record(&gs.g[i], NULL, NULL, err, sizeof(err));

				if (!g)
					abort();
				game_free(g);
			}
		}
		gamedb_games_free(&gs);
	}
	memcpy(&p, &data, sizeof(p));
	if (size && (f = fmemopen(p, size, "rb"))) {
		if (gamedb_wthor_read_names(f, "fuzz.jou", GAMEDB_JOU_RECORD, &ns, err,
					    sizeof(err)) >= 0)
			gamedb_names_free(&ns);
		fclose(f);
	}
	return 0;
}
