/*
 * outwatch.c — a thread that waits for the reader of a pipe (or socket) we
 * write to to go away, and then calls the caller's function, which stops
 * the search under way: a deep search prints nothing for minutes, so a
 * closed pipe would otherwise be noticed only at its next line.
 *
 * The kernel reports POLLERR on the write end of a pipe whose read end is
 * closed (POLLHUP on a socket whose peer is gone), whatever events are
 * asked for, so the thread sleeps in poll() on that descriptor and on a
 * pipe of its own that outwatch_end writes to, to wake it when the work is
 * done. Nothing is watched when the descriptor is a file or a terminal: a
 * write error there is seen at the next write, and a terminal that goes
 * away sends SIGHUP.
 */
#define _GNU_SOURCE
#include "outwatch.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

struct outwatch {
	int fd;			 /* the descriptor written to */
	int wake[2];		 /* outwatch_end writes to wake[1] */
	void (*gone)(void *arg); /* called once when the reader is gone */
	void *arg;		 /* its argument */
	pthread_t thread;	 /* the watching thread */
	int is_gone;		 /* the reader went away (read and written atomically) */
};

static void *watch(void *arg)
{
	struct outwatch *w = arg;

	for (;;) {
		struct pollfd p[2] = {{.fd = w->fd, .events = 0}, {.fd = w->wake[0], .events = POLLIN}};

		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return NULL;
		}
		if (p[1].revents)
			return NULL;
		if (p[0].revents & (POLLERR | POLLHUP | POLLNVAL)) {
			__atomic_store_n(&w->is_gone, 1, __ATOMIC_SEQ_CST);
			w->gone(w->arg);
			return NULL;
		}
	}
}

/* Starts watching `fd`: when it is a pipe or socket whose reader goes away,
   gone(arg) is called once, from another thread (it must be thread-safe, as
   search_stop is). Returns the watch, or NULL when there is nothing to watch
   (not a pipe or socket) or no thread could be started; outwatch_end(NULL)
   and outwatch_gone(NULL) are allowed. */
struct outwatch *outwatch_start(int fd, void (*gone)(void *arg), void *arg)
{
	struct outwatch *w;
	struct stat st;

	if (fstat(fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
		return NULL;
	w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->fd = fd;
	w->gone = gone;
	w->arg = arg;
	if (pipe2(w->wake, O_CLOEXEC) != 0) {
		free(w);
		return NULL;
	}
	if (pthread_create(&w->thread, NULL, watch, w) != 0) {
		close(w->wake[0]);
		close(w->wake[1]);
		free(w);
		return NULL;
	}
	return w;
}

/* True once the reader of the watched descriptor has gone away. */
bool outwatch_gone(const struct outwatch *w)
{
	return w && __atomic_load_n(&w->is_gone, __ATOMIC_SEQ_CST);
}

/* Stops watching (waits for the thread) and frees the watch; NULL is ignored. */
void outwatch_end(struct outwatch *w)
{
	char c = 0;

	if (!w)
		return;
	while (write(w->wake[1], &c, 1) < 0 && errno == EINTR)
		;
	pthread_join(w->thread, NULL);
	close(w->wake[0]);
	close(w->wake[1]);
	free(w);
}
