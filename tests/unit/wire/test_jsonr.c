/* The request-body reader (service/wire/jsonr.c) against jansson's parser: for every text here, jsonr_load() must give
 * what json_loadb(text, len, JSON_REJECT_DUPLICATES) gives: the same tree (types, values to the bit, strings, member
 * order) or the same error (text, line, column, position). Texts are drawn from a fixed seed: documents written in
 * every spelling the grammar allows, the same documents with one byte changed, and every golden request body. The
 * short reader must take the well-formed plain documents itself, or the comparison would only test jansson against
 * itself. */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "wire/jsonr.h"
#include "support/check_support.h"
#include "support/random.h"

/* Whether a and b are the same tree, to the bit: an integer is never a real, -0.0 is not 0.0, members in order. */
static bool same_tree(const json_t *a, const json_t *b)
{
    if (json_typeof(a) != json_typeof(b))
        return false;
    switch (json_typeof(a)) {
    case JSON_OBJECT: {
        if (json_object_size(a) != json_object_size(b))
            return false;
        void *ia = json_object_iter((json_t *)a), *ib = json_object_iter((json_t *)b);
        for (; ia != NULL && ib != NULL;
             ia = json_object_iter_next((json_t *)a, ia), ib = json_object_iter_next((json_t *)b, ib)) {
            size_t la = json_object_iter_key_len(ia), lb = json_object_iter_key_len(ib);
            if (la != lb || memcmp(json_object_iter_key(ia), json_object_iter_key(ib), la) != 0 ||
                !same_tree(json_object_iter_value(ia), json_object_iter_value(ib)))
                return false;
        }
        return ia == NULL && ib == NULL;
    }
    case JSON_ARRAY:
        if (json_array_size(a) != json_array_size(b))
            return false;
        for (size_t i = 0; i < json_array_size(a); i++)
            if (!same_tree(json_array_get(a, i), json_array_get(b, i)))
                return false;
        return true;
    case JSON_STRING:
        return json_string_length(a) == json_string_length(b) &&
               memcmp(json_string_value(a), json_string_value(b), json_string_length(a)) == 0;
    case JSON_INTEGER: return json_integer_value(a) == json_integer_value(b);
    case JSON_REAL: {
        double x = json_real_value(a), y = json_real_value(b);
        return memcmp(&x, &y, sizeof x) == 0;
    }
    default: return true;
    }
}

typedef struct tally {
    unsigned read_short; /* the short reader took the text */
    unsigned handed_on;  /* it left the text to jansson */
} tally;

/* Holds jsonr_load() to json_loadb() on text[0..len), and counts which reader answered. */
static void assert_same_load(const char *text, size_t len, tally *t)
{
    json_error_t want_error, got_error;
    memset(&want_error, 0, sizeof want_error);
    memset(&got_error, 0, sizeof got_error);
    json_t *want = json_loadb(text, len, JSON_REJECT_DUPLICATES, &want_error);
    json_t *got = jsonr_load(text, len, &got_error);
    json_t *short_read = jsonr_read(text, len);
    if (short_read != NULL) {
        t->read_short++;
        ck_assert_msg(want != NULL, "the short reader took %.*s, which jansson refuses: %s", (int)len, text,
                      want_error.text);
        ck_assert_msg(same_tree(short_read, want), "the short reader read %.*s otherwise than jansson", (int)len,
                      text);
    } else {
        t->handed_on++;
    }
    if (want == NULL) {
        ck_assert_msg(got == NULL, "jansson refuses %.*s (%s), jsonr_load took it", (int)len, text, want_error.text);
        ck_assert_str_eq(got_error.text, want_error.text);
        ck_assert_int_eq(got_error.line, want_error.line);
        ck_assert_int_eq(got_error.column, want_error.column);
        ck_assert_int_eq(got_error.position, want_error.position);
    } else {
        ck_assert_msg(got != NULL && same_tree(got, want), "jsonr_load read %.*s otherwise than jansson", (int)len,
                      text);
    }
    json_decref(want);
    json_decref(got);
    json_decref(short_read);
}

/* ---- documents in every spelling ------------------------------------------------------------------------------ */

static unsigned below(unsigned n)
{
    return (unsigned)(test_random_next() % n);
}

static void put(bytebuf *b, const char *text)
{
    buf_append(b, text, strlen(text));
}

static void space(bytebuf *b)
{
    static const char *const gaps[] = {"", "", "", " ", "\n", "\t", "\r\n  "};
    put(b, gaps[below(7)]);
}

