#include "snapshot/price_write.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* The two ways a price's members are written: one list of members (price_members) serves both. */
typedef struct price_emitter {
    void (*real)(void *ctx, const char *key, double value);
    void (*text)(void *ctx, const char *key, const char *value);
    void (*flag)(void *ctx, const char *key, bool value);
} price_emitter;

static void price_members(const catalog *snap, const catalog_price *price, const price_emitter *e, void *ctx)
{
    e->real(ctx, "hourly_usd", round(price->hourly_usd * 1e6) / 1e6); /* money rounded only when written */
    e->real(ctx, "hourly", price->hourly);
    e->text(ctx, "currency", price->currency);
    if (strcmp(price->currency, "USD") != 0) {
        e->real(ctx, "usd_per_unit", price->usd_per_unit);
        /* the date of the exchange rate the USD figure was converted at (the fx adapter stores the ECB's date) */
        const catalog_fx *fx = catalog_find_fx(snap, price->currency);
        if (fx != NULL && fx->as_of != NULL)
            e->text(ctx, "fx_as_of", fx->as_of);
    }
    e->text(ctx, "source", price->source);
    e->text(ctx, "fetched_at", price->fetched_at);
    e->text(ctx, "effective_at", price->effective_at);
    e->flag(ctx, "estimated", price->estimated);
    if (price->spot_interruption != NULL)
        e->text(ctx, "spot_interruption", price->spot_interruption);
}

static void text_real(void *ctx, const char *key, double value)
{
    jsonw_key(ctx, key);
    jsonw_real(ctx, value);
}

static void text_text(void *ctx, const char *key, const char *value)
{
    jsonw_key(ctx, key);
    jsonw_string(ctx, value);
}

static void text_flag(void *ctx, const char *key, bool value)
{
    jsonw_key(ctx, key);
    jsonw_bool(ctx, value);
}

void price_write(jsonw *out, const catalog *snap, const catalog_price *price)
{
    static const price_emitter as_text = {text_real, text_text, text_flag};
    jsonw_object_begin(out);
    price_members(snap, price, &as_text, out);
    jsonw_object_end(out);
}

/* jsonw writes a non-finite number and a NULL string as null: so does the document. */
static void doc_real(void *ctx, const char *key, double value)
{
    json_object_set_new(ctx, key, isfinite(value) ? json_real(value) : json_null());
}

static void doc_text(void *ctx, const char *key, const char *value)
{
    json_object_set_new(ctx, key, value != NULL ? json_string(value) : json_null());
}

static void doc_flag(void *ctx, const char *key, bool value)
{
    json_object_set_new(ctx, key, json_boolean(value));
}

json_t *price_json(const catalog *snap, const catalog_price *price)
{
    static const price_emitter as_document = {doc_real, doc_text, doc_flag};
    json_t *out = json_object();
    price_members(snap, price, &as_document, out);
    return out;
}
