/* Migrations: a fresh database, a second run, a tampered file, a failing migration, and schema/schema.sql. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/db.h"
#include "store/migrate.h"
#include "support/check_support.h"
#include "base/util.h"

static char db_path[64];
static char dir[64];
static sqlite3 *db;
static char err[1024];

static void setup(void)
{
    snprintf(db_path, sizeof db_path, "/tmp/gpurec-migrate-XXXXXX");
    int fd = mkstemp(db_path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    snprintf(dir, sizeof dir, "/tmp/gpurec-migrations-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ck_assert_int_eq(db_open(db_path, true, &db, err, sizeof err), 0);
}

static void teardown(void)
{
    db_close(db);
    char command[512];
    snprintf(command, sizeof command, "rm -rf '%s' '%s' '%s-wal' '%s-shm'", dir, db_path, db_path, db_path);
    ck_assert_int_eq(system(command), 0);
}

static void write_file(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static long long scalar(sqlite3 *conn, const char *sql)
{
    sqlite3_stmt *stmt = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(conn, sql, -1, &stmt, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(stmt), SQLITE_ROW);
    long long value = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return value;
}

START_TEST(fresh_database_gets_every_migration_once)
{
    int applied = 0;
    int files = migrate_count_files("migrations");
    ck_assert_int_ge(files, 4);
    ck_assert_int_eq(migrate_apply(db, "migrations", &applied, err, sizeof err), 0);
    ck_assert_int_eq(applied, files);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM schema_migrations"), files);
    ck_assert_int_gt(scalar(db, "SELECT count(*) FROM gpus"), 0);
    long long prices = scalar(db, "SELECT count(*) FROM prices");
    ck_assert_int_eq(migrate_apply(db, "migrations", &applied, err, sizeof err), 0);
    ck_assert_int_eq(applied, 0);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM prices"), prices);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM schema_migrations"), files);
}
END_TEST

START_TEST(tampered_migration_is_refused)
{
    write_file("0001_one.sql", "CREATE TABLE t (x INTEGER);\n");
    write_file("0002_two.sql", "INSERT INTO t VALUES (1);\n");
    ck_assert_int_eq(migrate_apply(db, dir, NULL, err, sizeof err), 0);
    write_file("0002_two.sql", "INSERT INTO t VALUES (2);\n");
    ck_assert_int_eq(migrate_apply(db, dir, NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "0002_two.sql") != NULL && strstr(err, "changed") != NULL, "error: %s", err);
    ck_assert_int_eq(scalar(db, "SELECT sum(x) FROM t"), 1);
}
END_TEST

START_TEST(vanished_migration_is_refused)
{
    write_file("0001_one.sql", "CREATE TABLE t (x INTEGER);\n");
    write_file("0002_two.sql", "INSERT INTO t VALUES (1);\n");
    ck_assert_int_eq(migrate_apply(db, dir, NULL, err, sizeof err), 0);
    char path[256];
    snprintf(path, sizeof path, "%s/0002_two.sql", dir);
    unlink(path);
    ck_assert_int_eq(migrate_apply(db, dir, NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "0002_two.sql") != NULL, "error: %s", err);
}
END_TEST

START_TEST(failing_migration_is_rolled_back_whole)
{
    write_file("0001_one.sql", "CREATE TABLE t (x INTEGER NOT NULL);\n");
    write_file("0002_bad.sql", "INSERT INTO t VALUES (1);\nINSERT INTO t VALUES (NULL);\n");
    int applied = -1;
    ck_assert_int_eq(migrate_apply(db, dir, &applied, err, sizeof err), -1);
    ck_assert_int_eq(applied, 1);
    ck_assert_msg(strstr(err, "0002_bad.sql") != NULL && strstr(err, "rolled back") != NULL, "error: %s", err);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM t"), 0);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM schema_migrations"), 1);
    /* fixed file: applies now */
    write_file("0002_bad.sql", "INSERT INTO t VALUES (1);\n");
    ck_assert_int_eq(migrate_apply(db, dir, &applied, err, sizeof err), 0);
    ck_assert_int_eq(applied, 1);
}
END_TEST

START_TEST(badly_named_and_duplicate_versions)
{
    write_file("0001_one.sql", "CREATE TABLE t (x INTEGER);\n");
    write_file("notes.sql", "this is not SQL");
    write_file("1_short.sql", "this is not SQL either");
    ck_assert_int_eq(migrate_apply(db, dir, NULL, err, sizeof err), 0);
    write_file("0001_other.sql", "CREATE TABLE u (x INTEGER);\n");
    ck_assert_int_eq(migrate_apply(db, dir, NULL, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "0001"));
}
END_TEST

/* Every schema object's SQL, whitespace folded, ordered by name: equal for equal schemas. */
static char *schema_fingerprint(sqlite3 *conn)
{
    sqlite3_stmt *stmt = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(conn,
                                        "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master "
                                        "WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type, name",
                                        -1, &stmt, NULL),
                     SQLITE_OK);
    size_t cap = 65536, len = 0;
    char *out = xcalloc(1, cap);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        const char *text = (const char *)sqlite3_column_text(stmt, 0);
        int space = 0;
        for (const char *c = text; *c; c++) {
            if (len + 4 >= cap)
                out = xrealloc(out, cap *= 2);
            if (*c == ' ' || *c == '\n' || *c == '\t' || *c == '\r') {
                space = 1;
                continue;
            }
            if (space && len > 0 && out[len - 1] != '(' && *c != ')' && *c != ',')
                out[len++] = ' ';
            space = 0;
            out[len++] = *c;
        }
        out[len++] = '\n';
        out[len] = '\0';
    }
    sqlite3_finalize(stmt);
    return out;
}

START_TEST(schema_file_equals_what_migrations_produce)
{
    ck_assert_int_eq(migrate_apply(db, "migrations", NULL, err, sizeof err), 0);
    char *migrated = schema_fingerprint(db);

    FILE *f = fopen("schema/schema.sql", "r");
    ck_assert_msg(f != NULL, "schema/schema.sql is missing");
    char *schema = xcalloc(1, 1 << 20);
    size_t n = fread(schema, 1, (1 << 20) - 1, f);
    schema[n] = '\0';
    fclose(f);
    sqlite3 *plain = NULL;
    ck_assert_int_eq(sqlite3_open(":memory:", &plain), SQLITE_OK);
    ck_assert_msg(db_exec(plain, schema, err, sizeof err) == 0, "schema.sql: %s", err);
    char *declared = schema_fingerprint(plain);
    ck_assert_msg(strcmp(migrated, declared) == 0,
                  "schema/schema.sql differs from the migrations' schema.\nmigrations:\n%s\nschema.sql:\n%s", migrated,
                  declared);
    sqlite3_close(plain);
    free(schema);
    free(migrated);
    free(declared);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("migrate");
    TCase *tc = tcase_create("apply");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, fresh_database_gets_every_migration_once);
    tcase_add_test(tc, tampered_migration_is_refused);
    tcase_add_test(tc, vanished_migration_is_refused);
    tcase_add_test(tc, failing_migration_is_rolled_back_whole);
    tcase_add_test(tc, badly_named_and_duplicate_versions);
    tcase_add_test(tc, schema_file_equals_what_migrations_produce);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
