/*
 * svg.h — a small writer of SVG pictures: the file (written to a temporary
 * name, renamed when complete), the root element, escaped text, numbers
 * formatted the same on every machine, the basic shapes, and a diverging
 * colour scale. Callers build the pictures (report-svg.c).
 */
#ifndef OTHELLO_SVG_H
#define OTHELLO_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { SVG_PATH_LEN = 4096 };

/* An SVG file being written. */
struct svg {
	FILE *f;		     /* where the elements go */
	char path[SVG_PATH_LEN];     /* the file it becomes */
	char tmp[SVG_PATH_LEN + 32]; /* its temporary name until svg_close */
};

int svg_open(struct svg *s, const char *path, char *err, size_t errlen);
int svg_close(struct svg *s, char *err, size_t errlen);

const char *svg_num(double x, int decimals, char *out, size_t outlen);
const char *svg_escape(const char *s, char *out, size_t outlen);
void svg_diverging(double v, char out[8]);

void svg_begin(FILE *f, int width, int height, const char *title);
void svg_end(FILE *f);
void svg_rect(FILE *f, double x, double y, double w, double h, const char *attrs);
void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *attrs);
void svg_text(FILE *f, double x, double y, const char *attrs, const char *text);
void svg_poly(FILE *f, const char *element, const double *xy, int n, const char *attrs);

#endif
