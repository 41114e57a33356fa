/* The web page's files, compiled into the binary by tools/embed (see the Makefile). Immutable, so any thread may read. */
#ifndef GPUREC_UI_ASSETS_H
#define GPUREC_UI_ASSETS_H

#include <stddef.h>

struct ui_asset {
    const char *name;         /* file name under web/, e.g. "index.html" */
    const char *content_type; /* chosen by extension */
    const unsigned char *data;
    size_t size;
    const char *etag;         /* quoted strong ETag: a hash of the bytes */
};

extern const struct ui_asset ui_assets[];
extern const size_t ui_asset_count;

#endif
