#include "base/config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "base/vocab.h"

typedef enum {
    OPT_STRING,
    OPT_SECRET, /* a string that must not be a shipped placeholder */
    OPT_UINT,
    OPT_SIZE,
    OPT_LIST,
    OPT_LISTEN,
    OPT_LOG_FORMAT,
    OPT_LOG_LEVEL,
    OPT_NETWORKS
} option_kind;

typedef struct option_spec {
    const char *env;
    const char *flag;
    option_kind kind;
    size_t offset;      /* of the field in config */
    size_t size;        /* string buffer size, or list entry size */
    size_t count_offset; /* OPT_LIST: offset of the count field */
    unsigned long long min, max;
    const char *help;
} option_spec;

#define FIELD(name) offsetof(config, name), sizeof(((config *)0)->name)
#define LIST(name, count) offsetof(config, name), sizeof(((config *)0)->name[0]), offsetof(config, count)

static const option_spec options[] = {
    {"GPUREC_LISTEN", "--listen", OPT_LISTEN, 0, 0, 0, 0, 0, "address:port to serve on (default 0.0.0.0:8080)"},
    {"GPUREC_DB", "--db", OPT_STRING, FIELD(db_path), 0, 0, 0, "SQLite database file (default ./data/gpurec.db)"},
    {"GPUREC_MIGRATIONS_DIR", "--migrations-dir", OPT_STRING, FIELD(migrations_dir), 0, 0, 0,
     "folder of NNNN_name.sql migrations (default ./migrations, else " GPUREC_DATADIR "/migrations)"},
    {"GPUREC_THREADS", "--threads", OPT_UINT, FIELD(threads), 0, 1, 256, "HTTP worker threads (default: CPU count)"},
    {"GPUREC_REFRESH_INTERVAL", "--refresh-interval", OPT_UINT, FIELD(refresh_interval_s), 0, 0, 30 * 86400,
     "seconds between price refreshes, jittered; 0 = never (default 21600)"},
    {"GPUREC_PROVIDERS", "--providers", OPT_LIST, LIST(providers, provider_count), 0, 0,
     "price adapters the worker runs, comma-separated (default aws,azure,gcp,oci,lambda,alibaba,tencent,feed,fx)"},
    {"GPUREC_AZURE_PRICES_URL", "--azure-prices-url", OPT_STRING, FIELD(azure_prices_url), 0, 0, 0,
     "Azure Retail Prices API endpoint"},
    {"GPUREC_AWS_PRICING_URL", "--aws-pricing-url", OPT_STRING, FIELD(aws_pricing_url), 0, 0, 0,
     "AWS Price List bulk API base URL"},
    {"GPUREC_AWS_SPOT_URL", "--aws-spot-url", OPT_STRING, FIELD(aws_spot_url), 0, 0, 0, "AWS spot price feed (spot.js)"},
    {"GPUREC_AWS_SPOT_ADVISOR_URL", "--aws-spot-advisor-url", OPT_STRING, FIELD(aws_spot_advisor_url), 0, 0, 0,
     "AWS spot advisor feed (interruption bands)"},
    {"GPUREC_GCP_BILLING_URL", "--gcp-billing-url", OPT_STRING, FIELD(gcp_billing_url), 0, 0, 0,
     "GCP Cloud Billing Catalog SKUs endpoint of Compute Engine"},
    {"GPUREC_GCP_API_KEY", "--gcp-api-key", OPT_SECRET, FIELD(gcp_api_key), 0, 0, 0,
     "API key for the GCP Cloud Billing Catalog (the gcp adapter is off without one)"},
    {"GPUREC_OCI_PRICES_URL", "--oci-prices-url", OPT_STRING, FIELD(oci_prices_url), 0, 0, 0,
     "Oracle Cloud price list (public, no key)"},
    {"GPUREC_LAMBDA_API_URL", "--lambda-api-url", OPT_STRING, FIELD(lambda_api_url), 0, 0, 0,
     "Lambda Cloud API instance types endpoint"},
    {"GPUREC_LAMBDA_API_KEY", "--lambda-api-key", OPT_SECRET, FIELD(lambda_api_key), 0, 0, 0,
     "Lambda Cloud API key (the lambda adapter is off without one)"},
    {"GPUREC_ALIBABA_ENDPOINT", "--alibaba-endpoint", OPT_STRING, FIELD(alibaba_endpoint), 0, 0, 0,
     "Alibaba Cloud ECS API endpoint (the China site prices in CNY, the international site in USD)"},
    {"GPUREC_ALIBABA_ACCESS_KEY_ID", "--alibaba-access-key-id", OPT_STRING, FIELD(alibaba_access_key_id), 0, 0, 0,
     "Alibaba Cloud AccessKey ID (the alibaba adapter is off without it and its secret)"},
    {"GPUREC_ALIBABA_ACCESS_KEY_SECRET", "--alibaba-access-key-secret", OPT_SECRET,
     FIELD(alibaba_access_key_secret), 0, 0, 0, "Alibaba Cloud AccessKey secret"},
    {"GPUREC_TENCENT_ENDPOINT", "--tencent-endpoint", OPT_STRING, FIELD(tencent_endpoint), 0, 0, 0,
     "Tencent Cloud CVM API endpoint (the China site prices in CNY, the international site in USD)"},
    {"GPUREC_TENCENT_SECRET_ID", "--tencent-secret-id", OPT_STRING, FIELD(tencent_secret_id), 0, 0, 0,
     "Tencent Cloud SecretId (the tencent adapter is off without it and its key)"},
    {"GPUREC_TENCENT_SECRET_KEY", "--tencent-secret-key", OPT_SECRET, FIELD(tencent_secret_key), 0, 0, 0,
     "Tencent Cloud SecretKey"},
    {"GPUREC_FX_URL", "--fx-url", OPT_STRING, FIELD(fx_url), 0, 0, 0,
     "daily euro reference rates (the ECB's XML) that convert CNY prices to USD"},
    {"GPUREC_FEED_URLS", "--feed-urls", OPT_LIST, LIST(feed_urls, feed_url_count), 0, 0,
     "generic JSON price feeds, comma-separated"},
    {"GPUREC_ADMIN_TOKEN", "--admin-token", OPT_SECRET, FIELD(admin_token), 0, 0, 0,
     "bearer token for /v1/admin/*; admin endpoints are off without one"},
    {"GPUREC_ADMIN_MIN_INTERVAL", "--admin-min-interval", OPT_UINT, FIELD(admin_min_interval_s), 0, 0, 86400,
     "seconds before POST /v1/admin/refresh may start the same adapter again, 0 = no limit (default 60)"},
    {"GPUREC_CORS_ORIGINS", "--cors-origins", OPT_LIST, LIST(cors_origins, cors_origin_count), 0, 0,
     "origins allowed by CORS, comma-separated (default none)"},
    {"GPUREC_LOG_FORMAT", "--log-format", OPT_LOG_FORMAT, 0, 0, 0, 0, 0, "json or text (default text)"},
    {"GPUREC_LOG_LEVEL", "--log-level", OPT_LOG_LEVEL, 0, 0, 0, 0, 0, "debug, info, warn or error (default info)"},
    {"GPUREC_MAX_BODY_BYTES", "--max-body-bytes", OPT_SIZE, FIELD(max_body_bytes), 0, 1024, 64u << 20,
     "largest request body accepted (default 1048576)"},
    {"GPUREC_MAX_CONNECTIONS", "--max-connections", OPT_UINT, FIELD(max_connections), 0, 1, 100000,
     "open connections at most (default 1024)"},
    {"GPUREC_MAX_CONNECTIONS_PER_IP", "--max-connections-per-ip", OPT_UINT, FIELD(max_connections_per_ip), 0, 0,
     100000, "open connections from one address at most, 0 = no limit (default 256)"},
    {"GPUREC_CONNECTION_TIMEOUT", "--connection-timeout", OPT_UINT, FIELD(connection_timeout_s), 0, 1, 3600,
     "seconds an idle or stalled connection is kept (default 15)"},
    {"GPUREC_FETCH_TIMEOUT", "--fetch-timeout", OPT_UINT, FIELD(fetch_timeout_s), 0, 1, 3600,
     "seconds one price download may take (default 300)"},
    {"GPUREC_FETCH_MAX_BYTES", "--fetch-max-bytes", OPT_SIZE, FIELD(fetch_max_bytes), 0, 1024, 1ull << 33,
     "largest price download, streamed (default 1073741824)"},
    {"GPUREC_FETCH_MAX_EXPANSION", "--fetch-max-expansion", OPT_UINT, FIELD(fetch_max_expansion), 0, 0, 100000,
     "a compressed download may decode to at most this many times its size past 1 MiB, 0 = no limit (default 100)"},
    {"GPUREC_STALE_AFTER_HOURS", "--stale-after-hours", OPT_UINT, FIELD(stale_after_hours), 0, 1, 24 * 365,
     "a price fetched longer ago than this is flagged stale (default 48)"},
    {"GPUREC_TRUSTED_PROXIES", "--trusted-proxies", OPT_NETWORKS, 0, 0, 0, 0, 0,
     "addresses or CIDR networks of proxies in front (comma-separated): their X-Forwarded-For or Forwarded header "
     "names the client in the access log (default none)"},
    {"GPUREC_CATALOG_SOURCE", "--catalog-source", OPT_STRING, FIELD(catalog_source), 0, 0, 0,
     "a published catalog to follow (a folder, or an http(s) URL, that gpurec publish writes to): the daemon is then "
     "a read-only replica (default none: it keeps its own database)"},
    {"GPUREC_CATALOG_POLL_INTERVAL", "--catalog-poll-interval", OPT_UINT, FIELD(catalog_poll_s), 0, 1, 3600,
     "seconds between a replica's looks at the publication's manifest (default 15)"},
    {"GPUREC_CATALOG_MAX_AGE", "--catalog-max-age", OPT_UINT, FIELD(catalog_max_age_s), 0, 0, 365 * 86400,
     "a replica is not ready once the catalog it serves was published longer ago than this, 0 = never (default "
     "86400)"},
    {"GPUREC_CATALOG_GRACE", "--catalog-grace", OPT_UINT, FIELD(catalog_grace_s), 0, 0, 86400,
     "seconds a replaced catalog still answers its page cursors, 0 = not at all (default 300)"},
    {"GPUREC_PUBLISH_DIR", "--publish-dir", OPT_STRING, FIELD(publish_dir), 0, 0, 0,
     "folder gpurec publish writes catalog snapshots and their manifest to (or its argument)"},
    {"GPUREC_PUBLISH_DELAY", "--publish-delay", OPT_UINT, FIELD(publish_delay_s), 0, 0, 3600,
     "seconds after publication at which replicas serve it, together; at least the poll interval (default 30)"},
    {"GPUREC_PUBLISHER_NAME", "--publisher-name", OPT_STRING, FIELD(publisher_name), 0, 0, 0,
     "who publishes, named by replicas when they refuse an admin write (default gpurec publish on the host name)"},
    {"GPUREC_TEST_CLOCK", "--test-clock", OPT_SIZE, FIELD(test_clock), 0, 0, 4102444800ull,
     "tests only: pin the wall clock to these epoch seconds, for answers compared byte for byte (default 0, off)"},
};

