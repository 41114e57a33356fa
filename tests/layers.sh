#!/bin/sh
# The layering rules of service/, checked from the source itself (README, "Where things are"):
#   - each room reaches only the rooms below it (the table below), read from its include closure (cc -M): what a
#     file's headers include counts as much as its own #include lines;
#   - engine/, snapshot/, base/ and wire/ reach no SQLite, libmicrohttpd or libcurl header; face/ reaches no SQLite
#     and no store/ header; cli/ reaches no libmicrohttpd and no SQLite (it asks a server with libcurl, the store for
#     the catalog);
#   - no source file in service/ is longer than 600 lines, and no function longer than 120 lines;
#   - a comment that names a source file names one that exists.
# Usage: sh tests/layers.sh [service-dir]. Prints one line per broken rule and ends with 'N passed, N failed'.
set -u
root=${1:-service}
cd "$(dirname "$0")/.." || exit 2

# room: the rooms its files may include (its own among them). A room is a layer folder, or one of the sub-rooms of
# engine/ and face/ (engine/recommend, face/http, ...); a file directly in engine/ or face/ is in the room "engine"
# or "face". Sub-rooms of one layer depend one way: recommend uses perf, pricing and export; estimate uses pricing;
# the HTTP machinery (face/http) knows no resource handler.
allowed() {
    case "$1" in
        base) echo "base" ;;
        wire) echo "base wire" ;;
        snapshot) echo "base wire snapshot" ;;
        engine) echo "base wire snapshot engine" ;;
        engine/perf) echo "base wire snapshot engine engine/perf" ;;
        engine/pricing) echo "base engine/pricing" ;;
        engine/estimate) echo "base wire snapshot engine engine/pricing engine/estimate" ;;
        engine/export) echo "base wire snapshot engine engine/export" ;;
        engine/recommend) echo "base wire snapshot engine engine/perf engine/pricing engine/export engine/recommend" ;;
        store) echo "base wire snapshot store" ;;
        worker) echo "base wire snapshot store worker" ;;
        face/http) echo "base wire snapshot face/http" ;;
        face) echo "base wire snapshot engine engine/recommend engine/estimate engine/export engine/pricing worker face face/http" ;;
        cli) echo "base wire snapshot engine engine/recommend engine/estimate engine/export engine/pricing engine/perf store cli" ;;
        *) echo "" ;;
    esac
}
# Whether a room must not reach a system header, through any chain of includes (the header's path as the compiler
# found it).
forbidden_system() { # ROOM HEADER
    case "$1" in
        base | wire | snapshot | engine | engine/*)
            case "$2" in */sqlite3.h | */microhttpd.h | */curl/*.h) return 0 ;; esac ;;
        face | face/*)
            case "$2" in */sqlite3.h) return 0 ;; esac ;;
        cli)
            case "$2" in */microhttpd.h | */sqlite3.h) return 0 ;; esac ;;
    esac
    return 1
}
# The room of a path relative to service/ (engine/recommend/rank.c -> engine/recommend, worker/providers/aws.c ->
# worker, face/admin.c -> face).
room_of() {
    case "$1" in
        engine/*/* | face/*/*) echo "${1%/*}" ;;
        *) echo "${1%%/*}" ;;
    esac
}

passed=0
failed=0
fail() {
    echo "layers: $1"
    failed=$((failed + 1))
}

