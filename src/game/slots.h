/*
 * slots.h — save slots: games saved by name in the save directory.
 *
 * A slot is named 0-9 or with letters, digits, '_' and '-' (no paths); it is
 * the SGF file NAME.sgf in the save directory, written atomically. The
 * directory is --save-dir, else $OTHELLO_SAVE_DIR, else
 * $XDG_DATA_HOME/othello-master/saves (default ~/.local/share/othello-master/saves),
 * created on first save.
 */
#ifndef OTHELLO_SLOTS_H
#define OTHELLO_SLOTS_H

#include "gametree.h"

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#define SLOTS_AUTOSAVE "autosave" /* slot written when the program is killed */

enum { SLOT_NAME_MAX = 64, SLOT_PATH_MAX = 4096 };
/* The longest save directory name: DIR/.othello-tmp-NAME.sgf.XXXXXX (the
   temporary file of a save, record.h) must fit in SLOT_PATH_MAX. */
enum { SLOT_DIR_MAX = SLOT_PATH_MAX - 1 - (SLOT_NAME_MAX - 1) - 4 - 20 - 1 };

/* Seconds after which an unlocked temporary file of a slot save counts as
   left behind by a save that was killed (slots.c removes it). */
enum { SLOT_TEMP_STALE = 60 };

/* One line of `saves`. */
struct slot_info {
	char name[SLOT_NAME_MAX]; /* slot name */
	time_t mtime;		  /* when it was saved */
	char date[32];		  /* the game's date (DT), or the save date */
	char black[64];		  /* black player */
	char white[64];		  /* white player */
	int moves;		  /* moves on the main line, passes not counted */
	char result[32];	  /* RE, or "" if not finished */
	char description[128];	  /* description given when saving */
	bool broken;		  /* the file did not load (description holds why) */
};

bool slots_name_valid(const char *name);
int slots_dir(const char *override, char *out, size_t outlen, char *err, size_t errlen);
int slots_path(const char *dir, const char *name, char *out, size_t outlen, char *err,
	       size_t errlen);
int slots_state_dir(char *out, size_t outlen, char *err, size_t errlen);
int slots_save_unique(const char *dir, const char *name, const struct game *g,
		      const char *description, char *out, size_t outlen, char *err, size_t errlen);
int slots_save(const char *dir, const char *name, const struct game *g, const char *description,
	       char *err, size_t errlen);
struct game *slots_load(const char *dir, const char *name, char *err, size_t errlen);
bool slots_offer_once(const char *dir, const char *name);
int slots_list(const char *dir, struct slot_info **out, int *count, char *err, size_t errlen);

#endif