#define OPTION_COUNT (sizeof options / sizeof options[0])

void config_defaults(config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->command = CMD_SERVE;
    util_copy(cfg->listen_host, sizeof cfg->listen_host, "0.0.0.0");
    cfg->listen_port = 8080;
    cfg->admin_min_interval_s = 60;
    util_copy(cfg->db_path, sizeof cfg->db_path, "./data/gpurec.db");
    struct stat st;
    if (stat("migrations", &st) == 0 && S_ISDIR(st.st_mode))
        util_copy(cfg->migrations_dir, sizeof cfg->migrations_dir, "migrations");
    else
        util_copy(cfg->migrations_dir, sizeof cfg->migrations_dir, GPUREC_DATADIR "/migrations");
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    cfg->threads = cpus < 1 ? 2 : cpus > 64 ? 64 : (unsigned)cpus;
    cfg->refresh_interval_s = 21600;
    for (size_t i = 0; i < vocab_adapter_count && cfg->provider_count < CONFIG_MAX_LIST; i++)
        if (vocab_adapters[i].default_on)
            util_copy(cfg->providers[cfg->provider_count++], sizeof cfg->providers[0], vocab_adapters[i].id);
    util_copy(cfg->azure_prices_url, sizeof cfg->azure_prices_url, "https://prices.azure.com/api/retail/prices");
    util_copy(cfg->aws_pricing_url, sizeof cfg->aws_pricing_url, "https://pricing.us-east-1.amazonaws.com");
    util_copy(cfg->aws_spot_url, sizeof cfg->aws_spot_url, "https://website.spot.ec2.aws.a2z.com/spot.js");
    util_copy(cfg->aws_spot_advisor_url, sizeof cfg->aws_spot_advisor_url,
              "https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json");
    util_copy(cfg->gcp_billing_url, sizeof cfg->gcp_billing_url,
              "https://cloudbilling.googleapis.com/v1/services/6F81-5844-456A/skus");
    util_copy(cfg->oci_prices_url, sizeof cfg->oci_prices_url,
              "https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?currencyCode=USD");
    util_copy(cfg->lambda_api_url, sizeof cfg->lambda_api_url, "https://cloud.lambda.ai/api/v1/instance-types");
    util_copy(cfg->alibaba_endpoint, sizeof cfg->alibaba_endpoint, "https://ecs.aliyuncs.com");
    util_copy(cfg->tencent_endpoint, sizeof cfg->tencent_endpoint, "https://cvm.tencentcloudapi.com");
    util_copy(cfg->fx_url, sizeof cfg->fx_url, "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml");
    cfg->log_fmt = LOG_TEXT;
    cfg->log_lvl = LOG_INFO;
    cfg->max_body_bytes = 1u << 20;
    cfg->max_connections = 1024;
    cfg->max_connections_per_ip = 256;
    cfg->connection_timeout_s = 15;
    cfg->fetch_timeout_s = 300;
    cfg->fetch_max_bytes = 1u << 30;
    cfg->fetch_max_expansion = CONFIG_DEFAULT_FETCH_MAX_EXPANSION;
    cfg->stale_after_hours = 48;
    cfg->catalog_poll_s = 15;
    cfg->catalog_max_age_s = 86400;
    cfg->catalog_grace_s = 300;
    cfg->publish_delay_s = 30;
}

