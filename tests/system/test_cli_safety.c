/* The built binary's command line against what it must not trust: a server (here the fixture server on 127.0.0.1)
 * whose answers carry terminal control sequences, which are never printed raw, in tables, in --json or in a problem's
 * messages; and `gpurec import` given what is not a regular file of a bounded size, which it refuses before reading. */
#include <check.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/check_support.h"
#include "support/fixture_server.h"
#include "support/harness.h"

static fixture_server *fs;
static char *db_path;

static void setup(void)
{
    fs = fixture_start();
    db_path = harness_make_db();
}

static void teardown(void)
{
    fixture_stop(fs);
    harness_remove_db(db_path);
}

typedef struct outcome {
    int status;
    char *out, *err; /* owned; may hold NUL bytes, so their lengths are kept */
    size_t out_len, err_len;
} outcome;

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *text = calloc(1, 1);
    char chunk[4096];
    size_t got;
    *len = 0;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        text = realloc(text, *len + got + 1);
        memcpy(text + *len, chunk, got);
        *len += got;
        text[*len] = '\0';
    }
    fclose(f);
    return text;
}

/* Runs `gpurec <args>` on a migrated database of its own. */
static outcome run_cli(const char *args)
{
    const char *bin = getenv("GPUREC_BIN");
    if (bin == NULL)
        bin = "build/gpurec";
    ck_assert_msg(access(bin, X_OK) == 0, "%s is not built (set GPUREC_BIN)", bin);
    char out_path[] = "/tmp/gpurec-cli-out-XXXXXX", err_path[] = "/tmp/gpurec-cli-err-XXXXXX";
    close(mkstemp(out_path));
    close(mkstemp(err_path));
    char command[4096];
    snprintf(command, sizeof command, "GPUREC_DB='%s' GPUREC_LOG_LEVEL=error '%s' %s < /dev/null > '%s' 2> '%s'",
             db_path, bin, args, out_path, err_path);
    int raw = system(command);
    ck_assert_msg(WIFEXITED(raw), "%s did not exit", command);
    outcome o = {WEXITSTATUS(raw), NULL, NULL, 0, 0};
    o.out = slurp(out_path, &o.out_len);
    o.err = slurp(err_path, &o.err_len);
    unlink(out_path);
    unlink(err_path);
    return o;
}

static void outcome_free(outcome *o)
{
    free(o->out);
    free(o->err);
}

/* The first control character in text (C0 but a line feed, DEL, or C1 as UTF-8), or -1. */
static long first_control(const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text;
    for (size_t i = 0; i < len; i++)
        if ((p[i] < 0x20 && p[i] != '\n') || p[i] == 0x7F || (p[i] == 0xC2 && i + 1 < len && p[i + 1] <= 0x9F))
            return (long)i;
    return -1;
}

static void assert_clean(const outcome *o, const char *args)
{
    long at = first_control(o->out, o->out_len);
    ck_assert_msg(at < 0, "%s: stdout has a control character at byte %ld: %s", args, at, o->out);
    at = first_control(o->err, o->err_len);
    ck_assert_msg(at < 0, "%s: stderr has a control character at byte %ld: %s", args, at, o->err);
}

/* Clears the screen, sets the title, starts a CSI with C1, writes DEL and forges a line. */
#define HOSTILE "x\\u001b[2J\\u001b]0;owned\\u0007\\u009b31m\\u007f\\nFORGED LINE"

START_TEST(a_hostile_server_cannot_drive_the_terminal)
{
    static const char gpus[] =
        "{\"items\": [{\"id\": \"" HOSTILE "\", \"name\": \"" HOSTILE "\", \"vendor\": \"nvidia\", "
        "\"architecture\": \"" HOSTILE "\", \"memory_gb\": 80, \"fp16_tflops\": 1}], \"total\": 1, "
        "\"next_cursor\": null, \"catalog_version\": \"" HOSTILE "\"}";
    fixture_serve_body(fixture_route_add(fs, "/v1/gpus", NULL, NULL), gpus, strlen(gpus), "application/json");
    static const char problem[] = "{\"type\": \"x\", \"title\": \"" HOSTILE "\", \"status\": 400, \"detail\": \""
                                  HOSTILE "\", \"errors\": [{\"field\": \"" HOSTILE "\", \"message\": \"" HOSTILE
                                  "\"}]}";
    fixture_route *models = fixture_route_add(fs, "/v1/models", NULL, NULL);
    fixture_serve_body(models, problem, strlen(problem), "application/problem+json");
    fixture_set_status(models, 400);
    static const char *const commands[] = {"gpus", "gpus --json", "models", "models --json"};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        char args[512];
        snprintf(args, sizeof args, "%s --server %s", commands[i], fixture_url(fs));
        outcome o = run_cli(args);
        ck_assert_msg(o.out_len + o.err_len > 0, "%s: printed nothing", args);
        assert_clean(&o, args);
        /* what was sent is still shown, with its controls replaced */
        ck_assert_msg(strstr(o.out, "FORGED LINE") != NULL || strstr(o.err, "FORGED LINE") != NULL, "%s: %s %s",
                      args, o.out, o.err);
        outcome_free(&o);
    }
}
END_TEST

START_TEST(import_refuses_what_is_not_a_regular_file)
{
    /* A small limit keeps the tree before the fix from reading a GiB of zeros. */
    outcome o = run_cli("import /dev/zero --fetch-max-bytes 1048576");
    ck_assert_int_ne(o.status, 0);
    ck_assert_msg(strstr(o.err, "not a regular file") != NULL, "%s", o.err);
    outcome_free(&o);
    o = run_cli("import /tmp");
    ck_assert_int_ne(o.status, 0);
    ck_assert_msg(strstr(o.err, "not a regular file") != NULL, "%s", o.err);
    outcome_free(&o);
}
END_TEST

START_TEST(import_refuses_a_file_over_the_document_limit_unread)
{
    /* A sparse file of 300 MiB (no disk used): over the 256 MiB document limit, refused by its size alone. */
    char path[] = "/tmp/gpurec-big-feed-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(ftruncate(fd, (off_t)300 << 20), 0);
    close(fd);
    char args[128];
    snprintf(args, sizeof args, "import %s", path);
    outcome o = run_cli(args);
    unlink(path);
    ck_assert_int_ne(o.status, 0);
    ck_assert_msg(strstr(o.err, "larger than the document limit of 268435456 bytes") != NULL, "%s", o.err);
    outcome_free(&o);
}
END_TEST

static Suite *cli_safety_suite(void)
{
    Suite *s = suite_create("cli_safety");
    TCase *tc = tcase_create("binary");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_hostile_server_cannot_drive_the_terminal);
    tcase_add_test(tc, import_refuses_what_is_not_a_regular_file);
    tcase_add_test(tc, import_refuses_a_file_over_the_document_limit_unread);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(cli_safety_suite());
}
