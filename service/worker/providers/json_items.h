/* A price document read as it streams in: the items of one array ({"Items": [...]}, {"skus": [...]}, {"prices":
 * [...]} or a bare top-level array) are handed to a callback one at a time, each parsed by jansson from its own bytes.
 * The jansson tree at any time is one item, so memory stays flat whatever the document's size: at most
 * JSON_ITEMS_MAX_ITEM bytes of item text plus its tree (jansson costs some 10-80x the text, so under 100 MiB for the
 * worst item; a real price item is a few KiB). The structure around the items is checked as it passes (a malformed
 * or truncated document fails); the other top-level members of at most JSON_ITEMS_MAX_MEMBER bytes (NextPageLink,
 * nextPageToken) are kept for json_items_member(). Messages never quote the document. */
#ifndef GPUREC_JSON_ITEMS_H
#define GPUREC_JSON_ITEMS_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#define JSON_ITEMS_MAX_ITEM ((size_t)1 << 20)        /* bytes of one item's text */
#define JSON_ITEMS_MAX_MEMBER ((size_t)4096)         /* bytes of a kept top-level member */
#define JSON_ITEMS_MAX_DOCUMENT ((size_t)256 << 20)  /* bytes of one document, a second guard beside the fetch limit */
#define JSON_ITEMS_MAX_DEPTH 512

/* One item (any JSON value) and its index in the array. 0 to go on, else -1 with a message in err. */
typedef int (*json_items_fn)(void *ctx, const json_t *item, size_t index, char *err, size_t err_len);

typedef struct json_items json_items;

/* A reader for the array under the top-level key array_key; top_array also accepts a bare array of items. */
json_items *json_items_new(const char *array_key, bool top_array, json_items_fn fn, void *ctx);
/* The next bytes: 0, or -1 with json_items_error() saying why. */
int json_items_feed(json_items *p, const char *data, size_t len);
/* For fetch_stream: feeds ctx (a json_items), non-zero on error. */
int json_items_sink(void *ctx, const char *data, size_t len);
/* The end of the document: -1 when it is truncated or has no such array. */
int json_items_finish(json_items *p);
const char *json_items_error(const json_items *p);
/* A kept top-level member, or NULL (absent, or longer than JSON_ITEMS_MAX_MEMBER). Borrowed. */
const json_t *json_items_member(const json_items *p, const char *key);
void json_items_free(json_items *p);

#endif