static int parse_unsigned(const char *text, unsigned long long min, unsigned long long max, unsigned long long *out)
{
    if (text[0] < '0' || text[0] > '9')
        return -1;
    errno = 0;
    char *end = NULL;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || value < min || value > max)
        return -1;
    *out = value;
    return 0;
}

static int parse_listen(config *cfg, const char *text)
{
    const char *colon = strrchr(text, ':');
    if (colon == NULL || colon == text)
        return -1;
    size_t host_len = (size_t)(colon - text);
    const char *host = text;
    if (host[0] == '[' && host_len >= 2 && host[host_len - 1] == ']') {
        host++;
        host_len -= 2;
    }
    if (host_len == 0 || host_len >= sizeof cfg->listen_host)
        return -1;
    unsigned long long port;
    if (parse_unsigned(colon + 1, 0, 65535, &port) != 0)
        return -1;
    memcpy(cfg->listen_host, host, host_len);
    cfg->listen_host[host_len] = '\0';
    cfg->listen_port = (uint16_t)port;
    return 0;
}

static int parse_list(config *cfg, const option_spec *opt, const char *text)
{
    char *base = (char *)cfg + opt->offset;
    size_t *count = (size_t *)((char *)cfg + opt->count_offset);
    *count = 0;
    const char *cursor = text;
    while (*cursor) {
        const char *end = strchr(cursor, ',');
        size_t len = end ? (size_t)(end - cursor) : strlen(cursor);
        while (len > 0 && (*cursor == ' ')) {
            cursor++;
            len--;
        }
        while (len > 0 && cursor[len - 1] == ' ')
            len--;
        if (len > 0) {
            if (*count >= CONFIG_MAX_LIST || len >= opt->size)
                return -1;
            memcpy(base + *count * opt->size, cursor, len);
            base[*count * opt->size + len] = '\0';
            (*count)++;
        }
        if (end == NULL)
            break;
        cursor = end + 1;
    }
    return 0;
}

