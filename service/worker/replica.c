#include "worker/replica.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/log.h"
#include "base/util.h"
#include "snapshot/catalog.h"
#include "store/snapshot_file.h"
#include "worker/fetch.h"
#include "worker/publish.h"

#define MANIFEST_MAX_BYTES (1u << 20)

struct replica {
    const config *cfg;
    long schema_version;
    char dir[600]; /* <GPUREC_DB>.snapshots: the copies this replica loaded */
    bool http;     /* the source is an http(s) URL, else a folder */
    pthread_t thread;
    bool thread_started;
    atomic_bool stop;
    pthread_mutex_t lock; /* guards st and served_path; the thread alone writes them */
    pthread_cond_t wake;
    replica_status st;
    char served_path[800];
    /* the thread's own */
    char manifest_etag[256];
    publish_manifest last; /* the last manifest read; last.file "" before one */
    publish_manifest staged;  /* staged.file "" when nothing is staged */
};

/* The wall clock in microseconds: serve_from is a wall-clock instant, shared by every replica. */
static int64_t wall_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* ---- status ---------------------------------------------------------------------------------------------------- */

void replica_get_status(const replica *r, replica_status *out)
{
    replica *mr = (replica *)r; /* the lock is not part of the observable state */
    pthread_mutex_lock(&mr->lock);
    *out = r->st;
    pthread_mutex_unlock(&mr->lock);
}

bool replica_served_path(const replica *r, char *path, size_t path_len)
{
    replica *mr = (replica *)r;
    pthread_mutex_lock(&mr->lock);
    bool have = r->served_path[0] != '\0' && util_copy(path, path_len, r->served_path) == 0;
    pthread_mutex_unlock(&mr->lock);
    return have;
}

long long replica_catalog_age_s(const replica_status *st, time_t now)
{
    time_t since = st->served_published_at != 0 ? st->served_published_at : st->started_at;
    return now > since ? (long long)(now - since) : 0;
}

/* Counts a failed look or load; logged when its message differs from the last failure's. */
static void note_failure(replica *r, const char *error)
{
    pthread_mutex_lock(&r->lock);
    r->st.reload_failures++;
    bool repeated = r->st.failing && strcmp(r->st.last_error, error) == 0;
    r->st.failing = true;
    util_copy(r->st.last_error, sizeof r->st.last_error, error);
    pthread_mutex_unlock(&r->lock);
    if (!repeated)
        log_msg(LOG_WARN, "replica: keeping the catalog it serves", "source", r->cfg->catalog_source, "error", error,
                NULL);
}

/* What the manifest names now, loaded or not; a succeeding look (ok) also clears the failing state. */
static void note_manifest(replica *r, const publish_manifest *m, bool ok)
{
    pthread_mutex_lock(&r->lock);
    if (ok) {
        r->st.failing = false;
        r->st.last_error[0] = '\0';
    }
    util_copy(r->st.publisher, sizeof r->st.publisher, m->publisher);
    util_copy(r->st.published_version, sizeof r->st.published_version, m->version);
    util_copy(r->st.published_file, sizeof r->st.published_file, m->file);
    r->st.published_serve_from = m->serve_from_s;
    if (strcmp(m->file, r->st.served_file) == 0)
        r->st.served_published_at = m->published_at_s;
    pthread_mutex_unlock(&r->lock);
}

static void note_served(replica *r, const publish_manifest *m)
{
    pthread_mutex_lock(&r->lock);
    util_copy(r->st.served_version, sizeof r->st.served_version, m->version);
    util_copy(r->st.served_file, sizeof r->st.served_file, m->file);
    r->st.served_published_at = m->published_at_s;
    r->st.served_since = (double)wall_us() / 1e6;
    snprintf(r->served_path, sizeof r->served_path, "%s/%s", r->dir, m->file);
    pthread_mutex_unlock(&r->lock);
    log_msg(LOG_INFO, "replica: serving a published catalog", "version", m->version, "file", m->file, NULL);
}

/* ---- fetching -------------------------------------------------------------------------------------------------- */

static void source_url(const replica *r, const char *name, char *out, size_t out_len)
{
    const char *src = r->cfg->catalog_source;
    size_t len = strlen(src);
    snprintf(out, out_len, "%s%s%s", src, len > 0 && src[len - 1] == '/' ? "" : "/", name);
}

