/*
 * test-game.c — the game record: moves and their legality, variations,
 * promotion and deletion, explicit passes, paths, annotations, deep copies.
 */
#include "gametree.h"
#include "gamecmp.h"

#include <criterion/criterion.h>
#include <string.h>

/* A finished game with a pass by White at ply 58 (saves/corners-and-pass.sgf). */
#define PASS_GAME                                                                                  \
	"f5d6c3f4f3e3d3e2f2c2e1c4e6g4g3h3c5d1c1f1g1c6d2f7h5b5a6a4b6b4f6b3f8h4h2g5h6g6a3a2a5a7h7c7" \
	"d7c8d8e8e7g8b2g7h8b1a1g2a8pab8b7h1"

Test(game, new_record_is_the_standard_start)
{
	struct game *g = game_new();
	enum color side;
	const struct board *b = game_board(g->root, &side);

	cr_assert_eq(side, BLACK);
	cr_assert_eq(board_popcount(board_moves(b->own, b->opp)), 4);
	cr_assert(g->standard_start);
	cr_assert_eq(game_main_line_length(g), 0);
	cr_assert_eq(g->root->move, SQ_NONE);
	game_free(g);
}

Test(game, illegal_move_is_refused_with_a_clear_message)
{
	struct game *g = game_new();
	char err[128];

	cr_assert_null(game_add_move(g, g->root, board_square_parse("d6"), err, sizeof(err)));
	cr_assert_str_eq(err, "illegal move d6 for Black");
	cr_assert_null(game_add_move(g, g->root, board_square_parse("d4"), err, sizeof(err)));
	cr_assert_str_eq(err, "illegal move d4 for Black");
	cr_assert_null(game_add_move(g, g->root, SQ_PASS, err, sizeof(err)));
	cr_assert_str_eq(err, "Black cannot pass: it has a legal move");
	cr_assert_null(g->root->child, "a refused move changes nothing");
	game_free(g);
}

Test(game, moves_keep_positions_players_and_plies)
{
	struct game *g = game_new();
	struct game_node *n = play_line(g, g->root, "f5d6c3");
	uint64_t black, white;

	cr_assert_not_null(n);
	cr_assert_eq(n->ply, 3);
	cr_assert_eq(n->player, BLACK);
	cr_assert_eq(n->side, WHITE);
	game_board_colors(n, &black, &white);
	cr_assert_eq(board_popcount(black), 5);
	cr_assert_eq(board_popcount(white), 2);
	cr_assert_eq(n->parent->player, WHITE);
	cr_assert_eq(n->flips, board_bit(board_square_parse("d4")));
	game_free(g);
}

Test(game, replaying_an_existing_move_returns_the_same_node)
{
	struct game *g = game_new();
	struct game_node *a = play_line(g, g->root, "f5d6");
	struct game_node *b = play_line(g, g->root, "f5d6");

	cr_assert_eq(a, b);
	cr_assert_eq(game_child_count(g->root), 1);
	game_free(g);
}

Test(game, a_different_move_starts_a_variation_and_keeps_the_old_line)
{
	struct game *g = game_new();
	struct game_node *main_end = play_line(g, g->root, "f5d6c3d3c4");
	struct game_node *var = play_line(g, g->root->child, "f6e6");

	cr_assert_not_null(var);
	cr_assert_eq(game_child_count(g->root->child), 2);
	cr_assert_eq(game_line_end(g->root), main_end, "the main line is unchanged");
	cr_assert_eq(game_child_index(var->parent), 1);
	cr_assert_not(game_on_main_line(var));
	cr_assert(game_on_main_line(main_end));
	cr_assert_eq(game_main_line_length(g), 5);
	game_free(g);
}

Test(game, promote_makes_a_variation_the_main_line)
{
	struct game *g = game_new();
	struct game_node *old_end = play_line(g, g->root, "f5d6c3d3c4");
	struct game_node *v1 = play_line(g, g->root->child, "f6e6");
	struct game_node *v2 = play_line(g, g->root->child, "f4e3");

	game_promote(v2);
	cr_assert(game_on_main_line(v2));
	cr_assert_eq(game_line_end(g->root), v2);
	cr_assert_eq(game_main_line_length(g), 3);
	/* the others keep their order after it */
	cr_assert_eq(g->root->child->child->next->child->next, NULL);
	cr_assert_eq(g->root->child->child->next, old_end->parent->parent->parent);
	cr_assert_eq(g->root->child->child->next->next, v1->parent);
	game_promote(old_end);
	cr_assert_eq(game_main_line_length(g), 5);
	game_free(g);
}

Test(game, delete_removes_a_variation_and_returns_its_parent)
{
	struct game *g = game_new();
	struct game_node *f5 = play_line(g, g->root, "f5");
	struct game_node *v = play_line(g, f5, "f6e6");

	play_line(g, f5, "d6c3");
	cr_assert_eq(game_delete(g, v->parent), f5);
	cr_assert_eq(game_child_count(f5), 1);
	cr_assert_eq(f5->child->move, board_square_parse("d6"));
	cr_assert_eq(game_delete(g, g->root), g->root, "deleting the root clears the moves");
	cr_assert_null(g->root->child);
	game_free(g);
}

