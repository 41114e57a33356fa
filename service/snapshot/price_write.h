/* One price as JSON, with where it came from: the members every answer that shows a price uses (the catalog's
 * instances and the estimate's items), so a price reads the same everywhere. */
#ifndef GPUREC_PRICE_WRITE_H
#define GPUREC_PRICE_WRITE_H

#include "snapshot/catalog.h"
#include "wire/jsonw.h"

/* Writes price (borrowed, present) as one object value to out: hourly_usd (to the micro-dollar), hourly and currency
 * (the price as published), usd_per_unit and fx_as_of (the exchange rate it was converted at and that rate's date,
 * for a price not in USD), source, fetched_at, effective_at, estimated (derived by the rule its source states, not
 * published) and spot_interruption (when known). snap (borrowed) gives the exchange rates. */
void price_write(jsonw *out, const catalog *snap, const catalog_price *price);
/* The same members without the braces, into an object out has open (for an answer that adds members of its own). */
void price_write_members(jsonw *out, const catalog *snap, const catalog_price *price);

#endif
