# Helpers for scripts that drive the engine as a GUI does, through a bash coprocess. Sourced, not run:
#   . "$ROOT/scripts/engine-process.sh"
# Linux only (/proc).

# Reads engine lines from fd $1 until one starts with $2; fails after $3 seconds without a line (default 5).
wait_for() {
  local line
  while IFS= read -r -t "${3:-5}" line <&"$1"; do
    case "${line%$'\r'}" in "$2"*) return 0 ;; esac
  done
  echo "$(basename "$0"): no '$2' from ${CMD[*]}" >&2
  return 1
}

# The java process of pid $1: the command itself, or the launcher's child when it does not exec.
engine_pid() {
  local pid="$1" child
  for _ in 1 2 3; do
    if grep -q java "/proc/$pid/comm" 2>/dev/null; then echo "$pid"; return; fi
    child="$(pgrep -P "$pid" | head -1 || true)"
    [ -n "$child" ] || break
    pid="$child"
  done
  echo "$1"
}

# Resident memory of process $1 in MB.
rss_mb() { awk '/^VmRSS:/ { print int($2 / 1024) }' "/proc/$1/status"; }
