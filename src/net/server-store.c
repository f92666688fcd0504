/*
 * server-store.c — the game server's directory (--dir): what survives the
 * server.
 *
 *   | path                 | what |
 *   |----------------------|------|
 *   | lock                 | held (flock) while a server uses the directory; its pid inside |
 *   | games/N.journal      | game N's journal (netgame.c: a header line, then its updates),
 * appended with one write(2) a line before the update is sent, and fdatasync'ed too with --sync |
 *   | games/N.done         | the journal of a game that ended and whose records are written |
 *   | games/N.broken       | a journal that could not be read back, set aside (logged) |
 *   | records/N.sgf, N.ggf | an ended game's records: players, moves, time per move, clocks, result
 * |
 *
 * The records of a game that ended are written by a thread of their own
 * (two files, each flushed to the disk and renamed: milliseconds the loop
 * must not wait), which renames the journal to N.done once they are there.
 *
 * A crash (kill -9) loses nothing that was sent: each update is in the
 * kernel's hands before the clients hear of it, and a machine's crash loses
 * nothing either with --sync. At the next start store_restore reads every
 * journal back (a last line cut by a crash is dropped and the file cut
 * there), writes the records of a game that ended just before the crash,
 * and hands the others to the games (sgame_adopt).
 */
#include "config.h"

#include "server-int.h"

#include "record.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* Makes directory path, and those above it that are missing, unless it is
   there. 0, or -1 with a message. */
