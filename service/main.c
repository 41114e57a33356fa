/* gpurec: start-up, commands, signals and shutdown.
 * Threads: the main thread starts everything and then waits for a signal; MHD's pool threads answer requests; the
 * worker thread refreshes prices. The published catalog and the configuration are the only shared state. */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>
#include <jansson.h>

#include "snapshot/catalog.h"
#include "base/config.h"
#include "store/catalog_load.h"
#include "store/db.h"
#include "face/http.h"
#include "base/log.h"
#include "face/metrics.h"
#include "store/migrate.h"
#include "store/prepare.h"
#include "cli/cli.h"
#include "base/util.h"
#include "store/history.h"
#include "store/snapshot_file.h"
#include "worker/publish.h"
#include "worker/refresh.h"
#include "worker/replica.h"
#include "worker/worker.h"

/* SIGTERM and SIGINT, blocked in every thread of the daemon and taken by the main thread with sigwait(): no signal
 * can arrive between a check and the wait, and no pool thread is ever interrupted by one. */
static void stop_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
}

/* A per-address connection limit counts a gateway's connections as one client's: say so when one is configured. */
static void warn_about_gateway_limits(const config *cfg)
{
    if (cfg->trusted_proxy_count == 0 || cfg->max_connections_per_ip == 0)
        return;
    char limit[16];
    snprintf(limit, sizeof limit, "%u", cfg->max_connections_per_ip);
    log_msg(LOG_WARN,
            "GPUREC_MAX_CONNECTIONS_PER_IP counts connections by the peer's address, and GPUREC_TRUSTED_PROXIES says "
            "a gateway is in front: every client behind it shares this limit (set 0 to leave limits to the gateway)",
            "max_connections_per_ip", limit, NULL);
}

static int run_migrate(const config *cfg)
{
    char err[1024];
    if (store_prepare(cfg, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "gpurec migrate: %s\n", err);
        return 1;
    }
    printf("database %s is up to date (%d migrations)\n", cfg->db_path, migrate_count_files(cfg->migrations_dir));
    return 0;
}

/* In a replica (GPUREC_CATALOG_SOURCE) the publication's follower takes the refresh worker's place. */
static int start_catalog_thread(const config *cfg, app *application, char *err, size_t err_len)
{
    if (cfg->catalog_source[0] == '\0')
        return worker_start(cfg, &application->worker, err, err_len);
    long schema = snapshot_file_schema_at(cfg->db_path, err, err_len);
    if (schema < 0)
        return -1;
    return replica_start(cfg, schema, &application->replica, err, err_len);
}

static int run_serve(const config *cfg)
{
    char err[1024];
    catalog *snap = NULL;
    app application = {0};
    http_server *server = NULL;
    int rc = 1;
    int64_t started = util_monotonic_us();
    sigset_t stop_set; /* blocked by main() since the process began: every thread inherits the mask */
    stop_signals(&stop_set);
    warn_about_gateway_limits(cfg);

    application.cfg = cfg;
    application.metrics = metrics_new();
    application.caps = address_caps_new(cfg->max_connections_per_ip);
    application.read_history = store_history_json;
    atomic_init(&application.draining, false);
    catalog_set_grace(cfg->catalog_grace_s);
    if (store_prepare(cfg, &snap, err, sizeof err) != 0) {
        log_msg(LOG_ERROR, "cannot load the catalog", "error", err, NULL);
        goto out;
    }
    catalog_publish(snap);
    snap = NULL;
    if (start_catalog_thread(cfg, &application, err, sizeof err) != 0) {
        log_msg(LOG_ERROR, cfg->catalog_source[0] ? "cannot follow the publication" : "cannot start the refresh worker",
                "error", err, NULL);
        goto out;
    }
    http_options options = face_http_options(&application);
    if (http_start(&options, &server, err, sizeof err) != 0) {
        log_msg(LOG_ERROR, "cannot start the HTTP server", "error", err, NULL);
        goto out;
    }
    char port[8], ready_ms[32];
    snprintf(port, sizeof port, "%u", (unsigned)http_port(server));
    snprintf(ready_ms, sizeof ready_ms, "%.1f", (double)(util_monotonic_us() - started) / 1000.0);
    catalog *published = catalog_acquire();
    log_msg(LOG_INFO, "serving", "host", cfg->listen_host, "port", port, "catalog_version", published->version,
            "ready_ms", ready_ms, NULL);
    catalog_release(published);

    int signo = 0;
    while (sigwait(&stop_set, &signo) != 0)
        continue;
    log_msg(LOG_INFO, "stopping: draining requests", NULL);
    atomic_store(&application.draining, true);
    rc = 0;
out:
    /* order: no new requests, in-flight ones finish (bounded), then the worker, then the catalog */
    http_stop(server, 5000);
    worker_stop(application.worker);
    replica_stop(application.replica);
    catalog_publish(NULL);
    catalog_release(snap);
    metrics_free(application.metrics);
    address_caps_free(application.caps);
    if (rc == 0)
        log_msg(LOG_INFO, "stopped", NULL);
    return rc;
}

