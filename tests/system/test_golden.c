/* Golden answers: the API's exact bytes for a recorded set of requests, so a change of behaviour is seen at once.
 *
 * Every folder tests/golden/<area>/<case>/ (areas: catalog, recommend, estimate, ops) holds
 *   request  line 1 "METHOD PATH?QUERY"; then "Name: value" header lines; then, when there is a body, one empty line
 *            and the body bytes as they are (a request has only these headers, beside Host and Content-Length)
 *   expect   "HTTP <status>", then the answer's headers as "name: value" in a fixed order (see header_rank()), then an
 *            empty line, then the body bytes exactly
 * and the suite sends each request to a daemon on the seed catalog and compares the answer with expect, byte for
 * byte. Left out of expect: Date (the clock), X-Request-Id unless the request sent one (a fresh id per request), and
 * Content-Length except on HEAD (the body says it). Every other header is kept, so a header that appears or goes away
 * is a difference too.
 *
 * GOLDEN_RECORD=1 rewrites every expect from the running code instead of comparing: after a deliberate change of
 * behaviour, record and review the difference in version control.
 *
 * The daemon is pinned to a fixed wall clock (GOLDEN_CLOCK) so price ages and catalog_built_at do not move; it refreshes
 * nothing (no provider adapter enabled, no interval), has an admin token and one CORS origin, and takes bodies up to
 * GOLDEN_MAX_BODY bytes (the 413 case sends more). Its database has the seed catalog and the price history rows of
 * GOLDEN_HISTORY (the snapshot does not hold history: the history endpoint reads it from the database). */
#include <check.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <curl/curl.h>
#include <sqlite3.h>

#include "store/db.h"
#include "harness.h"
#include "support/check_support.h"
#include "base/util.h"

#define GOLDEN_ROOT "tests/golden"
#define GOLDEN_HISTORY GOLDEN_ROOT "/history.sql"
#define GOLDEN_CLOCK 1780000000 /* 2026-05-28T20:26:40Z */
#define GOLDEN_ADMIN_TOKEN "golden-admin-token"
#define GOLDEN_ORIGIN "https://portal.example"
#define GOLDEN_MAX_BODY 4096
#define GOLDEN_MIN_CASES 70
#define GOLDEN_MAX_HEADERS 32
#define GOLDEN_MAX_CASES 512

static const char *const areas[] = {"catalog", "recommend", "estimate", "ops"};

/* ---- files ---------------------------------------------------------------------------------------------------- */

/* The whole file into a malloc'ed NUL-terminated buffer (caller frees), its length in *len; NULL when it cannot be
 * read. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *data = xmalloc(1);
    size_t size = 0;
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        data = xrealloc(data, size + n + 1);
        memcpy(data + size, chunk, n);
        size += n;
    }
    fclose(f);
    data[size] = '\0';
    *len = size;
    return data;
}

static void write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    ck_assert_msg(fwrite(data, 1, len, f) == len && fclose(f) == 0, "cannot write %s", path);
}

/* ---- the request file ----------------------------------------------------------------------------------------- */

typedef struct golden_request {
    char method[16];
    char target[4096];
    char *headers[GOLDEN_MAX_HEADERS]; /* owned, "Name: value" */
    size_t header_count;
    bool has_body;
    const char *body; /* borrowed from text */
    size_t body_size;
    char *text; /* owned: the file */
} golden_request;

/* The next line of text[*pos..len) into line (without its "\n" or "\r\n"); false at the end of the text. */
static bool next_line(const char *text, size_t len, size_t *pos, char *line, size_t line_len)
{
    if (*pos >= len)
        return false;
    const char *start = text + *pos;
    const char *nl = memchr(start, '\n', len - *pos);
    size_t n = nl ? (size_t)(nl - start) : len - *pos;
    *pos += nl ? n + 1 : n;
    if (n > 0 && start[n - 1] == '\r')
        n--;
    ck_assert_msg(n < line_len, "request line too long");
    memcpy(line, start, n);
    line[n] = '\0';
    return true;
}

