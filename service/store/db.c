#include "store/db.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"

/* How long a writer waits for another connection's lock before giving up. */
#define DB_BUSY_TIMEOUT_MS 5000
#define DB_BUSY_RETRIES 20

static int make_parent_dir(const char *path, char *err, size_t err_len)
{
    char dir[512];
    if (util_copy(dir, sizeof dir, path) != 0) {
        snprintf(err, err_len, "database path too long");
        return -1;
    }
    char *slash = strrchr(dir, '/');
    if (slash == NULL || slash == dir)
        return 0;
    *slash = '\0';
    struct stat st;
    if (stat(dir, &st) == 0)
        return 0;
    if (mkdir(dir, 0750) != 0 && errno != EEXIST) {
        snprintf(err, err_len, "cannot create folder %s: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}

static int configure(sqlite3 *db, bool writable, char *err, size_t err_len)
{
    sqlite3_busy_timeout(db, DB_BUSY_TIMEOUT_MS);
    sqlite3_extended_result_codes(db, 1);
    if (db_exec(db, "PRAGMA foreign_keys = ON", err, err_len) != 0)
        return -1;
    if (writable) {
        /* WAL lets the worker write while start-up or `gpurec refresh` elsewhere reads; NORMAL sync is durable
         * across process crashes in WAL mode (https://www.sqlite.org/wal.html, "Performance Considerations"). */
        if (db_exec(db, "PRAGMA journal_mode = WAL", err, err_len) != 0 ||
            db_exec(db, "PRAGMA synchronous = NORMAL", err, err_len) != 0)
            return -1;
    }
    return 0;
}

int db_open(const char *path, bool create, sqlite3 **out, char *err, size_t err_len)
{
    sqlite3 *db = NULL;
    *out = NULL;
    if (create && make_parent_dir(path, err, err_len) != 0)
        return -1;
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
    int rc = sqlite3_open_v2(path, &db, flags, NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, err_len, "cannot open database %s: %s", path, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        goto fail;
    }
    if (configure(db, true, err, err_len) != 0)
        goto fail;
    *out = db;
    return 0;
fail:
    sqlite3_close(db);
    return -1;
}

int db_open_readonly(const char *path, sqlite3 **out, char *err, size_t err_len)
{
    sqlite3 *db = NULL;
    *out = NULL;
    int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, err_len, "cannot open database %s: %s", path, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        sqlite3_close(db);
        return -1;
    }
    if (configure(db, false, err, err_len) != 0) {
        sqlite3_close(db);
        return -1;
    }
    *out = db;
    return 0;
}

void db_close(sqlite3 *db)
{
    if (db != NULL)
        sqlite3_close_v2(db);
}

int db_data_version(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    int version = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA data_version", -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return version;
}

int db_error(sqlite3 *db, const char *what, char *err, size_t err_len)
{
    snprintf(err, err_len, "%s: %s", what, sqlite3_errmsg(db));
    return -1;
}

int db_exec(sqlite3 *db, const char *sql, char *err, size_t err_len)
{
    char *message = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK) {
        snprintf(err, err_len, "%s", message ? message : sqlite3_errmsg(db));
        sqlite3_free(message);
        return -1;
    }
    return 0;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Runs a transaction statement, retrying while another connection holds the lock: DB_BUSY_RETRIES times, or, when
 * wait_ms > 0, until wait_ms have passed (each wait of SQLite's busy handler cut to what is left). 0; DB_BUSY when
 * the lock stayed held; -1 on any other error. */
static int exec_retrying(sqlite3 *db, const char *sql, long wait_ms, char *err, size_t err_len)
{
    int64_t deadline = util_monotonic_us() + (int64_t)wait_ms * 1000;
    int rc = -1;
    for (int attempt = 0;; attempt++) {
        long left_ms = (long)((deadline - util_monotonic_us()) / 1000);
        if (wait_ms > 0)
            sqlite3_busy_timeout(db, (int)(left_ms < 1 ? 1 : left_ms < DB_BUSY_TIMEOUT_MS ? left_ms
                                                                                          : DB_BUSY_TIMEOUT_MS));
        int step = sqlite3_exec(db, sql, NULL, NULL, NULL);
        if (step == SQLITE_OK) {
            rc = 0;
            break;
        }
        int primary = step & 0xff;
        if (primary != SQLITE_BUSY && primary != SQLITE_LOCKED) {
            rc = db_error(db, sql, err, err_len);
            break;
        }
        left_ms = (long)((deadline - util_monotonic_us()) / 1000);
        if (wait_ms > 0 ? left_ms <= 0 : attempt >= DB_BUSY_RETRIES) {
            snprintf(err, err_len, "%s: the database is busy: another connection holds its write lock", sql);
            rc = DB_BUSY;
            break;
        }
        long pause_ms = 50L * (attempt + 1);
        sleep_ms(wait_ms > 0 && pause_ms > left_ms ? left_ms : pause_ms);
    }
    if (wait_ms > 0)
        sqlite3_busy_timeout(db, DB_BUSY_TIMEOUT_MS);
    return rc;
}

int db_begin(sqlite3 *db, char *err, size_t err_len)
{
    return exec_retrying(db, "BEGIN IMMEDIATE", 0, err, err_len);
}

int db_begin_within(sqlite3 *db, long wait_ms, char *err, size_t err_len)
{
    return exec_retrying(db, "BEGIN IMMEDIATE", wait_ms, err, err_len);
}

int db_commit(sqlite3 *db, char *err, size_t err_len)
{
    if (exec_retrying(db, "COMMIT", 0, err, err_len) != 0) {
        db_rollback(db);
        return -1;
    }
    return 0;
}

void db_rollback(sqlite3 *db)
{
    if (!sqlite3_get_autocommit(db))
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
}

void db_remove_files(const char *path)
{
    char side[4096];
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}
