#include "fixture_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <microhttpd.h>

#include "base/util.h"

#define MAX_ROUTES 64
#define MAX_ARGS 8

struct fixture_route {
    fixture_server *fs;
    char path[256];
    char arg_name[64];  /* "" = any query */
    char arg_value[256];
    bool has_body;
    char *body;
    size_t body_len;
    char content_type[64];
    fixture_stream stream;
    bool is_stream;
    fixture_handler handler;
    void *handler_ctx;
    int status;         /* 0 = 200 with the body */
    int fail_times;
    int fail_status;
    int retry_after_s;
    int stall_ms;
    bool held; /* requests wait while set (fixture_hold) */
    bool truncate;
    size_t truncate_bytes;
    char etag[128];
    char encoding[32];
    char location[512]; /* "" = no redirect; {{BASE}} is replaced by the server's base URL */
    unsigned hits;
    char last_if_none_match[128];
    char last_authorization[512];
    char last_args[MAX_ARGS][2][256];
    size_t last_arg_count;
};

struct fixture_server {
    struct MHD_Daemon *daemon;
    char url[64];
    pthread_mutex_t lock;
    atomic_bool stopping;
    fixture_route routes[MAX_ROUTES];
    size_t route_count;
};

static void die(const char *what)
{
    fprintf(stderr, "fixture server: %s\n", what);
    abort();
}

const char *fixture_data_dir(void)
{
    static char dir[512];
    const char *env = getenv("GPUREC_TEST_DATA");
    snprintf(dir, sizeof dir, "%s/providers", env && env[0] ? env : "tests/data");
    return dir;
}

/* Replaces every "{{BASE}}" by the base URL; caller frees. */
static char *substitute_base(const fixture_server *fs, const char *data, size_t len, size_t *out_len)
{
    static const char marker[] = "{{BASE}}";
    size_t mlen = sizeof marker - 1, blen = strlen(fs->url);
    size_t count = 0;
    for (size_t i = 0; i + mlen <= len; i++)
        if (memcmp(data + i, marker, mlen) == 0)
            count++;
    char *out = xmalloc(len + count * blen + 1);
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        if (i + mlen <= len && memcmp(data + i, marker, mlen) == 0) {
            memcpy(out + o, fs->url, blen);
            o += blen;
            i += mlen;
        } else {
            out[o++] = data[i++];
        }
    }
    out[o] = '\0';
    *out_len = o;
    return out;
}

static enum MHD_Result collect_arg(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    fixture_route *r = cls;
    if (r->last_arg_count < MAX_ARGS) {
        snprintf(r->last_args[r->last_arg_count][0], sizeof r->last_args[0][0], "%s", key);
        snprintf(r->last_args[r->last_arg_count][1], sizeof r->last_args[0][1], "%s", value ? value : "");
        r->last_arg_count++;
    }
    return MHD_YES;
}

static fixture_route *match(fixture_server *fs, struct MHD_Connection *con, const char *path)
{
    fixture_route *any = NULL;
    for (size_t i = 0; i < fs->route_count; i++) {
        fixture_route *r = &fs->routes[i];
        if (strcmp(r->path, path) != 0)
            continue;
        if (r->arg_name[0] == '\0') {
            any = r;
            continue;
        }
        const char *v = MHD_lookup_connection_value(con, MHD_GET_ARGUMENT_KIND, r->arg_name);
        if (v != NULL && strcmp(v, r->arg_value) == 0)
            return r;
    }
    return any;
}

typedef struct body_reader {
    char *data;
    size_t len;
    size_t limit; /* bytes to send before failing */
} body_reader;

static ssize_t read_truncated(void *cls, uint64_t pos, char *buf, size_t max)
{
    body_reader *b = cls;
    if (pos >= b->limit)
        return MHD_CONTENT_READER_END_WITH_ERROR;
    size_t n = b->limit - (size_t)pos;
    if (n > max)
        n = max;
    memcpy(buf, b->data + pos, n);
    return (ssize_t)n;
}

static void free_reader(void *cls)
{
    body_reader *b = cls;
    free(b->data);
    free(b);
}

typedef struct stream_reader {
    fixture_stream ops;
    void *state;
    fixture_server *fs;
} stream_reader;

