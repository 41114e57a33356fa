/* The AWS adapter: region index, offer files streamed as CSV, the spot price feed and the spot advisor, served in
 * their formats by the fixture server; the CSV parser fed in arbitrary pieces; and a generated multi-megabyte offer
 * file streamed through libcurl to show memory stays flat (figures printed: rows/s, MB/s, peak RSS growth). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "base/config.h"
#include "worker/fetch.h"
#include "worker/providers/provider.h"
#include "support/check_support.h"
#include "support/fixture_server.h"
#include "support/provider_support.h"
#include "base/util.h"

#define INDEX_PATH "/aws/offers/v1.0/aws/AmazonEC2/current/region_index.json"
#define EAST_PATH "/aws/offers/v1.0/aws/AmazonEC2/20250601000000/us-east-1/index.csv"
#define WEST_PATH "/aws/offers/v1.0/aws/AmazonEC2/20250601000000/us-west-2/index.csv"
#define WEST_NEW_PATH "/aws/offers/v1.0/aws/AmazonEC2/20250615000000/us-west-2/index.csv"

static fixture_server *fs;
static config cfg;
static fixture_route *index_route, *east, *west, *west_new, *spot, *advisor;

static const provider_instance instances[] = {
    {"aws", "g5.xlarge", "g5", "a10g", 1, 4, 16},
    {"aws", "p5.48xlarge", "p5", "h100-sxm-80gb", 8, 192, 2048},
};
static const provider_region regions[] = {{"aws", "eu-west-1"}, {"aws", "us-east-1"}, {"aws", "us-west-2"}};

static void setup(void)
{
    fs = provider_support_start(&cfg);
    snprintf(cfg.aws_pricing_url, sizeof cfg.aws_pricing_url, "%s/aws", fixture_url(fs));
    snprintf(cfg.aws_spot_url, sizeof cfg.aws_spot_url, "%s/aws/spot.js", fixture_url(fs));
    snprintf(cfg.aws_spot_advisor_url, sizeof cfg.aws_spot_advisor_url, "%s/aws/spot-advisor-data.json",
             fixture_url(fs));
    index_route = fixture_route_add(fs, INDEX_PATH, NULL, NULL);
    fixture_serve_file(index_route, "aws/region_index.json", "application/json");
    east = fixture_route_add(fs, EAST_PATH, NULL, NULL);
    fixture_serve_file(east, "aws/us-east-1.csv", "text/csv");
    west = fixture_route_add(fs, WEST_PATH, NULL, NULL);
    fixture_serve_file(west, "aws/us-west-2.csv", "text/csv");
    west_new = fixture_route_add(fs, WEST_NEW_PATH, NULL, NULL);
    fixture_serve_file(west_new, "aws/us-west-2.csv", "text/csv");
    spot = fixture_route_add(fs, "/aws/spot.js", NULL, NULL);
    fixture_serve_file(spot, "aws/spot.js", "application/javascript");
    advisor = fixture_route_add(fs, "/aws/spot-advisor-data.json", NULL, NULL);
    fixture_serve_file(advisor, "aws/spot_advisor.json", "application/json");
}

static void teardown(void)
{
    fixture_stop(fs);
}

static provider_run make_run(void)
{
    return provider_support_run(&cfg, "aws", instances, sizeof instances / sizeof instances[0], regions,
                                sizeof regions / sizeof regions[0]);
}

START_TEST(test_offer_files_and_spot_feeds)
{
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_aws, &run, &b);
    provider_support_assert_price(&b, NULL, "p5.48xlarge", "us-east-1", PRICING_ON_DEMAND, 54.8, "");
    provider_support_assert_price(&b, NULL, "p5.48xlarge", "us-east-1", PRICING_RESERVED_1Y, 33.1, "");
    provider_support_assert_price(&b, NULL, "p5.48xlarge", "us-east-1", PRICING_RESERVED_3Y, 22.4, "");
    provider_support_assert_price(&b, NULL, "g5.xlarge", "us-east-1", PRICING_ON_DEMAND, 1.02, "");
    provider_support_assert_price(&b, NULL, "p5.48xlarge", "us-west-2", PRICING_ON_DEMAND, 54.8, "");
    provider_support_assert_price(&b, NULL, "g5.xlarge", "us-west-2", PRICING_ON_DEMAND, 1.02, "");
    /* Spot: "us-east" is us-east-1, "eu-ireland" is eu-west-1; bands come from the advisor's ranges. */
    provider_support_assert_price(&b, NULL, "g5.xlarge", "us-east-1", PRICING_SPOT, 0.4231, "10-15%");
    provider_support_assert_price(&b, NULL, "g5.xlarge", "us-west-2", PRICING_SPOT, 0.39, "<5%");
    provider_support_assert_price(&b, NULL, "p5.48xlarge", "us-west-2", PRICING_SPOT, 21.77, "15-20%");
    provider_support_assert_price(&b, NULL, "g5.xlarge", "eu-west-1", PRICING_SPOT, 0.44, "");
    /* No Capacity Block, Windows, dedicated, SQL, unused-reservation, upfront, convertible, m5 or Local Zone row;
     * no spot price where the feed says N/A. */
    ck_assert_uint_eq(b.count, 10);
    ck_assert_ptr_null(provider_support_find(&b, "p5.48xlarge", "us-east-1", PRICING_SPOT));
    ck_assert_str_eq(provider_support_find(&b, "p5.48xlarge", "us-east-1", PRICING_ON_DEMAND)->effective_at,
                     "2025-05-01");
    ck_assert_uint_eq(b.rows_seen, 14 + 2 + 6);
    ck_assert_uint_eq(b.state_count, 4);
    ck_assert(!b.unchanged);
    price_batch_free(&b);
}
END_TEST