Test(game, passes_are_explicit_moves)
{
	struct game *g = game_new();
	struct game_node *n = play_line(g, g->root, PASS_GAME);
	struct game_node *pass;
	char err[128], res[16];

	cr_assert_not_null(n);
	pass = game_main_line(g, 58);
	cr_assert_eq(pass->move, SQ_PASS);
	cr_assert_eq(pass->player, WHITE);
	cr_assert_eq(pass->side, BLACK);
	cr_assert_eq(pass->flips, 0);
	cr_assert_eq(pass->pos.b8.own, pass->parent->pos.b8.opp);
	cr_assert(game_is_over(n));
	cr_assert_eq(game_result_string(n, res, sizeof(res)), 0);
	cr_assert_str_eq(res, "B+24");
	cr_assert_null(game_add_move(g, n, SQ_PASS, err, sizeof(err)));
	cr_assert_str_eq(err, "cannot pass: the game is over");
	cr_assert_eq(game_result_string(pass, res, sizeof(res)), -1);
	game_free(g);
}

Test(game, path_lists_the_nodes_from_the_root)
{
	struct game *g = game_new();
	struct game_node *n = play_line(g, g->root, "f5d6c3");
	const struct game_node *path[8];

	cr_assert_eq(game_path(n, path, 8), 4);
	cr_assert_eq(path[0], g->root);
	cr_assert_eq(path[3], n);
	cr_assert_eq(path[1]->move, board_square_parse("f5"));
	cr_assert_eq(game_path(n, path, 2), 4, "a short array still gives the length");
	cr_assert_eq(game_main_line(g, 2), n->parent);
	cr_assert_null(game_main_line(g, 4));
	game_free(g);
}

Test(game, set_start_replaces_the_moves_and_recognises_the_standard_start)
{
	struct game *g = game_new();
	struct board b;
	char err[128];

	play_line(g, g->root, "f5d6");
	board_start(&b);
	b.own |= board_bit(0);
	cr_assert_eq(game_set_start(g, &b, BLACK, err, sizeof(err)), 0);
	cr_assert_null(g->root->child);
	cr_assert_not(g->standard_start);
	board_start(&b);
	cr_assert_eq(game_set_start(g, &b, BLACK, err, sizeof(err)), 0);
	cr_assert(g->standard_start);
	b.opp = b.own;
	cr_assert_eq(game_set_start(g, &b, BLACK, err, sizeof(err)), -1);
	game_free(g);
}

Test(game, annotations_and_information_are_kept)
{
	struct game *g = game_new();
	struct game_node *n = play_line(g, g->root, "f5");
	struct game_reasoning r = {.level = "expert",
				   .source = SOURCE_SEARCH,
				   .depth = 6,
				   .score = -150,
				   .pv_len = 2,
				   .pv = {19, 20},
				   .n_moves = 1};

	cr_assert_eq(game_set_comment(n, "the usual first move"), 0);
	game_set_mark(n, MARK_VERY_GOOD);
	game_set_time(n, 1.5);
	cr_assert_eq(game_set_reasoning(n, &r), 0);
	cr_assert_eq(game_set_info(g, INFO_BLACK, "Ann"), 0);
	cr_assert_str_eq(n->comment, "the usual first move");
	cr_assert_str_eq(game_mark_symbol(n->mark), "!!");
	cr_assert_str_eq(n->reasoning->level, "expert");
	cr_assert_str_eq(game_info(g, INFO_BLACK), "Ann");
	cr_assert_str_eq(game_info(g, INFO_WHITE), "");
	cr_assert_eq(game_set_comment(n, ""), 0);
	cr_assert_null(n->comment);
	cr_assert_eq(game_mark_parse("?!"), MARK_DUBIOUS);
	cr_assert_eq(game_mark_parse("!?"), MARK_INTERESTING);
	cr_assert_eq((int)game_mark_parse("!!!"), -1);
	cr_assert_eq(game_source_parse("endgame"), SOURCE_ENDGAME);
	game_free(g);
}

Test(game, deep_copy_is_equal_and_independent)
{
	struct game *g = game_new(), *c;
	struct game_node *n = play_line(g, g->root, "f5d6c3d3c4");
	struct game_reasoning r = {.level = "master", .score = 250, .n_moves = 0};
	char why[128];

	play_line(g, g->root->child, "f6e6");
	game_set_comment(n, "Tiger");
	game_set_mark(n->parent, MARK_BAD);
	game_set_reasoning(n, &r);
	game_add_prop(n, "XX", "[kept]");
	game_set_info(g, INFO_EVENT, "club night");
	g->has_seed = true;
	g->seed = 42;
	c = game_copy(g);
	cr_assert_not_null(c);
	cr_assert(games_equal(g, c, why, sizeof(why)), "%s", why);
	game_set_comment(game_line_end(c->root), "changed");
	cr_assert_str_eq(n->comment, "Tiger", "the copy shares nothing");
	cr_assert_not(games_equal(g, c, why, sizeof(why)));
	game_free(g);
	cr_assert_str_eq(game_info(c, INFO_EVENT), "club night");
	game_free(c);
}
