#!/usr/bin/env bash
# Keeps the self-play training data in the repository's history without carrying it in every checkout
# (data/selfplay/README.md says why).
#
#   scripts/selfplay-data.sh archive DATA.bin
#       xz-compresses DATA.bin into data/selfplay/, copies its .manifest beside it and adds its SHA-256 to
#       data/selfplay/SHA256SUMS; then commit the three (the README's table gets its row by hand).
#   scripts/selfplay-data.sh retire COMMIT
#       removes from the working tree each archive added in COMMIT or before it (give the last commit of an
#       earlier session, whose work has landed); commit that. Its bytes stay in history, where `restore` finds them.
#   scripts/selfplay-data.sh restore [DIR]
#       writes every archived file, decompressed, into DIR (default $KESTREL_DATA, the data folder outside the
#       checkout, else $HOME/kestrel-data), from the working tree
#       where it is there, else from the commit that added it; skips a file DIR already holds with the right
#       SHA-256; checks every file it writes against SHA256SUMS.
#   scripts/selfplay-data.sh list
#       every archive ever committed, with the commit that added it and whether the working tree holds it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
folder=data/selfplay
sums="$root/$folder/SHA256SUMS"

# Every data/selfplay/*.bin.xz ever added on this branch, oldest first, as "COMMIT PATH".
archives() {
    git -C "$root" log --reverse --diff-filter=A --format='commit %H' --name-only -- "$folder/*.bin.xz" \
        | awk '/^commit / { c = $2; next } NF { print c, $0 }'
}

archive() {
    local data=${1:?DATA.bin}
    local name
    name="$(basename "$data")"
    [ -f "$data" ] || { echo "no such file: $data" >&2; exit 1; }
    [ $(( $(stat -c %s "$data") % 32 )) -eq 0 ] || { echo "$data is not whole 32-byte records" >&2; exit 1; }
    if grep -q "  $name\$" "$sums" 2>/dev/null; then
        echo "$name is archived already" >&2
        exit 1
    fi
    xz -T2 -6 -c "$data" > "$root/$folder/$name.xz"
    [ ! -f "$data.manifest" ] || cp "$data.manifest" "$root/$folder/"
    (cd "$(dirname "$data")" && sha256sum "$name") >> "$sums"
    echo "$name: $(( $(stat -c %s "$data") / 32 )) positions, $(stat -c %s "$root/$folder/$name.xz") bytes of xz"
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
    archives | while read -r commit path; do
        local xzname name
        xzname="$(basename "$path")"
        name="${xzname%.xz}"
        local expected
        expected="$(awk -v n="$name" '$2 == n { print $1 }' "$sums")"
        [ -n "$expected" ] || { echo "$name: not in SHA256SUMS" >&2; exit 1; }
        if [ -f "$dir/$name" ] && [ "$(sha256sum < "$dir/$name" | cut -d' ' -f1)" = "$expected" ]; then
            echo "$name: already in $dir"
            continue
        fi
        if [ -f "$root/$path" ]; then
            xz -dc "$root/$path" > "$dir/$name.part"
        else
            git -C "$root" show "$commit:$path" | xz -dc > "$dir/$name.part"
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
