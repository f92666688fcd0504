/*
 * slots.c — save slots: a record saved under a short name in the save
 * directory (see slots.h for the naming and the directory rules).
 *
 * A slot NAME is the file NAME.sgf; the description given when saving is kept
 * in the record (private SGF property OMDS), so `saves` reads everything it
 * lists from the files themselves. Writes go through record_save_file, which
 * is atomic (temporary file .othello-tmp-NAME.sgf.XXXXXX in the same
 * directory, fsync, rename). A save killed half-way (kill -9, a crash) leaves
 * its temporary file behind; the next save or listing removes those that
 * carry the program's mark (that prefix, a slot name and mkstemp's six
 * letters or digits) and are stale (untouched for a minute and not locked by
 * a writer). No other file of the directory is ever removed: a user's
 * `game.sgf.backup` looks like no temporary of ours.
 */
#include "config.h"

#include "datadir.h"
#include "record.h"
#include "slots.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

_Static_assert(SLOT_DIR_MAX + 1 + SLOT_NAME_MAX - 1 + 4 + RECORD_TEMP_EXTRA <= SLOT_PATH_MAX,
	       "room for a slot's temporary file");

/* True if name is a valid slot name: 1 to SLOT_NAME_MAX-1 letters, digits,
   '_' or '-' (so never a path). */
bool slots_name_valid(const char *name)
{
	size_t n = 0;

	for (; name[n]; n++) {
		char c = name[n];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == '-'))
			return false;
	}
	return n > 0 && n < SLOT_NAME_MAX;
}

/* Resolves the save directory into out: `override` (--save-dir) if given,
   else $OTHELLO_SAVE_DIR, else $XDG_DATA_HOME/othello-master/saves (when
   absolute), else ~/.local/share/othello-master/saves. Returns 0, or -1 with
   a message if none can be named, or if its name leaves no room for the
   path of a slot's temporary file (it would list no slots and save none).
   Nothing is created. */
int slots_dir(const char *override, char *out, size_t outlen, char *err, size_t errlen)
{
	int n;

	if (override && *override)
		n = snprintf(out, outlen, "%s", override);
	else if ((n = datadir_user("OTHELLO_SAVE_DIR", "saves", out, outlen)) == DATADIR_UNNAMED) {
		snprintf(err, errlen,
			 "no save directory: set HOME or OTHELLO_SAVE_DIR, or use --save-dir");
		return -1;
	}
	if (n < 0 || (size_t)n >= outlen || n > SLOT_DIR_MAX) {
		snprintf(err, errlen, "save directory name too long (%d bytes, at most %d)", n,
			 SLOT_DIR_MAX);
		return -1;
	}
	return 0;
}

/* The fallback directory of the autosave, into out: $XDG_STATE_HOME/othello-master
   (when absolute), else ~/.local/state/othello-master. Returns 0, or -1 with a
   message if neither can be named. Nothing is created. */
int slots_state_dir(char *out, size_t outlen, char *err, size_t errlen)
{
	const char *env;
	int n;

	if ((env = getenv("XDG_STATE_HOME")) && env[0] == '/')
		n = snprintf(out, outlen, "%s/othello-master", env);
	else if ((env = getenv("HOME")) && *env)
		n = snprintf(out, outlen, "%s/.local/state/othello-master", env);
	else {
		snprintf(err, errlen, "no state directory: HOME and XDG_STATE_HOME are not set");
		return -1;
	}
	if (n < 0 || (size_t)n >= outlen) {
		snprintf(err, errlen, "state directory name too long");
		return -1;
	}
	return 0;
}

/* The file of slot `name` in dir, into out. Returns 0, or -1 with a message if
   the name is not a valid slot name. */
int slots_path(const char *dir, const char *name, char *out, size_t outlen, char *err,
	       size_t errlen)
{
	int n;

	if (!slots_name_valid(name)) {
		snprintf(err, errlen,
			 "'%s' is not a slot name (0-9, or letters, digits, '_' and '-')", name);
		return -1;
	}
	n = snprintf(out, outlen, "%s/%s.sgf", dir, name);
	if (n < 0 || (size_t)n >= outlen) {
		snprintf(err, errlen, "save directory name too long");
		return -1;
	}
	return 0;
}

/* True for .othello-tmp-NAME.sgf.XXXXXX, the temporary file of a slot being
   written (record_temp_name): NAME a slot name, XXXXXX six letters or
   digits (mkstemp's). */
