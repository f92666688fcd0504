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
 * a grandchild that called setsid() and outlived its parent is adopted by
 * us rather than by init (PR_SET_CHILD_SUBREAPER, reaper_adopt): every child
 * of ours that is not in the table is such an orphan, and
 * reaper_end_orphans kills and reaps them. Elsewhere than Linux only the
 * table and the handlers remain.
 *
 * Weakness: an orphan's own children (a setsid() grandchild that forked
 * again and exited) go to the orphan's reaper, us, only once it dies, so a
 * deeper tree may need a second pass; none of our engines does that.
 */
#include "config.h"

#include "reaper.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

enum { REAPER_MAX = 1024 }; /* children followed at once (engines, workers) */

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

/* Reads the process ids of our children from /proc into `out` (at most
   `max`); returns how many. Async-signal-safe (open and read only). */
static int our_children(pid_t *out, int max)
{
	char path[64] = "/proc/self/task/", digits[16], buf[4096];
	pid_t self = getpid(), v = 0;
	int n = 0, k = 0, fd, len = 16;
	ssize_t got;

	do
		digits[k++] = (char)('0' + self % 10);
	while ((self /= 10) > 0);
	while (k > 0)
		path[len++] = digits[--k];
	for (const char *s = "/children"; *s; s++)
		path[len++] = *s;
	path[len] = '\0';
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	while ((got = read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < got; i++) {
			if (buf[i] >= '0' && buf[i] <= '9') {
				v = v * 10 + (buf[i] - '0');
			} else if (v > 0) {
				if (n < max)
					out[n++] = v;
				v = 0;
			}
		}
	if (v > 0 && n < max)
		out[n++] = v;
	close(fd);
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
   engines, adopted as their subreaper (reaper_adopt). Async-signal-safe. */
void reaper_end_orphans(void)
{
	pid_t kids[256];
	int n = our_children(kids, 256);

	for (int i = 0; i < n; i++)
		if (!known(kids[i])) {
			kill(kids[i], SIGKILL);
			waitpid(kids[i], NULL, 0);
		}
}

/* Ends every child in the table (see the file comment). Async-signal-safe. */
static void end_all(void)
{
	bool left = false;

	for (int i = 0; i < REAPER_MAX; i++)
		if (table[i])
			kill(table[i], SIGTERM);
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
		waitpid(v < 0 ? -v : v, NULL, left ? 0 : WNOHANG);
	}
	reaper_end_orphans();
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

		if (__atomic_compare_exchange_n(&table[i], &free_entry, v, false,
						__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
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
