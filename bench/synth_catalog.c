/* Adds a synthetic catalog to a migrated gpurec database, so the daemon can be measured at 1k, 10k and 100k offers.
 *
 * Usage: synth_catalog OFFERS DB   (DB already migrated: `GPUREC_DB=DB gpurec migrate`; bench/synth-catalog does both)
 *
 * OFFERS counts the catalog's offers, the seed's included: an offer is one instance type in one region, priced under
 * one or more pricing models; it is what the daemon indexes, lists (one /v1/instances item each) and what a
 * recommendation considers. SYNTH_UNIT=prices counts rows of `prices` instead (instance type x region x pricing
 * model; about 3.5 per offer here).
 *
 * The synthetic rows are copies of the seed's real instance shapes (`<id>-syn<N>`: same GPU, count, memory, network
 * and fabric), offered in the provider's real regions and in copies of them
 * (`<region>-syn<K>`, same geography), so the GPU and provider mix of the seed carries over and sizes stay realistic.
 * Prices start from the seed's on-demand price of the real shape (in USD through fx_rates), vary by region and carry
 * the discounts the providers advertise for their other pricing models (see price_factor()). China regions of the
 * providers that bill in CNY are priced in CNY with the database's own fx rate, the others in USD.
 *
 * Every row goes through the schema's CHECKs and foreign keys (foreign_keys on, then foreign_key_check), in one
 * transaction. The generator is deterministic: the same OFFERS on the same seed gives the same catalog. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#define SYNTH_SOURCE "synthetic benchmark catalog (bench/synth-catalog)"
#define SYNTH_TIME "2025-06-01T00:00:00Z"
/* Each provider gets this many copies of each of its real regions: a large provider lists 30-odd regions. */
#define REGION_COPIES 2
/* Share of a provider's regions a synthetic shape is sold in: few shapes are offered everywhere. */
#define REGION_SHARE 0.6

enum { ON_DEMAND, SPOT, RESERVED_1Y, RESERVED_3Y, SAVINGS_PLAN_1Y, SAVINGS_PLAN_3Y, MODEL_COUNT };
static const char *const model_names[MODEL_COUNT] = {"on_demand",   "spot",           "reserved_1y",
                                                     "reserved_3y", "savings_plan_1y", "savings_plan_3y"};

typedef struct region {
    char *provider, *id, *name, *geography;
} region;

typedef struct shape {
    char *provider, *id, *family, *gpu_id, *gpu_interconnect, *cluster_network, *source;
    double gpu_count, gpu_memory_gb, memory_gb, network_gbps, cluster_network_gbps;
    int vcpus;
    double base_usd; /* on-demand hourly USD this shape's copies start from */
} shape;

typedef struct store {
    region *regions;
    size_t region_count, region_cap;
    shape *shapes;
    size_t shape_count, shape_cap;
    double cny_usd_per_unit; /* 0 when the database has no CNY rate: everything is then priced in USD */
} store;

/* splitmix64 (Steele, Lea, Flood: "Fast splittable pseudorandom number generators", OOPSLA 2014): small, seedable,
 * and the same sequence on every platform, which keeps the catalog reproducible. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi). */
static double rng_uniform(double lo, double hi)
{
    return lo + (hi - lo) * (double)(rng_next() >> 11) / 9007199254740992.0;
}

static void *grow(void *array, size_t *cap, size_t count, size_t size)
{
    if (count < *cap)
        return array;
    *cap = *cap ? *cap * 2 : 64;
    void *p = realloc(array, *cap * size);
    if (p == NULL) {
        fprintf(stderr, "synth-catalog: out of memory\n");
        exit(1);
    }
    return p;
}

static char *dup_str(const char *text)
{
    char *copy = strdup(text);
    if (copy == NULL) {
        fprintf(stderr, "synth-catalog: out of memory\n");
        exit(1);
    }
    return copy;
}

