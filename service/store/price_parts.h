/* The price-list parts that price an instance type when a provider's price list names parts rather than instance
 * types (OCI: one "GPU Per Hour" part per GPU model; the oci_price_parts table, migration 0010). An adapter gets them
 * through its provider_run; the refresh reads them here so that no adapter runs SQL. */
#ifndef GPUREC_PRICE_PARTS_H
#define GPUREC_PRICE_PARTS_H

#include <stddef.h>

#include <sqlite3.h>

typedef struct price_part {
    char instance_type[64];
    char part_number[32];
    double gpus; /* units of the part one hour of the instance type uses */
} price_part;

/* The parts of provider's instance types, ordered by instance type, into *out (caller frees with free(); NULL when
 * there are none) and *count. A provider without a parts table has none. Returns 0, or -1 with a message in err. */
int store_price_parts_load(sqlite3 *db, const char *provider, price_part **out, size_t *count, char *err,
                           size_t err_len);

#endif
