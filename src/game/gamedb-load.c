/*
 * gamedb-load.c — a collection file read by its name: the table of the
 * formats (.wtb: WTHOR, gamedb-wthor.c; .gam and .gam.gz: Logistello's book
 * lines, gamedb-logbook.c), a .gz read through `gzip -dc`, and the WTHOR
 * name files of a folder. The readers never call back into this file.
 */
#define _GNU_SOURCE /* pipe2 */
#include "config.h"

#include "gamedb.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* A format of collection files, told by the end of the file's name. */
struct format {
	const char *ext[2]; /* the endings of its files' names (NULL: none more) */
	int kind;	    /* enum of gamedb.h: GAMEDB_WTHOR, GAMEDB_LOGBOOK */
	int (*read)(FILE *f, const char *name, struct gamedb_games *out, char *err, size_t errlen);
	int (*read_lenient)(FILE *f, const char *name, struct gamedb_games *out,
			    struct gamedb_skips *skips, char *err, size_t errlen);
};

static const struct format formats[] = {
    {{".wtb", NULL}, GAMEDB_WTHOR, gamedb_wthor_read, gamedb_wthor_read_lenient},
    {{".gam", ".gam.gz"}, GAMEDB_LOGBOOK, gamedb_logbook_read, gamedb_logbook_read_lenient},
};

/* True when `path` ends with `ext` (any case). */
static bool ends_with(const char *path, const char *ext)
{
	size_t n = strlen(path), k = strlen(ext);

	return n >= k && strcasecmp(path + n - k, ext) == 0;
}

/* The format of the file `path`, by its name, or NULL. */
static const struct format *format_of(const char *path)
{
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		for (int k = 0; k < 2 && formats[i].ext[k]; k++)
			if (ends_with(path, formats[i].ext[k]))
				return &formats[i];
	return NULL;
}

/* The kind of collection `path` holds, by its name: GAMEDB_WTHOR for .wtb,
   GAMEDB_LOGBOOK for .gam or .gam.gz, -1 for anything else. */
int gamedb_kind_from_path(const char *path)
{
	const struct format *fm = format_of(path);

	return fm ? fm->kind : -1;
}

/* Opens `path` for reading; a name ending in .gz is read through `gzip -dc`
   (`*child` is then its process, else 0). NULL with a message on failure, or
   when `path` is a device (its stream would never end). */
static FILE *open_maybe_gz(const char *path, pid_t *child, char *err, size_t errlen)
{
	int fd, pipefd[2];
	struct stat st;
	FILE *f;

	*child = 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))) {
		snprintf(err, errlen, "%s: a device, not a file of games", path); /* /dev/zero */
		close(fd);
		return NULL;
	}
	if (!ends_with(path, ".gz")) {
		if (!(f = fdopen(fd, "rb"))) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			close(fd);
		}
		return f;
	}
	if (pipe2(pipefd, O_CLOEXEC) < 0 || (*child = fork()) < 0) {
		snprintf(err, errlen, "%s: cannot start gzip: %s", path, strerror(errno));
		close(fd);
		return NULL;
	}
	if (*child == 0) {
		dup2(fd, 0);
		dup2(pipefd[1], 1);
		execlp("gzip", "gzip", "-dc", (char *)NULL);
		_exit(errno == ENOENT ? 127 : 126); /* the shell's codes: not found, not run */
	}
	close(fd);
	close(pipefd[1]);
	if (!(f = fdopen(pipefd[0], "rb"))) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(pipefd[0]);
	}
	return f;
}

/* Closes what open_maybe_gz opened; 0, or -1 with a message when gzip failed. */
static int close_maybe_gz(FILE *f, pid_t child, const char *path, char *err, size_t errlen)
{
	int status;

	fclose(f);
	if (child <= 0)
		return 0;
	while (waitpid(child, &status, 0) < 0)
		if (errno != EINTR)
			return 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		snprintf(err, errlen, "%s: cannot read it: gzip is not installed (no gzip in PATH)",
			 path);
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 126)
		snprintf(err, errlen, "%s: cannot read it: gzip could not be run", path);
	else
		snprintf(err, errlen, "%s: gzip could not read it (%s %d)", path,
			 WIFEXITED(status) ? "exit status" : "signal",
			 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	return -1;
}

/* Reads the collection file `path` into `out`, strict when `skips` is NULL
   (see gamedb_load and gamedb_load_lenient). */
static int load(const char *path, struct gamedb_games *out, struct gamedb_skips *skips, char *err,
		size_t errlen)
{
	const struct format *fm = format_of(path);
	size_t before = out->n;
	pid_t child;
	FILE *f;
	int n;

	if (!fm) {
		snprintf(err, errlen, "%s: not a game collection (.wtb, .gam or .gam.gz)", path);
		return -1;
	}
	if (!(f = open_maybe_gz(path, &child, err, errlen)))
		return -1;
	n = skips ? fm->read_lenient(f, path, out, skips, err, errlen)
		  : fm->read(f, path, out, err, errlen);
	if (close_maybe_gz(f, child, path, n < 0 ? NULL : err, n < 0 ? 0 : errlen) < 0 && n >= 0) {
		out->n = before;
		return -1;
	}
	return n;
}

/* Reads the collection file `path` (WTHOR .wtb, Logistello .gam or .gam.gz,
   told by its name) and appends its games to `out`. Returns the games read,
   or -1 with a message; `out` then keeps only what it held before. */
int gamedb_load(const char *path, struct gamedb_games *out, char *err, size_t errlen)
{
	return load(path, out, NULL, err, errlen);
}

/* As gamedb_load, but a bad record or line is skipped with `file:record: why`
   added to `skips` and the rest is read (a truncated WTHOR file gives its
   whole records). -1 with a message only when the file cannot be read at all
   (not a collection, a foreign header, a read error). */
int gamedb_load_lenient(const char *path, struct gamedb_games *out, struct gamedb_skips *skips,
			char *err, size_t errlen)
{
	return load(path, out, skips, err, errlen);
}

/* Reads `name` of folder `dir` found in any case (WTHOR.JOU, wthor.jou) as a
   name file of `record_len`-byte records into `*out`. Returns the names, 0
   when there is no such file (`*out` empty), or -1 with a message. */
static int load_names(const char *dir, const char *name, int record_len, struct gamedb_names *out,
		      char *err, size_t errlen)
{
	char path[4096];
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;
	FILE *f;

	memset(out, 0, sizeof(*out));
	if (!d)
		return 0;
	while ((e = readdir(d)))
		if (strcasecmp(e->d_name, name) == 0)
			break;
	if (!e) {
		closedir(d);
		return 0;
	}
	snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
	closedir(d);
	if (!(f = fopen(path, "rb"))) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	n = gamedb_wthor_read_names(f, path, record_len, out, err, errlen);
	fclose(f);
	return n;
}

/* Reads the players (WTHOR.JOU) and tournaments (WTHOR.TRN) of folder `dir`,
   found in any case; a missing file leaves its table empty. 0, or -1 with a
   message when a file is there but bad (both tables then empty). */
int gamedb_load_names(const char *dir, struct gamedb_names *players,
		      struct gamedb_names *tournaments, char *err, size_t errlen)
{
	if (load_names(dir, "WTHOR.JOU", GAMEDB_JOU_RECORD, players, err, errlen) < 0)
		return -1;
	if (load_names(dir, "WTHOR.TRN", GAMEDB_TRN_RECORD, tournaments, err, errlen) < 0) {
		gamedb_names_free(players);
		return -1;
	}
	return 0;
}
