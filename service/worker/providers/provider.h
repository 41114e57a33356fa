/* The price adapters: one per provider price API, each behind the same interface.
 *
 * An adapter fetches its provider's price documents (fetch.h) and parses them into a batch of price rows for the
 * instance types the catalog knows. It never touches SQLite and never publishes anything: refresh.c validates the
 * batch and applies it in one transaction. Anything the adapter cannot make sense of (an HTTP error, a malformed or
 * truncated body, a missing field that the format promises) fails the whole fetch, with one exception: an adapter
 * whose sources are independent parts (AWS: one offer file per region, the spot feed, the spot advisor's bands) names
 * a part that failed with price_batch_fail_part() and goes on; the rest is applied and the run is recorded `partial`.
 * A part's rows are then all absent (never half a region). Error texts name the URL and what was wrong, never the
 * body a server sent. */
#ifndef GPUREC_PROVIDER_H
#define GPUREC_PROVIDER_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include <jansson.h>

#include "snapshot/catalog.h"
#include "base/config.h"
#include "store/price_parts.h"
#include "store/price_row.h"
#include "worker/fetch.h"

/* Failed parts a batch names at most (more are counted in the last one's text). */
#define PRICE_BATCH_PARTS 16

typedef struct price_batch {
    price_row *rows;
    size_t count;
    size_t cap;
    provider_state *states; /* states to save when the batch is applied */
    size_t state_count;
    size_t state_cap;
    size_t rows_seen;  /* the provider's records the adapter looked at, kept or not */
    bool unchanged;    /* every source said it had not changed since the last run: nothing to apply */
    char failed_parts[PRICE_BATCH_PARTS][160]; /* parts that failed, each "name: why" */
    size_t failed_count;
    size_t skipped;    /* records read but deliberately not priced (e.g. Azure's 5 and 10 year reservations) */
    fx_row *fx;        /* exchange rates read (the fx adapter) */
    size_t fx_count;
    size_t fx_cap;
} price_batch;

/* An instance type of the catalog, as far as an adapter needs to know it. */
typedef struct provider_instance {
    const char *provider;
    const char *id;
    const char *family;
    const char *gpu_id;
    double gpu_count;
    int vcpus;
    double memory_gb;
} provider_instance;

/* The price rows one run of an adapter may keep (a price_row is about 330 bytes: some 80 MiB at most); a source that
 * gives more fails. The catalog's offers times its pricing models stay far below it. */
#define PROVIDER_MAX_ROWS 250000

typedef struct provider_region {
    const char *provider;
    const char *id;
} provider_region;

/* Everything one adapter run may use; all borrowed for the run. */
typedef struct provider_run {
    const config *cfg;
    const char *adapter;                 /* "aws", ..., "feed" */
    const provider_instance *instances;  /* sorted by provider, then id */
    size_t instance_count;
    const provider_region *regions;      /* sorted by provider, then id */
    size_t region_count;
    const provider_state *states;        /* saved by earlier runs of this adapter */
    size_t state_count;
    const price_part *parts;             /* the price-list parts of the adapter's instance types (OCI's GPU parts per
                                          * shape, from the catalog), sorted by instance type; none for the others */
    size_t part_count;
    fetch_options fetch;                 /* limits for a JSON document; adapters copy and adjust it */
    time_t now;
} provider_run;

typedef struct provider_adapter {
    const char *id;
    /* Whether the adapter can run with cfg; when not, *why_not says why (a static string). */
    bool (*enabled)(const config *cfg, const char **why_not);
    /* Fills out (empty on entry). 0, or -1 with a message in err; out is then discarded by the caller. */
    int (*fetch)(const provider_run *run, price_batch *out, char *err, size_t err_len);
} provider_adapter;

extern const provider_adapter provider_azure;
extern const provider_adapter provider_aws;
extern const provider_adapter provider_gcp;
extern const provider_adapter provider_oci;
extern const provider_adapter provider_lambda;
extern const provider_adapter provider_feed;
extern const provider_adapter provider_alibaba;
extern const provider_adapter provider_tencent;
extern const provider_adapter provider_fx;

/* The adapter with that id, or NULL. */
const provider_adapter *provider_adapter_find(const char *id);
/* The code of every adapter; *count set. Which adapters there are, and their order, is the list vocab_adapters
 * (base/vocab.h), which the worker reads: tests/unit/base/test_adapters.c checks that the two hold the same ids. */
const provider_adapter *const *provider_adapter_all(size_t *count);

