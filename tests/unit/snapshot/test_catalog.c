/* The catalog snapshot: loading the seeded database, look-ups, indexes, currency conversion, versions, and
 * publication with references. */
#include <check.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "snapshot/catalog.h"
#include "store/catalog_load.h"
#include "store/db.h"
#include "harness.h"
#include "support/check_support.h"
#include "base/util.h"

static char *db_path;
static sqlite3 *db;
static catalog *snap;
static char err[1024];

static void setup(void)
{
    db_path = harness_make_db();
    ck_assert_int_eq(db_open(db_path, false, &db, err, sizeof err), 0);
    ck_assert_msg(store_catalog_load(db, &snap, err, sizeof err) == 0, "catalog_load: %s", err);
}

static void teardown(void)
{
    catalog_release(snap);
    db_close(db);
    unlink(db_path);
    free(db_path);
}

START_TEST(seed_catalog_loads_whole)
{
    ck_assert_uint_eq(snap->provider_count, 7);
    ck_assert_uint_ge(snap->gpu_count, 22);
    ck_assert_uint_ge(snap->instance_count, 120);
    ck_assert_uint_gt(snap->offer_count, 100);
    ck_assert_uint_ge(snap->price_count, snap->offer_count);
    ck_assert_int_eq((int)strlen(snap->version), 16);
    for (size_t i = 0; i < snap->instance_count; i++) {
        const catalog_instance *in = &snap->instances[i];
        ck_assert_ptr_nonnull(in->gpu);
        ck_assert_ptr_nonnull(in->provider);
        ck_assert(in->gpu_count > 0);
        ck_assert(in->gpu_memory_gb > 0);
        for (size_t o = 0; o < in->offer_count; o++)
            ck_assert_ptr_eq(snap->offers[in->first_offer + o].instance, in);
    }
}
END_TEST

START_TEST(lookups_find_the_named_shapes)
{
    const catalog_instance *p5 = catalog_find_instance(snap, "aws", "p5.48xlarge");
    ck_assert_ptr_nonnull(p5);
    ck_assert_str_eq(p5->gpu->id, "h100-sxm-80gb");
    ck_assert(fabs(p5->gpu_count - 8) < 1e-9);
    const catalog_instance *p4d = catalog_find_instance(snap, "aws", "p4d.24xlarge");
    ck_assert_ptr_nonnull(p4d);
    ck_assert_str_eq(p4d->gpu->id, "a100-sxm-40gb");
    ck_assert_ptr_null(catalog_find_instance(snap, "aws", "p9.mega"));
    ck_assert_ptr_null(catalog_find_instance(snap, "nope", "p5.48xlarge"));
    ck_assert_ptr_nonnull(catalog_find_gpu(snap, "h100-sxm-80gb"));
    ck_assert_ptr_null(catalog_find_gpu(snap, "h1000"));
    ck_assert_ptr_nonnull(catalog_find_region(snap, "aws", "us-east-1"));
    ck_assert_ptr_null(catalog_find_region(snap, "azure", "us-east-1"));
    const catalog_offer *offer = catalog_find_offer(snap, "aws", "p5.48xlarge", "us-east-1");
    ck_assert_ptr_nonnull(offer);
    ck_assert(offer->prices[PRICING_ON_DEMAND].present);
    ck_assert(offer->prices[PRICING_ON_DEMAND].hourly_usd > 10);
}
END_TEST

START_TEST(indexes_cover_every_offer_once)
{
    size_t by_gpu = 0, by_provider = 0;
    for (size_t g = 0; g < snap->gpu_count; g++) {
        for (size_t i = 0; i < snap->offers_by_gpu[g].count; i++) {
            ck_assert_ptr_eq(snap->offers[snap->offers_by_gpu[g].offers[i]].instance->gpu, &snap->gpus[g]);
            if (i > 0)
                ck_assert_uint_gt(snap->offers_by_gpu[g].offers[i], snap->offers_by_gpu[g].offers[i - 1]);
        }
        by_gpu += snap->offers_by_gpu[g].count;
    }
    for (size_t p = 0; p < snap->provider_count; p++) {
        for (size_t i = 0; i < snap->offers_by_provider[p].count; i++)
            ck_assert_ptr_eq(snap->offers[snap->offers_by_provider[p].offers[i]].instance->provider,
                             &snap->providers[p]);
        by_provider += snap->offers_by_provider[p].count;
    }
    ck_assert_uint_eq(by_gpu, snap->offer_count);
    ck_assert_uint_eq(by_provider, snap->offer_count);
}
END_TEST

