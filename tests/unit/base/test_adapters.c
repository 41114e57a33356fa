/* The one adapter list (vocab_adapters, base/vocab.h) against everything else that knows adapters and providers: the
 * worker's adapter code (worker/providers/provider.c), the catalog's providers (the providers table of the seed),
 * configuration (GPUREC_PROVIDERS), export's Terraform writers (engine/export/terraform.c), and each adapter's recorded
 * fixtures and fuzz target. Each test fails when an id is known to one side and not the other. */
#include <check.h>
#include <glob.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "base/config.h"
#include "base/util.h"
#include "base/vocab.h"
#include "engine/export/internal.h"
#include "store/db.h"
#include "support/check_support.h"
#include "support/harness.h"
#include "worker/providers/provider.h"

START_TEST(every_row_has_worker_code_and_every_adapter_a_row)
{
    for (size_t i = 0; i < vocab_adapter_count; i++)
        ck_assert_msg(provider_adapter_find(vocab_adapters[i].id) != NULL,
                      "vocab_adapters lists '%s', but worker/providers has no adapter of that id", vocab_adapters[i].id);
    size_t count = 0;
    const provider_adapter *const *all = provider_adapter_all(&count);
    for (size_t i = 0; i < count; i++)
        ck_assert_msg(vocab_adapter_find(all[i]->id) != NULL,
                      "worker/providers has an adapter '%s' that vocab_adapters does not list", all[i]->id);
    ck_assert_uint_eq(count, vocab_adapter_count);
}
END_TEST

/* The worker keeps a slot per row and configuration a GPUREC_PROVIDERS entry per adapter, both at most
 * CONFIG_MAX_LIST, with ids that fit config.providers[]. */
START_TEST(every_row_fits_the_configuration)
{
    ck_assert_uint_le(vocab_adapter_count, CONFIG_MAX_LIST);
    config cfg;
    config_defaults(&cfg);
    for (size_t i = 0; i < vocab_adapter_count; i++) {
        const adapter_info *row = &vocab_adapters[i];
        ck_assert_uint_lt(strlen(row->id), sizeof cfg.providers[0]);
        cfg.provider_count = 1;
        util_copy(cfg.providers[0], sizeof cfg.providers[0], row->id);
        char err[512];
        ck_assert_msg(config_validate(&cfg, err, sizeof err) == 0, "GPUREC_PROVIDERS=%s: %s", row->id, err);
    }
}
END_TEST

START_TEST(every_provider_row_is_a_catalog_provider_and_back)
{
    char *path = harness_make_db();
    sqlite3 *db = NULL;
    char err[256];
    ck_assert_msg(db_open(path, false, &db, err, sizeof err) == 0, "%s", err);
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT id FROM providers ORDER BY id", -1, &st, NULL), SQLITE_OK);
    size_t catalog_providers = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(st, 0);
        catalog_providers++;
        ck_assert_msg(vocab_provider_find(id) != NULL,
                      "the catalog has a provider '%s' that vocab_adapters does not list as a provider", id);
    }
    sqlite3_finalize(st);
    size_t rows = 0;
    for (size_t i = 0; i < vocab_adapter_count; i++) {
        if (!vocab_adapters[i].provider)
            continue;
        rows++;
        char sql[128];
        snprintf(sql, sizeof sql, "SELECT 1 FROM providers WHERE id = '%s'", vocab_adapters[i].id);
        ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
        ck_assert_msg(sqlite3_step(st) == SQLITE_ROW, "vocab_adapters lists a provider '%s' the catalog lacks",
                      vocab_adapters[i].id);
        sqlite3_finalize(st);
    }
    ck_assert_uint_eq(rows, catalog_providers);
    db_close(db);
    harness_remove_db(path);
}
END_TEST

/* A provider row with Terraform facts has a writer in terraform.c, and a writer has a provider row with them. */
START_TEST(terraform_facts_and_writers_match)
{
    for (size_t i = 0; i < vocab_adapter_count; i++) {
        const adapter_info *row = &vocab_adapters[i];
        bool facts = row->terraform_source != NULL;
        ck_assert_msg((row->terraform_name != NULL) == facts, "%s: a Terraform local name needs a source", row->id);
        ck_assert_msg(!facts || row->provider, "%s: Terraform facts on an adapter of no provider", row->id);
        ck_assert_msg((export_terraform_writer(row->id) != NULL) == facts,
                      "%s: Terraform facts in vocab_adapters and a writer in terraform.c go together", row->id);
    }
    static const char *const not_providers[] = {"feed", "fx", "ibm", ""};
    for (size_t i = 0; i < sizeof not_providers / sizeof not_providers[0]; i++)
        ck_assert_ptr_null(export_terraform_writer(not_providers[i]));
    ck_assert_msg(export_terraform_writer("aws") != NULL, "the writers are not found at all");
}
END_TEST

START_TEST(skypilot_facts_only_on_providers)
{
    size_t clouds = 0;
    for (size_t i = 0; i < vocab_adapter_count; i++) {
        const adapter_info *row = &vocab_adapters[i];
        ck_assert_msg(row->skypilot_cloud == NULL || row->provider, "%s: a SkyPilot cloud on no provider", row->id);
        ck_assert_msg(row->skypilot_cloud != NULL || !row->skypilot_spot, "%s: SkyPilot spot without a cloud",
                      row->id);
        clouds += row->skypilot_cloud != NULL;
    }
    ck_assert_uint_gt(clouds, 0);
}
END_TEST

/* Each adapter has recorded-format fixtures (tests/data/providers/<id>/) and a fuzz target (fuzz/fuzz_<id>*.c), as
 * the README's recipe for a new adapter asks; and each fixtures folder belongs to an adapter. */
START_TEST(every_adapter_has_fixtures_and_a_fuzz_target)
{
    for (size_t i = 0; i < vocab_adapter_count; i++) {
        const char *id = vocab_adapters[i].id;
        char path[256];
        struct stat st;
        snprintf(path, sizeof path, "tests/data/providers/%s", id);
        ck_assert_msg(stat(path, &st) == 0 && S_ISDIR(st.st_mode), "no fixtures folder %s", path);
        snprintf(path, sizeof path, "fuzz/fuzz_%s*.c", id);
        glob_t g;
        ck_assert_msg(glob(path, 0, NULL, &g) == 0, "no fuzz target %s", path);
        globfree(&g);
    }
    glob_t g;
    ck_assert_int_eq(glob("tests/data/providers/*", GLOB_ONLYDIR, NULL, &g), 0);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        const char *name = g.gl_pathv[i] + strlen("tests/data/providers/");
        if (strcmp(name, "fetch") == 0) /* the fetch layer's own fixtures, of no adapter */
            continue;
        ck_assert_msg(vocab_adapter_find(name) != NULL, "fixtures %s belong to no adapter", g.gl_pathv[i]);
    }
    globfree(&g);
}
END_TEST

static Suite *adapters_suite(void)
{
    Suite *s = suite_create("adapters");
    TCase *tc = tcase_create("one list");
    tcase_add_test(tc, every_row_has_worker_code_and_every_adapter_a_row);
    tcase_add_test(tc, every_row_fits_the_configuration);
    tcase_add_test(tc, every_provider_row_is_a_catalog_provider_and_back);
    tcase_add_test(tc, terraform_facts_and_writers_match);
    tcase_add_test(tc, skypilot_facts_only_on_providers);
    tcase_add_test(tc, every_adapter_has_fixtures_and_a_fuzz_target);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(adapters_suite());
}
