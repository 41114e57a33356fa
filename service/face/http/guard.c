#include "face/http/guard.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#include <microhttpd.h>

void guard_raw_target(char *uri, guard_target *out)
{
    memset(out, 0, sizeof *out);
    if (uri == NULL)
        return;
    out->bytes = strlen(uri);
    char *query = strchr(uri, '?');
    size_t path_len = query != NULL ? (size_t)(query - uri) : out->bytes;
    for (size_t i = 0; i + 2 < path_len; i++) {
        if (uri[i] != '%')
            continue;
        if (uri[i + 1] == '2' && (uri[i + 2] == 'F' || uri[i + 2] == 'f'))
            out->encoded_slash = true;
        if (uri[i + 1] == '0' && uri[i + 2] == '0')
            out->encoded_nul = true;
    }
    if (query == NULL)
        return;
    /* the library's own count: each '&' ends a parameter, and an empty piece is no parameter */
    for (const char *piece = query + 1; *piece != '\0';) {
        size_t len = strcspn(piece, "&");
        if (len > 0)
            out->params++;
        piece += len + (piece[len] == '&');
    }
    if (out->params > GUARD_MAX_QUERY_PARAMS)
        query[1] = '\0'; /* the library finds the '?' before this callback, and parses what follows it */
}

problem *guard_target_problem(const guard_target *target)
{
    if (target->encoded_slash || target->encoded_nul)
        return problem_new(400, "bad-path", "Bad Request",
                           "The path holds an encoded %s; no resource has one in its name.",
                           target->encoded_slash ? "\"/\" (%2F)" : "NUL byte (%00)");
    if (target->params > GUARD_MAX_QUERY_PARAMS) {
        problem *p = problem_new(400, "invalid-query", "Invalid query parameter",
                                 "The query has %zu parameters; the limit is %d.", target->params,
                                 GUARD_MAX_QUERY_PARAMS);
        problem_add_field(p, "query", "has %zu parameters; at most %d are read", target->params,
                          GUARD_MAX_QUERY_PARAMS);
        return p;
    }
    return NULL;
}

/* ---- sizes ---------------------------------------------------------------------------------------------------- */

typedef struct head_tally {
    size_t count, bytes;
} head_tally;

/* Counts fields and their bytes; "name=value&" and "name: value\r\n" both add 2 or 4 bytes to the two strings. */
static enum MHD_Result tally_value(void *cls, enum MHD_ValueKind kind, const char *name, const char *value)
{
    head_tally *tally = cls;
    tally->count++;
    tally->bytes += strlen(name) + (value ? strlen(value) : 0) + (kind == MHD_HEADER_KIND ? 4 : 2);
    return MHD_YES;
}

problem *guard_size_problem(struct MHD_Connection *connection, const guard_target *target)
{
    if (target->bytes > HTTP_MAX_URI_BYTES)
        return problem_new(414, "uri-too-long", "URI Too Long",
                           "The request target is %zu bytes long; the limit is %d bytes. Send long lists in fewer "
                           "requests.",
                           target->bytes, HTTP_MAX_URI_BYTES);
    head_tally tally = {0, 0};
    MHD_get_connection_values(connection, MHD_HEADER_KIND, tally_value, &tally);
    if (tally.count > HTTP_MAX_HEADERS || tally.bytes > HTTP_MAX_HEADER_BYTES)
        return problem_new(431, "headers-too-large", "Request Header Fields Too Large",
                           "The request has %zu header fields in %zu bytes; the limits are %d fields and %d bytes.",
                           tally.count, tally.bytes, HTTP_MAX_HEADERS, HTTP_MAX_HEADER_BYTES);
    return NULL;
}

/* ---- framing -------------------------------------------------------------------------------------------------- */

typedef struct framing {
    unsigned content_length, transfer_encoding, host;
    bool chunked_only; /* every Transfer-Encoding is exactly "chunked" */
    const char *bad_name, *bad_value_of;
} framing;

/* Whether c may be in a token (RFC 9110 5.6.2): a visible ASCII byte other than the separators. */
static bool token_byte(unsigned char c)
{
    switch (c) {
    case '"': case '(': case ')': case ',': case '/': case ':': case ';': case '<': case '=': case '>': case '?':
    case '@': case '[': case '\\': case ']': case '{': case '}': return false;
    default: return c > 32 && c < 127;
    }
}

