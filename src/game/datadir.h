/*
 * datadir.h — finding the data files shipped with the program (evaluation
 * weights, opening books, opening names, balanced openings), and naming the
 * user's own data folders (saves, the game collection).
 */
#ifndef OTHELLO_DATADIR_H
#define OTHELLO_DATADIR_H

#include <stddef.h>
#include <stdio.h>

enum { DATADIR_UNNAMED = -2 }; /* datadir_user: neither the variable nor HOME is set */

FILE *datadir_open(const char *name, char *path, size_t pathlen, char *err, size_t errlen);
int datadir_user(const char *var, const char *sub, char *out, size_t outlen);
/* The settings file's name: $XDG_CONFIG_HOME/othello-master/config, else
   ~/.config/othello-master/config; as datadir_user returns. */
int datadir_config(char *out, size_t outlen);

#endif