START_TEST(foreign_currency_is_converted_with_fx_rates)
{
    ck_assert_int_eq(db_exec(db, "UPDATE fx_rates SET usd_per_unit = 0.5 WHERE currency = 'CNY'", err, sizeof err), 0);
    ck_assert_int_eq(db_exec(db,
                             "INSERT OR REPLACE INTO prices (provider_id, instance_type_id, region_id, pricing_model, "
                             "hourly, currency, source, fetched_at, effective_at) SELECT provider_id, id, "
                             "(SELECT id FROM regions r WHERE r.provider_id = i.provider_id ORDER BY id LIMIT 1), "
                             "'spot', 10, 'CNY', 'test', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z' "
                             "FROM instance_types i WHERE provider_id = 'aws' AND id = 'p5.48xlarge'",
                             err, sizeof err),
                     0);
    catalog *fresh = NULL;
    ck_assert_int_eq(store_catalog_load(db, &fresh, err, sizeof err), 0);
    const catalog_instance *in = catalog_find_instance(fresh, "aws", "p5.48xlarge");
    bool seen = false;
    for (size_t i = 0; i < in->offer_count; i++) {
        const catalog_price *spot = &fresh->offers[in->first_offer + i].prices[PRICING_SPOT];
        if (spot->present && strcmp(spot->currency, "CNY") == 0) {
            ck_assert(fabs(spot->hourly_usd - 5.0) < 1e-9);
            ck_assert(fabs(spot->hourly - 10.0) < 1e-9);
            seen = true;
        }
    }
    ck_assert(seen);
    catalog_release(fresh);
}
END_TEST

START_TEST(price_in_a_currency_without_rate_is_refused)
{
    /* fx_rates is referenced by prices, so a missing rate can only arrive with foreign keys off */
    ck_assert_int_eq(db_exec(db, "PRAGMA foreign_keys = OFF", err, sizeof err), 0);
    ck_assert_int_eq(db_exec(db, "UPDATE prices SET currency = 'XAU' WHERE rowid IN (SELECT rowid FROM prices LIMIT 1)",
                             err, sizeof err) == 0 ||
                         db_exec(db,
                                 "UPDATE prices SET currency = 'XAU' WHERE (provider_id, instance_type_id, region_id, "
                                 "pricing_model) IN (SELECT provider_id, instance_type_id, region_id, pricing_model "
                                 "FROM prices LIMIT 1)",
                                 err, sizeof err) == 0,
                     1);
    catalog *fresh = NULL;
    ck_assert_int_eq(store_catalog_load(db, &fresh, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "XAU"));
    ck_assert_ptr_null(fresh);
}
END_TEST

START_TEST(version_follows_content)
{
    catalog *again = NULL;
    ck_assert_int_eq(store_catalog_load(db, &again, err, sizeof err), 0);
    ck_assert_str_eq(again->version, snap->version);
    catalog_release(again);
    ck_assert_int_eq(db_exec(db,
                             "UPDATE prices SET hourly = hourly * 1.01 WHERE (provider_id, instance_type_id, region_id, "
                             "pricing_model) IN (SELECT provider_id, instance_type_id, region_id, pricing_model FROM "
                             "prices LIMIT 1)",
                             err, sizeof err),
                     0);
    ck_assert_int_eq(store_catalog_load(db, &again, err, sizeof err), 0);
    ck_assert_str_ne(again->version, snap->version);
    catalog_release(again);
}
END_TEST

/* Two replicas that read the same prices at different times serve the same catalog: the fetch time is not part of the
 * version, while the provider's own date is. */
START_TEST(version_ignores_when_prices_were_fetched)
{
    ck_assert_int_eq(db_exec(db, "UPDATE prices SET fetched_at = '2031-01-02T03:04:05Z'", err, sizeof err), 0);
    catalog *again = NULL;
    ck_assert_int_eq(store_catalog_load(db, &again, err, sizeof err), 0);
    ck_assert_str_eq(again->version, snap->version);
    catalog_release(again);
    ck_assert_int_eq(db_exec(db, "UPDATE prices SET effective_at = '2031-01-02T03:04:05Z'", err, sizeof err), 0);
    ck_assert_int_eq(store_catalog_load(db, &again, err, sizeof err), 0);
    ck_assert_str_ne(again->version, snap->version);
    catalog_release(again);
}
END_TEST

/* A replaced snapshot still answers by name for the grace period, and a staged one before it is published. */
START_TEST(replaced_and_staged_snapshots_answer_by_name)
{
    catalog *older = NULL, *newer = NULL, *next = NULL;
    ck_assert_int_eq(store_catalog_load(db, &older, err, sizeof err), 0);
    ck_assert_int_eq(db_exec(db, "UPDATE prices SET hourly = hourly * 1.5", err, sizeof err), 0);
    ck_assert_int_eq(store_catalog_load(db, &newer, err, sizeof err), 0);
    ck_assert_int_eq(db_exec(db, "UPDATE prices SET hourly = hourly * 1.5", err, sizeof err), 0);
    ck_assert_int_eq(store_catalog_load(db, &next, err, sizeof err), 0);
    char old_version[17], new_version[17], next_version[17];
    memcpy(old_version, older->version, 17);
    memcpy(new_version, newer->version, 17);
    memcpy(next_version, next->version, 17);

    catalog_set_grace(60);
    catalog_publish(older);
    catalog_publish(newer);
    catalog *found = catalog_acquire_version(old_version, true);
    ck_assert_ptr_nonnull(found);
    ck_assert_str_eq(found->version, old_version);
    catalog_release(found);
    ck_assert_ptr_null(catalog_acquire_version(old_version, false)); /* only when older ones are asked for */

    catalog_stage(next);
    found = catalog_acquire_version(next_version, false);
    ck_assert_ptr_nonnull(found);
    catalog_release(found);
    catalog *current = catalog_acquire();
    ck_assert_str_eq(current->version, new_version); /* staged, not yet served */
    catalog_release(current);
    ck_assert(catalog_publish_staged());
    current = catalog_acquire();
    ck_assert_str_eq(current->version, next_version);
    catalog_release(current);
    ck_assert_ptr_null(catalog_acquire_staged());

    catalog_publish(NULL); /* drops every kept one */
    ck_assert_ptr_null(catalog_acquire_version(new_version, true));
    catalog_set_grace(0);
}
END_TEST

