/*
 * parse.h — parsing of whole numbers from text, shared by every layer, and the
 * line reader of the engine's text data files, and the words of a command
 * line (parse_words: the command bar, scripts, the game server's wire).
 */
#ifndef OTHELLO_PARSE_H
#define OTHELLO_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

bool parse_long(const char *s, long lo, long hi, long *out);
bool parse_decimal(const char *s, double *out);
bool parse_strip_bom(char *line);
const char *parse_show_char(int c, char *out);
size_t parse_show_text(const char *s, char *out, size_t outlen);

/* A character of a file or an engine as a message shows it (parse_show_char),
   in a buffer that lasts to the end of the enclosing block. */
#define PARSE_SHOW(c) parse_show_char((c), (char[8]){0})

/* A word or a name of a file or an engine as a message shows it
   (parse_show_text), cut at PARSE_SHOWN_MAX - 1 bytes, in a buffer that lasts
   to the end of the enclosing block. */
#define PARSE_SHOWN_MAX 256
const char *parse_shown(const char *s, char *out, size_t outlen);
#define PARSE_SHOW_TEXT(s) parse_shown((s), (char[PARSE_SHOWN_MAX]){0}, PARSE_SHOWN_MAX)
int parse_get_line(FILE *f, char *line, int size, bool first, int *col, char *why, size_t whylen);
int parse_next_line(FILE *f, char *line, int size, const char *filename, int *lineno, char *err,
		    size_t errlen);
int parse_next_data(FILE *f, char *line, int size, const char *filename, int *lineno,
		    const char *cut, char **data, char *err, size_t errlen);
int parse_words(char *line, char **argv, int max, char *err, size_t errlen);

#endif