static bool is_slot_temp(const char *file)
{
	size_t pre = sizeof RECORD_TEMP_PREFIX - 1, n = strlen(file);
	char name[SLOT_NAME_MAX];

	if (strncmp(file, RECORD_TEMP_PREFIX, pre) != 0)
		return false;
	file += pre;
	n -= pre;
	if (n < 12 || n - 11 >= SLOT_NAME_MAX || memcmp(file + n - 11, ".sgf.", 5) != 0)
		return false;
	for (size_t i = n - 6; i < n; i++)
		if (!isalnum((unsigned char)file[i]))
			return false;
	memcpy(name, file, n - 11);
	name[n - 11] = '\0';
	return slots_name_valid(name);
}

/* Removes the stale temporaries of dir: files that carry our mark
   (is_slot_temp) not modified for SLOT_TEMP_STALE seconds and not locked by a writer. What
   cannot be removed is left alone. */
static void sweep_temps(const char *dir)
{
	time_t now = time(NULL);
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((e = readdir(d))) {
		char path[SLOT_PATH_MAX];
		struct stat st;
		int fd, n;

		if (!is_slot_temp(e->d_name))
			continue;
		n = snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (n < 0 || (size_t)n >= sizeof(path) ||
		    (fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) < 0)
			continue;
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
		    now - st.st_mtime >= SLOT_TEMP_STALE && flock(fd, LOCK_EX | LOCK_NB) == 0)
			unlink(path);
		close(fd);
	}
	closedir(d);
}

/* Creates dir and its missing parents. */
static int make_dirs(const char *dir, char *err, size_t errlen)
{
	char path[SLOT_PATH_MAX];
	size_t n = strlen(dir);

	if (n >= sizeof(path)) {
		snprintf(err, errlen, "save directory name too long");
		return -1;
	}
	memcpy(path, dir, n + 1);
	for (size_t i = 1; i <= n; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		path[i] = '\0';
		if (mkdir(path, 0755) != 0 && errno != EEXIST) {
			record_path_error(err, errlen, path, strerror(errno));
			return -1;
		}
		path[i] = i < n ? '/' : '\0';
	}
	return 0;
}

