/*
 * extproc.h — a child process spoken to by lines over pipes: an external
 * engine. Reads have deadlines; a child that exits, hangs, floods or closes
 * its output is reported as such, never waited on forever.
 */
#ifndef OTHELLO_EXTPROC_H
#define OTHELLO_EXTPROC_H

#include <stdbool.h>
#include <stddef.h>

struct extproc;

enum extproc_status {
	EXTPROC_OK = 0,	      /* a line was read or written */
	EXTPROC_EOF = -1,     /* the child closed its output or exited */
	EXTPROC_TIMEOUT = -2, /* no complete line within the time-out */
	EXTPROC_ERROR = -3,   /* a system call failed */
	EXTPROC_TOOLONG = -4  /* a line of EXTPROC_LINE_MAX bytes or more */
};

enum { EXTPROC_LINE_MAX = 65536 }; /* longest line read, newline included */

struct extproc *extproc_start(const char *command, char *err, size_t errlen);
int extproc_write_line(struct extproc *p, const char *line);
int extproc_read_line(struct extproc *p, char *line, size_t len, double deadline);
void extproc_describe_exit(struct extproc *p, char *out, size_t outlen);
void extproc_stop(struct extproc *p, double grace);

#endif
