/* What the provider adapter suites share: a provider_run with test-sized fetch limits, finding a row in a price batch,
 * asserting one price, and a refresh run against a migrated database. */
#ifndef GPUREC_TEST_PROVIDER_SUPPORT_H
#define GPUREC_TEST_PROVIDER_SUPPORT_H

#include <stddef.h>
#include <time.h>

#include <sqlite3.h>

#include "base/config.h"
#include "fixture_server.h"
#include "worker/providers/provider.h"
#include "worker/refresh.h"

/* The start of a provider suite's test: fetch_global_init(), the fixture server started, and cfg set to the
 * defaults (the suite then points the adapter's URL at the server). Returns the server; stop it with fixture_stop(). */
fixture_server *provider_support_start(config *cfg);

/* A run of adapter over the given instance and region tables: 2 s timeout, 1 MiB cap, two attempts 10 ms apart, so a
 * failing fixture fails fast. cfg and the tables are borrowed and must outlive the run. */
provider_run provider_support_run(const config *cfg, const char *adapter, const provider_instance *instances,
                                  size_t instance_count, const provider_region *regions, size_t region_count);

/* Starts b empty and fills it with a run of adapter, which must succeed (the test fails with its message otherwise).
 * The caller frees b with price_batch_free(). */
void provider_support_fetch(const provider_adapter *adapter, const provider_run *run, price_batch *b);

/* Asserts that a run of adapter fails with a message holding needle; the message is left in err. */
void provider_support_expect_failure(const provider_adapter *adapter, const provider_run *run, const char *needle,
                                     char *err, size_t err_len);

/* The first row of b for type in region under model, whatever its provider and rank; NULL when there is none.
 * Borrowed from b. */
const price_row *provider_support_find(const price_batch *b, const char *type, const char *region, pricing_model model);

/* The same with more to match on: provider and region match any when NULL, rank any when negative. */
const price_row *provider_support_find_ranked(const price_batch *b, const char *provider, const char *type,
                                              const char *region, pricing_model model, int rank);

/* Asserts that b holds a USD row for type in region under model costing hourly (to 1e-9). provider, when not NULL, is
 * the provider that row must name; band, when not NULL, its spot interruption band ("" for none). */
void provider_support_assert_price(const price_batch *b, const char *provider, const char *type, const char *region,
                                   pricing_model model, double hourly, const char *band);

/* A fresh database with every migration applied (harness_make_db), opened for writing; cfg->db_path names it and the
 * log shows errors only, as a refresh run logs every step. *path is set; close both with
 * provider_support_close_db(). */
sqlite3 *provider_support_open_db(config *cfg, char **path);

/* Closes db and removes the database at path with its -wal and -shm files; frees path. */
void provider_support_close_db(sqlite3 *db, char *path);

/* The set-up of a test that refreshes from the fixture server: fetch_global_init(), the fixture server started into
 * *fs, cfg set to the defaults with a fetch timeout of fetch_timeout_s, and a migrated database opened into *db at
 * *db_path (provider_support_open_db, which also names it in cfg). Undo with provider_support_refresh_teardown(). */
void provider_support_refresh_setup(fixture_server **fs, config *cfg, char **db_path, sqlite3 **db,
                                    unsigned fetch_timeout_s);
/* Closes db, removes its database and stops fs. */
void provider_support_refresh_teardown(fixture_server *fs, sqlite3 *db, char *db_path);

/* Runs a refresh of adapter on db at now, which must succeed (the test fails with its message otherwise) and be
 * recorded with status ("ok", "partial"). out says what the run did. */
void provider_support_refresh(sqlite3 *db, const config *cfg, const char *adapter, time_t now, const char *status,
                              refresh_outcome *out);

/* The integer a one-row query gives (a count); the test fails when the query does not give one. */
long long provider_support_count(sqlite3 *db, const char *sql);

#endif
