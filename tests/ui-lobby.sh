#!/bin/sh
# ui-lobby.sh — the lobby on the screen of `othello join` (issue 39): three
# screens on `othello serve` over a Unix socket in the test's temporary
# directory. alice sees bob arrive in her lobby, challenges him from the list
# (Down, Enter opens the bar with `challenge bob `); bob sees the challenge
# in his list and accepts it with Enter; carol sees the game appear in the
# games list with its players and watches it with Enter; her own engine's
# overlay scores the watched game and follows it, a player's is refused. Then a server that
# sends names with terminal escape sequences (a fake one, in Perl, which
# Debian always has): the screen shows them escaped and cut to the panel.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"

serve

start alice 80 24 -- join --name alice "$S"
wait_for alice "Lobby" >/dev/null
wait_match alice "alice \(.*\) \(you\): free"
check "alice's lobby lists her, free" $?
start bob 80 24 -- join --name bob "$S"
wait_match alice "bob \([^)]*\): free"
check "alice's screen sees bob arrive" $?
keys alice Down
wait_for alice "Enter: challenge bob" 5
check "the entry chosen says what Enter does" $?
keys alice Enter
wait_bar alice
text alice "5 black"
keys alice Enter
wait_match bob "alice \([^)]*\) → you: 5\+0, alice black"
check "the challenge appears in bob's list" $?
wait_match alice "you → bob: 5\+0, you black" 5
check "and in alice's, as hers" $?
start carol 60 20 -- join --name carol "$S"
wait_match carol "alice \([^)]*\) → bob" >/dev/null
wait_for bob "Enter: accept alice's challenge" 5 >/dev/null
keys bob Enter
wait_for bob "game 1: alice" 10
check "bob accepts from the list: the game starts" $?
wait_match carol "^ *1 alice [0-9]+:[0-9]{2}\* - bob [0-9]+:[0-9]{2}, move 1"
check "the game appears in carol's list with its players, clocks and move" $?
wait_match carol "alice \([^)]*\): playing game 1" 5
check "carol's list says alice plays game 1" $?
keys alice f 5
wait_match carol "move 2" 10
check "the list follows the game (move 2)" $?
keys carol Down Down Down Down
wait_for carol "Enter: watch game 1" 5
keys carol Enter
wait_match carol "[●○]f5" 10
check "carol watches the game from the list: its move on her board" $?
wait_gone carol "Lobby" 5
check "the lobby gives the watched game its place" $?
wait_for alice "carol watches" 10 >/dev/null
# a watcher turns on the engine's overlay: it follows the game; a player may not
TM resize-window -t carol -x 100 -y 30
keys carol O
wait_for carol "All moves for White" 20
check "the watcher's own engine panel: every move of White's scored" $?
wait_match carol "^[1-8] │.{0,48}[+-][0-9]" 5
check "and the scores on the watched board's squares" $?
keys alice O
wait_for alice "overlay: not while you play game 1" 5
check "a player turns the overlay on: refused during the game" $?
wait_gone alice "All moves for" 1
check "and no engine panel scores the player's moves" $?
keys bob f 6
wait_for carol "All moves for Black" 20
check "the watcher's overlay follows the game: Black's moves after White's" $?
quit alice
quit bob
quit carol
kill -9 "$server" 2>/dev/null

# a server that sends names and lists with escape sequences and very long names
F=$T/fake.sock
cat >"$T/fake.pl" <<'EOF'
use strict;
use IO::Socket::UNIX;
my $path = shift;
my $srv = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Local => $path, Listen => 1)
  or die "listen: $!";
alarm 60;
my $c = $srv->accept or die "accept: $!";
$c->autoflush(1);
print $c "hello 1 othello-master 9\n";
<$c>;
print $c "welcome 1 eve eve\n";
while (my $l = <$c>) {
  if ($l =~ /^who/) {
    print $c "user \"ev\e[2Jil\" \"lo\agin\" lobby - human\n";
    print $c "user " . ("L" x 300) . " long lobby - human\n";
    print $c "offer 4 open \"m\e]0;owned\ally\" mal eve 5+0 black challenge\n";
    print $c "ok who 2 1\n";
  } elsif ($l =~ /^games/) {
    print $c "table 9 play \"b\e[5mad\" x \"w\r\" y 5+0 3 1000 2000 black - \"w\e[1m1,w2\"\n";
    print $c "ok games 1\n";
  }
}
EOF
perl "$T/fake.pl" "$F" 2>"$T/fake.err" &
pids="$pids $!"
i=0
until [ -S "$F" ] || [ $i -gt 200 ]; do
  sleep 0.05
  i=$((i + 1))
done
start eve 80 24 -- join --name eve "$F"
wait_for eve 'ev\x1b[2Jil (lo\x07gin): free'
check "a hostile name and login are shown escaped" $?
wait_for eve 'm\x1b]0;owned\x07lly (mal) → you: 5+0' 5
check "an offer's hostile name too" $?
wait_for eve 'b\x1b[5mad 0:' 5 && wait_for eve 'w\x0d 0:' 5
check "a game's players too" $?
# every row of the lobby's box ends with its right side at the last column: nothing ran over
box=$(screen eve | grep -cE '^.{36}│')
whole=$(screen eve | grep -cE '^.{36}│.*│$')
[ "$box" -gt 12 ] && [ "$box" -eq "$whole" ]
check "every row is cut to the panel: the box's right side stands ($whole of $box rows)" $?
TM resize-window -t eve -x 160 -y 30
wait_for eve 'watched by w\x1b[1m1,w2' 5
check "a game's watchers are shown escaped (on a wider screen)" $?
quit eve
tap_done
