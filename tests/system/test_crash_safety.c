/* Crash safety of the database, with the real binary ($GPUREC_BIN, else the gpurec beside this suite's folder):
 *  - `gpurec refresh` killed with SIGKILL at many points of a run (fetch, validation, the write) leaves a database
 *    that passes PRAGMA integrity_check and holds either every old price or every new one, never a mix; a restarted
 *    `gpurec serve` serves exactly those;
 *  - a read-only database file, and a full disk (the file size limit, RLIMIT_FSIZE, with SIGXFSZ ignored, which
 *    makes writes fail as on a full disk), are reported in plain words at start and during a refresh, and the
 *    catalog being served stays served.
 * The price feed comes from a local fixture server. Every child process is waited for with a deadline. */
#include <check.h>
#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "fixture_server.h"
#include "harness.h"
#include "support/check_support.h"
#include "base/util.h"

#define KILL_ROUNDS 30
#define ADMIN_TOKEN "crash-test-token"

static fixture_server *fixtures;
static fixture_route *feed_route;
static char feed_url[256];

static void setup(void)
{
    fixtures = fixture_start();
    feed_route = fixture_route_add(fixtures, "/feed.json", NULL, NULL);
    snprintf(feed_url, sizeof feed_url, "%s/feed.json", fixture_url(fixtures));
}

static void teardown(void)
{
    fixture_stop(fixtures);
}

static const char *gpurec_bin(void)
{
    static char path[1024];
    const char *given = getenv("GPUREC_BIN");
    if (given != NULL && given[0] != '\0')
        return given;
    /* BUILD/tests/system/test_crash_safety -> BUILD/gpurec */
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 16);
    ck_assert_int_gt(n, 0);
    path[n] = '\0';
    for (int i = 0; i < 3; i++)
        *strrchr(path, '/') = '\0';
    strcat(path, "/gpurec");
    return path;
}

/* ---- the database's prices ------------------------------------------------------------------------------------ */

typedef struct price_key {
    char provider[16], instance[64], region[48], model[24], currency[4];
    double base; /* the seed's price */
} price_key;

typedef struct price_set {
    price_key *keys;
    size_t count;
} price_set;

static sqlite3 *open_db(const char *path, int flags)
{
    sqlite3 *db = NULL;
    ck_assert_int_eq(sqlite3_open_v2(path, &db, flags, NULL), SQLITE_OK);
    sqlite3_busy_timeout(db, 30000);
    return db;
}

/* Every price a feed can write: a refresh refuses capacity-block rows (no feed states their durations), so those
 * seed rows are left out of the feed and of the comparison. */
static price_set read_prices(const char *path)
{
    price_set set = {0};
    sqlite3 *db = open_db(path, SQLITE_OPEN_READONLY);
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT provider_id, instance_type_id, region_id, pricing_model, currency, "
                                        "hourly FROM prices WHERE pricing_model <> 'capacity_block' "
                                        "ORDER BY 1, 2, 3, 4",
                                        -1, &st, NULL),
                     SQLITE_OK);
    size_t cap = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (set.count == cap) {
            cap = cap ? cap * 2 : 1024;
            set.keys = xrealloc(set.keys, cap * sizeof *set.keys);
        }
        price_key *k = &set.keys[set.count++];
        util_copy(k->provider, sizeof k->provider, (const char *)sqlite3_column_text(st, 0));
        util_copy(k->instance, sizeof k->instance, (const char *)sqlite3_column_text(st, 1));
        util_copy(k->region, sizeof k->region, (const char *)sqlite3_column_text(st, 2));
        util_copy(k->model, sizeof k->model, (const char *)sqlite3_column_text(st, 3));
        util_copy(k->currency, sizeof k->currency, (const char *)sqlite3_column_text(st, 4));
        k->base = sqlite3_column_double(st, 5);
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return set;
}

/* A feed pricing every row of set at base x factor. Caller frees. */
static char *make_feed(const price_set *set, double factor, size_t *len)
{
    size_t cap = set->count * 220 + 64, used = 0;
    char *feed = xmalloc(cap);
    used += (size_t)snprintf(feed, cap, "{\"prices\":[");
    for (size_t i = 0; i < set->count; i++) {
        const price_key *k = &set->keys[i];
        used += (size_t)snprintf(feed + used, cap - used,
                                 "%s{\"provider\":\"%s\",\"instance_type\":\"%s\",\"region\":\"%s\","
                                 "\"pricing_model\":\"%s\",\"hourly\":%.10g,\"currency\":\"%s\"}",
                                 i ? "," : "", k->provider, k->instance, k->region, k->model, k->base * factor,
                                 k->currency);
    }
    used += (size_t)snprintf(feed + used, cap - used, "]}");
    *len = used;
    return feed;
}

