/* Seed catalog sanity: applies every migration to a fresh database and checks the catalog's facts, then the catalog
   rules (every current type priced, every price and GPU sourced, no regional copies, derived prices marked) and that
   each rule catches a row that breaks it. */
#include <check.h>
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/check_support.h"

#define MIGRATIONS_DIR "migrations"
#define LAST_SEED_MIGRATION 9 /* the seed catalog v2 (0007..0009) */

static sqlite3 *db;
static char db_path[64];

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return NULL;
    }
    long n = ftell(f);
    if (n < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Migration files NNNN_name.sql, in name order (every one: later migrations may add tables the seed relies on). */
static int seed_migration_filter(const struct dirent *e)
{
    const char *n = e->d_name;
    size_t len = strlen(n);
    if (len < 10 || strcmp(n + len - 4, ".sql") != 0)
        return 0;
    for (int i = 0; i < 4; i++)
        if (!isdigit((unsigned char)n[i]))
            return 0;
    if (n[4] != '_')
        return 0;
    return atoi(n) >= 1;
}

static int count_seed_migrations(struct dirent ***list)
{
    return scandir(MIGRATIONS_DIR, list, seed_migration_filter, alphasort);
}

static void apply_migrations(void)
{
    struct dirent **list = NULL;
    int n = count_seed_migrations(&list);
    ck_assert_msg(n >= LAST_SEED_MIGRATION - 1, "expected at least %d migrations in %s/, found %d",
                  LAST_SEED_MIGRATION - 1, MIGRATIONS_DIR, n);
    ck_assert_msg(atoi(list[n - 1]->d_name) >= LAST_SEED_MIGRATION, "last migration %s is older than %04d",
                  list[n - 1]->d_name, LAST_SEED_MIGRATION);
    for (int i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", MIGRATIONS_DIR, list[i]->d_name);
        char *sql = read_file(path);
        ck_assert_msg(sql != NULL, "cannot read %s", path);
        char *err = NULL;
        int rc = sqlite3_exec(db, "BEGIN", NULL, NULL, &err);
        ck_assert_int_eq(rc, SQLITE_OK);
        rc = sqlite3_exec(db, sql, NULL, NULL, &err);
        ck_assert_msg(rc == SQLITE_OK, "%s: %s", path, err ? err : "?");
        rc = sqlite3_exec(db, "COMMIT", NULL, NULL, &err);
        ck_assert_msg(rc == SQLITE_OK, "%s commit: %s", path, err ? err : "?");
        free(sql);
        free(list[i]);
    }
    free(list);
}

static void setup(void)
{
    snprintf(db_path, sizeof db_path, "/tmp/gpurec-seed-XXXXXX");
    int fd = mkstemp(db_path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, "PRAGMA foreign_keys=ON", NULL, NULL, NULL), SQLITE_OK);
    apply_migrations();
}

static void teardown(void)
{
    sqlite3_close(db);
    db = NULL;
    unlink(db_path);
}

/* The first column of the first row of a query, as a double; NAN when there is no row or it is NULL. */
static double qd(const char *sql)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    ck_assert_msg(rc == SQLITE_OK, "prepare: %s: %s", sql, sqlite3_errmsg(db));
    double v = NAN;
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
        v = sqlite3_column_double(st, 0);
    sqlite3_finalize(st);
    return v;
}

static long long qi(const char *sql)
{
    double v = qd(sql);
    ck_assert_msg(!isnan(v), "no value: %s", sql);
    return (long long)v;
}

/* A query that lists offending rows: fails with the first one named. */
static void assert_no_rows(const char *what, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    ck_assert_msg(rc == SQLITE_OK, "prepare: %s: %s", sql, sqlite3_errmsg(db));
    rc = sqlite3_step(st);
    char first[256] = "";
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        snprintf(first, sizeof first, "%s", t ? (const char *)t : "(null)");
    }
    sqlite3_finalize(st);
    ck_assert_msg(rc == SQLITE_DONE, "%s: offending row %s", what, first);
}

START_TEST(test_counts)
{
    ck_assert_int_ge(qi("SELECT count(*) FROM gpus"), 35);
    ck_assert_int_ge(qi("SELECT count(*) FROM instance_types"), 210);
    ck_assert_int_eq(qi("SELECT count(*) FROM providers"), 7);
    ck_assert_int_eq(qi("SELECT count(*) FROM providers WHERE id IN "
                        "('aws','azure','gcp','oci','lambda','alibaba','tencent')"),
                     7);
    const char *big3[] = {"aws", "azure", "gcp"};
    for (size_t i = 0; i < sizeof big3 / sizeof big3[0]; i++) {
        char sql[160];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM regions WHERE provider_id = '%s'", big3[i]);
        ck_assert_msg(qi(sql) >= 3, "%s has fewer than 3 regions", big3[i]);
        snprintf(sql, sizeof sql,
                 "SELECT count(DISTINCT region_id) FROM prices WHERE provider_id = '%s' AND pricing_model = 'on_demand'",
                 big3[i]);
        ck_assert_msg(qi(sql) >= 3, "%s has prices in fewer than 3 regions", big3[i]);
    }
    assert_no_rows("provider without regions",
                   "SELECT p.id FROM providers p WHERE (SELECT count(*) FROM regions r WHERE r.provider_id = p.id) < 3");
    assert_no_rows("provider without instance types",
                   "SELECT p.id FROM providers p WHERE NOT EXISTS (SELECT 1 FROM instance_types i WHERE i.provider_id = p.id)");
    ck_assert_int_ge(qi("SELECT count(*) FROM prices"), 400);
    ck_assert_int_le(qi("SELECT count(*) FROM prices"), 2500);
}
END_TEST

/* Every seed region says its country (0011), and the country agrees with the geography where one implies the other. */
START_TEST(test_region_countries)
{
    ck_assert_int_eq(qi("SELECT count(*) FROM regions WHERE country = ''"), 0);
    ck_assert_int_eq(qi("SELECT count(*) FROM regions WHERE geography = 'us' AND country <> 'US'"), 0);
    ck_assert_int_eq(qi("SELECT count(*) FROM regions WHERE geography = 'cn' AND country <> 'CN'"), 0);
    ck_assert_int_eq(qi("SELECT count(*) FROM regions WHERE geography = 'ca' AND country <> 'CA'"), 0);
    ck_assert_int_eq(qi("SELECT count(*) FROM regions WHERE country = 'US' AND geography <> 'us'"), 0);
    ck_assert_int_eq(qi("SELECT count(*) FROM regions WHERE geography = 'eu' AND country NOT IN "
                        "('DE', 'IE', 'GB', 'NL', 'SE', 'FR', 'IT', 'ES', 'PL', 'CH', 'FI', 'NO', 'BE', 'AT')"),
                     0);
}
END_TEST

