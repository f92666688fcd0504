#!/bin/sh
# svg.sh — the pictures of results (--svg of report summary, match,
# tournament, ladder): well-formed XML (xmllint, when installed), cells, bars
# and labels that carry the summary's figures (and, for the cross table, the
# scores an awk reading of the report computes on its own), byte-identical
# files from the same report (a sharded run draws the picture of the whole),
# and the refusals of report summary.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TOP_SRCDIR:=$(dirname "$0")/..}"
: "${TESTDATA:=$TOP_SRCDIR/tests/data}"
T=svg.tmp.$$
rm -rf $T && mkdir $T
TOUR=$TESTDATA/report-tournament.txt
MATCH=$TESTDATA/report-match.txt
OPEN=$TESTDATA/openings-4.txt

# well-formed FILE: xmllint's verdict, or a rough one (one root, closed) without it
wellformed() {
  if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$1"
  else
    [ "$(grep -c '^<svg ' "$1")" -eq 1 ] && [ "$(tail -n 1 "$1")" = "</svg>" ]
  fi
}
# attr NAME: the value of attribute NAME on the current awk line
ATTR='function attr(name,   s) { s = $0; if (!sub(".*" name "=\"", "", s)) return ""; sub("\".*", "", s); return s }
function body(   s) { s = $0; sub(/^<[^>]*>/, "", s); sub(/<\/text>$/, "", s); return s }'
# cells FILE: "ROW|COL|SCORE|CI" for each cell of a cross table
cells() {
  awk "$ATTR"'
    /class="cell"/ { row = attr("data-row"); col = attr("data-col") }
    /class="score"/ { score = body() }
    /class="ci"/ { print row "|" col "|" score "|" body() }' "$1" | sed 's/&apos;/'"'"'/g'
}
# bars FILE: "LABEL|VALUE" for each bar of a ranking, top to bottom
bars() {
  awk "$ATTR"'
    /class="bar"/ { p = attr("data-player") }
    /class="elo"/ { print p "|" body() }' "$1" | sed 's/±/+-/; s/≥/>=/; s/≤/<=/; s/&apos;/'"'"'/g'
}

# --- the cross table of a report ------------------------------------------
"$OTHELLO" report summary --svg $T/t.svg "$TOUR" >$T/t.txt 2>$T/err; st=$?
[ $st -eq 0 ] && wellformed $T/t.svg; check "report summary --svg: a well-formed picture" $?
grep -q '<script\|href=\|@import\|url(' $T/t.svg; [ $? -ne 0 ]
check "the picture refers to nothing outside itself" $?
fonts=$(grep -o 'font-family="[^"]*"' $T/t.svg | sort -u)
[ "$fonts" = 'font-family="sans-serif"' ]; check "only a generic font family" $?
cells $T/t.svg >$T/cells
[ "$(wc -l <$T/cells)" -eq 12 ] && [ "$(grep -c 'class="self"' $T/t.svg)" -eq 4 ]
check "four players: 12 cells and 4 on the diagonal" $?
# the oracle: each pairing's score and 95 % interval from the report itself
grep -v '^#' "$TOUR" | awk -F'\t' '
  { for (k = 0; k < 2; k++) {
      a = k ? $4 : $3; b = k ? $3 : $4; d = k ? -$12 : $12
      x = d > 0 ? 1 : d < 0 ? 0 : 0.5
      n[a "|" b]++; p[a "|" b] += x; q[a "|" b] += x * x } }
  END { for (c in n) {
      s = p[c] / n[c]; v = q[c] / n[c] - s * s; if (v < 0) v = 0
      z2 = 1.96 * 1.96; m = n[c]; ce = (s + z2 / (2 * m)) / (1 + z2 / m)
      h = 1.96 / (1 + z2 / m) * sqrt(v / m + z2 / (4 * m * m))
      lo = ce - h; if (lo < 0) lo = 0; hi = ce + h; if (hi > 1) hi = 1
      printf "%s|%.1f %%|%.0f–%.0f %%\n", c, 100 * s, 100 * lo, 100 * hi } }' |
  sort >$T/expect
sort $T/cells >$T/got
cmp -s $T/expect $T/got; check "every cell: the row's score and its interval, as the report gives them" $?
# rows in ranking order, as the text summary ranks them
sed -n 's/^ *[0-9]*\. \(.*[^ ]\)  *[0-9][0-9.]* \/ .*/\1/p' $T/t.txt >$T/rank-text
grep 'text-anchor="end">[0-9]*\. ' $T/t.svg | sed 's/.*>[0-9]*\. \(.*\)<\/text>/\1/' >$T/rank-svg
[ -s $T/rank-text ] && cmp -s $T/rank-text $T/rank-svg; check "rows in the summary's ranking order" $?
sed -n 's/^ *[0-9]*\. \(.*[^ ]\)  *[0-9][0-9.]* \/ .*  Elo \(.*\)$/\1|\2/p' $T/t.txt >$T/elo-text
bars $T/t.svg >$T/elo-svg
[ "$(grep -c 'class="errorbar"' $T/t.svg)" -eq 3 ] && [ "$(wc -l <$T/elo-svg)" -eq 4 ] &&
  cmp -s $T/elo-text $T/elo-svg
