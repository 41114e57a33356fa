#include "face/http/route.h"

#include <stdio.h>
#include <string.h>

/* The end of the path segment starting at s. */
static const char *segment_end(const char *s)
{
    while (*s != '\0' && *s != '/')
        s++;
    return s;
}

/* Matches path against pattern segment by segment, copying {captures} into params. */
static bool route_matches(const char *pattern, const char *path, char params[][HTTP_PARAM_BYTES], size_t *param_count)
{
    if (path[0] != '/')
        return false;
    const char *p = pattern + 1, *u = path + 1;
    *param_count = 0;
    for (;;) {
        const char *pattern_end = segment_end(p), *path_end = segment_end(u);
        size_t pattern_len = (size_t)(pattern_end - p), path_len = (size_t)(path_end - u);
        if (p[0] == '{') {
            if (path_len == 0 || path_len >= HTTP_PARAM_BYTES || *param_count >= HTTP_MAX_PATH_PARAMS)
                return false;
            memcpy(params[*param_count], u, path_len);
            params[*param_count][path_len] = '\0';
            (*param_count)++;
        } else if (pattern_len != path_len || strncmp(p, u, path_len) != 0) {
            return false;
        }
        if (*pattern_end == '\0' || *path_end == '\0')
            return *pattern_end == '\0' && *path_end == '\0';
        p = pattern_end + 1;
        u = path_end + 1;
    }
}

/* Only an unmatched method needs the Allow value, so the common request never builds it. */
void http_route_allowed(const http_routes *routes, const char *url, char *allow, size_t allow_len)
{
    size_t used = 0;
    allow[0] = '\0';
    for (size_t i = 0; i < routes->count; i++) {
        size_t count = 0;
        char captured[HTTP_MAX_PATH_PARAMS][HTTP_PARAM_BYTES];
        if (!route_matches(routes->items[i].pattern, url, captured, &count) || strstr(allow, routes->items[i].method) != NULL)
            continue;
        int n = snprintf(allow + used, allow_len - used, "%s%s%s", used ? ", " : "", routes->items[i].method,
                         strcmp(routes->items[i].method, "GET") == 0 ? ", HEAD" : "");
        if (n > 0)
            used += (size_t)n < allow_len - used ? (size_t)n : allow_len - used - 1;
    }
    if (used > 0)
        snprintf(allow + used, allow_len - used, ", OPTIONS");
}

const http_route *http_route_find(const http_routes *routes, const char *method, const char *url,
                                  char params[][HTTP_PARAM_BYTES], size_t *param_count)
{
    for (size_t i = 0; i < routes->count; i++) {
        const http_route *row = &routes->items[i];
        if (strcmp(row->method, method) == 0 && route_matches(row->pattern, url, params, param_count))
            return row;
    }
    return NULL;
}
