/*
 * cli-output.c — the program's standard output, checked in one place for
 * every subcommand: write errors (a full disk, `>/dev/full`) and a reader that
 * went away (`| head -1`) end the run with exit status 2 and one message.
 *
 * main() ignores SIGPIPE (so a closed pipe is an EPIPE error we can report,
 * not a silent death half-way through a write) and checks the stream when the
 * subcommand returns. Subcommands that print as they go (a game, a position,
 * a depth at a time) call cli_output_ok() after each piece and stop when it
 * says false, so a long run whose reader is gone stops at once instead of
 * computing results nobody reads. Those that compute for long between two
 * pieces and have nothing to lose (no child process, no file being written:
 * solve, balanced-openings, analyze without -o or --svg) call
 * cli_output_watch(), whose thread ends the process as soon as the reader
 * leaves (outwatch.c), with the same message and status.
 */
#include "config.h"

#include "cli.h"
#include "outwatch.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

static int output_error; /* errno of the first failure, 0 while all is well */

/* Ignores SIGPIPE for the process (see the file comment). Called once by main. */
void cli_output_start(void)
{
	signal(SIGPIPE, SIG_IGN);
}

/* True when standard output is a pipe or socket that no one reads any more:
   poll reports an error on the write end of a pipe whose read end is closed. */
static bool reader_gone(void)
{
	struct pollfd p = {.fd = STDOUT_FILENO, .events = POLLOUT};
	struct stat st;

	if (fstat(STDOUT_FILENO, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
		return false;
	return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP));
}

/* Why standard output failed when errno no longer says (a server that
   flushed each reply met the error long before, and stdio keeps only its
   flag): a pipe without a reader (EPIPE); else what an empty write answers
   (/dev/full: ENOSPC), a file system with no room left (ENOSPC), or EIO. */
static int failure_cause(void)
{
	struct statvfs fs;
	struct stat st;

	if (reader_gone())
		return EPIPE;
	errno = 0;
	if (write(STDOUT_FILENO, "", 0) < 0 && errno)
		return errno;
	if (fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode) &&
	    fstatvfs(STDOUT_FILENO, &fs) == 0 && fs.f_bavail == 0)
		return ENOSPC;
	return EIO;
}

/* Flushes standard output and checks it; with `reader`, also that a pipe
   still has a reader. False (after one message on stderr, the first time)
   when a write failed or the reader has gone. */
static bool output_check(bool reader)
{
	if (output_error)
		return false;
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout) && !(reader && reader_gone()))
		return true;
	__atomic_store_n(&output_error, errno ? errno : failure_cause(), __ATOMIC_SEQ_CST);
	fprintf(stderr, "othello: error writing standard output: %s\n", strerror(output_error));
	return false;
}

static char gone_message[128]; /* what output_gone writes, made by cli_output_watch */

/* The watch's thread, when standard output's reader has gone: the message a
   failed write gives (unless one was given), and exit status 2. */
static void output_gone(void *arg)
{
	(void)arg;
	if (!__atomic_load_n(&output_error, __ATOMIC_SEQ_CST)) {
		ssize_t n = write(STDERR_FILENO, gone_message, strlen(gone_message));

		(void)n;
	}
	_exit(2);
}

/* For a subcommand that may compute for long between two writes and has
   nothing to lose (no child process, no file being written): from now on,
   standard output's reader leaving ends the process within a moment, as a
   failed write would (message, exit status 2). Nothing is watched when
   standard output is a file or a terminal. */
void cli_output_watch(void)
{
	static struct outwatch *watch;

	if (watch)
		return;
	snprintf(gone_message, sizeof gone_message, "othello: error writing standard output: %s\n",
		 strerror(EPIPE));
	watch = outwatch_start(STDOUT_FILENO, output_gone, NULL);
}

/* Flushes standard output and checks it, for a subcommand between two pieces
   of its work: false (after one message on stderr) when a write failed or the
   pipe it writes to has no reader any more; the caller then stops. */
bool cli_output_ok(void)
{
	return output_check(true);
}

/* The exit status of a subcommand that returned `status`, once what it wrote
   is flushed: 2 when a write to standard output failed, else `status`. (A
   reader that leaves after the last line is no error: a GTP controller closes
   the pipe after `quit`.) Called once by main. */
int cli_output_finish(int status)
{
	return output_check(false) ? status : 2;
}
