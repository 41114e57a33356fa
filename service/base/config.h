/* The daemon's configuration: read once from the environment and flags, validated, then immutable and shared
 * read-only by every thread. */
#ifndef GPUREC_CONFIG_H
#define GPUREC_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/socket.h>

#include "base/log.h"

#define CONFIG_MAX_LIST 16
/* GPUREC_FETCH_MAX_EXPANSION: a compressed body past 1 MiB may decode to at most 100 times the bytes received. A
 * deflate bomb reaches about 1032:1 (zlib's own figure, https://zlib.net/zlib_tech.html). */
#define CONFIG_DEFAULT_FETCH_MAX_EXPANSION 100u

typedef enum {
    CMD_SERVE,
    CMD_MIGRATE,
    CMD_REFRESH,
    CMD_RECOMMEND,
    CMD_IMPORT,
    CMD_PUBLISH,
    /* the catalog commands of the command line (service/cli/): their arguments are theirs to read */
    CMD_ESTIMATE,
    CMD_MODELS,
    CMD_GPUS,
    CMD_EXPORT,
    CMD_HELP,
    CMD_VERSION
} config_command;

/* An address or network (CIDR) of a proxy whose forwarding headers are believed. */
typedef struct config_network {
    int family;              /* AF_INET or AF_INET6 */
    unsigned char addr[16];  /* network byte order; 4 bytes used for AF_INET */
    unsigned prefix_bits;    /* 32 or 128 for a single address */
} config_network;

typedef struct config {
    config_command command;
    char listen_host[64]; /* "0.0.0.0", "127.0.0.1" or "::" */
    uint16_t listen_port; /* 0 picks a free port */
    char db_path[512];
    char migrations_dir[512];
    unsigned threads;
    unsigned refresh_interval_s;        /* 0 = the worker never refreshes on its own */
    char providers[CONFIG_MAX_LIST][16]; /* providers the worker refreshes */
    size_t provider_count;
    char refresh_provider[16];          /* `gpurec refresh --provider P`; empty = all enabled */
    char import_path[512];              /* `gpurec import FILE` */
    /* recommend, estimate, models, gpus, export: the index in argv of the first argument after the command word;
     * config_load() reads no further, the command does (a setting's flag there goes to config_apply_flag()) */
    int command_argi;
    char azure_prices_url[512];
    char aws_pricing_url[512];
    char aws_spot_url[512];
    char aws_spot_advisor_url[512];
    char gcp_billing_url[512];
    char gcp_api_key[256];
    char oci_prices_url[512];
    char lambda_api_url[512];
    char lambda_api_key[256];
    char alibaba_endpoint[512];
    char alibaba_access_key_id[128];
    char alibaba_access_key_secret[256];
    char tencent_endpoint[512];
    char tencent_secret_id[128];
    char tencent_secret_key[256];
    char fx_url[512];
    char feed_urls[CONFIG_MAX_LIST][512];
    size_t feed_url_count;
    char admin_token[256]; /* empty = admin endpoints off */
    unsigned admin_min_interval_s; /* POST /v1/admin/refresh of one adapter at most this often (429 otherwise) */
    char cors_origins[CONFIG_MAX_LIST][256];
    size_t cors_origin_count;
    log_format log_fmt;
    log_level log_lvl;
    size_t max_body_bytes;
    unsigned max_connections;
    unsigned max_connections_per_ip;
    unsigned connection_timeout_s;
    unsigned fetch_timeout_s;
    size_t fetch_max_bytes;      /* decoded bytes of one price download */
    unsigned fetch_max_expansion; /* decoded / received bytes of a download past 1 MiB, 0 = no limit */
    unsigned stale_after_hours; /* a price older than this is flagged stale */
    /* proxies in front of the service (GPUREC_TRUSTED_PROXIES): their X-Forwarded-For / Forwarded names the client
     * in the access log */
    config_network trusted_proxies[CONFIG_MAX_LIST];
    size_t trusted_proxy_count;
    /* One writer, many readers (service/worker/replica.h, publish.h). A replica follows catalog_source, a folder or
     * an http(s) URL where `gpurec publish` writes; empty = this daemon keeps its own database. */
    char catalog_source[512];
    unsigned catalog_poll_s;      /* seconds between looks at the publication's manifest */
    unsigned catalog_max_age_s;   /* /readyz fails once the served catalog's publication is older; 0 = never */
    unsigned catalog_grace_s;     /* a replaced catalog still answers its cursors and tags this long */
    char publish_dir[512];        /* `gpurec publish [DIR]` */
    unsigned publish_delay_s;     /* a publication is served from this long after it is written */
    char publisher_name[128];     /* who publishes, as replicas name it when they refuse an admin write */
    size_t test_clock; /* test-only: the wall clock pinned to these epoch seconds; 0 = the real clock */
} config;

/* Defaults, then the environment, then argv. Returns 0, or -1 with a message naming the variable or flag in err.
 * Help and version set command and return 0. */
int config_load(config *cfg, int argc, char **argv, char *err, size_t err_len);
void config_defaults(config *cfg);
/* Applies one setting's flag ("--db") with its value. Returns 0, 1 when name is not a setting's flag (nothing
 * changed), or -1 with a message naming the flag in err (a missing value among them). */
int config_apply_flag(config *cfg, const char *name, const char *value, char *err, size_t err_len);
/* The checks across settings that config_load() makes last; 0, or -1 with a message naming the variable. */
int config_validate(const config *cfg, char *err, size_t err_len);
/* Whether the command is one of the command line's catalog commands (recommend, estimate, models, gpus, export). */
bool config_is_catalog_command(config_command command);
/* Whether addr (an AF_INET or AF_INET6 socket address; an IPv4-mapped IPv6 address counts as IPv4) is one of the
 * trusted proxies. */
bool config_is_trusted_proxy(const config *cfg, const struct sockaddr *addr);
/* Whether a secret's value is one of the placeholders the project ships (deploy/ files: "CHANGE-ME..."), which must
 * never work as a real token or key. */
bool config_is_placeholder(const char *value);
/* The --help text. */
void config_print_help(FILE *out);

#endif
