/*
 * parse.h — parsing of whole numbers from text, shared by every layer, and the
 * line reader of the engine's text data files.
 */
#ifndef OTHELLO_PARSE_H
#define OTHELLO_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

bool parse_long(const char *s, long lo, long hi, long *out);
bool parse_decimal(const char *s, double *out);
bool parse_strip_bom(char *line);
int parse_get_line(FILE *f, char *line, int size, bool first, int *col, char *why, size_t whylen);
int parse_next_line(FILE *f, char *line, int size, const char *filename, int *lineno, char *err,
		    size_t errlen);
int parse_next_data(FILE *f, char *line, int size, const char *filename, int *lineno,
		    const char *cut, char **data, char *err, size_t errlen);

#endif