check "ranking bars: the summary's Elo and error bars (a sweep a bound, no error bar)" $?
head -n 1 $T/cells | grep -q '^expert --depth 2|expert --depth 1|87.5 %|53–98 %$'
check "a cell by hand: 7 of 8 points, 87.5 %, Wilson's interval 52.9 to 97.8 % (not past 100)" $?
grep -q '<title>Cross table: 4 players, 48 games</title>' $T/t.svg &&
  grep -q "time control: the levels&apos; own · openings: tests/data/openings-4.txt" $T/t.svg
check "titled with the players, games, time control and openings" $?

# --- determinism ----------------------------------------------------------
"$OTHELLO" report summary --svg $T/t2.svg "$TOUR" >/dev/null 2>>$T/err
cmp -s $T/t.svg $T/t2.svg; check "the same report draws the same bytes" $?
loc=$(locale -a 2>/dev/null | grep -i '^de_DE.utf' | head -n 1)
if [ -n "$loc" ]; then
  LC_ALL=$loc TZ=Asia/Tokyo "$OTHELLO" report summary --svg $T/t3.svg "$TOUR" >/dev/null 2>>$T/err
  cmp -s $T/t.svg $T/t3.svg; check "nor do the locale or the time zone change them" $?
fi

# --- a match ----------------------------------------------------------------
"$OTHELLO" report summary --svg $T/m.svg "$MATCH" >$T/m.txt 2>>$T/err; st=$?
[ $st -eq 0 ] && wellformed $T/m.svg; check "two players: a well-formed match picture" $?
games=$(grep -vc '^#' "$MATCH")
[ "$(grep -o '<polyline points="[^"]*"' $T/m.svg | tr ' ' '\n' | grep -c ,)" -eq "$games" ]
check "the running score has a point per game" $?
sum=$(grep -o 'data-count="[0-9]*"' $T/m.svg | tr -dc '0-9\n' | awk '{ s += $1 } END { print s }')
[ "$sum" -eq "$games" ]; check "the histogram's bins add up to the games" $?
first=$(sed -n 's/^[0-9]* games*: \(.*\) vs .*/\1/p' $T/m.txt)
grep -v '^#' "$MATCH" | awk -F'\t' -v p="$first" '{ d = $3 == p ? $12 : -$12
  b = d == 0 ? 0 : d > 0 ? int((d + 3) / 4) : -int((-d + 3) / 4); n[b]++ }
  END { for (b in n) print (b == 0 ? 0 : b > 0 ? 4 * b - 3 : 4 * b) " " n[b] }' | sort -n >$T/bins-expect
grep -o 'data-from="[-0-9]*" data-to="[-0-9]*" data-count="[0-9]*"' $T/m.svg |
  sed 's/data-from="\([-0-9]*\)".*data-count="\([0-9]*\)"/\1 \2/' | sort -n >$T/bins-got
cmp -s $T/bins-expect $T/bins-got; check "each bin counts the games whose disc difference it spans" $?
score=$(sed -n 's/^  score of .*: \(.*\) % (\(.*\) to \(.*\), 95 %)$/\1 % (\2 to \3)/p' $T/m.txt)
mean=$(sed -n 's/^  mean disc difference: \(.*\) +- \(.*\) (95 %)$/\1 ± \2/p' $T/m.txt)
elo=$(sed -n 's/^  Elo difference: \(.*\) +- \(.*\) (95 %)$/\1 ± \2/p' $T/m.txt)
grep 'class="summary"' $T/m.svg | grep -qF "score of $first $score · Elo $elo · mean disc difference $mean"
check "the match picture prints the summary's score, Elo and mean difference" $?
grep -q "mean $mean</text>" $T/m.svg; check "the histogram marks the mean" $?
# a translucent band over the bars was an opaque block where opacity is not
# drawn (ImageMagick): solid colours, the band behind the bars
! grep -q "opacity" $T/m.svg $T/t.svg; check "no colour relies on opacity" $?
[ "$(grep -n 'class="mean-band"' $T/m.svg | cut -d: -f1)" -lt "$(grep -n 'class="bin"' $T/m.svg | head -n 1 | cut -d: -f1)" ]
check "the mean's band is drawn behind the bars" $?

# names with the XML specials, long ones, and an empty report
grep -v '^#' "$MATCH" | sed 's/\tnovice\t/\tA \& <b> "q" '"'"'s\t/; s/\texpert --depth 1\t/\tWhite player whose name runs on and on and on\t/' >$T/odd.txt
"$OTHELLO" report summary --svg $T/odd.svg $T/odd.txt >/dev/null 2>>$T/err; st=$?
[ $st -eq 0 ] && wellformed $T/odd.svg &&
  grep -q '<title>A &amp; &lt;b&gt; &quot;q&quot; &apos;s vs White player whose name runs on and on and on: 30 games</title>' $T/odd.svg &&
  grep -q '>A &amp; &lt;b&gt; &quot;q&quot; &apos;s vs White player whose name runs…: 30 games<' $T/odd.svg
check "names are escaped; a long one is cut in the picture, whole in its title" $?
grep '^#' "$MATCH" >$T/empty.txt
"$OTHELLO" report summary --svg $T/empty.svg $T/empty.txt >/dev/null 2>>$T/err; st=$?
[ $st -eq 0 ] && wellformed $T/empty.svg && grep -q '>no games in the report<' $T/empty.svg
check "a report without games draws a picture that says so" $?

# --- runs: match, tournament, shards and merge ------------------------------
"$OTHELLO" match --black random --white novice --games 8 --openings $OPEN --seed 3 --quiet \
  --report $T/r.txt --svg $T/run.svg >/dev/null 2>>$T/err; st=$?
"$OTHELLO" report summary --svg $T/again.svg $T/r.txt >/dev/null 2>>$T/err
[ $st -eq 0 ] && cmp -s $T/run.svg $T/again.svg; check "match --svg draws what report summary draws from its report" $?
grep -q '^# run: time=the levels'"'"' own; openings=.*openings-4.txt; seed=3; players=random, novice$' $T/r.txt
check "the report says what was played" $?
for i in 1 2 3; do
  "$OTHELLO" match --black random --white novice --games 8 --openings $OPEN --seed 3 --quiet \
    --shard $i/3 --report $T/s$i.txt >/dev/null 2>>$T/err
done
"$OTHELLO" report summary --svg $T/shards.svg $T/s3.txt $T/s1.txt $T/s2.txt >/dev/null 2>>$T/err
cmp -s $T/run.svg $T/shards.svg; check "the shards of a run draw the picture of the whole run" $?
"$OTHELLO" report merge -o $T/merged.txt $T/s1.txt $T/s2.txt $T/s3.txt 2>>$T/err
"$OTHELLO" report summary --svg $T/merged.svg $T/merged.txt >/dev/null 2>>$T/err
[ "$(grep -c '^# run:' $T/merged.txt)" -eq 1 ] && cmp -s $T/run.svg $T/merged.svg
check "merge keeps the run line once; the merged report draws it too" $?
"$OTHELLO" tournament --players random,random,novice --games 2 --openings $OPEN --time 0.5 --quiet \
  --svg $T/tour.svg >$T/tour.txt 2>>$T/err; st=$?
[ $st -eq 0 ] && wellformed $T/tour.svg && [ "$(cells $T/tour.svg | wc -l)" -eq 6 ] &&
  grep -q 'time control: 0.5 s a move' $T/tour.svg && grep -q 'data-row="random#2"' $T/tour.svg
check "tournament --svg: six cells for three players, the time control in the title" $?

# --- ladder -----------------------------------------------------------------
"$OTHELLO" ladder --games 2 --plies 8 --no-book --quiet --svg $T/l.svg beginner novice >$T/l.txt 2>>$T/err
st=$?
sed -n '/^Elo above/,$p' $T/l.txt |
  sed -nE 's/^  (.*[^ ]) +((>=|<=) [-+][0-9]+|[-+][0-9]+ \+- [0-9]+|0|no games)$/\1|\2/p' >$T/ladder-text
bars $T/l.svg >$T/ladder-svg
[ $st -eq 0 ] && wellformed $T/l.svg && [ "$(wc -l <$T/ladder-svg)" -eq 2 ] &&
  cmp -s $T/ladder-text $T/ladder-svg
check "ladder --svg: a bar per level with the Elo the table prints" $?

# --- refusals ---------------------------------------------------------------
printf '1\t-\tA\tB\t1-0\t40\t24\t58\t1.00\t1\tend\t15\n' >$T/bad.txt
echo keep >$T/old.svg
"$OTHELLO" report summary --svg $T/old.svg $T/bad.txt >/dev/null 2>$T/e1; st=$?
"$OTHELLO" report summary $T/bad.txt >/dev/null 2>$T/e2; st2=$?
[ $st -eq 2 ] && [ $st2 -eq 2 ] && cmp -s $T/e1 $T/e2 && grep -q "bad.txt:1:" $T/e1 &&
  [ "$(cat $T/old.svg)" = keep ]
check "a malformed report is refused as summary refuses it, the old picture kept" $?
"$OTHELLO" report merge --svg $T/x.svg "$TOUR" >/dev/null 2>$T/e3; st=$?
[ $st -eq 2 ] && grep -q -- "--svg is for \`report summary\`" $T/e3; check "merge refuses --svg" $?
"$OTHELLO" report summary --svg $T/no/such/dir/x.svg "$TOUR" >/dev/null 2>$T/e4; st=$?
[ $st -eq 2 ] && grep -q "no/such/dir/x.svg: No such file" $T/e4 && [ -z "$(ls -A $T | grep othello-tmp)" ]
check "an unwritable picture is an error naming the file" $?
[ -z "$(ls -A $T | grep othello-tmp)" ]; check "no temporary file is left behind" $?

rm -rf $T
tap_done
