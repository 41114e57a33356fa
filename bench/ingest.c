/* The price refresh's ingest rate, for bench/run.sh: an AWS offer file (CSV, the Price List bulk API's format) is
 * generated for the catalog of DB, then
 *   1. parsed from memory by the adapter's streaming parser (aws_csv_*): records parsed per second;
 *   2. served on 127.0.0.1 and refreshed by the real adapter and refresh run (refresh_run(): fetch over HTTP, parse,
 *      validate, apply in one transaction): rows fetched+parsed per second and rows applied per second.
 * Like a real offer file, most records are not wanted (other instance types, other operating systems, other
 * tenancies and purchase options); the wanted ones re-price the catalog's AWS offers by +1%, so every applied row is
 * a change with a price_history row.
 *
 * Usage: ingest RECORDS DB   (DB: a migrated catalog, e.g. from bench/synth-catalog; it is modified)
 * Prints one line starting "refresh ingest:". */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <microhttpd.h>
#include <sqlite3.h>

#include "base/config.h"
#include "store/db.h"
#include "worker/providers/provider.h"
#include "worker/refresh.h"
#include "base/util.h"

#define VERSION_PATH "/offers/v1.0/aws/AmazonEC2/20250601000000/us-east-1/index"

typedef struct text {
    char *data;
    size_t len, cap;
} text;

