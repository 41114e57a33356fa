/* Catalog snapshot files: the immutable SQLite files that one publisher writes (`gpurec publish`) and replicas read.
 *
 * A snapshot file is written once, as a whole consistent copy of the catalog database in rollback-journal mode (no
 * write-ahead log), and never changed after: a new catalog is a new file with a new name. A reader opens it with
 * SQLite's immutable flag, read-only: SQLite then takes no lock and never looks for a journal or a log beside it, so
 * nothing left over by another connection can ever be applied to it. Functions run in the caller's thread. */
#ifndef GPUREC_SNAPSHOT_FILE_H
#define GPUREC_SNAPSHOT_FILE_H

#include <stddef.h>

#include <sqlite3.h>

#include "snapshot/catalog.h"

/* Writes a consistent copy of the database at db_path to dest (which must not exist), with no write-ahead log.
 * 0, or -1 with a message in err (dest removed). */
int snapshot_file_write(const char *db_path, const char *dest, char *err, size_t err_len);

/* The schema version of an open database: the highest migration applied (schema_migrations), or -1 with err. */
long snapshot_file_schema(sqlite3 *db, char *err, size_t err_len);

/* The schema version of the database file at path (opened read-only). -1 with err when it cannot be read. */
long snapshot_file_schema_at(const char *path, char *err, size_t err_len);

/* Opens path read-only and immutable, checks its structure (PRAGMA quick_check) and that its schema version is
 * schema_version, and builds its catalog into *out (caller releases it with catalog_release()); *schema_out (may be
 * NULL) receives the file's schema version; a schema_version below 0 takes any. 0, or -1 with a message naming what was
 * wrong in err. */
int snapshot_file_load(const char *path, long schema_version, catalog **out, long *schema_out, char *err,
                       size_t err_len);

/* Opens path read-only and immutable (for the history reader). Caller closes with db_close(). 0 or -1 with err. */
int snapshot_file_open(const char *path, sqlite3 **out, char *err, size_t err_len);

#endif