START_TEST(test_unchanged_sources_are_not_fetched_again)
{
    fixture_set_etag(spot, "\"spot-1\"");
    fixture_set_etag(advisor, "\"advisor-1\"");
    provider_run run = make_run();
    price_batch first;
    provider_support_fetch(&provider_aws, &run, &first);
    ck_assert_uint_eq(fixture_hits(east), 1);

    /* A second run with the states the first one saved: nothing is downloaded again. */
    run.states = first.states;
    run.state_count = first.state_count;
    price_batch second;
    provider_support_fetch(&provider_aws, &run, &second);
    ck_assert(second.unchanged);
    ck_assert_uint_eq(second.count, 0);
    ck_assert_uint_eq(fixture_hits(east), 1);
    ck_assert_uint_eq(fixture_hits(west), 1);
    char inm[64];
    fixture_last_if_none_match(spot, inm, sizeof inm);
    ck_assert_str_eq(inm, "\"spot-1\"");
    price_batch_free(&second);

    /* us-west-2 publishes a new version: only it is fetched. */
    fixture_serve_file(index_route, "aws/region_index_west_changed.json", "application/json");
    price_batch third;
    provider_support_fetch(&provider_aws, &run, &third);
    ck_assert(!third.unchanged);
    ck_assert_uint_eq(fixture_hits(east), 1);
    ck_assert_uint_eq(fixture_hits(west_new), 1);
    ck_assert_uint_eq(third.count, 2);
    price_batch_free(&third);
    price_batch_free(&first);
}
END_TEST

static void expect_failure(const char *needle)
{
    provider_run run = make_run();
    char err[512];
    provider_support_expect_failure(&provider_aws, &run, needle, err, sizeof err);
}

/* One part failing fails that part only: the fetch succeeds, names the part (with needle in its reason), and has no
 * row of it (no offer-file row of region, or no spot row when region is NULL), while the other parts' rows are there. */