/* The one factor every price of the database has against base, or NAN when they differ (a torn refresh). */
static double price_factor(const char *path, const price_set *base)
{
    price_set now = read_prices(path);
    ck_assert_uint_eq(now.count, base->count);
    double factor = NAN;
    for (size_t i = 0; i < now.count; i++) {
        double f = now.keys[i].base / base->keys[i].base;
        if (isnan(factor))
            factor = f;
        else if (fabs(f - factor) > 1e-6) {
            fprintf(stderr, "%s %s %s %s: factor %.6f, others %.6f\n", now.keys[i].provider, now.keys[i].instance,
                    now.keys[i].region, now.keys[i].model, f, factor);
            factor = NAN;
            break;
        }
    }
    free(now.keys);
    return factor;
}

static void assert_integrity(const char *path)
{
    sqlite3 *db = open_db(path, SQLITE_OPEN_READWRITE);
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    const char *result = (const char *)sqlite3_column_text(st, 0);
    ck_assert_msg(strcmp(result, "ok") == 0, "integrity_check: %s", result);
    sqlite3_finalize(st);
    ck_assert_int_eq(sqlite3_prepare_v2(db, "PRAGMA foreign_key_check", -1, &st, NULL), SQLITE_OK);
    ck_assert_msg(sqlite3_step(st) == SQLITE_DONE, "foreign_key_check found a row");
    sqlite3_finalize(st);
    sqlite3_close(db);
}

/* ---- child processes ------------------------------------------------------------------------------------------ */

typedef struct child_opts {
    const char *db_path;
    bool as_nobody;        /* when root: run as uid/gid 65534, so file permissions apply */
    long fsize_limit;      /* > 0: RLIMIT_FSIZE in bytes, SIGXFSZ ignored */
    const char *log_path;  /* stdout and stderr go here */
} child_opts;

static pid_t spawn(const child_opts *o, const char *const *args)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid > 0)
        return pid;
    int fd = open(o->log_path, O_WRONLY | O_CREAT | O_APPEND, 0666);
    if (fd >= 0) {
        dup2(fd, 1);
        dup2(fd, 2);
        close(fd);
    }
    setenv("GPUREC_DB", o->db_path, 1);
    setenv("GPUREC_PROVIDERS", "feed", 1);
    setenv("GPUREC_FEED_URLS", feed_url, 1);
    setenv("GPUREC_REFRESH_INTERVAL", "0", 1);
    setenv("GPUREC_LISTEN", "127.0.0.1:0", 1);
    setenv("GPUREC_ADMIN_TOKEN", ADMIN_TOKEN, 1);
    setenv("GPUREC_THREADS", "2", 1);
    /* a child of a sanitizer build is one too: keep its reports, skip its leak check at SIGKILL */
    setenv("ASAN_OPTIONS", "detect_leaks=0", 1);
    if (o->fsize_limit > 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit limit = {(rlim_t)o->fsize_limit, (rlim_t)o->fsize_limit};
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    if (o->as_nobody && geteuid() == 0) {
        if (setgid(65534) != 0 || setuid(65534) != 0)
            _exit(127);
    }
    const char *argv[8] = {gpurec_bin()};
    for (int i = 0; args[i] != NULL && i < 6; i++)
        argv[i + 1] = args[i];
    execv(argv[0], (char *const *)argv);
    _exit(127);
}

/* Waits for pid at most seconds; kills it when it is still running. Returns its exit status, or -1. */
static int wait_exit(pid_t pid, int seconds)
{
    int64_t deadline = util_monotonic_us() + (int64_t)seconds * 1000000;
    int status = 0;
    for (;;) {
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (util_monotonic_us() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -1;
        }
        usleep(5000);
    }
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return xstrdup("");
    size_t cap = 4096, size = 0, got;
    char *data = xmalloc(cap + 1);
    while ((got = fread(data + size, 1, cap - size, f)) > 0) {
        size += got;
        if (size == cap) {
            cap *= 2;
            data = xrealloc(data, cap + 1);
        }
    }
    fclose(f);
    data[size] = '\0';
    return data;
}

/* Prints the first log line containing needle (for the suite's report). */
static void show_line(const char *label, const char *log_path, const char *needle)
{
    char *text = read_file(log_path);
    const char *at = strstr(text, needle);
    if (at != NULL) {
        while (at > text && at[-1] != '\n')
            at--;
        printf("  %s: %.*s\n", label, (int)strcspn(at, "\n"), at);
    }
    free(text);
}

