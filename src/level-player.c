/*
 * level-player.c — our levels as match players.
 *
 * Not wired yet: the levels are not in this tree, so every level name is
 * refused with a message saying so.
 */
#include "level-player.h"

bool level_player_check(const char *spec, char *err, size_t errlen)
{
	snprintf(err, errlen, "'%s': unknown player (levels are not available in this build)",
		 spec);
	return false;
}

struct level_player *level_player_new(const char *spec, const struct match_player_options *opt,
				      char *err, size_t errlen)
{
	(void)opt;
	level_player_check(spec, err, errlen);
	return NULL;
}

void level_player_free(struct level_player *lp)
{
	(void)lp;
}

void level_player_set_time(struct level_player *lp, double seconds)
{
	(void)lp;
	(void)seconds;
}

int level_player_new_game(struct level_player *lp, uint64_t seed, char *err, size_t errlen)
{
	(void)lp;
	(void)seed;
	snprintf(err, errlen, "no level");
	return -1;
}

int level_player_genmove(struct level_player *lp, const struct board *b, enum color side,
			 struct match_move *out, char *err, size_t errlen)
{
	(void)lp;
	(void)b;
	(void)side;
	(void)out;
	snprintf(err, errlen, "no level");
	return -1;
}