static void request_parse(const char *path, golden_request *req)
{
    memset(req, 0, sizeof *req);
    size_t len = 0;
    req->text = read_file(path, &len);
    ck_assert_msg(req->text != NULL, "cannot read %s", path);
    size_t pos = 0;
    char line[8192];
    ck_assert_msg(next_line(req->text, len, &pos, line, sizeof line), "%s: empty", path);
    char *space = strchr(line, ' ');
    ck_assert_msg(space != NULL && (size_t)(space - line) < sizeof req->method, "%s: no \"METHOD PATH\" line", path);
    *space = '\0';
    util_copy(req->method, sizeof req->method, line);
    ck_assert_msg(space[1] == '/' && util_copy(req->target, sizeof req->target, space + 1) == 0,
                  "%s: the target must start with / and fit", path);
    while (next_line(req->text, len, &pos, line, sizeof line)) {
        if (line[0] == '\0') {
            req->has_body = true;
            req->body = req->text + pos;
            req->body_size = len - pos;
            break;
        }
        ck_assert_msg(strchr(line, ':') != NULL && req->header_count < GOLDEN_MAX_HEADERS,
                      "%s: \"%s\" is not a \"Name: value\" header", path, line);
        req->headers[req->header_count++] = xstrdup(line);
    }
}

static void request_free(golden_request *req)
{
    for (size_t i = 0; i < req->header_count; i++)
        free(req->headers[i]);
    free(req->text);
}

static bool request_names(const golden_request *req, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < req->header_count; i++)
        if (strncasecmp(req->headers[i], name, n) == 0 && req->headers[i][n] == ':')
            return true;
    return false;
}

/* ---- the answer as recorded ----------------------------------------------------------------------------------- */

typedef struct answer_header {
    char *name; /* owned, lower case */
    char *value; /* owned */
    size_t arrival;
} answer_header;

/* Where a header goes in expect: these first, in this order; then every access-control-* and then any other header,
 * each group by name. */
static int header_rank(const char *name)
{
    static const char *const fixed[] = {"content-type", "cache-control", "etag",         "allow",
                                        "location",     "retry-after",   "www-authenticate", "vary"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcmp(name, fixed[i]) == 0)
            return (int)i;
    if (strncmp(name, "access-control-", 15) == 0)
        return 100;
    if (strcmp(name, "content-length") == 0)
        return 300;
    if (strcmp(name, "x-request-id") == 0)
        return 301;
    return 200;
}

static int header_cmp(const void *a, const void *b)
{
    const answer_header *x = a, *y = b;
    int rx = header_rank(x->name), ry = header_rank(y->name);
    if (rx != ry)
        return rx < ry ? -1 : 1;
    int by_name = strcmp(x->name, y->name);
    if (by_name != 0)
        return by_name;
    return x->arrival < y->arrival ? -1 : x->arrival > y->arrival;
}

typedef struct text_buffer {
    char *data;
    size_t size;
} text_buffer;

static void append(text_buffer *b, const char *bytes, size_t n)
{
    b->data = xrealloc(b->data, b->size + n + 1);
    memcpy(b->data + b->size, bytes, n);
    b->size += n;
    b->data[b->size] = '\0';
}

static void append_str(text_buffer *b, const char *s)
{
    append(b, s, strlen(s));
}

/* The expect text of one answer: raw_headers is the header block as received (the last one, after any 1xx). */
static void render_answer(const golden_request *req, long status, const char *raw_headers, const char *body,
                          size_t body_size, text_buffer *out)
{
    answer_header headers[64];
    size_t count = 0;
    bool head = strcmp(req->method, "HEAD") == 0, keep_request_id = request_names(req, "X-Request-Id");
    const char *line = raw_headers;
    while (line != NULL && *line != '\0') {
        size_t len = strcspn(line, "\r\n");
        const char *colon = memchr(line, ':', len);
        if (strncmp(line, "HTTP/", 5) == 0) {
            for (size_t i = 0; i < count; i++) {
                free(headers[i].name);
                free(headers[i].value);
            }
            count = 0; /* a new header block: an interim answer came first */
        } else if (colon != NULL) {
            size_t name_len = (size_t)(colon - line);
            char *name = xmalloc(name_len + 1);
            for (size_t i = 0; i < name_len; i++)
                name[i] = (char)(line[i] >= 'A' && line[i] <= 'Z' ? line[i] - 'A' + 'a' : line[i]);
            name[name_len] = '\0';
            const char *value = colon + 1;
            while (*value == ' ')
                value++;
            size_t value_len = len - (size_t)(value - line);
            bool keep = strcmp(name, "date") != 0 && (strcmp(name, "x-request-id") != 0 || keep_request_id) &&
                        (strcmp(name, "content-length") != 0 || head);
            if (keep) {
                ck_assert_uint_lt(count, sizeof headers / sizeof headers[0]);
                headers[count].name = name;
                headers[count].value = xmalloc(value_len + 1);
                memcpy(headers[count].value, value, value_len);
                headers[count].value[value_len] = '\0';
                headers[count].arrival = count;
                count++;
            } else {
                free(name);
            }
        }
        line += len;
        while (*line == '\r' || *line == '\n')
            line++;
    }
    qsort(headers, count, sizeof headers[0], header_cmp);
    char status_line[32];
    snprintf(status_line, sizeof status_line, "HTTP %ld\n", status);
    append_str(out, status_line);
    for (size_t i = 0; i < count; i++) {
        append_str(out, headers[i].name);
        append_str(out, ": ");
        append_str(out, headers[i].value);
        append_str(out, "\n");
        free(headers[i].name);
        free(headers[i].value);
    }
    append_str(out, "\n");
    append(out, body, body_size);
}