static void text_add(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void text_add(text *t, const char *fmt, ...)
{
    for (;;) {
        va_list args;
        va_start(args, fmt);
        int n = vsnprintf(t->data + t->len, t->cap - t->len, fmt, args);
        va_end(args);
        if (n >= 0 && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap ? t->cap * 2 : 1 << 20;
        t->data = xrealloc(t->data, t->cap);
    }
}

static double seconds_now(void)
{
    return (double)util_monotonic_us() / 1e6;
}

/* The catalog's AWS prices the file re-prices: (instance type, region, model, hourly). */
typedef struct wanted {
    char *type, *region;
    const char *term, *lease;
    double hourly;
} wanted;

static size_t load_wanted(sqlite3 *db, wanted **out)
{
    sqlite3_stmt *stmt = NULL;
    size_t count = 0, cap = 0;
    wanted *rows = NULL;
    if (sqlite3_prepare_v2(db,
                           "SELECT instance_type_id, region_id, pricing_model, hourly FROM prices WHERE provider_id = "
                           "'aws' AND currency = 'USD' AND pricing_model IN ('on_demand', 'reserved_1y', "
                           "'reserved_3y') ORDER BY instance_type_id, region_id, pricing_model",
                           -1, &stmt, NULL) == SQLITE_OK) {
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            if (count == cap) {
                cap = cap ? cap * 2 : 1024;
                rows = xrealloc(rows, cap * sizeof *rows);
            }
            wanted *w = &rows[count++];
            w->type = xstrdup((const char *)sqlite3_column_text(stmt, 0));
            w->region = xstrdup((const char *)sqlite3_column_text(stmt, 1));
            const char *model = (const char *)sqlite3_column_text(stmt, 2);
            w->term = strcmp(model, "on_demand") == 0 ? "OnDemand" : "Reserved";
            w->lease = strcmp(model, "reserved_1y") == 0 ? "1yr" : strcmp(model, "reserved_3y") == 0 ? "3yr" : "";
            w->hourly = sqlite3_column_double(stmt, 3);
        }
    }
    sqlite3_finalize(stmt);
    *out = rows;
    return count;
}

/* An offer file of `records` data records: one in four re-prices a catalog price, the rest are the kinds of record
 * the adapter skips. Columns as in the bulk API's CSV (a subset of its ~90, the ones the adapter reads among them). */
static void make_offer_file(text *t, size_t records, const wanted *rows, size_t row_count)
{
    text_add(t, "\"FormatVersion\",\"v1.0\"\n\"Disclaimer\",\"generated for the gpurec benchmark\"\n"
                "\"Publication Date\",\"2025-06-01T00:00:00Z\"\n\"Version\",\"20250601000000\"\n"
                "\"OfferCode\",\"AmazonEC2\"\n");
    text_add(t, "\"SKU\",\"OfferTermCode\",\"RateCode\",\"TermType\",\"PriceDescription\",\"EffectiveDate\","
                "\"StartingRange\",\"EndingRange\",\"Unit\",\"PricePerUnit\",\"Currency\",\"LeaseContractLength\","
                "\"PurchaseOption\",\"OfferingClass\",\"Product Family\",\"serviceCode\",\"Location\","
                "\"Location Type\",\"Instance Type\",\"Current Generation\",\"Instance Family\",\"vCPU\","
                "\"Memory\",\"Storage\",\"Network Performance\",\"Tenancy\",\"Operating System\","
                "\"License Model\",\"CapacityStatus\",\"Pre Installed S/W\",\"MarketOption\",\"Region Code\"\n");
    static const char *const other_types[] = {"m5.large", "c6i.2xlarge", "r7g.4xlarge", "t3.micro", "i4i.8xlarge"};
    static const char *const other_os[] = {"Windows", "RHEL", "SUSE"};
    for (size_t i = 0; i < records; i++) {
        const wanted *w = &rows[(i / 4) % row_count];
        const char *type = w->type, *os = "Linux", *tenancy = "Shared", *term = w->term, *lease = w->lease;
        const char *purchase = w->lease[0] ? "No Upfront" : "", *offering = w->lease[0] ? "standard" : "";
        double price = w->hourly * 1.01;
        switch (i % 4) {
        case 0: break; /* wanted */
        case 1: type = other_types[i % 5]; break;
        case 2: os = other_os[i % 3]; price *= 1.4; break;
        case 3: tenancy = "Dedicated"; price *= 1.1; break;
        }
        text_add(t,
                 "\"SKU%08zu\",\"JRTCKXETXF\",\"SKU%08zu.JRTCKXETXF.6YS6EN2CT7\",\"%s\",\"$%.4f per On Demand %s "
                 "%s Instance Hour\",\"2025-06-01\",\"0\",\"Inf\",\"Hrs\",\"%.8f\",\"USD\",\"%s\",\"%s\",\"%s\","
                 "\"Compute Instance\",\"AmazonEC2\",\"US East (N. Virginia)\",\"AWS Region\",\"%s\",\"Yes\","
                 "\"GPU instance\",\"96\",\"768 GiB\",\"EBS only\",\"100 Gigabit\",\"%s\",\"%s\","
                 "\"No License required\",\"Used\",\"NA\",\"OnDemand\",\"%s\"\n",
                 i, i, term, price, os, type, price, lease, purchase, offering, type, tenancy, os, w->region);
    }
}

static enum MHD_Result serve(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                             const char *version, const char *upload_data, size_t *upload_data_size, void **req_cls)
{
    (void)method;
    (void)version;
    (void)upload_data;
    (void)upload_data_size;
    const text *files = cls; /* [0] region index, [1] offer file */
    static int seen;
    if (*req_cls == NULL) {
        *req_cls = &seen;
        return MHD_YES;
    }
    const text *file = strstr(url, "region_index.json") ? &files[0] : strcmp(url, VERSION_PATH ".csv") == 0 ? &files[1]
                                                                                                          : NULL;
    struct MHD_Response *response = file ? MHD_create_response_from_buffer(file->len, file->data,
                                                                           MHD_RESPMEM_PERSISTENT)
                                         : MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    enum MHD_Result rc = MHD_queue_response(connection, file ? MHD_HTTP_OK : MHD_HTTP_NOT_FOUND, response);
    MHD_destroy_response(response);
    return rc;
}

/* The catalog lists an adapter run reads, from db (sorted by provider then id, as the adapters expect). */
static void load_run(sqlite3 *db, provider_run *run)
{
    sqlite3_stmt *stmt = NULL;
    size_t cap = 0;
    provider_instance *instances = NULL;
    sqlite3_prepare_v2(db, "SELECT provider_id, id, family, gpu_id, gpu_count, vcpus, memory_gb FROM instance_types "
                           "ORDER BY provider_id, id", -1, &stmt, NULL);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        if (run->instance_count == cap) {
            cap = cap ? cap * 2 : 1024;
            instances = xrealloc(instances, cap * sizeof *instances);
        }
        provider_instance *in = &instances[run->instance_count++];
        in->provider = xstrdup((const char *)sqlite3_column_text(stmt, 0));
        in->id = xstrdup((const char *)sqlite3_column_text(stmt, 1));
        in->family = xstrdup((const char *)sqlite3_column_text(stmt, 2));
        in->gpu_id = xstrdup((const char *)sqlite3_column_text(stmt, 3));
        in->gpu_count = sqlite3_column_double(stmt, 4);
        in->vcpus = sqlite3_column_int(stmt, 5);
        in->memory_gb = sqlite3_column_double(stmt, 6);
    }
    sqlite3_finalize(stmt);
    run->instances = instances;
    cap = 0;
    provider_region *regions = NULL;
    sqlite3_prepare_v2(db, "SELECT provider_id, id FROM regions ORDER BY provider_id, id", -1, &stmt, NULL);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        if (run->region_count == cap) {
            cap = cap ? cap * 2 : 256;
            regions = xrealloc(regions, cap * sizeof *regions);
        }
        provider_region *r = &regions[run->region_count++];
        r->provider = xstrdup((const char *)sqlite3_column_text(stmt, 0));
        r->id = xstrdup((const char *)sqlite3_column_text(stmt, 1));
    }
    sqlite3_finalize(stmt);
    run->regions = regions;
}