bool config_is_placeholder(const char *value)
{
    /* deploy/k8s's Secret and the compose example ship "CHANGE-ME-..." values; documentation shows "<...>" */
    return strncasecmp(value, "CHANGE-ME", 9) == 0 || strncasecmp(value, "CHANGEME", 8) == 0 || value[0] == '<';
}

static int parse_network(const char *text, config_network *out)
{
    char host[64];
    const char *slash = strchr(text, '/');
    size_t host_len = slash ? (size_t)(slash - text) : strlen(text);
    if (host_len == 0 || host_len >= sizeof host)
        return -1;
    memcpy(host, text, host_len);
    host[host_len] = '\0';
    memset(out, 0, sizeof *out);
    unsigned max_bits;
    if (inet_pton(AF_INET, host, out->addr) == 1) {
        out->family = AF_INET;
        max_bits = 32;
    } else if (inet_pton(AF_INET6, host, out->addr) == 1) {
        out->family = AF_INET6;
        max_bits = 128;
    } else {
        return -1;
    }
    unsigned long long bits = max_bits;
    if (slash != NULL && parse_unsigned(slash + 1, 0, max_bits, &bits) != 0)
        return -1;
    out->prefix_bits = (unsigned)bits;
    return 0;
}

static int parse_networks(config *cfg, const char *text)
{
    char copy[1024];
    if (util_copy(copy, sizeof copy, text) != 0)
        return -1;
    cfg->trusted_proxy_count = 0;
    for (char *save = NULL, *item = strtok_r(copy, ",", &save); item != NULL; item = strtok_r(NULL, ",", &save)) {
        while (*item == ' ')
            item++;
        size_t len = strlen(item);
        while (len > 0 && item[len - 1] == ' ')
            item[--len] = '\0';
        if (len == 0)
            continue;
        if (cfg->trusted_proxy_count >= CONFIG_MAX_LIST ||
            parse_network(item, &cfg->trusted_proxies[cfg->trusted_proxy_count]) != 0)
            return -1;
        cfg->trusted_proxy_count++;
    }
    return 0;
}