START_TEST(test_required_gpu_ids)
{
    const char *ids[] = {"v100-sxm2-16gb", "v100-sxm2-32gb", "t4",           "a10",          "a10g",
                         "l4",             "l40s",           "a100-sxm-40gb", "a100-sxm-80gb", "a100-pcie-40gb",
                         "a100-pcie-80gb", "h100-sxm-80gb",  "h100-pcie-80gb", "h100-nvl-94gb", "h200-sxm-141gb",
                         "rtx-a6000",      "mi250x",         "mi300x",       "gaudi2",       "gaudi3",
                         "b300-sxm-288gb", "gb200-186gb",    "gb300-288gb",  "mi325x",       "mi355x",
                         "h200-nvl-141gb", "rtx-6000-ada",   "rtx-pro-6000-server", "v100-pcie-16gb"};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        char sql[128];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM gpus WHERE id = '%s'", ids[i]);
        ck_assert_msg(qi(sql) == 1, "gpu %s missing", ids[i]);
    }
    ck_assert_int_eq(qi("SELECT count(*) FROM gpus WHERE id IN ('b200-sxm-180gb', 'b200-sxm-192gb')"), 1);
    assert_no_rows("gpu without sources", "SELECT id FROM gpus WHERE json_array_length(sources) < 1");
}
END_TEST

START_TEST(test_instances_reference_gpus)
{
    assert_no_rows("instance with unknown gpu", "SELECT i.provider_id || '/' || i.id FROM instance_types i "
                                                "LEFT JOIN gpus g ON g.id = i.gpu_id WHERE g.id IS NULL");
    assert_no_rows("gpu_count not positive", "SELECT provider_id || '/' || id FROM instance_types WHERE gpu_count <= 0");
    assert_no_rows("instance without source", "SELECT provider_id || '/' || id FROM instance_types WHERE source = ''");
}
END_TEST

START_TEST(test_gpu_memory_matches_count)
{
    assert_no_rows("whole-GPU instance memory != count x card memory",
                   "SELECT i.provider_id || '/' || i.id FROM instance_types i JOIN gpus g ON g.id = i.gpu_id "
                   "WHERE i.gpu_count >= 1 AND abs(i.gpu_memory_gb - i.gpu_count * g.memory_gb) > 1");
    assert_no_rows("whole-GPU instance with fractional count",
                   "SELECT provider_id || '/' || id FROM instance_types WHERE gpu_count > 1 AND gpu_count <> round(gpu_count)");
    assert_no_rows("fractional instance claims the whole card",
                   "SELECT i.provider_id || '/' || i.id FROM instance_types i JOIN gpus g ON g.id = i.gpu_id "
                   "WHERE i.gpu_count < 1 AND i.gpu_memory_gb >= g.memory_gb");
    assert_no_rows("single-GPU instance with a GPU interconnect",
                   "SELECT provider_id || '/' || id FROM instance_types WHERE gpu_count <= 1 AND gpu_interconnect <> 'none'");
    assert_no_rows("multi-GPU instance without a GPU interconnect",
                   "SELECT provider_id || '/' || id FROM instance_types WHERE gpu_count > 1 AND gpu_interconnect = 'none'");
    assert_no_rows("cluster network without bandwidth",
                   "SELECT provider_id || '/' || id FROM instance_types WHERE "
                   "(cluster_network = 'none') <> (cluster_network_gbps = 0)");
    /* Azure NV6ads_A10_v5 is one sixth of an A10 with 4 GB. */
    ck_assert_double_eq_tol(qd("SELECT gpu_count FROM instance_types WHERE provider_id = 'azure' "
                               "AND id = 'Standard_NV6ads_A10_v5'"),
                            1.0 / 6, 0.001);
    ck_assert_double_eq_tol(qd("SELECT gpu_memory_gb FROM instance_types WHERE provider_id = 'azure' "
                               "AND id = 'Standard_NV6ads_A10_v5'"),
                            4.0, 0.01);
}
END_TEST

START_TEST(test_prices_valid)
{
    assert_no_rows("price not positive", "SELECT provider_id || '/' || instance_type_id FROM prices WHERE hourly <= 0");
    assert_no_rows("price currency without fx rate",
                   "SELECT p.provider_id || '/' || p.instance_type_id || ' ' || p.currency FROM prices p "
                   "LEFT JOIN fx_rates f ON f.currency = p.currency WHERE f.currency IS NULL");
    assert_no_rows("price timestamps not ISO 8601 UTC",
                   "SELECT provider_id || '/' || instance_type_id FROM prices WHERE NOT ("
                   "fetched_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z' AND "
                   "effective_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z')");
    assert_no_rows("price without source", "SELECT provider_id || '/' || instance_type_id FROM prices WHERE source = ''");
    assert_no_rows("spot band on a non-spot row or unknown band",
                   "SELECT provider_id || '/' || instance_type_id FROM prices WHERE spot_interruption IS NOT NULL AND "
                   "(pricing_model <> 'spot' OR spot_interruption NOT IN ('<5%','5-10%','10-15%','15-20%','>20%'))");
    assert_no_rows("price in a currency other than the provider's home currency or USD",
                   "SELECT p.provider_id || '/' || p.instance_type_id FROM prices p JOIN providers v ON v.id = p.provider_id "
                   "WHERE p.currency <> v.currency AND p.currency <> 'USD'");
    ck_assert_double_eq_tol(qd("SELECT usd_per_unit FROM fx_rates WHERE currency = 'USD'"), 1.0, 1e-9);
    double cny = qd("SELECT usd_per_unit FROM fx_rates WHERE currency = 'CNY'");
    ck_assert_msg(cny > 0.12 && cny < 0.16, "CNY rate %f out of range", cny);
    /* p5.48xlarge is priced after the June 2025 P5 price cut. */
    double p5 = qd("SELECT hourly FROM prices WHERE provider_id = 'aws' AND instance_type_id = 'p5.48xlarge' "
                   "AND region_id = 'us-east-1' AND pricing_model = 'on_demand' AND effective_at >= '2025-06-01'");
    ck_assert_msg(!isnan(p5) && p5 > 40 && p5 < 70, "p5.48xlarge us-east-1 on-demand %f", p5);
}
END_TEST

/* Spot and commitment prices: the three big clouds carry spot, 1-year and 3-year rows in several regions, and the
   main GPU types have such rows somewhere. */