static bool log_mentions(const char *log_path, const char *a, const char *b)
{
    char *text = read_file(log_path);
    bool found = strstr(text, a) != NULL || (b != NULL && strstr(text, b) != NULL);
    free(text);
    return found;
}

/* Starts `gpurec serve` and waits (bounded) for its "serving" line; *port gets the port. */
static pid_t start_server(const child_opts *o, int *port)
{
    static const char *const args[] = {"serve", NULL};
    pid_t pid = spawn(o, args);
    int64_t deadline = util_monotonic_us() + HARNESS_WAIT_S * 1000000LL;
    *port = 0;
    while (*port == 0 && util_monotonic_us() < deadline) {
        char *text = read_file(o->log_path);
        const char *line = strstr(text, "serving");
        const char *at = line ? strstr(line, "port=") : NULL;
        if (at != NULL)
            *port = atoi(at + 5);
        free(text);
        int status;
        if (*port == 0 && waitpid(pid, &status, WNOHANG) == pid) {
            char *log = read_file(o->log_path);
            ck_abort_msg("gpurec serve exited at start: %s", log);
        }
        usleep(20 * 1000);
    }
    ck_assert_msg(*port > 0, "gpurec serve did not start");
    return pid;
}

static void stop_server(pid_t pid)
{
    kill(pid, SIGTERM);
    ck_assert_int_eq(wait_exit(pid, HARNESS_WAIT_S), 0);
}

/* One request to a child server; returns the status and the parsed body in *json (may be NULL). */
static long http(int port, const char *method, const char *path, json_t **json)
{
    CURL *curl = curl_easy_init();
    char url[256];
    snprintf(url, sizeof url, "http://127.0.0.1:%d%s", port, path);
    harness_buffer out = {xcalloc(1, 1), 0};
    struct curl_slist *headers = curl_slist_append(NULL, "Authorization: Bearer " ADMIN_TOKEN);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, harness_collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &out);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 20L);
    long status = 0;
    if (curl_easy_perform(curl) == CURLE_OK)
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    if (json != NULL)
        *json = json_loadb(out.data, out.size, 0, NULL);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    free(out.data);
    return status;
}

/* The on-demand hourly price of p5.48xlarge in us-east-1 that a server answers, and its catalog version. */
static double served_price(int port, char *version, size_t version_len)
{
    json_t *doc = NULL;
    long status = http(port, "GET", "/v1/instances/aws/p5.48xlarge", &doc);
    ck_assert_int_eq(status, 200);
    double price = NAN;
    size_t i;
    json_t *region;
    json_array_foreach(json_object_get(doc, "regions"), i, region) {
        if (strcmp(json_string_value(json_object_get(region, "region")), "us-east-1") == 0)
            price = json_number_value(
                json_object_get(json_object_get(json_object_get(region, "prices"), "on_demand"), "hourly"));
    }
    if (version != NULL)
        util_copy(version, version_len, json_string_value(json_object_get(doc, "catalog_version")));
    json_decref(doc);
    return price;
}

static double base_price(const price_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->keys[i].provider, "aws") == 0 && strcmp(set->keys[i].instance, "p5.48xlarge") == 0 &&
            strcmp(set->keys[i].region, "us-east-1") == 0 && strcmp(set->keys[i].model, "on_demand") == 0)
            return set->keys[i].base;
    ck_abort_msg("the seed has no on-demand price for p5.48xlarge in us-east-1");
    return NAN;
}

/* A private folder (writable by everyone, so a child running as nobody can create the WAL files) with a migrated
 * database in it. */
