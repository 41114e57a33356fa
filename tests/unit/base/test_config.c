/* Configuration: defaults, environment, flags, and errors that name the variable. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <netinet/in.h>

#include "base/config.h"
#include "support/check_support.h"

static config cfg;
static char err[1024];

static void clear_env(void)
{
    const char *names[] = {"GPUREC_LISTEN", "GPUREC_DB", "GPUREC_THREADS", "GPUREC_REFRESH_INTERVAL",
                           "GPUREC_PROVIDERS", "GPUREC_LOG_FORMAT", "GPUREC_LOG_LEVEL", "GPUREC_MAX_BODY_BYTES",
                           "GPUREC_CORS_ORIGINS", "GPUREC_ADMIN_TOKEN", "GPUREC_FEED_URLS", "GPUREC_GCP_API_KEY",
                           "GPUREC_TRUSTED_PROXIES"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        unsetenv(names[i]);
}

START_TEST(defaults_follow_the_design)
{
    clear_env();
    char *argv[] = {"gpurec", NULL};
    ck_assert_int_eq(config_load(&cfg, 1, argv, err, sizeof err), 0);
    ck_assert_int_eq(cfg.command, CMD_SERVE);
    ck_assert_str_eq(cfg.listen_host, "0.0.0.0");
    ck_assert_uint_eq(cfg.listen_port, 8080);
    ck_assert_str_eq(cfg.db_path, "./data/gpurec.db");
    ck_assert_uint_eq(cfg.max_body_bytes, 1048576);
    ck_assert_int_eq(cfg.log_fmt, LOG_TEXT);
    ck_assert_str_eq(cfg.admin_token, "");
}
END_TEST

START_TEST(environment_is_read)
{
    clear_env();
    setenv("GPUREC_LISTEN", "127.0.0.1:9090", 1);
    setenv("GPUREC_LOG_FORMAT", "json", 1);
    setenv("GPUREC_CORS_ORIGINS", "https://a.example, https://b.example", 1);
    setenv("GPUREC_PROVIDERS", "azure,aws", 1);
    char *argv[] = {"gpurec", "migrate", NULL};
    ck_assert_int_eq(config_load(&cfg, 2, argv, err, sizeof err), 0);
    ck_assert_int_eq(cfg.command, CMD_MIGRATE);
    ck_assert_str_eq(cfg.listen_host, "127.0.0.1");
    ck_assert_uint_eq(cfg.listen_port, 9090);
    ck_assert_int_eq(cfg.log_fmt, LOG_JSON);
    ck_assert_uint_eq(cfg.cors_origin_count, 2);
    ck_assert_str_eq(cfg.cors_origins[1], "https://b.example");
    ck_assert_uint_eq(cfg.provider_count, 2);
    ck_assert_str_eq(cfg.providers[0], "azure");
}
END_TEST

START_TEST(flags_win_over_environment)
{
    clear_env();
    setenv("GPUREC_THREADS", "3", 1);
    char *argv[] = {"gpurec", "--threads", "7", "--db=/tmp/x.db", "refresh", "--provider", "azure", NULL};
    ck_assert_int_eq(config_load(&cfg, 7, argv, err, sizeof err), 0);
    ck_assert_uint_eq(cfg.threads, 7);
    ck_assert_str_eq(cfg.db_path, "/tmp/x.db");
    ck_assert_int_eq(cfg.command, CMD_REFRESH);
    ck_assert_str_eq(cfg.refresh_provider, "azure");
}
END_TEST

START_TEST(bad_values_name_the_variable)
{
    static const struct { const char *name, *value; } cases[] = {
        {"GPUREC_THREADS", "0"},          {"GPUREC_THREADS", "abc"},       {"GPUREC_THREADS", "4x"},
        {"GPUREC_LISTEN", "8080"},        {"GPUREC_LISTEN", "host:99999"}, {"GPUREC_LOG_FORMAT", "xml"},
        {"GPUREC_LOG_LEVEL", "loud"},     {"GPUREC_MAX_BODY_BYTES", "10"}, {"GPUREC_REFRESH_INTERVAL", "-1"},
        {"GPUREC_PROVIDERS", "aws,ibm"},  {"GPUREC_ADMIN_TOKEN", "short"},
        /* the placeholders deploy/k8s/secret.yaml ships must never work as real secrets */
        {"GPUREC_ADMIN_TOKEN", "CHANGE-ME-at-least-16-characters"},
        {"GPUREC_GCP_API_KEY", "CHANGE-ME-gcp-cloud-billing-api-key"},
        {"GPUREC_GCP_API_KEY", "change-me-too"},
        {"GPUREC_GCP_API_KEY", "<a Cloud Billing Catalog API key>"},
        {"GPUREC_TRUSTED_PROXIES", "10.0.0.0/33"}, {"GPUREC_TRUSTED_PROXIES", "gateway"},
        {"GPUREC_TRUSTED_PROXIES", "::1/129"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        clear_env();
        setenv(cases[i].name, cases[i].value, 1);
        char *argv[] = {"gpurec", NULL};
        ck_assert_msg(config_load(&cfg, 1, argv, err, sizeof err) == -1, "%s=%s accepted", cases[i].name,
                      cases[i].value);
        ck_assert_msg(strstr(err, cases[i].name) != NULL, "error '%s' does not name %s", err, cases[i].name);
    }
    clear_env();
}
END_TEST

