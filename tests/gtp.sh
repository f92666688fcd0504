#!/bin/sh
# gtp.sh — `othello gtp` driven over a pipe: commands, ids, passes, errors.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

printf 'protocol_version\nname\nquit\n' | "$OTHELLO" gtp --level random >gtp.out.$$
[ "$(grep -c '^$' gtp.out.$$)" -eq 3 ] && [ "$(wc -l <gtp.out.$$)" -eq 6 ]
check "every reply ends with a blank line" $?
rm -f gtp.out.$$

out=$(printf 'genmove black\nquit\n' | "$OTHELLO" gtp --level "pre-master --depth 4" --threads 2)
echo "$out" | grep -Eq "^= (d3|c4|f5|e6)$"; check "gtp --threads 2 answers an opening move" $?

out=$(printf 'protocol_version\n1 name\nlist_commands\nclear_board\ngenmove black\nplay white d3\nundo\nundo\nplay black f5\nplay white f6\nplay black e6\nplay white f4\ngenmove b\nfly\nplay black\nboardsize 19\nquit\n' |
  "$OTHELLO" gtp --level random)
echo "$out" | head -n 1 | grep -q "^= 2$"; check "protocol_version 2" $?
echo "$out" | grep -q "^=1 Othello Master$"; check "an id is echoed" $?
echo "$out" | grep -q "^genmove$"; check "list_commands lists genmove" $?
echo "$out" | grep -Eq "^= (d3|c4|f5|e6)$"; check "genmove black answers an opening move" $?
echo "$out" | grep -q "^? illegal move"; check "an illegal move is answered with ?" $?
echo "$out" | grep -q "^? unknown command$"; check "an unknown command is answered with ?" $?
echo "$out" | grep -q "^? syntax error$"; check "a bad argument is answered with ?" $?
echo "$out" | grep -q "^? unacceptable size$"; check "boardsize 19 is refused" $?

out=$(printf 'play b d3\nplay w c3\nplay b b3\nplay w d2\nplay b e1\nplay w d6\nplay b d7\nplay w e3\nplay b f4\ngenmove w\nfinal_score\n' |
  "$OTHELLO" gtp --level random)
echo "$out" | grep -q "^= pass$" && echo "$out" | grep -q "^= B+64$"
check "a side with no move passes; final_score" $?
# The command table and list_commands agree: every listed name is known and
# served (each sent bare, `quit` last, with ids to pair the replies); a prefix
# or an unknown name is neither.
names=$(printf 'list_commands\n' | "$OTHELLO" gtp --level random | sed -e 's/^= //' -e '/^$/d')
[ "$(echo "$names" | wc -l)" -ge 16 ] && echo "$names" | grep -q '^known_command$'
check "list_commands gives the sixteen commands" $?
i=0
for c in $(echo "$names" | grep -v '^quit$') quit; do
  i=$((i + 1))
  printf '%d known_command %s\n%d %s\n' $i "$c" $((i + 100)) "$c"
done >gtp.in.$$
printf 'known_command pla\npla\nknown_command fly\nknown_command\n' >>gtp.in.$$
"$OTHELLO" gtp --level random <gtp.in.$$ >gtp.out.$$
[ "$(grep -Ec '^=[0-9]+ true$' gtp.out.$$)" -eq $i ]
check "known_command is true for every listed name" $?
[ "$(grep -Ec '^[=?]1[0-9][0-9]( |$)' gtp.out.$$)" -eq $i ] &&
  ! grep -Eq '^\?1[0-9][0-9] unknown command$' gtp.out.$$
check "every listed name is served (not an unknown command)" $?
tail -n 2 gtp.out.$$ | head -n 1 | grep -q "^=$((i + 100))$"; check "quit ends the session" $?
printf 'known_command pla\npla\nknown_command fly\nknown_command\nquit\n' |
  "$OTHELLO" gtp --level random | tr '\n' '|' | grep -q '^= false||? unknown command||= false||= false||=||$'
check "names are exact: a prefix or an unknown name is not known" $?
rm -f gtp.in.$$ gtp.out.$$
# Overlong lines are refused whole, one reply each, and the session stays in step.
awk 'BEGIN { s = "known_command "; for (i = 0; i < 4081; i++) s = s "x"
  print s "play black f5"; print "showboard"; print "7 " s; print "8 name" }' |
  "$OTHELLO" gtp --level random >gtp.out.$$
[ "$(grep -c '^[=?]' gtp.out.$$)" -eq 4 ] && [ "$(sed -n 1p gtp.out.$$)" = "? line too long (over 4095 bytes)" ] &&
  grep -q '^4 \. \. \. O X \. \. \. 4$' gtp.out.$$ && grep -q '^5 \. \. \. X O \. \. \. 5$' gtp.out.$$ &&
  grep -q '^?7 line too long' gtp.out.$$ && grep -q '^=8 Othello Master$' gtp.out.$$
check "a line over 4095 bytes is refused whole with one reply (its id kept); none of it runs" $?
{ printf 'name\n'; head -c 2000000 /dev/zero | tr '\0' a; printf '\nprotocol_version\n'
  printf 'name # '; head -c 9000 /dev/zero | tr '\0' c; printf '\nquit\n'; } |
  "$OTHELLO" gtp --level random | tr '\n' '|' >gtp.out.$$
[ "$(cat gtp.out.$$)" = "= Othello Master||? line too long (over 4095 bytes)||= 2||= Othello Master||=||" ]
check "a 2 MB line gets one reply; a long comment is only a comment" $?
printf 'komi nan\nkomi 1e400\nkomi inf\nkomi 6.5\ntime_settings nan 1 1\ntime_settings 10 1e999 1\ntime_left b inf 0\ntime_left b 10 x\ntime_left w 10 2\n' |
  "$OTHELLO" gtp --level random | tr '\n' '|' >gtp.out.$$
[ "$(cat gtp.out.$$)" = "? syntax error||? syntax error||? syntax error||=||? syntax error||? syntax error||? syntax error||? syntax error||=||" ]
check "komi and the times must be finite numbers (nan, inf, 1e400 refused)" $?
printf 'komi 0x10\nkomi 1e1\ntime_settings 0x10 1 1\ntime_settings 10 1e1 1\ntime_left b 1e1 0\nkomi -6.5\ntime_settings 0 0.5 1\n' |
  "$OTHELLO" gtp --level random | tr '\n' '|' >gtp.out.$$
[ "$(cat gtp.out.$$)" = "? syntax error||? syntax error||? syntax error||? syntax error||? syntax error||=||=||" ]
check "GTP numbers are plain decimals: 0x10 and 1e1 refused" $?
rm -f gtp.out.$$
"$OTHELLO" gtp --level nonsense </dev/null 2>/dev/null; st=$?
[ $st -eq 2 ]; check "an unknown level: exit 2" $?
tap_done