/* ---- sending -------------------------------------------------------------------------------------------------- */

static void send_request(harness *h, const golden_request *req, text_buffer *out)
{
    CURL *curl = curl_easy_init();
    ck_assert_ptr_nonnull(curl);
    char url[4096 + 128];
    snprintf(url, sizeof url, "%s%s", harness_url(h), req->target);
    harness_buffer body = {xcalloc(1, 1), 0}, headers = {xcalloc(1, 1), 0};
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < req->header_count; i++)
        list = curl_slist_append(list, req->headers[i]);
    /* only the request's own headers: none of libcurl's defaults */
    list = curl_slist_append(list, "Expect:");
    if (!request_names(req, "Accept"))
        list = curl_slist_append(list, "Accept:");
    if (!request_names(req, "Content-Type"))
        list = curl_slist_append(list, "Content-Type:");
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PATH_AS_IS, 1L);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, req->method);
    if (strcmp(req->method, "HEAD") == 0)
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    if (req->has_body) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, (long)req->body_size);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, req->body);
    }
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, harness_collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, harness_collect);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &headers);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
    CURLcode rc = curl_easy_perform(curl);
    ck_assert_msg(rc == CURLE_OK, "%s %s: %s", req->method, req->target, curl_easy_strerror(rc));
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    render_answer(req, status, headers.data, body.data, body.size, out);
    curl_slist_free_all(list);
    curl_easy_cleanup(curl);
    free(body.data);
    free(headers.data);
}

/* ---- comparing ------------------------------------------------------------------------------------------------ */

/* Prints the first line where expected and actual differ, with its number, each cut to a readable length. */
static void print_first_difference(const char *name, const char *expected, size_t expected_len, const char *actual,
                                   size_t actual_len)
{
    size_t i = 0, line_start = 0, line_no = 1;
    while (i < expected_len && i < actual_len && expected[i] == actual[i]) {
        if (expected[i] == '\n') {
            line_start = i + 1;
            line_no++;
        }
        i++;
    }
    size_t e_end = line_start, a_end = line_start;
    while (e_end < expected_len && expected[e_end] != '\n')
        e_end++;
    while (a_end < actual_len && actual[a_end] != '\n')
        a_end++;
    /* long lines (a compact JSON body is one line): show from a little before the first differing byte; i lies in
     * both lines, so from <= i <= e_end, a_end */
    size_t from = i - line_start > 60 ? i - 60 : line_start;
    int e_show = (int)(e_end - from > 200 ? 200 : e_end - from);
    int a_show = (int)(a_end - from > 200 ? 200 : a_end - from);
    const char *cut = from > line_start ? "..." : "";
    fprintf(stderr,
            "golden %s: differs at line %zu, byte %zu of the line%s\n"
            "  expected: %s%.*s%s\n"
            "  actual:   %s%.*s%s\n",
            name, line_no, i - line_start + 1, expected_len == actual_len ? "" : " (lengths differ)", cut, e_show,
            expected + from, i >= expected_len ? "<end>" : "", cut, a_show, actual + from,
            i >= actual_len ? "<end>" : "");
}

/* ---- the walk ------------------------------------------------------------------------------------------------- */

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The case folders of an area that hold a request file, sorted, into names (caller frees each); their count. */
static size_t list_cases(const char *area, char **names, size_t max)
{
    char dir_path[256];
    snprintf(dir_path, sizeof dir_path, GOLDEN_ROOT "/%s", area);
    DIR *dir = opendir(dir_path);
    ck_assert_msg(dir != NULL, "cannot open %s (run from the repository root)", dir_path);
    size_t count = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        char request_path[1024];
        struct stat st;
        snprintf(request_path, sizeof request_path, "%s/%s/request", dir_path, entry->d_name);
        if (stat(request_path, &st) != 0)
            continue;
        ck_assert_uint_lt(count, max);
        names[count++] = xstrdup(entry->d_name);
    }
    closedir(dir);
    qsort(names, count, sizeof names[0], name_cmp);
    return count;
}

