/* Peak memory of a price refresh (README, "Real provider prices"): a decompression bomb (a ~65 KB gzip feed that
 * decodes to 64 MiB) fails its source with the expansion error and changes nothing, and a large valid feed (200,000
 * rows, made on the fly) applies; in both the process's peak RSS over its idle RSS stays under
 * REFRESH_PEAK_BOUND_MIB. Both documents are generated here, not stored. Each test runs in its own process (Check
 * forks), and the peak is reset (/proc/self/clear_refs) just before the refresh, so it measures the refresh alone. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/config.h"
#include "base/util.h"
#include "store/db.h"
#include "worker/fetch.h"
#include "worker/refresh.h"
#include "support/check_support.h"
#include "support/fixture_server.h"
#include "support/harness.h"
#include "support/provider_support.h"

/* The stated bound: what a refresh may add to the daemon's idle RSS for any source within the limits. */
#define REFRESH_PEAK_BOUND_MIB 256

/* AddressSanitizer keeps freed memory in quarantine (256 MiB by default) and adds shadow memory, so RSS says nothing
 * about the service there: the sanitizer build checks the behaviour, the plain build the bound. */
#if defined(__SANITIZE_ADDRESS__)
#define RSS_MEANINGFUL 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RSS_MEANINGFUL 0
#endif
#endif
#ifndef RSS_MEANINGFUL
#define RSS_MEANINGFUL 1
#endif
#define BOMB_BYTES ((size_t)64 << 20)
#define LARGE_ROWS 200000
#define NOW ((time_t)1749945600) /* 2025-06-15T00:00:00Z */

static fixture_server *fs;
static config cfg;
static char *db_path;
static sqlite3 *db;
static fixture_route *feed;

static void setup(void)
{
    provider_support_refresh_setup(&fs, &cfg, &db_path, &db, 120);
    snprintf(cfg.feed_urls[0], sizeof cfg.feed_urls[0], "%s/feeds/big.json?token=s3cret", fixture_url(fs));
    cfg.feed_url_count = 1;
    feed = fixture_route_add(fs, "/feeds/big.json", NULL, NULL);
}

static void teardown(void)
{
    provider_support_refresh_teardown(fs, db, db_path);
}

/* A field of /proc/self/status in KiB. */
static long status_kib(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    ck_assert_ptr_nonnull(f);
    char line[256];
    long kib = -1;
    size_t n = strlen(field);
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, field, n) == 0 && line[n] == ':')
            kib = strtol(line + n + 1, NULL, 10);
    fclose(f);
    ck_assert_int_ge(kib, 0);
    return kib;
}

/* Runs the feed refresh and returns the peak RSS it added, in MiB. */
static double refresh_peak_mib(refresh_outcome *out, int *rc)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fputs("5", f) >= 0, 1); /* resets VmHWM to the current RSS */
    fclose(f);
    long idle = status_kib("VmRSS");
    *rc = refresh_run(db, &cfg, "feed", NULL, NOW, out);
    long peak = status_kib("VmHWM");
    return (double)(peak - idle) / 1024.0;
}

static void table_state(char *buf, size_t len)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT (SELECT count(*) FROM prices), (SELECT printf('%.17g', total(hourly)) "
                                        "FROM prices), (SELECT count(*) FROM price_history)",
                                        -1, &st, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    snprintf(buf, len, "%lld|%s|%lld", (long long)sqlite3_column_int64(st, 0), sqlite3_column_text(st, 1),
             (long long)sqlite3_column_int64(st, 2));
    sqlite3_finalize(st);
}