files=$(find "$root" -name '*.[ch]' | sort)
[ -n "$files" ] || { echo "layers: no sources under $root"; echo "0 passed, 1 failed"; exit 1; }
# The include closure of every file, as the compiler sees it (cc -M: every header a file reaches through any chain of
# includes, system headers too), so a header that includes another cannot carry a room past the rule.
pkg_cflags=$(pkg-config --cflags libmicrohttpd jansson sqlite3 libcurl 2>/dev/null)
closure() { # FILE
    # shellcheck disable=SC2086
    ${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -I"$root" -Ibuild/gen $pkg_cflags -M -x c "$1" 2>/dev/null |
        sed -e 's/^[^:]*://' -e 's/\\$//' | tr ' ' '\n' | sed '/^$/d' | tail -n +2
}
layers_seen=""
for file in $files; do
    rel=${file#"$root"/}
    layer=${rel%%/*}
    [ "$layer" = "$rel" ] && continue # main.c wires every layer
    room=$(room_of "$rel")
    case " $layers_seen " in *" $layer "*) ;; *) layers_seen="$layers_seen $layer" ;; esac
    ok=$(allowed "$room")
    if [ -z "$ok" ]; then
        fail "$rel: '$room' is not a room (see allowed() in tests/layers.sh)"
        continue
    fi
    bad=0
    for included in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file"); do
        [ "${included%%/*}" = "$included" ] && { fail "$rel includes \"$included\" without its layer folder"; bad=1; }
    done
    deps=$(closure "$file")
    [ -n "$deps" ] || { fail "$rel: the compiler could not list its includes"; bad=1; }
    for dep in $deps; do
        case "$dep" in
            "$root"/*)
                dep_rel=${dep#"$root"/}
                case "$dep_rel" in
                    engine/*/* | face/*/*) target=${dep_rel%/*} ;;
                    *) target=${dep_rel%%/*} ;;
                esac
                case " $ok " in
                    *" $target "*) ;;
                    *) fail "$rel ($room) reaches ${dep#"$root"/}: $room may reach only: $ok"; bad=1 ;;
                esac
                ;;
            *)
                if forbidden_system "$room" "$dep"; then
                    fail "$rel ($room) reaches <$dep>, which $room must not see"
                    bad=1
                fi
                ;;
        esac
    done
    [ $bad -eq 0 ] && passed=$((passed + 1))
done
for layer in base wire snapshot engine store worker face cli; do
    case " $layers_seen " in *" $layer "*) ;; *) fail "no $layer/ folder under $root" ;; esac
done

# Sizes: a file over 600 lines, or a function body over 120 lines. A function body here starts with a '{' alone at
# the start of a line and ends at the next '}' alone at the start of a line (the project's brace style).
for file in $files; do
    rel=${file#"$root"/}
    lines=$(wc -l < "$file")
    if [ "$lines" -gt 600 ]; then
        fail "$rel has $lines lines (at most 600)"
    else
        passed=$((passed + 1))
    fi
    case "$file" in *.c) ;; *) continue ;; esac
    long=$(awk '
        /^[A-Za-z_].*[)]$/ || /^[A-Za-z_].*[(,]$/ { if (!inside) name = $0 }
        /^[{]$/ { inside = 1; start = NR - 1 }
        /^[}]/ && inside { inside = 0; if (NR - start + 1 > 120) printf "%s: %d lines\n", name, NR - start + 1 }
    ' "$file")
    if [ -n "$long" ]; then
        echo "$long" | while IFS= read -r line; do echo "layers: $rel: function longer than 120 lines: $line"; done
        failed=$((failed + $(echo "$long" | wc -l)))
    else
        passed=$((passed + 1))
    fi
done

# Words: a comment that names a source file (name.c, name.h, or a path to one) names one that exists: in the project
# (by path, or by name anywhere under service/, tests/, fuzz/, bench/ or tools/) or among the system's headers.
# Another project's file is named with its project ("jansson's load.c"): those few are listed here.
foreign=" load.c strconv.c "
known=$(git ls-files service tests fuzz bench tools 2>/dev/null | sed 's|.*/||' | sort -u)
named=$(grep -HnoE '(/\*|^[[:space:]]*\*|//).*' $files | grep -oE '^[^:]+:[0-9]+:|[A-Za-z0-9_][A-Za-z0-9_./-]*\.[ch]\b' |
    awk '/:[0-9]+:$/ { where = $0; next } { print where $0 }' | sort -u)
words_bad=0
for entry in $named; do
    name=${entry##*:}
    case "$foreign" in *" $name "*) continue ;; esac
    case "$name" in
        */*)
            [ -e "$name" ] || [ -e "$root/$name" ] || [ -e "/usr/include/$name" ] || {
                fail "${entry%:*}: a comment names $name, which does not exist"; words_bad=1; } ;;
        *)
            echo "$known" | grep -qx "$name" || [ -e "/usr/include/$name" ] ||
                [ -e "/usr/include/x86_64-linux-gnu/$name" ] || {
                fail "${entry%:*}: a comment names $name, which no file of the project is"; words_bad=1; } ;;
    esac
done
[ $words_bad -eq 0 ] && passed=$((passed + 1))

# Names: jsonw_name() and the jsonw_member_*() macros write a literal name without escaping it (wire/jsonw.h), so
# each such literal in service/ must be made of ASCII letters, digits and '_' alone.
names=$(grep -ohE 'jsonw_(name|member_[a-z]+)\([^,"]*, *"[^"]*"' $files | sed -E 's/^[^"]*"//; s/"$//' | sort -u)
named=0
for name in $names; do
    named=$((named + 1))
    case "$name" in
        *[!A-Za-z0-9_]* | "") fail "jsonw name \"$name\" needs escaping: write it with jsonw_key()" ;;
        *) passed=$((passed + 1)) ;;
    esac
done
[ "$named" -gt 0 ] || fail "no jsonw_name() or jsonw_member_*() literal found: the names check reads nothing"
if grep -hE 'jsonw_(name|member_[a-z]+)\([^,"]*, *"[^"]*[^A-Za-z0-9_"][^"]*"' $files >/dev/null; then
    fail "a jsonw name literal holds a character other than a letter, digit or '_'"
fi

# Fixed values: jsonw_member_fixed() writes its value literal without escaping it, so each must be printable ASCII
# without '"' or '\\' (a '"' would end the literal here; a '\\' is an escape in C and in JSON alike).
uses=$(grep -hE 'jsonw_member_fixed\(' $files | grep -v '#define' || true)
fixed=$(printf '%s\n' "$uses" | grep -cE 'jsonw_member_fixed\([^,"]*, *"[^"]*", *"[^"\\]*"\)' || true)
all_fixed=$(printf '%s\n' "$uses" | grep -c 'jsonw_member_fixed(' || true)
if [ "$all_fixed" -eq 0 ] || [ "$fixed" -ne "$all_fixed" ] ||
    printf '%s\n' "$uses" | LC_ALL=C grep -qE 'jsonw_member_fixed\(.*"[^"]*[^ -~][^"]*"\)'; then
    fail "a jsonw_member_fixed() value is not one literal of printable ASCII without '\"' or '\\\\'"
else
    passed=$((passed + 1))
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