static void make_db_in_folder(char *folder, size_t folder_len, char *db_path, size_t db_len)
{
    snprintf(folder, folder_len, "/tmp/gpurec-crash-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(folder));
    chmod(folder, 0777);
    char *made = harness_make_db();
    snprintf(db_path, db_len, "%s/gpurec.db", folder);
    ck_assert_msg(rename(made, db_path) == 0, "rename: %s", strerror(errno));
    free(made);
    chmod(db_path, 0666);
}

static void remove_folder(const char *folder)
{
    char command[600];
    snprintf(command, sizeof command, "rm -rf '%s'", folder);
    ck_assert_int_eq(system(command), 0);
}

/* What every test here starts from: a migrated database in a fresh folder (make_db_in_folder), the log file's path
 * beside it, and the feed serving that database's prices times factor, so that a refresh has rows to write. Returns
 * the prices read; the caller frees their keys and removes the folder. */
static price_set make_db_and_feed(char *folder, size_t folder_len, char *db_path, size_t db_len, char *log_path,
                                  size_t log_len, double factor)
{
    make_db_in_folder(folder, folder_len, db_path, db_len);
    snprintf(log_path, log_len, "%s/log", folder);
    price_set base = read_prices(db_path);
    size_t len;
    char *feed = make_feed(&base, factor, &len);
    fixture_serve_body(feed_route, feed, len, "application/json");
    free(feed);
    return base;
}

/* Whether the server on port has finished a feed refresh run: counted in /metrics once the run's catalog is
 * published and the run is over (after its failure is logged). */
static bool feed_run_finished(int port)
{
    CURL *curl = curl_easy_init();
    char url[256];
    snprintf(url, sizeof url, "http://127.0.0.1:%d/metrics", port);
    harness_buffer out = {xcalloc(1, 1), 0};
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, harness_collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &out);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 20L);
    bool finished = curl_easy_perform(curl) == CURLE_OK &&
                    strstr(out.data, "gpurec_refresh_runs_total{provider=\"feed\"} 1\n") != NULL &&
                    strstr(out.data, "gpurec_refresh_running{provider=\"feed\"} 0\n") != NULL;
    curl_easy_cleanup(curl);
    free(out.data);
    return finished;
}

/* Asks the server on port for a refresh that must fail: waits for the failure in the log, which must name its cause
 * (word or other_word), and for the run to be over; then asserts that the served price and catalog version stay as
 * they were. label names the case in the line printed. */
static void assert_failed_refresh_keeps_catalog(int port, const char *log_path, const char *word,
                                                const char *other_word, const char *label)
{
    char version[32];
    double before = served_price(port, version, sizeof version);
    ck_assert_int_eq(http(port, "POST", "/v1/admin/refresh", NULL), 202);
    int64_t deadline = util_monotonic_us() + HARNESS_WAIT_S * 1000000LL;
    while (!log_mentions(log_path, "refresh failed", NULL) && util_monotonic_us() < deadline)
        usleep(50 * 1000);
    /* the failure is logged during the run; the run ends after it (its catalog published, the counters updated) */
    while (!feed_run_finished(port) && util_monotonic_us() < deadline)
        usleep(50 * 1000);
    ck_assert_msg(feed_run_finished(port), "the failed refresh run did not finish");
    ck_assert_msg(log_mentions(log_path, word, other_word), "the failed refresh was not logged as %s: %s", word,
                  read_file(log_path));
    show_line(label, log_path, "refresh failed");
    char version_after[32];
    double after = served_price(port, version_after, sizeof version_after);
    ck_assert(before == after);
    ck_assert_str_eq(version, version_after);
}

/* ---- the tests ------------------------------------------------------------------------------------------------ */

START_TEST(kill_9_mid_refresh_leaves_a_whole_database)
{
    char folder[64], db_path[128], log_path[160];
    price_set base = make_db_and_feed(folder, sizeof folder, db_path, sizeof db_path, log_path, sizeof log_path, 1.02);
    ck_assert_uint_gt(base.count, 100);
    child_opts o = {db_path, false, 0, log_path};
    static const char *const refresh_args[] = {"refresh", "--provider", "feed", NULL};

    /* One whole run first, to time it: kills are then spread over that time. */
    int64_t started = util_monotonic_us();
    int rc = wait_exit(spawn(&o, refresh_args), 60);
    int64_t run_us = util_monotonic_us() - started;
    ck_assert_msg(rc == 0, "a whole refresh failed: %s", read_file(log_path));
    double committed = price_factor(db_path, &base);
    ck_assert_msg(fabs(committed - 1.02) < 1e-6, "after a whole run the factor is %f", committed);

    int old_kept = 0, new_kept = 0;
    for (int round = 0; round < KILL_ROUNDS; round++) {
        double next = round % 2 == 0 ? 1.04 : 1.02;
        size_t len;
        char *feed = make_feed(&base, next, &len);
        fixture_serve_body(feed_route, feed, len, "application/json");
        free(feed);
        pid_t pid = spawn(&o, refresh_args);
        /* from just after the start to a little past the timed run's end */
        useconds_t delay = (useconds_t)((run_us * 12 / 10) * round / (KILL_ROUNDS - 1));
        usleep(delay);
        kill(pid, SIGKILL);
        int status;
        waitpid(pid, &status, 0);
        assert_integrity(db_path);
        double factor = price_factor(db_path, &base);
        ck_assert_msg(!isnan(factor), "round %d (killed after %u us): the prices are a mix of two runs", round,
                      (unsigned)delay);
        ck_assert_msg(fabs(factor - committed) < 1e-6 || fabs(factor - next) < 1e-6,
                      "round %d: factor %f is neither the old %f nor the new %f", round, factor, committed, next);
        if (fabs(factor - next) < 1e-6 && fabs(next - committed) > 1e-6) {
            new_kept++;
            committed = next;
        } else {
            old_kept++;
        }
    }

    /* A restarted server serves the last complete prices. */
    int port;
    pid_t server = start_server(&o, &port);
    double served = served_price(port, NULL, 0);
    ck_assert_msg(fabs(served - base_price(&base) * committed) < 1e-6, "served %f, the database has %f", served,
                  base_price(&base) * committed);
    stop_server(server);
    printf("  %d kills over a %.0f ms run: %d left the old prices, %d the new; integrity ok each time, restart "
           "served the last complete prices\n",
           KILL_ROUNDS, (double)run_us / 1000.0, old_kept, new_kept);
    free(base.keys);
    remove_folder(folder);
}
END_TEST

