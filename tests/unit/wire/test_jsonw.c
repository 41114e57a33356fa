/* The JSON writer (service/wire/jsonw.c) against jansson's own dumper: for every value here, jsonw_dump() must give the
 * bytes json_dumps(value, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(15)) gives, since answers used to be
 * written by jansson and clients may compare them. Reals are drawn from every shape the service writes (prices
 * rounded to 1e-6, cents, hours, ratios, FLOPs near 1e24) and from random bit patterns; a fixed seed keeps every run
 * the same. */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wire/jsonw.h"
#include "support/check_support.h"
#include "support/random.h"

#define JANSSON_FLAGS (JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(15))


/* Compares the two dumps of value; reports the first difference with both texts. Takes ownership of value. */
static void assert_same_dump(json_t *value)
{
    ck_assert_ptr_nonnull(value);
    char *expected = json_dumps(value, JANSSON_FLAGS);
    size_t len = 0;
    char *actual = jsonw_dump(value, &len);
    ck_assert_ptr_nonnull(expected);
    ck_assert_msg(strcmp(expected, actual) == 0, "jansson wrote %s, jsonw wrote %s", expected, actual);
    ck_assert_uint_eq(len, strlen(expected));
    free(expected);
    free(actual);
    json_decref(value);
}

static void assert_same_real(double value)
{
    json_t *array = json_array();
    json_array_append_new(array, json_real(value));
    assert_same_dump(array);
}

START_TEST(reals_written_by_the_service)
{
    static const double fixed[] = {0.0,      -0.0,          1.0,         -1.0,        0.1,        0.5,
                                   2.0,      14.0,          16.8,        98.32,       0.4,        1e-4,
                                   9.9e-5,   1e-5,          123456.789,  1e14,        9.99e14,    1e15,
                                   1e16,     1.5e15,        123456789012345.0,        1234567890123456.0,
                                   5.6e23,   1.26e24,       DBL_MAX,     DBL_MIN,     5e-324,     0.30000000000000004,
                                   2.675,    1.005,         0.125,       3.14159265358979, 100.0,   730.0,
                                   71773.6,  861283.2,      32.0856,     0.000123456789012345,     0.1383,
                                   1.0 / 3.0, 2.0 / 3.0,    1e-300,      -2.5e-7,     4503599627370496.5};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        assert_same_real(fixed[i]);
}
END_TEST

START_TEST(reals_rounded_like_answers)
{
    test_random_seed(0x9E3779B97F4A7C15ULL);
    static const double scales[] = {1.0, 10.0, 100.0, 1e3, 1e4, 1e6, 1e8};
    for (int i = 0; i < 200000; i++) {
        double scale = scales[test_random_next() % (sizeof scales / sizeof scales[0])];
        double magnitude = pow(10.0, (double)(test_random_next() % 13) - 4.0);
        double value = round(test_random_unit() * magnitude * scale) / scale;
        if (test_random_next() & 1)
            value = -value;
        assert_same_real(value);
    }
}
END_TEST

/* jsonw_rounded() writes what jsonw_real() writes for round(value x 10^decimals) / 10^decimals, as jansson dumps it:
 * values of every size and sign (its shortcut holds only inside [1e-4, 10^15) digits), at every number of decimals,
 * ties, NaN, infinities and values that round to zero or to -0. */
static void assert_same_rounded(double value, unsigned decimals)
{
    double rounded = round(value * pow(10.0, (double)decimals)) / pow(10.0, (double)decimals);
    json_t *array = json_array();
    json_array_append_new(array, isfinite(rounded) ? json_real(rounded) : json_null());
    char *expected = json_dumps(array, JANSSON_FLAGS);
    json_decref(array);
    jsonw w;
    jsonw_init(&w, 0);
    jsonw_array_begin(&w);
    jsonw_rounded(&w, value, decimals);
    jsonw_array_end(&w);
    size_t len;
    char *actual = jsonw_finish(&w, &len);
    ck_assert_msg(strcmp(expected, actual) == 0, "%.17g to %u decimals: jansson wrote %s, jsonw_rounded wrote %s",
                  value, decimals, expected, actual);
    free(expected);
    free(actual);
}

START_TEST(rounded_reals)
{
    static const double fixed[] = {0.0,     -0.0,      0.5,       -0.5,     1.005,     2.675,   0.125,
                                   1e-4,    9.9e-5,    5e-5,      -4e-5,    1e14,      1e15,    9.99e14,
                                   1e300,   -1e300,    5e-324,    NAN,      INFINITY,  -INFINITY,
                                   0.368,   569.664,   250818.05, 440.2912, 123456.789, 4503599627370496.5};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        for (unsigned decimals = 0; decimals <= 16; decimals++)
            assert_same_rounded(fixed[i], decimals);
    test_random_seed(0x2545F4914F6CDD1DULL);
    for (int i = 0; i < 200000; i++) {
        unsigned decimals = (unsigned)(test_random_next() % 17);
        double magnitude = pow(10.0, (double)(test_random_next() % 24) - 8.0);
        double value = test_random_unit() * magnitude;
        if (test_random_next() & 1)
            value = -value;
        assert_same_rounded(value, decimals);
    }
}
END_TEST

