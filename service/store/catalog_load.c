#include "store/catalog_load.h"

#include <math.h>
#include <stdio.h>

#include "base/util.h"
#include "snapshot/build.h"
#include "store/db.h"

typedef struct loader {
    sqlite3 *db;
    catalog_builder *build;
    char *err;
    size_t err_len;
} loader;

static int sql_error(loader *l)
{
    return db_error(l->db, "loading the catalog", l->err, l->err_len);
}

static int prepare(loader *l, const char *sql, sqlite3_stmt **stmt)
{
    return sqlite3_prepare_v2(l->db, sql, -1, stmt, NULL) == SQLITE_OK ? 0 : sql_error(l);
}

/* Sizes table by the count the query gives. */
static int reserve(loader *l, catalog_table table, const char *count_sql)
{
    sqlite3_stmt *stmt = NULL;
    if (prepare(l, count_sql, &stmt) != 0)
        return -1;
    int rc = sqlite3_step(stmt) == SQLITE_ROW ? 0 : sql_error(l);
    catalog_build_reserve(l->build, table, rc == 0 ? (size_t)sqlite3_column_int64(stmt, 0) : 0);
    sqlite3_finalize(stmt);
    return rc;
}

static int step_error(loader *l, int step)
{
    return step == SQLITE_ROW || step == SQLITE_DONE ? 0 : sql_error(l);
}

static const char *text(sqlite3_stmt *stmt, int col)
{
    return (const char *)sqlite3_column_text(stmt, col);
}

static double real(sqlite3_stmt *stmt, int col)
{
    return sqlite3_column_type(stmt, col) == SQLITE_NULL ? NAN : sqlite3_column_double(stmt, col);
}

/* The provider's refresh runs and price count, read with the statements of load_providers. */
static void provider_runs(sqlite3_stmt *last, sqlite3_stmt *success, sqlite3_stmt *rows, catalog_provider_row *row)
{
    sqlite3_bind_text(last, 1, row->id, -1, SQLITE_STATIC);
    if (sqlite3_step(last) == SQLITE_ROW) {
        row->last_run_status = text(last, 0) ? text(last, 0) : "";
        row->last_attempt_at = text(last, 1);
        row->last_error = text(last, 2);
    }
    sqlite3_bind_text(success, 1, row->id, -1, SQLITE_STATIC);
    if (sqlite3_step(success) == SQLITE_ROW)
        row->last_success_at = text(success, 0);
    sqlite3_bind_text(rows, 1, row->id, -1, SQLITE_STATIC);
    if (sqlite3_step(rows) == SQLITE_ROW)
        row->price_rows = (size_t)sqlite3_column_int64(rows, 0);
}

static int load_providers(loader *l)
{
    sqlite3_stmt *stmt = NULL, *last = NULL, *success = NULL, *rows = NULL;
    int rc = -1;
    if (reserve(l, CATALOG_PROVIDERS, "SELECT count(*) FROM providers") != 0)
        return -1;
    if (prepare(l, "SELECT id, name, currency, price_source FROM providers ORDER BY id", &stmt) != 0 ||
        /* A partial run applied what it got: the snapshot shows it as a success whose error names the failed parts
         * ("partial: [...]", which /v1/providers turns back into status partial and failed_parts). */
        prepare(l,
                "SELECT status, started_at, CASE WHEN status = 'partial' THEN 'partial: ' || coalesce(failed_parts, "
                "'[]') ELSE error END FROM refresh_runs WHERE provider_id = ? ORDER BY id DESC LIMIT 1",
                &last) != 0 ||
        prepare(l,
                "SELECT max(finished_at) FROM refresh_runs WHERE provider_id = ? AND status IN ('ok', 'partial', "
                "'unchanged')",
                &success) != 0 ||
        prepare(l, "SELECT count(*) FROM prices WHERE provider_id = ?", &rows) != 0)
        goto out;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        catalog_provider_row row = {text(stmt, 0), text(stmt, 1), text(stmt, 2), text(stmt, 3), NULL, NULL, NULL,
                                    NULL, 0};
        provider_runs(last, success, rows, &row);
        catalog_added added = catalog_build_provider(l->build, &row);
        sqlite3_reset(last);
        sqlite3_reset(success);
        sqlite3_reset(rows);
        if (added == CATALOG_FULL)
            break;
    }
    rc = step_error(l, step);
out:
    sqlite3_finalize(stmt);
    sqlite3_finalize(last);
    sqlite3_finalize(success);
    sqlite3_finalize(rows);
    return rc;
}