static ssize_t read_stream(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream_reader *s = cls;
    if (atomic_load(&s->fs->stopping))
        return MHD_CONTENT_READER_END_WITH_ERROR;
    size_t n = s->ops.read(s->state, buf, max);
    return n == 0 ? MHD_CONTENT_READER_END_OF_STREAM : (ssize_t)n;
}

static void free_stream(void *cls)
{
    stream_reader *s = cls;
    if (s->ops.close)
        s->ops.close(s->state);
    free(s);
}

static void expand_base(const fixture_server *fs, const char *text, char *out, size_t out_len);

static enum MHD_Result queue(struct MHD_Connection *con, int status, struct MHD_Response *resp)
{
    enum MHD_Result rc = MHD_queue_response(con, (unsigned)status, resp);
    MHD_destroy_response(resp);
    return rc;
}

static enum MHD_Result answer_text(struct MHD_Connection *con, int status, const char *text, int retry_after_s)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_MUST_COPY);
    MHD_add_response_header(resp, "Content-Type", "text/plain");
    if (retry_after_s >= 0) {
        char v[32];
        snprintf(v, sizeof v, "%d", retry_after_s);
        MHD_add_response_header(resp, "Retry-After", v);
    }
    return queue(con, status, resp);
}

static bool route_held(fixture_route *r)
{
    pthread_mutex_lock(&r->fs->lock);
    bool held = r->held;
    pthread_mutex_unlock(&r->fs->lock);
    return held;
}

#define MAX_UPLOAD (1u << 20)

typedef struct upload {
    char *data;
    size_t len;
} upload;

struct fixture_request {
    struct MHD_Connection *con;
    const char *method;
    const upload *body;
    const char *names[MAX_ARGS * 4];
    const char *values[MAX_ARGS * 4];
    size_t arg_count;
};

const char *fixture_request_header(const fixture_request *req, const char *name)
{
    return MHD_lookup_connection_value(req->con, MHD_HEADER_KIND, name);
}

const char *fixture_request_method(const fixture_request *req)
{
    return req->method;
}

const char *fixture_request_body(const fixture_request *req, size_t *len)
{
    *len = req->body->len;
    return req->body->data ? req->body->data : "";
}

static enum MHD_Result gather_arg(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    fixture_request *req = cls;
    if (req->arg_count < sizeof req->names / sizeof req->names[0]) {
        req->names[req->arg_count] = key;
        req->values[req->arg_count] = value ? value : "";
        req->arg_count++;
    }
    return MHD_YES;
}

size_t fixture_request_args(const fixture_request *req, const char **names, const char **values, size_t max)
{
    for (size_t i = 0; i < req->arg_count && i < max; i++) {
        names[i] = req->names[i];
        values[i] = req->values[i];
    }
    return req->arg_count;
}

