#include "face/http/snapshot_pick.h"

#include <string.h>

#include "snapshot/catalog.h"

/* Whether text starts with a version: 16 lower-case hex digits, then end (or end_char). */
static bool is_version(const char *text, char end_char)
{
    for (size_t i = 0; i < 16; i++)
        if (!((text[i] >= '0' && text[i] <= '9') || (text[i] >= 'a' && text[i] <= 'f')))
            return false;
    return text[16] == '\0' || text[16] == end_char;
}

/* The snapshot a cursor's version names, kept or staged, else NULL. */
static catalog *from_cursor(const http_request *req)
{
    const char *cursor = http_query(req, "cursor");
    const char *dot = cursor != NULL ? strchr(cursor, '.') : NULL;
    if (dot == NULL || !is_version(dot + 1, '\0'))
        return NULL;
    return catalog_acquire_version(dot + 1, true);
}

/* The staged snapshot, when If-None-Match names its version (a replica that serves it already issued the tag). */
static catalog *from_entity_tag(const http_request *req)
{
    const char *tag = http_header(req, "If-None-Match");
    if (tag == NULL)
        return NULL;
    catalog *staged = catalog_acquire_staged();
    if (staged == NULL)
        return NULL;
    char quoted[20];
    quoted[0] = '"';
    memcpy(quoted + 1, staged->version, 16);
    quoted[17] = '"';
    quoted[18] = '\0';
    if (strstr(tag, quoted) != NULL)
        return staged;
    catalog_release(staged);
    return NULL;
}

catalog *snapshot_pick(const http_request *req)
{
    catalog *snap = from_cursor(req);
    if (snap == NULL)
        snap = from_entity_tag(req);
    return snap != NULL ? snap : catalog_acquire();
}