/* Look-ups over a run's catalog lists (binary search); NULL / false when absent. */
const provider_instance *provider_find_instance(const provider_run *run, const char *provider, const char *id);
bool provider_has_region(const provider_run *run, const char *provider, const char *region);
const provider_state *provider_find_state(const provider_run *run, const char *url);

void price_batch_init(price_batch *b);
/* Frees rows and states; accepts NULL. */
void price_batch_free(price_batch *b);
/* Appends a copy of row. */
void price_batch_add(price_batch *b, const price_row *row);
/* Records a state to save with the batch (strings copied; etag/version may be NULL). */
void price_batch_set_state(price_batch *b, const char *url, const char *etag, const char *version);

/* Names a part of the run that failed (copied; "name: why"); the run goes on without it. */
void price_batch_fail_part(price_batch *b, const char *name, const char *why);
/* Appends an exchange rate. */
void price_batch_add_fx(price_batch *b, const fx_row *row);

/* Fills a row's key fields (strings truncated to their buffers are refused: -1). */
int price_row_set(price_row *row, const char *provider, const char *instance_type, const char *region,
                  pricing_model model, double hourly, const char *currency, const char *effective_at,
                  const char *source);

/* A string in decimal notation ([+-]digits[.digits][e[+-]digits]: no hexadecimal, infinity, NaN or blanks) that
 * parses whole to a finite number: 0, else -1. */
int provider_parse_decimal(const char *text, double *out);
/* A JSON number (integer or real) or a decimal string: 0, else -1. */
int provider_json_number(const json_t *value, double *out);
/* A JSON string member or NULL. */
const char *provider_json_string(const json_t *obj, const char *key);
/* Joins base and a path that starts with '/' into buf (one slash between); -1 when it does not fit. */
int provider_join_url(char *buf, size_t buf_len, const char *base, const char *path);
/* The host of an absolute URL, with ":port" when the URL names one (what a Host header carries), lower-cased, into
 * buf: 0, or -1 when url has no host or it does not fit. */
int provider_url_authority(const char *url, char *buf, size_t buf_len);

/* --- the price feed format (feed.c), also read by `gpurec import` and POST /v1/admin/import --- */
/* Adds the rows of one feed document to out, each with source and rank. 0, or -1 with err naming the bad row and
 * field first ("prices[3].hourly must be ..."); the document's own bytes are never quoted. */
int feed_parse_document(const provider_run *run, const char *body, size_t len, const char *source, int rank,
                        price_batch *out, char *err, size_t err_len);

/* --- ECB euro reference rates (the fx adapter), exposed for tests and the fuzz target --- */
typedef struct fx_rate {
    char currency[4];
    double per_eur; /* units of currency per euro */
} fx_rate;
#define FX_MAX_RATES 64
/* Reads the daily reference rates XML: the date (YYYY-MM-DD into date, 11 bytes) and every currency's rate.
 * 0, or -1 with err when the document is not that format (a strict reader: no DTD, no entities, no CDATA). */
int fx_parse_ecb(const char *xml, size_t len, char *date, fx_rate *rates, size_t *count, char *err, size_t err_len);

/* --- AWS offer file CSV, parsed as it streams in (exposed for tests and the benchmark) --- */
typedef struct aws_csv aws_csv;
/* A parser that adds to out the rows of region's file that the run's catalog wants. Caller frees with
 * aws_csv_free(). Memory stays bounded by the longest record, whatever the file's size. */
aws_csv *aws_csv_new(const provider_run *run, const char *region, price_batch *out);
/* Feeds the next bytes; 0, or -1 with aws_csv_error() saying why (a record too long, a missing column). */
int aws_csv_feed(aws_csv *p, const char *data, size_t len);
/* Ends the input: -1 when it stopped inside a record or before the header. */
int aws_csv_finish(aws_csv *p);
const char *aws_csv_error(const aws_csv *p);
/* Data records read (after the header) and the offer version from the metadata lines ("" when none). */
size_t aws_csv_records(const aws_csv *p);
const char *aws_csv_version(const aws_csv *p);
void aws_csv_free(aws_csv *p);

/* AWS spot.js names regions the old way ("us-east", "eu-ireland"): the region id, or NULL when unknown. Names that
 * are already region ids pass through. */
const char *aws_spot_region_id(const char *legacy);

/* The currency of the Tencent Cloud site an endpoint belongs to: "USD" for the international site (a host with an
 * "intl." label, cvm.intl.tencentcloudapi.com), else "CNY" (the China site). */
const char *tencent_site_currency(const char *endpoint);

#endif