START_TEST(test_pricing_model_coverage)
{
    const char *big3[] = {"aws", "azure", "gcp"};
    const char *models[] = {"spot", "reserved_1y", "reserved_3y"};
    for (size_t i = 0; i < sizeof big3 / sizeof big3[0]; i++) {
        for (size_t j = 0; j < sizeof models / sizeof models[0]; j++) {
            char sql[200];
            snprintf(sql, sizeof sql,
                     "SELECT count(DISTINCT region_id) FROM prices WHERE provider_id = '%s' AND pricing_model = '%s'",
                     big3[i], models[j]);
            /* Azure's reservation rows are derived, and are kept only where the pay-as-you-go rate they derive
               from was published for the region (East US, East US 2): two regions. */
            long long need = strcmp(models[j], "spot") == 0 ? 3 : 2;
            ck_assert_msg(qi(sql) >= need, "%s has %s prices in fewer than %lld regions", big3[i], models[j], need);
        }
    }
    static const struct {
        const char *gpu_like, *model;
    } need[] = {
        {"a100-%", "reserved_1y"}, {"a100-%", "reserved_3y"}, {"a100-%", "spot"},
        {"h100-%", "reserved_1y"}, {"h100-%", "reserved_3y"},
        {"l4", "reserved_1y"},     {"l4", "reserved_3y"},     {"l4", "spot"},
        {"t4", "reserved_1y"},     {"t4", "reserved_3y"},     {"t4", "spot"},
        {"a10%", "reserved_1y"},   {"a10%", "reserved_3y"},   {"a10%", "spot"},
        {"v100-%", "reserved_1y"}, {"v100-%", "reserved_3y"}, {"v100-%", "spot"},
        {"l40s", "reserved_1y"},   {"l40s", "reserved_3y"},   {"l40s", "spot"},
    };
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++) {
        char sql[256];
        snprintf(sql, sizeof sql,
                 "SELECT count(*) FROM prices p JOIN instance_types t ON t.provider_id = p.provider_id "
                 "AND t.id = p.instance_type_id WHERE t.gpu_id LIKE '%s' AND p.pricing_model = '%s'",
                 need[i].gpu_like, need[i].model);
        ck_assert_msg(qi(sql) >= 1, "no %s price for a %s instance", need[i].model, need[i].gpu_like);
    }
}
END_TEST

/* The same instance type and region: reserved_3y <= reserved_1y <= on_demand, savings plans likewise, spot below
   on-demand, every such row next to an on-demand row in the same currency, and no discount so deep that it points
   at a unit error (an upfront fee or a monthly figure entered as hourly). */
#define SAME_KEY(a, b)                                                                                                 \
    a ".provider_id = " b ".provider_id AND " a ".instance_type_id = " b ".instance_type_id AND " a                    \
    ".region_id = " b ".region_id"
#define ROW_NAME(a) a ".provider_id || '/' || " a ".instance_type_id || '/' || " a ".region_id || ' ' || " a ".pricing_model"

START_TEST(test_pricing_model_order)
{
    /* A type that has an on-demand price somewhere has one next to each of its other prices, in the same currency.
       (AWS p5e.48xlarge has no On-Demand offer at all, only Capacity Blocks and Spot.) */
    assert_no_rows("non-on-demand price without an on-demand price in the same currency",
                   "SELECT " ROW_NAME("p") " FROM prices p WHERE p.pricing_model <> 'on_demand' AND NOT EXISTS "
                   "(SELECT 1 FROM prices o WHERE " SAME_KEY("o", "p") " AND o.pricing_model = 'on_demand' "
                   "AND o.currency = p.currency) AND EXISTS (SELECT 1 FROM prices a WHERE a.provider_id = p.provider_id "
                   "AND a.instance_type_id = p.instance_type_id AND a.pricing_model = 'on_demand')");
    assert_no_rows("reserved_1y above on_demand",
                   "SELECT " ROW_NAME("r") " FROM prices r JOIN prices o ON " SAME_KEY("o", "r")
                   " AND o.pricing_model = 'on_demand' WHERE r.pricing_model = 'reserved_1y' AND r.hourly > o.hourly");
    assert_no_rows("reserved_3y above on_demand",
                   "SELECT " ROW_NAME("r") " FROM prices r JOIN prices o ON " SAME_KEY("o", "r")
                   " AND o.pricing_model = 'on_demand' WHERE r.pricing_model = 'reserved_3y' AND r.hourly > o.hourly");
    assert_no_rows("reserved_3y above reserved_1y",
                   "SELECT " ROW_NAME("r") " FROM prices r JOIN prices o ON " SAME_KEY("o", "r")
                   " AND o.pricing_model = 'reserved_1y' WHERE r.pricing_model = 'reserved_3y' AND r.hourly > o.hourly");
    assert_no_rows("savings plan above on_demand",
                   "SELECT " ROW_NAME("r") " FROM prices r JOIN prices o ON " SAME_KEY("o", "r")
                   " AND o.pricing_model = 'on_demand' WHERE r.pricing_model IN ('savings_plan_1y', 'savings_plan_3y') "
                   "AND r.hourly > o.hourly");
    assert_no_rows("savings_plan_3y above savings_plan_1y",
                   "SELECT " ROW_NAME("r") " FROM prices r JOIN prices o ON " SAME_KEY("o", "r")
                   " AND o.pricing_model = 'savings_plan_1y' WHERE r.pricing_model = 'savings_plan_3y' "
                   "AND r.hourly > o.hourly");
    assert_no_rows("spot not below on_demand",
                   "SELECT " ROW_NAME("s") " FROM prices s JOIN prices o ON " SAME_KEY("o", "s")
                   " AND o.pricing_model = 'on_demand' WHERE s.pricing_model = 'spot' AND s.hourly >= o.hourly");
    assert_no_rows("implausibly deep discount",
                   "SELECT " ROW_NAME("r") " || printf(' %.4f of on-demand', r.hourly / o.hourly) FROM prices r "
                   "JOIN prices o ON " SAME_KEY("o", "r") " AND o.pricing_model = 'on_demand' WHERE "
                   "(r.pricing_model IN ('reserved_1y', 'savings_plan_1y') AND r.hourly < o.hourly * 0.4) OR "
                   "(r.pricing_model IN ('reserved_3y', 'savings_plan_3y') AND r.hourly < o.hourly * 0.2) OR "
                   "(r.pricing_model = 'spot' AND r.hourly < o.hourly * 0.05)");
    assert_no_rows("spot interruption band outside AWS (only the AWS Spot Instance Advisor publishes bands)",
                   "SELECT " ROW_NAME("p") " FROM prices p WHERE p.spot_interruption IS NOT NULL AND p.provider_id <> 'aws'");
}
END_TEST

/* A CNY price converted to USD, per GPU of the instance. */
#define CNY_USD_PER_GPU                                                                                                \
    "SELECT p.provider_id, p.instance_type_id, p.region_id, t.gpu_id, t.gpu_count, p.hourly * f.usd_per_unit AS usd, " \
    "p.hourly * f.usd_per_unit / t.gpu_count AS usd_per_gpu FROM prices p JOIN fx_rates f ON f.currency = p.currency "   \
    "JOIN instance_types t ON t.provider_id = p.provider_id AND t.id = p.instance_type_id "                             \
    "WHERE p.currency = 'CNY' AND p.pricing_model = 'on_demand'"