static void free_upload(void *cls, struct MHD_Connection *con, void **req_cls, enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    (void)con;
    (void)toe;
    upload *u = *req_cls;
    if (u != NULL) {
        free(u->data);
        free(u);
    }
    *req_cls = NULL;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *con, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **req_cls)
{
    (void)version;
    fixture_server *fs = cls;
    if (*req_cls == NULL) {
        *req_cls = xcalloc(1, sizeof(upload));
        return MHD_YES;
    }
    upload *up = *req_cls;
    if (*upload_data_size > 0) {
        if (up->len + *upload_data_size > MAX_UPLOAD)
            return MHD_NO;
        up->data = xrealloc(up->data, up->len + *upload_data_size + 1);
        memcpy(up->data + up->len, upload_data, *upload_data_size);
        up->len += *upload_data_size;
        up->data[up->len] = '\0';
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "POST") != 0)
        return answer_text(con, 405, "GET and POST only\n", -1);

    pthread_mutex_lock(&fs->lock);
    fixture_route *r = match(fs, con, url);
    if (r == NULL) {
        pthread_mutex_unlock(&fs->lock);
        return answer_text(con, 404, "no fixture for this path\n", -1);
    }
    r->hits++;
    const char *inm = MHD_lookup_connection_value(con, MHD_HEADER_KIND, "If-None-Match");
    snprintf(r->last_if_none_match, sizeof r->last_if_none_match, "%s", inm ? inm : "");
    const char *auth = MHD_lookup_connection_value(con, MHD_HEADER_KIND, "Authorization");
    snprintf(r->last_authorization, sizeof r->last_authorization, "%s", auth ? auth : "");
    r->last_arg_count = 0;
    MHD_get_connection_values(con, MHD_GET_ARGUMENT_KIND, collect_arg, r);
    int stall_ms = r->stall_ms;
    bool failing = r->fail_times > 0;
    int fail_status = r->fail_status, retry_after = r->retry_after_s;
    if (failing)
        r->fail_times--;
    int status = r->status;
    bool has_body = r->has_body, is_stream = r->is_stream, truncate = r->truncate;
    size_t truncate_bytes = r->truncate_bytes;
    char etag[128], encoding[32], content_type[64];
    snprintf(etag, sizeof etag, "%s", r->etag);
    snprintf(encoding, sizeof encoding, "%s", r->encoding);
    snprintf(content_type, sizeof content_type, "%s", r->content_type);
    char *body = NULL;
    size_t body_len = 0;
    if (has_body && !is_stream) {
        body = xmalloc(r->body_len + 1);
        if (r->body_len > 0) /* a handler route has no body of its own */
            memcpy(body, r->body, r->body_len);
        body_len = r->body_len;
    }
    fixture_stream stream = r->stream;
    fixture_handler handler = r->handler;
    void *handler_ctx = r->handler_ctx;
    char location[600];
    expand_base(fs, r->location, location, sizeof location);
    pthread_mutex_unlock(&fs->lock);
    if (location[0] != '\0') {
        free(body);
        struct MHD_Response *resp = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
        MHD_add_response_header(resp, "Location", location);
        return queue(con, status ? status : 302, resp);
    }

    for (int waited = 0; waited < stall_ms && !atomic_load(&fs->stopping); waited += 10) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    while (route_held(r) && !atomic_load(&fs->stopping)) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    if (failing) {
        free(body);
        return answer_text(con, fail_status, "injected failure\n", retry_after);
    }
    if (handler != NULL) {
        free(body);
        fixture_request req;
        memset(&req, 0, sizeof req);
        req.con = con;
        req.method = method;
        req.body = up;
        MHD_get_connection_values(con, MHD_GET_ARGUMENT_KIND, gather_arg, &req);
        char *answer = NULL;
        const char *type = "application/json";
        int code = handler(handler_ctx, &req, &answer, &type);
        if (answer == NULL)
            answer = xcalloc(1, 1);
        struct MHD_Response *hr = MHD_create_response_from_buffer(strlen(answer), answer, MHD_RESPMEM_MUST_FREE);
        MHD_add_response_header(hr, "Content-Type", type);
        return queue(con, code, hr);
    }
    if (!has_body) {
        free(body);
        return answer_text(con, status ? status : 404, "no body for this fixture\n", -1);
    }
    if (etag[0] != '\0' && inm != NULL && strcmp(inm, etag) == 0) {
        free(body);
        struct MHD_Response *resp = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
        MHD_add_response_header(resp, "ETag", etag);
        return queue(con, 304, resp);
    }
    struct MHD_Response *resp;
    if (is_stream) {
        stream_reader *s = xcalloc(1, sizeof *s);
        s->ops = stream;
        s->fs = fs;
        s->state = stream.open(stream.ctx);
        resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 64 * 1024, read_stream, s, free_stream);
    } else if (truncate) {
        body_reader *b = xcalloc(1, sizeof *b);
        b->data = body;
        b->len = body_len;
        b->limit = truncate_bytes < body_len ? truncate_bytes : body_len;
        resp = MHD_create_response_from_callback(body_len, 4096, read_truncated, b, free_reader);
    } else {
        resp = MHD_create_response_from_buffer(body_len, body, MHD_RESPMEM_MUST_FREE);
    }
    if (content_type[0])
        MHD_add_response_header(resp, "Content-Type", content_type);
    if (etag[0])
        MHD_add_response_header(resp, "ETag", etag);
    if (encoding[0])
        MHD_add_response_header(resp, "Content-Encoding", encoding);
    return queue(con, status ? status : 200, resp);
}

