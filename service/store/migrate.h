/* Schema migrations: migrations/NNNN_name.sql applied in order, each in one transaction, recorded in
 * schema_migrations with a checksum of the file. */
#ifndef GPUREC_MIGRATE_H
#define GPUREC_MIGRATE_H

#include <stddef.h>

#include <sqlite3.h>

/* Applies every pending migration of dir. Refuses (-1, with the file named in err) when an applied migration's file
 * changed or vanished, or when a migration fails (that migration is rolled back, earlier ones stay). *applied (may be
 * NULL) receives how many were applied now. */
int migrate_apply(sqlite3 *db, const char *dir, int *applied, char *err, size_t err_len);

/* How many migration files dir has; -1 when it cannot be read. */
int migrate_count_files(const char *dir);

#endif
