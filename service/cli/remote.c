/* The command line's questions asked of a running service (--server URL) with libcurl: the same paths, bodies and
 * query parameters a client of the API sends. */
#include "cli/ask.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "base/buf.h"

/* An answer is a recommendation, an estimate of at most 100 items or a list page: far below this. */
#define REMOTE_MAX_ANSWER_BYTES (64u << 20)
#define REMOTE_CONNECT_TIMEOUT_S 10L
#define REMOTE_TIMEOUT_S 120L

static const char *const paths[] = {
    [ASK_RECOMMEND] = "/v1/recommend", [ASK_ESTIMATE] = "/v1/estimate", [ASK_EXPORT] = "/v1/export",
    [ASK_MODELS] = "/v1/models",       [ASK_GPUS] = "/v1/gpus",
};

static size_t collect(char *chunk, size_t size, size_t count, void *userdata)
{
    bytebuf *body = userdata;
    if (body->len + size * count > REMOTE_MAX_ANSWER_BYTES)
        return 0; /* libcurl then stops with CURLE_WRITE_ERROR */
    buf_append(body, chunk, size * count);
    return size * count;
}

/* One query parameter, its text as cli_param_text() writes it. */
static void append_param(bytebuf *url, CURL *curl, const char *name, const json_t *value)
{
    char *text = cli_param_text(value);
    char *escaped = curl_easy_escape(curl, text, (int)strlen(text));
    buf_printf(url, "&%s=%s", name, escaped != NULL ? escaped : "");
    curl_free(escaped);
    free(text);
}

/* server + path (+ the query of a list), without a doubled '/'. Caller frees. */
static char *request_url(CURL *curl, const char *server, cli_question q, const json_t *body)
{
    bytebuf url;
    buf_init(&url, 256);
    size_t len = strlen(server);
    while (len > 0 && server[len - 1] == '/')
        len--;
    buf_append(&url, server, len);
    buf_append_str(&url, paths[q]);
    if (q == ASK_MODELS || q == ASK_GPUS) {
        buf_printf(&url, "?limit=%d", CLI_LIST_LIMIT);
        const char *name;
        const json_t *value;
        json_object_foreach((json_t *)body, name, value)
            append_param(&url, curl, name, value);
    }
    return buf_finish(&url, NULL);
}

/* The answer's body read as what its Content-Type says: JSON (a document or a problem), or the text of an export. */
static void read_answer(CURL *curl, bytebuf *body, cli_answer *out)
{
    char *type = NULL;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &out->status);
    curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type);
    bool json = type != NULL && (strncmp(type, "application/json", 16) == 0 ||
                                 strncmp(type, "application/problem+json", 24) == 0);
    if (!json && out->status == 200) {
        out->text = buf_finish(body, NULL);
        return;
    }
    json_error_t error;
    out->json = json_loadb(body->data != NULL ? body->data : "", body->len, 0, &error);
    if (out->json == NULL) {
        snprintf(out->error, sizeof out->error, "the server answered %ld with %s that is not JSON", out->status,
                 type != NULL ? type : "a body");
        out->status = 0;
    }
}

void cli_ask_remote(const char *server, cli_question q, const json_t *body, cli_answer *out)
{
    memset(out, 0, sizeof *out);
    CURL *curl = curl_easy_init();
    struct curl_slist *headers = NULL;
    char *url = NULL, *payload = NULL;
    bytebuf answer;
    buf_init(&answer, 16384);
    if (curl == NULL) {
        snprintf(out->error, sizeof out->error, "cannot start an HTTP client");
        goto out;
    }
    url = request_url(curl, server, q, body);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, REMOTE_CONNECT_TIMEOUT_S);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, REMOTE_TIMEOUT_S);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
    if (q != ASK_MODELS && q != ASK_GPUS) {
        payload = json_dumps(body, JSON_COMPACT | JSON_REAL_PRECISION(17));
        headers = curl_slist_append(headers, "Content-Type: application/json");
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, payload);
    }
    CURLcode rc = curl_easy_perform(curl);
    if (rc != CURLE_OK) {
        snprintf(out->error, sizeof out->error, "%s: %s", url, curl_easy_strerror(rc));
        goto out;
    }
    read_answer(curl, &answer, out);
out:
    buf_free(&answer);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    free(payload);
    free(url);
}