/* The manifest's text into *text (caller frees), NULL when unchanged since the last look (a 304), or 1 when there is
 * no publication yet. 0, 1, or -1 with err. */
static int read_manifest(replica *r, char **text, size_t *len, char *err, size_t err_len)
{
    char where[800];
    source_url(r, PUBLISH_MANIFEST, where, sizeof where);
    *text = NULL;
    if (!r->http) {
        FILE *f = fopen(where, "rb");
        if (f == NULL)
            return errno == ENOENT ? 1 : (snprintf(err, err_len, "%.600s: %s", where, strerror(errno)), -1);
        int rc = util_read_all(f, MANIFEST_MAX_BYTES, text, len);
        fclose(f);
        if (rc != 0)
            snprintf(err, err_len, "%.600s: cannot read it (or larger than 1 MiB)", where);
        return rc == 0 ? 0 : -1;
    }
    fetch_options opt;
    fetch_options_init(&opt, r->cfg->fetch_timeout_s, MANIFEST_MAX_BYTES, &r->stop);
    opt.max_attempts = 1;
    /* A static server's validator is the file's size and modification second (nginx's ETag), so a manifest replaced
     * within the second by one of the same size reads as unchanged. While the last look failed, a replica could then
     * keep the bad manifest it fails on and never see the good one after it: it asks for the whole manifest instead
     * (r->st is written by this thread alone, so this thread reads it without the lock). */
    opt.etag = r->manifest_etag[0] != '\0' && r->last.file[0] != '\0' && !r->st.failing ? r->manifest_etag : NULL;
    fetch_result res;
    memset(&res, 0, sizeof res);
    int rc = fetch_get(where, &opt, &res, err, err_len);
    if (rc == FETCH_ERR_HTTP && res.status == 404)
        return 1;
    if (rc != FETCH_OK)
        return -1;
    if (!res.not_modified) {
        *text = res.body;
        *len = res.body_size;
        util_copy(r->manifest_etag, sizeof r->manifest_etag, res.etag);
    }
    return 0;
}

static int write_to_file(void *ctx, const char *data, size_t len)
{
    return fwrite(data, 1, len, ctx) == len ? 0 : -1;
}

/* Copies the publication's file name into dest. 0, or -1 with err. */
static int copy_snapshot(replica *r, const char *name, const char *dest, char *err, size_t err_len)
{
    char from[800];
    source_url(r, name, from, sizeof from);
    FILE *out = fopen(dest, "wb");
    if (out == NULL) {
        snprintf(err, err_len, "cannot write %s: %s", dest, strerror(errno));
        return -1;
    }
    int rc = 0;
    if (r->http) {
        fetch_options opt;
        fetch_options_init(&opt, r->cfg->fetch_timeout_s, r->cfg->fetch_max_bytes, &r->stop);
        fetch_result res;
        memset(&res, 0, sizeof res);
        rc = fetch_stream(from, &opt, write_to_file, out, &res, err, err_len) == FETCH_OK ? 0 : -1;
    } else {
        FILE *in = fopen(from, "rb");
        char chunk[65536];
        size_t n;
        if (in == NULL) {
            snprintf(err, err_len, "%.600s: %s", from, strerror(errno));
            rc = -1;
        }
        while (rc == 0 && (n = fread(chunk, 1, sizeof chunk, in)) > 0)
            rc = fwrite(chunk, 1, n, out) == n ? 0 : -1;
        if (in != NULL && ferror(in) && rc == 0) {
            snprintf(err, err_len, "%.600s: cannot read it", from);
            rc = -1;
        }
        if (in != NULL)
            fclose(in);
    }
    if (fclose(out) != 0 && rc == 0) {
        snprintf(err, err_len, "cannot write %s", dest);
        rc = -1;
    }
    return rc;
}