static void string_text(bytebuf *b)
{
    static const char alphabet[] = "abcxyz_09 -:,{}[]./'#~`!?@$%^&*()+=<>|;";
    buf_append(b, "\"", 1);
    for (unsigned i = below(12); i > 0; i--)
        buf_append(b, &alphabet[below(sizeof alphabet - 1)], 1);
    buf_append(b, "\"", 1);
}

/* Integers and reals as clients spell them, the limits of a long long and the ranges strtod and strtoll refuse. */
static void number_text(bytebuf *b)
{
    static const char *const fixed[] = {"0", "-0", "7", "-42", "9223372036854775807", "-9223372036854775808",
                                        "9223372036854775808", "-9223372036854775809", "0.5", "-0.0", "1e5",
                                        "2E-3", "1E+2", "6.02214076e23", "1e400", "-1e400", "1e-400",
                                        "123456789012345678901234567890", "0.1000000000000000055511151231257827",
                                        "4.9406564584124654e-324"};
    char text[64];
    switch (below(4)) {
    case 0: put(b, fixed[below(sizeof fixed / sizeof fixed[0])]); return;
    case 1: snprintf(text, sizeof text, "%lld", (long long)(test_random_next() >> below(64))); break;
    case 2: snprintf(text, sizeof text, "%.*g", 1 + (int)below(17), (test_random_unit() - 0.5) * pow(10, below(30)));
        break;
    default:
        snprintf(text, sizeof text, "%u.%u%s%d", below(1000), below(1000), below(2) ? "e" : "E", (int)below(40) - 20);
        break;
    }
    put(b, text);
}

static void value_text(bytebuf *b, int depth);

static void object_text(bytebuf *b, int depth)
{
    put(b, "{");
    space(b);
    for (unsigned i = 0, n = below(5); i < n; i++) {
        if (i > 0) {
            put(b, ",");
            space(b);
        }
        char key[16];
        snprintf(key, sizeof key, "\"k%u\"", i + 10 * below(3)); /* now and then a repeated key */
        put(b, key);
        space(b);
        put(b, ":");
        space(b);
        value_text(b, depth + 1);
        space(b);
    }
    put(b, "}");
}

static void array_text(bytebuf *b, int depth)
{
    put(b, "[");
    space(b);
    for (unsigned i = 0, n = below(5); i < n; i++) {
        if (i > 0) {
            put(b, ",");
            space(b);
        }
        value_text(b, depth + 1);
        space(b);
    }
    put(b, "]");
}

static void value_text(bytebuf *b, int depth)
{
    unsigned kind = below(depth > 4 ? 6 : 8);
    switch (kind) {
    case 0: put(b, "true"); break;
    case 1: put(b, "false"); break;
    case 2: put(b, "null"); break;
    case 3: string_text(b); break;
    case 4:
    case 5: number_text(b); break;
    case 6: object_text(b, depth); break;
    default: array_text(b, depth); break;
    }
}

static void document_text(bytebuf *b)
{
    space(b);
    if (below(2))
        object_text(b, 1);
    else
        array_text(b, 1);
    space(b);
}

START_TEST(documents_read_as_jansson_reads_them)
{
    test_random_seed(0x6a736f6e72ULL);
    tally t = {0, 0};
    for (int i = 0; i < 20000; i++) {
        bytebuf b;
        buf_init(&b, 256);
        document_text(&b);
        assert_same_load(b.data, b.len, &t);
        buf_free(&b);
    }
    /* most documents are plain enough for the short reader; repeated keys and out-of-range numbers are not */
    ck_assert_uint_gt(t.read_short, 10000);
    ck_assert_uint_gt(t.handed_on, 1000);
}
END_TEST

/* One byte of a document changed: removed, doubled, replaced by a byte that matters to the grammar, or the text cut
 * short. Most of these are errors, which must be jansson's; some stay well formed. */
START_TEST(changed_documents_fail_as_jansson_fails)
{
    static const char bytes[] = "{}[],:\"\\ \t\n-+.eE0123456789tfnulx\x01\x7f\xc3\xa9\xff";
    test_random_seed(0x6d75746174ULL);
    tally t = {0, 0};
    for (int i = 0; i < 20000; i++) {
        bytebuf b;
        buf_init(&b, 256);
        document_text(&b);
        size_t at = b.len > 0 ? below((unsigned)b.len) : 0;
        switch (below(4)) {
        case 0: memmove(b.data + at, b.data + at + 1, b.len - at - 1), b.len--; break;
        case 1: b.data[at] = bytes[below(sizeof bytes - 1)]; break;
        case 2: b.len = at; break;
        default: {
            char c = bytes[below(sizeof bytes - 1)];
            buf_append(&b, "", 1); /* room for one more */
            memmove(b.data + at + 1, b.data + at, b.len - 1 - at);
            b.data[at] = c;
            break;
        }
        }
        assert_same_load(b.data, b.len, &t);
        buf_free(&b);
    }
    ck_assert_uint_gt(t.read_short, 1000);
    ck_assert_uint_gt(t.handed_on, 10000);
}
END_TEST

