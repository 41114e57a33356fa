#include "worker/publish.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "base/log.h"
#include "base/sha256.h"
#include "base/util.h"
#include "store/snapshot_file.h"
#include "wire/jsonw.h"

/* ---- the manifest ---------------------------------------------------------------------------------------------- */

static bool all_hex(const char *text, size_t len)
{
    if (strlen(text) != len)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!((text[i] >= '0' && text[i] <= '9') || (text[i] >= 'a' && text[i] <= 'f')))
            return false;
    return true;
}

/* A snapshot's file name: "catalog-" then [0-9a-f-] then ".db"; never a path. */
static bool is_snapshot_name(const char *name)
{
    size_t len = strlen(name);
    if (len < 12 || strncmp(name, "catalog-", 8) != 0 || strcmp(name + len - 3, ".db") != 0)
        return false;
    for (size_t i = 8; i < len - 3; i++)
        if (!((name[i] >= '0' && name[i] <= '9') || (name[i] >= 'a' && name[i] <= 'f') || name[i] == '-'))
            return false;
    return true;
}

static int member_text(json_t *doc, const char *name, char *out, size_t out_len, char *err, size_t err_len)
{
    const char *value = json_string_value(json_object_get(doc, name));
    if (value == NULL || util_copy(out, out_len, value) != 0) {
        snprintf(err, err_len, "manifest: %s must be a string of at most %zu bytes", name, out_len - 1);
        return -1;
    }
    return 0;
}

int publish_manifest_parse(const char *text, size_t len, publish_manifest *m, char *err, size_t err_len)
{
    json_error_t error;
    memset(m, 0, sizeof *m);
    json_t *doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &error);
    int rc = -1;
    if (!json_is_object(doc)) {
        snprintf(err, err_len, "manifest: not a JSON object (%s)", doc == NULL ? error.text : "another value");
        goto out;
    }
    json_t *format = json_object_get(doc, "format");
    if (!json_is_integer(format) || json_integer_value(format) != PUBLISH_FORMAT) {
        snprintf(err, err_len, "manifest: format must be %d", PUBLISH_FORMAT);
        goto out;
    }
    if (member_text(doc, "version", m->version, sizeof m->version, err, err_len) != 0 ||
        member_text(doc, "file", m->file, sizeof m->file, err, err_len) != 0 ||
        member_text(doc, "sha256", m->sha256, sizeof m->sha256, err, err_len) != 0 ||
        member_text(doc, "published_at", m->published_at, sizeof m->published_at, err, err_len) != 0 ||
        member_text(doc, "serve_from", m->serve_from, sizeof m->serve_from, err, err_len) != 0 ||
        member_text(doc, "publisher", m->publisher, sizeof m->publisher, err, err_len) != 0)
        goto out;
    json_t *bytes = json_object_get(doc, "bytes"), *schema = json_object_get(doc, "schema_version");
    const char *bad = !all_hex(m->version, 16)              ? "version must be 16 hex digits"
                      : !all_hex(m->sha256, 64)             ? "sha256 must be 64 hex digits"
                      : !is_snapshot_name(m->file)          ? "file must be a snapshot file's name (catalog-....db)"
                      : !json_is_integer(bytes) || json_integer_value(bytes) <= 0 ? "bytes must be a positive integer"
                      : !json_is_integer(schema) || json_integer_value(schema) <= 0
                          ? "schema_version must be a positive integer"
                      : util_parse_time(m->published_at, &m->published_at_s) != 0 ? "published_at must be a UTC time"
                      : util_parse_time(m->serve_from, &m->serve_from_s) != 0     ? "serve_from must be a UTC time"
                                                                                  : NULL;
    if (bad != NULL) {
        snprintf(err, err_len, "manifest: %s", bad);
        goto out;
    }
    m->bytes = (long long)json_integer_value(bytes);
    m->schema_version = (long)json_integer_value(schema);
    rc = 0;
out:
    json_decref(doc);
    return rc;
}

static json_t *provider_states(const catalog *snap)
{
    json_t *list = json_array();
    for (size_t i = 0; i < snap->provider_count; i++) {
        const catalog_provider *p = &snap->providers[i];
        json_array_append_new(list, json_pack("{s:s, s:s, s:s?, s:s?, s:s?, s:I}", "id", p->id, "status",
                                              p->refresh_status, "last_success_at", p->last_success_at,
                                              "last_attempt_at", p->last_attempt_at, "error", p->last_error,
                                              "price_rows", (json_int_t)p->price_rows));
    }
    return list;
}

/* ---- files ----------------------------------------------------------------------------------------------------- */

int publish_hash_file(const char *path, char hex[65], long long *bytes)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return -1;
    sha256_ctx ctx;
    sha256_init(&ctx);
    unsigned char chunk[65536];
    size_t n;
    *bytes = 0;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        sha256_update(&ctx, chunk, n);
        *bytes += (long long)n;
    }
    int rc = ferror(f) ? -1 : 0;
    fclose(f);
    unsigned char digest[SHA256_DIGEST_LEN];
    sha256_final(&ctx, digest);
    sha256_hex(digest, hex);
    return rc;
}