fixture_server *fixture_start(void)
{
    fixture_server *fs = xcalloc(1, sizeof *fs);
    pthread_mutex_init(&fs->lock, NULL);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = 0;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    fs->daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION, 0, NULL, NULL,
                                  on_request, fs, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                                  MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30, MHD_OPTION_NOTIFY_COMPLETED,
                                  free_upload, NULL, MHD_OPTION_END);
    if (fs->daemon == NULL)
        die("cannot start libmicrohttpd on 127.0.0.1");
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(fs->daemon, MHD_DAEMON_INFO_BIND_PORT);
    if (info == NULL || info->port == 0)
        die("cannot read the bound port");
    snprintf(fs->url, sizeof fs->url, "http://127.0.0.1:%u", (unsigned)info->port);
    return fs;
}

void fixture_stop(fixture_server *fs)
{
    if (fs == NULL)
        return;
    atomic_store(&fs->stopping, true);
    MHD_stop_daemon(fs->daemon);
    for (size_t i = 0; i < fs->route_count; i++)
        free(fs->routes[i].body);
    pthread_mutex_destroy(&fs->lock);
    free(fs);
}

const char *fixture_url(const fixture_server *fs)
{
    return fs->url;
}

fixture_route *fixture_route_add(fixture_server *fs, const char *path, const char *arg_name, const char *arg_value)
{
    pthread_mutex_lock(&fs->lock);
    fixture_route *r = NULL;
    for (size_t i = 0; i < fs->route_count && r == NULL; i++) {
        fixture_route *c = &fs->routes[i];
        if (strcmp(c->path, path) == 0 && strcmp(c->arg_name, arg_name ? arg_name : "") == 0 &&
            strcmp(c->arg_value, arg_value ? arg_value : "") == 0)
            r = c;
    }
    if (r == NULL) {
        if (fs->route_count == MAX_ROUTES)
            die("too many routes");
        r = &fs->routes[fs->route_count++];
        r->fs = fs;
        snprintf(r->path, sizeof r->path, "%s", path);
        snprintf(r->arg_name, sizeof r->arg_name, "%s", arg_name ? arg_name : "");
        snprintf(r->arg_value, sizeof r->arg_value, "%s", arg_value ? arg_value : "");
        r->retry_after_s = -1;
    }
    pthread_mutex_unlock(&fs->lock);
    return r;
}

static void reset_faults(fixture_route *r)
{
    r->status = 0;
    r->fail_times = 0;
    r->location[0] = '\0';
    r->stall_ms = 0;
    r->held = false;
    r->truncate = false;
    r->etag[0] = '\0';
    r->encoding[0] = '\0';
    r->is_stream = false;
    r->handler = NULL;
}

void fixture_serve_body(fixture_route *r, const char *body, size_t len, const char *content_type)
{
    size_t out_len = 0;
    char *copy = substitute_base(r->fs, body, len, &out_len);
    pthread_mutex_lock(&r->fs->lock);
    free(r->body);
    r->body = copy;
    r->body_len = out_len;
    r->has_body = true;
    snprintf(r->content_type, sizeof r->content_type, "%s", content_type ? content_type : "application/json");
    reset_faults(r);
    pthread_mutex_unlock(&r->fs->lock);
}

void fixture_serve_file(fixture_route *r, const char *relpath, const char *content_type)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", fixture_data_dir(), relpath);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "fixture server: cannot open %s\n", path);
        abort();
    }
    size_t cap = 65536, len = 0;
    char *data = xmalloc(cap);
    size_t n;
    while ((n = fread(data + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            cap *= 2;
            data = xrealloc(data, cap);
        }
    }
    fclose(f);
    bool binary = memchr(data, '\0', len) != NULL || (len > 2 && (unsigned char)data[0] == 0x1f &&
                                                       (unsigned char)data[1] == 0x8b);
    if (binary) {
        /* A compressed file is served as it is. */
        pthread_mutex_lock(&r->fs->lock);
        free(r->body);
        r->body = data;
        r->body_len = len;
        r->has_body = true;
        snprintf(r->content_type, sizeof r->content_type, "%s", content_type ? content_type : "application/json");
        reset_faults(r);
        pthread_mutex_unlock(&r->fs->lock);
        return;
    }
    fixture_serve_body(r, data, len, content_type);
    free(data);
}

