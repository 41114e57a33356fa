/* The AWS offer file CSV (the Price List bulk API's per-region file), parsed as it streams in. Which rows count is in
 * docs/providers.md: plain Linux, shared tenancy, no pre-installed software, capacity status Used, market option
 * OnDemand (else a zero-priced Capacity Block row slips in), unit Hrs. */
#include "worker/providers/provider.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

#define AWS_SOURCE "aws:price-list"
/* A field of interest is far shorter; longer ones (the disclaimer) are cut, which no filter depends on. */
#define FIELD_MAX 256
/* A record longer than this is a broken file (an unterminated quote swallowing the rest). */
#define RECORD_MAX (1u << 20)
#define MAX_COLUMNS 256
/* The header follows the metadata lines (5 in every file seen); allow a few more before calling the file broken. */
#define MAX_METADATA_RECORDS 12

/* --- the offer file CSV --- */

enum column {
    COL_INSTANCE_TYPE,
    COL_TERM_TYPE,
    COL_PRICE,
    COL_CURRENCY,
    COL_UNIT,
    COL_PRODUCT_FAMILY,
    COL_OS,
    COL_TENANCY,
    COL_PRE_INSTALLED,
    COL_CAPACITY,
    COL_LICENSE,
    COL_LEASE,
    COL_PURCHASE,
    COL_CLASS,
    COL_EFFECTIVE,
    COL_MARKET,      /* optional: older files lack it */
    COL_REGION_CODE, /* optional: older files lack it; the file's own region then */
    COL_COUNT
};

static const char *const column_names[COL_COUNT] = {
    "Instance Type", "TermType",         "PricePerUnit",        "Currency",     "Unit",
    "Product Family", "Operating System", "Tenancy",           "Pre Installed S/W", "CapacityStatus",
    "License Model", "LeaseContractLength", "PurchaseOption",   "OfferingClass", "EffectiveDate",
    "MarketOption",  "Region Code"};
#define FIRST_OPTIONAL COL_MARKET

typedef enum { ST_FIELD_START, ST_UNQUOTED, ST_QUOTED, ST_QUOTE_IN_QUOTED } csv_state;

struct aws_csv {
    const provider_run *run;
    price_batch *out;
    char region[48];
    csv_state state;
    bool header_seen;
    size_t metadata_records;
    size_t records;
    size_t record_bytes;
    size_t field_index;   /* of the field being read */
    size_t field_len;
    char field[FIELD_MAX];
    /* Values of the current record: the first two fields (metadata and header detection) and the wanted columns. */
    char first[2][FIELD_MAX];
    char values[COL_COUNT][FIELD_MAX];
    signed char slot_of_column[MAX_COLUMNS]; /* -1 = not wanted */
    size_t header_columns;
    char header[MAX_COLUMNS][48];            /* only while reading the header record */
    char version[64];
    char published_at[32]; /* the file's "Publication Date", ISO 8601 UTC; "" when absent or unreadable */
    char error[256];
};

aws_csv *aws_csv_new(const provider_run *run, const char *region, price_batch *out)
{
    aws_csv *p = xcalloc(1, sizeof *p);
    p->run = run;
    p->out = out;
    util_copy(p->region, sizeof p->region, region);
    memset(p->slot_of_column, -1, sizeof p->slot_of_column);
    return p;
}

void aws_csv_free(aws_csv *p)
{
    free(p);
}

const char *aws_csv_error(const aws_csv *p)
{
    return p->error;
}

size_t aws_csv_records(const aws_csv *p)
{
    return p->records;
}

const char *aws_csv_version(const aws_csv *p)
{
    return p->version;
}

static void end_field(aws_csv *p)
{
    p->field[p->field_len < FIELD_MAX ? p->field_len : FIELD_MAX - 1] = '\0';
    size_t i = p->field_index;
    if (i < 2)
        memcpy(p->first[i], p->field, FIELD_MAX);
    if (!p->header_seen) {
        if (i < MAX_COLUMNS)
            util_copy(p->header[i], sizeof p->header[i], p->field); /* long names are cut: none we want is */
    } else if (i < MAX_COLUMNS && p->slot_of_column[i] >= 0) {
        memcpy(p->values[(int)p->slot_of_column[i]], p->field, FIELD_MAX);
    }
    p->field_index++;
    p->field_len = 0;
}

