/* The store's reads for the worker's scheduling, against a migrated database: the last successful refresh run of a
 * provider (store_last_good_run) and the change counter another connection's commit moves (db_data_version). */
#include <check.h>
#include <stdio.h>
#include <time.h>

#include "base/util.h"
#include "store/db.h"
#include "store/refresh_runs.h"
#include "support/check_support.h"
#include "support/harness.h"

static char *db_path;
static sqlite3 *db;

static void setup(void)
{
    db_path = harness_make_db();
    char err[256];
    ck_assert_msg(db_open(db_path, false, &db, err, sizeof err) == 0, "%s", err);
}

static void teardown(void)
{
    db_close(db);
    harness_remove_db(db_path);
}

static void add_run(sqlite3 *to, const char *provider, const char *started_at, const char *status)
{
    char sql[512], err[256];
    snprintf(sql, sizeof sql,
             "INSERT INTO refresh_runs (provider_id, started_at, finished_at, status) VALUES ('%s', '%s', '%s', '%s')",
             provider, started_at, started_at, status);
    ck_assert_msg(db_exec(to, sql, err, sizeof err) == 0, "%s", err);
}

START_TEST(test_last_good_run_none)
{
    time_t at = 7;
    char err[256];
    ck_assert_int_eq(store_last_good_run(db, "aws", &at, err, sizeof err), 0);
    ck_assert_int_eq((int)at, 7);
    add_run(db, "aws", "2025-06-01T00:00:00Z", "error");
    add_run(db, "aws", "2025-06-02T00:00:00Z", "partial");
    ck_assert_int_eq(store_last_good_run(db, "aws", &at, err, sizeof err), 0);
}
END_TEST

START_TEST(test_last_good_run_latest_ok_or_unchanged)
{
    add_run(db, "aws", "2025-06-01T00:00:00Z", "ok");
    add_run(db, "aws", "2025-06-03T00:00:00Z", "unchanged");
    add_run(db, "aws", "2025-06-05T00:00:00Z", "error");
    add_run(db, "azure", "2025-06-09T00:00:00Z", "ok");
    time_t at = 0, want = 0;
    char err[256];
    ck_assert_int_eq(store_last_good_run(db, "aws", &at, err, sizeof err), 1);
    ck_assert_int_eq(util_parse_time("2025-06-03T00:00:00Z", &want), 0);
    ck_assert_int_eq((long long)at, (long long)want);
}
END_TEST

START_TEST(test_data_version_moves_with_another_connection)
{
    sqlite3 *other = NULL;
    char err[256];
    ck_assert_msg(db_open(db_path, false, &other, err, sizeof err) == 0, "%s", err);
    int before = db_data_version(db);
    ck_assert_int_ge(before, 0);
    add_run(db, "aws", "2025-06-01T00:00:00Z", "ok"); /* its own commits do not move it */
    ck_assert_int_eq(db_data_version(db), before);
    add_run(other, "aws", "2025-06-02T00:00:00Z", "ok");
    ck_assert_int_ne(db_data_version(db), before);
    db_close(other);
}
END_TEST

static Suite *refresh_runs_suite(void)
{
    Suite *s = suite_create("refresh_runs");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_last_good_run_none);
    tcase_add_test(tc, test_last_good_run_latest_ok_or_unchanged);
    tcase_add_test(tc, test_data_version_moves_with_another_connection);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(refresh_runs_suite());
}
