/*
 * record.c — what the record formats share: the format table (names and file
 * extensions), error positions, whole-file loading, and atomic saving.
 *
 * Saving is atomic: the text goes to a temporary file in the same directory,
 * which is flushed, fsync'ed and renamed over the target, so a crash leaves
 * either the old file or the new one, never half of one.
 */
#include "config.h"

#include "record-int.h"
#include "record.h"
#include "square.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const struct {
	const char *name; /* as given to --to */
	const char *ext;  /* file extension, with the dot */
} formats[RECORD_FORMATS] = {
    [RECORD_SGF] = {"sgf", ".sgf"},
    [RECORD_GGF] = {"ggf", ".ggf"},
    [RECORD_TRANSCRIPT] = {"txt", ".txt"},
    [RECORD_OBF] = {"obf", ".obf"},
};

/* Formats `NAME:LINE:COL: message` into err, where LINE and COL (from 1) are
   those of byte `off` of text. */
void record_error(char *err, size_t errlen, const char *name, const char *text, size_t len,
		  size_t off, const char *fmt, ...)
{
	int line = 1, col = 1;
	size_t n;
	va_list ap;

	if (off > len)
		off = len;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	n = (size_t)snprintf(err, errlen, "%s:%d:%d: ", name, line, col);
	if (n >= errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err + n, errlen - n, fmt, ap);
	va_end(ap);
}

/* Formats `NAME:LINE:COL: message` for byte `off` of the reader's text into
   its message buffer. */
void record_fail(const struct record_reader *r, size_t off, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	record_error(r->err, r->errlen, r->name, r->text, r->len, off, "%s", msg);
}

/* True for the white space the text formats skip between tokens (C's isspace
   in the C locale). */
bool record_is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Moves the reader past white space. */
void record_skip_space(struct record_reader *r)
{
	while (r->pos < r->len && record_is_space((unsigned char)r->text[r->pos]))
		r->pos++;
}

/*
 * Counts the games after the one just read, from the reader's position to
 * the end of the text: each `(` ... its matching `)`, values in brackets
 * passed over whole (a `\` escapes the next byte), only white space between
 * and after them. Returns the count, or -1 with a message at the first text
 * that is not a game or at a game left open.
 */
int record_count_games(struct record_reader *r)
{
	int count = 0;

	for (;;) {
		size_t start;
		int depth = 0;

		record_skip_space(r);
		if (r->pos >= r->len)
			return count;
		if (r->text[r->pos] != '(') {
			record_fail(r, r->pos, "unexpected text after the game");
			return -1;
		}
		start = r->pos;
		for (; r->pos < r->len; r->pos++) {
			char c = r->text[r->pos];

			if (c == '[') {
				while (++r->pos < r->len && r->text[r->pos] != ']')
					if (r->text[r->pos] == '\\')
						r->pos++;
				if (r->pos >= r->len)
					break;
			} else if (c == '(') {
				depth++;
			} else if (c == ')' && --depth == 0) {
				break;
			}
		}
		if (r->pos >= r->len) {
			record_fail(r, start, "game %d of the file has no closing ')'", count + 2);
			return -1;
		}
		r->pos++;
		count++;
	}
}

/*
 * Formats "PATH: why" into err, PATH cut in its middle ("/home/...aaa/x")
 * when the whole would not fit: the reason is what the reader needs most,
 * and a long directory name once pushed it out of the message. The cut
 * falls between UTF-8 characters.
 */
void record_path_error(char *err, size_t errlen, const char *path, const char *why)
{
	size_t n = strlen(path), room, head, tail;

	if (!errlen)
		return;
	if (n + strlen(why) + 3 <= errlen || errlen < strlen(why) + 16) {
		snprintf(err, errlen, "%s: %s", path, why);
		return;
	}
	room = errlen - strlen(why) - 3 - 3; /* ": ", "...", the NUL */
	head = room / 2;
	tail = room - head;
	while (head > 0 && ((unsigned char)path[head] & 0xC0) == 0x80)
		head--;
	while (tail > 0 && ((unsigned char)path[n - tail] & 0xC0) == 0x80)
		tail--;
	snprintf(err, errlen, "%.*s...%s: %s", (int)head, path, path + n - tail, why);
}