static char *dup_col(sqlite3_stmt *stmt, int col)
{
    const unsigned char *text = sqlite3_column_text(stmt, col);
    return dup_str(text ? (const char *)text : "");
}

static int fail(sqlite3 *db, const char *what)
{
    fprintf(stderr, "synth-catalog: %s: %s\n", what, sqlite3_errmsg(db));
    return -1;
}

static int load_regions(sqlite3 *db, store *s)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(db, "SELECT provider_id, id, name, geography FROM regions ORDER BY provider_id, id", -1,
                           &stmt, NULL) != SQLITE_OK)
        return fail(db, "reading regions");
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        s->regions = grow(s->regions, &s->region_cap, s->region_count, sizeof *s->regions);
        region *r = &s->regions[s->region_count++];
        r->provider = dup_col(stmt, 0);
        r->id = dup_col(stmt, 1);
        r->name = dup_col(stmt, 2);
        r->geography = dup_col(stmt, 3);
    }
    sqlite3_finalize(stmt);
    return 0;
}

/* The seed's real shapes, each with the cheapest on-demand USD price it has in any region (NULL when unpriced). */
static int load_shapes(sqlite3 *db, store *s)
{
    sqlite3_stmt *stmt = NULL;
    const char *sql =
        "SELECT it.provider_id, it.id, it.family, it.gpu_id, it.gpu_interconnect, it.cluster_network, it.source, "
        "it.gpu_count, it.gpu_memory_gb, it.memory_gb, it.network_gbps, it.cluster_network_gbps, it.vcpus, "
        "(SELECT min(p.hourly * fx.usd_per_unit) FROM prices p JOIN fx_rates fx ON fx.currency = p.currency "
        " WHERE p.provider_id = it.provider_id AND p.instance_type_id = it.id AND p.pricing_model = 'on_demand') "
        "FROM instance_types it WHERE it.id NOT LIKE '%-syn%' ORDER BY it.provider_id, it.id";
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return fail(db, "reading instance types");
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        s->shapes = grow(s->shapes, &s->shape_cap, s->shape_count, sizeof *s->shapes);
        shape *sh = &s->shapes[s->shape_count++];
        sh->provider = dup_col(stmt, 0);
        sh->id = dup_col(stmt, 1);
        sh->family = dup_col(stmt, 2);
        sh->gpu_id = dup_col(stmt, 3);
        sh->gpu_interconnect = dup_col(stmt, 4);
        sh->cluster_network = dup_col(stmt, 5);
        sh->source = dup_col(stmt, 6);
        sh->gpu_count = sqlite3_column_double(stmt, 7);
        sh->gpu_memory_gb = sqlite3_column_double(stmt, 8);
        sh->memory_gb = sqlite3_column_double(stmt, 9);
        sh->network_gbps = sqlite3_column_double(stmt, 10);
        sh->cluster_network_gbps = sqlite3_column_double(stmt, 11);
        sh->vcpus = sqlite3_column_int(stmt, 12);
        sh->base_usd = sqlite3_column_type(stmt, 13) == SQLITE_NULL ? NAN : sqlite3_column_double(stmt, 13);
    }
    sqlite3_finalize(stmt);
    if (sqlite3_prepare_v2(db, "SELECT usd_per_unit FROM fx_rates WHERE currency = 'CNY'", -1, &stmt, NULL) !=
        SQLITE_OK)
        return fail(db, "reading fx_rates");
    s->cny_usd_per_unit = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_double(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    return 0;
}

/* Shapes the seed has no price for get one from priced shapes: the same GPU's mean price per GPU-hour, else the
 * catalog's mean price per GB of GPU memory-hour, times the shape's GPUs or memory. */
