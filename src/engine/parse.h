/*
 * parse.h — parsing of whole numbers from text, shared by every layer.
 */
#ifndef OTHELLO_PARSE_H
#define OTHELLO_PARSE_H

#include <stdbool.h>

bool parse_long(const char *s, long lo, long hi, long *out);

#endif