static void expect_part_failure(const char *part, const char *needle, const char *region)
{
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_aws, &run, &b);
    ck_assert_uint_ge(b.failed_count, 1);
    bool named = false;
    for (size_t i = 0; i < b.failed_count && i < PRICE_BATCH_PARTS; i++)
        named |= strstr(b.failed_parts[i], part) != NULL && strstr(b.failed_parts[i], needle) != NULL;
    ck_assert_msg(named, "no failed part '%s' with '%s' (first: '%s')", part, needle, b.failed_parts[0]);
    size_t others = 0;
    for (size_t i = 0; i < b.count; i++) {
        const price_row *r = &b.rows[i];
        /* an offer file holds the region's on-demand and reserved prices; its spot prices come from the spot feed */
        bool of_part = region != NULL ? strcmp(r->region, region) == 0 && r->model != PRICING_SPOT
                                      : r->model == PRICING_SPOT;
        ck_assert_msg(!of_part, "a row of the failed part %s: %s %s", part, r->instance_type, r->region);
        others++;
    }
    ck_assert_uint_gt(others, 0);
    ck_assert(!b.unchanged);
    price_batch_free(&b);
}

START_TEST(test_a_failing_region_index_fails_the_run)
{
    /* Without the index no region can be priced: the whole run fails. */
    fixture_set_status(index_route, 500);
    expect_failure("HTTP 500");
}
END_TEST

START_TEST(test_a_renamed_column_fails_its_region)
{
    fixture_serve_file(west, "aws/us-west-2_drift.csv", "text/csv");
    expect_part_failure("offer file us-west-2", "PricePerUnit", "us-west-2");
}
END_TEST

START_TEST(test_a_cut_offer_file_fails_its_region)
{
    fixture_truncate(east, 2500);
    expect_part_failure("offer file us-east-1", "us-east-1", "us-east-1");
}
END_TEST

START_TEST(test_an_offer_file_ending_mid_record_fails_its_region)
{
    /* The transfer completes, but the file stops inside a record. */
    char path[1024];
    snprintf(path, sizeof path, "%s/aws/us-west-2.csv", fixture_data_dir());
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char buf[8192];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    fixture_serve_body(west, buf, n - 40, "text/csv");
    expect_part_failure("offer file us-west-2", "truncated", "us-west-2");
}
END_TEST

START_TEST(test_a_failing_region_fails_only_itself)
{
    fixture_fail_first(west, 10, 503, -1);
    expect_part_failure("offer file us-west-2", "HTTP 503", "us-west-2");
}
END_TEST

START_TEST(test_a_missing_region_file_fails_only_itself)
{
    fixture_set_status(west, 404);
    expect_part_failure("offer file us-west-2", "HTTP 404", "us-west-2");
}
END_TEST

START_TEST(test_malformed_spot_feed_fails_the_spot_part)
{
    static const char cut[] = "callback({\"vers\":0.01,\"config\":{\"regions\":[{\"region\":\"us-east\"";
    fixture_serve_body(spot, cut, sizeof cut - 1, "application/javascript");
    expect_part_failure("spot prices", "spot.js", NULL);
}
END_TEST

START_TEST(test_spot_feed_without_regions_fails_the_spot_part)
{
    static const char drift[] = "callback({\"vers\":0.02,\"config\":{\"zones\":[]}});";
    fixture_serve_body(spot, drift, sizeof drift - 1, "application/javascript");
    expect_part_failure("spot prices", "config.regions", NULL);
}
END_TEST

START_TEST(test_unreachable_spot_advisor_keeps_spot_prices)
{
    fixture_set_status(advisor, 500);
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_aws, &run, &b);
    ck_assert_uint_eq(b.failed_count, 1);
    ck_assert_ptr_nonnull(strstr(b.failed_parts[0], "spot advisor"));
    size_t spot_rows = 0;
    for (size_t i = 0; i < b.count; i++)
        if (b.rows[i].model == PRICING_SPOT) {
            spot_rows++;
            ck_assert_str_eq(b.rows[i].spot_interruption, ""); /* no band without the advisor */
        }
    ck_assert_uint_gt(spot_rows, 0);
    /* the advisor's state is not saved, so the next run fetches it again */
    for (size_t i = 0; i < b.state_count; i++)
        ck_assert_ptr_null(strstr(b.states[i].url, "advisor"));
    price_batch_free(&b);
}
END_TEST

