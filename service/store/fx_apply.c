#include "store/fx_apply.h"

#include <stdio.h>
#include <string.h>

#include "base/log.h"
#include "store/db.h"

/* The same bound as a price's jump guard (worker/validate.h): a daily reference rate moves by a few percent. */
#define FX_MAX_JUMP 5.0

int store_fx_apply(sqlite3 *db, const store_apply *in, store_applied *out, char *err, size_t err_len)
{
    if (in->fx_count == 0)
        return 0;
    sqlite3_stmt *get = NULL, *put = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(db, "SELECT usd_per_unit, source, as_of FROM fx_rates WHERE currency = ?1", -1, &get,
                           NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "UPDATE fx_rates SET usd_per_unit = ?2, source = ?3, as_of = ?4 WHERE currency = ?1",
                           -1, &put, NULL) != SQLITE_OK) {
        db_error(db, "database: preparing the exchange rates", err, err_len);
        goto out;
    }
    for (size_t i = 0; i < in->fx_count; i++) {
        const fx_row *row = &in->fx[i];
        sqlite3_reset(get);
        sqlite3_bind_text(get, 1, row->currency, -1, SQLITE_STATIC);
        int step = sqlite3_step(get);
        if (step == SQLITE_DONE)
            continue; /* no price is in this currency */
        if (step != SQLITE_ROW) {
            db_error(db, "database: reading an exchange rate", err, err_len);
            goto out;
        }
        double old = sqlite3_column_double(get, 0);
        const char *source = (const char *)sqlite3_column_text(get, 1);
        const char *as_of = (const char *)sqlite3_column_text(get, 2);
        source = source ? source : "";
        as_of = as_of ? as_of : "";
        if (strncmp(source, "fx:", 3) == 0 && strcmp(row->as_of, as_of) < 0) {
            out->stale++;
            continue;
        }
        if (old == row->usd_per_unit && strcmp(source, row->source) == 0 && strcmp(as_of, row->as_of) == 0) {
            out->applied++;
            continue;
        }
        double ratio = old > 0 ? row->usd_per_unit / old : 1;
        if (ratio > FX_MAX_JUMP || ratio < 1.0 / FX_MAX_JUMP) {
            char moved[32];
            snprintf(moved, sizeof moved, "x%.3g", ratio);
            log_msg(LOG_WARN, "refresh rejected an exchange rate", "currency", row->currency, "moved", moved, NULL);
            out->rejected++;
            continue;
        }
        sqlite3_reset(put);
        sqlite3_bind_text(put, 1, row->currency, -1, SQLITE_STATIC);
        sqlite3_bind_double(put, 2, row->usd_per_unit);
        sqlite3_bind_text(put, 3, row->source, -1, SQLITE_STATIC);
        sqlite3_bind_text(put, 4, row->as_of, -1, SQLITE_STATIC);
        if (sqlite3_step(put) != SQLITE_DONE) {
            db_error(db, "database: writing an exchange rate", err, err_len);
            goto out;
        }
        out->applied++;
        out->fx_changed++;
    }
    rc = 0;
out:
    sqlite3_finalize(get);
    sqlite3_finalize(put);
    return rc;
}
