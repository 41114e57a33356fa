#include "store/price_parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "store/db.h"

int store_price_parts_load(sqlite3 *db, const char *provider, price_part **out, size_t *count, char *err,
                           size_t err_len)
{
    *out = NULL;
    *count = 0;
    if (strcmp(provider, "oci") != 0)
        return 0;
    sqlite3_stmt *stmt = NULL;
    price_part *parts = NULL;
    size_t n = 0, cap = 0;
    int rc = -1;
    const char *what = "loading the price parts";
    if (sqlite3_prepare_v2(db,
                           "SELECT instance_type_id, part_number, gpus FROM oci_price_parts WHERE provider_id = ?1 "
                           "ORDER BY instance_type_id",
                           -1, &stmt, NULL) != SQLITE_OK) {
        db_error(db, what, err, err_len);
        goto out;
    }
    sqlite3_bind_text(stmt, 1, provider, -1, SQLITE_STATIC);
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        if (n == cap) {
            cap = cap ? cap * 2 : 32;
            parts = xrealloc(parts, cap * sizeof *parts);
        }
        price_part *p = &parts[n];
        memset(p, 0, sizeof *p);
        const char *type = (const char *)sqlite3_column_text(stmt, 0);
        const char *part = (const char *)sqlite3_column_text(stmt, 1);
        if (type == NULL || part == NULL || util_copy(p->instance_type, sizeof p->instance_type, type) != 0 ||
            util_copy(p->part_number, sizeof p->part_number, part) != 0) {
            snprintf(err, err_len, "%s: an id too long or missing", what);
            goto out;
        }
        p->gpus = sqlite3_column_double(stmt, 2);
        n++;
    }
    if (step != SQLITE_DONE) {
        db_error(db, what, err, err_len);
        goto out;
    }
    *out = parts;
    *count = n;
    parts = NULL;
    rc = 0;
out:
    sqlite3_finalize(stmt);
    free(parts);
    return rc;
}
