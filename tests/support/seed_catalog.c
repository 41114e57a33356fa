/* See seed_catalog.h. */
#include "seed_catalog.h"

#include <check.h>

#include <sqlite3.h>

#include "store/catalog_load.h"
#include "store/migrate.h"

catalog *seed_catalog_load(void)
{
    sqlite3 *db = NULL;
    catalog *snap = NULL;
    char err[512];
    ck_assert_int_eq(sqlite3_open(":memory:", &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, "PRAGMA foreign_keys=ON", NULL, NULL, NULL), SQLITE_OK);
    int applied = 0;
    ck_assert_msg(migrate_apply(db, "migrations", &applied, err, sizeof err) == 0, "migrate: %s", err);
    ck_assert_msg(store_catalog_load(db, &snap, err, sizeof err) == 0, "catalog_load: %s", err);
    sqlite3_close(db);
    return snap;
}