static bool network_contains(const config_network *net, int family, const unsigned char *addr)
{
    if (net->family != family)
        return false;
    unsigned whole = net->prefix_bits / 8, rest = net->prefix_bits % 8;
    if (memcmp(net->addr, addr, whole) != 0)
        return false;
    if (rest == 0)
        return true;
    unsigned char mask = (unsigned char)(0xFFu << (8 - rest));
    return (net->addr[whole] & mask) == (addr[whole] & mask);
}

bool config_is_trusted_proxy(const config *cfg, const struct sockaddr *addr)
{
    if (addr == NULL)
        return false;
    int family = addr->sa_family;
    const unsigned char *bytes = NULL;
    if (family == AF_INET) {
        bytes = (const unsigned char *)&((const struct sockaddr_in *)(const void *)addr)->sin_addr;
    } else if (family == AF_INET6) {
        bytes = (const unsigned char *)&((const struct sockaddr_in6 *)(const void *)addr)->sin6_addr;
        static const unsigned char v4_mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
        if (memcmp(bytes, v4_mapped, sizeof v4_mapped) == 0) { /* a dual-stack socket's IPv4 client */
            family = AF_INET;
            bytes += 12;
        }
    } else {
        return false;
    }
    for (size_t i = 0; i < cfg->trusted_proxy_count; i++)
        if (network_contains(&cfg->trusted_proxies[i], family, bytes))
            return true;
    return false;
}

static int apply_option(config *cfg, const option_spec *opt, const char *value, const char *name, char *err,
                        size_t err_len)
{
    unsigned long long number;
    int rc = 0;
    switch (opt->kind) {
    case OPT_STRING:
        rc = util_copy((char *)cfg + opt->offset, opt->size, value);
        break;
    case OPT_SECRET:
        if (config_is_placeholder(value)) {
            snprintf(err, err_len, "%s: is a placeholder value from the shipped examples; set a real secret or leave "
                                   "it unset", name);
            return -1;
        }
        rc = util_copy((char *)cfg + opt->offset, opt->size, value);
        break;
    case OPT_NETWORKS:
        rc = parse_networks(cfg, value);
        break;
    case OPT_UINT:
        rc = parse_unsigned(value, opt->min, opt->max, &number);
        if (rc == 0)
            *(unsigned *)((char *)cfg + opt->offset) = (unsigned)number;
        break;
    case OPT_SIZE:
        rc = parse_unsigned(value, opt->min, opt->max, &number);
        if (rc == 0)
            *(size_t *)((char *)cfg + opt->offset) = (size_t)number;
        break;
    case OPT_LIST:
        rc = parse_list(cfg, opt, value);
        break;
    case OPT_LISTEN:
        rc = parse_listen(cfg, value);
        break;
    case OPT_LOG_FORMAT:
        rc = log_format_parse(value, &cfg->log_fmt);
        break;
    case OPT_LOG_LEVEL:
        rc = log_level_parse(value, &cfg->log_lvl);
        break;
    }
    if (rc != 0) {
        if (opt->kind == OPT_UINT || opt->kind == OPT_SIZE)
            snprintf(err, err_len, "%s: '%s' is not a whole number from %llu to %llu", name, value, opt->min,
                     opt->max);
        else
            snprintf(err, err_len, "%s: invalid value (%s)", name, opt->help);
        return -1;
    }
    return 0;
}