START_TEST(test_china_prices)
{
    const char *cn[] = {"alibaba", "tencent"};
    for (size_t i = 0; i < sizeof cn / sizeof cn[0]; i++) {
        char sql[512];
        snprintf(sql, sizeof sql,
                 "SELECT count(DISTINCT p.region_id) FROM prices p JOIN regions r ON r.provider_id = p.provider_id "
                 "AND r.id = p.region_id WHERE p.provider_id = '%s' AND p.currency = 'CNY' AND r.geography = 'cn'",
                 cn[i]);
        ck_assert_msg(qi(sql) >= 2, "%s has CNY prices in fewer than 2 China regions", cn[i]);
        /* A single-A10 instance converted with fx_rates lands in a plausible USD band, and near AWS's A10G. */
        snprintf(sql, sizeof sql, "SELECT min(usd) FROM (" CNY_USD_PER_GPU ") WHERE provider_id = '%s' "
                 "AND gpu_id = 'a10' AND gpu_count = 1", cn[i]);
        double a10 = qd(sql);
        ck_assert_msg(!isnan(a10), "%s has no CNY price for a single-A10 instance", cn[i]);
        ck_assert_msg(a10 > 0.3 && a10 < 5, "%s single-A10 instance converts to %.3f USD/h", cn[i], a10);
        double g5 = qd("SELECT hourly FROM prices WHERE provider_id = 'aws' AND instance_type_id = 'g5.xlarge' "
                       "AND region_id = 'us-east-1' AND pricing_model = 'on_demand' AND currency = 'USD'");
        ck_assert_msg(!isnan(g5), "aws g5.xlarge us-east-1 on-demand missing");
        ck_assert_msg(a10 > g5 / 4 && a10 < g5 * 4, "%s single-A10 %.3f USD/h is not within 4x of g5.xlarge %.3f",
                      cn[i], a10, g5);
    }
    assert_no_rows("CNY price outside a China region",
                   "SELECT p.provider_id || '/' || p.instance_type_id || '/' || p.region_id FROM prices p "
                   "JOIN regions r ON r.provider_id = p.provider_id AND r.id = p.region_id "
                   "WHERE p.currency = 'CNY' AND r.geography <> 'cn'");
    /* Per GPU, a CNY price in USD is between 0.1 and 10 (catches monthly figures, fen, or an inverted rate)... */
    assert_no_rows("CNY price per GPU outside 0.1..10 USD/h",
                   "SELECT provider_id || '/' || instance_type_id || printf(' %.3f', usd_per_gpu) FROM (" CNY_USD_PER_GPU
                   ") WHERE usd_per_gpu < 0.1 OR usd_per_gpu > 10");
    /* ...and within 4x of the cheapest AWS/Azure/GCP on-demand price per GPU of the same model. */
    assert_no_rows("CNY price per GPU not within 4x of the big clouds' price for the same GPU",
                   "WITH cn AS (SELECT provider_id, gpu_id, min(usd_per_gpu) AS v FROM (" CNY_USD_PER_GPU
                   ") GROUP BY 1, 2), ref AS (SELECT t.gpu_id, min(p.hourly * f.usd_per_unit / t.gpu_count) AS v "
                   "FROM prices p JOIN fx_rates f ON f.currency = p.currency JOIN instance_types t "
                   "ON t.provider_id = p.provider_id AND t.id = p.instance_type_id WHERE p.pricing_model = 'on_demand' "
                   "AND p.provider_id IN ('aws', 'azure', 'gcp') GROUP BY 1) "
                   "SELECT cn.provider_id || '/' || cn.gpu_id || printf(' %.3f vs %.3f', cn.v, ref.v) FROM cn "
                   "JOIN ref ON ref.gpu_id = cn.gpu_id WHERE cn.v > ref.v * 4 OR cn.v < ref.v / 4");
    ck_assert_int_ge(qi("SELECT count(*) FROM (" CNY_USD_PER_GPU ") c JOIN (SELECT DISTINCT t.gpu_id FROM prices p "
                        "JOIN instance_types t ON t.provider_id = p.provider_id AND t.id = p.instance_type_id "
                        "WHERE p.provider_id IN ('aws', 'azure', 'gcp')) r ON r.gpu_id = c.gpu_id"),
                     10);
}
END_TEST

START_TEST(test_foreign_key_check)
{
    assert_no_rows("foreign key violation", "SELECT \"table\" || ' rowid ' || coalesce(rowid, '?') FROM pragma_foreign_key_check");
    ck_assert_int_eq(qi("PRAGMA foreign_keys"), 1);
}
END_TEST