static int run_refresh(const config *cfg)
{
    char err[1024];
    if (store_prepare(cfg, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "gpurec refresh: %s\n", err);
        return 1;
    }
    if (worker_refresh_once(cfg, cfg->refresh_provider[0] ? cfg->refresh_provider : NULL, err, sizeof err) != 0) {
        fprintf(stderr, "gpurec refresh: %s\n", err);
        return 1;
    }
    return 0;
}

/* `gpurec publish [DIR]`: the database's catalog as an immutable snapshot file and a manifest (worker/publish.h). */
static int run_publish(const config *cfg)
{
    char err[1024];
    publish_manifest m;
    if (store_prepare(cfg, NULL, err, sizeof err) != 0 || publish_run(cfg, &m, err, sizeof err) != 0) {
        fprintf(stderr, "gpurec publish: %s\n", err);
        return 1;
    }
    printf("published catalog %s as %s/%s (%lld bytes), served from %s\n", m.version, cfg->publish_dir, m.file,
           m.bytes, m.serve_from);
    return 0;
}

/* Reads a price feed file whole: a regular file (not a device, a pipe or a folder, which could be endless or block)
 * of at most limit bytes, told by its size before anything is read, into one buffer of exactly that size. Caller
 * frees *out. 0, or -1 with err. */
