/*
 * extproc.c — child processes that speak a line protocol on stdin/stdout.
 *
 * The command runs under `/bin/sh -c`, so it may hold arguments, quotes and
 * redirections. Its stdin and stdout are pipes to us; its stderr goes to
 * /dev/null unless $OTHELLO_ENGINE_STDERR is set (then it is inherited).
 * Output is buffered here and handed out line by line; reads wait with
 * poll() for at most the time-out given. Writing to a child that has gone
 * away fails with EPIPE rather than killing us (SIGPIPE is ignored for the
 * write). The child leads its own process group, so that killing it also
 * kills what the shell started. Stopping closes the child's stdin, waits up
 * to a grace period for it to exit, then kills the group.
 */
#define _GNU_SOURCE
#include "extproc.h"

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

enum { EXTPROC_BUF = 65536 };

struct extproc {
	pid_t pid;	       /* the child */
	int in;		       /* write end of the child's stdin */
	int out;	       /* read end of the child's stdout */
	char buf[EXTPROC_BUF]; /* output read but not yet handed out */
	size_t len;	       /* bytes in buf */
	bool eof;	       /* the child closed its stdout */
	bool reaped;	       /* waitpid has collected the child */
	int wstatus;	       /* its wait status once reaped */
};

/* Starts `command` through /bin/sh with pipes on its stdin and stdout.
   Returns the new process, or NULL with a message. */
struct extproc *extproc_start(const char *command, char *err, size_t errlen)
{
	int to_child[2], from_child[2];
	struct extproc *p = calloc(1, sizeof *p);
	pid_t pid;

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
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
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

/* Hands out one complete line from the buffer, if there is one. */
static bool take_line(struct extproc *p, char *line, size_t len)
{
	char *nl = memchr(p->buf, '\n', p->len);
	size_t n, copy;

	if (!nl) {
		if (!p->eof || p->len == 0)
			return false;
		nl = p->buf + p->len; /* a last line without its newline */
	}
	n = (size_t)(nl - p->buf);
	copy = n < len - 1 ? n : len - 1;
	memcpy(line, p->buf, copy);
	line[copy] = '\0';
	if (copy > 0 && line[copy - 1] == '\r')
		line[copy - 1] = '\0';
	if (n < p->len)
		n++;
	memmove(p->buf, p->buf + n, p->len - n);
	p->len -= n;
	return true;
}

/* Reads one line of the child's output (without its newline) into `line`,
   waiting at most `timeout` seconds (<= 0: wait as long as it takes).
   Returns EXTPROC_OK, EXTPROC_EOF when the child closed its output, or
   EXTPROC_TIMEOUT. A line longer than `len` is cut. */
int extproc_read_line(struct extproc *p, char *line, size_t len, double timeout)
{
	double deadline = timer_now() + timeout;

	for (;;) {
		struct pollfd pfd = {.fd = p->out, .events = POLLIN};
		int ms = -1, r;
		ssize_t n;

		if (take_line(p, line, len))
			return EXTPROC_OK;
		if (p->eof)
			return EXTPROC_EOF;
		if (p->len == sizeof p->buf) {
			p->len = 0; /* an absurdly long line: drop it */
			continue;
		}
		if (timeout > 0) {
			double left = deadline - timer_now();

			if (left <= 0)
				return EXTPROC_TIMEOUT;
			ms = (int)(left * 1000) + 1;
		}
		r = poll(&pfd, 1, ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return EXTPROC_ERROR;
		if (r == 0)
			return EXTPROC_TIMEOUT;
		n = read(p->out, p->buf + p->len, sizeof p->buf - p->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			p->eof = true;
		else
			p->len += (size_t)n;
	}
}

/* Collects the child's exit status without blocking; true once it has exited. */
static bool reap(struct extproc *p, bool block)
{
	if (p->reaped)
		return true;
	if (waitpid(p->pid, &p->wstatus, block ? 0 : WNOHANG) == p->pid)
		p->reaped = true;
	return p->reaped;
}

/* Describes how the child ended ("exited with status 3", "killed by signal
   9") or "closed its output" if it is still running. */
void extproc_describe_exit(struct extproc *p, char *out, size_t outlen)
{
	double until = timer_now() + 0.2;

	while (!reap(p, false) && timer_now() < until)
		usleep(5000);
	if (!p->reaped)
		snprintf(out, outlen, "closed its output");
	else if (WIFEXITED(p->wstatus))
		snprintf(out, outlen, "exited with status %d", WEXITSTATUS(p->wstatus));
	else if (WIFSIGNALED(p->wstatus))
		snprintf(out, outlen, "killed by signal %d", WTERMSIG(p->wstatus));
	else
		snprintf(out, outlen, "ended");
}

/* Closes the child's input, gives it `grace` seconds to exit, kills it if it
   has not, and frees everything. */
void extproc_stop(struct extproc *p, double grace)
{
	double until;

	if (!p)
		return;
	close(p->in);
	until = timer_now() + grace;
	while (!reap(p, false) && timer_now() < until)
		usleep(2000);
	if (!p->reaped) {
		kill(-p->pid, SIGKILL);
		kill(p->pid, SIGKILL);
		reap(p, true);
	}
	close(p->out);
	free(p);
}
