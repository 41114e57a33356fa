/* The exchange rates part of a refresh's one transaction (store/prices_apply.h): the fx adapter's rates are written
 * into fx_rates beside any price rows, inside the same transaction. */
#ifndef GPUREC_FX_APPLY_H
#define GPUREC_FX_APPLY_H

#include <stddef.h>

#include <sqlite3.h>

#include "store/prices_apply.h"

/* Writes in->fx (inside the caller's transaction). Only currencies fx_rates already holds are written: prices name
 * their currency through a foreign key, so a rate for a currency no price uses would serve nothing. A rate equal to
 * the stored one (rate, date and source) is left alone; one dated before a rate a refresh wrote (source "fx:...") is
 * refused as stale; one that moves more than 5x against the stored rate is refused as a unit or parsing error.
 * out->applied, fx_changed, stale and rejected count them. 0, or -1 with err. */
int store_fx_apply(sqlite3 *db, const store_apply *in, store_applied *out, char *err, size_t err_len);

#endif
