# What the scripts that send work to the lent many-core machine share, sourced by device-network.sh,
# device-sprt.sh and device-spsa.sh: a git-ignored folder in the checkout to carry, a small Java runtime in it (that
# machine has no Java), and the match tools.

# Makes the folder NAME in the checkout's root, ignored through .git/info/exclude, and prints its path.
device_pack_folder() {
    local name=${1:?NAME} root exclude
    root="$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)"
    exclude="$(cd "$root" && git rev-parse --path-format=absolute --git-common-dir)/info/exclude"
    mkdir -p "$(dirname "$exclude")"
    grep -qx "/$name/" "$exclude" 2>/dev/null || echo "/$name/" >> "$exclude"
    mkdir -p "$root/$name"
    echo "$root/$name"
}

# Writes OUT/jre.tar.xz, a jlink runtime with the modules Kestrel needs (the Vector API's included), unless OUT
# already holds one made with the same modules. Uncompressed modules under xz -9 come to about 13 MB, 8 less than
# jlink's own compression under xz: the whole checkout that travels must stay under 64 MiB.
device_pack_runtime() {
    local out=${1:?OUT}
    local modules=java.base,java.logging,java.xml,java.naming,java.management,jdk.unsupported,java.sql,jdk.management,jdk.incubator.vector
    if [ -f "$out/jre.tar.xz" ] && [ "$(cat "$out/jre.modules" 2>/dev/null)" = "$modules" ]; then
        return
    fi
    local tmp
    tmp="$(mktemp -d)"
    jlink --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=0 --output "$tmp/jre"
    tar -C "$tmp" -cf - jre | xz -T2 -9 > "$out/jre.tar.xz"
    rm -rf "$tmp"
    echo "$modules" > "$out/jre.modules"
}

# Writes what a match there needs besides the jars into OUT: the runtime (above), fastchess (xz-compressed) and the
# noob_3moves openings as openings.epd, from ../shared unless FASTCHESS or OPENINGS name others.
device_pack_match_tools() {
    local out=${1:?OUT} shared
    shared="$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)/../shared"
    device_pack_runtime "$out"
    xz -9 -c "${FASTCHESS:-$shared/tools/bin/fastchess}" > "$out/fastchess.xz"
    cp "${OPENINGS:-$shared/data/openings/noob_3moves_4000.epd}" "$out/openings.epd"
}
