#!/usr/bin/env bash
# Keeps the self-play training data in the repository's history without carrying it in every checkout
# (data/selfplay/README.md says why).
#
#   scripts/selfplay-data.sh archive DATA.bin
#       converts DATA.bin (a record file, or a game file that datagen --format games wrote) into a game file,
#       xz-compressed, at data/selfplay/NAME.games.xz (NAME: DATA's name without .bin or .games), copies its
#       .manifest beside it and adds the SHA-256 of its records, as the record file NAME.bin holds them, to
#       data/selfplay/SHA256SUMS; then commit the three (the README's table gets its row by hand). Archives before
#       the game format are NAME.bin.xz, the record file itself compressed; both kinds stay as they were committed.
#   scripts/selfplay-data.sh retire COMMIT
#       removes from the working tree each archive added in COMMIT or before it (give the last commit of an
#       earlier session, whose work has landed); commit that. Its bytes stay in history, where `restore` finds them.
#   scripts/selfplay-data.sh restore [DIR]
#       writes every archived file as its record file NAME.bin into DIR (default $KESTREL_DATA, the data folder
#       outside the checkout, else $HOME/kestrel-data), from the working tree
#       where it is there, else from the commit that added it; skips a file DIR already holds with the right
#       SHA-256; checks every file it writes against SHA256SUMS.
#   scripts/selfplay-data.sh list
#       every archive ever committed, with the commit that added it and whether the working tree holds it.
#
# Game files are converted with `kestrel data` (the ./kestrel launcher, which builds the jar when needed; or
# java -jar $KESTREL_JAR when that is set).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
folder=data/selfplay
sums="$root/$folder/SHA256SUMS"

# Every data/selfplay/*.bin.xz (records) and *.games.xz (games) ever added on this branch, oldest first, as
# "COMMIT PATH".
archives() {
    git -C "$root" log --reverse --diff-filter=A --format='commit %H' --name-only -- "$folder/*.bin.xz" \
        "$folder/*.games.xz" | awk '/^commit / { c = $2; next } NF { print c, $0 }'
}

kestrel_data() {
    if [ -n "${KESTREL_JAR:-}" ]; then
        java -jar "$KESTREL_JAR" data "$@"
    else
        "$root/kestrel" data "$@"
    fi
}

# Whether a file starts with a game file's magic.
is_game_file() {
    head -c 8 "$1" | cmp -s -n 8 - <(printf 'KestrelG')
}

# A folder for the game files in between, removed when the script ends.
scratch=""
scratch() {
    if [ -z "$scratch" ]; then
        scratch="$(mktemp -d)"
        trap 'rm -rf "$scratch"' EXIT
    fi
}

archive() {
    local data=${1:?DATA.bin}
    [ -f "$data" ] || { echo "no such file: $data" >&2; exit 1; }
    local base
    base="$(basename "$data")"
    base="${base%.bin}"
    base="${base%.games}"
    local name="$base.bin"
    if grep -q "  $name\$" "$sums" 2>/dev/null; then
        echo "$name is archived already" >&2
        exit 1
    fi
    scratch
    local games="$data"
    local info sha positions
    if is_game_file "$data"; then
        info="$(kestrel_data info "$data")"
        case "$info" in *"bytes of a partial game"*) echo "$data ends in a partial game" >&2; exit 1 ;; esac
        sha="${info##* }"
    else
        [ $(( $(stat -c %s "$data") % 32 )) -eq 0 ] || { echo "$data is not whole 32-byte records" >&2; exit 1; }
        games="$scratch/$base.games"
        # convert reads the game file back and checks its records against the input's before it keeps it.
        kestrel_data convert "$data" "$games" > /dev/null
        info="$(kestrel_data info "$games")"
        sha="$(sha256sum < "$data" | cut -d' ' -f1)"
        [ "${info##* }" = "$sha" ] || { echo "$base.games does not hold the records of $data" >&2; exit 1; }
    fi
    positions="$(sed -E 's/^.*: games, ([0-9]+) positions.*$/\1/' <<< "$info")"
    xz -T2 -6 -c "$games" > "$root/$folder/$base.games.xz"
    [ ! -f "$data.manifest" ] || cp "$data.manifest" "$root/$folder/"
    echo "$sha  $name" >> "$sums"
    local bytes
    bytes=$(stat -c %s "$root/$folder/$base.games.xz")
    echo "$base.games.xz: $positions positions, $bytes bytes of xz ($(awk -v b="$bytes" -v p="$positions" \
        'BEGIN { printf "%.2f", p ? b / p : 0 }') bytes a position)"
}

retire() {
    local boundary=${1:?COMMIT}
    git -C "$root" rev-parse -q --verify "$boundary^{commit}" > /dev/null || { echo "no such commit: $boundary" >&2; exit 1; }
    archives | while read -r commit path; do
        if [ -f "$root/$path" ] && git -C "$root" merge-base --is-ancestor "$commit" "$boundary"; then
            git -C "$root" rm -q "$path"
            echo "retired $path (added in ${commit:0:7})"
        fi
    done
}

restore() {
    local dir=${1:-${KESTREL_DATA:-$HOME/kestrel-data}}
    mkdir -p "$dir"
    scratch
    archives | while read -r commit path; do
        local xzname name
        xzname="$(basename "$path")"
        name="${xzname%.xz}"
        name="${name%.games}"
        name="${name%.bin}.bin"
        local expected
        expected="$(awk -v n="$name" '$2 == n { print $1 }' "$sums")"
        [ -n "$expected" ] || { echo "$name: not in SHA256SUMS" >&2; exit 1; }
        if [ -f "$dir/$name" ] && [ "$(sha256sum < "$dir/$name" | cut -d' ' -f1)" = "$expected" ]; then
            echo "$name: already in $dir"
            continue
        fi
        local unpacked="$dir/$name.part"
        case "$path" in *.games.xz) unpacked="$scratch/${name%.bin}.games" ;; esac
        if [ -f "$root/$path" ]; then
            xz -dc "$root/$path" > "$unpacked"
        else
            git -C "$root" show "$commit:$path" | xz -dc > "$unpacked"
        fi
        if [ "$unpacked" != "$dir/$name.part" ]; then
            kestrel_data convert --force "$unpacked" "$dir/$name.part" > /dev/null
            rm -f "$unpacked"
        fi
        if [ "$(sha256sum < "$dir/$name.part" | cut -d' ' -f1)" != "$expected" ]; then
            rm -f "$dir/$name.part"
            echo "$name: SHA-256 differs from SHA256SUMS" >&2
            exit 1
        fi
        mv "$dir/$name.part" "$dir/$name"
        echo "$name: $(( $(stat -c %s "$dir/$name") / 32 )) positions restored from ${commit:0:7}"
    done
}

list() {
    archives | while read -r commit path; do
        local where="history only"
        [ ! -f "$root/$path" ] || where="working tree"
        echo "${commit:0:7} $path ($where)"
    done
}

case "${1:-}" in
    archive) shift; archive "$@" ;;
    retire) shift; retire "$@" ;;
    restore) shift; restore "$@" ;;
    list) list ;;
    *) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 2 ;;
esac