START_TEST(test_tensor_sanity)
{
    assert_no_rows("fp8 below fp16", "SELECT id FROM gpus WHERE fp8_tflops < fp16_tflops");
    assert_no_rows("tf32 above fp16", "SELECT id FROM gpus WHERE tf32_tflops > fp16_tflops");
    assert_no_rows("fp16 below fp32", "SELECT id FROM gpus WHERE fp16_tflops < fp32_tflops");
    assert_no_rows("bf16 below fp32", "SELECT id FROM gpus WHERE bf16_tflops < fp32_tflops");
    assert_no_rows("nvidia bf16 != fp16",
                   "SELECT id FROM gpus WHERE vendor = 'nvidia' AND abs(bf16_tflops - fp16_tflops) > 0.01");
    /* Blackwell Ultra (B300, GB300) cut the INT8 tensor rate: NVIDIA's tables give it well below FP16. */
    assert_no_rows("nvidia int8 below fp16", "SELECT id FROM gpus WHERE vendor = 'nvidia' AND int8_tops < fp16_tflops "
                                             "AND id NOT IN ('b300-sxm-288gb', 'gb300-288gb')");
    /* On NVIDIA tensor cores each halving of the format doubles the dense rate: TF32 = FP16/2, FP8 = INT8 = 2 x FP16.
       A figure above that is a sparse number that slipped through. */
    assert_no_rows("nvidia tf32 above half of fp16",
                   "SELECT id FROM gpus WHERE vendor = 'nvidia' AND tf32_tflops * 2 > fp16_tflops * 1.02");
    assert_no_rows("nvidia fp8 above twice fp16",
                   "SELECT id FROM gpus WHERE vendor = 'nvidia' AND fp8_tflops > fp16_tflops * 2 * 1.02");
    assert_no_rows("nvidia int8 above twice fp16",
                   "SELECT id FROM gpus WHERE vendor = 'nvidia' AND int8_tops > fp16_tflops * 2 * 1.02");
    assert_no_rows("fp64 tensor below fp64", "SELECT id FROM gpus WHERE fp64_tensor_tflops < fp64_tflops");
    assert_no_rows("fp64 above fp32", "SELECT id FROM gpus WHERE fp64_tflops > fp32_tflops");
    assert_no_rows("v100/t4 claim formats they lack",
                   "SELECT id FROM gpus WHERE id IN ('v100-sxm2-16gb','v100-sxm2-32gb','t4') AND "
                   "(bf16_tflops IS NOT NULL OR tf32_tflops IS NOT NULL OR fp8_tflops IS NOT NULL OR fp64_tensor_tflops IS NOT NULL)");
    assert_no_rows("a100 claims fp8", "SELECT id FROM gpus WHERE id LIKE 'a100-%' AND fp8_tflops IS NOT NULL");
    assert_no_rows("inference/workstation part with a full FP64 rate",
                   "SELECT id FROM gpus WHERE id IN ('t4','l4','a10','a10g','l40s','l40','a40','rtx-a6000') AND "
                   "(fp64_tflops <= 0 OR fp64_tflops * 16 > fp32_tflops OR fp64_tensor_tflops IS NOT NULL)");
    /* Dense figures are half the vendor's sparse BF16 figure (within 2%: the L40S sheet prints 362.05 dense
       next to 733 sparse). */
    static const struct {
        const char *id;
        double sparse_bf16;
    } sparse[] = {
        {"h100-sxm-80gb", 1979},  {"h100-pcie-80gb", 1513}, {"h100-nvl-94gb", 1671}, {"h200-sxm-141gb", 1979},
        {"a100-sxm-40gb", 624},   {"a100-sxm-80gb", 624},   {"a100-pcie-80gb", 624}, {"l4", 242},
        {"l40s", 733},            {"a10", 250},             {"mi300x", 2614.9},      {"b200-sxm-180gb", 4500},
    };
    for (size_t i = 0; i < sizeof sparse / sizeof sparse[0]; i++) {
        char sql[128];
        snprintf(sql, sizeof sql, "SELECT bf16_tflops FROM gpus WHERE id = '%s'", sparse[i].id);
        double dense = qd(sql);
        ck_assert_msg(!isnan(dense), "%s has no bf16 figure", sparse[i].id);
        ck_assert_msg(fabs(dense * 2 - sparse[i].sparse_bf16) <= sparse[i].sparse_bf16 * 0.02,
                      "%s bf16 %.1f is not half of the sparse %.1f", sparse[i].id, dense, sparse[i].sparse_bf16);
    }
}
END_TEST

START_TEST(test_key_figures)
{
    ck_assert_double_eq_tol(qd("SELECT bf16_tflops FROM gpus WHERE id = 'h100-sxm-80gb'"), 989.4, 1.0);
    ck_assert_double_eq_tol(qd("SELECT fp64_tensor_tflops FROM gpus WHERE id = 'h100-sxm-80gb'"), 66.9, 0.1);
    ck_assert_double_eq_tol(qd("SELECT interconnect_gb_per_s FROM gpus WHERE id = 'h100-sxm-80gb'"), 900, 0.1);
    ck_assert_double_eq_tol(qd("SELECT bf16_tflops FROM gpus WHERE id = 'a100-sxm-80gb'"), 312, 0.1);
    ck_assert_double_eq_tol(qd("SELECT fp16_tflops FROM gpus WHERE id = 'v100-sxm2-16gb'"), 125, 0.1);
    ck_assert_double_eq_tol(qd("SELECT memory_gb FROM gpus WHERE id = 'h200-sxm-141gb'"), 141, 0.1);
    ck_assert_double_eq_tol(qd("SELECT memory_gb FROM gpus WHERE id = 'mi300x'"), 192, 0.1);
}
END_TEST

static void assert_shape(const char *provider, const char *instance, const char *gpu, int count)
{
    char sql[256];
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM instance_types WHERE provider_id = '%s' AND id = '%s' AND gpu_id = '%s' AND gpu_count = %d",
             provider, instance, gpu, count);
    ck_assert_msg(qi(sql) == 1, "%s/%s is not %d x %s", provider, instance, count, gpu);
}

START_TEST(test_named_shapes)
{
    assert_shape("aws", "p5.48xlarge", "h100-sxm-80gb", 8);
    assert_shape("aws", "p4d.24xlarge", "a100-sxm-40gb", 8);
    assert_shape("aws", "p4de.24xlarge", "a100-sxm-80gb", 8);
    assert_shape("aws", "p3dn.24xlarge", "v100-sxm2-32gb", 8);
    assert_shape("azure", "Standard_ND96asr_v4", "a100-sxm-40gb", 8);
    assert_shape("azure", "Standard_ND96amsr_A100_v4", "a100-sxm-80gb", 8);
    assert_shape("azure", "Standard_ND96isr_H100_v5", "h100-sxm-80gb", 8);
    assert_shape("gcp", "a2-megagpu-16g", "a100-sxm-40gb", 16);
    assert_shape("oci", "BM.GPU.H100.8", "h100-sxm-80gb", 8);
    ck_assert_double_eq_tol(qd("SELECT cluster_network_gbps FROM instance_types WHERE provider_id = 'aws' "
                               "AND id = 'p5.48xlarge' AND cluster_network = 'efa' AND gpu_interconnect = 'nvswitch'"),
                            3200, 0.1);
    /* Tencent GN10Xp's largest size: 8 x V100 32GB. */
    ck_assert_msg(qi("SELECT count(*) FROM instance_types WHERE provider_id = 'tencent' AND family = 'GN10Xp' "
                     "AND gpu_count = (SELECT max(gpu_count) FROM instance_types WHERE provider_id = 'tencent' "
                     "AND family = 'GN10Xp') AND gpu_count = 8 AND gpu_id = 'v100-sxm2-32gb'") == 1,
                  "GN10Xp largest size is not 8 x v100-sxm2-32gb");
    /* Whole families map to one GPU. */
    static const struct {
        const char *provider, *prefix, *gpu;
    } fam[] = {
        {"alibaba", "ecs.gn7i-%", "a10"},  {"alibaba", "ecs.gn7e-%", "a100-sxm-80gb"}, {"aws", "g5.%", "a10g"},
        {"aws", "g6.%", "l4"},             {"aws", "g6e.%", "l40s"},                   {"aws", "g4dn.%", "t4"},
        {"aws", "p3.%", "v100-sxm2-16gb"}, {"tencent", "GN7.%", "t4"},
    };
    for (size_t i = 0; i < sizeof fam / sizeof fam[0]; i++) {
        char sql[256];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM instance_types WHERE provider_id = '%s' AND id LIKE '%s'",
                 fam[i].provider, fam[i].prefix);
        ck_assert_msg(qi(sql) >= 1, "%s %s missing", fam[i].provider, fam[i].prefix);
        snprintf(sql, sizeof sql,
                 "SELECT count(*) FROM instance_types WHERE provider_id = '%s' AND id LIKE '%s' AND gpu_id <> '%s'",
                 fam[i].provider, fam[i].prefix, fam[i].gpu);
        ck_assert_msg(qi(sql) == 0, "%s %s not all %s", fam[i].provider, fam[i].prefix, fam[i].gpu);
    }
}
END_TEST


