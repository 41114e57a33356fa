#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <check.h>
#include <curl/curl.h>

#include "snapshot/catalog.h"
#include "store/catalog_load.h"
#include "store/db.h"
#include "face/http.h"
#include "base/log.h"
#include "face/metrics.h"
#include "store/migrate.h"
#include "base/util.h"
#include "store/history.h"
#include "worker/worker.h"

struct harness {
    config cfg;
    app application;
    http_server *server;
    worker *refresher;
    char *db_path;
    char url[64];
};

/* The suite's migrated database and its folder ("" = none reserved). Set by the runner's process before Check forks
 * a test's process, so every test's process knows the same place. */
static char template_dir[64];
static char template_path[96];

void harness_template_reserve(void)
{
    char dir[] = "/tmp/gpurec-suite-XXXXXX";
    if (mkdtemp(dir) == NULL) {
        fprintf(stderr, "harness: no folder for the suite's database (%s): each test migrates its own\n",
                strerror(errno));
        return;
    }
    util_copy(template_dir, sizeof template_dir, dir);
    snprintf(template_path, sizeof template_path, "%s/template.db", dir);
}

void harness_template_remove(void)
{
    if (template_dir[0] == '\0')
        return;
    db_remove_files(template_path);
    rmdir(template_dir);
    template_dir[0] = '\0';
    template_path[0] = '\0';
}

static void migrate_into(const char *path)
{
    sqlite3 *db = NULL;
    char err[1024];
    ck_assert_msg(db_open(path, true, &db, err, sizeof err) == 0, "db_open: %s", err);
    ck_assert_msg(migrate_apply(db, "migrations", NULL, err, sizeof err) == 0, "migrate: %s", err);
    db_close(db);
}

/* The first database a suite asks for is migrated into a file of its own and renamed over the template's path
 * whole: a test's process that stops half way leaves no half-made template behind. */
static void make_template(void)
{
    if (access(template_path, F_OK) == 0)
        return;
    char part[128];
    snprintf(part, sizeof part, "%s/part-XXXXXX", template_dir);
    int fd = mkstemp(part);
    ck_assert_msg(fd >= 0, "mkstemp failed");
    close(fd);
    migrate_into(part);
    /* The last connection's close checkpointed the write-ahead log into the file: the file alone is the database. */
    char wal[160];
    snprintf(wal, sizeof wal, "%s-wal", part);
    ck_assert_msg(access(wal, F_OK) != 0, "%s outlived its connection", wal);
    ck_assert_msg(rename(part, template_path) == 0, "rename %s: %s", part, strerror(errno));
    db_remove_files(part);
}

static void copy_template(int to)
{
    int from = open(template_path, O_RDONLY);
    ck_assert_msg(from >= 0, "open %s: %s", template_path, strerror(errno));
    char chunk[65536];
    ssize_t n;
    while ((n = read(from, chunk, sizeof chunk)) > 0)
        ck_assert_msg(write(to, chunk, (size_t)n) == n, "cannot copy %s: %s", template_path, strerror(errno));
    ck_assert_msg(n == 0, "cannot read %s: %s", template_path, strerror(errno));
    close(from);
}

char *harness_make_db(void)
{
    char path_template[] = "/tmp/gpurec-test-XXXXXX.db";
    int fd = mkstemps(path_template, 3);
    ck_assert_msg(fd >= 0, "mkstemps failed");
    if (template_path[0] != '\0') {
        make_template();
        copy_template(fd);
        close(fd);
    } else {
        close(fd);
        migrate_into(path_template);
    }
    return xstrdup(path_template);
}

void harness_reload_catalog(harness *h)
{
    sqlite3 *db = NULL;
    catalog *snap = NULL;
    char err[1024];
    ck_assert_msg(db_open(h->db_path, false, &db, err, sizeof err) == 0, "db_open: %s", err);
    ck_assert_msg(store_catalog_load(db, &snap, err, sizeof err) == 0, "catalog_load: %s", err);
    db_close(db);
    catalog_publish(snap);
}

harness *harness_start_with(harness_configure configure, void *ctx)
{
    harness *h = xcalloc(1, sizeof *h);
    curl_global_init(CURL_GLOBAL_DEFAULT);
    json_object_seed(0);
    config_defaults(&h->cfg);
    util_copy(h->cfg.listen_host, sizeof h->cfg.listen_host, "127.0.0.1");
    h->cfg.listen_port = 0;
    h->cfg.threads = 2;
    h->cfg.refresh_interval_s = 0;
    h->cfg.log_lvl = LOG_WARN;
    h->db_path = harness_make_db();
    util_copy(h->cfg.db_path, sizeof h->cfg.db_path, h->db_path);
    if (configure != NULL)
        configure(&h->cfg, ctx);
    /* as main.c does: before any thread starts and before the snapshot is built (its built_at reads the clock) */
    util_pin_clock((time_t)h->cfg.test_clock);
    log_setup(h->cfg.log_fmt, h->cfg.log_lvl);
    harness_reload_catalog(h);

    char err[1024];
    h->application.cfg = &h->cfg;
    h->application.read_history = store_history_json;
    h->application.metrics = metrics_new();
    h->application.caps = address_caps_new(h->cfg.max_connections_per_ip);
    atomic_init(&h->application.draining, false);
    ck_assert_msg(worker_start(&h->cfg, &h->refresher, err, sizeof err) == 0, "worker_start: %s", err);
    h->application.worker = h->refresher;
    http_options options = face_http_options(&h->application);
    ck_assert_msg(http_start(&options, &h->server, err, sizeof err) == 0, "http_start: %s", err);
    snprintf(h->url, sizeof h->url, "http://127.0.0.1:%u", (unsigned)http_port(h->server));
    return h;
}