START_TEST(test_legacy_spot_region_names)
{
    ck_assert_str_eq(aws_spot_region_id("us-east"), "us-east-1");
    ck_assert_str_eq(aws_spot_region_id("us-west"), "us-west-1");
    ck_assert_str_eq(aws_spot_region_id("eu-ireland"), "eu-west-1");
    ck_assert_str_eq(aws_spot_region_id("apac-tokyo"), "ap-northeast-1");
    ck_assert_str_eq(aws_spot_region_id("us-west-2"), "us-west-2");
    ck_assert_ptr_null(aws_spot_region_id("atlantis"));
    ck_assert_ptr_null(aws_spot_region_id(NULL));
}
END_TEST

/* --- the CSV parser on its own --- */

static const char small_csv[] =
    "\"FormatVersion\",\"v1.0\"\r\n"
    "\"Disclaimer\",\"Test data, with a comma, and \"\"quotes\"\"\"\r\n"
    "\"Publication Date\",\"2025-06-01T00:00:00Z\"\r\n"
    "\"Version\",\"20250601000000\"\r\n"
    "\"OfferCode\",\"AmazonEC2\"\r\n"
    "\"SKU\",\"PriceDescription\",\"TermType\",\"Unit\",\"PricePerUnit\",\"Currency\",\"LeaseContractLength\","
    "\"PurchaseOption\",\"OfferingClass\",\"Product Family\",\"Instance Type\",\"Operating System\",\"Tenancy\","
    "\"Pre Installed S/W\",\"CapacityStatus\",\"License Model\",\"EffectiveDate\"\r\n"
    "\"A1\",\"$1.5, per \"\"hour\"\"\",\"OnDemand\",\"Hrs\",\"1.5\",\"USD\",\"\",\"\",\"\",\"Compute Instance\","
    "\"g5.xlarge\",\"Linux\",\"Shared\",\"NA\",\"Used\",\"No License required\",\"2025-05-01\"\r\n"
    "\"A2\",\"multi\nline\",\"OnDemand\",\"Hrs\",\"99\",\"USD\",\"\",\"\",\"\",\"Compute Instance\","
    "\"m5.large\",\"Linux\",\"Shared\",\"NA\",\"Used\",\"No License required\",\"2025-05-01\"\r\n"
    "A3,plain,OnDemand,Hrs,2.5,CNY,,,,Compute Instance,p5.48xlarge,Linux,Shared,NA,Used,No License required,"
    "2025-05-02\r\n";

static void parse_in_pieces(size_t piece, price_batch *b)
{
    provider_run run = make_run();
    aws_csv *p = aws_csv_new(&run, "us-east-1", b);
    size_t len = sizeof small_csv - 1;
    for (size_t at = 0; at < len; at += piece) {
        size_t n = len - at < piece ? len - at : piece;
        ck_assert_msg(aws_csv_feed(p, small_csv + at, n) == 0, "%s", aws_csv_error(p));
    }
    ck_assert_msg(aws_csv_finish(p) == 0, "%s", aws_csv_error(p));
    ck_assert_str_eq(aws_csv_version(p), "20250601000000");
    ck_assert_uint_eq(aws_csv_records(p), 3);
    aws_csv_free(p);
}

START_TEST(test_csv_any_split_gives_the_same_rows)
{
    for (size_t piece = 1; piece <= 64; piece++) {
        price_batch b;
        price_batch_init(&b);
        parse_in_pieces(piece, &b);
        ck_assert_uint_eq(b.count, 2);
        const price_row *g5 = provider_support_find(&b, "g5.xlarge", "us-east-1", PRICING_ON_DEMAND);
        const price_row *p5 = provider_support_find(&b, "p5.48xlarge", "us-east-1", PRICING_ON_DEMAND);
        ck_assert_ptr_nonnull(g5);
        ck_assert_ptr_nonnull(p5);
        ck_assert_double_eq(g5->hourly, 1.5);
        ck_assert_double_eq(p5->hourly, 2.5);
        ck_assert_str_eq(p5->currency, "CNY");
        ck_assert_str_eq(p5->effective_at, "2025-05-02");
        price_batch_free(&b);
    }
}
END_TEST

