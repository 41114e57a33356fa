/* The web page's handlers: embedded files by name, with their ETags. See api.h. */
#include "face/api.h"

#include <string.h>

#include "wire/problem.h"
#include "face/ui_assets.h"

/* The body of the redirect, for clients that show it instead of following Location. */
static const char redirect_body[] = "<!doctype html><title>gpurec</title><p>The page is at <a href=\"ui/\">ui/</a>.</p>\n";

/* The page's own files only: its script and style sheet, the icon, and the API of its own origin; inline style
 * attributes (the chart's bars and swatches) but no inline script; never framed. */
static const char page_policy[] = "default-src 'none'; script-src 'self'; style-src 'self'; "
                                  "style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
                                  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

static const struct ui_asset *find_asset(const char *name)
{
    if (name == NULL)
        return NULL;
    for (size_t i = 0; i < ui_asset_count; i++) {
        if (ui_assets[i].name != NULL && strcmp(ui_assets[i].name, name) == 0)
            return &ui_assets[i];
    }
    return NULL;
}

static void reply_asset(http_reply *reply, const struct ui_asset *asset)
{
    reply->status = 200;
    reply->static_body = asset->data;
    reply->raw_size = asset->size;
    reply->content_type = asset->content_type;
    reply->etag = asset->etag;
    /* Revalidate on every use: the URLs carry no version, and the ETag makes that a cheap 304. */
    reply->cache_control = "no-cache";
    reply->content_security_policy = page_policy;
}

static void reply_not_found(http_reply *reply, const char *name)
{
    problem *p = problem_new(404, "not-found", "Not found", "The web page has no file named '%s'.",
                             name != NULL ? name : "");
    http_reply_problem(reply, p);
}

/* True when path ends with suffix. */
static int ends_with(const char *path, const char *suffix)
{
    size_t path_len = strlen(path), suffix_len = strlen(suffix);
    return path_len >= suffix_len && strcmp(path + path_len - suffix_len, suffix) == 0;
}

int api_ui_index(const http_request *req, http_reply *reply)
{
    const char *path = req->path != NULL ? req->path : "/";
    if (!ends_with(path, "/ui/") && !ends_with(path, "/ui/index.html")) {
        /* "/" and "/ui": a relative Location resolves to ".../ui/" from both, with or without a gateway's prefix. */
        reply->status = 302;
        reply->location = "ui/";
        reply->static_body = (const unsigned char *)redirect_body;
        reply->raw_size = sizeof redirect_body - 1;
        reply->content_type = "text/html; charset=utf-8";
        reply->cache_control = "no-cache";
        return 0;
    }
    const struct ui_asset *index = find_asset("index.html");
    if (index == NULL)
        reply_not_found(reply, "index.html");
    else
        reply_asset(reply, index);
    return 0;
}

int api_ui_asset(const http_request *req, http_reply *reply)
{
    const char *name = req->param_count > 0 ? req->params[0] : NULL;
    const struct ui_asset *asset = find_asset(name);
    if (asset == NULL)
        reply_not_found(reply, name);
    else
        reply_asset(reply, asset);
    return 0;
}
