/*
 * extproc.c — child processes that speak a line protocol on stdin/stdout.
 *
 * The command runs under `/bin/sh -c`, so it may hold arguments, quotes and
 * redirections. Its stdin and stdout are pipes to us; its stderr goes to
 * /dev/null unless $OTHELLO_ENGINE_STDERR is set (then it is inherited).
 * Output is buffered here and handed out line by line; reads wait with
 * poll() until the deadline given, however many lines come before it.
 * Writing to a child that has gone away fails with EPIPE rather than killing
 * us (SIGPIPE is ignored for the write). The child leads its own process
 * group, so that ending the group also ends what the shell or the engine
 * started. Stopping closes the child's stdin, waits up to a grace period for
 * it to exit, then ends the group, even when the child itself exited and
 * left children behind. The child is in reaper.c's table while it runs, so
 * that a SIGINT, SIGTERM or SIGHUP that ends us ends it too; it dies with
 * us anyway (PR_SET_PDEATHSIG), and a grandchild that left the group with
 * setsid() is adopted by us and ended when the engine is stopped. Start
 * engines from a thread that outlives them (the kernel's parent-death
 * signal follows the thread that forked).
 *
 * Output is kept in one buffer of EXTPROC_LINE_MAX bytes read from `start`
 * to `end`; only when it fills is the partial line moved to the front, so
 * reading is linear however many lines come. A line that fills the whole
 * buffer is overlong (EXTPROC_TOOLONG) and dropped up to its newline.
 */
#define _GNU_SOURCE
#include "extproc.h"
#include "parse.h"

#include "reaper.h"
#include "timer.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

struct extproc {
	pid_t pid;		    /* the child */
	int in;			    /* write end of the child's stdin */
	int out;		    /* read end of the child's stdout */
	char buf[EXTPROC_LINE_MAX]; /* output read: buf[start, end) not yet handed out */
	size_t start;		    /* first byte not handed out */
	size_t end;		    /* end of the bytes read */
	size_t scan;		    /* buf[start, scan) holds no newline */
	bool skipping;		    /* dropping the rest of an overlong line */
	bool eof;		    /* the child closed its stdout */
	bool exited;		    /* the child has exited (info holds how) */
	siginfo_t info;		    /* how it exited, from waitid */
	bool reaped;		    /* waitpid has collected the child */
};

/* Starts `command` through /bin/sh with pipes on its stdin and stdout.
   Returns the new process, or NULL with a message. */
struct extproc *extproc_start(const char *command, char *err, size_t errlen)
{
	int to_child[2], from_child[2];
	struct extproc *p = calloc(1, sizeof *p);
	sigset_t all, old_mask;
	pid_t pid, parent;

	if (!p) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (pipe2(to_child, O_CLOEXEC) < 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		free(p);
		return NULL;
	}
	if (pipe2(from_child, O_CLOEXEC) < 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		close(to_child[0]);
		close(to_child[1]);
		free(p);
		return NULL;
	}
	reaper_install();
	reaper_adopt();
	fflush(NULL);
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old_mask); /* no handler of ours in the child */
	parent = getpid();
	pid = fork();
	if (pid < 0) {
		sigprocmask(SIG_SETMASK, &old_mask, NULL);
		snprintf(err, errlen, "fork: %s", strerror(errno));
		close(to_child[0]);
		close(to_child[1]);
		close(from_child[0]);
		close(from_child[1]);
		free(p);
		return NULL;
	}
	if (pid == 0) {
		signal(SIGPIPE, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		reaper_forget_all();
		reaper_child(parent, SIGKILL);
		sigprocmask(SIG_SETMASK, &old_mask, NULL);
		setpgid(0, 0);
		dup2(to_child[0], 0);
		dup2(from_child[1], 1);
		if (!getenv("OTHELLO_ENGINE_STDERR")) {
			int null = open("/dev/null", O_WRONLY);

			if (null >= 0)
				dup2(null, 2);
		}
		execl("/bin/sh", "sh", "-c", command, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid); /* as the child does: no race with an early stop */
	reaper_add(pid, true);
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	close(to_child[0]);
	close(from_child[1]);
	p->pid = pid;
	p->in = to_child[1];
	p->out = from_child[0];
	return p;
}

/* Sends one line (a newline is added). Returns EXTPROC_OK, or EXTPROC_EOF if
   the child no longer reads. */
int extproc_write_line(struct extproc *p, const char *line)
{
	size_t n = strlen(line);
	char *msg = malloc(n + 2);
	const char *s = msg;
	struct sigaction ign, old;
	int status = EXTPROC_OK;

	if (!msg)
		return EXTPROC_ERROR;
	memcpy(msg, line, n);
	msg[n++] = '\n';
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &ign, &old);
	while (n > 0) {
		ssize_t w = write(p->in, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			status = errno == EPIPE ? EXTPROC_EOF : EXTPROC_ERROR;
			break;
		}
		s += w;
		n -= (size_t)w;
	}
	sigaction(SIGPIPE, &old, NULL);
	free(msg);
	return status;
}