START_TEST(test_csv_errors)
{
    provider_run run = make_run();
    price_batch b;
    price_batch_init(&b);
    /* Never a header. */
    aws_csv *p = aws_csv_new(&run, "us-east-1", &b);
    for (int i = 0; i < 20; i++)
        aws_csv_feed(p, "\"Meta\",\"x\"\n", 11);
    ck_assert_int_ne(aws_csv_finish(p), 0);
    ck_assert_ptr_nonnull(strstr(aws_csv_error(p), "header"));
    aws_csv_free(p);
    /* An empty file. */
    p = aws_csv_new(&run, "us-east-1", &b);
    ck_assert_int_ne(aws_csv_finish(p), 0);
    aws_csv_free(p);
    /* An unterminated quote swallowing the rest: bounded. */
    p = aws_csv_new(&run, "us-east-1", &b);
    ck_assert_int_eq(aws_csv_feed(p, "\"SKU\",\"", 7), 0);
    char chunk[4096];
    memset(chunk, 'z', sizeof chunk);
    int rc = 0;
    for (int i = 0; i < 400 && rc == 0; i++)
        rc = aws_csv_feed(p, chunk, sizeof chunk);
    ck_assert_int_ne(rc, 0);
    ck_assert_ptr_nonnull(strstr(aws_csv_error(p), "longer than"));
    aws_csv_free(p);
    /* A price that is not a number, in a row we want. */
    p = aws_csv_new(&run, "us-east-1", &b);
    static const char bad[] =
        "SKU,TermType,Unit,PricePerUnit,Currency,LeaseContractLength,PurchaseOption,OfferingClass,Product Family,"
        "Instance Type,Operating System,Tenancy,Pre Installed S/W,CapacityStatus,License Model,EffectiveDate\n"
        "A1,OnDemand,Hrs,1.5USD,USD,,,,Compute Instance,g5.xlarge,Linux,Shared,NA,Used,No License required,"
        "2025-05-01\n";
    ck_assert_int_ne(aws_csv_feed(p, bad, sizeof bad - 1), 0);
    ck_assert_ptr_nonnull(strstr(aws_csv_error(p), "not a number"));
    aws_csv_free(p);
    ck_assert_uint_eq(b.count, 0);
    price_batch_free(&b);
}
END_TEST

/* --- a large generated offer file, streamed --- */

static const char *const generated_header =
    "\"SKU\",\"OfferTermCode\",\"RateCode\",\"TermType\",\"PriceDescription\",\"EffectiveDate\",\"StartingRange\","
    "\"EndingRange\",\"Unit\",\"PricePerUnit\",\"Currency\",\"RelatedTo\",\"LeaseContractLength\",\"PurchaseOption\","
    "\"OfferingClass\",\"Product Family\",\"serviceCode\",\"Location\",\"Location Type\",\"Instance Type\","
    "\"Current Generation\",\"Instance Family\",\"vCPU\",\"Physical Processor\",\"Clock Speed\",\"Memory\",\"Storage\","
    "\"Network Performance\",\"Processor Architecture\",\"Tenancy\",\"Operating System\",\"License Model\","
    "\"usageType\",\"operation\",\"CapacityStatus\",\"GPU\",\"Pre Installed S/W\",\"MarketOption\",\"Region Code\"\n";

typedef struct generator {
    size_t target_bytes;
    size_t produced;
    size_t row;
    char pending[2048];
    size_t pending_len;
    size_t pending_at;
} generator;

static size_t generated_rows_matching;

static void *gen_open(void *ctx)
{
    generator *g = xcalloc(1, sizeof *g);
    g->target_bytes = *(size_t *)ctx;
    g->pending_len = (size_t)snprintf(g->pending, sizeof g->pending,
                                      "\"FormatVersion\",\"v1.0\"\n\"Disclaimer\",\"Generated test data\"\n"
                                      "\"Publication Date\",\"2025-06-01T00:00:00Z\"\n\"Version\",\"20250601000000\"\n"
                                      "\"OfferCode\",\"AmazonEC2\"\n%s",
                                      generated_header);
    return g;
}