static int fill_missing_prices(store *s)
{
    double per_gb_sum = 0;
    size_t per_gb_n = 0;
    for (size_t i = 0; i < s->shape_count; i++) {
        if (!isnan(s->shapes[i].base_usd)) {
            per_gb_sum += s->shapes[i].base_usd / s->shapes[i].gpu_memory_gb;
            per_gb_n++;
        }
    }
    if (per_gb_n == 0) {
        fprintf(stderr, "synth-catalog: the database holds no on-demand price to start from (not migrated?)\n");
        return -1;
    }
    for (size_t i = 0; i < s->shape_count; i++) {
        shape *sh = &s->shapes[i];
        if (!isnan(sh->base_usd))
            continue;
        double per_gpu_sum = 0;
        size_t per_gpu_n = 0;
        for (size_t k = 0; k < s->shape_count; k++) {
            const shape *other = &s->shapes[k];
            if (!isnan(other->base_usd) && strcmp(other->gpu_id, sh->gpu_id) == 0) {
                per_gpu_sum += other->base_usd / other->gpu_count;
                per_gpu_n++;
            }
        }
        sh->base_usd = per_gpu_n ? per_gpu_sum / (double)per_gpu_n * sh->gpu_count
                                 : per_gb_sum / (double)per_gb_n * sh->gpu_memory_gb;
    }
    return 0;
}

/* The chance that a provider sells a shape under a pricing model, and that model's price as a share of on-demand.
 * The shares sit inside the discounts the providers advertise:
 * - spot / preemptible: AWS "up to 90% off" (https://aws.amazon.com/ec2/spot/), Azure "up to 90%"
 *   (https://azure.microsoft.com/products/virtual-machines/spot/), Google "60-91%"
 *   (https://cloud.google.com/compute/docs/instances/spot), OCI preemptible "50%"
 *   (https://docs.oracle.com/iaas/Content/Compute/Concepts/preemptible.htm), Alibaba preemptible "up to 90%"
 *   (https://www.alibabacloud.com/help/en/ecs/user-guide/overview-4); GPU spot discounts are usually the shallower
 *   end of those ranges, so 30-70% off is drawn;
 * - reserved and savings plans, no upfront: AWS "up to 72%" for 3 years (https://aws.amazon.com/savingsplans/),
 *   Azure reservations "up to 72%" (https://azure.microsoft.com/pricing/reserved-vm-instances/), Google committed
 *   use "up to 55%" for 1 year and "70%" for 3 (https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview);
 *   GPU shapes get less than the headline, so about 35-40% (1 year) and 55-60% (3 years) off is used. */
static bool price_factor(const char *provider, int model, double *share, double *chance)
{
    bool aws_like = strcmp(provider, "aws") == 0 || strcmp(provider, "azure") == 0;
    bool gcp = strcmp(provider, "gcp") == 0;
    bool cny_provider = strcmp(provider, "alibaba") == 0 || strcmp(provider, "tencent") == 0;
    bool oci = strcmp(provider, "oci") == 0, lambda = strcmp(provider, "lambda") == 0;
    switch (model) {
    case ON_DEMAND: *share = 1.0; *chance = 1.0; return true;
    case SPOT:
        *share = oci ? 0.5 : rng_uniform(0.3, 0.7);
        *chance = aws_like || gcp || cny_provider ? 0.9 : oci ? 0.7 : 0;
        return *chance > 0;
    case RESERVED_1Y:
        *share = rng_uniform(0.6, 0.65);
        *chance = aws_like || gcp || cny_provider ? 0.8 : lambda ? 0.5 : 0;
        return *chance > 0;
    case RESERVED_3Y:
        *share = rng_uniform(0.4, 0.45);
        *chance = aws_like || gcp ? 0.8 : lambda ? 0.3 : 0;
        return *chance > 0;
    case SAVINGS_PLAN_1Y:
        *share = rng_uniform(0.63, 0.68);
        *chance = aws_like ? 0.6 : 0;
        return *chance > 0;
    case SAVINGS_PLAN_3Y:
        *share = rng_uniform(0.43, 0.48);
        *chance = aws_like ? 0.6 : 0;
        return *chance > 0;
    }
    return false;
}

