/* Test harness: a real gpurec daemon in this process, on 127.0.0.1 port 0, with a fresh temporary database that has
 * every migration (schema and seed catalog) applied; plus a libcurl client for it. */
#ifndef GPUREC_TEST_HARNESS_H
#define GPUREC_TEST_HARNESS_H

#include <stddef.h>

#include <jansson.h>

#include "base/config.h"

typedef struct harness harness;

/* How long a test waits, polling, for what the daemon (or a child process, a worker thread) does on its own time:
 * generous, so that a loaded machine is slow rather than failing; a test that passes returns as soon as it sees it. */
#define HARNESS_WAIT_S 30

/* Lets a test adjust the configuration before the daemon starts (may be NULL). A test_clock it sets pins the wall
 * clock (util_pin_clock) for the daemon's life, as `gpurec serve` does with GPUREC_TEST_CLOCK. */
typedef void (*harness_configure)(config *cfg, void *ctx);

/* Starts a daemon with a fresh migrated database; aborts the test on failure. Free with harness_stop(). */
harness *harness_start(void);
harness *harness_start_with(harness_configure configure, void *ctx);
void harness_stop(harness *h);

/* A daemon per test, for suites that want a fresh one each time: harness_daemon_start() and harness_daemon_stop() are
 * the pair for tcase_add_checked_fixture(), and harness_daemon is the daemon between them (NULL outside). */
extern harness *harness_daemon;
void harness_daemon_start(void);
void harness_daemon_stop(void);

/* The daemon's base URL, e.g. "http://127.0.0.1:40123". */
const char *harness_url(const harness *h);
/* The temporary database's path (to open it with sqlite3 in a test). */
const char *harness_db_path(const harness *h);
/* The running daemon's configuration. */
const config *harness_config(const harness *h);
/* Reloads the catalog from the database and publishes it, as the refresh worker does after a run. */
void harness_reload_catalog(harness *h);

typedef struct harness_response {
    long status;
    char *body; /* NUL-terminated */
    size_t body_size;
    char *headers; /* raw response header block */
    json_t *json;  /* parsed body when it is JSON, else NULL */
} harness_response;

/* Sends one request. extra_headers is a NULL-terminated list of "Name: value" strings (or NULL); body may be NULL.
 * A POST body gets "Content-Type: application/json" unless extra_headers name one. Caller frees with
 * harness_response_free(). */
harness_response *harness_request(harness *h, const char *method, const char *path, const char *body,
                                  const char *const *extra_headers);
harness_response *harness_get(harness *h, const char *path);
/* GETs path until its body contains every string of the NULL-terminated needles, or timeout_s passes; returns the
 * last answer either way (the caller asserts on it). For what the daemon records after it answers (metrics counted
 * in the completion callback, a refresh's outcome), which a client may look at before it is recorded. */
harness_response *harness_get_until(harness *h, const char *path, const char *const *needles, int timeout_s);
harness_response *harness_post_json(harness *h, const char *path, const char *body);
/* The value of a response header (case-insensitive name) into buf; 0 when found. */
int harness_response_header(const harness_response *r, const char *name, char *buf, size_t buf_len);
void harness_response_free(harness_response *r);

/* A growing NUL-terminated buffer and the libcurl write callback that fills it, for tests that drive libcurl
 * themselves (kept-alive handles, raw timing). Start with {xcalloc(1, 1), 0}; the caller frees data. */
typedef struct harness_buffer {
    char *data;
    size_t size;
} harness_buffer;
size_t harness_collect(char *chunk, size_t size, size_t count, void *userdata);

/* Creates a temporary database file in /tmp with every migration applied; caller frees the string and unlinks the
 * file. Within check_run_suite() the suite's first call migrates a template and every call copies it (the same bytes
 * each time, made once instead of once per test); elsewhere each call migrates its own file. */
char *harness_make_db(void);
/* check_run_suite() reserves the template's place (a new folder in /tmp) before the suite's tests and removes it,
 * with the template, after them. */
void harness_template_reserve(void);
void harness_template_remove(void);
/* Removes a database harness_make_db() made, with its -wal and -shm files, and frees path. Accepts NULL. */
void harness_remove_db(char *path);

#endif
