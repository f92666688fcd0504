/*
 * gtp.h — the engine side of GTP (Go Text Protocol) as Othello engines speak
 * it: one command a line in, `= text` or `? error` and a blank line out.
 */
#ifndef OTHELLO_GTP_H
#define OTHELLO_GTP_H

#include "match.h"

#include <stdio.h>

int gtp_serve(FILE *in, FILE *out, struct match_player *brain, uint64_t seed, char *err,
	      size_t errlen);

#endif