static int load_regions(loader *l)
{
    sqlite3_stmt *stmt = NULL;
    if (reserve(l, CATALOG_REGIONS, "SELECT count(*) FROM regions") != 0 ||
        prepare(l, "SELECT provider_id, id, name, geography, country FROM regions ORDER BY provider_id, id", &stmt) != 0)
        return -1;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        catalog_region_row row = {text(stmt, 0), text(stmt, 1), text(stmt, 2), text(stmt, 3), text(stmt, 4)};
        if (catalog_build_region(l->build, &row) == CATALOG_FULL)
            break;
    }
    int rc = step_error(l, step);
    sqlite3_finalize(stmt);
    return rc;
}

static int load_gpus(loader *l)
{
    sqlite3_stmt *stmt = NULL;
    if (reserve(l, CATALOG_GPUS, "SELECT count(*) FROM gpus") != 0 ||
        prepare(l,
                "SELECT id, name, vendor, architecture, form_factor, memory_type, interconnect, sources, memory_gb, "
                "memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, "
                "bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect_gb_per_s, release_year, ecc, mig, vgpu "
                "FROM gpus ORDER BY id",
                &stmt) != 0)
        return -1;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        catalog_gpu_row row = {
            text(stmt, 0),  text(stmt, 1),  text(stmt, 2),  text(stmt, 3),  text(stmt, 4),  text(stmt, 5),
            text(stmt, 6),  text(stmt, 7),  real(stmt, 8),  real(stmt, 9),  real(stmt, 10), real(stmt, 11),
            real(stmt, 12), real(stmt, 13), real(stmt, 14), real(stmt, 15), real(stmt, 16), real(stmt, 17),
            real(stmt, 18), real(stmt, 19), real(stmt, 20), real(stmt, 21), real(stmt, 22), real(stmt, 23)};
        if (catalog_build_gpu(l->build, &row) == CATALOG_FULL)
            break;
    }
    int rc = step_error(l, step);
    sqlite3_finalize(stmt);
    return rc;
}

static int load_instances(loader *l)
{
    sqlite3_stmt *stmt = NULL;
    if (reserve(l, CATALOG_INSTANCES, "SELECT count(*) FROM instance_types") != 0 ||
        prepare(l,
                "SELECT provider_id, id, family, gpu_id, gpu_interconnect, cluster_network, source, gpu_count, "
                "gpu_memory_gb, memory_gb, network_gbps, cluster_network_gbps, vcpus, retired_at, availability "
                "FROM instance_types ORDER BY provider_id, id",
                &stmt) != 0)
        return -1;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        catalog_instance_row row = {text(stmt, 0), text(stmt, 1), text(stmt, 2),  text(stmt, 3),  text(stmt, 4),
                                    text(stmt, 5), text(stmt, 6), real(stmt, 7),  real(stmt, 8),  real(stmt, 9),
                                    real(stmt, 10), real(stmt, 11), real(stmt, 12), text(stmt, 13), text(stmt, 14)};
        if (catalog_build_instance(l->build, &row) == CATALOG_FULL)
            break;
    }
    int rc = step_error(l, step);
    sqlite3_finalize(stmt);
    return rc;
}

static int load_fx(loader *l)
{
    sqlite3_stmt *stmt = NULL;
    if (reserve(l, CATALOG_FX, "SELECT count(*) FROM fx_rates") != 0 ||
        prepare(l, "SELECT currency, usd_per_unit, source, as_of FROM fx_rates ORDER BY currency", &stmt) != 0)
        return -1;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        catalog_fx_row row = {text(stmt, 0), real(stmt, 1), text(stmt, 2), text(stmt, 3)};
        if (catalog_build_fx(l->build, &row) == CATALOG_FULL)
            break;
    }
    int rc = step_error(l, step);
    sqlite3_finalize(stmt);
    return rc;
}

static int load_offers(loader *l)
{
    sqlite3_stmt *stmt = NULL;
    /* A price past its effective end (effective_end_at, as the provider published it) is not served. The snapshot is
     * built at start and after each refresh, so the clock is read then (util_now: pinned in tests). */
    char now[32];
    util_format_time(util_now(), now, sizeof now);
    if (reserve(l, CATALOG_OFFERS, /* at most this many: expired ones are left out below */
                "SELECT count(*) FROM (SELECT DISTINCT provider_id, instance_type_id, region_id FROM prices)") != 0 ||
        prepare(l,
                "SELECT provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, "
                "effective_at, spot_interruption, estimated, min_hours, max_hours FROM prices "
                "WHERE effective_end_at IS NULL OR effective_end_at > ?1 "
                "ORDER BY provider_id, instance_type_id, region_id",
                &stmt) != 0)
        return -1;
    sqlite3_bind_text(stmt, 1, now, -1, SQLITE_TRANSIENT);
    int rc = 0, step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        catalog_price_row row = {text(stmt, 0), text(stmt, 1), text(stmt, 2), text(stmt, 3), real(stmt, 4),
                                 text(stmt, 5), text(stmt, 6), text(stmt, 7), text(stmt, 8), text(stmt, 9),
                                 real(stmt, 10), real(stmt, 11), real(stmt, 12)};
        catalog_added added = catalog_build_price(l->build, &row, l->err, l->err_len);
        if (added == CATALOG_REFUSED)
            rc = -1;
        if (added != CATALOG_ADDED)
            break;
    }
    if (rc == 0)
        rc = step_error(l, step);
    sqlite3_finalize(stmt);
    return rc;
}

