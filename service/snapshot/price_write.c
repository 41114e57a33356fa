#include "snapshot/price_write.h"

#include <math.h>
#include <string.h>

void price_write_members(jsonw *out, const catalog *snap, const catalog_price *price)
{
    jsonw_member_rounded(out, "hourly_usd", price->hourly_usd, 6); /* money rounded only when written */
    jsonw_member_real(out, "hourly", price->hourly);
    jsonw_member_string(out, "currency", price->currency);
    if (strcmp(price->currency, "USD") != 0) {
        jsonw_member_real(out, "usd_per_unit", price->usd_per_unit);
        /* the date of the exchange rate the USD figure was converted at (the fx adapter stores the ECB's date) */
        const catalog_fx *fx = catalog_find_fx(snap, price->currency);
        if (fx != NULL && fx->as_of != NULL)
            jsonw_member_string(out, "fx_as_of", fx->as_of);
    }
    jsonw_member_string(out, "source", price->source);
    jsonw_member_string(out, "fetched_at", price->fetched_at);
    jsonw_member_string(out, "effective_at", price->effective_at);
    jsonw_member_bool(out, "estimated", price->estimated);
    if (price->spot_interruption != NULL)
        jsonw_member_string(out, "spot_interruption", price->spot_interruption);
    if (!isnan(price->min_hours)) /* a capacity block: the durations it is sold for */
        jsonw_member_real(out, "min_hours", price->min_hours);
    if (!isnan(price->max_hours))
        jsonw_member_real(out, "max_hours", price->max_hours);
}

void price_write(jsonw *out, const catalog *snap, const catalog_price *price)
{
    jsonw_object_begin(out);
    price_write_members(out, snap, price);
    jsonw_object_end(out);
}
