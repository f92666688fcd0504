/*
 * gamecmp.c — test helpers (see gamecmp.h). The comparison walks both trees
 * in step and names the first difference.
 */
#include "gamecmp.h"

#include "controller.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool str_eq(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

static bool candidates_equal(const struct game_candidate *a, const struct game_candidate *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i].move != b[i].move || a[i].score != b[i].score ||
		    a[i].bound != b[i].bound || a[i].depth != b[i].depth)
			return false;
	return true;
}

static bool reasoning_equal(const struct game_reasoning *a, const struct game_reasoning *b)
{
	if (!a || !b)
		return a == b;
	if (strcmp(a->level, b->level) || a->source != b->source || a->depth != b->depth ||
	    a->endgame != b->endgame || a->score != b->score || a->bound != b->bound ||
	    a->nodes != b->nodes || fabs(a->time - b->time) > 0.0005 || a->pv_len != b->pv_len ||
	    a->n_moves != b->n_moves)
		return false;
	for (int i = 0; i < a->pv_len; i++)
		if (a->pv[i] != b->pv[i])
			return false;
	return candidates_equal(a->moves, b->moves, a->n_moves);
}

/* Compares what an analysis holds: its fields, and of its arrays the entries
   in use only (what lies past pv_len or n_moves is left from earlier lines). */
static bool analysis_equal(const struct game_analysis *a, const struct game_analysis *b)
{
	if (a->valid != b->valid)
		return false;
	if (!a->valid)
		return true;
	if (a->best_move != b->best_move || a->best_score != b->best_score ||
	    a->played_score != b->played_score || a->played_bound != b->played_bound ||
	    a->loss != b->loss || a->depth != b->depth || a->exact != b->exact ||
	    a->verdict != b->verdict || a->n_moves != b->n_moves || a->pv_len != b->pv_len)
		return false;
	for (int i = 0; i < a->pv_len; i++)
		if (a->pv[i] != b->pv[i])
			return false;
	return candidates_equal(a->moves, b->moves, a->n_moves);
}

static bool nodes_equal(const struct game_node *a, const struct game_node *b, char *why,
			size_t whylen)
{
	for (; a || b; a = a->next, b = b->next) {
		if (!a || !b) {
			snprintf(why, whylen, "different number of children");
			return false;
		}
		if (a->move != b->move || a->player != b->player || a->side != b->side ||
		    !pos_same(&a->pos, &b->pos) || a->ply != b->ply) {
			snprintf(why, whylen, "ply %d: different move or position", a->ply);
			return false;
		}
		if (!str_eq(a->comment, b->comment) || a->mark != b->mark ||
		    fabs(a->time - b->time) > 0.0005) {
			snprintf(why, whylen, "ply %d: different comment, mark or time", a->ply);
			return false;
		}
		if (!reasoning_equal(a->reasoning, b->reasoning)) {
			snprintf(why, whylen, "ply %d: different reasoning", a->ply);
			return false;
		}
		if (!analysis_equal(&a->analysis, &b->analysis)) {
			snprintf(why, whylen, "ply %d: different analysis", a->ply);
			return false;
		}
		if (a->n_props != b->n_props) {
			snprintf(why, whylen, "ply %d: %d kept properties against %d", a->ply,
				 a->n_props, b->n_props);
			return false;
		}
		for (int i = 0; i < a->n_props; i++)
			if (strcmp(a->props[i].name, b->props[i].name) ||
			    strcmp(a->props[i].value, b->props[i].value)) {
				snprintf(why, whylen, "ply %d: kept property %s differs", a->ply,
					 a->props[i].name);
				return false;
			}
		if (!nodes_equal(a->child, b->child, why, whylen))
			return false;
		if (!a->parent)
			break;
	}
	return true;
}

/* True if a and b hold the same game in every detail; else why says where. */
bool games_equal(const struct game *a, const struct game *b, char *why, size_t whylen)
{
	for (int i = 0; i < INFO_COUNT; i++)
		if (!str_eq(a->info[i], b->info[i])) {
			snprintf(why, whylen, "information field %d differs: '%s' / '%s'", i,
				 game_info(a, i), game_info(b, i));
			return false;
		}
	if (a->has_seed != b->has_seed || a->seed != b->seed ||
	    fabs(a->time_per_move - b->time_per_move) > 0.0005 ||
	    a->standard_start != b->standard_start || a->variant != b->variant) {
		snprintf(why, whylen, "seed, time per move or start differ");
		return false;
	}
	return nodes_equal(a->root, b->root, why, whylen);
}

/* Plays "f5d6c3" (pa = pass) from `at`; returns the last node, NULL if a move
   is illegal. */
struct game_node *play_line(struct game *g, struct game_node *at, const char *moves)
{
	char err[128];

	for (const char *p = moves; p[0] && p[1]; p += 2) {
		int sq = p[0] == 'p' ? SQ_PASS : board_square_parse(p);

		at = game_add_move(g, at, sq, err, sizeof(err));
		if (!at)
			return NULL;
	}
	return at;
}

/* Reads a file of tests/data (or a path from the source tree when the name
   starts with "../"); aborts the test on failure. */
char *read_test_file(const char *name, size_t *len)
{
	char path[1024];
	FILE *f;
	char *buf;
	long n;

	snprintf(path, sizeof(path), "%s/%s", TESTDATA, name);
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

/* Lets every engine job of ctl finish (engine moves start one another): the number of engine
   moves played, or -1 at an engine error, its message in err. */
int settle_engine(struct controller *ctl, char *err, size_t errlen)
{
	struct ctl_event ev;
	int moves = 0;

	while (controller_wait_event(ctl, &ev)) {
		if (ev.kind == CTL_EVENT_ERROR) {
			snprintf(err, errlen, "%s", ev.message);
			return -1;
		}
		moves += ev.kind == CTL_EVENT_MOVE_PLAYED;
	}
	return moves;
}
