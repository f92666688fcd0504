/*
 * record.c — the dispatcher over the record formats: the format table (names
 * and file extensions), reading and writing a record in a format it names,
 * and loading and saving a whole file in the format its extension names.
 *
 * Layers inside the record family, one way down: record.c calls the formats
 * (record-sgf.c, record-ggf.c, record-text.c) and record-file.c (whole files,
 * atomic saving); the formats call record-util.c (the helpers they share);
 * neither calls back up here.
 */
#include "config.h"

#include "record-int.h"
#include "record.h"
#include "square.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct {
	const char *name; /* as given to --to */
	const char *ext;  /* file extension, with the dot */
} formats[RECORD_FORMATS] = {
    [RECORD_SGF] = {"sgf", ".sgf"},
    [RECORD_GGF] = {"ggf", ".ggf"},
    [RECORD_TRANSCRIPT] = {"txt", ".txt"},
    [RECORD_OBF] = {"obf", ".obf"},
};

/* Reads a record in the given format (see the record_read_* functions). A
   UTF-8 byte order mark before the text is skipped (lines and columns in
   messages are counted after it, as an editor shows them). */
struct game *record_read(enum record_format fmt, const char *text, size_t len, const char *name,
			 char *err, size_t errlen)
{
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		text += 3;
		len -= 3;
	}
	switch (fmt) {
	case RECORD_SGF:
		return record_read_sgf(text, len, name, err, errlen);
	case RECORD_GGF:
		return record_read_ggf(text, len, name, err, errlen);
	case RECORD_TRANSCRIPT:
		return record_read_transcript(text, len, name, err, errlen);
	case RECORD_OBF:
		return record_read_obf(text, len, name, err, errlen);
	default:
		snprintf(err, errlen, "%s: unknown format", name);
		return NULL;
	}
}

/* Writes g in the given format; 0, or -1 on a write error. */
int record_write(enum record_format fmt, const struct game *g, FILE *f)
{
	switch (fmt) {
	case RECORD_SGF:
		return record_write_sgf(g, f);
	case RECORD_GGF:
		return record_write_ggf(g, f);
	case RECORD_TRANSCRIPT:
		return record_write_transcript(g, f);
	case RECORD_OBF:
		return record_write_obf(g, f);
	default:
		return -1;
	}
}

/* Whether format fmt can hold g: GGF is 8×8 only. 0, or -1 with "NAME: why" in err. */
int record_check_format(const struct game *g, int fmt, const char *name, char *err, size_t errlen)
{
	if (fmt == RECORD_GGF && !game_board(g->root, NULL)) {
		snprintf(err, errlen,
			 "%s: GGF holds 8x8 games only; save a %s game as .sgf or .txt", name,
			 square_variant_name(g->variant));
		return -1;
	}
	return 0;
}

/* The format a file name's extension names (case-insensitive), or -1. */
int record_format_from_path(const char *path)
{
	const char *dot = strrchr(path, '.');

	if (!dot || strchr(dot, '/'))
		return -1;
	for (int i = 0; i < RECORD_FORMATS; i++)
		if (strcasecmp(dot, formats[i].ext) == 0)
			return i;
	return -1;
}

/* The format called `name` ("sgf", "ggf", "txt" or "transcript", "obf" or
   "board"), or -1. */
int record_format_parse(const char *name)
{
	if (strcasecmp(name, "transcript") == 0)
		return RECORD_TRANSCRIPT;
	if (strcasecmp(name, "board") == 0)
		return RECORD_OBF;
	for (int i = 0; i < RECORD_FORMATS; i++)
		if (strcasecmp(name, formats[i].name) == 0)
			return i;
	return -1;
}

/* The short name of a format ("sgf" ...). */
const char *record_format_name(enum record_format fmt)
{
	return fmt >= 0 && fmt < RECORD_FORMATS ? formats[fmt].name : "?";
}

/* Loads the record in file `path`, in format fmt or, if fmt < 0, the one its
   extension names. Returns a new record, or NULL with `PATH:LINE:COL: what`
   (or `PATH: why` when the file cannot be read). */
struct game *record_load_file(const char *path, int fmt, char *err, size_t errlen)
{
	struct game *g;
	size_t len;
	char *text;

	if (fmt < 0)
		fmt = record_format_from_path(path);
	if (fmt < 0) {
		snprintf(err, errlen, "%s: unknown file type (use .sgf, .ggf, .txt or .obf)", path);
		return NULL;
	}
	if (!(text = record_read_whole(path, &len, err, errlen)))
		return NULL;
	g = record_read((enum record_format)fmt, text, len, path, err, errlen);
	free(text);
	return g;
}

/* What record_save_file hands to record_write_atomic. */
struct save_job {
	const struct game *g;	/* the record */
	enum record_format fmt; /* its format */
};

static int write_job(FILE *f, const void *data)
{
	const struct save_job *job = data;

	return record_write(job->fmt, job->g, f);
}

/* Saves g to `path` atomically, in format fmt or, if fmt < 0, the one the
   extension names. Returns 0, or -1 with a message and path untouched. */
int record_save_file(const char *path, const struct game *g, int fmt, char *err, size_t errlen)
{
	struct save_job job;

	if (fmt < 0)
		fmt = record_format_from_path(path);
	if (fmt < 0 || fmt >= RECORD_FORMATS) {
		snprintf(err, errlen, "%s: unknown file type (use .sgf, .ggf, .txt or .obf)", path);
		return -1;
	}
	if (record_check_format(g, fmt, path, err, errlen) < 0)
		return -1;
	job.g = g;
	job.fmt = (enum record_format)fmt;
	return record_write_atomic(path, write_job, &job, err, errlen);
}