/* Moves the unread bytes to the front of the buffer. Only done when the
   buffer is full, and then only the start of one line moves, so every byte
   is moved at most once: reading stays linear in the output. */
static void compact(struct extproc *p)
{
	memmove(p->buf, p->buf + p->start, p->end - p->start);
	p->end -= p->start;
	p->scan -= p->start;
	p->start = 0;
}

/* Hands out one complete line from the buffer, if there is one. Bytes of an
   overlong line still arriving (p->skipping) are dropped up to its end. */
static bool take_line(struct extproc *p, char *line, size_t len)
{
	char *from = p->buf + p->scan, *nl = memchr(from, '\n', p->end - p->scan);
	size_t n, copy;

	if (p->skipping) {
		if (!nl) {
			p->start = p->end = p->scan = 0;
			return false;
		}
		p->start = p->scan = (size_t)(nl + 1 - p->buf);
		p->skipping = false;
		nl = memchr(p->buf + p->scan, '\n', p->end - p->scan);
	}
	if (!nl) {
		p->scan = p->end;
		if (!p->eof || p->end == p->start)
			return false;
		nl = p->buf + p->end; /* a last line without its newline */
	}
	n = (size_t)(nl - (p->buf + p->start));
	copy = n < len - 1 ? n : len - 1;
	memcpy(line, p->buf + p->start, copy);
	line[copy] = '\0';
	if (copy > 0 && line[copy - 1] == '\r')
		line[copy - 1] = '\0';
	p->start += n < p->end - p->start ? n + 1 : n;
	p->scan = p->start;
	if (p->start == p->end)
		p->start = p->end = p->scan = 0;
	return true;
}

/* Writes the control bytes of an engine's line `line` (`len` bytes of room)
   as `\xNN` (parse_show_text), so that none reaches a terminal, a message or
   a report (an escape sequence that clears the screen); the protocols hold
   none. Returns EXTPROC_OK, or EXTPROC_ERROR when memory runs out. */
static int show_line(char *line, size_t len)
{
	char *copy;
	size_t i;

	for (i = 0; line[i]; i++)
		if (((unsigned char)line[i] < 0x20 && line[i] != '\t') || line[i] == 0x7f)
			break;
	if (!line[i])
		return EXTPROC_OK;
	if (!(copy = strdup(line)))
		return EXTPROC_ERROR;
	parse_show_text(copy, line, len);
	free(copy);
	return EXTPROC_OK;
}

/* Reads one line of the child's output (without its newline) into `line`,
   waiting until `deadline` (a timer_now() time; <= 0: as long as it takes).
   Returns EXTPROC_OK, EXTPROC_EOF when the child closed its output,
   EXTPROC_TIMEOUT once the deadline has passed (even while lines keep
   coming), or EXTPROC_TOOLONG for a line of EXTPROC_LINE_MAX bytes or more
   (the rest of it is dropped as it comes). A line longer than `len` is cut;
   its control bytes are written `\xNN` (show_line). */