/* The snapshot the manifest names, as a verified local copy loaded into *out. 0, or -1 with err. */
static int load_snapshot(replica *r, const publish_manifest *m, catalog **out, char *err, size_t err_len)
{
    char local[800], part[820], sha[65];
    long long bytes = 0;
    snprintf(local, sizeof local, "%s/%s", r->dir, m->file);
    snprintf(part, sizeof part, "%s.part", local);
    *out = NULL;
    if (m->schema_version != r->schema_version) {
        snprintf(err, err_len, "publication %s has schema version %ld, this service reads %ld", m->file,
                 m->schema_version, r->schema_version);
        return -1;
    }
    if (copy_snapshot(r, m->file, part, err, err_len) != 0)
        goto fail;
    if (publish_hash_file(part, sha, &bytes) != 0 || bytes != m->bytes || strcmp(sha, m->sha256) != 0) {
        snprintf(err, err_len, "%s: %lld bytes with SHA-256 %.16s..., the manifest says %lld bytes, %.16s...", m->file,
                 bytes, sha, m->bytes, m->sha256);
        goto fail;
    }
    if (rename(part, local) != 0) {
        snprintf(err, err_len, "cannot rename %.600s: %s", part, strerror(errno));
        goto fail;
    }
    if (snapshot_file_load(local, r->schema_version, out, NULL, err, err_len) != 0)
        goto fail;
    if (strcmp((*out)->version, m->version) != 0) {
        snprintf(err, err_len, "%s holds catalog %s, the manifest says %s", m->file, (*out)->version, m->version);
        catalog_release(*out);
        *out = NULL;
        goto fail;
    }
    return 0;
fail:
    unlink(part);
    unlink(local);
    return -1;
}

/* ---- following the publication --------------------------------------------------------------------------------- */

/* Removes local copies other than the served and staged ones beyond the newest PUBLISH_KEEP_FILES (the kept
 * catalogs live in memory; their files only serve price history while they are the served one). */
static void prune_local(replica *r)
{
    DIR *d = opendir(r->dir);
    if (d == NULL)
        return;
    struct dirent *e;
    typedef struct { char name[128]; time_t mtime; } local_file;
    local_file files[64];
    size_t count = 0;
    char served[128];
    pthread_mutex_lock(&r->lock);
    util_copy(served, sizeof served, r->st.served_file);
    pthread_mutex_unlock(&r->lock);
    while ((e = readdir(d)) != NULL && count < sizeof files / sizeof files[0]) {
        char path[1000];
        struct stat st;
        snprintf(path, sizeof path, "%.600s/%.255s", r->dir, e->d_name);
        if (e->d_name[0] == '.' || strcmp(e->d_name, served) == 0 || strcmp(e->d_name, r->staged.file) == 0 ||
            stat(path, &st) != 0 || !S_ISREG(st.st_mode) || util_copy(files[count].name, 128, e->d_name) != 0)
            continue;
        files[count++].mtime = st.st_mtime;
    }
    closedir(d);
    for (size_t i = 0; i < count; i++) {
        size_t newer = 0;
        for (size_t j = 0; j < count; j++)
            newer += files[j].mtime > files[i].mtime || (files[j].mtime == files[i].mtime && j < i);
        if (newer >= PUBLISH_KEEP_FILES) {
            char path[1000];
            snprintf(path, sizeof path, "%.600s/%.127s", r->dir, files[i].name);
            unlink(path);
        }
    }
}

/* Publishes the staged catalog once its serve_from has come. */
static void activate_if_due(replica *r)
{
    if (r->staged.file[0] == '\0' || wall_us() < (int64_t)r->staged.serve_from_s * 1000000)
        return;
    if (catalog_publish_staged())
        note_served(r, &r->staged);
    memset(&r->staged, 0, sizeof r->staged);
}

/* One look at the manifest, and a load when it names another snapshot. at_start publishes at once whatever
 * serve_from says (the daemon has nothing better to serve). */