static void add_history(const harness *h)
{
    size_t len = 0;
    char *sql = read_file(GOLDEN_HISTORY, &len);
    ck_assert_msg(sql != NULL, "cannot read " GOLDEN_HISTORY);
    sqlite3 *db = NULL;
    char err[512];
    ck_assert_msg(db_open(harness_db_path(h), false, &db, err, sizeof err) == 0, "db_open: %s", err);
    char *message = NULL;
    int rc = sqlite3_exec(db, sql, NULL, NULL, &message);
    ck_assert_msg(rc == SQLITE_OK, GOLDEN_HISTORY ": %s", message ? message : "?");
    sqlite3_free(message);
    db_close(db);
    free(sql);
}

static void configure(config *cfg, void *ctx)
{
    (void)ctx;
    cfg->test_clock = GOLDEN_CLOCK;
    cfg->refresh_interval_s = 0;
    cfg->provider_count = 0; /* no adapter enabled: an admin refresh is refused, never started */
    static const char nowhere[] = "http://127.0.0.1:9/";
    util_copy(cfg->azure_prices_url, sizeof cfg->azure_prices_url, nowhere);
    util_copy(cfg->aws_pricing_url, sizeof cfg->aws_pricing_url, nowhere);
    util_copy(cfg->aws_spot_url, sizeof cfg->aws_spot_url, nowhere);
    util_copy(cfg->aws_spot_advisor_url, sizeof cfg->aws_spot_advisor_url, nowhere);
    util_copy(cfg->gcp_billing_url, sizeof cfg->gcp_billing_url, nowhere);
    util_copy(cfg->fx_url, sizeof cfg->fx_url, nowhere);
    cfg->feed_url_count = 0;
    util_copy(cfg->admin_token, sizeof cfg->admin_token, GOLDEN_ADMIN_TOKEN);
    cfg->cors_origin_count = 1;
    util_copy(cfg->cors_origins[0], sizeof cfg->cors_origins[0], GOLDEN_ORIGIN);
    cfg->max_body_bytes = GOLDEN_MAX_BODY;
}

START_TEST(answers_match_the_recorded_ones)
{
    const char *record_env = getenv("GOLDEN_RECORD");
    bool record = record_env != NULL && strcmp(record_env, "1") == 0;
    harness *h = harness_start_with(configure, NULL);
    add_history(h);
    size_t total = 0, differing = 0, rewritten = 0;
    for (size_t a = 0; a < sizeof areas / sizeof areas[0]; a++) {
        char *names[GOLDEN_MAX_CASES];
        size_t count = list_cases(areas[a], names, GOLDEN_MAX_CASES);
        ck_assert_msg(count > 0, "no cases under " GOLDEN_ROOT "/%s", areas[a]);
        for (size_t i = 0; i < count; i++) {
            char name[256], path[512];
            snprintf(name, sizeof name, "%s/%s", areas[a], names[i]);
            snprintf(path, sizeof path, GOLDEN_ROOT "/%s/request", name);
            golden_request req;
            request_parse(path, &req);
            text_buffer actual = {xcalloc(1, 1), 0};
            send_request(h, &req, &actual);
            snprintf(path, sizeof path, GOLDEN_ROOT "/%s/expect", name);
            size_t expected_len = 0;
            char *expected = read_file(path, &expected_len);
            bool same = expected != NULL && expected_len == actual.size &&
                        memcmp(expected, actual.data, actual.size) == 0;
            if (record) {
                if (!same) {
                    write_file(path, actual.data, actual.size);
                    fprintf(stderr, "golden %s: recorded\n", name);
                    rewritten++;
                }
            } else if (expected == NULL) {
                fprintf(stderr, "golden %s: no expect file (record it with GOLDEN_RECORD=1)\n", name);
                differing++;
            } else if (!same) {
                print_first_difference(name, expected, expected_len, actual.data, actual.size);
                differing++;
            }
            free(expected);
            free(actual.data);
            request_free(&req);
            free(names[i]);
            total++;
        }
    }
    harness_stop(h);
    if (record)
        fprintf(stderr, "golden: %zu of %zu expect files rewritten\n", rewritten, total);
    ck_assert_msg(total >= GOLDEN_MIN_CASES, "only %zu golden cases (at least %d expected)", total, GOLDEN_MIN_CASES);
    ck_assert_msg(differing == 0, "%zu of %zu golden answers differ from their expect file (see above)", differing,
                  total);
}
END_TEST

static Suite *golden_suite(void)
{
    Suite *s = suite_create("golden");
    TCase *tc = tcase_create("answers");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, answers_match_the_recorded_ones);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(golden_suite());
}