static long long count_rows(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *stmt = NULL;
    long long n = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW)
        n = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return n;
}

static int add_regions(sqlite3 *db, store *s)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(db, "INSERT OR IGNORE INTO regions (provider_id, id, name, geography) VALUES (?, ?, ?, ?)",
                           -1, &stmt, NULL) != SQLITE_OK)
        return fail(db, "preparing regions");
    size_t real = s->region_count;
    for (int copy = 1; copy <= REGION_COPIES; copy++) {
        for (size_t i = 0; i < real; i++) {
            const region *r = &s->regions[i];
            char id[128], name[256];
            snprintf(id, sizeof id, "%s-syn%d", r->id, copy);
            snprintf(name, sizeof name, "%s (synthetic copy %d)", r->name, copy);
            sqlite3_bind_text(stmt, 1, r->provider, -1, SQLITE_STATIC);
            sqlite3_bind_text(stmt, 2, id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(stmt, 3, name, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(stmt, 4, r->geography, -1, SQLITE_STATIC);
            if (sqlite3_step(stmt) != SQLITE_DONE) {
                sqlite3_finalize(stmt);
                return fail(db, "inserting a region");
            }
            sqlite3_reset(stmt);
            s->regions = grow(s->regions, &s->region_cap, s->region_count, sizeof *s->regions);
            region *added = &s->regions[s->region_count++];
            r = &s->regions[i]; /* grow() may have moved the array */
            added->provider = dup_str(r->provider);
            added->id = dup_str(id);
            added->name = dup_str(name);
            added->geography = dup_str(r->geography);
        }
    }
    sqlite3_finalize(stmt);
    return 0;
}

/* Whether OFFERS counts price rows (SYNTH_UNIT=prices) rather than offers (instance type x region). */
static bool count_price_rows;

/* Prices one synthetic copy of sh in a random share of its provider's regions; adds to *counted the offers (or price
 * rows) written, stopping at target. */
static int add_copy(sqlite3 *db, const store *s, const shape *sh, int copy, sqlite3_stmt *ins_type,
                    sqlite3_stmt *ins_price, long long *counted, long long target)
{
    char id[160], source[256];
    snprintf(id, sizeof id, "%s-syn%d", sh->id, copy);
    snprintf(source, sizeof source, "%s; shape of %s, %s", SYNTH_SOURCE, sh->id, sh->source);
    sqlite3_bind_text(ins_type, 1, sh->provider, -1, SQLITE_STATIC);
    sqlite3_bind_text(ins_type, 2, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(ins_type, 3, sh->family, -1, SQLITE_STATIC);
    sqlite3_bind_text(ins_type, 4, sh->gpu_id, -1, SQLITE_STATIC);
    sqlite3_bind_double(ins_type, 5, sh->gpu_count);
    sqlite3_bind_double(ins_type, 6, sh->gpu_memory_gb);
    sqlite3_bind_int(ins_type, 7, sh->vcpus);
    sqlite3_bind_double(ins_type, 8, sh->memory_gb);
    sqlite3_bind_double(ins_type, 9, sh->network_gbps);
    sqlite3_bind_text(ins_type, 10, sh->gpu_interconnect, -1, SQLITE_STATIC);
    sqlite3_bind_text(ins_type, 11, sh->cluster_network, -1, SQLITE_STATIC);
    sqlite3_bind_double(ins_type, 12, sh->cluster_network_gbps);
    sqlite3_bind_text(ins_type, 13, source, -1, SQLITE_STATIC);
    if (sqlite3_step(ins_type) != SQLITE_DONE)
        return fail(db, "inserting an instance type");
    sqlite3_reset(ins_type);

    /* a shape costs a little more or less than its original (a newer CPU, a different disk) */
    double shape_usd = sh->base_usd * rng_uniform(0.97, 1.03);
    bool priced_somewhere = false;
    for (size_t r = 0; r < s->region_count && *counted < target; r++) {
        const region *reg = &s->regions[r];
        if (strcmp(reg->provider, sh->provider) != 0)
            continue;
        /* always price the first region, so no synthetic shape is left without an offer */
        if (priced_somewhere && rng_uniform(0, 1) >= REGION_SHARE)
            continue;
        priced_somewhere = true;
        /* regional list prices differ by up to about a quarter (e.g. AWS us-east-1 against sa-east-1) */
        double region_usd = shape_usd * rng_uniform(0.95, 1.25);
        bool in_cny = s->cny_usd_per_unit > 0 && strcmp(reg->geography, "cn") == 0 &&
                      (strcmp(sh->provider, "alibaba") == 0 || strcmp(sh->provider, "tencent") == 0);
        for (int m = 0; m < MODEL_COUNT && (!count_price_rows || *counted < target); m++) {
            double share = 0, chance = 0;
            if (!price_factor(sh->provider, m, &share, &chance) || rng_uniform(0, 1) >= chance)
                continue;
            double usd = region_usd * share;
            double hourly = in_cny ? usd / s->cny_usd_per_unit : usd;
            hourly = round(hourly * 10000) / 10000;
            if (hourly < 0.0001)
                hourly = 0.0001;
            sqlite3_bind_text(ins_price, 1, sh->provider, -1, SQLITE_STATIC);
            sqlite3_bind_text(ins_price, 2, id, -1, SQLITE_STATIC);
            sqlite3_bind_text(ins_price, 3, reg->id, -1, SQLITE_STATIC);
            sqlite3_bind_text(ins_price, 4, model_names[m], -1, SQLITE_STATIC);
            sqlite3_bind_double(ins_price, 5, hourly);
            sqlite3_bind_text(ins_price, 6, in_cny ? "CNY" : "USD", -1, SQLITE_STATIC);
            sqlite3_bind_text(ins_price, 7, SYNTH_SOURCE, -1, SQLITE_STATIC);
            static const char *const bands[] = {"<5%", "5-10%", "10-15%", "15-20%", ">20%"};
            if (m == SPOT && strcmp(sh->provider, "aws") == 0)
                sqlite3_bind_text(ins_price, 8, bands[rng_next() % 5], -1, SQLITE_STATIC);
            else
                sqlite3_bind_null(ins_price, 8);
            if (sqlite3_step(ins_price) != SQLITE_DONE)
                return fail(db, "inserting a price");
            sqlite3_reset(ins_price);
            if (count_price_rows)
                (*counted)++;
        }
        if (!count_price_rows)
            (*counted)++;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: synth_catalog OFFERS DB   (OFFERS: offers wanted, seed included; SYNTH_UNIT=prices "
                        "counts price rows)\n");
        return 2;
    }
    char *end = NULL;
    long long target = strtoll(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || target < 0 || target > 100000000) {
        fprintf(stderr, "synth-catalog: OFFERS must be a whole number from 0 to 100000000\n");
        return 2;
    }
    sqlite3 *db = NULL;
    sqlite3_stmt *ins_type = NULL, *ins_price = NULL;
    store s = {0};
    int rc = 1;
    if (sqlite3_open_v2(argv[2], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        fprintf(stderr, "synth-catalog: cannot open %s: %s\n", argv[2], db ? sqlite3_errmsg(db) : "out of memory");
        goto out;
    }
    sqlite3_busy_timeout(db, 5000);
    if (sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) != SQLITE_OK ||
        count_rows(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'prices'") != 1) {
        fprintf(stderr, "synth-catalog: %s is not a migrated gpurec database (run `gpurec migrate` first)\n", argv[2]);
        goto out;
    }
    if (count_rows(db, "SELECT count(*) FROM instance_types WHERE id LIKE '%-syn%'") != 0) {
        fprintf(stderr, "synth-catalog: %s already holds a synthetic catalog; start from a fresh database\n", argv[2]);
        goto out;
    }
    if (load_regions(db, &s) != 0 || load_shapes(db, &s) != 0 || fill_missing_prices(&s) != 0)
        goto out;
    const char *unit = getenv("SYNTH_UNIT");
    count_price_rows = unit != NULL && strcmp(unit, "prices") == 0;
    const char *count_sql = count_price_rows
                                ? "SELECT count(*) FROM prices"
                                : "SELECT count(*) FROM (SELECT DISTINCT provider_id, instance_type_id, region_id "
                                  "FROM prices)";
    long long counted = count_rows(db, count_sql);
    long long seed_rows = count_rows(db, "SELECT count(*) FROM prices");
    long long seed_offers =
        count_rows(db, "SELECT count(*) FROM (SELECT DISTINCT provider_id, instance_type_id, region_id FROM prices)");
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
        fail(db, "BEGIN");
        goto out;
    }
    if (counted < target && add_regions(db, &s) != 0)
        goto rollback;
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, "
                           "vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, "
                           "source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           -1, &ins_type, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db,
                           "INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, "
                           "currency, source, fetched_at, effective_at, spot_interruption) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, '" SYNTH_TIME "', '" SYNTH_TIME "', ?)",
                           -1, &ins_price, NULL) != SQLITE_OK) {
        fail(db, "preparing inserts");
        goto rollback;
    }
    /* Round after round, one copy of every real shape in a shuffled order: whatever the size, the catalog keeps
     * the seed's mix of providers and GPUs instead of filling up with the first provider's shapes. */
    size_t *order = malloc((s.shape_count + 1) * sizeof *order);
    if (order == NULL)
        goto rollback;
    for (size_t i = 0; i < s.shape_count; i++)
        order[i] = i;
    for (int copy = 1; counted < target; copy++) {
        for (size_t i = s.shape_count; i > 1; i--) {
            size_t j = (size_t)(rng_next() % i), t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
        for (size_t i = 0; i < s.shape_count && counted < target; i++) {
            if (add_copy(db, &s, &s.shapes[order[i]], copy, ins_type, ins_price, &counted, target) != 0) {
                free(order);
                goto rollback;
            }
        }
    }
    free(order);
    if (count_rows(db, "SELECT count(*) FROM pragma_foreign_key_check") != 0) {
        fprintf(stderr, "synth-catalog: foreign key check failed\n");
        goto rollback;
    }
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        fail(db, "COMMIT");
        goto rollback;
    }
    long long total_rows = count_rows(db, "SELECT count(*) FROM prices");
    printf("synth-catalog: %s: %lld offers (instance type x region; seed %lld), %lld price rows (seed %lld), "
           "%lld instance types, %lld regions\n",
           argv[2],
           count_rows(db, "SELECT count(*) FROM (SELECT DISTINCT provider_id, instance_type_id, region_id FROM prices)"),
           seed_offers, total_rows, seed_rows,
           count_rows(db, "SELECT count(*) FROM instance_types"), count_rows(db, "SELECT count(*) FROM regions"));
    rc = 0;
    goto out;
rollback:
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
out:
    sqlite3_finalize(ins_type);
    sqlite3_finalize(ins_price);
    sqlite3_close(db);
    for (size_t i = 0; i < s.region_count; i++) {
        free(s.regions[i].provider);
        free(s.regions[i].id);
        free(s.regions[i].name);
        free(s.regions[i].geography);
    }
    for (size_t i = 0; i < s.shape_count; i++) {
        shape *sh = &s.shapes[i];
        free(sh->provider);
        free(sh->id);
        free(sh->family);
        free(sh->gpu_id);
        free(sh->gpu_interconnect);
        free(sh->cluster_network);
        free(sh->source);
    }
    free(s.regions);
    free(s.shapes);
    return rc;
}
