#include "store/prepare.h"

#include <stdbool.h>
#include <stdio.h>

#include <sqlite3.h>

#include "base/log.h"
#include "store/catalog_load.h"
#include "store/db.h"
#include "store/migrate.h"

int store_prepare(const config *cfg, catalog **out, char *err, size_t err_len)
{
    sqlite3 *db = NULL;
    int rc = -1;
    int applied = 0;
    if (db_open(cfg->db_path, true, &db, err, err_len) != 0)
        goto out;
    if (migrate_apply(db, cfg->migrations_dir, &applied, err, err_len) != 0)
        goto out;
    if (applied > 0) {
        char count[16];
        snprintf(count, sizeof count, "%d", applied);
        log_msg(LOG_INFO, "migrations applied", "count", count, "db", cfg->db_path, NULL);
    }
    /* SQLite opens a write-protected file read-only without an error: say so now, not at the first refresh */
    if (sqlite3_db_readonly(db, "main") == 1)
        log_msg(LOG_WARN, "the database is read-only: the catalog is served as it is, price refreshes will fail",
                "db", cfg->db_path, NULL);
    if (out != NULL && store_catalog_load(db, out, err, err_len) != 0)
        goto out;
    rc = 0;
out:
    db_close(db);
    return rc;
}
