/* The base layer's shared pieces: the growable buffer (buf.h), the bounded top-k heap (topk.h) and the vocabulary
 * registry (vocab.h) that every list and enum check of the service is made from, and SHA-256/HMAC (sha256.h) that
 * signs price API requests. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/log.h"
#include "base/sha256.h"
#include "base/topk.h"
#include "base/vocab.h"
#include "support/check_support.h"
#include "support/random.h"

START_TEST(buffer_appends_and_hands_over)
{
    bytebuf b;
    buf_init(&b, 0);
    buf_append_str(&b, "gpu");
    buf_printf(&b, "-%d-%s", 42, "x");
    for (int i = 0; i < 1000; i++) /* past every doubling of the first blocks */
        buf_append(&b, "0123456789", 10);
    ck_assert_uint_eq(b.len, 3 + 5 + 10000);
    ck_assert_int_eq(strncmp(b.data, "gpu-42-x0123", 12), 0);
    ck_assert_int_eq(b.data[b.len], '\0');
    char long_text[5000];
    memset(long_text, 'a', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    buf_printf(&b, "%s!", long_text); /* a printf larger than the room left */
    ck_assert_uint_eq(b.len, 10008 + 5000);
    ck_assert_int_eq(b.data[b.len - 1], '!');
    size_t len = 0;
    char *text = buf_finish(&b, &len);
    ck_assert_uint_eq(len, 15008);
    ck_assert_uint_eq(strlen(text), 15008);
    ck_assert_ptr_null(b.data);
    free(text);
    buf_init(&b, 0); /* nothing written at all: still an empty string */
    text = buf_finish(&b, &len);
    ck_assert_str_eq(text, "");
    free(text);
    buf_init(&b, 16);
    text = buf_finish(&b, &len);
    ck_assert_str_eq(text, "");
    ck_assert_uint_eq(len, 0);
    free(text);
    buf_free(&b);
}
END_TEST

