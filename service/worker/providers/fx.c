/* Exchange rates from the ECB's euro foreign exchange reference rates (GPUREC_FX_URL, default
 * https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml): one XML document a day with the euro's rate in
 * about 30 currencies, as units of the currency per euro:
 *
 *   <gesmes:Envelope ...> ... <Cube> <Cube time='2024-06-28'> <Cube currency='USD' rate='1.0705'/> ... </Cube> </Cube>
 *
 * USD per unit of a currency X is rate(USD) / rate(X), and rate(USD) for the euro itself. The rates are stored into
 * fx_rates (only for currencies it already holds: see store/fx_apply.h) with source "fx:<URL>" and as_of the ECB's
 * date, in the refresh's one transaction. The reader is small and strict, without an XML library: elements,
 * attributes in single or double quotes, comments and the XML declaration; a DOCTYPE, CDATA, an entity or character
 * reference, a mismatched end tag, or a second day (the historical files) fails the run. */
#include "worker/providers/provider.h"

#include <stdio.h>
#include <string.h>

#include "base/util.h"

#define MAX_DEPTH 16

static bool fx_enabled(const config *cfg, const char **why_not)
{
    if (cfg->fx_url[0] == '\0') {
        *why_not = "GPUREC_FX_URL is empty";
        return false;
    }
    return true;
}

typedef struct reader {
    const char *start, *p, *end;
    char *err;
    size_t err_len;
} reader;

static int fail(reader *r, const char *why)
{
    snprintf(r->err, r->err_len, "%s (at byte %zu)", why, (size_t)(r->p - r->start));
    return -1;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ':' || c == '_' ||
           c == '-' || c == '.';
}

static void skip_space(reader *r)
{
    while (r->p < r->end && is_space(*r->p))
        r->p++;
}

static bool starts(const reader *r, const char *s)
{
    size_t n = strlen(s);
    return (size_t)(r->end - r->p) >= n && memcmp(r->p, s, n) == 0;
}

/* Skips past the next occurrence of s; -1 when there is none. */
static int skip_past(reader *r, const char *s)
{
    size_t n = strlen(s);
    for (const char *q = r->p; (size_t)(r->end - q) >= n; q++)
        if (memcmp(q, s, n) == 0) {
            r->p = q + n;
            return 0;
        }
    return -1;
}

/* A name into buf (truncated names are refused). */
static int read_name(reader *r, char *buf, size_t len)
{
    size_t n = 0;
    while (r->p < r->end && is_name_char(*r->p)) {
        if (n + 1 >= len)
            return -1;
        buf[n++] = *r->p++;
    }
    buf[n] = '\0';
    return n > 0 ? 0 : -1;
}

typedef struct element {
    char name[32];
    char time[16];
    char currency[8];
    char rate[32];
    bool closing;      /* </name> */
    bool self_closing; /* <name ... /> */
} element;

static int read_attribute(reader *r, element *e)
{
    char name[32];
    if (read_name(r, name, sizeof name) != 0)
        return fail(r, "an attribute without a name");
    skip_space(r);
    if (r->p >= r->end || *r->p != '=')
        return fail(r, "an attribute without a value");
    r->p++;
    skip_space(r);
    if (r->p >= r->end || (*r->p != '\'' && *r->p != '"'))
        return fail(r, "an attribute value without quotes");
    char quote = *r->p++;
    const char *start = r->p;
    while (r->p < r->end && *r->p != quote) {
        if (*r->p == '<' || *r->p == '&')
            return fail(r, "markup or a reference inside an attribute value");
        r->p++;
    }
    if (r->p >= r->end)
        return fail(r, "an attribute value that does not end");
    size_t n = (size_t)(r->p - start);
    r->p++;
    char *dst = strcmp(name, "time") == 0 ? e->time : strcmp(name, "currency") == 0 ? e->currency
                                                  : strcmp(name, "rate") == 0       ? e->rate
                                                                                    : NULL;
    size_t cap = dst == e->time ? sizeof e->time : dst == e->currency ? sizeof e->currency : sizeof e->rate;
    if (dst == NULL)
        return 0; /* xmlns and the like */
    if (n >= cap)
        return fail(r, "an attribute value longer than any the format has");
    memcpy(dst, start, n);
    dst[n] = '\0';
    return 0;
}

/* The next element's tag, after text, comments and declarations; 1 at the end of the input. */
static int next_element(reader *r, element *e)
{
    memset(e, 0, sizeof *e);
    for (;;) {
        while (r->p < r->end && *r->p != '<') {
            if (*r->p == '&')
                return fail(r, "an entity or character reference");
            r->p++;
        }
        if (r->p >= r->end)
            return 1;
        if (starts(r, "<!--")) {
            if (skip_past(r, "-->") != 0)
                return fail(r, "a comment that does not end");
            continue;
        }
        if (starts(r, "<?")) {
            if (skip_past(r, "?>") != 0)
                return fail(r, "a declaration that does not end");
            continue;
        }
        if (starts(r, "<!"))
            return fail(r, "a DOCTYPE or CDATA section");
        break;
    }
    r->p++;
    if (r->p < r->end && *r->p == '/') {
        e->closing = true;
        r->p++;
    }
    if (read_name(r, e->name, sizeof e->name) != 0)
        return fail(r, "a tag without a name");
    for (;;) {
        skip_space(r);
        if (r->p >= r->end)
            return fail(r, "a tag that does not end (truncated?)");
        if (*r->p == '>') {
            r->p++;
            return 0;
        }
        if (!e->closing && starts(r, "/>")) {
            e->self_closing = true;
            r->p += 2;
            return 0;
        }
        if (e->closing || read_attribute(r, e) != 0)
            return e->closing ? fail(r, "an end tag with attributes") : -1;
    }
}

