/* Reading a request body into jansson values, faster than jansson's own parser for the documents clients send.
 *
 * jsonr_load() gives what json_loadb(text, len, JSON_REJECT_DUPLICATES, error) gives, value for value: the same
 * types (an integer stays an integer), the same strings, members in the same order. A short reader builds the
 * documents it is sure of (an object or an array at the top, ASCII text, the two-character escapes, numbers jansson
 * would read without a range error, nesting up to JSONR_MAX_DEPTH, no repeated member); anything else, well formed or
 * not, is handed to json_loadb() itself, so every error text, line and column is jansson's. */
#ifndef GPUREC_JSONR_H
#define GPUREC_JSONR_H

#include <stddef.h>

#include <jansson.h>

/* Deeper documents go to jansson (its own limit is 2048); no request of this service nests past 4. */
#define JSONR_MAX_DEPTH 64

/* The document in text[0..len) (caller owns the result: json_decref), or NULL with *error set as json_loadb() sets
 * it. */
json_t *jsonr_load(const char *text, size_t len, json_error_t *error);
/* The short reader alone: the document, or NULL when it leaves text to jansson (for the tests that hold the two
 * readers to the same values). */
json_t *jsonr_read(const char *text, size_t len);

#endif
