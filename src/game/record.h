/*
 * record.h — reading and writing game records: SGF (the native format), GGF,
 * transcripts and board strings / OBF lines, and whole files.
 *
 * Readers take the text of a file (not necessarily NUL-terminated) and a name
 * for messages; they return a complete new record, or NULL with a message
 * `NAME:LINE:COL: what is wrong` and nothing else changed. Writers write one
 * record to a FILE * and return 0, or -1 on a write error. The format tables
 * live next to each reader: record-sgf.c, record-ggf.c, record-text.c.
 */
#ifndef OTHELLO_RECORD_H
#define OTHELLO_RECORD_H

#include "gametree.h"

#include <stddef.h>
#include <stdio.h>

enum record_format {
	RECORD_SGF = 0,	   /* .sgf: Smart Game Format, FF[4] GM[2] */
	RECORD_GGF,	   /* .ggf: Generic Game Format (GGS, NBoard) */
	RECORD_TRANSCRIPT, /* .txt: f5d6c3... */
	RECORD_OBF,	   /* .obf: a board string / OBF line: the position only */
	RECORD_FORMATS
};

struct game *record_read_sgf(const char *text, size_t len, const char *name, char *err,
			     size_t errlen);
struct game *record_read_ggf(const char *text, size_t len, const char *name, char *err,
			     size_t errlen);
struct game *record_read_transcript(const char *text, size_t len, const char *name, char *err,
				    size_t errlen);
struct game *record_read_obf(const char *text, size_t len, const char *name, char *err,
			     size_t errlen);
struct game *record_read(enum record_format fmt, const char *text, size_t len, const char *name,
			 char *err, size_t errlen);

int record_write_sgf(const struct game *g, FILE *f);
int record_write_ggf(const struct game *g, FILE *f);
int record_write_transcript(const struct game *g, FILE *f);
int record_write_obf(const struct game *g, FILE *f);
int record_write(enum record_format fmt, const struct game *g, FILE *f);
int record_check_format(const struct game *g, int fmt, const char *name, char *err, size_t errlen);

int record_format_from_path(const char *path);
int record_format_parse(const char *name);
const char *record_format_name(enum record_format fmt);

/* The temporary file that replaces PATH while it is written is
   DIR/.othello-tmp-BASE.XXXXXX (record_temp_name): DIR and BASE those of
   PATH, XXXXXX six letters or digits. The prefix marks it as the program's
   own, so that a sweep of stale temporaries (slots.c) never takes a file of
   the user's. A buffer for the name holds strlen(PATH) + RECORD_TEMP_EXTRA. */
#define RECORD_TEMP_PREFIX ".othello-tmp-"
enum { RECORD_TEMP_EXTRA = sizeof RECORD_TEMP_PREFIX - 1 + sizeof ".XXXXXX" };

struct game *record_load_file(const char *path, int fmt, char *err, size_t errlen);
int record_save_file(const char *path, const struct game *g, int fmt, char *err, size_t errlen);
bool record_writes_in_place(const char *path);
size_t record_temp_name(const char *path, char *tmp);
int record_create_temp(const char *path, char *tmp);
void record_path_error(char *err, size_t errlen, const char *path, const char *why);
int record_write_atomic(const char *path, int (*write)(FILE *f, const void *data), const void *data,
			char *err, size_t errlen);

#endif