static int take_header(aws_csv *p, size_t columns)
{
    p->header_columns = columns < MAX_COLUMNS ? columns : MAX_COLUMNS;
    bool found[COL_COUNT] = {false};
    for (size_t c = 0; c < p->header_columns; c++)
        for (int k = 0; k < COL_COUNT; k++)
            if (!found[k] && strcmp(p->header[c], column_names[k]) == 0) {
                p->slot_of_column[c] = (signed char)k;
                found[k] = true;
            }
    for (int k = 0; k < FIRST_OPTIONAL; k++)
        if (!found[k]) {
            snprintf(p->error, sizeof p->error, "offer file %s: no column \"%s\" in the header (format changed?)",
                     p->region, column_names[k]);
            return -1;
        }
    p->header_seen = true;
    return 0;
}

static bool is(const aws_csv *p, enum column c, const char *value)
{
    return strcmp(p->values[c], value) == 0;
}

static int take_row(aws_csv *p)
{
    p->records++;
    const char *type = p->values[COL_INSTANCE_TYPE];
    if (type[0] == '\0' || provider_find_instance(p->run, "aws", type) == NULL)
        return 0;
    if (!is(p, COL_PRODUCT_FAMILY, "Compute Instance") || !is(p, COL_OS, "Linux") || !is(p, COL_TENANCY, "Shared") ||
        !is(p, COL_PRE_INSTALLED, "NA") || !is(p, COL_CAPACITY, "Used") ||
        !is(p, COL_LICENSE, "No License required") || !is(p, COL_UNIT, "Hrs"))
        return 0;
    if (p->values[COL_MARKET][0] != '\0' && !is(p, COL_MARKET, "OnDemand"))
        return 0;
    pricing_model model;
    if (is(p, COL_TERM_TYPE, "OnDemand")) {
        model = PRICING_ON_DEMAND;
    } else if (is(p, COL_TERM_TYPE, "Reserved")) {
        /* Standard, no upfront: the hourly price is the whole price (the Hrs dimension); other purchase options
         * carry an upfront fee in a separate row, and convertible reservations are a different product. */
        if (!is(p, COL_PURCHASE, "No Upfront") || !is(p, COL_CLASS, "standard"))
            return 0;
        if (is(p, COL_LEASE, "1yr"))
            model = PRICING_RESERVED_1Y;
        else if (is(p, COL_LEASE, "3yr"))
            model = PRICING_RESERVED_3Y;
        else
            return 0;
    } else {
        return 0;
    }
    double hourly = 0;
    if (provider_parse_decimal(p->values[COL_PRICE], &hourly) != 0) {
        snprintf(p->error, sizeof p->error, "offer file %s: record %zu: PricePerUnit is not a number",
                 p->region, p->records);
        return -1;
    }
    const char *region = p->values[COL_REGION_CODE][0] != '\0' ? p->values[COL_REGION_CODE] : p->region;
    if (!provider_has_region(p->run, "aws", region))
        return 0;
    price_row row;
    if (price_row_set(&row, "aws", type, region, model, hourly, p->values[COL_CURRENCY], p->values[COL_EFFECTIVE],
                      AWS_SOURCE) != 0)
        return 0;
    util_copy(row.listed_at, sizeof row.listed_at, p->published_at);
    price_batch_add(p->out, &row);
    return 0;
}

/* The file's publication date: when the whole list was current, which the rollback guard compares with the held
 * price (store/prices_apply.h). An unreadable date is left out rather than guessed. */
static void take_publication_date(aws_csv *p, const char *value)
{
    time_t t;
    if (util_parse_time(value, &t) == 0)
        util_format_time(t, p->published_at, sizeof p->published_at);
}

