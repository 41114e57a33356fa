/* Where each estimated price came from: its price object (the catalog's own writer) and the warnings an estimate
 * must carry when a price is derived rather than published, or older than the freshness limit. */
#include "engine/estimate/internal.h"

#include <string.h>
#include <time.h>

#include "base/util.h"
#include "snapshot/price_write.h"

void estimate_write_price(jsonw *out, const catalog *snap, const catalog_price *price)
{
    jsonw_object_begin(out);
    price_write_members(out, snap, price);
    /* the rate a USD price was taken at, so every item says its rate whatever the currency (a price in another
     * currency has its own usd_per_unit among the members) */
    if (strcmp(price->currency, "USD") == 0)
        jsonw_member_real(out, "usd_per_unit", 1.0);
    jsonw_object_end(out);
}

/* When the price was last known good: its fetched_at, or the provider's last successful refresh when that refresh
 * kept the price unchanged (an unchanged run leaves fetched_at but confirms the price; adapter rows name their
 * provider first in source). -1 when fetched_at is missing or unreadable. */
static int confirmed_time(const estimate_item *item, const catalog_price *price, time_t *out)
{
    if (price->fetched_at == NULL || util_parse_time(price->fetched_at, out) != 0)
        return -1;
    const catalog_provider *provider = item->offer->instance->provider;
    time_t confirmed;
    if (provider->last_success_at != NULL && util_parse_time(provider->last_success_at, &confirmed) == 0 &&
        confirmed > *out && price->source != NULL &&
        strncmp(price->source, provider->id, strlen(provider->id)) == 0)
        *out = confirmed;
    return 0;
}

/* The longest warning about a price, with its NUL (a source's text can be long). */
#define WARNING_BYTES 768

void estimate_write_price_warnings(jsonw *out, const estimate *est, const estimate_item *item,
                                   const catalog_price *price, pricing_model model)
{
    if (price->estimated)
        jsonw_stringf(out, WARNING_BYTES, "the %s price is estimated, not published: %s", pricing_model_name(model),
                      price->source ? price->source : "no source recorded");
    if (est->opts == NULL || est->opts->stale_after_hours == 0)
        return;
    time_t fetched;
    if (confirmed_time(item, price, &fetched) != 0) {
        jsonw_stringf(out, WARNING_BYTES, "the %s price has no valid fetch time; it may be out of date",
                      pricing_model_name(model));
        return;
    }
    double age_hours = difftime(est->opts->now, fetched) / 3600.0;
    if (age_hours > (double)est->opts->stale_after_hours)
        jsonw_stringf(out, WARNING_BYTES,
                      "the %s price was fetched %.0f hours ago (%s), more than the %u-hour freshness limit",
                      pricing_model_name(model), age_hours, price->fetched_at, est->opts->stale_after_hours);
}
