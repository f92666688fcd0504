/*
 * reaper.c — the child processes this process must take with it when it
 * ends: external engines (each leading its own process group, extproc.c)
 * and the worker processes of a parallel match (match.c).
 *
 * They are kept in a fixed table of process ids that a signal handler may
 * read: a negative entry is a process group (an engine and what it
 * started), a positive one a single process (a worker). reaper_install sets
 * handlers for SIGINT, SIGTERM and SIGHUP that end every entry (SIGTERM, up
 * to a second to go, then SIGKILL), end the orphans we adopted (below),
 * and then let the signal end us as it would have. Only async-signal-safe
 * calls are made there (kill, waitpid, nanosleep, open, read).
 *
 * Three ways out of a process group are covered. A child that calls
 * setsid() itself is still killed by its process id. Each child asks the
 * kernel to kill it when we die without our cleanup (SIGKILL):
 * prctl(PR_SET_PDEATHSIG) on Linux, tied to the thread that started it, so
 * children are started from a thread that outlives them (the main one). And
 * a descendant whose parent died (a grandchild that called setsid(), a child
 * of an engine killed before it) is adopted by us rather than by init
 * (PR_SET_CHILD_SUBREAPER, reaper_adopt): every child of ours that is not in
 * the table is such an orphan, and reaper_end_orphans kills and reaps them,
 * pass after pass, as each one killed hands its own children to us.
 *
 * On a signal, after the table's grace, every descendant left is killed
 * (kill_descendants: the tree read from /proc/PID/task/TID/children, top
 * down, again until none is left): a worker of a parallel match killed
 * before it could end its engines leaves nothing behind, whatever moment the
 * signal came at. Elsewhere than Linux only the table and the handlers
 * remain.
 */
#include "config.h"

#include "reaper.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

enum {
	REAPER_MAX = 1024, /* children followed at once (engines, workers); descendants read */
	ORPHAN_PASSES = 64 /* generations of orphans ended after an engine stops */
};

static volatile sig_atomic_t table[REAPER_MAX]; /* -pgid, pid, or 0 for a free entry */

