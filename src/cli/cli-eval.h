/*
 * cli-eval.h — choosing an evaluation by name for the subcommands:
 * `pattern` (the shipped trained weights, the default), `classic` or a
 * weights file (see evalspec.c).
 */
#ifndef OTHELLO_CLI_EVAL_H
#define OTHELLO_CLI_EVAL_H

#include <stddef.h>
#include <stdio.h>

#include "evalspec.h"

struct eval *cli_eval_open(const char *spec, FILE *warn);
struct eval *cli_eval_option(const char *command, const char *option, const char *spec,
			     char *name, size_t namelen);
struct eval *cli_eval_board(const char *command, const char *option, enum variant v,
			    const char *spec, char *name, size_t namelen);

#endif