/* The catalog rules. Each is a query that lists the rows breaking it; the catalog must give none, and
   test_rules_catch_broken_rows shows that each one finds a row once a row is broken. */
static const struct catalog_rule {
    const char *what, *sql;
    const char *breaker; /* a statement that makes exactly this rule fail on the seeded catalog */
} catalog_rules[] = {
    /* A type sold only by reservation may have no published rate (AWS p6e-gb200 has none); any other current type
       must have a price. */
    {"current instance type without any price, not flagged reservation-only",
     "SELECT t.provider_id || '/' || t.id FROM instance_types t WHERE t.retired_at IS NULL AND "
     "t.availability <> 'reservation_only' AND NOT EXISTS "
     "(SELECT 1 FROM prices p WHERE p.provider_id = t.provider_id AND p.instance_type_id = t.id)",
     "DELETE FROM prices WHERE provider_id = 'aws' AND instance_type_id = 'p5.4xlarge'"},
    {"on-demand or spot price of a type sold only by reservation",
     "SELECT " ROW_NAME("p") " FROM prices p JOIN instance_types t ON t.provider_id = p.provider_id AND t.id = "
     "p.instance_type_id WHERE t.availability = 'reservation_only' AND p.pricing_model IN ('on_demand', 'spot')",
     "INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, "
     "fetched_at, effective_at) VALUES ('aws', 'p5e.48xlarge', 'us-east-2', 'spot', 14.0291, 'USD', "
     "'https://aws.amazon.com/ec2/spot/pricing/', '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z')"},
    /* Where a provider does not offer a type, as its own records show: p4de.24xlarge is listed in ap-northeast-1,
       ap-southeast-1, eu-central-1, us-east-1 and us-west-2 only (AWS Price List as recorded in
       https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv);
       Capacity Blocks are sold for p5.48xlarge in us-east-1, us-east-2, us-west-2 and ap-northeast-1, for p5e.48xlarge
       in us-east-2 and for p4d.24xlarge in us-east-2 and us-west-2 only
       (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-capacity-blocks.html). */
    {"price in a region where the provider does not offer the type",
     "SELECT " ROW_NAME("p") " FROM prices p WHERE p.provider_id = 'aws' AND ("
     "(p.instance_type_id = 'p4de.24xlarge' AND p.region_id NOT IN ('ap-northeast-1', 'ap-southeast-1', "
     "'eu-central-1', 'us-east-1', 'us-west-2')) OR (p.pricing_model = 'capacity_block' AND NOT ("
     "(p.instance_type_id = 'p5.48xlarge' AND p.region_id IN ('us-east-1', 'us-east-2', 'us-west-2', "
     "'ap-northeast-1')) OR (p.instance_type_id = 'p5e.48xlarge' AND p.region_id = 'us-east-2') OR "
     "(p.instance_type_id = 'p4d.24xlarge' AND p.region_id IN ('us-east-2', 'us-west-2')))))",
     "INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, "
     "fetched_at, effective_at) VALUES ('aws', 'p4de.24xlarge', 'us-east-2', 'on_demand', 27.447, 'USD', "
     "'https://aws.amazon.com/ec2/pricing/on-demand/ (us-east-2)', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z')"},
    /* A source names where the figure came from: a URL, or for a derived figure the rule (which names its basis). */
    {"price without a source",
     "SELECT " ROW_NAME("p") " FROM prices p WHERE p.source IS NULL OR (p.source NOT LIKE '%http%' "
     "AND p.source NOT LIKE 'rule: %')",
     "UPDATE prices SET source = '' WHERE provider_id = 'gcp' AND instance_type_id = 'a3-highgpu-1g' "
     "AND pricing_model = 'on_demand'"},
    /* A copied regional price. OCI and Lambda publish one price for every region (their price pages say so), so the
       same figure and source in each region is correct for them. Every other provider prices per region, and a
       published figure is read for one region at a time: its source names that region (or the regional query it came
       from). So, for the same provider, instance type, pricing model and currency, two regions holding the SAME
       hourly figure AND the SAME source text means one row was copied from the other's reading. Two regions that
       really share a rate each carry their own source and pass; a copied figure under a rewritten source is not
       caught here, which is why the seed's comments state the region each block was read for. Rows with
       estimated = 1 are exempt: their source is a rule, and the rule (with its regional scope) is what the next
       check holds them to. */
    {"price copied to another region",
     "SELECT a.provider_id || '/' || a.instance_type_id || ' ' || a.pricing_model || ' ' || a.region_id || ' = ' || "
     "b.region_id FROM prices a JOIN prices b ON b.provider_id = a.provider_id AND b.instance_type_id = "
     "a.instance_type_id AND b.pricing_model = a.pricing_model AND b.currency = a.currency AND b.region_id > "
     "a.region_id AND b.hourly = a.hourly AND b.source = a.source WHERE a.estimated = 0 AND b.estimated = 0 "
     "AND a.provider_id NOT IN ('oci', 'lambda')",
     "UPDATE prices SET hourly = 0.526, source = (SELECT source FROM prices WHERE provider_id = 'azure' AND "
     "instance_type_id = 'Standard_NC4as_T4_v3' AND region_id = 'eastus' AND pricing_model = 'on_demand') "
     "WHERE provider_id = 'azure' AND instance_type_id = 'Standard_NC4as_T4_v3' AND region_id = 'southcentralus' "
     "AND pricing_model = 'on_demand'"},
    /* estimated = 1 exactly when the source states the rule ("rule: ..."), in both directions. */
    {"estimated price whose source does not state its rule",
     "SELECT " ROW_NAME("p") " FROM prices p WHERE (p.estimated = 1) <> (p.source LIKE 'rule: %')",
     "UPDATE prices SET source = 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/' "
     "WHERE provider_id = 'aws' AND instance_type_id = 'p3.2xlarge' AND region_id = 'us-east-1' "
     "AND pricing_model = 'reserved_1y'"},
    {"gpu without a source",
     "SELECT g.id FROM gpus g WHERE json_array_length(g.sources) < 1 OR EXISTS (SELECT 1 FROM json_each(g.sources) j "
     "WHERE j.type <> 'text' OR j.value NOT LIKE 'https://%')",
     "UPDATE gpus SET sources = '[]' WHERE id = 'mi355x'"},
    {"fewer than 210 instance types",
     "SELECT count(*) FROM instance_types HAVING count(*) < 210",
     "DELETE FROM prices WHERE provider_id = 'lambda'; DELETE FROM instance_types WHERE provider_id = 'lambda'"},
};

