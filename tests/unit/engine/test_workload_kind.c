/* The workload kinds (engine/workload_kind.h): one table, and every other list of kinds made from it or checked
 * against it here: openapi.yaml's workload.kind enums and its default precisions, the page's kind list
 * (web/index.html) and labels (web/app.js), the command line's help. Run from the checkout's root. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/flags.h"
#include "engine/workload_kind.h"
#include "support/check_support.h"

/* The whole of a file of the checkout (caller frees). */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s (run from the checkout's root)", path);
    static const size_t room = 1 << 21;
    char *text = malloc(room);
    ck_assert_ptr_nonnull(text);
    size_t len = fread(text, 1, room - 1, f);
    fclose(f);
    text[len] = '\0';
    return text;
}

/* The table's names as a list: "training, fine_tuning, ..." */
static void table_names(char *out, size_t out_len)
{
    workload_kind_list(out, out_len, ", ");
}

/* Every workload.kind enum of openapi.yaml (the request's and the answer's) lists the table's kinds, in its order. */
START_TEST(openapi_enums_are_the_table)
{
    char *yaml = read_text("openapi.yaml");
    char expected[256];
    table_names(expected, sizeof expected);
    static const char needle[] = "kind: {type: string, enum: [";
    size_t enums = 0;
    for (const char *at = strstr(yaml, needle); at != NULL; at = strstr(at + 1, needle)) {
        const char *list = at + strlen(needle);
        const char *end = strchr(list, ']');
        ck_assert_ptr_nonnull(end);
        ck_assert_msg((size_t)(end - list) == strlen(expected) && strncmp(list, expected, strlen(expected)) == 0,
                      "openapi.yaml lists [%.*s], the table [%s]", (int)(end - list), list, expected);
        enums++;
    }
    ck_assert_uint_eq(enums, 2);
    free(yaml);
}
END_TEST

/* openapi.yaml's workload.precision says each kind's default precision as the table has it: "Default bf16 (training,
 * fine_tuning), fp16 (inference), ...", kinds grouped by precision in the table's order. */
START_TEST(openapi_default_precisions_are_the_table)
{
    char *yaml = read_text("openapi.yaml");
    char expected[512] = "Default ";
    bool said[WORKLOAD_KIND_COUNT] = {false};
    for (int k = 0; k < WORKLOAD_KIND_COUNT; k++) {
        if (said[k])
            continue;
        precision p = workload_kinds[k].default_precision;
        if (k > 0)
            strcat(expected, ", ");
        strcat(expected, precision_name(p));
        strcat(expected, " (");
        for (int j = k; j < WORKLOAD_KIND_COUNT; j++) {
            if (workload_kinds[j].default_precision != p)
                continue;
            if (j > k)
                strcat(expected, ", ");
            strcat(expected, workload_kinds[j].name);
            said[j] = true;
        }
        strcat(expected, ")");
    }
    strcat(expected, ".");
    ck_assert_msg(strstr(yaml, expected) != NULL, "openapi.yaml does not say \"%s\"", expected);
    free(yaml);
}
END_TEST

/* The page's kind list: web/index.html's options (value and text) and web/app.js's KIND_LABELS, each the table's
 * names and labels in its order. */
START_TEST(page_lists_are_the_table)
{
    char *html = read_text("web/index.html");
    const char *select = strstr(html, "<select name=\"workload.kind\">");
    ck_assert_ptr_nonnull(select);
    const char *select_end = strstr(select, "</select>");
    ck_assert_ptr_nonnull(select_end);
    const char *at = select;
    for (int k = 0; k < WORKLOAD_KIND_COUNT; k++) {
        at = strstr(at, "<option value=\"");
        ck_assert_msg(at != NULL && at < select_end, "web/index.html lists no option for %s", workload_kinds[k].name);
        at += strlen("<option value=\"");
        const char *quote = strchr(at, '"');
        const char *text = strchr(at, '>') + 1;
        const char *text_end = strstr(text, "</option>");
        ck_assert_msg((size_t)(quote - at) == strlen(workload_kinds[k].name) &&
                          strncmp(at, workload_kinds[k].name, (size_t)(quote - at)) == 0,
                      "web/index.html option %d is %.*s, the table's %s", k, (int)(quote - at), at,
                      workload_kinds[k].name);
        ck_assert_msg((size_t)(text_end - text) == strlen(workload_kinds[k].display) &&
                          strncmp(text, workload_kinds[k].display, (size_t)(text_end - text)) == 0,
                      "web/index.html shows %s as %.*s, the table as %s", workload_kinds[k].name,
                      (int)(text_end - text), text, workload_kinds[k].display);
    }
    ck_assert_msg(strstr(at, "<option") == NULL || strstr(at, "<option") > select_end,
                  "web/index.html lists a kind the table does not have");
    free(html);

    char *js = read_text("web/app.js");
    const char *labels = strstr(js, "const KIND_LABELS = {");
    ck_assert_ptr_nonnull(labels);
    const char *labels_end = strstr(labels, "};");
    ck_assert_ptr_nonnull(labels_end);
    char expected[512] = "";
    for (int k = 0; k < WORKLOAD_KIND_COUNT; k++) {
        char entry[96];
        snprintf(entry, sizeof entry, "%s: '%s',", workload_kinds[k].name, workload_kinds[k].display);
        strcat(expected, entry);
    }
    char got[512] = "";
    size_t used = 0;
    for (const char *c = labels + strlen("const KIND_LABELS = {"); c < labels_end && used + 1 < sizeof got; c++)
        if (*c != ' ' && *c != '\n')
            got[used++] = *c;
    got[used] = '\0';
    char expected_squeezed[512];
    used = 0;
    for (const char *c = expected; *c != '\0'; c++)
        if (*c != ' ')
            expected_squeezed[used++] = *c;
    expected_squeezed[used] = '\0';
    ck_assert_msg(strcmp(got, expected_squeezed) == 0, "web/app.js KIND_LABELS is {%s}, the table {%s}", got,
                  expected_squeezed);
    free(js);
}
END_TEST

/* gpurec recommend --help names every kind, from the table. */
START_TEST(cli_help_names_every_kind)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(out);
    cli_print_help(cli_command_find(CMD_RECOMMEND), out);
    fclose(out);
    char expected[256], line[300];
    workload_kind_list(expected, sizeof expected, " | ");
    snprintf(line, sizeof line, "%s (required) [workload.kind]", expected);
    ck_assert_msg(strstr(text, line) != NULL, "the help has no \"%s\":\n%s", line, text);
    free(text);
}
END_TEST

/* A list cut by its room ends with a whole name. */
START_TEST(list_is_cut_at_its_room)
{
    char small[16];
    workload_kind_list(small, sizeof small, " | ");
    ck_assert_str_eq(small, "training");
    char none[1] = {'x'};
    workload_kind_list(none, sizeof none, " | ");
    ck_assert_str_eq(none, "");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("workload_kind");
    TCase *tc = tcase_create("workload_kind");
    tcase_add_test(tc, openapi_enums_are_the_table);
    tcase_add_test(tc, openapi_default_precisions_are_the_table);
    tcase_add_test(tc, page_lists_are_the_table);
    tcase_add_test(tc, cli_help_names_every_kind);
    tcase_add_test(tc, list_is_cut_at_its_room);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