START_TEST(read_only_database_is_reported_and_the_catalog_kept)
{
    char folder[64], db_path[128], log_path[160];
    price_set base = make_db_and_feed(folder, sizeof folder, db_path, sizeof db_path, log_path, sizeof log_path, 1.03);
    ck_assert_int_eq(chmod(db_path, 0444), 0);
    child_opts o = {db_path, true, 0, log_path};

    /* The one-shot refresh fails, saying why. */
    static const char *const refresh_args[] = {"refresh", "--provider", "feed", NULL};
    int rc = wait_exit(spawn(&o, refresh_args), 60);
    ck_assert_msg(rc != 0, "a refresh into a read-only database succeeded");
    ck_assert_msg(log_mentions(log_path, "readonly", "read-only"), "no word of read-only: %s", read_file(log_path));

    /* The server starts, says the database is read-only, serves the catalog; a refresh fails and is logged, the
     * served catalog stays. */
    unlink(log_path);
    int port;
    pid_t server = start_server(&o, &port);
    ck_assert_msg(log_mentions(log_path, "read-only", "readonly"), "start did not report the read-only database: %s",
                  read_file(log_path));
    show_line("read-only at start", log_path, "read-only");
    assert_failed_refresh_keeps_catalog(port, log_path, "readonly", "read-only", "read-only during a refresh");
    stop_server(server);
    chmod(db_path, 0666);
    assert_integrity(db_path);
    free(base.keys);
    remove_folder(folder);
}
END_TEST

START_TEST(full_disk_is_reported_and_the_catalog_kept)
{
    char folder[64], db_path[128], log_path[160];
    price_set base = make_db_and_feed(folder, sizeof folder, db_path, sizeof db_path, log_path, sizeof log_path, 1.03);

    /* No room at all: the start fails and says so. */
    child_opts tiny = {db_path, false, 4096, log_path};
    static const char *const serve_args[] = {"serve", NULL};
    int rc = wait_exit(spawn(&tiny, serve_args), 30);
    ck_assert_msg(rc != 0, "serve started with no room to write");
    ck_assert_msg(log_mentions(log_path, "disk", "full"), "the start did not say why: %s", read_file(log_path));
    show_line("full disk at start", log_path, "error");
    assert_integrity(db_path);

    /* Room to start (the WAL index and a few pages) but not for a whole refresh: the refresh fails, is logged, and
     * the served catalog stays; the database is whole and unchanged afterwards. */
    unlink(log_path);
    child_opts small = {db_path, false, 48 * 1024, log_path};
    int port;
    pid_t server = start_server(&small, &port);
    assert_failed_refresh_keeps_catalog(port, log_path, "disk", "full", "full disk during a refresh");
    stop_server(server);
    assert_integrity(db_path);
    double factor = price_factor(db_path, &base);
    ck_assert_msg(fabs(factor - 1.0) < 1e-6, "the failed refresh changed prices (factor %f)", factor);
    free(base.keys);
    remove_folder(folder);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("crash_safety");
    TCase *tc = tcase_create("crash_safety");
    tcase_set_timeout(tc, 180);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, kill_9_mid_refresh_leaves_a_whole_database);
    tcase_add_test(tc, read_only_database_is_reported_and_the_catalog_kept);
    tcase_add_test(tc, full_disk_is_reported_and_the_catalog_kept);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