START_TEST(reals_from_random_bits)
{
    test_random_seed(0x9E3779B97F4A7C15ULL);
    for (int i = 0; i < 200000; i++) {
        uint64_t bits = test_random_next();
        double value;
        memcpy(&value, &bits, sizeof value);
        if (!isfinite(value))
            continue;
        assert_same_real(value);
        /* and a value of ordinary size with the same random mantissa */
        assert_same_real(ldexp(frexp(value, &(int){0}), (int)(test_random_next() % 100) - 50));
    }
}
END_TEST

START_TEST(integers)
{
    test_random_seed(0x9E3779B97F4A7C15ULL);
    static const long long fixed[] = {0, 1, -1, 9, 10, -10, 1234567890123LL, INT64_MAX, INT64_MIN, INT64_MIN + 1};
    json_t *array = json_array();
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        json_array_append_new(array, json_integer(fixed[i]));
    for (int i = 0; i < 10000; i++)
        json_array_append_new(array, json_integer((json_int_t)test_random_next()));
    assert_same_dump(array);
}
END_TEST

START_TEST(strings_and_escapes)
{
    test_random_seed(0x9E3779B97F4A7C15ULL);
    static const char *fixed[] = {
        "",
        "plain ascii text",
        "quote \" backslash \\ slash / tab \t newline \n return \r bell \a backspace \b formfeed \f",
        "\x01\x02\x1f\x7f",
        "caf\xc3\xa9 \xe2\x82\xac \xe4\xb8\xad\xe6\x96\x87 \xf0\x9f\x9a\x80",
        "\xef\xbf\xbf \xf4\x8f\xbf\xbf",
        "{\"looks\":[\"like\",\"json\"]}:,",
    };
    json_t *object = json_object();
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        char key[16];
        snprintf(key, sizeof key, "k%zu", i);
        json_object_set_new(object, key, json_string(fixed[i]));
        json_object_set_new(object, fixed[i], json_integer((json_int_t)i)); /* the same text as a key */
    }
    json_object_set_new(object, "nul inside", json_stringn("a\0b", 3));
    assert_same_dump(object);

    /* random valid UTF-8 from every encoded length */
    for (int round_no = 0; round_no < 2000; round_no++) {
        char text[256];
        size_t len = 0;
        while (len < sizeof text - 5) {
            uint32_t cp;
            switch (test_random_next() % 4) {
            case 0: cp = (uint32_t)(test_random_next() % 0x80); break;
            case 1: cp = 0x80 + (uint32_t)(test_random_next() % (0x800 - 0x80)); break;
            case 2: cp = 0x800 + (uint32_t)(test_random_next() % (0x10000 - 0x800)); break;
            default: cp = 0x10000 + (uint32_t)(test_random_next() % (0x110000 - 0x10000)); break;
            }
            if (cp >= 0xD800 && cp <= 0xDFFF)
                continue;
            if (cp < 0x80) {
                text[len++] = (char)cp;
            } else if (cp < 0x800) {
                text[len++] = (char)(0xC0 | (cp >> 6));
                text[len++] = (char)(0x80 | (cp & 0x3F));
            } else if (cp < 0x10000) {
                text[len++] = (char)(0xE0 | (cp >> 12));
                text[len++] = (char)(0x80 | ((cp >> 6) & 0x3F));
                text[len++] = (char)(0x80 | (cp & 0x3F));
            } else {
                text[len++] = (char)(0xF0 | (cp >> 18));
                text[len++] = (char)(0x80 | ((cp >> 12) & 0x3F));
                text[len++] = (char)(0x80 | ((cp >> 6) & 0x3F));
                text[len++] = (char)(0x80 | (cp & 0x3F));
            }
        }
        json_t *array = json_array();
        json_array_append_new(array, json_stringn(text, len));
        assert_same_dump(array);
    }

    /* short strings side by side, as an answer's ids and names are: mostly plain, now and then one byte to escape
     * or a non-ASCII one, lengths around the writer's one-pass limit */
    static const char specials[] = {'"', '\\', '\n', '\x01', '\x7f', (char)0xc3, (char)0xa9};
    for (int round_no = 0; round_no < 200; round_no++) {
        json_t *array = json_array();
        for (int item = 0; item < 40; item++) {
            char text[64];
            size_t len = (size_t)(test_random_next() % 56);
            for (size_t i = 0; i < len; i++)
                text[i] = (char)('a' + test_random_next() % 26);
            if (len > 0 && test_random_next() % 4 == 0) {
                size_t at = (size_t)(test_random_next() % len);
                text[at] = specials[test_random_next() % 5];
                if (test_random_next() % 2 == 0 && at + 1 < len) { /* a whole two-byte character */
                    text[at] = specials[5];
                    text[at + 1] = specials[6];
                }
            }
            json_array_append_new(array, json_stringn(text, len));
        }
        assert_same_dump(array);
    }

    /* one byte to escape at every place of every length up to five blocks of 16, as a value and as a key: the
     * writer judges 16 bytes at a time and a short tail as the last 16 again, so a byte at each offset of a block,
     * and of a tail, must be found */
    for (size_t len = 1; len <= 80; len++) {
        json_t *array = json_array();
        json_t *keys = json_object();
        for (size_t at = 0; at < len; at++) {
            char text[81];
            memset(text, 'x', len);
            text[len] = '\0';
            text[at] = (char)specials[at % 5];
            json_array_append_new(array, json_stringn(text, len));
            json_object_set_new(keys, text, json_integer((json_int_t)at));
        }
        assert_same_dump(array);
        assert_same_dump(keys);
    }
}
END_TEST

