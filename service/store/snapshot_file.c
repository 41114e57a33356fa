#include "store/snapshot_file.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "store/catalog_load.h"
#include "store/db.h"

/* "file:" and path with every byte outside [A-Za-z0-9/._-] percent-escaped, "?immutable=1" after: SQLite's URI form
 * (https://www.sqlite.org/uri.html). 0, or -1 when it does not fit. */
static int immutable_uri(const char *path, char *out, size_t out_len)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t used = 0;
    const char *prefix = "file:";
    for (const char *p = prefix; *p; p++)
        out[used++] = *p;
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if (used + 4 >= out_len)
            return -1;
        if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '/' ||
            *p == '.' || *p == '_' || *p == '-') {
            out[used++] = (char)*p;
        } else {
            out[used++] = '%';
            out[used++] = hex[*p >> 4];
            out[used++] = hex[*p & 15];
        }
    }
    int n = snprintf(out + used, out_len - used, "?immutable=1");
    return n < 0 || (size_t)n >= out_len - used ? -1 : 0;
}

int snapshot_file_open(const char *path, sqlite3 **out, char *err, size_t err_len)
{
    char uri[1200];
    sqlite3 *db = NULL;
    *out = NULL;
    if (immutable_uri(path, uri, sizeof uri) != 0) {
        snprintf(err, err_len, "snapshot path too long: %.200s", path);
        return -1;
    }
    int rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, err_len, "cannot open snapshot %s: %s", path, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        sqlite3_close(db);
        return -1;
    }
    sqlite3_extended_result_codes(db, 1);
    *out = db;
    return 0;
}

int snapshot_file_write(const char *db_path, const char *dest, char *err, size_t err_len)
{
    sqlite3 *db = NULL, *copy = NULL;
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (db_open_readonly(db_path, &db, err, err_len) != 0)
        goto out;
    /* one read transaction copies the whole database, its committed log included, into a new file */
    if (sqlite3_prepare_v2(db, "VACUUM INTO ?1", -1, &st, NULL) != SQLITE_OK ||
        sqlite3_bind_text(st, 1, dest, -1, SQLITE_STATIC) != SQLITE_OK || sqlite3_step(st) != SQLITE_DONE) {
        db_error(db, "cannot copy the catalog database", err, err_len);
        goto out;
    }
    /* the copy keeps the source's journal mode in its header: make it a rollback-journal file, read without a log */
    if (sqlite3_open_v2(dest, &copy, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK ||
        db_exec(copy, "PRAGMA journal_mode = DELETE", err, err_len) != 0)
        goto out;
    rc = 0;
out:
    sqlite3_finalize(st);
    db_close(db);
    if (copy != NULL && sqlite3_close(copy) != SQLITE_OK && rc == 0) {
        snprintf(err, err_len, "cannot close the snapshot copy %s", dest);
        rc = -1;
    }
    if (rc != 0)
        db_remove_files(dest);
    return rc;
}

long snapshot_file_schema(sqlite3 *db, char *err, size_t err_len)
{
    sqlite3_stmt *st = NULL;
    long version = -1;
    if (sqlite3_prepare_v2(db, "SELECT max(version) FROM schema_migrations", -1, &st, NULL) != SQLITE_OK) {
        db_error(db, "no schema version (schema_migrations)", err, err_len);
        return -1;
    }
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_INTEGER)
        version = (long)sqlite3_column_int64(st, 0);
    else
        snprintf(err, err_len, "no schema version (schema_migrations is empty)");
    sqlite3_finalize(st);
    return version;
}

long snapshot_file_schema_at(const char *path, char *err, size_t err_len)
{
    sqlite3 *db = NULL;
    long version = -1;
    if (db_open_readonly(path, &db, err, err_len) == 0)
        version = snapshot_file_schema(db, err, err_len);
    db_close(db);
    return version;
}

/* PRAGMA quick_check: 0 when it answers "ok", else -1 with its first finding in err. */
static int quick_check(sqlite3 *db, const char *path, char *err, size_t err_len)
{
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &st, NULL) != SQLITE_OK) {
        snprintf(err, err_len, "snapshot %s is not a catalog database: %s", path, sqlite3_errmsg(db));
        return -1;
    }
    int step = sqlite3_step(st);
    const char *finding = step == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
    if (finding != NULL && strcmp(finding, "ok") == 0)
        rc = 0;
    else
        snprintf(err, err_len, "snapshot %s fails its integrity check: %.200s", path,
                 finding != NULL ? finding : sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return rc;
}

int snapshot_file_load(const char *path, long schema_version, catalog **out, long *schema_out, char *err,
                       size_t err_len)
{
    sqlite3 *db = NULL;
    int rc = -1;
    *out = NULL;
    if (snapshot_file_open(path, &db, err, err_len) != 0 || quick_check(db, path, err, err_len) != 0)
        goto out;
    long schema = snapshot_file_schema(db, err, err_len);
    if (schema_out != NULL)
        *schema_out = schema;
    if (schema < 0)
        goto out;
    if (schema_version >= 0 && schema != schema_version) {
        snprintf(err, err_len, "snapshot %s has schema version %ld, this service reads %ld", path, schema,
                 schema_version);
        goto out;
    }
    rc = store_catalog_load(db, out, err, err_len);
out:
    db_close(db);
    return rc;
}