int config_validate(const config *cfg, char *err, size_t err_len)
{
    for (size_t i = 0; i < cfg->provider_count; i++) {
        if (vocab_adapter_find(cfg->providers[i]) == NULL) {
            char known[256];
            snprintf(err, err_len, "GPUREC_PROVIDERS: unknown provider adapter '%s' (%s)", cfg->providers[i],
                     vocab_adapter_list(known, sizeof known));
            return -1;
        }
    }
    if (cfg->db_path[0] == '\0') {
        snprintf(err, err_len, "GPUREC_DB: must not be empty");
        return -1;
    }
    if (cfg->catalog_source[0] != '\0' && strncmp(cfg->catalog_source, "http://", 7) != 0 &&
        strncmp(cfg->catalog_source, "https://", 8) != 0 && cfg->catalog_source[0] != '/') {
        snprintf(err, err_len, "GPUREC_CATALOG_SOURCE: must be an absolute folder path or an http(s) URL");
        return -1;
    }
    if (cfg->admin_token[0] != '\0' && strlen(cfg->admin_token) < 16) {
        snprintf(err, err_len, "GPUREC_ADMIN_TOKEN: must be at least 16 characters");
        return -1;
    }
    return 0;
}

int config_load(config *cfg, int argc, char **argv, char *err, size_t err_len)
{
    config_defaults(cfg);
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        const char *value = getenv(options[i].env);
        if (value != NULL && apply_option(cfg, &options[i], value, options[i].env, err, err_len) != 0)
            return -1;
    }
    int saw_command = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            cfg->command = CMD_HELP;
            return 0;
        }
        if (strcmp(arg, "--version") == 0) {
            cfg->command = CMD_VERSION;
            return 0;
        }
        if (strncmp(arg, "--", 2) != 0) {
            static const struct { const char *name; config_command command; } commands[] = {
                {"serve", CMD_SERVE},         {"migrate", CMD_MIGRATE}, {"refresh", CMD_REFRESH},
                {"recommend", CMD_RECOMMEND}, {"import", CMD_IMPORT}, {"estimate", CMD_ESTIMATE},
                {"publish", CMD_PUBLISH},
                {"models", CMD_MODELS},       {"gpus", CMD_GPUS},       {"export", CMD_EXPORT}};
            int found = 0;
            for (size_t c = 0; c < sizeof commands / sizeof commands[0] && !saw_command; c++) {
                if (strcmp(arg, commands[c].name) == 0) {
                    cfg->command = commands[c].command;
                    found = 1;
                }
            }
            if (!found && saw_command && cfg->command == CMD_IMPORT && cfg->import_path[0] == '\0') {
                if (util_copy(cfg->import_path, sizeof cfg->import_path, arg) != 0) {
                    snprintf(err, err_len, "import: the file name is too long");
                    return -1;
                }
                continue;
            }
            if (!found && saw_command && cfg->command == CMD_PUBLISH) {
                if (util_copy(cfg->publish_dir, sizeof cfg->publish_dir, arg) != 0) {
                    snprintf(err, err_len, "publish: the folder name is too long");
                    return -1;
                }
                continue;
            }
            if (!found) {
                snprintf(err, err_len, "unknown command or argument '%s' (see --help)", arg);
                return -1;
            }
            saw_command = 1;
            if (config_is_catalog_command(cfg->command)) {
                cfg->command_argi = i + 1;
                break;
            }
            continue;
        }
        const char *eq = strchr(arg, '=');
        size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[i + 1] : NULL);
        if (name_len == strlen("--provider") && strncmp(arg, "--provider", name_len) == 0) {
            if (value == NULL || util_copy(cfg->refresh_provider, sizeof cfg->refresh_provider, value) != 0) {
                snprintf(err, err_len, "--provider: needs a provider name");
                return -1;
            }
            if (!eq)
                i++;
            continue;
        }
        const option_spec *opt = NULL;
        for (size_t o = 0; o < OPTION_COUNT && opt == NULL; o++) {
            if (strlen(options[o].flag) == name_len && strncmp(arg, options[o].flag, name_len) == 0)
                opt = &options[o];
        }
        if (opt == NULL) {
            snprintf(err, err_len, "unknown flag '%.*s' (see --help)", (int)name_len, arg);
            return -1;
        }
        if (value == NULL) {
            snprintf(err, err_len, "%s: needs a value", opt->flag);
            return -1;
        }
        if (apply_option(cfg, opt, value, opt->flag, err, err_len) != 0)
            return -1;
        if (!eq)
            i++;
    }
    if (cfg->command == CMD_PUBLISH && cfg->publish_dir[0] == '\0') {
        snprintf(err, err_len, "publish: needs the folder to publish to (gpurec publish DIR, or GPUREC_PUBLISH_DIR)");
        return -1;
    }
    if (cfg->command == CMD_IMPORT && cfg->import_path[0] == '\0') {
        snprintf(err, err_len, "import: needs the price feed file to load (gpurec import FILE)");
        return -1;
    }
    return config_validate(cfg, err, err_len);
}