static int read_document(const char *path, size_t limit, char **out, size_t *size, char *err, size_t err_len)
{
    *out = NULL;
    /* O_NONBLOCK: opening a FIFO without a writer would wait; the file is refused below anyway. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(err, err_len, "%s: cannot open it", path);
        goto fail;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, err_len, "%s: not a regular file", path);
        goto fail;
    }
    if (st.st_size < 0 || (uintmax_t)st.st_size > limit) {
        snprintf(err, err_len, "%s: larger than the document limit of %zu bytes (%zu MiB, or GPUREC_FETCH_MAX_BYTES "
                 "when lower)", path, limit, (size_t)REFRESH_MAX_DOCUMENT_BYTES >> 20);
        goto fail;
    }
    size_t want = (size_t)st.st_size, got = 0;
    char *data = xmalloc(want + 1);
    while (got < want) {
        ssize_t n = read(fd, data + got, want - got);
        if (n <= 0) {
            free(data);
            snprintf(err, err_len, "%s: cannot read it%s", path, n == 0 ? " (it shrank while read)" : "");
            goto fail;
        }
        got += (size_t)n;
    }
    data[got] = '\0';
    close(fd);
    *out = data;
    *size = got;
    return 0;
fail:
    if (fd >= 0)
        close(fd);
    return -1;
}

/* Prints a run's counts, one line, for `gpurec import` (the same figures /v1/admin/import answers with). */
static void print_outcome(FILE *out, const refresh_outcome *o)
{
    fprintf(out,
            "status %s: %zu rows seen, %zu applied, %zu changed, %zu rejected, %zu stale, %zu skipped (%zu expired)\n",
            o->status, o->rows_seen, o->rows_applied, o->rows_changed, o->rows_rejected, o->rows_stale,
            o->rows_skipped, o->rows_expired);
}

/* `gpurec import FILE`: a price feed document from a file, without network, through the refresh's validation and
 * transaction (refresh_import). The file must be a regular file of at most REFRESH_MAX_DOCUMENT_BYTES (and at most
 * GPUREC_FETCH_MAX_BYTES). */
static int run_import(const config *cfg)
{
    char err[1024];
    int rc = 1;
    sqlite3 *db = NULL;
    char *body = NULL;
    if (store_prepare(cfg, NULL, err, sizeof err) != 0)
        goto fail;
    size_t size = 0;
    size_t limit = cfg->fetch_max_bytes < REFRESH_MAX_DOCUMENT_BYTES ? cfg->fetch_max_bytes
                                                                      : REFRESH_MAX_DOCUMENT_BYTES;
    if (read_document(cfg->import_path, limit, &body, &size, err, sizeof err) != 0)
        goto fail;
    if (db_open(cfg->db_path, false, &db, err, sizeof err) != 0)
        goto fail;
    const char *name = strrchr(cfg->import_path, '/');
    refresh_outcome out;
    if (refresh_import(db, cfg, body, size, name != NULL ? name + 1 : cfg->import_path, 0, &out) != 0) {
        snprintf(err, sizeof err, "%.400s: %.600s", cfg->import_path, out.error);
        for (size_t i = 0; i < out.named_count; i++)
            fprintf(stderr, "gpurec import: %s: %s\n", out.named[i].field, out.named[i].message);
        goto fail;
    }
    print_outcome(stdout, &out);
    rc = 0;
    goto out;
fail:
    fprintf(stderr, "gpurec import: %s\n", err);
out:
    db_close(db);
    free(body);
    return rc;
}

int main(int argc, char **argv)
{
    static config cfg;
    char err[1024];
    /* blocked from the first instruction, so a SIGTERM at any point of start-up is taken by run_serve()'s sigwait */
    sigset_t stop_set;
    stop_signals(&stop_set);
    pthread_sigmask(SIG_BLOCK, &stop_set, NULL);
    if (config_load(&cfg, argc, argv, err, sizeof err) != 0) {
        fprintf(stderr, "gpurec: %s\n", err);
        return 2;
    }
    if (cfg.command == CMD_HELP) {
        config_print_help(stdout);
        return 0;
    }
    if (cfg.command == CMD_VERSION) {
        printf("gpurec %s\n", GPUREC_VERSION);
        return 0;
    }
    log_setup(cfg.log_fmt, cfg.log_lvl);
    util_pin_clock((time_t)cfg.test_clock);
    json_object_seed(0); /* before any thread: hashing seeds must not race */
    curl_global_init(CURL_GLOBAL_DEFAULT);

    signal(SIGPIPE, SIG_IGN);
    if (cfg.command != CMD_SERVE)
        pthread_sigmask(SIG_UNBLOCK, &stop_set, NULL); /* the one-shot commands stop at once, as by default */

    int rc = 1;
    switch (cfg.command) {
    case CMD_SERVE: rc = run_serve(&cfg); break;
    case CMD_MIGRATE: rc = run_migrate(&cfg); break;
    case CMD_REFRESH: rc = run_refresh(&cfg); break;
    case CMD_IMPORT: rc = run_import(&cfg); break;
    case CMD_PUBLISH: rc = run_publish(&cfg); break;
    case CMD_RECOMMEND:
    case CMD_ESTIMATE:
    case CMD_MODELS:
    case CMD_GPUS:
    case CMD_EXPORT: rc = cli_main(&cfg, argc - cfg.command_argi, argv + cfg.command_argi); break;
    case CMD_HELP:
    case CMD_VERSION: rc = 0; break;
    }
    curl_global_cleanup();
    return rc;
}
