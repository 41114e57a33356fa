/* Logging to stderr, one line per event, as text or JSON. Thread-safe; the format and level are set once at start. */
#ifndef GPUREC_LOG_H
#define GPUREC_LOG_H

#include <stdbool.h>
#include <stdio.h>

typedef enum { LOG_DEBUG, LOG_INFO, LOG_WARN, LOG_ERROR } log_level;
typedef enum { LOG_TEXT, LOG_JSON } log_format;

void log_setup(log_format format, log_level level);
int log_level_parse(const char *name, log_level *out);
int log_format_parse(const char *name, log_format *out);

/* A message with optional key/value pairs: log_msg(LOG_INFO, "refresh done", "provider", "aws", NULL).
 * Values are strings; never pass a body, token or key. */
void log_msg(log_level level, const char *msg, ...) __attribute__((sentinel));

/* Whether a message at level is written (the level set at start); for a caller to skip preparing one that is not. */
bool log_enabled(log_level level);

/* The access line of one request; client is the client's address (behind a trusted proxy, the one it forwarded). */
void log_access(const char *method, const char *route, const char *path, int status, long long duration_us,
                const char *request_id, const char *client);

#endif