START_TEST(invalid_utf8_stays_valid_json)
{
    jsonw w;
    jsonw_init(&w, 0);
    jsonw_string(&w, "a\xff" "b\xc3" "\xe2\x82" "\xed\xa0\x80");
    size_t len;
    char *text = jsonw_finish(&w, &len);
    ck_assert_str_eq(text, "\"a\\uFFFDb\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD\"");
    json_error_t error;
    json_t *back = json_loads(text, JSON_DECODE_ANY, &error);
    ck_assert_msg(back != NULL, "not JSON: %s", error.text);
    json_decref(back);
    free(text);
}
END_TEST

static json_t *random_tree(int depth)
{
    uint64_t pick = test_random_next() % (depth > 0 ? 8 : 6);
    switch (pick) {
    case 0: return json_null();
    case 1: return json_boolean(test_random_next() & 1);
    case 2: return json_integer((json_int_t)(test_random_next() % 2000000) - 1000000);
    case 3: return json_real(round(test_random_unit() * 1e6) / 100.0);
    case 4: return json_real(test_random_unit() * 1e3);
    case 5: {
        char text[12];
        snprintf(text, sizeof text, "s%u\"\n", (unsigned)(test_random_next() % 1000));
        return json_string(text);
    }
    case 6: {
        json_t *array = json_array();
        for (uint64_t n = test_random_next() % 5; n > 0; n--)
            json_array_append_new(array, random_tree(depth - 1));
        return array;
    }
    default: {
        json_t *object = json_object();
        for (uint64_t n = test_random_next() % 5; n > 0; n--) {
            char key[12];
            snprintf(key, sizeof key, "k%u", (unsigned)(test_random_next() % 100));
            json_object_set_new(object, key, random_tree(depth - 1));
        }
        return object;
    }
    }
}

/* Keys take a fast path when plain and short; one that needs escapes, or is long, is written like any string. */
START_TEST(keys_plain_escaped_and_long)
{
    char long_key[200];
    memset(long_key, 'k', sizeof long_key - 1);
    long_key[sizeof long_key - 1] = '\0';
    const char *keys[] = {"", "a", "plain_key", "quote\"d", "back\\slash", "tab\tnew\nline", "caf\xc3\xa9",
                          "\x01ctl", long_key};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        json_t *doc = json_object();
        json_object_set_new(doc, keys[i], json_integer((json_int_t)i));
        json_object_set_new(doc, "next", json_true());
        assert_same_dump(doc);
    }
}
END_TEST

START_TEST(nested_documents)
{
    test_random_seed(0x9E3779B97F4A7C15ULL);
    assert_same_dump(json_object());
    assert_same_dump(json_array());
    assert_same_dump(json_pack("{s:{},s:[],s:[{}],s:[[]]}", "a", "b", "c", "d"));
    for (int i = 0; i < 3000; i++) {
        json_t *root = test_random_next() & 1 ? json_object() : json_array();
        for (uint64_t n = test_random_next() % 6 + 1; n > 0; n--) {
            json_t *child = random_tree(5);
            if (json_is_object(root)) {
                char key[12];
                snprintf(key, sizeof key, "r%u", (unsigned)n);
                json_object_set_new(root, key, child);
            } else {
                json_array_append_new(root, child);
            }
        }
        assert_same_dump(root);
    }
}
END_TEST

