/* SQLite connections: opened with WAL, a busy timeout and foreign keys on. A connection belongs to one thread at a
 * time (the opener's); the request path never uses one. */
#ifndef GPUREC_DB_H
#define GPUREC_DB_H

#include <stdbool.h>
#include <stddef.h>

#include <sqlite3.h>

/* Opens (creating the file and its folder when create is true) and configures a connection. Caller closes with
 * db_close(). Returns 0, or -1 with a message in err. */
int db_open(const char *path, bool create, sqlite3 **out, char *err, size_t err_len);
/* Opens read-only (no WAL change, no creation). */
int db_open_readonly(const char *path, sqlite3 **out, char *err, size_t err_len);
void db_close(sqlite3 *db);
/* Removes a closed database's file and the -wal and -shm files WAL mode keeps beside it (missing ones are fine). */
void db_remove_files(const char *path);

/* PRAGMA data_version: a number that moves when another connection commits a change to the file, or -1 when it
 * cannot be read. What the worker watches to republish a catalog changed by another process. */
int db_data_version(sqlite3 *db);

/* Writes "<what>: <sqlite's last message on db>" into err and returns -1: what every failed statement reports. */
int db_error(sqlite3 *db, const char *what, char *err, size_t err_len);

/* Runs SQL without results; 0 or -1 with sqlite's message in err. */
int db_exec(sqlite3 *db, const char *sql, char *err, size_t err_len);
/* What db_begin and db_begin_within return when another connection kept the write lock all along. */
#define DB_BUSY (-2)
/* BEGIN IMMEDIATE, retried while the database is busy (bounded: about 20 waits of up to 5 s each); 0, DB_BUSY or -1.
 * For a background run, which may wait. */
int db_begin(sqlite3 *db, char *err, size_t err_len);
/* The same, giving up with DB_BUSY once wait_ms (> 0) have passed: for work a client waits for. */
int db_begin_within(sqlite3 *db, long wait_ms, char *err, size_t err_len);
/* COMMIT, retried while busy; 0 or -1 (the transaction is rolled back on failure). */
int db_commit(sqlite3 *db, char *err, size_t err_len);
/* ROLLBACK when a transaction is open; safe to call when none is. */
void db_rollback(sqlite3 *db);

#endif