static int make_dir(const char *path, char *err, size_t errlen)
{
	char part[4096];
	struct stat st;
	size_t n = strlen(path);

	if (n >= sizeof part) {
		record_path_error(err, errlen, path, "the name is too long");
		return -1;
	}
	memcpy(part, path, n + 1);
	for (char *p = part + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(part, 0750) < 0 && errno != EEXIST)
				break;
			*p = '/';
		}
	if (mkdir(path, 0750) == 0 ||
	    (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
		return 0;
	record_path_error(err, errlen, path, errno == EEXIST ? "not a directory" : strerror(errno));
	return -1;
}

/* The path DIR/SUB, or DIR/SUB/IDEXT when ext is not NULL ("games", 12,
   ".journal"), into out[len]; -1 when too long. */
static int path_of(const struct server *s, char *out, size_t len, const char *sub, long id,
		   const char *ext)
{
	int n = ext ? snprintf(out, len, "%s/%s/%ld%s", s->opt.dir, sub, id, ext)
		    : snprintf(out, len, "%s/%s", s->opt.dir, sub);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* A game whose records are to be written. */
struct record_job {
	struct game *record;	 /* its record (the job owns it) */
	long id;		 /* its number */
	struct record_job *next; /* the next one */
};

/* The thread that writes records, and its queue. */
struct store_writer {
	pthread_t thread;		/* the writer */
	pthread_mutex_t lock;		/* guards the rest */
	pthread_cond_t wake;		/* a job came, or the end */
	struct record_job *head, *tail; /* the jobs, oldest first */
	bool ending;			/* no more jobs: finish those there and stop */
};

static void write_records(struct server *s, struct game *r, long id);

/* The writer thread: takes the jobs in order until told to end. */
static void *writer_main(void *arg)
{
	struct server *s = arg;
	struct store_writer *w = s->writer;

	pthread_mutex_lock(&w->lock);
	for (;;) {
		struct record_job *j = w->head;

		if (!j) {
			if (w->ending)
				break;
			pthread_cond_wait(&w->wake, &w->lock);
			continue;
		}
		w->head = j->next;
		if (!w->head)
			w->tail = NULL;
		pthread_mutex_unlock(&w->lock);
		write_records(s, j->record, j->id);
		game_free(j->record);
		free(j);
		pthread_mutex_lock(&w->lock);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

/*
 * Opens the directory: made with games/ and records/ when missing, and
 * locked, so that a second server on it is refused; the records' writer
 * starts. 0, or -1 with a message.
 */
int store_open(struct server *s, char *err, size_t errlen)
{
	char path[4096], pid[32];
	sigset_t all, old;
	int n, made;

	if (make_dir(s->opt.dir, err, errlen) < 0 ||
	    path_of(s, path, sizeof path, "games", 0, NULL) < 0 ||
	    make_dir(path, err, errlen) < 0 ||
	    path_of(s, path, sizeof path, "records", 0, NULL) < 0 ||
	    make_dir(path, err, errlen) < 0)
		return -1;
	if (path_of(s, path, sizeof path, "lock", 0, NULL) < 0 ||
	    (s->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0640)) < 0) {
		record_path_error(err, errlen, s->opt.dir, strerror(errno));
		return -1;
	}
	if (flock(s->lock_fd, LOCK_EX | LOCK_NB) < 0) {
		char other[32] = "";
		ssize_t got = pread(s->lock_fd, other, sizeof other - 1, 0);

		other[got > 0 ? got : 0] = '\0';
		other[strcspn(other, "\n")] = '\0';
		snprintf(err, errlen, "%s: another server uses this directory%s%s", s->opt.dir,
			 other[0] ? ", process " : "", other);
		close(s->lock_fd);
		s->lock_fd = -1;
		return -1;
	}
	n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
	if (ftruncate(s->lock_fd, 0) < 0 || pwrite(s->lock_fd, pid, (size_t)n, 0) != n) {
		/* the pid is only a courtesy to the next server's message */
	}
	if (!(s->writer = calloc(1, sizeof *s->writer))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	pthread_mutex_init(&s->writer->lock, NULL);
	pthread_cond_init(&s->writer->wake, NULL);
	/* the writer takes no signal: each goes to the loop's thread, so that a
	   SIGTERM is always the loop's (a process-directed one could otherwise
	   land here once the loop's handlers are gone, and kill the teardown) */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	made = pthread_create(&s->writer->thread, NULL, writer_main, s);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (made != 0) {
		snprintf(err, errlen, "no thread for the records");
		free(s->writer);
		s->writer = NULL;
		return -1;
	}
	return 0;
}

/* Lets go of the directory, once the records waiting are written. */
void store_close(struct server *s)
{
	struct store_writer *w = s->writer;

	if (w) {
		pthread_mutex_lock(&w->lock);
		w->ending = true;
		pthread_cond_signal(&w->wake);
		pthread_mutex_unlock(&w->lock);
		pthread_join(w->thread, NULL);
		pthread_mutex_destroy(&w->lock);
		pthread_cond_destroy(&w->wake);
		free(w);
		s->writer = NULL;
	}
	if (s->lock_fd >= 0)
		close(s->lock_fd);
	s->lock_fd = -1;
}

/* Writes all of buf to fd; -1 on an error (errno set). */
static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/*
 * Appends one line to a journal: written whole (one write when the kernel
 * takes it), and with --sync on the disk before this returns. 0, or -1.
 */
int store_append(struct server *s, int fd, const char *line, size_t len)
{
	if (write_all(fd, line, len) < 0)
		return -1;
	if (s->opt.sync && fdatasync(fd) < 0)
		return -1;
	return 0;
}

/* Makes game g's journal with its first line; its descriptor, open to
   append, or -1 with a message. */
int store_new_journal(struct server *s, const struct netgame *g, char *err, size_t errlen)
{
	char path[4096], line[1024];
	struct proto_out o;
	int fd, n;

	if (path_of(s, path, sizeof path, "games", g->id, ".journal") < 0) {
		snprintf(err, errlen, "%s: the directory's name is too long", s->opt.dir);
		return -1;
	}
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0640)) < 0) {
		record_path_error(err, errlen, path, strerror(errno));
		return -1;
	}
	proto_out_start(&o, line, sizeof line);
	netgame_journal_header(g, &o);
	if ((n = proto_out_end(&o)) < 0 || store_append(s, fd, line, (size_t)n) < 0) {
		record_path_error(err, errlen, path,
				  n < 0 ? "the first line is too long" : strerror(errno));
		close(fd);
		unlink(path);
		return -1;
	}
	return fd;
}

/* Opens game id's journal again to append (a resumed game); its descriptor
   or -1 (logged). */
int store_reopen(struct server *s, long id)
{
	char path[4096];
	int fd = -1;

	if (path_of(s, path, sizeof path, "games", id, ".journal") == 0)
		fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		srv_log(s, "game %ld: its journal cannot be opened again: %s", id, strerror(errno));
	return fd;
}

/* record_write_atomic's writers of the two formats. */
static int write_sgf(FILE *f, const void *record)
{
	return record_write_sgf(record, f);
}

static int write_ggf(FILE *f, const void *record)
{
	return record_write_ggf(record, f);
}

/* Writes game id's records from r (records/N.sgf and .ggf, atomically),
   then renames its journal to N.done; a failure is logged and leaves the
   journal, so the next start writes them again. (The writer thread's work.) */
static void write_records(struct server *s, struct game *r, long id)
{
	char path[4096], done[4096], err[512];
	bool ok;

	ok = path_of(s, path, sizeof path, "records", id, ".sgf") == 0 &&
	     record_write_atomic(path, write_sgf, r, err, sizeof err) == 0 &&
	     path_of(s, path, sizeof path, "records", id, ".ggf") == 0 &&
	     record_write_atomic(path, write_ggf, r, err, sizeof err) == 0;
	if (!ok) {
		srv_log(s, "game %ld: its record could not be written: %s", id, err);
		return;
	}
	if (path_of(s, path, sizeof path, "games", id, ".journal") == 0 &&
	    path_of(s, done, sizeof done, "games", id, ".done") == 0 && rename(path, done) < 0)
		srv_log(s, "game %ld: %s", id, strerror(errno));
}

/*
 * Closes a journal (fd, or -1 for none). With g, a game that ended: its
 * record is handed to the writer thread (write_records).
 */
void store_finish(struct server *s, const struct netgame *g, int fd)
{
	struct store_writer *w = s->writer;
	struct record_job *j;

	if (fd >= 0)
		close(fd);
	if (!g)
		return;
	if (!(j = calloc(1, sizeof *j)) || !(j->record = netgame_record(g))) {
		srv_log(s, "game %ld: out of memory for its record", g->id);
		free(j);
		return;
	}
	j->id = g->id;
	pthread_mutex_lock(&w->lock);
	if (w->tail)
		w->tail->next = j;
	else
		w->head = j;
	w->tail = j;
	pthread_cond_signal(&w->wake);
	pthread_mutex_unlock(&w->lock);
}

/* Reads the whole file at path (malloc'd, *len bytes); NULL with errno. */
static char *read_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *buf = NULL;
	size_t got = 0;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || !(buf = malloc((size_t)st.st_size + 1)))
		goto fail;
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	*len = got;
	return buf;