int main(int argc, char **argv)
{
    if (argc != 3 || atol(argv[1]) < 4) {
        fprintf(stderr, "usage: ingest RECORDS DB   (RECORDS >= 4)\n");
        return 2;
    }
    size_t records = (size_t)atol(argv[1]);
    char err[1024];
    sqlite3 *db = NULL;
    if (db_open(argv[2], false, &db, err, sizeof err) != 0) {
        fprintf(stderr, "ingest: %s\n", err);
        return 1;
    }
    wanted *rows = NULL;
    size_t row_count = load_wanted(db, &rows);
    if (row_count == 0) {
        fprintf(stderr, "ingest: %s has no AWS USD price to re-price\n", argv[2]);
        return 1;
    }
    text files[2] = {{0}, {0}};
    text_add(&files[0], "{\"formatVersion\":\"v1.0\",\"regions\":{\"us-east-1\":{\"regionCode\":\"us-east-1\","
                        "\"currentVersionUrl\":\"%s.json\"}}}", VERSION_PATH);
    make_offer_file(&files[1], records, rows, row_count);

    /* 1. the parser alone, from memory, in the 16 KB pieces a download arrives in */
    provider_run run;
    memset(&run, 0, sizeof run);
    run.adapter = "aws";
    load_run(db, &run);
    price_batch batch;
    price_batch_init(&batch);
    aws_csv *parser = aws_csv_new(&run, "us-east-1", &batch);
    double started = seconds_now();
    int prc = 0;
    for (size_t off = 0; off < files[1].len && prc == 0; off += 16384)
        prc = aws_csv_feed(parser, files[1].data + off, files[1].len - off < 16384 ? files[1].len - off : 16384);
    if (prc == 0)
        prc = aws_csv_finish(parser);
    double parse_s = seconds_now() - started;
    size_t parsed = aws_csv_records(parser), kept = batch.count;
    if (prc != 0) {
        fprintf(stderr, "ingest: the parser refused the generated file: %s\n", aws_csv_error(parser));
        return 1;
    }
    aws_csv_free(parser);
    price_batch_free(&batch);

    /* 2. the whole refresh, from a loopback server */
    struct MHD_Daemon *server = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG, 0, NULL, NULL,
                                                 serve, files, MHD_OPTION_END);
    const union MHD_DaemonInfo *info = server ? MHD_get_daemon_info(server, MHD_DAEMON_INFO_BIND_PORT) : NULL;
    if (info == NULL) {
        fprintf(stderr, "ingest: cannot start the loopback server\n");
        return 1;
    }
    static config cfg;
    config_defaults(&cfg);
    snprintf(cfg.aws_pricing_url, sizeof cfg.aws_pricing_url, "http://127.0.0.1:%u", (unsigned)info->port);
    cfg.aws_spot_url[0] = '\0';
    cfg.aws_spot_advisor_url[0] = '\0';
    refresh_outcome outcome;
    memset(&outcome, 0, sizeof outcome);
    int rrc = refresh_run(db, &cfg, "aws", NULL, 0, &outcome);
    MHD_stop_daemon(server);
    db_close(db);
    if (rrc != 0) {
        fprintf(stderr, "ingest: the refresh failed: %s\n", outcome.error);
        return 1;
    }
    printf("refresh ingest: CSV parse %.0f records/s (%zu records, %.0f MB, %zu wanted, from memory); "
           "loopback fetch+parse %.0f records/s (%.2f s); apply %.0f rows/s (%zu rows applied, %zu changed, one "
           "transaction, %.2f s)\n",
           (double)parsed / parse_s, parsed, (double)files[1].len / 1e6, kept,
           (double)outcome.rows_seen / outcome.fetch_s, outcome.fetch_s,
           (double)outcome.rows_applied / outcome.apply_s, outcome.rows_applied, outcome.rows_changed,
           outcome.apply_s);
    return 0;
}