static int ascending(const void *a, const void *b, void *ctx)
{
    (void)ctx;
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

static int int_cmp(const void *a, const void *b)
{
    return ascending(a, b, NULL);
}

START_TEST(topk_keeps_the_best_in_order)
{
    test_random_seed(7);
    for (size_t capacity = 0; capacity <= 17; capacity++) {
        for (size_t n = 0; n <= 60; n += 7) {
            int values[64], kept[17];
            for (size_t i = 0; i < n; i++)
                values[i] = (int)(test_random_next() % 50); /* repeats on purpose */
            topk t;
            topk_init(&t, kept, capacity, sizeof kept[0], ascending, NULL);
            for (size_t i = 0; i < n; i++) {
                const int *floor = topk_floor(&t);
                if (floor != NULL)
                    ck_assert_uint_eq(t.count, capacity);
                topk_offer(&t, &values[i]);
            }
            topk_sort(&t);
            qsort(values, n, sizeof values[0], int_cmp);
            size_t want = n < capacity ? n : capacity;
            ck_assert_uint_eq(t.count, want);
            for (size_t i = 0; i < want; i++)
                ck_assert_msg(kept[i] == values[i], "capacity %zu, n %zu: item %zu is %d, not %d", capacity, n, i,
                              kept[i], values[i]);
        }
    }
}
END_TEST

/* Items past the sort's hold-aside room on the stack (1 KiB) are held on the heap instead: the same order either way. */
typedef struct big_item {
    int key;
    unsigned char padding[1200];
} big_item;

static int big_ascending(const void *a, const void *b, void *ctx)
{
    return ascending(&((const big_item *)a)->key, &((const big_item *)b)->key, ctx);
}

START_TEST(topk_sorts_items_of_any_size)
{
    static big_item big[9];
    int small[9];
    topk t_big, t_small;
    topk_init(&t_big, big, 9, sizeof big[0], big_ascending, NULL);
    topk_init(&t_small, small, 9, sizeof small[0], ascending, NULL);
    test_random_seed(11);
    for (int i = 0; i < 40; i++) {
        big_item item = {.key = (int)(test_random_next() % 1000)};
        memset(item.padding, item.key & 0xff, sizeof item.padding);
        topk_offer(&t_big, &item);
        topk_offer(&t_small, &item.key);
    }
    topk_sort(&t_big);
    topk_sort(&t_small);
    ck_assert_uint_eq(t_big.count, 9);
    for (size_t i = 0; i < 9; i++) {
        ck_assert_int_eq(big[i].key, small[i]);
        ck_assert_int_eq(big[i].padding[sizeof big[i].padding - 1], big[i].key & 0xff); /* moved whole */
        if (i > 0)
            ck_assert_int_le(small[i - 1], small[i]);
    }
}
END_TEST

START_TEST(vocabularies_round_trip_and_list)
{
    for (int m = 0; m < PRICING_COUNT; m++) {
        pricing_model parsed;
        ck_assert_int_eq(pricing_model_parse(pricing_model_name((pricing_model)m), &parsed), 0);
        ck_assert_int_eq(parsed, m);
        ck_assert_ptr_nonnull(vocab_pricing_models[m].display);
    }
    for (int p = 0; p < PRECISION_COUNT; p++) {
        precision parsed;
        ck_assert_int_eq(precision_parse(precision_name((precision)p), &parsed), 0);
        ck_assert_int_eq(parsed, p);
        ck_assert_ptr_nonnull(strstr(vocab_precisions[p].peak_metric, "_t"));
    }
    pricing_model m;
    ck_assert_int_eq(pricing_model_parse("On_Demand", &m), -1);
    ck_assert_ptr_null(pricing_model_name(PRICING_COUNT));
    ck_assert_uint_eq(vocab_pricing_models[PRICING_RESERVED_3Y].term_years, 3);
    ck_assert_uint_eq(vocab_pricing_models[PRICING_SPOT].term_years, 0);
    ck_assert(vocab_pricing_models[PRICING_SPOT].interruptible);
    char list[256];
    ck_assert_str_eq(vocab_pricing_list(list, sizeof list),
                     "on_demand, spot, reserved_1y, reserved_3y, savings_plan_1y, savings_plan_3y, capacity_block");
    ck_assert_str_eq(vocab_precision_list(list, sizeof list), "fp64, fp32, tf32, bf16, fp16, fp8, int8, int4");
    ck_assert_str_eq(vocab_adapter_list(list, sizeof list),
                     "aws, azure, gcp, oci, lambda, alibaba, tencent, feed, fx");
    char small[12];
    ck_assert_str_eq(vocab_pricing_list(small, sizeof small), "on_demand"); /* cut at a whole name */
    ck_assert_ptr_nonnull(vocab_adapter_find("gcp"));
    ck_assert_ptr_null(vocab_adapter_find("nimbus"));
}
END_TEST

static const char *digest_hex(const unsigned char digest[SHA256_DIGEST_LEN])
{
    static char hex[SHA256_HEX_LEN];
    sha256_hex(digest, hex);
    return hex;
}

START_TEST(sha256_matches_the_published_vectors)
{
    unsigned char d[SHA256_DIGEST_LEN];
    /* FIPS 180-2, appendix B.1 and B.2 */
    sha256("abc", 3, d);
    ck_assert_str_eq(digest_hex(d), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    sha256(two_blocks, strlen(two_blocks), d);
    ck_assert_str_eq(digest_hex(d), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    sha256("", 0, d);
    ck_assert_str_eq(digest_hex(d), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    /* FIPS 180-2, appendix B.3: a million 'a', fed in uneven pieces */
    sha256_ctx ctx;
    sha256_init(&ctx);
    char as[997];
    memset(as, 'a', sizeof as);
    size_t left = 1000000;
    while (left > 0) {
        size_t n = left < sizeof as ? left : sizeof as;
        sha256_update(&ctx, as, n);
        left -= n;
    }
    sha256_final(&ctx, d);
    ck_assert_str_eq(digest_hex(d), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    /* RFC 4231, test cases 1, 2 and 6 (a key longer than the block) */
    unsigned char key1[20];
    memset(key1, 0x0b, sizeof key1);
    hmac_sha256(key1, sizeof key1, "Hi There", 8, d);
    ck_assert_str_eq(digest_hex(d), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    hmac_sha256("Jefe", 4, "what do ya want for nothing?", 28, d);
    ck_assert_str_eq(digest_hex(d), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    unsigned char key6[131];
    memset(key6, 0xaa, sizeof key6);
    const char *text6 = "Test Using Larger Than Block-Size Key - Hash Key First";
    hmac_sha256(key6, sizeof key6, text6, strlen(text6), d);
    ck_assert_str_eq(digest_hex(d), "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}
END_TEST

/* Runs one log call with stderr sent to a file and returns what it wrote (static). */
static const char *logged(log_format format, const char *value)
{
    static char text[4096];
    char path[] = "/tmp/gpurec-log-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(fd, STDERR_FILENO);
    log_setup(format, LOG_DEBUG);
    log_msg(LOG_INFO, "request", "path", value, NULL);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    ssize_t n = pread(fd, text, sizeof text - 1, 0);
    close(fd);
    unlink(path);
    text[n > 0 ? n : 0] = '\0';
    return text;
}

START_TEST(log_lines_stay_valid_utf8_and_whole)
{
    /* a client's path with a lone continuation byte, an overlong slash, a surrogate, a quote and a newline */
    const char *hostile = "/v1/\x80" "a\xC0\xAF" "b\xED\xA0\x80" "c\"d\ne/\xC3\xA9";
    const char *json = logged(LOG_JSON, hostile);
    ck_assert_ptr_nonnull(strstr(json, "\"path\":\"/v1/\\ufffda\\ufffd\\ufffdb\\ufffd\\ufffd\\ufffdc\\\"d\\u000ae/\xC3\xA9\"}"));
    ck_assert_ptr_eq(strchr(json, '\n'), json + strlen(json) - 1); /* one line, whatever the value held */
    const char *text = logged(LOG_TEXT, hostile);
    ck_assert_ptr_nonnull(strstr(text, "path=\"/v1/\\x80a\\xc0\\xafb\\xed\\xa0\\x80c\\\"d\\u000ae/\xC3\xA9"));
    log_setup(LOG_TEXT, LOG_ERROR);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("base");
    TCase *tc = tcase_create("base");
    tcase_add_test(tc, buffer_appends_and_hands_over);
    tcase_add_test(tc, topk_keeps_the_best_in_order);
    tcase_add_test(tc, topk_sorts_items_of_any_size);
    tcase_add_test(tc, vocabularies_round_trip_and_list);
    tcase_add_test(tc, sha256_matches_the_published_vectors);
    tcase_add_test(tc, log_lines_stay_valid_utf8_and_whole);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
