/*
 * timer.h — a monotonic clock in seconds, for time limits and speed figures.
 */
#ifndef OTHELLO_TIMER_H
#define OTHELLO_TIMER_H

double timer_now(void);

#endif
