/*
 * match-level.h — our levels as match players (and as the brain of the GTP
 * server): a level chosen by name or setting, with the per-player options of
 * a match, answering moves with their reasoning.
 */
#ifndef OTHELLO_MATCH_LEVEL_H
#define OTHELLO_MATCH_LEVEL_H

#include "match.h"

struct level_player;

bool level_player_check(const char *spec, char *err, size_t errlen);
const char *level_player_eval_name(const char *spec, const char *eval_name);
struct level_player *level_player_new(const char *spec, const struct match_player_options *opt,
				      char *err, size_t errlen);
const char *level_player_note(const struct level_player *lp);
void level_player_free(struct level_player *lp);
void level_player_set_time(struct level_player *lp, double seconds);
void level_player_set_clock(struct level_player *lp, double seconds);
int level_player_new_game(struct level_player *lp, uint64_t seed, char *err, size_t errlen);
int level_player_genmove(struct level_player *lp, const struct pos *b, enum color side,
			 struct match_move *out, char *err, size_t errlen);

#endif
