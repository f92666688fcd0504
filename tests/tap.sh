# tap.sh — a few helpers for shell tests that speak TAP; sourced by tests/*.sh.
tap_n=0
tap_failed=0
# no test reads the settings file of the person running it (tests/config.sh writes its own)
XDG_CONFIG_HOME=${TMPDIR:-/tmp}/othello-no-config-here
export XDG_CONFIG_HOME

# ok DESCRIPTION COMMAND...: runs the command, one TAP line for its success.
ok() {
  desc=$1
  shift
  tap_n=$((tap_n + 1))
  if "$@" >/dev/null 2>&1; then
    echo "ok $tap_n - $desc"
  else
    echo "not ok $tap_n - $desc"
    tap_failed=$((tap_failed + 1))
  fi
}

# check DESCRIPTION CONDITION-STATUS: records an already evaluated result (0 = pass).
check() {
  tap_n=$((tap_n + 1))
  if [ "$2" -eq 0 ]; then
    echo "ok $tap_n - $1"
  else
    echo "not ok $tap_n - $1"
    tap_failed=$((tap_failed + 1))
  fi
}

tap_done() {
  echo "1..$tap_n"
  [ "$tap_failed" -eq 0 ]
}
