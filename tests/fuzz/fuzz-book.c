/*
 * fuzz-book.c — libFuzzer target for the opening book reader (book.h,
 * book_load: the shipped book and every `--book FILE`).
 *
 * Any input must either load or give a `fuzz.txt:LINE:...` message, without a
 * crash or a leak; a failed load leaves the book as it was (empty). A book
 * that loads is written back by our writer and read again: the same number of
 * positions must come back, and each position must have its moves found.
 */
#include "book.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads `size` bytes of `data` as the book file `name` into a new book; the
   book, or NULL with the message in err[]. */
static struct book *load_mem(const void *data, size_t size, const char *name, char *err,
			     size_t errlen)
{
	struct book *bk = book_new();
	void *p;
	FILE *f;

	memcpy(&p, &data, sizeof(p)); /* read only: "rb" */
	if (!bk || !(f = fmemopen(p, size, "rb")))
		abort();
	if (book_load(bk, f, name, err, errlen) < 0) {
		if (book_size(bk) != 0)
			abort();
		book_free(bk);
		bk = NULL;
	}
	fclose(f);
	return bk;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct book_move moves[BOOK_MAX_MOVES];
	struct book *bk, *back;
	char err[512], *text = NULL;
	size_t len = 0;
	FILE *f;

	if (size == 0)
		return 0;
	err[0] = '\0';
	if (!(bk = load_mem(data, size, "fuzz.txt", err, sizeof err))) {
		if (strncmp(err, "fuzz.txt:", 9) != 0)
			abort();
		return 0;
	}
	if (!(f = open_memstream(&text, &len)) || book_write(bk, f, NULL) != 0)
		abort();
	fclose(f);
	if (!(back = load_mem(text, len, "again.txt", err, sizeof err))) {
		fprintf(stderr, "the book written does not read back: %s\n%s\n", err, text);
		abort();
	}
	if (book_size(back) != book_size(bk))
		abort();
	for (size_t i = 0; i < book_size(bk); i++) {
		struct board b;
		enum color side;

		book_entry(bk, i, &b, &side);
		if (book_lookup(back, &b, moves) <= 0)
			abort();
	}
	book_free(back);
	book_free(bk);
	free(text);
	return 0;
}