/* Refuses text the readers do not take: longer than RECORD_MAX_TEXT, or with
   a NUL byte (no text format holds one). Returns 0, or -1 with a message. */
int record_check_text(const char *text, size_t len, const char *name, char *err, size_t errlen)
{
	const char *nul;

	if (len > RECORD_MAX_TEXT) {
		snprintf(err, errlen, "%s: file too large", name);
		return -1;
	}
	nul = memchr(text, '\0', len);
	if (nul) {
		record_error(err, errlen, name, text, len, (size_t)(nul - text),
			     "NUL byte: this is not a text file");
		return -1;
	}
	return 0;
}

/* Parses a square written as column letter and row digit ("f5", "F5") or as two
   SGF letters ("fe" = f5), exactly n characters. Returns 0..63 or -1. */
int record_parse_square(const char *s, size_t n)
{
	int c, r;

	if (n != 2)
		return -1;
	c = s[0] | 0x20;
	r = s[1];
	if (c < 'a' || c > 'h')
		return -1;
	if (r >= '1' && r <= '8')
		return (r - '1') * 8 + (c - 'a');
	r |= 0x20;
	if (r >= 'a' && r <= 'h')
		return (r - 'a') * 8 + (c - 'a');
	return -1;
}

/* The square of board v written as s (n characters): its name ("f5", "j10") or, as SGF
   writes points, column and row letters ("fe", "jj"); -1 if none. 8×8 is
   record_parse_square. */
int record_parse_vsquare(enum variant v, const char *s, size_t n)
{
	int len, sq;

	if (v == VARIANT_8X8)
		return record_parse_square(s, n);
	if (n == 2 && s[0] >= 'a' && s[0] <= 'z' && s[1] >= 'a' && s[1] <= 'z')
		return square_at(v, s[1] - 'a', s[0] - 'a');
	sq = square_parse(v, s, &len);
	return sq >= 0 && (size_t)len == n ? sq : -1;
}

/* Plays `move` by `player` at `at`. When the other side is to move but has no
   move, a pass is inserted first (files that leave passes out). Returns the new
   node, or NULL with a message. */
struct game_node *record_play(struct game *g, struct game_node *at, enum color player, int move,
			      char *msg, size_t msglen)
{
	if (player != at->side) {
		if (move != SQ_PASS && !game_legal_moves(at) && !game_is_over(at)) {
			at = game_add_move(g, at, SQ_PASS, msg, msglen);
			if (!at)
				return NULL;
		} else {
			snprintf(msg, msglen, "%s moved but it is %s's turn",
				 game_color_name(player), game_color_name(at->side));
			return NULL;
		}
	}
	return game_add_move(g, at, move, msg, msglen);
}