START_TEST(test_catalog_rules)
{
    for (size_t i = 0; i < sizeof catalog_rules / sizeof catalog_rules[0]; i++)
        assert_no_rows(catalog_rules[i].what, catalog_rules[i].sql);
}
END_TEST

/* Each rule, run after its breaker, finds a row; the breaker runs in a savepoint that is rolled back. The counting
   rule's breaker deletes every Lambda type (their prices first, so the foreign keys hold): more than the margin the
   catalog has above 210. */
START_TEST(test_rules_catch_broken_rows)
{
    for (size_t i = 0; i < sizeof catalog_rules / sizeof catalog_rules[0]; i++) {
        char *err = NULL;
        ck_assert_int_eq(sqlite3_exec(db, "SAVEPOINT breaker", NULL, NULL, &err), SQLITE_OK);
        if (strstr(catalog_rules[i].breaker, "FROM instance_types") != NULL)
            ck_assert_int_eq(sqlite3_exec(db, "DELETE FROM prices WHERE provider_id = 'lambda' AND "
                                              "instance_type_id = 'gpu_8x_v100_n'", NULL, NULL, &err), SQLITE_OK);
        int rc = sqlite3_exec(db, catalog_rules[i].breaker, NULL, NULL, &err);
        ck_assert_msg(rc == SQLITE_OK, "breaker for \"%s\": %s", catalog_rules[i].what, err ? err : "?");
        ck_assert_msg(sqlite3_changes(db) >= 1, "breaker for \"%s\" changed no row", catalog_rules[i].what);
        sqlite3_stmt *st = NULL;
        ck_assert_int_eq(sqlite3_prepare_v2(db, catalog_rules[i].sql, -1, &st, NULL), SQLITE_OK);
        int found = sqlite3_step(st) == SQLITE_ROW;
        sqlite3_finalize(st);
        ck_assert_int_eq(sqlite3_exec(db, "ROLLBACK TO breaker; RELEASE breaker", NULL, NULL, &err), SQLITE_OK);
        ck_assert_msg(found, "rule \"%s\" did not catch its broken row", catalog_rules[i].what);
    }
    /* ...and the catalog is whole again. */
    for (size_t i = 0; i < sizeof catalog_rules / sizeof catalog_rules[0]; i++)
        assert_no_rows(catalog_rules[i].what, catalog_rules[i].sql);
}
END_TEST

/* The shapes and flags the v2 catalog fixed. */
START_TEST(test_catalog_v2_facts)
{
    ck_assert_int_eq(qi("SELECT count(*) FROM instance_types WHERE provider_id = 'lambda' AND family = 'gpu_a6000' "
                        "AND memory_gb = 100 * gpu_count"),
                     3);
    ck_assert_int_eq(qi("SELECT count(*) FROM instance_types WHERE provider_id = 'gcp' "
                        "AND id IN ('a3-highgpu-8g', 'a3-megagpu-8g') AND cluster_network = 'tcpx'"),
                     2);
    ck_assert_int_eq(qi("SELECT count(*) FROM instance_types WHERE provider_id = 'azure' AND family = 'NCv3' "
                        "AND retired_at = '2025-09-30T00:00:00Z'"),
                     4);
    assert_no_rows("retired type outside Azure NC v3", "SELECT provider_id || '/' || id FROM instance_types WHERE "
                                                       "retired_at IS NOT NULL AND family <> 'NCv3'");
    /* South Central US is priced per region, above East US. */
    double sc = qd("SELECT hourly FROM prices WHERE provider_id = 'azure' AND instance_type_id = "
                   "'Standard_NC24ads_A100_v4' AND region_id = 'southcentralus' AND pricing_model = 'on_demand'");
    double east = qd("SELECT hourly FROM prices WHERE provider_id = 'azure' AND instance_type_id = "
                     "'Standard_NC24ads_A100_v4' AND region_id = 'eastus' AND pricing_model = 'on_demand'");
    ck_assert_msg(!isnan(sc) && !isnan(east) && sc > east * 1.1, "NC24ads_A100_v4 southcentralus %f eastus %f", sc,
                  east);
    /* Fractional L4 sizes. */
    ck_assert_int_ge(qi("SELECT count(*) FROM instance_types WHERE provider_id = 'aws' AND family = 'g6f' "
                        "AND gpu_count < 1"),
                     2);
    /* The flagships have a price. */
    static const char *const flagships[] = {"p5.4xlarge", "p5e.48xlarge", "p5en.48xlarge", "p6-b200.48xlarge",
                                            "p6-b300.48xlarge"};
    for (size_t i = 0; i < sizeof flagships / sizeof flagships[0]; i++) {
        char sql[200];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM prices WHERE provider_id = 'aws' AND instance_type_id = '%s'",
                 flagships[i]);
        ck_assert_msg(qi(sql) >= 1, "aws %s has no price", flagships[i]);
    }
    /* A3 Ultra is priced from its own machine and H200 rows, region by region. */
    ck_assert_int_eq(qi("SELECT count(DISTINCT region_id) FROM prices WHERE provider_id = 'gcp' AND "
                        "instance_type_id = 'a3-ultragpu-8g' AND pricing_model = 'on_demand' AND source LIKE "
                        "'%(' || region_id || ')%'"),
                     2);
}
END_TEST