START_TEST(test_gzip_bomb_fails_with_the_ratio_error)
{
    /* 64 MiB of well-formed rows for an instance type the catalog lacks, each padded with a 512 KiB array of zeros
     * (the shape that costs jansson most per byte), which gzip packs into ~65 KB: only the expansion limit stops it. */
    char path[] = "/tmp/gpurec-bomb-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "gzip -9 -c > %s", path);
    FILE *gz = popen(cmd, "w");
    ck_assert_ptr_nonnull(gz);
    static char zeros[1 << 19];
    for (size_t i = 0; i < sizeof zeros; i += 2)
        memcpy(zeros + i, "0,", 2);
    fputs("{\"prices\": [", gz);
    for (size_t done = 0; done < BOMB_BYTES; done += sizeof zeros) {
        fprintf(gz, "%s{\"provider\": \"aws\", \"instance_type\": \"no-such-type\", \"region\": \"us-east-1\", "
                "\"pricing_model\": \"on_demand\", \"hourly\": 1, \"currency\": \"USD\", \"pad\": [", done ? "," : "");
        fwrite(zeros, 1, sizeof zeros, gz);
        fputs("0]}", gz);
    }
    fputs("]}", gz);
    ck_assert_int_eq(pclose(gz), 0);
    FILE *in = fopen(path, "rb");
    ck_assert_ptr_nonnull(in);
    static char packed[1 << 20];
    size_t packed_len = fread(packed, 1, sizeof packed, in);
    fclose(in);
    unlink(path);
    ck_assert_uint_gt(packed_len, 0);
    ck_assert_uint_lt(packed_len, 200000);
    fixture_serve_body(feed, packed, packed_len, "application/json");
    fixture_set_encoding(feed, "gzip");

    char before[256], after[256];
    table_state(before, sizeof before);
    refresh_outcome out;
    int rc = 0;
    double peak = refresh_peak_mib(&out, &rc);
    fprintf(stderr, "refresh memory: gzip bomb (%zu bytes, %zu MiB decoded): peak RSS +%.1f MiB, error: %s\n",
            packed_len, BOMB_BYTES >> 20, peak, out.error);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strstr(out.error, "decoded to more than 100 times") != NULL, "%s", out.error);
    ck_assert_msg(strstr(out.error, "/feeds/big.json") != NULL, "%s", out.error);
    ck_assert_ptr_null(strstr(out.error, "s3cret"));
    ck_assert_ptr_null(strstr(out.error, "no-such-type"));
    table_state(after, sizeof after);
    ck_assert_str_eq(before, after);
    ck_assert_msg(!RSS_MEANINGFUL || peak < REFRESH_PEAK_BOUND_MIB, "peak RSS +%.1f MiB", peak);
}
END_TEST

/* The large feed: LARGE_ROWS rows cycling over every on-demand price of the seed catalog, each moved by 1 %. */
typedef struct key_list {
    char (*rows)[256];
    size_t count;
} key_list;

typedef struct large_state {
    const key_list *keys;
    size_t next;
    bool opened, closed;
} large_state;

static void *large_open(void *ctx)
{
    large_state *s = xcalloc(1, sizeof *s);
    s->keys = ctx;
    return s;
}

static size_t large_read(void *state, char *buf, size_t max)
{
    large_state *s = state;
    size_t len = 0;
    if (!s->opened) {
        s->opened = true;
        len += (size_t)snprintf(buf, max, "{\"prices\": [\n");
    }
    while (s->next < LARGE_ROWS && len + 300 < max) {
        const char *row = s->keys->rows[s->next % s->keys->count];
        len += (size_t)snprintf(buf + len, max - len, "%s%s\n", s->next ? "," : "", row);
        s->next++;
    }
    if (s->next == LARGE_ROWS && !s->closed && len + 8 < max) {
        s->closed = true;
        len += (size_t)snprintf(buf + len, max - len, "]}\n");
    }
    return len;
}

static void large_close(void *state)
{
    free(state);
}

START_TEST(test_large_valid_feed_applies_within_the_bound)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT provider_id, instance_type_id, region_id, hourly FROM prices "
                                        "WHERE pricing_model = 'on_demand' AND currency = 'USD' ORDER BY 1, 2, 3",
                                        -1, &st, NULL),
                     SQLITE_OK);
    key_list keys = {xcalloc(1, 4096 * sizeof *keys.rows), 0};
    while (sqlite3_step(st) == SQLITE_ROW && keys.count < 4096)
        snprintf(keys.rows[keys.count++], sizeof keys.rows[0],
                 "{\"provider\": \"%s\", \"instance_type\": \"%s\", \"region\": \"%s\", \"pricing_model\": "
                 "\"on_demand\", \"hourly\": %.6f, \"currency\": \"USD\", \"effective_at\": \"2025-06-01T00:00:00Z\"}",
                 sqlite3_column_text(st, 0), sqlite3_column_text(st, 1), sqlite3_column_text(st, 2),
                 sqlite3_column_double(st, 3) * 1.01);
    sqlite3_finalize(st);
    ck_assert_uint_gt(keys.count, 10);
    fixture_stream stream = {large_open, large_read, large_close, &keys};
    fixture_serve_stream(feed, &stream, "application/json");

    refresh_outcome out;
    int rc = 0;
    double peak = refresh_peak_mib(&out, &rc);
    fprintf(stderr, "refresh memory: valid feed of %d rows: peak RSS +%.1f MiB, %zu applied, %zu changed (%s)\n",
            LARGE_ROWS, peak, out.rows_applied, out.rows_changed, out.error);
    ck_assert_msg(rc == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_seen, LARGE_ROWS);
    ck_assert_uint_eq(out.rows_applied, keys.count);
    ck_assert_msg(!RSS_MEANINGFUL || peak < REFRESH_PEAK_BOUND_MIB, "peak RSS +%.1f MiB", peak);
    free(keys.rows);
}
END_TEST

static Suite *refresh_memory_suite(void)
{
    Suite *s = suite_create("refresh_memory");
    TCase *tc = tcase_create("refresh_memory");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_gzip_bomb_fails_with_the_ratio_error);
    tcase_add_test(tc, test_large_valid_feed_applies_within_the_bound);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(refresh_memory_suite());
}