fail:
	close(fd);
	free(buf);
	return NULL;
}

/* qsort's order of game numbers. */
static int by_number(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

/* Reads back journal N (see the file comment); a journal that cannot be read
   is set aside as N.broken. */
static void restore_one(struct server *s, long id,
			void (*adopt)(struct server *s, struct netgame *g, int fd))
{
	char path[4096], broken[4096], err[512];
	size_t len = 0, whole;
	char *text;
	struct netgame *g;
	int fd = -1;

	if (path_of(s, path, sizeof path, "games", id, ".journal") < 0)
		return;
	if (!(text = read_file(path, &len))) {
		srv_log(s, "%s: %s", path, strerror(errno));
		return;
	}
	g = netgame_read_journal(text, len, path, &whole, err, sizeof err);
	free(text);
	if (!g) {
		srv_log(s, "%s; set aside as %ld.broken", err, id);
		if (path_of(s, broken, sizeof broken, "games", id, ".broken") == 0)
			rename(path, broken);
		return;
	}
	if (whole < len) {
		srv_log(s, "game %ld: the last %zu bytes of its journal, cut by a crash, dropped",
			id, len - whole);
		if (truncate(path, (off_t)whole) < 0)
			srv_log(s, "%s: %s", path, strerror(errno));
	}
	if (g->state == NETGAME_OVER) {
		store_finish(s, g, -1);
		if (g->id >= s->next_game)
			s->next_game = g->id + 1;
		netgame_free(g);
		return;
	}
	if (netgame_in_progress(g) && (fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)) < 0) {
		srv_log(s, "%s: %s", path, strerror(errno));
		netgame_free(g);
		return;
	}
	srv_log(s, "game %ld: %s (%s) - %s (%s), move %d, %s", id, g->player[BLACK].name,
		g->player[BLACK].login, g->player[WHITE].name, g->player[WHITE].login,
		g->n_moves + 1, fd >= 0 ? "back, waiting for both players" : "adjourned");
	adopt(s, g, fd);
}

/*
 * Reads the games of the directory back: the next game's number comes after
 * every one there ever was, each journal of a game not finished is replayed
 * and handed to `adopt` (with its descriptor open to append, or -1 for an
 * adjourned game). Returns the number of games restored, or -1 with a
 * message when the directory cannot be read.
 */
int store_restore(struct server *s, void (*adopt)(struct server *s, struct netgame *g, int fd),
		  char *err, size_t errlen)
{
	char path[4096];
	DIR *d;
	struct dirent *e;
	long *ids = NULL, n = 0, cap = 0, before = 0;

	if (path_of(s, path, sizeof path, "games", 0, NULL) < 0 || !(d = opendir(path))) {
		record_path_error(err, errlen, s->opt.dir, strerror(errno));
		return -1;
	}
	s->next_game = 1;
	while ((e = readdir(d))) {
		char *end;
		long id = strtol(e->d_name, &end, 10);

		if (end == e->d_name || id <= 0 || *end != '.')
			continue;
		if (id >= s->next_game)
			s->next_game = id + 1;
		if (strcmp(end, ".journal") != 0)
			continue;
		if (n == cap) {
			long *p = realloc(ids, sizeof *p * (size_t)(cap = cap ? cap * 2 : 64));

			if (!p) {
				closedir(d);
				free(ids);
				snprintf(err, errlen, "out of memory");
				return -1;
			}
			ids = p;
		}
		ids[n++] = id;
	}
	closedir(d);
	if (n > 0)
		qsort(ids, (size_t)n, sizeof *ids, by_number);
	for (struct sgame *sg = s->games; sg; sg = sg->next)
		before++;
	for (long i = 0; i < n; i++)
		restore_one(s, ids[i], adopt);
	free(ids);
	n = 0;
	for (struct sgame *sg = s->games; sg; sg = sg->next)
		n++;
	return (int)(n - before);
}
