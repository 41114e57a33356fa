/* What a price refresh writes (store/prices_apply.h): a price as an adapter read it, and an adapter's fetch state.
 * Plain data, without SQLite, so the price adapters can fill them. */
#ifndef GPUREC_PRICE_ROW_H
#define GPUREC_PRICE_ROW_H

#include "base/vocab.h"

/* One price as an adapter read it, in the provider's own currency. */
typedef struct price_row {
    char provider[16];
    char instance_type[64];
    char region[48];
    pricing_model model;
    double hourly;              /* per instance-hour; reservations as the no-upfront hourly equivalent */
    char currency[4];           /* ISO 4217 */
    char effective_at[32];      /* ISO 8601 UTC as the provider states it; "" when it does not */
    char effective_end_at[32];  /* the last instant it applies (Azure's effectiveEndDate); "" when open-ended */
    char spot_interruption[16]; /* an interruption band such as "<5%", "" when unknown or not spot */
    char source[128];           /* where it came from, e.g. "aws:price-list" or "feed:https://host/path" */
    char listed_at[32];         /* ISO 8601 UTC: the publication date of the list it was read from, as the list
                                 * states it (an AWS offer file's "Publication Date"); "" when the list states none */
    int rank;                   /* among rows with one key the higher rank wins, then the later effective_at */
} price_row;

/* An exchange rate a refresh read (the fx adapter): USD per unit of currency, as of the source's date. */
typedef struct fx_row {
    char currency[4];  /* ISO 4217 */
    double usd_per_unit;
    char as_of[32];    /* ISO 8601 UTC */
    char source[128];  /* the URL it was read from */
} fx_row;

/* What an adapter remembers between runs per URL (ETag, or a version such as an AWS offer file's version URL).
 * States are saved in the same transaction as the prices, so a failed run does not skip the data next time. */
typedef struct provider_state {
    char *url;
    char *etag;    /* NULL when none */
    char *version; /* NULL when none */
} provider_state;

#endif
