/* The request-body reader (wire/jsonr.c) against jansson's parser: any input must give what json_loadb() with
 * JSON_REJECT_DUPLICATES gives, the same tree to the bit (types, values, strings, member order) or the same error; and
 * whatever the short reader takes alone, jansson must take too. Any difference aborts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fuzz_support.h"
#include "wire/jsonr.h"
#include "wire/jsonw.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* jsonw_dump() keeps the types (a real always has a point or an exponent), the member order and every byte of a
 * string, and a real's 15 significant digits: with the bit comparison of json_equal() below, the same tree. */
static void same_or_abort(const json_t *want, const json_t *got, const char *what)
{
    char *a = jsonw_dump(want, NULL), *b = jsonw_dump(got, NULL);
    if (strcmp(a, b) != 0 || !json_equal(want, got)) {
        fprintf(stderr, "fuzz: %s: jansson read %s, jsonr read %s\n", what, a, b);
        abort();
    }
    free(a);
    free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    json_error_t want_error, got_error;
    json_t *want = json_loadb(text, size, JSON_REJECT_DUPLICATES, &want_error);
    json_t *got = jsonr_load(text, size, &got_error);
    json_t *short_read = jsonr_read(text, size);
    if (short_read != NULL && want == NULL) {
        fprintf(stderr, "fuzz: the short reader took what jansson refuses: %s\n", want_error.text);
        abort();
    }
    if ((want == NULL) != (got == NULL)) {
        fprintf(stderr, "fuzz: jansson %s, jsonr_load %s\n", want ? "read it" : "refused it", got ? "read it" : "refused it");
        abort();
    }
    if (want == NULL && (strcmp(want_error.text, got_error.text) != 0 || want_error.line != got_error.line ||
                         want_error.column != got_error.column || want_error.position != got_error.position)) {
        fprintf(stderr, "fuzz: errors differ: %s / %s\n", want_error.text, got_error.text);
        abort();
    }
    if (want != NULL) {
        same_or_abort(want, got, "jsonr_load");
        if (short_read != NULL)
            same_or_abort(want, short_read, "jsonr_read");
    }
    json_decref(want);
    json_decref(got);
    json_decref(short_read);
    return 0;
}
