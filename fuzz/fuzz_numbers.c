/* Number text (numfmt.c) and JSON writing (jsonw.c) against the libraries they stand in for: the input's first 8
 * bytes are a double (any bit pattern), the next one picks the decimals or precision. Any difference from snprintf's
 * "%.*f" and "%.*g", or from json_dumps() of the same real and of the rest of the input as a string, aborts. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fuzz_support.h"
#include "wire/jsonw.h"
#include "base/numfmt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_or_abort(const char *what, const char *expected, const char *actual)
{
    if (strcmp(expected, actual) != 0) {
        fprintf(stderr, "fuzz: %s: expected %s, wrote %s\n", what, expected, actual);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 9)
        return 0;
    double value;
    memcpy(&value, data, sizeof value);
    unsigned digits = data[8] % 21;
    char expected[NUMFMT_MAX], actual[NUMFMT_MAX];

    int len = snprintf(expected, sizeof expected, "%.*f", (int)digits, value);
    if (len >= 0 && len < (int)sizeof expected) {
        numfmt_fixed(value, digits, actual);
        same_or_abort("%.*f", expected, actual);
    }
    snprintf(expected, sizeof expected, "%.*g", (int)digits, value);
    numfmt_general(value, digits, actual);
    same_or_abort("%.*g", expected, actual);

    json_t *doc = json_array();
    if (isfinite(value))
        json_array_append_new(doc, json_real(value));
    json_t *text = json_stringn((const char *)data + 9, size - 9); /* NULL unless valid UTF-8 */
    if (text != NULL)
        json_array_append_new(doc, text);
    char *by_jansson = json_dumps(doc, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(15));
    char *by_jsonw = jsonw_dump(doc, NULL);
    same_or_abort("json", by_jansson, by_jsonw);
    free(by_jansson);
    free(by_jsonw);
    json_decref(doc);
    return 0;
}