START_TEST(placeholder_flags_are_refused_too)
{
    clear_env();
    char *argv[] = {"gpurec", "--admin-token", "CHANGE-ME-at-least-16-characters", NULL};
    ck_assert_int_eq(config_load(&cfg, 3, argv, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "--admin-token"));
    char *real[] = {"gpurec", "--admin-token", "a-real-token-of-24-chars", NULL};
    ck_assert_int_eq(config_load(&cfg, 3, real, err, sizeof err), 0);
}
END_TEST

static struct sockaddr_in6 v6(const char *text)
{
    struct sockaddr_in6 a;
    memset(&a, 0, sizeof a);
    a.sin6_family = AF_INET6;
    ck_assert_int_eq(inet_pton(AF_INET6, text, &a.sin6_addr), 1);
    return a;
}

static struct sockaddr_in v4(const char *text)
{
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    ck_assert_int_eq(inet_pton(AF_INET, text, &a.sin_addr), 1);
    return a;
}

START_TEST(trusted_proxies_match_addresses_and_networks)
{
    clear_env();
    setenv("GPUREC_TRUSTED_PROXIES", " 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1", 1);
    char *argv[] = {"gpurec", NULL};
    ck_assert_msg(config_load(&cfg, 1, argv, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(cfg.trusted_proxy_count, 4);
    struct sockaddr_in a = v4("10.200.3.4"), b = v4("11.0.0.1"), c = v4("192.168.1.7"), d = v4("192.168.1.8");
    ck_assert(config_is_trusted_proxy(&cfg, (struct sockaddr *)&a));
    ck_assert(!config_is_trusted_proxy(&cfg, (struct sockaddr *)&b));
    ck_assert(config_is_trusted_proxy(&cfg, (struct sockaddr *)&c));
    ck_assert(!config_is_trusted_proxy(&cfg, (struct sockaddr *)&d));
    struct sockaddr_in6 e = v6("fd12:3456::1"), f = v6("fe80::1"), g = v6("::1"), h = v6("::ffff:10.1.2.3"),
                        i = v6("::ffff:11.1.2.3");
    ck_assert(config_is_trusted_proxy(&cfg, (struct sockaddr *)&e));
    ck_assert(!config_is_trusted_proxy(&cfg, (struct sockaddr *)&f));
    ck_assert(config_is_trusted_proxy(&cfg, (struct sockaddr *)&g));
    ck_assert(config_is_trusted_proxy(&cfg, (struct sockaddr *)&h)); /* an IPv4 client of a dual-stack socket */
    ck_assert(!config_is_trusted_proxy(&cfg, (struct sockaddr *)&i));
    ck_assert(!config_is_trusted_proxy(&cfg, NULL));
    clear_env();
}
END_TEST

START_TEST(unknown_flags_and_commands_are_errors)
{
    clear_env();
    char *flag[] = {"gpurec", "--colour", "red", NULL};
    ck_assert_int_eq(config_load(&cfg, 3, flag, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "--colour"));
    char *command[] = {"gpurec", "dance", NULL};
    ck_assert_int_eq(config_load(&cfg, 2, command, err, sizeof err), -1);
    char *missing[] = {"gpurec", "--db", NULL};
    ck_assert_int_eq(config_load(&cfg, 2, missing, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "--db"));
}
END_TEST

START_TEST(help_and_version)
{
    clear_env();
    char *help[] = {"gpurec", "--help", NULL};
    ck_assert_int_eq(config_load(&cfg, 2, help, err, sizeof err), 0);
    ck_assert_int_eq(cfg.command, CMD_HELP);
    char *version[] = {"gpurec", "--version", NULL};
    ck_assert_int_eq(config_load(&cfg, 2, version, err, sizeof err), 0);
    ck_assert_int_eq(cfg.command, CMD_VERSION);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("config");
    TCase *tc = tcase_create("load");
    tcase_add_test(tc, defaults_follow_the_design);
    tcase_add_test(tc, environment_is_read);
    tcase_add_test(tc, flags_win_over_environment);
    tcase_add_test(tc, bad_values_name_the_variable);
    tcase_add_test(tc, unknown_flags_and_commands_are_errors);
    tcase_add_test(tc, placeholder_flags_are_refused_too);
    tcase_add_test(tc, trusted_proxies_match_addresses_and_networks);
    tcase_add_test(tc, help_and_version);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
