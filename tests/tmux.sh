# tmux.sh — sourced by the screen tests (ui.sh, ui-desk.sh): the real program
# run in tmux on a private server socket with a temporary HOME, and helpers
# that send keys and wait for text on the captured screen (polling, never a
# fixed sleep). Skips the whole test when tmux is missing.
: "${OTHELLO:=../src/othello}"

if ! command -v tmux >/dev/null 2>&1; then
  echo "1..0 # SKIP tmux is not installed"
  exit 0
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/othello-ui.XXXXXX")
SOCK=$T/tmux.sock
HOME_DIR=$T/home
SAVES=$HOME_DIR/.local/share/othello-master/saves
mkdir -p "$HOME_DIR"
TM() { tmux -S "$SOCK" -f /dev/null "$@"; }
pids= # processes a test started beside tmux (a game server): killed at the end
cleanup() {
  for p in $pids; do kill -9 "$p" 2>/dev/null; done
  TM kill-server >/dev/null 2>&1
  rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# start NAME COLS ROWS [ENV=VALUE...] -- [ARGS...]: runs the program in a new
# tmux session; the pane prints EXIT=status when the program ends (its shell
# outlives a Ctrl-C sent to the program).
start() {
  name=$1 cols=$2 rows=$3
  shift 3
  envs=
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs="$envs $1"; shift; done
  [ "$1" = "--" ] && shift
  # shellcheck disable=SC2086
  TM new-session -d -s "$name" -x "$cols" -y "$rows" \
    env -u TMUX -u NO_COLOR -u XDG_DATA_HOME -u XDG_CONFIG_HOME -u OTHELLO_SAVE_DIR HOME="$HOME_DIR" \
    LANG=C.UTF-8 LC_ALL=C.UTF-8 $envs \
    sh -c "trap : INT; ${WRAP:-} \"\$0\" \"\$@\" 2>\"$T/$name.err\"; echo EXIT=\$?; exec sleep 600" "$OTHELLO" "$@"
}

screen() { TM capture-pane -p -t "$1"; }

# wait_for NAME TEXT [SECONDS]: polls the screen until TEXT shows (fixed string).
wait_for() { wait_grep "$1" -F "$2" "${3:-15}"; }

# wait_match NAME REGEX [SECONDS]: polls the screen until a line matches REGEX (extended).
wait_match() { wait_grep "$1" -E "$2" "${3:-15}"; }

# wait_grep NAME -F|-E PATTERN SECONDS: what wait_for and wait_match share.
wait_grep() {
  i=0 limit=$(( $4 * 20 ))
  while [ $i -lt $limit ]; do
    screen "$1" | grep -q "$2" -- "$3" && return 0
    sleep 0.05
    i=$((i + 1))
  done
  echo "# waited for '$3' on $1; the screen was:"
  screen "$1" | sed 's/^/#   /'
  return 1
}

# wait_gone NAME TEXT [SECONDS]: polls until TEXT is no longer on the screen.
wait_gone() {
  i=0 limit=$(( ${3:-15} * 20 ))
  while [ $i -lt $limit ]; do
    screen "$1" | grep -qF -- "$2" || return 0
    sleep 0.05
    i=$((i + 1))
  done
  echo "# '$2' stayed on $1"
  return 1
}

keys() { s=$1; shift; TM send-keys -t "$s" "$@"; }
text() { TM send-keys -t "$1" -l "$2"; }
# quit NAME: q, and y if the program asks; waits for the program to end.
quit() {
  keys "$1" q
  i=0
  while [ $i -lt 100 ]; do
    s=$(screen "$1")
    case $s in
    *"Quit anyway"*) keys "$1" y ;;
    *EXIT=*) return 0 ;;
    esac
    sleep 0.05
    i=$((i + 1))
  done
  return 1
}

# cmd NAME LINE: types a line in the command bar.
cmd() { keys "$1" :; wait_bar "$1"; text "$1" "$2"; keys "$1" Enter; }

# wait_bar NAME: waits until the command bar is open (the last line starts with ':').
wait_bar() {
  i=0
  while [ $i -lt 100 ]; do
    screen "$1" | tail -n 1 | grep -q '^:' && return 0
    sleep 0.05
    i=$((i + 1))
  done
  return 1
}


# serve: an `othello serve` on $S (a socket in the test's directory, its games in $T/server),
# its pid kept for cleanup in $server; returns once it says it listens (ten seconds at most).
serve() {
  S=$T/server.sock
  "$OTHELLO" serve --socket "$S" --dir "$T/server" 2>"$T/serve.err" &
  server=$!
  pids="$pids $server"
  i=0
  until grep -q "^othello serve: socket " "$T/serve.err" 2>/dev/null || [ $i -gt 200 ]; do
    sleep 0.05
    i=$((i + 1))
  done
}
