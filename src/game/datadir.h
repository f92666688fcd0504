/*
 * datadir.h — finding the data files shipped with the program (evaluation
 * weights, opening books, opening names, balanced openings).
 */
#ifndef OTHELLO_DATADIR_H
#define OTHELLO_DATADIR_H

#include <stddef.h>
#include <stdio.h>

FILE *datadir_open(const char *name, char *path, size_t pathlen, char *err, size_t errlen);

#endif