/* The v3 catalog: the flagship shapes priced, AWS's published Capacity Block rates, the network g7e publishes. */
START_TEST(test_catalog_v3_facts)
{
    static const char *const oci[] = {"BM.GPU.B200.8", "BM.GPU.B300.8", "BM.GPU.GB200.4", "BM.GPU.GB300.4",
                                      "BM.GPU.MI355X.8", "BM.GPU.RTXPRO.8"};
    for (size_t i = 0; i < sizeof oci / sizeof oci[0]; i++) {
        char sql[200];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM prices WHERE provider_id = 'oci' AND instance_type_id = '%s' "
                 "AND pricing_model = 'on_demand'", oci[i]);
        ck_assert_msg(qi(sql) >= 1, "oci %s has no price", oci[i]);
    }
    ck_assert_double_eq_tol(qd("SELECT hourly FROM prices WHERE provider_id = 'aws' AND instance_type_id = "
                               "'p5.48xlarge' AND region_id = 'us-east-1' AND pricing_model = 'capacity_block'"),
                            39.33, 1e-9);
    ck_assert_int_eq(qi("SELECT count(*) FROM prices WHERE pricing_model = 'capacity_block' AND (min_hours <> 24 "
                        "OR max_hours <> 4368)"),
                     0);
    ck_assert_int_eq(qi("SELECT count(*) FROM instance_types WHERE provider_id = 'aws' AND id = 'p5e.48xlarge' AND "
                        "availability = 'reservation_only'"),
                     1);
    ck_assert_int_eq(qi("SELECT count(*) FROM instance_types WHERE provider_id = 'aws' AND family = 'g7e' AND "
                        "network_gbps < 50"),
                     0);
    /* Spot read from Spot price history (0019), not a level per family: AWS g4dn/g5/g6/g6e and GCP A2 High, G2 and
       N1 rows are published figures; g5.xlarge us-east-1 is the lowest zone price of the file (use1-az2). */
    ck_assert_int_eq(qi("SELECT count(*) FROM prices WHERE pricing_model = 'spot' AND estimated = 1 AND ("
                        "(provider_id = 'aws' AND (instance_type_id LIKE 'g4dn.%' OR instance_type_id LIKE 'g5.%' "
                        "OR instance_type_id LIKE 'g6.%' OR instance_type_id LIKE 'g6e.%')) OR (provider_id = 'gcp' "
                        "AND (instance_type_id LIKE 'a2-highgpu-%' OR instance_type_id LIKE 'g2-%' "
                        "OR instance_type_id LIKE 'n1-%')))"),
                     0);
    ck_assert_double_eq_tol(qd("SELECT hourly FROM prices WHERE provider_id = 'aws' AND instance_type_id = "
                               "'g5.xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot'"),
                            0.4246, 1e-9);
    /* GCP commitments read from the Cloud Billing Catalog (0021) for A2 High, A2 Mega and G2: the A2 3-year figure
       is 0.35 x on-demand (938.56707798 USD a month / 730 h), not the 0.45 of the rule. */
    ck_assert_int_eq(qi("SELECT count(*) FROM prices WHERE provider_id = 'gcp' AND pricing_model IN ('reserved_1y', "
                        "'reserved_3y') AND estimated = 1 AND (instance_type_id LIKE 'a2-highgpu-%' OR "
                        "instance_type_id = 'a2-megagpu-16g' OR instance_type_id LIKE 'g2-%')"),
                     0);
    ck_assert_double_eq_tol(qd("SELECT hourly FROM prices WHERE provider_id = 'gcp' AND instance_type_id = "
                               "'a2-highgpu-1g' AND region_id = 'us-central1' AND pricing_model = 'reserved_3y'"),
                            1.285708, 1e-9);
    /* AWS Reserved Instances read from the AWS Price List (0025), Standard, No Upfront, Linux: every g4dn, g5, g6,
       g6e, gr6 and p3dn row is a published figure, and only p3 (no Reserved term in the file) keeps its rule. g6 is
       0.65 x on-demand at one year, not the 0.63 of the rule; p3dn.24xlarge at three years is 0.33 x on-demand. */
    ck_assert_int_eq(qi("SELECT count(*) FROM prices WHERE provider_id = 'aws' AND pricing_model IN ('reserved_1y', "
                        "'reserved_3y') AND estimated = 1 AND instance_type_id NOT LIKE 'p3.%'"),
                     0);
    ck_assert_int_eq(qi("SELECT count(*) FROM prices WHERE provider_id = 'aws' AND pricing_model IN ('reserved_1y', "
                        "'reserved_3y') AND estimated = 0"),
                     206);
    ck_assert_double_eq_tol(qd("SELECT hourly FROM prices WHERE provider_id = 'aws' AND instance_type_id = "
                               "'g5.xlarge' AND region_id = 'us-east-1' AND pricing_model = 'reserved_1y'"),
                            0.63378, 1e-9);
    ck_assert_double_eq_tol(qd("SELECT hourly FROM prices WHERE provider_id = 'aws' AND instance_type_id = "
                               "'g6.xlarge' AND region_id = 'us-west-2' AND pricing_model = 'reserved_1y'"),
                            0.52392, 1e-9);
    ck_assert_double_eq_tol(qd("SELECT hourly FROM prices WHERE provider_id = 'aws' AND instance_type_id = "
                               "'p3dn.24xlarge' AND region_id = 'us-east-1' AND pricing_model = 'reserved_3y'"),
                            10.416, 1e-9);
}
END_TEST

START_TEST(test_no_transaction_statements)
{
    struct dirent **list = NULL;
    int n = count_seed_migrations(&list);
    ck_assert_int_ge(n, LAST_SEED_MIGRATION - 1);
    for (int i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", MIGRATIONS_DIR, list[i]->d_name);
        char *sql = read_file(path);
        ck_assert_ptr_nonnull(sql);
        /* Upper-case copy with comments removed. */
        size_t len = strlen(sql);
        char *up = malloc(len + 1);
        ck_assert_ptr_nonnull(up);
        size_t k = 0;
        for (size_t j = 0; j < len; j++) {
            if (sql[j] == '-' && sql[j + 1] == '-') {
                while (j < len && sql[j] != '\n')
                    j++;
            }
            if (j < len)
                up[k++] = (char)toupper((unsigned char)sql[j]);
        }
        up[k] = '\0';
        ck_assert_msg(strstr(up, "BEGIN;") == NULL && strstr(up, "BEGIN TRANSACTION") == NULL &&
                          strstr(up, "COMMIT;") == NULL && strstr(up, "END TRANSACTION") == NULL,
                      "%s contains a transaction statement", path);
        free(up);
        free(sql);
        free(list[i]);
    }
    free(list);
}
END_TEST

static Suite *seed_suite(void)
{
    Suite *s = suite_create("seed");
    TCase *tc = tcase_create("catalog");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_counts);
    tcase_add_test(tc, test_required_gpu_ids);
    tcase_add_test(tc, test_region_countries);
    tcase_add_test(tc, test_instances_reference_gpus);
    tcase_add_test(tc, test_gpu_memory_matches_count);
    tcase_add_test(tc, test_prices_valid);
    tcase_add_test(tc, test_pricing_model_coverage);
    tcase_add_test(tc, test_pricing_model_order);
    tcase_add_test(tc, test_china_prices);
    tcase_add_test(tc, test_foreign_key_check);
    tcase_add_test(tc, test_tensor_sanity);
    tcase_add_test(tc, test_key_figures);
    tcase_add_test(tc, test_named_shapes);
    tcase_add_test(tc, test_catalog_rules);
    tcase_add_test(tc, test_rules_catch_broken_rows);
    tcase_add_test(tc, test_catalog_v2_facts);
    tcase_add_test(tc, test_catalog_v3_facts);
    suite_add_tcase(s, tc);
    TCase *files = tcase_create("files");
    tcase_add_test(files, test_no_transaction_statements);
    suite_add_tcase(s, files);
    return s;
}

int main(void)
{
    return check_run_suite(seed_suite());
}