void fixture_serve_stream(fixture_route *r, const fixture_stream *stream, const char *content_type)
{
    pthread_mutex_lock(&r->fs->lock);
    reset_faults(r);
    r->stream = *stream;
    r->is_stream = true;
    r->has_body = true;
    snprintf(r->content_type, sizeof r->content_type, "%s", content_type ? content_type : "text/csv");
    pthread_mutex_unlock(&r->fs->lock);
}

#define WITH_LOCK(r, stmt)                                                                                             \
    do {                                                                                                               \
        pthread_mutex_lock(&(r)->fs->lock);                                                                            \
        stmt;                                                                                                          \
        pthread_mutex_unlock(&(r)->fs->lock);                                                                          \
    } while (0)

void fixture_serve_handler(fixture_route *r, fixture_handler handler, void *ctx)
{
    pthread_mutex_lock(&r->fs->lock);
    reset_faults(r);
    r->handler = handler;
    r->handler_ctx = ctx;
    r->has_body = true;
    r->is_stream = false;
    pthread_mutex_unlock(&r->fs->lock);
}

void fixture_set_status(fixture_route *r, int status)
{
    WITH_LOCK(r, r->status = status);
}

/* Replaces "{{BASE}}" at the start of text by the base URL into out. Called with the lock held. */
static void expand_base(const fixture_server *fs, const char *text, char *out, size_t out_len)
{
    if (strncmp(text, "{{BASE}}", 8) == 0)
        snprintf(out, out_len, "%s%s", fixture_url(fs), text + 8);
    else
        snprintf(out, out_len, "%s", text);
}

void fixture_redirect(fixture_route *r, int status, const char *location)
{
    WITH_LOCK(r, (r->status = status, r->has_body = true,
                  snprintf(r->location, sizeof r->location, "%s", location)));
}

void fixture_fail_first(fixture_route *r, int times, int status, int retry_after_s)
{
    WITH_LOCK(r, (r->fail_times = times, r->fail_status = status, r->retry_after_s = retry_after_s));
}

void fixture_stall(fixture_route *r, int ms)
{
    WITH_LOCK(r, r->stall_ms = ms);
}

void fixture_hold(fixture_route *r)
{
    WITH_LOCK(r, r->held = true);
}

void fixture_release(fixture_route *r)
{
    WITH_LOCK(r, r->held = false);
}

void fixture_truncate(fixture_route *r, size_t bytes)
{
    WITH_LOCK(r, (r->truncate = true, r->truncate_bytes = bytes));
}

void fixture_set_etag(fixture_route *r, const char *etag)
{
    WITH_LOCK(r, snprintf(r->etag, sizeof r->etag, "%s", etag ? etag : ""));
}

void fixture_set_encoding(fixture_route *r, const char *encoding)
{
    WITH_LOCK(r, snprintf(r->encoding, sizeof r->encoding, "%s", encoding ? encoding : ""));
}

unsigned fixture_hits(const fixture_route *r)
{
    pthread_mutex_lock(&r->fs->lock);
    unsigned hits = r->hits;
    pthread_mutex_unlock(&r->fs->lock);
    return hits;
}

void fixture_last_if_none_match(const fixture_route *r, char *buf, size_t buf_len)
{
    WITH_LOCK(r, snprintf(buf, buf_len, "%s", r->last_if_none_match));
}

void fixture_last_authorization(const fixture_route *r, char *buf, size_t buf_len)
{
    WITH_LOCK(r, snprintf(buf, buf_len, "%s", r->last_authorization));
}

void fixture_last_arg(const fixture_route *r, const char *name, char *buf, size_t buf_len)
{
    pthread_mutex_lock(&r->fs->lock);
    snprintf(buf, buf_len, "%s", "");
    for (size_t i = 0; i < r->last_arg_count; i++)
        if (strcmp(r->last_args[i][0], name) == 0)
            snprintf(buf, buf_len, "%s", r->last_args[i][1]);
    pthread_mutex_unlock(&r->fs->lock);
}
