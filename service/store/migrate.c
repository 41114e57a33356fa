#include "store/migrate.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store/db.h"
#include "base/util.h"

#define MAX_MIGRATIONS 512

typedef struct migration_file {
    int version;
    char name[128]; /* file name */
} migration_file;

/* NNNN_lowercase_name.sql */
static int parse_name(const char *name, int *version)
{
    size_t len = strlen(name);
    if (len < 10 || len >= 128 || strcmp(name + len - 4, ".sql") != 0 || name[4] != '_')
        return -1;
    for (int i = 0; i < 4; i++) {
        if (name[i] < '0' || name[i] > '9')
            return -1;
    }
    for (size_t i = 5; i < len - 4; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return -1;
    }
    *version = atoi(name);
    return 0;
}

static int compare_files(const void *a, const void *b)
{
    return ((const migration_file *)a)->version - ((const migration_file *)b)->version;
}

static int list_files(const char *dir, migration_file *files, size_t *count, char *err, size_t err_len)
{
    DIR *handle = opendir(dir);
    if (handle == NULL) {
        snprintf(err, err_len, "cannot read migrations folder %s: %s", dir, strerror(errno));
        return -1;
    }
    *count = 0;
    struct dirent *entry;
    int rc = 0;
    while ((entry = readdir(handle)) != NULL) {
        int version;
        if (parse_name(entry->d_name, &version) != 0)
            continue;
        if (*count >= MAX_MIGRATIONS) {
            snprintf(err, err_len, "too many migrations in %s", dir);
            rc = -1;
            break;
        }
        files[*count].version = version;
        util_copy(files[*count].name, sizeof files[*count].name, entry->d_name);
        (*count)++;
    }
    closedir(handle);
    if (rc != 0)
        return -1;
    qsort(files, *count, sizeof files[0], compare_files);
    for (size_t i = 1; i < *count; i++) {
        if (files[i].version == files[i - 1].version) {
            snprintf(err, err_len, "two migrations share version %04d: %s and %s", files[i].version,
                     files[i - 1].name, files[i].name);
            return -1;
        }
    }
    return 0;
}

int migrate_count_files(const char *dir)
{
    migration_file *files = xcalloc(MAX_MIGRATIONS, sizeof *files);
    size_t count = 0;
    char err[256];
    int rc = list_files(dir, files, &count, err, sizeof err);
    free(files);
    return rc == 0 ? (int)count : -1;
}

/* Reads a whole file; caller frees. */
static char *read_file(const char *path, size_t *size_out, char *err, size_t err_len)
{
    FILE *file = fopen(path, "rb");
    char *data = NULL;
    if (file == NULL) {
        snprintf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    if (fseek(file, 0, SEEK_END) != 0)
        goto fail;
    long size = ftell(file);
    if (size < 0 || fseek(file, 0, SEEK_SET) != 0)
        goto fail;
    data = xmalloc((size_t)size + 1);
    if (fread(data, 1, (size_t)size, file) != (size_t)size)
        goto fail;
    data[size] = '\0';
    fclose(file);
    *size_out = (size_t)size;
    return data;
fail:
    snprintf(err, err_len, "cannot read %s: %s", path, strerror(errno));
    free(data);
    fclose(file);
    return NULL;
}

static const char create_table_sql[] =
    "CREATE TABLE IF NOT EXISTS schema_migrations (\n"
    "    version INTEGER PRIMARY KEY,\n"
    "    name TEXT NOT NULL,\n"
    "    checksum TEXT NOT NULL,\n"
    "    applied_at TEXT NOT NULL\n"
    ")";

/* The recorded checksum of a version into buf; 1 when recorded, 0 when not, -1 on error. */
static int recorded_checksum(sqlite3 *db, int version, char *buf, size_t buf_len)
{
    sqlite3_stmt *stmt = NULL;
    int found = -1;
    if (sqlite3_prepare_v2(db, "SELECT checksum FROM schema_migrations WHERE version = ?", -1, &stmt, NULL) !=
        SQLITE_OK)
        goto out;
    sqlite3_bind_int(stmt, 1, version);
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        util_copy(buf, buf_len, (const char *)sqlite3_column_text(stmt, 0));
        found = 1;
    } else if (rc == SQLITE_DONE) {
        found = 0;
    }
out:
    sqlite3_finalize(stmt);
    return found;
}