bool config_is_catalog_command(config_command command)
{
    return command == CMD_RECOMMEND || command == CMD_ESTIMATE || command == CMD_MODELS || command == CMD_GPUS ||
           command == CMD_EXPORT;
}

int config_apply_flag(config *cfg, const char *name, const char *value, char *err, size_t err_len)
{
    for (size_t o = 0; o < OPTION_COUNT; o++) {
        if (strcmp(name, options[o].flag) != 0)
            continue;
        if (value == NULL) {
            snprintf(err, err_len, "%s: needs a value", name);
            return -1;
        }
        return apply_option(cfg, &options[o], value, options[o].flag, err, err_len) != 0 ? -1 : 0;
    }
    return 1;
}

void config_print_help(FILE *out)
{
    fprintf(out, "gpurec %s: recommends cloud GPU instances for a workload and estimates their cost.\n\n"
                 "Usage: gpurec [command] [flags]\n\n"
                 "Commands:\n"
                 "  serve                      serve the HTTP API (default)\n"
                 "  migrate                    apply pending migrations to the database and exit\n"
                 "  refresh [--provider P]     refresh prices once (all enabled providers, or P) and exit\n"
                 "  import FILE                load a price feed file (the feed adapter's format) without network\n"
                 "  publish [DIR]              write the catalog as an immutable snapshot and its manifest to DIR,\n"
                 "                             for replicas that follow it (GPUREC_CATALOG_SOURCE)\n"
                 "  recommend                  rank instances for a workload (flags, or a JSON request on stdin)\n"
                 "  estimate                   price a fleet on every pricing model\n"
                 "  models                     list the open models the sizing knows\n"
                 "  gpus                       list the catalog's GPUs\n"
                 "  export                     write a pick as a SkyPilot task, Terraform or Kubernetes objects\n"
                 "  (`gpurec COMMAND --help` lists a command's flags; they answer from the database, or from a\n"
                 "  running service with --server URL; exit status 0 found, 1 nothing fits, 2 bad input,\n"
                 "  3 database or server unavailable)\n\n"
                 "Flags (each also read from its environment variable; a flag wins):\n",
            GPUREC_VERSION);
    for (size_t i = 0; i < OPTION_COUNT; i++)
        fprintf(out, "  %-26s %-30s %s\n", options[i].flag, options[i].env, options[i].help);
    fprintf(out, "  %-26s %-30s %s\n  %-26s %-30s %s\n", "--help", "", "show this text", "--version", "",
            "print the version");
}