/* Rows in the proportions of a real file: almost all for types the catalog lacks, other OSes, other terms. */
static void gen_row(generator *g)
{
    static const char *const types[] = {"m5.large", "c6i.4xlarge", "r7g.2xlarge", "t3.micro", "g5.xlarge",
                                        "m7i.48xlarge", "x2idn.32xlarge", "p5.48xlarge"};
    static const char *const oses[] = {"Linux", "Windows", "RHEL", "SUSE"};
    size_t i = g->row++;
    const char *type = types[i % 8];
    const char *os = oses[(i / 8) % 4];
    const char *term = (i / 32) % 3 == 0 ? "Reserved" : "OnDemand";
    g->pending_len = (size_t)snprintf(
        g->pending, sizeof g->pending,
        "\"SKU%08zu\",\"JRTCKXETXF\",\"SKU%08zu.JRTCKXETXF.6YS6EN2CT7\",\"%s\",\"$%zu.%04zu per %s %s %s Instance "
        "Hour, \"\"generated\"\"\",\"2025-05-01\",\"0\",\"Inf\",\"Hrs\",\"%zu.%04zu\",\"USD\",\"\",\"%s\",\"%s\",\"%s\","
        "\"Compute Instance\",\"AmazonEC2\",\"US East (N. Virginia)\",\"AWS Region\",\"%s\",\"Yes\",\"General purpose\","
        "\"8\",\"Intel Xeon Platinum 8175\",\"2.5 GHz\",\"32 GiB\",\"EBS only\",\"Up to 10 Gigabit\",\"64-bit\","
        "\"Shared\",\"%s\",\"No License required\",\"BoxUsage:%s\",\"RunInstances\",\"Used\",\"0\",\"NA\","
        "\"OnDemand\",\"us-east-1\"\n",
        i, i, term, 1 + i % 50, i % 10000, term, os, type, 1 + i % 50, i % 10000, term[0] == 'R' ? "1yr" : "",
        term[0] == 'R' ? "No Upfront" : "", term[0] == 'R' ? "standard" : "", type, os, type);
    g->pending_at = 0;
}

static size_t gen_read(void *state, char *buf, size_t max)
{
    generator *g = state;
    size_t n = 0;
    while (n < max) {
        if (g->pending_at == g->pending_len) {
            if (g->produced >= g->target_bytes)
                break;
            gen_row(g);
        }
        size_t take = g->pending_len - g->pending_at;
        if (take > max - n)
            take = max - n;
        memcpy(buf + n, g->pending + g->pending_at, take);
        g->pending_at += take;
        g->produced += take;
        n += take;
    }
    return n;
}

static void gen_close(void *state)
{
    free(state);
}

/* Current resident set, and the peak since the last reset, in KiB (Linux /proc). */
static long proc_status_kib(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (f == NULL)
        return -1;
    char line[256];
    long v = -1;
    size_t n = strlen(field);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, field, n) == 0 && line[n] == ':')
            v = strtol(line + n + 1, NULL, 10);
    fclose(f);
    return v;
}

typedef struct csv_sink_ctx {
    aws_csv *parser;
} csv_sink_ctx;

static int sink(void *ctx, const char *data, size_t len)
{
    return aws_csv_feed(((csv_sink_ctx *)ctx)->parser, data, len);
}