static bool valid_date(const char *d)
{
    if (strlen(d) != 10 || d[4] != '-' || d[7] != '-')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (d[i] < '0' || d[i] > '9'))
            return false;
    return true;
}

static int add_rate(reader *r, const element *e, fx_rate *rates, size_t *count)
{
    double v = 0;
    if (strlen(e->currency) != 3 || provider_parse_decimal(e->rate, &v) != 0 || !(v > 0))
        return fail(r, "a Cube with a currency that is not 3 letters or a rate that is not a positive number");
    for (size_t i = 0; i < *count; i++)
        if (strcmp(rates[i].currency, e->currency) == 0)
            return fail(r, "a currency listed twice");
    if (*count >= FX_MAX_RATES)
        return fail(r, "more currencies than the format has");
    util_copy(rates[*count].currency, sizeof rates[*count].currency, e->currency);
    rates[(*count)++].per_eur = v;
    return 0;
}

int fx_parse_ecb(const char *xml, size_t len, char *date, fx_rate *rates, size_t *count, char *err, size_t err_len)
{
    reader r = {xml, xml, xml + len, err, err_len};
    char stack[MAX_DEPTH][32];
    int depth = 0, day_depth = -1;
    *count = 0;
    date[0] = '\0';
    element e;
    int rc;
    while ((rc = next_element(&r, &e)) == 0) {
        if (e.closing) {
            if (depth == 0 || strcmp(stack[depth - 1], e.name) != 0)
                return fail(&r, "an end tag that closes no open element");
            if (--depth == day_depth)
                day_depth = -1;
            continue;
        }
        if (strcmp(e.name, "Cube") == 0 && e.time[0] != '\0') {
            if (date[0] != '\0')
                return fail(&r, "more than one day (a historical file, not the daily one)");
            if (!valid_date(e.time))
                return fail(&r, "a Cube time that is not YYYY-MM-DD");
            util_copy(date, 11, e.time);
            if (!e.self_closing)
                day_depth = depth;
        } else if (strcmp(e.name, "Cube") == 0 && (e.currency[0] != '\0' || e.rate[0] != '\0')) {
            if (day_depth < 0)
                return fail(&r, "a rate outside the day's Cube");
            if (add_rate(&r, &e, rates, count) != 0)
                return -1;
        }
        if (!e.self_closing) {
            if (depth >= MAX_DEPTH)
                return fail(&r, "elements nested deeper than the format has");
            util_copy(stack[depth++], sizeof stack[0], e.name);
        }
    }
    if (rc < 0)
        return -1;
    if (depth != 0)
        return fail(&r, "elements left open (truncated?)");
    if (date[0] == '\0' || *count == 0)
        return fail(&r, "no day with rates (format changed?)");
    return 0;
}

static int fx_fetch(const provider_run *run, price_batch *out, char *err, size_t err_len)
{
    const char *url = run->cfg->fx_url;
    char shown[256], why[160], date[11];
    fetch_redact_url(url, shown, sizeof shown);
    fetch_result res;
    memset(&res, 0, sizeof res);
    fetch_options opt = run->fetch;
    opt.max_bytes = opt.max_bytes == 0 || opt.max_bytes > (1u << 20) ? (1u << 20) : opt.max_bytes; /* ~2 KB a day */
    int rc = -1;
    if (fetch_get(url, &opt, &res, err, err_len) != FETCH_OK)
        goto out;
    fx_rate rates[FX_MAX_RATES];
    size_t count = 0;
    if (fx_parse_ecb(res.body, res.body_size, date, rates, &count, why, sizeof why) != 0) {
        snprintf(err, err_len, "fx: %s: %s", shown, why);
        goto out;
    }
    out->rows_seen = count;
    double usd = 0;
    for (size_t i = 0; i < count; i++)
        if (strcmp(rates[i].currency, "USD") == 0)
            usd = rates[i].per_eur;
    if (usd <= 0) {
        snprintf(err, err_len, "fx: %s: no USD rate, so no currency can be converted", shown);
        goto out;
    }
    fx_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.as_of, sizeof row.as_of, "%sT00:00:00Z", date);
    time_t as_of = 0;
    if (util_parse_time(row.as_of, &as_of) != 0 || as_of > run->now) {
        snprintf(err, err_len, "fx: %s: the rates' date %s is unreadable or in the future", shown, date);
        goto out;
    }
    snprintf(row.source, sizeof row.source, "fx:%.120s", shown);
    util_copy(row.currency, sizeof row.currency, "EUR");
    row.usd_per_unit = usd;
    price_batch_add_fx(out, &row);
    for (size_t i = 0; i < count; i++) {
        if (strcmp(rates[i].currency, "USD") == 0)
            continue;
        util_copy(row.currency, sizeof row.currency, rates[i].currency);
        row.usd_per_unit = usd / rates[i].per_eur;
        price_batch_add_fx(out, &row);
    }
    rc = 0;
out:
    fetch_result_clear(&res);
    return rc;
}

const provider_adapter provider_fx = {"fx", fx_enabled, fx_fetch};