/* fsync of a file or a folder by name; a rename is durable once its folder is synced. */
static int sync_path(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

/* Writes text to dir/name through a temporary file renamed over it: readers see the old file or the new one. */
static int write_whole(const char *dir, const char *name, const char *text, size_t len, char *err, size_t err_len)
{
    char tmp[1100], final[1100];
    snprintf(tmp, sizeof tmp, "%s/.%s.%ld.tmp", dir, name, (long)getpid());
    snprintf(final, sizeof final, "%s/%s", dir, name);
    FILE *f = fopen(tmp, "wb");
    bool ok = f != NULL && fwrite(text, 1, len, f) == len;
    ok = f != NULL && fflush(f) == 0 && fsync(fileno(f)) == 0 && ok;
    if (f != NULL && fclose(f) != 0)
        ok = false;
    if (!ok || rename(tmp, final) != 0 || sync_path(dir) != 0) {
        snprintf(err, err_len, "cannot write %s: %s", final, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

typedef struct old_file {
    char name[128];
    time_t mtime;
} old_file;

static int newest_first(const void *a, const void *b)
{
    const old_file *x = a, *y = b;
    return x->mtime < y->mtime ? 1 : x->mtime > y->mtime ? -1 : strcmp(y->name, x->name);
}

/* Removes snapshot files beyond the newest PUBLISH_KEEP_FILES, never the current one. */
static void prune(const char *dir, const char *current)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    old_file files[256];
    size_t count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && count < sizeof files / sizeof files[0]) {
        char path[1100];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (!is_snapshot_name(e->d_name) || strcmp(e->d_name, current) == 0 || stat(path, &st) != 0)
            continue;
        util_copy(files[count].name, sizeof files[count].name, e->d_name);
        files[count++].mtime = st.st_mtime;
    }
    closedir(d);
    qsort(files, count, sizeof files[0], newest_first);
    for (size_t i = PUBLISH_KEEP_FILES; i < count; i++) {
        char path[1100];
        snprintf(path, sizeof path, "%s/%s", dir, files[i].name);
        unlink(path);
    }
}

/* The manifest of snap, published now from the file name with its hash and size. Caller frees. */
static char *manifest_text(const config *cfg, const catalog *snap, long schema, publish_manifest *m, size_t *len)
{
    time_t now = util_now();
    m->published_at_s = now;
    m->serve_from_s = now + (time_t)cfg->publish_delay_s;
    util_format_time(m->published_at_s, m->published_at, sizeof m->published_at);
    util_format_time(m->serve_from_s, m->serve_from, sizeof m->serve_from);
    m->schema_version = schema;
    if (cfg->publisher_name[0] != '\0') {
        util_copy(m->publisher, sizeof m->publisher, cfg->publisher_name);
    } else {
        char host[64] = "";
        gethostname(host, sizeof host - 1);
        snprintf(m->publisher, sizeof m->publisher, "gpurec publish on %s", host);
    }
    json_t *doc = json_pack("{s:i, s:s, s:s, s:s, s:I, s:I, s:s, s:s, s:s, s:o}", "format", PUBLISH_FORMAT, "version",
                            m->version, "file", m->file, "sha256", m->sha256, "bytes", (json_int_t)m->bytes,
                            "schema_version", (json_int_t)schema, "published_at", m->published_at, "serve_from",
                            m->serve_from, "publisher", m->publisher, "providers", provider_states(snap));
    char *text = jsonw_dump(doc, len);
    json_decref(doc);
    return text;
}

int publish_run(const config *cfg, publish_manifest *out, char *err, size_t err_len)
{
    const char *dir = cfg->publish_dir;
    char tmp[1100], final[1100];
    catalog *snap = NULL;
    char *text = NULL;
    publish_manifest m;
    memset(&m, 0, sizeof m);
    int rc = -1;
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        snprintf(err, err_len, "cannot create %s: %s", dir, strerror(errno));
        return -1;
    }
    snprintf(tmp, sizeof tmp, "%s/.catalog.%ld.part", dir, (long)getpid());
    unlink(tmp);
    long schema = -1;
    if (snapshot_file_write(cfg->db_path, tmp, err, err_len) != 0 ||
        snapshot_file_load(tmp, -1, &snap, &schema, err, err_len) != 0)
        goto out;
    if (publish_hash_file(tmp, m.sha256, &m.bytes) != 0 || sync_path(tmp) != 0) {
        snprintf(err, err_len, "cannot read back %s", tmp);
        goto out;
    }
    util_copy(m.version, sizeof m.version, snap->version);
    snprintf(m.file, sizeof m.file, "catalog-%s-%.12s.db", m.version, m.sha256);
    snprintf(final, sizeof final, "%s/%s", dir, m.file);
    if (rename(tmp, final) != 0) {
        snprintf(err, err_len, "cannot rename the snapshot to %s: %s", final, strerror(errno));
        goto out;
    }
    size_t len = 0;
    text = manifest_text(cfg, snap, schema, &m, &len);
    if (write_whole(dir, PUBLISH_MANIFEST, text, len, err, err_len) != 0)
        goto out;
    prune(dir, m.file);
    if (out != NULL)
        *out = m;
    log_msg(LOG_INFO, "catalog published", "dir", dir, "version", m.version, "file", m.file, "serve_from",
            m.serve_from, NULL);
    rc = 0;
out:
    unlink(tmp);
    free(text);
    catalog_release(snap);
    return rc;
}
