/*
 * timer.c — CLOCK_MONOTONIC in seconds as a double (microsecond resolution is
 * plenty for move times and node rates).
 */
#include "timer.h"

#include <time.h>

/* Returns seconds since an arbitrary fixed point; never goes backwards. */
double timer_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