harness *harness_start(void)
{
    return harness_start_with(NULL, NULL);
}

harness *harness_daemon;

void harness_daemon_start(void)
{
    harness_daemon = harness_start();
}

void harness_daemon_stop(void)
{
    harness_stop(harness_daemon);
    harness_daemon = NULL;
}

void harness_stop(harness *h)
{
    if (h == NULL)
        return;
    http_stop(h->server, 2000);
    worker_stop(h->refresher);
    catalog_publish(NULL);
    util_pin_clock(0);
    metrics_free(h->application.metrics);
    address_caps_free(h->application.caps);
    db_remove_files(h->db_path);
    free(h->db_path);
    free(h);
}

const char *harness_url(const harness *h)
{
    return h->url;
}

const char *harness_db_path(const harness *h)
{
    return h->db_path;
}

const config *harness_config(const harness *h)
{
    return &h->cfg;
}

size_t harness_collect(char *chunk, size_t size, size_t count, void *userdata)
{
    harness_buffer *g = userdata;
    size_t n = size * count;
    g->data = xrealloc(g->data, g->size + n + 1);
    memcpy(g->data + g->size, chunk, n);
    g->size += n;
    g->data[g->size] = '\0';
    return n;
}

harness_response *harness_request(harness *h, const char *method, const char *path, const char *body,
                                  const char *const *extra_headers)
{
    CURL *curl = curl_easy_init();
    ck_assert_ptr_nonnull(curl);
    char url[4096 + 128];
    snprintf(url, sizeof url, "%s%s", h->url, path);
    harness_buffer body_out = {xcalloc(1, 1), 0}, headers_out = {xcalloc(1, 1), 0};
    struct curl_slist *headers = NULL;
    bool has_content_type = false;
    for (size_t i = 0; extra_headers && extra_headers[i]; i++) {
        headers = curl_slist_append(headers, extra_headers[i]);
        if (strncasecmp(extra_headers[i], "Content-Type:", 13) == 0)
            has_content_type = true;
    }
    if (body != NULL && !has_content_type)
        headers = curl_slist_append(headers, "Content-Type: application/json");
    headers = curl_slist_append(headers, "Expect:");
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    if (strcmp(method, "HEAD") == 0)
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    if (body != NULL) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, (long)strlen(body));
    }
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, harness_collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body_out);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, harness_collect);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &headers_out);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
    CURLcode rc = curl_easy_perform(curl);
    ck_assert_msg(rc == CURLE_OK, "%s %s: %s", method, path, curl_easy_strerror(rc));
    harness_response *r = xcalloc(1, sizeof *r);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &r->status);
    r->body = body_out.data;
    r->body_size = body_out.size;
    r->headers = headers_out.data;
    r->json = json_loadb(r->body, r->body_size, 0, NULL);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return r;
}

harness_response *harness_get(harness *h, const char *path)
{
    return harness_request(h, "GET", path, NULL, NULL);
}

harness_response *harness_get_until(harness *h, const char *path, const char *const *needles, int timeout_s)
{
    int64_t deadline = util_monotonic_us() + (int64_t)timeout_s * 1000000;
    for (;;) {
        harness_response *r = harness_get(h, path);
        bool all = true;
        for (size_t i = 0; needles[i] != NULL && all; i++)
            all = r->body != NULL && strstr(r->body, needles[i]) != NULL;
        if (all || util_monotonic_us() >= deadline)
            return r;
        harness_response_free(r);
        usleep(20 * 1000);
    }
}

harness_response *harness_post_json(harness *h, const char *path, const char *body)
{
    return harness_request(h, "POST", path, body, NULL);
}

int harness_response_header(const harness_response *r, const char *name, char *buf, size_t buf_len)
{
    size_t name_len = strlen(name);
    const char *line = r->headers;
    while (line && *line) {
        if (strncasecmp(line, name, name_len) == 0 && line[name_len] == ':') {
            const char *value = line + name_len + 1;
            while (*value == ' ')
                value++;
            size_t len = strcspn(value, "\r\n");
            if (len >= buf_len)
                len = buf_len - 1;
            memcpy(buf, value, len);
            buf[len] = '\0';
            return 0;
        }
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    return -1;
}

void harness_response_free(harness_response *r)
{
    if (r == NULL)
        return;
    json_decref(r->json);
    free(r->body);
    free(r->headers);
    free(r);
}

void harness_remove_db(char *path)
{
    if (path == NULL)
        return;
    db_remove_files(path);
    free(path);
}
