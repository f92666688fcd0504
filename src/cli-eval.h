/*
 * cli-eval.h — choosing an evaluation by name for the subcommands:
 * `classic`, `pattern` (the shipped trained weights) or a weights file.
 */
#ifndef OTHELLO_CLI_EVAL_H
#define OTHELLO_CLI_EVAL_H

#include <stdio.h>

#include "eval.h"

struct eval *cli_eval_open(const char *spec, FILE *warn);

#endif