/* Saves a copy of g that carries `description` to `path`, atomically. */
static int save_described(const char *path, const struct game *g, const char *description,
			  char *err, size_t errlen)
{
	struct game *copy;
	int rc;

	if (!(copy = game_copy(g)) || game_set_info(copy, INFO_DESCRIPTION, description) < 0) {
		game_free(copy);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rc = record_save_file(path, copy, RECORD_SGF, err, errlen);
	game_free(copy);
	return rc;
}

/* Saves g with a description in a new file of its own in `dir` (the last
   resort of the autosave: $TMPDIR or /tmp), named `othello-NAME-XXXXXX.sgf`
   with a unique XXXXXX; its path goes to out. Returns 0, or -1 with a message
   (nothing is left behind). */
int slots_save_unique(const char *dir, const char *name, const struct game *g,
		      const char *description, char *out, size_t outlen, char *err, size_t errlen)
{
	int n = snprintf(out, outlen, "%s/othello-%s-XXXXXX.sgf", dir, name), fd;

	if (n < 0 || (size_t)n >= outlen) {
		snprintf(err, errlen, "%s: directory name too long", dir);
		return -1;
	}
	if ((fd = mkstemps(out, 4)) < 0) {
		record_path_error(err, errlen, dir, strerror(errno));
		return -1;
	}
	close(fd);
	if (save_described(out, g, description, err, errlen) < 0) {
		unlink(out);
		return -1;
	}
	return 0;
}

/* Saves g in slot `name` of dir (created if missing) with a description (NULL
   or "" for none), atomically. Returns 0, or -1 with a message; on failure the
   slot keeps its old content. */
int slots_save(const char *dir, const char *name, const struct game *g, const char *description,
	       char *err, size_t errlen)
{
	char path[SLOT_PATH_MAX];

	if (slots_path(dir, name, path, sizeof(path), err, errlen) < 0 ||
	    make_dirs(dir, err, errlen) < 0)
		return -1;
	sweep_temps(dir);
	return save_described(path, g, description, err, errlen);
}

/* Loads slot `name` of dir. Returns a new record, or NULL with a message
   ("slot 3 is empty", or the file's `PATH:LINE:COL: what`). */
struct game *slots_load(const char *dir, const char *name, char *err, size_t errlen)
{
	char path[SLOT_PATH_MAX];
	struct stat st;

	if (slots_path(dir, name, path, sizeof(path), err, errlen) < 0)
		return NULL;
	if (stat(path, &st) != 0 && errno == ENOENT) {
		snprintf(err, errlen, "slot %s is empty", name);
		return NULL;
	}
	return record_load_file(path, RECORD_SGF, err, errlen);
}

/*
 * True the first time it is asked about this save of slot `name` of dir:
 * the file .NAME.offered beside it records the slot's modification time
 * (seconds and nanoseconds, as text) once asked, so that a notice about the
 * slot is shown once per save, not at every start. False when the slot does
 * not exist or was offered already; a marker that cannot be written makes it
 * true again next time (the notice then repeats, no more).
 */
bool slots_offer_once(const char *dir, const char *name)
{
	char path[SLOT_PATH_MAX], mark[SLOT_PATH_MAX + 16], want[64], have[64] = "", err[64];
	struct stat st;
	FILE *f;

	if (slots_path(dir, name, path, sizeof(path), err, sizeof(err)) < 0 ||
	    stat(path, &st) != 0 ||
	    snprintf(mark, sizeof(mark), "%s/.%s.offered", dir, name) >= (int)sizeof(mark))
		return false;
	snprintf(want, sizeof(want), "%lld.%09ld", (long long)st.st_mtim.tv_sec,
		 (long)st.st_mtim.tv_nsec);
	if ((f = fopen(mark, "r"))) {
		if (!fgets(have, sizeof(have), f))
			have[0] = '\0';
		fclose(f);
		have[strcspn(have, "\n")] = '\0';
	}
	if (strcmp(have, want) == 0)
		return false;
	if ((f = fopen(mark, "w"))) {
		fprintf(f, "%s\n", want);
		fclose(f);
	}
	return true;
}

/* Orders slots 0-9 first, then the other names alphabetically. */
static int slot_cmp(const void *a, const void *b)
{
	const struct slot_info *x = a, *y = b;
	bool dx = x->name[0] >= '0' && x->name[0] <= '9' && !x->name[1];
	bool dy = y->name[0] >= '0' && y->name[0] <= '9' && !y->name[1];

	if (dx != dy)
		return dx ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Copies src into dst[size], cut short if needed. */
static void copy_text(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

static void fill_info(struct slot_info *s, const char *path)
{
	char err[512], *p;
	struct game *g = record_load_file(path, RECORD_SGF, err, sizeof(err));

	if (!g) {
		s->broken = true;
		p = strstr(err, ".sgf:");
		copy_text(s->description, sizeof(s->description), p ? p + 5 : err);
		return;
	}
	copy_text(s->date, sizeof(s->date), game_info(g, INFO_DATE));
	if (!s->date[0]) {
		struct tm tm;

		localtime_r(&s->mtime, &tm);
		strftime(s->date, sizeof(s->date), "%Y-%m-%d %H:%M", &tm);
	}
	copy_text(s->black, sizeof(s->black), game_info(g, INFO_BLACK));
	copy_text(s->white, sizeof(s->white), game_info(g, INFO_WHITE));
	copy_text(s->result, sizeof(s->result), game_info(g, INFO_RESULT));
	if (!s->result[0])
		game_result_string(game_line_end(g->root), s->result, sizeof(s->result));
	copy_text(s->description, sizeof(s->description), game_info(g, INFO_DESCRIPTION));
	s->moves = 0; /* the moves played: a pass is no move */
	for (const struct game_node *n = g->root->child; n; n = n->child)
		s->moves += n->move != SQ_PASS;
	game_free(g);
}

/* Lists the slots of dir (a missing directory has none) into a malloc'd array
   (*out, *count; free it with free()), 0-9 first then by name. Files that do
   not load are listed with `broken` set. Returns 0, or -1 with a message. */
int slots_list(const char *dir, struct slot_info **out, int *count, char *err, size_t errlen)
{
	struct slot_info *list = NULL, *nl;
	int n = 0, cap = 0;
	struct dirent *e;
	DIR *d;

	*out = NULL;
	*count = 0;
	sweep_temps(dir);
	if (!(d = opendir(dir))) {
		if (errno == ENOENT)
			return 0;
		record_path_error(err, errlen, dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char name[SLOT_NAME_MAX], path[SLOT_PATH_MAX];
		struct stat st;

		if (len <= 4 || len - 4 >= SLOT_NAME_MAX ||
		    strcmp(e->d_name + len - 4, ".sgf") != 0)
			continue;
		memcpy(name, e->d_name, len - 4);
		name[len - 4] = '\0';
		if (!slots_name_valid(name) ||
		    slots_path(dir, name, path, sizeof(path), err, errlen) < 0 ||
		    stat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			if (!(nl = realloc(list, (size_t)cap * sizeof(*nl)))) {
				free(list);
				closedir(d);
				snprintf(err, errlen, "out of memory");
				return -1;
			}
			list = nl;
		}
		memset(&list[n], 0, sizeof(list[n]));
		memcpy(list[n].name, name, len - 3);
		list[n].mtime = st.st_mtime;
		fill_info(&list[n], path);
		n++;
	}
	closedir(d);
	if (n > 1)
		qsort(list, (size_t)n, sizeof(*list), slot_cmp);
	*out = list;
	*count = n;
	return 0;
}