/* Flushes f and reports whether everything written to it went out: 0 or -1. */
int record_finish_output(FILE *f)
{
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}

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
	if (fmt == RECORD_GGF && g->variant != VARIANT_8X8) {
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

/* Reads the whole file at path into a malloc'd buffer; NULL with a message. */
static char *read_whole(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, *p;
	size_t n = 0, cap = 0, got;

	if (!f) {
		record_path_error(err, errlen, path, strerror(errno));
		return NULL;
	}
	for (;;) {
		if (cap - n < 4096) {
			if (cap > RECORD_MAX_TEXT) {
				snprintf(err, errlen, "%s: file too large", path);
				goto fail;
			}
			cap = cap ? cap * 2 : 16384;
			if (!(p = realloc(buf, cap + 1))) {
				snprintf(err, errlen, "%s: out of memory", path);
				goto fail;
			}
			buf = p;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		record_path_error(err, errlen, path, strerror(errno));
		goto fail;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
fail:
	fclose(f);
	free(buf);
	return NULL;
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
	if (!(text = read_whole(path, &len, err, errlen)))
		return NULL;
	g = record_read((enum record_format)fmt, text, len, path, err, errlen);
	free(text);
	return g;
}

/* True when `path` names a device (/dev/null, /dev/stdout) or a pipe: a file
   that is written in place, since renaming a new file over it would replace
   the device itself. */
bool record_writes_in_place(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode));
}

/* Writes `path`, which exists and is not a regular file (a device such as
   /dev/null or /dev/stdout, a pipe), in place: there is nothing to replace,
   and a rename would put a regular file where the device was. */
static int write_in_place(const char *path, int (*write)(FILE *f, const void *data),
			  const void *data, char *err, size_t errlen)
{
	FILE *f = fopen(path, "w");
	int saved;

	if (!f) {
		record_path_error(err, errlen, path, strerror(errno));
		return -1;
	}
	errno = EIO;
	if (write(f, data) < 0 || fflush(f) != 0 || ferror(f)) {
		saved = errno;
		fclose(f);
		record_path_error(err, errlen, path, strerror(saved));
		return -1;
	}
	if (fclose(f) != 0) {
		record_path_error(err, errlen, path, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Creates the temporary file that will replace `path`: PATH.XXXXXX, XXXXXX
 * six letters or digits (mkstemp's pattern, which the sweep of stale
 * temporaries in slots.c knows), into tmp[strlen(path) + 8]. Its mode is that
 * of the file at `path` when there is one (a slot made private stays
 * private), else 0666 less the umask, as any new file gets; mkstemp's 0600
 * would make every save private. Returns the open descriptor, or -1 with
 * errno set.
 */
int record_create_temp(const char *path, char *tmp)
{
	static const char digits[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	size_t n = strlen(path);
	struct stat st;
	uint64_t x = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	x ^= (uint64_t)ts.tv_nsec * 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uintptr_t)tmp;
	memcpy(tmp, path, n);
	memcpy(tmp + n, ".XXXXXX", 8);
	for (int tries = 0; tries < 100; tries++) {
		int fd;

		for (int i = 0; i < 6; i++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			tmp[n + 1 + i] = digits[(x >> 33) % (sizeof digits - 1)];
		}
		fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0 && errno == EEXIST)
			continue;
		if (fd >= 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    fchmod(fd, st.st_mode & 07777) != 0) {
			int e = errno;

			close(fd);
			unlink(tmp);
			errno = e;
			return -1;
		}
		return fd;
	}
	errno = EEXIST;
	return -1;
}

/* Writes a file atomically: calls write(f, data) on a temporary file beside
   `path` (record_create_temp: PATH.XXXXXX with the mode the file should
   keep, locked with flock while written), then flushes, fsyncs and renames it
   over path. Returns 0, or -1 with a message (path is then untouched and the
   temporary file removed). A path that names a device or a pipe is written
   in place (write_in_place). */
int record_write_atomic(const char *path, int (*write)(FILE *f, const void *data), const void *data,
			char *err, size_t errlen)
{
	size_t n = strlen(path);
	char *tmp;
	FILE *f = NULL;
	int fd, saved;

	if (record_writes_in_place(path))
		return write_in_place(path, write, data, err, errlen);
	tmp = malloc(n + 8);
	if (!tmp) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	fd = record_create_temp(path, tmp);
	if (fd < 0) {
		record_path_error(err, errlen, path, strerror(errno));
		free(tmp);
		return -1;
	}
	/* Locked while written, so that a sweep of stale temporaries (slots.c)
	   never takes one that is in use. */
	(void)flock(fd, LOCK_EX | LOCK_NB);
	if (!(f = fdopen(fd, "w"))) {
		saved = errno;
		close(fd);
		goto fail;
	}
	errno = EIO;
	if (write(f, data) < 0 || fflush(f) != 0 || ferror(f) || fsync(fd) != 0) {
		saved = errno;
		fclose(f);
		goto fail;
	}
	if (fclose(f) != 0) {
		saved = errno;
		goto fail;
	}
	if (rename(tmp, path) != 0) {
		saved = errno;
		goto fail;
	}
	free(tmp);
	return 0;
fail:
	unlink(tmp);
	free(tmp);
	record_path_error(err, errlen, path, strerror(saved));
	return -1;
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