/* A header name is a token: no space, no control byte, no separator. */
static bool is_token(const char *s, size_t len)
{
    if (len == 0)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!token_byte((unsigned char)s[i]))
            return false;
    return true;
}

/* A field value: visible bytes, spaces and tabs (and bytes past ASCII); never CR, LF, NUL or another control. */
static bool is_field_value(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 32 && c != '\t') || c == 127)
            return false;
    }
    return true;
}

static enum MHD_Result visit_header(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                    const char *value, size_t value_size)
{
    (void)kind;
    framing *f = cls;
    if (!is_token(key, key_size)) {
        f->bad_name = key;
        return MHD_YES;
    }
    if (value != NULL && !is_field_value(value, value_size))
        f->bad_value_of = key;
    /* the lengths first: most headers are none of the three */
    if (key_size == sizeof "Content-Length" - 1 && strcasecmp(key, "Content-Length") == 0)
        f->content_length++;
    if (key_size == sizeof "Host" - 1 && strcasecmp(key, "Host") == 0)
        f->host++;
    if (key_size == sizeof "Transfer-Encoding" - 1 && strcasecmp(key, "Transfer-Encoding") == 0) {
        f->transfer_encoding++;
        if (value == NULL || strcasecmp(value, "chunked") != 0)
            f->chunked_only = false;
    }
    return MHD_YES;
}

static problem *framing_problem(const char *detail)
{
    return problem_new(400, "bad-framing", "Bad Request", "%s The connection is closed.", detail);
}

problem *guard_framing_problem(struct MHD_Connection *connection, const char *version)
{
    framing f = {0};
    f.chunked_only = true;
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, visit_header, &f);
    if (f.bad_name != NULL)
        return framing_problem("A header's name is not a token (a space before the colon, or a control byte).");
    if (f.bad_value_of != NULL)
        return framing_problem("A header's value holds a control byte (a stray CR, or a NUL).");
    if (f.content_length > 1)
        return framing_problem("The request has more than one Content-Length.");
    if (f.transfer_encoding > 0 && f.content_length > 0)
        return framing_problem("The request has both Content-Length and Transfer-Encoding.");
    if (f.transfer_encoding > 1 || !f.chunked_only)
        return framing_problem("The only transfer coding accepted is one \"chunked\".");
    if (f.host != 1 && version != NULL && strcmp(version, MHD_HTTP_VERSION_1_1) == 0)
        return framing_problem(f.host == 0 ? "An HTTP/1.1 request must have a Host header."
                                           : "The request has more than one Host header.");
    return NULL;
}

/* ---- the query's parameters ----------------------------------------------------------------------------------- */

typedef struct query_scan {
    const char *names[GUARD_MAX_QUERY_PARAMS];
    size_t count;
    const char *repeated, *with_nul;
} query_scan;

static enum MHD_Result visit_argument(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                      const char *value, size_t value_size)
{
    (void)kind;
    query_scan *scan = cls;
    if ((strlen(key) != key_size || (value != NULL && strlen(value) != value_size)) && scan->with_nul == NULL)
        scan->with_nul = key;
    for (size_t i = 0; i < scan->count && scan->repeated == NULL; i++) {
        if (strcmp(scan->names[i], key) == 0)
            scan->repeated = key;
    }
    if (scan->count < GUARD_MAX_QUERY_PARAMS)
        scan->names[scan->count++] = key;
    return MHD_YES;
}

problem *guard_query_problem(struct MHD_Connection *connection)
{
    query_scan scan; /* names[] is filled as far as count says: not cleared for every request */
    scan.count = 0;
    scan.repeated = scan.with_nul = NULL;
    MHD_get_connection_values_n(connection, MHD_GET_ARGUMENT_KIND, visit_argument, &scan);
    if (scan.repeated == NULL && scan.with_nul == NULL)
        return NULL;
    problem *p = problem_new(400, "invalid-query", "Invalid query parameter",
                             "One or more query parameters are invalid; see errors.");
    if (scan.with_nul != NULL)
        problem_add_field(p, scan.with_nul, "holds a NUL byte (%%00)");
    if (scan.repeated != NULL)
        problem_add_field(p, scan.repeated, "is given more than once: give it once (a list parameter takes "
                                            "comma-separated values)");
    return p;
}