static int record(sqlite3 *db, const migration_file *file, const char *checksum)
{
    sqlite3_stmt *stmt = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(db, "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?,?,?,?)",
                           -1, &stmt, NULL) != SQLITE_OK)
        goto out;
    char now[32];
    util_format_time(time(NULL), now, sizeof now);
    sqlite3_bind_int(stmt, 1, file->version);
    sqlite3_bind_text(stmt, 2, file->name, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, checksum, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 4, now, -1, SQLITE_STATIC);
    rc = sqlite3_step(stmt) == SQLITE_DONE ? 0 : -1;
out:
    sqlite3_finalize(stmt);
    return rc;
}

/* A version recorded in the database with no file: the database is newer than these migrations. */
static int check_no_unknown_versions(sqlite3 *db, const migration_file *files, size_t count, char *err,
                                     size_t err_len)
{
    sqlite3_stmt *stmt = NULL;
    int rc = 0;
    if (sqlite3_prepare_v2(db, "SELECT version, name FROM schema_migrations ORDER BY version", -1, &stmt, NULL) !=
        SQLITE_OK)
        return db_error(db, "schema_migrations", err, err_len);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        int version = sqlite3_column_int(stmt, 0);
        int known = 0;
        for (size_t i = 0; i < count && !known; i++)
            known = files[i].version == version;
        if (!known) {
            snprintf(err, err_len, "the database has migration %s applied, which this build does not have",
                     (const char *)sqlite3_column_text(stmt, 1));
            rc = -1;
            break;
        }
    }
    sqlite3_finalize(stmt);
    return rc;
}

int migrate_apply(sqlite3 *db, const char *dir, int *applied, char *err, size_t err_len)
{
    migration_file *files = xcalloc(MAX_MIGRATIONS, sizeof *files);
    char *sql = NULL;
    size_t count = 0;
    int rc = -1;
    int applied_now = 0;
    if (applied)
        *applied = 0;
    if (list_files(dir, files, &count, err, err_len) != 0)
        goto out;
    if (count == 0) {
        snprintf(err, err_len, "no migrations found in %s", dir);
        goto out;
    }
    if (db_exec(db, create_table_sql, err, err_len) != 0)
        goto out;
    if (check_no_unknown_versions(db, files, count, err, err_len) != 0)
        goto out;
    for (size_t i = 0; i < count; i++) {
        char path[700];
        snprintf(path, sizeof path, "%s/%s", dir, files[i].name);
        size_t size = 0;
        free(sql);
        sql = read_file(path, &size, err, err_len);
        if (sql == NULL)
            goto out;
        char checksum[32];
        snprintf(checksum, sizeof checksum, "fnv1a64:%016llx",
                 (unsigned long long)util_fnv1a(UTIL_FNV_OFFSET, sql, size));
        char recorded[64];
        int found = recorded_checksum(db, files[i].version, recorded, sizeof recorded);
        if (found < 0) {
            db_error(db, "schema_migrations", err, err_len);
            goto out;
        }
        if (found) {
            if (strcmp(recorded, checksum) != 0) {
                snprintf(err, err_len,
                         "migration %s was changed after it was applied (recorded %s, file now %s): "
                         "add a new migration instead of editing an applied one",
                         files[i].name, recorded, checksum);
                goto out;
            }
            continue;
        }
        char sql_err[400];
        if (db_begin(db, sql_err, sizeof sql_err) != 0) {
            snprintf(err, err_len, "migration %s: %s", files[i].name, sql_err);
            goto out;
        }
        if (db_exec(db, sql, sql_err, sizeof sql_err) != 0 ||
            (record(db, &files[i], checksum) != 0 && snprintf(sql_err, sizeof sql_err, "%s", sqlite3_errmsg(db)))) {
            db_rollback(db);
            snprintf(err, err_len, "migration %s failed and was rolled back: %s", files[i].name, sql_err);
            goto out;
        }
        if (db_commit(db, sql_err, sizeof sql_err) != 0) {
            snprintf(err, err_len, "migration %s: %s", files[i].name, sql_err);
            goto out;
        }
        applied_now++;
    }
    rc = 0;
out:
    if (applied)
        *applied = applied_now;
    free(sql);
    free(files);
    return rc;
}