/* Sleeps `ms` milliseconds (async-signal-safe). */
static void nap(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

/* True while entry `v` has a process left (our zombies are reaped first: the
   leader, and in a group the members we adopted). */
static bool entry_alive(int v)
{
	waitpid(v < 0 ? -v : v, NULL, WNOHANG);
	if (v < 0)
		while (waitpid(v, NULL, WNOHANG) > 0)
			;
	return kill(v, 0) == 0 || errno == EPERM;
}

/* Writes the decimal digits of v (> 0) at p; returns the end. */
static char *put_number(char *p, long v)
{
	char digits[24];
	int k = 0;

	do
		digits[k++] = (char)('0' + v % 10);
	while ((v /= 10) > 0);
	while (k > 0)
		*p++ = digits[--k];
	return p;
}

/* Appends to out[*n] (at most max in all) the numbers of the file at path,
   one after another (a children file). Async-signal-safe (open and read). */
static void read_numbers(const char *path, pid_t *out, int *n, int max)
{
	char buf[4096];
	pid_t v = 0;
	ssize_t got;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	while ((got = read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < got; i++) {
			if (buf[i] >= '0' && buf[i] <= '9') {
				v = v * 10 + (buf[i] - '0');
			} else if (v > 0) {
				if (*n < max)
					out[(*n)++] = v;
				v = 0;
			}
		}
	if (v > 0 && *n < max)
		out[(*n)++] = v;
	close(fd);
}

#ifdef __linux__
/* One entry of getdents64. */
struct dirent64_raw {
	uint64_t ino;	 /* inode */
	int64_t off;	 /* offset of the next */
	uint16_t reclen; /* size of this entry */
	uint8_t type;	 /* file type */
	char name[];	 /* NUL-terminated name */
};
#endif

/* Appends to out[*n] (at most max in all) the children of process `pid`:
   those of each of its threads (a child belongs to the thread that forked
   it, an adopted orphan to the thread that forked its dead parent).
   Async-signal-safe (open, read, getdents64). */
static void children_of(pid_t pid, pid_t *out, int *n, int max)
{
#ifdef __linux__
	char path[64] = "/proc/", *end, buf[2048];
	long got;
	int fd;

	end = put_number(path + 6, pid);
	memcpy(end, "/task", 6);
	end += 5;
	if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return;
	while ((got = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
		for (long at = 0; at < got;) {
			const struct dirent64_raw *d = (const void *)(buf + at);
			long tid = 0;

			at += d->reclen;
			for (const char *c = d->name; *c >= '0' && *c <= '9'; c++)
				tid = tid * 10 + (*c - '0');
			if (tid <= 0)
				continue;
			*end = '/';
			memcpy(put_number(end + 1, tid), "/children", 10);
			read_numbers(path, out, n, max);
		}
	close(fd);
#else
	(void)pid;
	(void)out;
	(void)n;
	(void)max;
#endif
}

/* Reads the process ids of our children from /proc into `out` (at most
   `max`); returns how many. Async-signal-safe. */
static int our_children(pid_t *out, int max)
{
	int n = 0;

	children_of(getpid(), out, &n, max);
	return n;
}

/* True when `pid` is in the table (as a process or a group leader). */
static bool known(pid_t pid)
{
	for (int i = 0; i < REAPER_MAX; i++)
		if (table[i] == pid || table[i] == -pid)
			return true;
	return false;
}

/* Kills and reaps our children that are not in the table: orphans of our
   engines, adopted as their subreaper (reaper_adopt), and then the orphans
   that those hand to us as they die, until none is left (at most
   ORPHAN_PASSES generations). Async-signal-safe. */
void reaper_end_orphans(void)
{
	for (int pass = 0; pass < ORPHAN_PASSES; pass++) {
		pid_t kids[256];
		int n = our_children(kids, 256), ended = 0;

		for (int i = 0; i < n; i++)
			if (!known(kids[i])) {
				kill(kids[i], SIGKILL);
				waitpid(kids[i], NULL,
					0); /* its children are ours once it is reaped */
				ended++;
			}
		if (!ended)
			return;
	}
}

/* Reads every descendant of ours into out[] (at most max): children first,
   then theirs. Returns how many. Async-signal-safe. */
static int descendants(pid_t *out, int max)
{
	int n = 0;

	children_of(getpid(), out, &n, max);
	for (int i = 0; i < n; i++)
		children_of(out[i], out, &n, max);
	return n;
}

/* Sends `sig` to every descendant of ours. Async-signal-safe. */
static void signal_descendants(int sig)
{
	pid_t all[REAPER_MAX];
	int n = descendants(all, REAPER_MAX);

	for (int i = 0; i < n; i++)
		kill(all[i], sig);
}

/* Kills every descendant of ours and reaps our children, again until none is
   left: one killed between our reading of its children and its death hands
   them to us, the subreaper, and the next pass finds them. A second at most.
   Async-signal-safe. */
static void kill_descendants(void)
{
	for (int t = 0; t < 100; t++) {
		pid_t all[REAPER_MAX];
		int n = descendants(all, REAPER_MAX);

		if (!n)
			return;
		for (int i = 0; i < n; i++)
			kill(all[i], SIGKILL);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		nap(5);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
	}
}

/* Ends every child in the table and every descendant (see the file comment).
   Async-signal-safe. */
static void end_all(void)
{
	bool left = false;

	for (int i = 0; i < REAPER_MAX; i++)
		if (table[i])
			kill(table[i], SIGTERM);
	signal_descendants(SIGTERM);	/* what left the groups, too */
	for (int t = 0; t < 100; t++) { /* a second at most */
		left = false;
		for (int i = 0; i < REAPER_MAX && !left; i++)
			left = table[i] && entry_alive(table[i]);
		if (!left)
			break;
		nap(10);
	}
	for (int i = 0; i < REAPER_MAX; i++) {
		int v = table[i];

		if (!v)
			continue;
		if (left) {
			kill(v, SIGKILL);
			kill(v < 0 ? -v : v, SIGKILL); /* a leader that left its group */
		}
	}
	kill_descendants();
}

static void on_signal(int sig)
{
	int saved = errno;

	end_all();
	signal(sig, SIG_DFL);
	raise(sig); /* delivered once the handler returns: we end as the signal says */
	errno = saved;
}

/* Installs the handlers of SIGINT, SIGTERM and SIGHUP that end the children
   in the table before the signal ends us, where the signal still has its
   default action (a program's own handler, or an ignored signal, is kept).
   Idempotent. */
void reaper_install(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};

	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		struct sigaction old, sa;

		if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL)
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigfillset(&sa.sa_mask); /* one cleanup at a time */
		sigaction(sigs[i], &sa, NULL);
	}
}

/* Adds child `pid` to the table: with `group`, its whole process group (it
   leads one). A full table is ignored: that child is then not followed. */
void reaper_add(pid_t pid, bool group)
{
	int v = group ? -(int)pid : (int)pid;

	for (int i = 0; i < REAPER_MAX; i++) {
		int free_entry = 0;

		if (__atomic_compare_exchange_n(&table[i], &free_entry, v, false, __ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			return;
	}
}

/* Takes child `pid` out of the table (it has been stopped and reaped). */
void reaper_remove(pid_t pid)
{
	for (int i = 0; i < REAPER_MAX; i++)
		if (table[i] == pid || table[i] == -pid)
			table[i] = 0;
}

/* In a process just forked from us: forgets the parent's children (they are
   not its own). */
void reaper_forget_all(void)
{
	for (int i = 0; i < REAPER_MAX; i++)
		table[i] = 0;
}

/* In a child just forked by `parent`: asks to receive `sig` when the parent
   dies (Linux), and exits at once if it already has. */
void reaper_child(pid_t parent, int sig)
{
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, sig);
	if (getppid() != parent)
		_exit(127);
#else
	(void)parent;
	(void)sig;
#endif
}

/* Makes this process adopt the orphans of its descendants (Linux), so that
   an engine's setsid() grandchild can still be ended (reaper_end_orphans). */
void reaper_adopt(void)
{
#ifdef __linux__
	prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
}
