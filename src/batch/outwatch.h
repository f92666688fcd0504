/*
 * outwatch.h — noticing, while a long search prints nothing, that no one
 * reads our output any more, so that the search is stopped at once.
 */
#ifndef OTHELLO_OUTWATCH_H
#define OTHELLO_OUTWATCH_H

#include <stdbool.h>

struct outwatch;

struct outwatch *outwatch_start(int fd, void (*gone)(void *arg), void *arg);
bool outwatch_gone(const struct outwatch *w);
void outwatch_end(struct outwatch *w);

#endif