START_TEST(peak_by_precision)
{
    const catalog_gpu *h100 = catalog_find_gpu(snap, "h100-sxm-80gb");
    ck_assert(fabs(catalog_gpu_peak(h100, PRECISION_BF16) - 989.4) < 1.0);
    ck_assert(catalog_gpu_peak(h100, PRECISION_FP64) >= 60); /* FP64 tensor 66.9 beats the 33.5 vector rate */
    const catalog_gpu *t4 = catalog_find_gpu(snap, "t4");
    ck_assert(isnan(catalog_gpu_peak(t4, PRECISION_BF16)));
    ck_assert(catalog_gpu_peak(t4, PRECISION_FP64) < 1);
    ck_assert(catalog_gpu_peak(t4, PRECISION_INT4) == catalog_gpu_peak(t4, PRECISION_INT8));
    precision p;
    ck_assert_int_eq(precision_parse("bf16", &p), 0);
    ck_assert_int_eq(p, PRECISION_BF16);
    ck_assert_int_eq(precision_parse("bf17", &p), -1);
    pricing_model m;
    ck_assert_int_eq(pricing_model_parse("reserved_3y", &m), 0);
    ck_assert_str_eq(pricing_model_name(m), "reserved_3y");
    ck_assert_int_eq(pricing_model_parse("reserved_5y", &m), -1);
}
END_TEST

START_TEST(publication_keeps_readers_safe)
{
    ck_assert_ptr_null(catalog_acquire());
    atomic_fetch_add(&snap->refs, 1); /* the test keeps its own reference */
    catalog_publish(snap);
    catalog *reader = catalog_acquire();
    ck_assert_ptr_eq(reader, snap);
    ck_assert_int_eq(atomic_load(&snap->refs), 3);
    catalog *next = NULL;
    ck_assert_int_eq(store_catalog_load(db, &next, err, sizeof err), 0);
    catalog_publish(next);
    ck_assert_int_eq(atomic_load(&snap->refs), 2); /* the publisher's reference went, the reader's stays */
    ck_assert_str_eq(reader->version, snap->version);
    catalog_release(reader);
    catalog *current = catalog_acquire();
    ck_assert_ptr_eq(current, next);
    catalog_release(current);
    catalog_publish(NULL);
    ck_assert_ptr_null(catalog_acquire());
}
END_TEST

static void *read_many(void *arg)
{
    (void)arg;
    for (int i = 0; i < 200000; i++) {
        catalog *c = catalog_acquire();
        if (c != NULL) {
            /* touching the snapshot after acquiring must be safe whatever the publisher does meanwhile */
            if (c->offer_count == 0 || strlen(c->version) != 16)
                abort();
            catalog_release(c);
        }
    }
    return NULL;
}

START_TEST(concurrent_readers_and_publisher)
{
    pthread_t readers[3];
    catalog_publish(snap);
    snap = NULL;
    for (int i = 0; i < 3; i++)
        pthread_create(&readers[i], NULL, read_many, NULL);
    for (int i = 0; i < 40; i++) {
        catalog *next = NULL;
        ck_assert_int_eq(store_catalog_load(db, &next, err, sizeof err), 0);
        catalog_publish(next);
    }
    for (int i = 0; i < 3; i++)
        pthread_join(readers[i], NULL);
    catalog_publish(NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("catalog");
    TCase *tc = tcase_create("snapshot");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, seed_catalog_loads_whole);
    tcase_add_test(tc, lookups_find_the_named_shapes);
    tcase_add_test(tc, indexes_cover_every_offer_once);
    tcase_add_test(tc, foreign_currency_is_converted_with_fx_rates);
    tcase_add_test(tc, price_in_a_currency_without_rate_is_refused);
    tcase_add_test(tc, version_follows_content);
    tcase_add_test(tc, version_ignores_when_prices_were_fetched);
    tcase_add_test(tc, replaced_and_staged_snapshots_answer_by_name);
    tcase_add_test(tc, peak_by_precision);
    tcase_add_test(tc, publication_keeps_readers_safe);
    tcase_add_test(tc, concurrent_readers_and_publisher);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
