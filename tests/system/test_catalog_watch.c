/* A catalog changed by another process (a `gpurec refresh` CronJob writing the same file, or a new file renamed over
 * it) is picked up by the running daemon without a restart. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/db.h"
#include "harness.h"
#include "support/check_support.h"
#include "base/util.h"

static harness *h;

static void setup(void)
{
    h = harness_start();
}

static void teardown(void)
{
    harness_stop(h);
}

static char *served_version(void)
{
    harness_response *r = harness_get(h, "/readyz");
    ck_assert_int_eq(r->status, 200);
    char *version = xstrdup(json_string_value(json_object_get(r->json, "catalog_version")));
    harness_response_free(r);
    return version;
}

/* Polls /readyz until the served version differs from before (the worker looks every 5 s; a loaded machine may
 * take longer, so the deadline is HARNESS_WAIT_S). */
static bool wait_for_new_version(const char *before)
{
    int64_t deadline = util_monotonic_us() + HARNESS_WAIT_S * 1000000LL;
    for (;;) {
        char *now = served_version();
        bool changed = strcmp(now, before) != 0;
        free(now);
        if (changed)
            return true;
        if (util_monotonic_us() >= deadline)
            return false;
        usleep(100 * 1000);
    }
}

static void change_a_price(const char *path)
{
    sqlite3 *db = NULL;
    char err[512];
    ck_assert_int_eq(db_open(path, false, &db, err, sizeof err), 0);
    ck_assert_msg(db_exec(db,
                          "UPDATE prices SET hourly = hourly * 0.9 WHERE provider_id = 'aws' AND "
                          "instance_type_id = 'p5.48xlarge' AND pricing_model = 'on_demand'",
                          err, sizeof err) == 0,
                  "%s", err);
    ck_assert_int_gt(sqlite3_changes(db), 0);
    db_close(db);
}

START_TEST(commit_by_another_process_is_served)
{
    char *before = served_version();
    change_a_price(harness_db_path(h));
    ck_assert_msg(wait_for_new_version(before), "the daemon still serves catalog %s", before);
    free(before);
}
END_TEST

START_TEST(file_renamed_over_the_catalog_is_served)
{
    char *before = served_version();
    char *fresh = harness_make_db();
    change_a_price(fresh);
    ck_assert_int_eq(rename(fresh, harness_db_path(h)), 0);
    free(fresh);
    ck_assert_msg(wait_for_new_version(before), "the daemon still serves catalog %s", before);
    free(before);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("catalog_watch");
    TCase *tc = tcase_create("watch");
    tcase_set_timeout(tc, 90);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, commit_by_another_process_is_served);
    tcase_add_test(tc, file_renamed_over_the_catalog_is_served);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