START_TEST(writer_calls)
{
    jsonw w;
    jsonw_init(&w, 0); /* grows from the smallest buffer */
    jsonw_object_begin(&w);
    jsonw_key(&w, "a");
    jsonw_array_begin(&w);
    jsonw_integer(&w, 1);
    jsonw_real(&w, 2.5);
    jsonw_string(&w, NULL);
    jsonw_real(&w, NAN);
    jsonw_real(&w, INFINITY);
    jsonw_bool(&w, false);
    jsonw_object_begin(&w);
    jsonw_object_end(&w);
    jsonw_array_end(&w);
    jsonw_key(&w, "b");
    jsonw_string(&w, "x:{[");
    jsonw_key(&w, "c");
    jsonw_array_begin(&w);
    jsonw_array_end(&w);
    for (int i = 0; i < 200; i++) {
        jsonw_key(&w, "long");
        jsonw_string(&w, "0123456789012345678901234567890123456789");
    }
    jsonw_object_end(&w);
    size_t len;
    char *text = jsonw_finish(&w, &len);
    ck_assert_uint_eq(len, strlen(text));
    const char *start = "{\"a\":[1,2.5,null,null,null,false,{}],\"b\":\"x:{[\",\"c\":[],\"long\":";
    ck_assert_msg(strncmp(text, start, strlen(start)) == 0, "wrote %.80s", text);
    json_error_t error;
    json_t *back = json_loads(text, JSON_ALLOW_NUL, &error);
    ck_assert_msg(back != NULL, "not JSON: %s", error.text);
    json_decref(back);
    free(text);
    jsonw_discard(&w); /* after finish: nothing left to free, and safe */
}
END_TEST

/* Formatted strings: the text numfmt formats, cut at limit - 1 bytes, escaped as any string (a quote, a control
 * character, UTF-8 from an argument), with commas as other values get them; fixed members beside them. */
START_TEST(formatted_strings)
{
    jsonw w;
    jsonw_init(&w, 0); /* grows from the smallest buffer: the in-place text must survive a move */
    jsonw_object_begin(&w);
    jsonw_member_fixed(&w, "href", "/v1/export");
    jsonw_name(&w, "notes");
    jsonw_array_begin(&w);
    jsonw_stringf(&w, 256, "Fits %.1f GB in %g x %s (%u nodes).", 1164.94, 8.0, "B300", 4u);
    jsonw_stringf(&w, 256, "%s and \"%s\"\n", "caf\xc3\xa9", "quoted");
    jsonw_stringf(&w, 8, "%s", "0123456789");
    jsonw_stringf(&w, 1, "%d", 12345);
    for (int i = 0; i < 40; i++)
        jsonw_stringf(&w, 256, "%s %d", "0123456789012345678901234567890123456789", i);
    jsonw_array_end(&w);
    jsonw_member_fixed(&w, "method", "POST");
    jsonw_object_end(&w);
    size_t len;
    char *text = jsonw_finish(&w, &len);
    const char *start = "{\"href\":\"/v1/export\",\"notes\":[\"Fits 1164.9 GB in 8 x B300 (4 nodes).\","
                        "\"caf\\u00E9 and \\\"quoted\\\"\\n\",\"0123456\",\"\","
                        "\"0123456789012345678901234567890123456789 0\",";
    ck_assert_msg(strncmp(text, start, strlen(start)) == 0, "wrote %.200s", text);
    const char *end = "\"0123456789012345678901234567890123456789 39\"],\"method\":\"POST\"}";
    ck_assert_uint_ge(len, strlen(end));
    ck_assert_str_eq(text + len - strlen(end), end);
    json_error_t error;
    json_t *back = json_loads(text, 0, &error);
    ck_assert_msg(back != NULL, "not JSON: %s", error.text);
    ck_assert_uint_eq(json_array_size(json_object_get(back, "notes")), 44);
    json_decref(back);
    free(text);
}
END_TEST

static Suite *jsonw_suite(void)
{
    Suite *s = suite_create("jsonw");
    TCase *tc = tcase_create("same as jansson");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, reals_written_by_the_service);
    tcase_add_test(tc, reals_rounded_like_answers);
    tcase_add_test(tc, reals_from_random_bits);
    tcase_add_test(tc, rounded_reals);
    tcase_add_test(tc, integers);
    tcase_add_test(tc, strings_and_escapes);
    tcase_add_test(tc, invalid_utf8_stays_valid_json);
    tcase_add_test(tc, keys_plain_escaped_and_long);
    tcase_add_test(tc, nested_documents);
    tcase_add_test(tc, writer_calls);
    tcase_add_test(tc, formatted_strings);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(jsonw_suite());
}
