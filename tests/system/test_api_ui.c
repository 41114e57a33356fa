/* The web page's handlers: what GET /, /ui/ and /ui/{name} answer, checked on the handlers directly and through a
 * running daemon (ETag revalidation to 304 is the HTTP layer's, so it is checked over HTTP). The page itself is
 * checked in a browser by tests/ui/run.sh. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "face/api.h"
#include "support/check_support.h"
#include "support/harness.h"
#include "face/ui_assets.h"

static http_request request_for(const char *path, const char *param)
{
    http_request req = {0};
    req.method = "GET";
    req.path = path;
    if (param != NULL) {
        req.params[0] = param;
        req.param_count = 1;
    }
    return req;
}

static const struct ui_asset *embedded(const char *name)
{
    for (size_t i = 0; i < ui_asset_count; i++) {
        if (strcmp(ui_assets[i].name, name) == 0)
            return &ui_assets[i];
    }
    return NULL;
}

START_TEST(root_redirects_relative_to_ui)
{
    const char *paths[] = {"/", "/ui"};
    for (size_t i = 0; i < 2; i++) {
        http_request req = request_for(paths[i], NULL);
        http_reply reply = {0};
        ck_assert_int_eq(api_ui_index(&req, &reply), 0);
        ck_assert_int_eq(reply.status, 302);
        /* relative, so a gateway's path prefix survives the redirect */
        ck_assert_str_eq(reply.location, "ui/");
        ck_assert_ptr_null(reply.body);
    }
}
END_TEST

START_TEST(ui_serves_the_embedded_index)
{
    const struct ui_asset *index = embedded("index.html");
    ck_assert_ptr_nonnull(index);
    const char *paths[] = {"/ui/", "/ui/index.html"};
    for (size_t i = 0; i < 2; i++) {
        http_request req = request_for(paths[i], NULL);
        http_reply reply = {0};
        ck_assert_int_eq(api_ui_index(&req, &reply), 0);
        ck_assert_int_eq(reply.status, 200);
        ck_assert_ptr_eq(reply.static_body, index->data);
        ck_assert_uint_eq(reply.raw_size, index->size);
        ck_assert_str_eq(reply.content_type, "text/html; charset=utf-8");
        ck_assert_str_eq(reply.etag, index->etag);
        ck_assert_str_eq(reply.cache_control, "no-cache");
    }
    ck_assert_int_eq(strncmp((const char *)index->data, "<!doctype html>", 15), 0);
}
END_TEST

START_TEST(every_asset_by_name_with_its_etag)
{
    ck_assert_uint_ge(ui_asset_count, 4); /* index.html, app.js, style.css, icon.svg */
    ck_assert_ptr_nonnull(embedded("app.js"));
    ck_assert_ptr_nonnull(embedded("style.css"));
    for (size_t i = 0; i < ui_asset_count; i++) {
        http_request req = request_for("/ui/x", ui_assets[i].name);
        http_reply reply = {0};
        ck_assert_int_eq(api_ui_asset(&req, &reply), 0);
        ck_assert_int_eq(reply.status, 200);
        ck_assert_ptr_eq(reply.static_body, ui_assets[i].data);
        ck_assert_uint_eq(reply.raw_size, ui_assets[i].size);
        ck_assert_str_eq(reply.content_type, ui_assets[i].content_type);
        ck_assert_str_eq(reply.etag, ui_assets[i].etag);
        ck_assert_uint_eq(strlen(reply.etag), 18); /* a quoted 16-hex-digit hash */
    }
}
END_TEST

START_TEST(unknown_names_are_a_404_problem)
{
    const char *names[] = {"nope.js", "", "../Makefile", "APP.JS", NULL};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        http_request req = request_for("/ui/x", names[i]);
        http_reply reply = {0};
        ck_assert_int_eq(api_ui_asset(&req, &reply), 0);
        ck_assert_int_eq(reply.status, 404);
        ck_assert_ptr_nonnull(reply.body);
        ck_assert_int_eq(json_integer_value(json_object_get(reply.body, "status")), 404);
        ck_assert_ptr_null(reply.static_body);
        json_decref(reply.body);
    }
}
END_TEST

START_TEST(over_http_assets_revalidate_to_304)
{
    harness *h = harness_start();
    harness_response *root = harness_get(h, "/");
    ck_assert_int_eq(root->status, 302);
    char location[64];
    ck_assert_int_eq(harness_response_header(root, "Location", location, sizeof location), 0);
    ck_assert_str_eq(location, "ui/");
    harness_response_free(root);

    const char *paths[] = {"/ui/", "/ui/app.js", "/ui/style.css"};
    for (size_t i = 0; i < 3; i++) {
        harness_response *first = harness_get(h, paths[i]);
        ck_assert_int_eq(first->status, 200);
        char etag[64], cache[64];
        ck_assert_int_eq(harness_response_header(first, "ETag", etag, sizeof etag), 0);
        ck_assert_int_eq(harness_response_header(first, "Cache-Control", cache, sizeof cache), 0);
        ck_assert_str_eq(cache, "no-cache");
        char conditional[96];
        snprintf(conditional, sizeof conditional, "If-None-Match: %s", etag);
        const char *headers[] = {conditional, NULL};
        harness_response *again = harness_request(h, "GET", paths[i], NULL, headers);
        ck_assert_int_eq(again->status, 304);
        ck_assert_uint_eq(again->body_size, 0);
        harness_response_free(again);
        harness_response_free(first);
    }
    harness_response *missing = harness_get(h, "/ui/missing.css");
    ck_assert_int_eq(missing->status, 404);
    char type[64];
    ck_assert_int_eq(harness_response_header(missing, "Content-Type", type, sizeof type), 0);
    ck_assert_str_eq(type, "application/problem+json");
    harness_response_free(missing);
    harness_stop(h);
}
END_TEST

static Suite *api_ui_suite(void)
{
    Suite *s = suite_create("api_ui");
    TCase *tc = tcase_create("handlers");
    tcase_add_test(tc, root_redirects_relative_to_ui);
    tcase_add_test(tc, ui_serves_the_embedded_index);
    tcase_add_test(tc, every_asset_by_name_with_its_etag);
    tcase_add_test(tc, unknown_names_are_a_404_problem);
    tcase_add_test(tc, over_http_assets_revalidate_to_304);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(api_ui_suite());
}
