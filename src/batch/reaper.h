/*
 * reaper.h — the child processes (external engines, match workers) that
 * must end with us, whether we end normally or by a signal.
 */
#ifndef OTHELLO_REAPER_H
#define OTHELLO_REAPER_H

#include <stdbool.h>
#include <sys/types.h>

void reaper_install(void);
void reaper_add(pid_t pid, bool group);
void reaper_remove(pid_t pid);
void reaper_forget_all(void);
void reaper_child(pid_t parent, int sig);
void reaper_adopt(void);
void reaper_end_orphans(void);

#endif
