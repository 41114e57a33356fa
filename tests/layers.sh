#!/bin/sh
# The layering rules of service/, checked from the source itself (README, "Where things are"):
#   - each layer includes only the layers below it (the table below), read from its #include lines;
#   - engine/, snapshot/, base/ and wire/ see no SQLite, libmicrohttpd or libcurl header; face/ sees no SQLite;
#     cli/ sees no libmicrohttpd and no SQLite (it asks a server with libcurl, the store for the catalog);
#   - no source file in service/ is longer than 600 lines, and no function longer than 120 lines.
# Usage: sh tests/layers.sh [service-dir]. Prints one line per broken rule and ends with 'N passed, N failed'.
set -u
root=${1:-service}
cd "$(dirname "$0")/.." || exit 2

# layer: the layers its files may include (its own among them)
allowed() {
    case "$1" in
        base) echo "base" ;;
        wire) echo "base wire" ;;
        snapshot) echo "base wire snapshot" ;;
        engine) echo "base wire snapshot engine" ;;
        store) echo "base wire snapshot store" ;;
        worker) echo "base wire snapshot store worker" ;;
        face) echo "base wire snapshot engine worker face" ;;
        cli) echo "base wire snapshot engine store cli" ;;
        *) echo "" ;;
    esac
}
# layer: system headers it must not see (extended regular expression over the included name)
forbidden_system() {
    case "$1" in
        base | wire | snapshot | engine) echo '^(sqlite3\.h|microhttpd\.h|curl/)' ;;
        face) echo '^sqlite3\.h' ;;
        cli) echo '^(microhttpd\.h|sqlite3\.h)' ;;
        *) echo '^$' ;;
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
layers_seen=""
for file in $files; do
    rel=${file#"$root"/}
    layer=${rel%%/*}
    [ "$layer" = "$rel" ] && continue # main.c wires every layer
    case " $layers_seen " in *" $layer "*) ;; *) layers_seen="$layers_seen $layer" ;; esac
    ok=$(allowed "$layer")
    if [ -z "$ok" ]; then
        fail "$rel: '$layer' is not a layer (base wire snapshot engine store worker face cli)"
        continue
    fi
    bad=0
    for included in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file"); do
        target=${included%%/*}
        [ "$target" = "$included" ] && { fail "$rel includes \"$included\" without its layer folder"; bad=1; continue; }
        case " $ok " in
            *" $target "*) ;;
            *) fail "$rel ($layer) includes $included: $layer may include only: $ok"; bad=1 ;;
        esac
    done
    pattern=$(forbidden_system "$layer")
    for included in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*<\([^>]*\)>.*/\1/p' "$file"); do
        if echo "$included" | grep -Eq "$pattern"; then
            fail "$rel ($layer) includes <$included>, which $layer must not see"
            bad=1
        fi
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
