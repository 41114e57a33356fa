#include "store/refresh_runs.h"

#include "base/util.h"
#include "store/db.h"

int store_last_good_run(sqlite3 *db, const char *provider, time_t *started_at, char *err, size_t err_len)
{
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(db,
                           "SELECT max(started_at) FROM refresh_runs WHERE provider_id = ?1 AND status IN ('ok', "
                           "'unchanged')",
                           -1, &st, NULL) != SQLITE_OK) {
        db_error(db, "reading the last refresh run", err, err_len);
        goto out;
    }
    sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
    int step = sqlite3_step(st);
    if (step != SQLITE_ROW) {
        db_error(db, "reading the last refresh run", err, err_len);
        goto out;
    }
    rc = 0;
    if (sqlite3_column_type(st, 0) != SQLITE_NULL &&
        util_parse_time((const char *)sqlite3_column_text(st, 0), started_at) == 0)
        rc = 1;
out:
    sqlite3_finalize(st);
    return rc;
}