START_TEST(test_large_offer_file_streams_in_flat_memory)
{
    const char *mb_env = getenv("GPUREC_BENCH_CSV_MB");
    size_t megabytes = mb_env ? (size_t)strtoul(mb_env, NULL, 10) : 24;
    if (megabytes < 4)
        megabytes = 4;
    static size_t target;
    target = megabytes << 20;
    fixture_stream stream = {gen_open, gen_read, gen_close, &target};
    fixture_route *big = fixture_route_add(fs, "/aws/big.csv", NULL, NULL);
    fixture_serve_stream(big, &stream, "text/csv");

    /* Reset the peak so it measures this transfer alone (Linux >= 4.0; otherwise the check is only looser). */
    FILE *clear = fopen("/proc/self/clear_refs", "w");
    if (clear != NULL) {
        fputs("5", clear);
        fclose(clear);
    }
    long rss_before = proc_status_kib("VmRSS");

    provider_run run = make_run();
    price_batch b;
    price_batch_init(&b);
    csv_sink_ctx ctx = {aws_csv_new(&run, "us-east-1", &b)};
    fetch_options opt = run.fetch;
    opt.max_bytes = 0;
    opt.timeout_s = 120;
    char url[256], err[256];
    snprintf(url, sizeof url, "%s/aws/big.csv", fixture_url(fs));
    fetch_result res;
    int64_t t0 = util_monotonic_us();
    ck_assert_msg(fetch_stream(url, &opt, sink, &ctx, &res, err, sizeof err) == FETCH_OK, "%s", err);
    ck_assert_msg(aws_csv_finish(ctx.parser) == 0, "%s", aws_csv_error(ctx.parser));
    double seconds = (double)(util_monotonic_us() - t0) / 1e6;
    size_t records = aws_csv_records(ctx.parser);
    long peak = proc_status_kib("VmHWM");

    ck_assert_uint_ge(res.body_size, target);
    /* Of every 96 generated rows, the catalog's two types appear 24 times: Linux in 6, on-demand or 1-year
     * no-upfront standard reserved in all of those. Duplicate keys are kept here (the run de-duplicates). */
    generated_rows_matching = 0;
    for (size_t i = 0; i < records; i++) {
        size_t type = i % 8, os = (i / 8) % 4;
        if ((type == 4 || type == 7) && os == 0)
            generated_rows_matching++;
    }
    ck_assert_uint_eq(b.count, generated_rows_matching);
    long growth_kib = peak - rss_before;
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    fprintf(stderr,
            "aws csv stream: %zu MB, %zu records in %.3f s = %.0f records/s, %.1f MB/s; kept %zu rows; "
            "RSS before %ld KiB, peak %ld KiB, growth %ld KiB (ru_maxrss %ld KiB)\n",
            megabytes, records, seconds, (double)records / seconds, (double)res.body_size / 1048576.0 / seconds,
            b.count, rss_before, peak, growth_kib, usage.ru_maxrss);
    /* Flat: the growth is the kept rows and buffers, far below the file's size. The kept rows are a few hundred
     * bytes each (price_row); allow them plus 8 MB for libcurl, the fixture server's threads and allocator slack. */
    long kept_kib = (long)(b.cap * sizeof(price_row) / 1024);
    ck_assert_msg(growth_kib < kept_kib + 8192, "RSS grew by %ld KiB while streaming %zu MB", growth_kib, megabytes);
    aws_csv_free(ctx.parser);
    price_batch_free(&b);
}
END_TEST

static Suite *aws_suite(void)
{
    Suite *s = suite_create("provider_aws");
    TCase *tc = tcase_create("aws");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_offer_files_and_spot_feeds);
    tcase_add_test(tc, test_unchanged_sources_are_not_fetched_again);
    tcase_add_test(tc, test_a_failing_region_index_fails_the_run);
    tcase_add_test(tc, test_a_renamed_column_fails_its_region);
    tcase_add_test(tc, test_a_cut_offer_file_fails_its_region);
    tcase_add_test(tc, test_an_offer_file_ending_mid_record_fails_its_region);
    tcase_add_test(tc, test_a_failing_region_fails_only_itself);
    tcase_add_test(tc, test_a_missing_region_file_fails_only_itself);
    tcase_add_test(tc, test_malformed_spot_feed_fails_the_spot_part);
    tcase_add_test(tc, test_spot_feed_without_regions_fails_the_spot_part);
    tcase_add_test(tc, test_unreachable_spot_advisor_keeps_spot_prices);
    tcase_add_test(tc, test_legacy_spot_region_names);
    tcase_add_test(tc, test_csv_any_split_gives_the_same_rows);
    tcase_add_test(tc, test_csv_errors);
    tcase_add_test(tc, test_large_offer_file_streams_in_flat_memory);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(aws_suite());
}