static int int_col(sqlite3_stmt *stmt, int col)
{
    return sqlite3_column_int(stmt, col); /* NULL reads as 0: "none" in a model's architecture */
}

static int load_models(loader *l)
{
    sqlite3_stmt *stmt = NULL;
    if (reserve(l, CATALOG_MODELS, "SELECT count(*) FROM models") != 0 ||
        prepare(l,
                "SELECT id, name, family, license, sources, attention, mlp, release_year, params_b, active_params_b, "
                "layers, hidden_size, intermediate_size, moe_intermediate_size, attention_heads, kv_heads, head_dim, "
                "q_lora_rank, kv_lora_rank, qk_nope_head_dim, qk_rope_head_dim, v_head_dim, experts, shared_experts, "
                "experts_per_token, dense_layers, tied_embeddings, vocab_size, max_context, sliding_window, "
                "sliding_window_layers FROM models ORDER BY id",
                &stmt) != 0)
        return -1;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        catalog_model_row row = {text(stmt, 0), text(stmt, 1), text(stmt, 2), text(stmt, 3), text(stmt, 4),
                                 text(stmt, 5), text(stmt, 6), int_col(stmt, 7), {0}};
        model_arch *a = &row.arch;
        a->params_b = sqlite3_column_double(stmt, 8);
        a->active_params_b = sqlite3_column_double(stmt, 9);
        int *ints[] = {&a->layers,           &a->hidden_size,      &a->intermediate_size, &a->moe_intermediate_size,
                       &a->attention_heads,  &a->kv_heads,         &a->head_dim,          &a->q_lora_rank,
                       &a->kv_lora_rank,     &a->qk_nope_head_dim, &a->qk_rope_head_dim,  &a->v_head_dim,
                       &a->experts,          &a->shared_experts,   &a->experts_per_token, &a->dense_layers};
        for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
            *ints[i] = int_col(stmt, 10 + (int)i);
        a->tied_embeddings = int_col(stmt, 26) != 0;
        a->vocab_size = int_col(stmt, 27);
        a->max_context = (long)sqlite3_column_int64(stmt, 28);
        a->sliding_window = int_col(stmt, 29);
        a->sliding_window_layers = int_col(stmt, 30);
        if (catalog_build_model(l->build, &row) == CATALOG_FULL)
            break;
    }
    int rc = step_error(l, step);
    sqlite3_finalize(stmt);
    return rc;
}

static int load_benchmarks(loader *l)
{
    sqlite3_stmt *stmt = NULL;
    if (reserve(l, CATALOG_BENCHMARKS, "SELECT count(*) FROM benchmarks") != 0 ||
        prepare(l,
                "SELECT id, benchmark, suite, suite_version, case_name, gpu_id, published_unit, unit, measured_on, url, "
                "settings, published_value, rate, gpu_count FROM benchmarks ORDER BY id",
                &stmt) != 0)
        return -1;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        catalog_benchmark_row row = {text(stmt, 0), text(stmt, 1),  text(stmt, 2),  text(stmt, 3), text(stmt, 4),
                                     text(stmt, 5), text(stmt, 6),  text(stmt, 7),  text(stmt, 8), text(stmt, 9),
                                     text(stmt, 10), real(stmt, 11), real(stmt, 12), real(stmt, 13)};
        if (catalog_build_benchmark(l->build, &row) == CATALOG_FULL)
            break;
    }
    int rc = step_error(l, step);
    sqlite3_finalize(stmt);
    return rc;
}

int store_catalog_load(sqlite3 *db, catalog **out, char *err, size_t err_len)
{
    *out = NULL;
    loader l = {db, catalog_build_new(), err, err_len};
    int rc = -1;
    /* one read transaction: a refresh committing meanwhile cannot tear the snapshot */
    if (sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
        sql_error(&l);
        goto out;
    }
    if (load_providers(&l) != 0 || load_regions(&l) != 0 || load_gpus(&l) != 0 || load_instances(&l) != 0 ||
        load_fx(&l) != 0 || load_offers(&l) != 0 || load_models(&l) != 0 ||
        load_benchmarks(&l) != 0)
        goto out;
    *out = catalog_build_finish(l.build);
    l.build = NULL;
    rc = 0;
out:
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    catalog_build_free(l.build);
    return rc;
}