int extproc_read_line(struct extproc *p, char *line, size_t len, double deadline)
{
	for (;;) {
		struct pollfd pfd = {.fd = p->out, .events = POLLIN};
		int ms = -1, r;
		ssize_t n;

		if (deadline > 0) {
			double left = deadline - timer_now();

			if (left <= 0)
				return EXTPROC_TIMEOUT;
			ms = left < 3600 ? (int)(left * 1000) + 1 : 3600 * 1000; /* then again */
		}
		if (take_line(p, line, len))
			return show_line(line, len);
		if (p->eof)
			return EXTPROC_EOF;
		if (p->end == sizeof p->buf && p->start > 0)
			compact(p);
		if (p->end == sizeof p->buf) { /* one line fills the buffer */
			p->start = p->end = p->scan = 0;
			p->skipping = true;
			return EXTPROC_TOOLONG;
		}
		r = poll(&pfd, 1, ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return EXTPROC_ERROR;
		if (r == 0)
			continue; /* the deadline is checked above */
		n = read(p->out, p->buf + p->end, sizeof p->buf - p->end);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			p->eof = true;
		else
			p->end += (size_t)n;
	}
}

/* True once the child has exited, its status kept in p->info. The child is
   not reaped (WNOWAIT): while it is a zombie its process id, which is also
   its group's, cannot be reused, so the group can still be ended safely. */
static bool exited(struct extproc *p)
{
	if (p->exited)
		return true;
	memset(&p->info, 0, sizeof p->info);
	if (waitid(P_PID, (id_t)p->pid, &p->info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
	    p->info.si_pid == p->pid)
		p->exited = true;
	return p->exited;
}

/* Describes how the child ended ("exited with status 3", "killed by signal
   9") or "closed its output" if it is still running. */
void extproc_describe_exit(struct extproc *p, char *out, size_t outlen)
{
	double until = timer_now() + 0.2;

	while (!exited(p) && timer_now() < until)
		usleep(5000);
	if (!p->exited)
		snprintf(out, outlen, "closed its output");
	else if (p->info.si_code == CLD_EXITED)
		snprintf(out, outlen, "exited with status %d", p->info.si_status);
	else if (p->info.si_code == CLD_KILLED || p->info.si_code == CLD_DUMPED)
		snprintf(out, outlen, "killed by signal %d", p->info.si_status);
	else
		snprintf(out, outlen, "ended");
}

/* True while some process of the child's group is left (zombies count). */
static bool group_alive(const struct extproc *p)
{
	return kill(-p->pid, 0) == 0 || errno == EPERM;
}

/* Closes the child's input and gives it `grace` seconds to exit; then ends
   its whole process group (what it started too, even if it has exited
   itself): SIGTERM, and SIGKILL to what is left after a moment. Reaps the
   child and frees everything. */
void extproc_stop(struct extproc *p, double grace)
{
	double until;

	if (!p)
		return;
	close(p->in);
	until = timer_now() + grace;
	while (!exited(p) && timer_now() < until)
		usleep(2000);
	if (group_alive(p)) {
		kill(-p->pid, SIGTERM);
		until = timer_now() + 0.2;
		do {
			pid_t r;

			usleep(2000);
			/* our own zombies (the child, members we adopted) keep the group alive */
			if (!p->reaped && exited(p) && waitpid(p->pid, NULL, WNOHANG) == p->pid)
				p->reaped = true;
			while (p->reaped && (r = waitpid(-p->pid, NULL, WNOHANG)) > 0)
				;
		} while (group_alive(p) && timer_now() < until);
		if (group_alive(p))
			kill(-p->pid, SIGKILL);
	}
	if (!p->reaped) {
		kill(p->pid, SIGKILL); /* in case it left the group */
		waitpid(p->pid, NULL, 0);
	}
	/* the group's members killed: once they are gone, their children are ours */
	until = timer_now() + 1;
	while (group_alive(p) && timer_now() < until) {
		while (waitpid(-p->pid, NULL, WNOHANG) > 0)
			;
		usleep(2000);
	}
	reaper_remove(p->pid);
	reaper_end_orphans(); /* what left the group with setsid() and outlived it */
	close(p->out);
	free(p);
}
