/*
 * vtrain.c — the self-play data of vtrain.h, from which eval_fit_linear
 * (engine/eval-fit.c) fits the other boards' weights.
 *
 * Data file, one position a line:
 *
 * | field         | meaning                                                 |
 * |---------------|---------------------------------------------------------|
 * | board string  | the position (pos_format: squares, # holes, X or O)     |
 * | result        | the final disc difference of the game for Black         |
 *
 * The openings' own positions are not written (they are random). The games
 * are played by the game loop of the series (match.c), the level on both
 * sides.
 */
#include "vtrain.h"
#include "match.h"
#include "vmatch.h"

#include <stdio.h>

/* Writes the positions of game record `rec` after its opening's `skip` moves where a move was
   played, each with the game's result for Black. Returns how many. */
static int write_positions(const struct game *rec, int skip, int result, FILE *out)
{
	char line[POS_STRING_MAX + 1];
	int n = 0;

	for (const struct game_node *at = rec->root; at->child; at = at->child) {
		if (at->child->ply <= skip || at->child->move == SQ_PASS)
			continue;
		pos_format(&at->pos, at->side, line);
		fprintf(out, "%s %+d\n", line, result);
		n++;
	}
	return n;
}

/*
 * Plays `games` games of `level` against itself on board v with the weights
 * ev (of that board), each from a random opening of `plies` plies (seeded by seed), through
 * the game loop of the series (match_play_game), and appends the positions
 * of each game after its opening where a move was played, with the game's
 * result. Returns the positions written, or -1 with a message.
 */
int vtrain_generate(enum variant v, const struct eval *ev, const char *level, int games, int plies,
		    uint64_t seed, FILE *out, char *err, size_t errlen)
{
	struct match_player_options opt = {.eval = ev};
	struct match_player *p[2] = {NULL, NULL};
	uint64_t rng = seed;
	int total = 0;

	for (int i = 0; i < 2; i++)
		if (!(p[i] = match_player_new(level, &opt, err, errlen)))
			goto fail;
	for (int i = 0; i < games; i++) {
		struct match_opening o;
		struct match_table t = {
		    .player = {p[0], p[1]},
		    .name = {level, level},
		    .opening = &o,
		    .number = i + 1,
		    .seed = {match_game_seed(seed, i + 1), match_game_seed(seed, i + 1)}};
		struct report_game rep;
		struct game *rec = NULL;
		struct vopening vo;
		char text[REPORT_OPENING_LEN], msg[160];

		vmatch_opening(v, plies, &rng, &vo);
		vmatch_opening_text(&vo, text, sizeof text);
		if (match_opening_parse(v, text, &o, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "opening %s: %s", text, msg);
			goto fail;
		}
		if (match_play_game(&t, &rep, NULL, &rec) != MATCH_END_NORMAL || !rec) {
			snprintf(err, errlen, "game %d: %s", i + 1,
				 rec ? rep.end : "out of memory");
			game_free(rec);
			goto fail;
		}
		total += write_positions(rec, o.n_moves, rep.gap, out);
		game_free(rec);
	}
	match_player_free(p[0]);
	match_player_free(p[1]);
	if (ferror(out)) {
		snprintf(err, errlen, "write error");
		return -1;
	}
	return total;
fail:
	match_player_free(p[0]);
	match_player_free(p[1]);
	return -1;
}
