/* The daemon's connection table (service/face/http/connections.c): the ordinary limit and the reserve the probes use. The
 * descriptors are never touched while heads are young, so plain numbers stand in for them. */
#include <check.h>

#include "support/check_support.h"
#include "face/http/connections.h"

/* Past the limit a connection is reserve; when an ordinary one closes, the oldest reserve one takes its place, so a
 * connection counted late (pool threads open connections concurrently) does not leave an ordinary place free while
 * it holds a reserve one. */
START_TEST(a_freed_ordinary_place_goes_to_the_oldest_reserve_connection)
{
    conn_table *table = conn_table_new(60, 2);
    ck_assert_ptr_nonnull(table);
    conn_entry *a = conn_opened(table, 100), *b = conn_opened(table, 101);
    conn_entry *c = conn_opened(table, 102), *d = conn_opened(table, 103);
    ck_assert(!conn_is_reserve(a));
    ck_assert(!conn_is_reserve(b));
    ck_assert(conn_is_reserve(c));
    ck_assert(conn_is_reserve(d));

    conn_closed(table, a);
    ck_assert(!conn_is_reserve(c)); /* the older of the two */
    ck_assert(conn_is_reserve(d));
    conn_entry *e = conn_opened(table, 104);
    ck_assert(conn_is_reserve(e)); /* the limit is full again */

    conn_closed(table, d); /* a reserve one closing frees no ordinary place */
    ck_assert(conn_is_reserve(e));
    conn_closed(table, c);
    ck_assert(!conn_is_reserve(e));
    conn_entry *f = conn_opened(table, 105);
    ck_assert(conn_is_reserve(f));

    conn_closed(table, b);
    conn_closed(table, e);
    conn_closed(table, f);
    conn_entry *g = conn_opened(table, 106);
    ck_assert(!conn_is_reserve(g)); /* everything closed: ordinary places are free */
    conn_closed(table, g);
    conn_table_free(table);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("connections");
    TCase *tc = tcase_create("limits");
    tcase_add_test(tc, a_freed_ordinary_place_goes_to_the_oldest_reserve_connection);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
