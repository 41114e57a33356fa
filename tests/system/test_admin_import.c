/* POST /v1/admin/import in a real daemon (harness): a row refused by the validation or the price guard is named in
 * the 422 with its place in the document, of two rows for one offer the later wins, and an import gives up
 * on a write lock another connection holds with 503 and Retry-After, within a bounded time, changing nothing. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "base/config.h"
#include "base/util.h"
#include "support/check_support.h"
#include "support/harness.h"

#define TOKEN "t0ken-for-tests"
#define H100 "\"provider\": \"azure\", \"instance_type\": \"Standard_ND96isr_H100_v5\", \"region\": \"eastus\""
#define G5 "\"provider\": \"aws\", \"instance_type\": \"g5.xlarge\", \"region\": \"us-east-1\""

static void with_token(config *cfg, void *ctx)
{
    (void)ctx;
    util_copy(cfg->admin_token, sizeof cfg->admin_token, TOKEN);
}

static harness_response *post_import(harness *h, const char *body)
{
    const char *headers[] = {"Authorization: Bearer " TOKEN, NULL};
    return harness_request(h, "POST", "/v1/admin/import", body, headers);
}

/* errors[i] of a problem: its field and message (borrowed from r->json). */
static void error_at(const harness_response *r, size_t i, const char **field, const char **message)
{
    const json_t *e = json_array_get(json_object_get(r->json, "errors"), i);
    ck_assert_msg(e != NULL, "no errors[%zu] in %s", i, r->body);
    *field = json_string_value(json_object_get(e, "field"));
    *message = json_string_value(json_object_get(e, "message"));
    ck_assert_ptr_nonnull(*field);
    ck_assert_ptr_nonnull(*message);
}

START_TEST(test_a_refused_row_is_named_in_the_422)
{
    harness *h = harness_start_with(with_token, NULL);
    /* the seed's 98.32 USD/h, offered at 9.5: more than 5x down */
    harness_response *r = post_import(h, "{\"prices\": [{" H100 ", \"pricing_model\": \"on_demand\", \"hourly\": 9.5, "
                                         "\"currency\": \"USD\"}]}");
    ck_assert_msg(r->status == 422, "%ld %s", r->status, r->body);
    const char *field, *message;
    error_at(r, 0, &field, &message);
    ck_assert_str_eq(field, "prices[0].hourly");
    ck_assert_msg(strstr(message, "moves more than 5x from the stored 98.32") != NULL, "%s", message);
    harness_response_free(r);
    harness_stop(h);
}
END_TEST

START_TEST(test_the_same_offer_twice_the_last_row_wins)
{
    harness *h = harness_start_with(with_token, NULL);
    harness_response *r =
        post_import(h, "[{" H100 ", \"pricing_model\": \"on_demand\", \"hourly\": 97.0, \"currency\": \"USD\"}, "
                       "{" G5 ", \"pricing_model\": \"on_demand\", \"hourly\": 1.1, \"currency\": \"USD\"}, "
                       "{" H100 ", \"pricing_model\": \"on_demand\", \"hourly\": 96.0, \"currency\": \"USD\"}]");
    ck_assert_msg(r->status == 200, "%ld %s", r->status, r->body);
    ck_assert_int_eq(json_integer_value(json_object_get(r->json, "rows_applied")), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(r->json, "rows_skipped")), 1);
    harness_response_free(r);
    /* the later row's price is served, as a later feed's would be */
    static const char *const needles[] = {"96.0", NULL};
    r = harness_get_until(h, "/v1/instances/azure/Standard_ND96isr_H100_v5", needles, HARNESS_WAIT_S);
    ck_assert_msg(strstr(r->body, "96.0") != NULL && strstr(r->body, "97.0") == NULL, "%s", r->body);
    harness_response_free(r);
    harness_stop(h);
}
END_TEST

START_TEST(test_a_held_write_lock_gives_503_with_retry_after)
{
    harness *h = harness_start_with(with_token, NULL);
    sqlite3 *other = NULL;
    ck_assert_int_eq(sqlite3_open(harness_db_path(h), &other), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(other, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    static const char doc[] = "[{" H100 ", \"pricing_model\": \"on_demand\", \"hourly\": 97.0, \"currency\": \"USD\"}]";
    harness_response *r = post_import(h, doc);
    ck_assert_msg(r->status == 503, "%ld %s", r->status, r->body);
    ck_assert_msg(strstr(json_string_value(json_object_get(r->json, "type")), "database-busy") != NULL, "%s",
                  r->body);
    char retry[16];
    ck_assert_int_eq(harness_response_header(r, "Retry-After", retry, sizeof retry), 0);
    ck_assert_int_gt(atoi(retry), 0);
    harness_response_free(r);

    /* Once the lock is let go, the same import applies. */
    ck_assert_int_eq(sqlite3_exec(other, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(other);
    r = post_import(h, doc);
    ck_assert_msg(r->status == 200, "%ld %s", r->status, r->body);
    harness_response_free(r);
    harness_stop(h);
}
END_TEST

static Suite *admin_import_suite(void)
{
    Suite *s = suite_create("admin_import");
    TCase *tc = tcase_create("admin_import");
    /* The held lock takes REFRESH_IMPORT_LOCK_WAIT_MS (5 s) to give up on; the rest is room for a loaded machine. */
    tcase_set_timeout(tc, 90);
    tcase_add_test(tc, test_a_refused_row_is_named_in_the_422);
    tcase_add_test(tc, test_the_same_offer_twice_the_last_row_wins);
    tcase_add_test(tc, test_a_held_write_lock_gives_503_with_retry_after);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(admin_import_suite());
}