static int end_record(aws_csv *p)
{
    end_field(p);
    size_t fields = p->field_index;
    int rc = 0;
    if (fields == 1 && p->first[0][0] == '\0') {
        /* a blank line */
    } else if (!p->header_seen) {
        if (strcmp(p->first[0], "SKU") == 0) {
            rc = take_header(p, fields);
        } else {
            if (strcmp(p->first[0], "Version") == 0)
                util_copy(p->version, sizeof p->version, p->first[1]);
            else if (strcmp(p->first[0], "Publication Date") == 0)
                take_publication_date(p, p->first[1]);
            if (++p->metadata_records > MAX_METADATA_RECORDS) {
                snprintf(p->error, sizeof p->error, "offer file %s: no header row after %d lines (not an offer file?)",
                         p->region, MAX_METADATA_RECORDS);
                rc = -1;
            }
        }
    } else {
        rc = take_row(p);
    }
    for (int k = 0; k < COL_COUNT; k++)
        p->values[k][0] = '\0';
    p->field_index = 0;
    p->field_len = 0;
    p->record_bytes = 0;
    p->state = ST_FIELD_START;
    return rc;
}

static inline void put(aws_csv *p, char c)
{
    if (p->field_len < FIELD_MAX - 1)
        p->field[p->field_len] = c;
    p->field_len++;
}

/* A comma, newline or carriage return outside quotes: 1 when c was one (handled), 0 when not, -1 on a bad record. */
static int separator(aws_csv *p, char c)
{
    if (c == ',') {
        end_field(p);
        p->state = ST_FIELD_START;
        return 1;
    }
    if (c == '\n')
        return end_record(p) != 0 ? -1 : 1;
    return c == '\r';
}

int aws_csv_feed(aws_csv *p, const char *data, size_t len)
{
    if (p->error[0] != '\0')
        return -1;
    for (size_t i = 0; i < len; i++) {
        char c = data[i];
        if (++p->record_bytes > RECORD_MAX) {
            snprintf(p->error, sizeof p->error, "offer file %s: a record longer than %u bytes (broken quoting?)",
                     p->region, RECORD_MAX);
            return -1;
        }
        switch (p->state) {
        case ST_FIELD_START:
            if (c == '"') {
                p->state = ST_QUOTED;
                break;
            }
            p->state = ST_UNQUOTED;
            /* fall through */
        case ST_UNQUOTED: {
            int sep = separator(p, c);
            if (sep < 0)
                return -1;
            if (sep == 0)
                put(p, c);
            break;
        }
        case ST_QUOTED:
            if (c == '"')
                p->state = ST_QUOTE_IN_QUOTED;
            else
                put(p, c);
            break;
        case ST_QUOTE_IN_QUOTED:
            if (c == '"') { /* a doubled quote is one quote */
                put(p, '"');
                p->state = ST_QUOTED;
            } else {
                int sep = separator(p, c);
                if (sep < 0)
                    return -1;
                if (sep == 0) {
                    put(p, c); /* text after a closing quote: keep it, as most readers do */
                    p->state = ST_UNQUOTED;
                }
            }
            break;
        }
    }
    return 0;
}

int aws_csv_finish(aws_csv *p)
{
    if (p->error[0] != '\0')
        return -1;
    bool mid_record = p->field_index > 0 || p->field_len > 0 || p->state != ST_FIELD_START;
    if (mid_record) {
        /* Only a complete last record without its newline is accepted; anything else was cut off. */
        if (p->state == ST_QUOTED || !p->header_seen || p->field_index + 1 != p->header_columns) {
            snprintf(p->error, sizeof p->error, "offer file %s: ends inside a record (truncated)", p->region);
            return -1;
        }
        if (end_record(p) != 0)
            return -1;
    }
    if (!p->header_seen) {
        snprintf(p->error, sizeof p->error, "offer file %s: no header row (empty or not an offer file)", p->region);
        return -1;
    }
    return 0;
}

