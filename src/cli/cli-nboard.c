/*
 * cli-nboard.c — `othello nboard`: our engine on stdin/stdout speaking the
 * NBoard protocol (nboard.c), for the NBoard GUI and as an external engine
 * of our own matches (`othello match --white "nboard:othello nboard"`).
 */
#include "cli-eval.h"
#include "cli.h"

#include "book.h"
#include "datadir.h"
#include "eval.h"
#include "nboard.h"

#include <getopt.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f, "usage: othello nboard [--time T] [--hash MB] [--book FILE | --no-book]\n"
		   "         [--eval SPEC]\n\n"
		   "Speaks the NBoard protocol on stdin/stdout. The GUI sets the depth\n"
		   "(`set depth N`); --time also limits each move. Hints and moves of book\n"
		   "positions come from the opening book (--book FILE, default the shipped one).\n"
		   "SPEC: pattern (default), classic or a weights file.\n");
}

static const struct option long_options[] = {
    {"time", required_argument, NULL, 't'},
    {"hash", required_argument, NULL, 'H'},
    {"book", required_argument, NULL, 'b'},
    {"eval", required_argument, NULL, 'e'},
    {"no-book", no_argument, NULL, 'B'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* `othello nboard`: see usage. */
int cli_nboard(int argc, char **argv)
{
	struct nboard_options opt = {0};
	const char *eval_spec = NULL, *book_path = NULL;
	bool no_book = false;
	struct book *bk = NULL;
	struct eval *ev;
	char err[512], eval_name[EVALSPEC_NAME_LEN];
	long v;
	int c, st;

	optind = 1;
	opterr = 0;
	for (int at = optind; (c = getopt_long(argc, argv, "", long_options, NULL)) != -1;
	     at = optind) {
		switch (c) {
		case 't':
			if (!cli_option_seconds("nboard", "time", optarg, &opt.time))
				return 2;
			break;
		case 'H':
			if (!cli_option_int("nboard", "hash", optarg, 1, 4096, &v))
				return 2;
			opt.hash_mb = (size_t)v;
			break;
		case 'b':
			book_path = optarg;
			break;
		case 'e':
			eval_spec = optarg;
			break;
		case 'B':
			no_book = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			cli_option_refused("nboard", long_options, argv, at, c);
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "othello: nboard: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	ev = cli_eval_option("nboard", "eval", eval_spec, eval_name, sizeof eval_name);
	if (!ev)
		return 2;
	if (no_book) {
		bk = NULL;
	} else if (!book_path) { /* the shipped book, when there is one */
		char path[4096];
		FILE *f = datadir_open("openings/book.txt", path, sizeof path, err, sizeof err);

		bk = f ? book_new() : NULL;
		if (bk && book_load(bk, f, path, err, sizeof err) < 0) {
			book_free(bk);
			bk = NULL;
		}
		if (f)
			fclose(f);
	} else {
		FILE *f = fopen(book_path, "r");

		bk = book_new();
		if (!f || !bk || book_load(bk, f, book_path, err, sizeof err) < 0) {
			fprintf(stderr, "othello nboard: --book: %s\n", f ? err : "cannot open");
			if (f)
				fclose(f);
			book_free(bk);
			eval_free(ev);
			return 2;
		}
		fclose(f);
	}
	opt.eval = ev;
	opt.book = bk;
	st = nboard_serve(stdin, stdout, &opt) == 0 ? 0 : 1;
	book_free(bk);
	eval_free(ev);
	return st;
}
