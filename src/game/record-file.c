/*
 * record-file.c — whole files for the record layer and its neighbours:
 * reading one into memory, writing one atomically, and messages that name
 * a path. It knows no format; record.c's record_load_file and
 * record_save_file put the formats on top, and save slots, SVG charts and
 * books write through record_write_atomic too.
 *
 * Saving is atomic: the text goes to a temporary file in the same directory
 * (named with the program's own prefix, record_temp_name), which is flushed, fsync'ed and renamed
 * over the target, so a crash leaves either the old file or the new one, never half of one. A
 * device or a pipe
 * (/dev/null, /dev/stdout) is written in place instead.
 */
#include "config.h"

#include "record-int.h"
#include "record.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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

/* Reads the whole file at path into a malloc'd buffer (NUL-terminated, its
   length in *len; the caller frees it). NULL with `PATH: why` in err; a file
   over RECORD_MAX_TEXT is refused. */
char *record_read_whole(const char *path, size_t *len, char *err, size_t errlen)
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
 * Writes into tmp[strlen(path) + RECORD_TEMP_EXTRA] the name of the temporary
 * file that will replace `path`, with XXXXXX still to fill: the directory of
 * path, then RECORD_TEMP_PREFIX, the name of path's file and ".XXXXXX". That
 * name is cut (between UTF-8 characters) where the whole would pass NAME_MAX,
 * so a long file name can still be saved. Returns the length written.
 */
size_t record_temp_name(const char *path, char *tmp)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	size_t dir = (size_t)(base - path), n = strlen(base);
	size_t room = NAME_MAX - (sizeof RECORD_TEMP_PREFIX - 1) - (sizeof ".XXXXXX" - 1);

	if (n > room) {
		n = room;
		while (n > 0 && ((unsigned char)base[n] & 0xC0) == 0x80)
			n--;
	}
	memcpy(tmp, path, dir);
	memcpy(tmp + dir, RECORD_TEMP_PREFIX, sizeof RECORD_TEMP_PREFIX - 1);
	dir += sizeof RECORD_TEMP_PREFIX - 1;
	memcpy(tmp + dir, base, n);
	memcpy(tmp + dir + n, ".XXXXXX", sizeof ".XXXXXX");
	return dir + n + sizeof ".XXXXXX" - 1;
}

/*
 * Creates the temporary file that will replace `path`, named by
 * record_temp_name into tmp[strlen(path) + RECORD_TEMP_EXTRA], its XXXXXX
 * filled as mkstemp would. Its mode is that of the file at `path` when there
 * is one (a slot made private stays private), else 0666 less the umask, as
 * any new file gets; mkstemp's 0600 would make every save private. Returns
 * the open descriptor, or -1 with errno set.
 */
int record_create_temp(const char *path, char *tmp)
{
	static const char digits[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	size_t n = record_temp_name(path, tmp) - 6;
	struct stat st;
	uint64_t x = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	x ^= (uint64_t)ts.tv_nsec * 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uintptr_t)tmp;
	for (int tries = 0; tries < 100; tries++) {
		int fd;

		for (int i = 0; i < 6; i++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			tmp[n + i] = digits[(x >> 33) % (sizeof digits - 1)];
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
   `path` (record_create_temp: DIR/.othello-tmp-BASE.XXXXXX with the mode
   the file should keep, locked with flock while written), then flushes,
   fsyncs and renames it over path. Returns 0, or -1 with a message (path is then untouched and the
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
	tmp = malloc(n + RECORD_TEMP_EXTRA);
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