static void poll_once(replica *r, bool at_start)
{
    char err[768] = "";
    char *text = NULL;
    size_t len = 0;
    pthread_mutex_lock(&r->lock);
    r->st.polls++;
    pthread_mutex_unlock(&r->lock);
    int rc = read_manifest(r, &text, &len, err, sizeof err);
    if (rc == 1) { /* no publication yet: the daemon's own catalog stays, and ages */
        free(text);
        return;
    }
    publish_manifest m;
    bool fresh = text != NULL;
    rc = rc != 0 || (fresh && publish_manifest_parse(text, len, &m, err, sizeof err) != 0) ? -1 : 0;
    free(text);
    if (rc != 0) {
        note_failure(r, err);
        return;
    }
    if (fresh)
        r->last = m;
    if (r->last.file[0] == '\0')
        return;
    m = r->last;
    char served[128];
    pthread_mutex_lock(&r->lock);
    util_copy(served, sizeof served, r->st.served_file);
    pthread_mutex_unlock(&r->lock);
    if (strcmp(m.file, served) == 0 || strcmp(m.file, r->staged.file) == 0) {
        note_manifest(r, &m, true);
        return;
    }
    note_manifest(r, &m, false);
    catalog *snap = NULL;
    if (load_snapshot(r, &m, &snap, err, sizeof err) != 0) {
        note_failure(r, err);
        return;
    }
    note_manifest(r, &m, true);
    pthread_mutex_lock(&r->lock);
    r->st.reloads++;
    pthread_mutex_unlock(&r->lock);
    r->staged = m;
    catalog_stage(snap);
    if (at_start)
        r->staged.serve_from_s = 0;
    activate_if_due(r);
    prune_local(r);
}

static void *replica_main(void *arg)
{
    replica *r = arg;
    int64_t next_poll_us = util_monotonic_us() + (int64_t)r->cfg->catalog_poll_s * 1000000;
    pthread_mutex_lock(&r->lock);
    while (!atomic_load(&r->stop)) {
        int64_t now_us = util_monotonic_us();
        int64_t wait_us = next_poll_us - now_us;
        if (r->staged.file[0] != '\0') {
            int64_t due_us = (int64_t)r->staged.serve_from_s * 1000000 - wall_us();
            if (due_us < wait_us)
                wait_us = due_us;
        }
        if (wait_us > 0) {
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            ts.tv_sec += (time_t)(wait_us / 1000000);
            ts.tv_nsec += (long)(wait_us % 1000000) * 1000L;
            if (ts.tv_nsec >= 1000000000L) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000L;
            }
            pthread_cond_timedwait(&r->wake, &r->lock, &ts);
            continue;
        }
        pthread_mutex_unlock(&r->lock);
        activate_if_due(r);
        if (util_monotonic_us() >= next_poll_us) {
            poll_once(r, false);
            next_poll_us = util_monotonic_us() + (int64_t)r->cfg->catalog_poll_s * 1000000;
        }
        pthread_mutex_lock(&r->lock);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

int replica_start(const config *cfg, long schema_version, replica **out, char *err, size_t err_len)
{
    *out = NULL;
    fetch_global_init();
    replica *r = xcalloc(1, sizeof *r);
    r->cfg = cfg;
    r->schema_version = schema_version;
    r->http = strncmp(cfg->catalog_source, "http://", 7) == 0 || strncmp(cfg->catalog_source, "https://", 8) == 0;
    atomic_init(&r->stop, false);
    pthread_mutex_init(&r->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&r->wake, &attr);
    pthread_condattr_destroy(&attr);
    util_copy(r->st.source, sizeof r->st.source, cfg->catalog_source);
    r->st.started_at = util_now();
    snprintf(r->dir, sizeof r->dir, "%s.snapshots", cfg->db_path);
    if (mkdir(r->dir, 0750) != 0 && errno != EEXIST) {
        snprintf(err, err_len, "cannot create %s: %s", r->dir, strerror(errno));
        replica_stop(r);
        return -1;
    }
    poll_once(r, true);
    if (pthread_create(&r->thread, NULL, replica_main, r) != 0) {
        snprintf(err, err_len, "cannot start the replica thread");
        replica_stop(r);
        return -1;
    }
    r->thread_started = true;
    *out = r;
    return 0;
}

void replica_stop(replica *r)
{
    if (r == NULL)
        return;
    pthread_mutex_lock(&r->lock);
    atomic_store(&r->stop, true);
    pthread_cond_broadcast(&r->wake);
    pthread_mutex_unlock(&r->lock);
    if (r->thread_started)
        pthread_join(r->thread, NULL);
    pthread_cond_destroy(&r->wake);
    pthread_mutex_destroy(&r->lock);
    free(r);
}