/* Texts at the edges of the grammar, each with what the short reader does with it. */
START_TEST(edges_of_the_grammar)
{
    static const struct {
        const char *text;
        bool short_reader;
    } cases[] = {
        {"{}", true}, {"[]", true}, {" \t\r\n{ } \n", true}, {"{\"a\":1}", true}, {"[1,2.5,-0,-0.0,1e2]", true},
        {"{\"a\":{\"b\":[true,false,null]}}", true}, {"\"top-level string\"", false}, {"1", false}, {"", false},
        {"{\"a\":1,\"a\":2}", false}, {"{\"a\":\"\\n\"}", false}, {"{\"caf\xc3\xa9\":1}", false},
        {"{\"a\":01}", false}, {"{\"a\":1.}", false}, {"{\"a\":.5}", false}, {"{\"a\":+1}", false},
        {"{\"a\":1}x", false}, {"{\"a\":1,}", false}, {"[1,]", false}, {"{\"a\" 1}", false}, {"{a:1}", false},
        {"[tru]", false}, {"[nulls]", false}, {"{\"a\":9223372036854775808}", false}, {"[1e400]", false},
        {"[1e-400]", false}, {"{\"a\":\"tab\there\"}", false}, {"[\"\x7f\"]", false},
    };
    tally t = {0, 0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *short_read = jsonr_read(cases[i].text, strlen(cases[i].text));
        ck_assert_msg((short_read != NULL) == cases[i].short_reader, "%s: the short reader %s it", cases[i].text,
                      short_read != NULL ? "took" : "left");
        json_decref(short_read);
        assert_same_load(cases[i].text, strlen(cases[i].text), &t);
    }
    /* nesting: up to JSONR_MAX_DEPTH is the short reader's, deeper is jansson's */
    for (int depth = JSONR_MAX_DEPTH - 1; depth <= JSONR_MAX_DEPTH + 1; depth++) {
        char text[2 * (JSONR_MAX_DEPTH + 2) + 1];
        memset(text, '[', (size_t)depth);
        memset(text + depth, ']', (size_t)depth);
        json_t *short_read = jsonr_read(text, 2 * (size_t)depth);
        ck_assert_msg((short_read != NULL) == (depth <= JSONR_MAX_DEPTH), "depth %d", depth);
        json_decref(short_read);
        assert_same_load(text, 2 * (size_t)depth, &t);
    }
}
END_TEST

/* Every golden request body: what clients really send. */
START_TEST(golden_request_bodies)
{
    static const char *const folders[] = {"tests/golden/recommend", "tests/golden/estimate", "tests/golden/catalog"};
    tally t = {0, 0};
    for (size_t f = 0; f < sizeof folders / sizeof folders[0]; f++) {
        DIR *dir = opendir(folders[f]);
        ck_assert_msg(dir != NULL, "no %s", folders[f]);
        struct dirent *entry;
        while ((entry = readdir(dir)) != NULL) {
            if (entry->d_name[0] == '.')
                continue;
            char path[512];
            snprintf(path, sizeof path, "%s/%s/request", folders[f], entry->d_name);
            FILE *file = fopen(path, "rb");
            if (file == NULL)
                continue;
            char text[65536];
            size_t len = fread(text, 1, sizeof text - 1, file);
            fclose(file);
            text[len] = '\0';
            const char *body = strstr(text, "\n\n"); /* after the request line and headers */
            if (body == NULL || body[2] == '\0')
                continue;
            body += 2;
            assert_same_load(body, strlen(body), &t);
        }
        closedir(dir);
    }
    ck_assert_uint_gt(t.read_short, 40);
}
END_TEST

static Suite *jsonr_suite(void)
{
    Suite *s = suite_create("jsonr");
    TCase *tc = tcase_create("same as jansson");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, documents_read_as_jansson_reads_them);
    tcase_add_test(tc, changed_documents_fail_as_jansson_fails);
    tcase_add_test(tc, edges_of_the_grammar);
    tcase_add_test(tc, golden_request_bodies);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(jsonr_suite());
}
