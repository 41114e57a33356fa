/* The request signatures against the worked examples the providers publish (fixed keys, time and request; expected
 * hashes and signature given):
 *  - Tencent Cloud API 3.0 signature v3 (https://www.tencentcloud.com/document/api/213/33224): CVM DescribeInstances,
 *    SecretId AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE, SecretKey Gu5t9xGARNpq86cd98joQYCN3EXAMPLE, timestamp 1551113065;
 *  - Alibaba Cloud V3 request signature (https://www.alibabacloud.com/help/en/sdk/product-overview/v3-request-
 *    structure-and-signature): ECS RunInstances on ecs.cn-shanghai.aliyuncs.com, YourAccessKeyId /
 *    YourAccessKeySecret, x-acs-date 2023-10-26T10:22:32Z, nonce 3156853299f313e23d1673dc12e1703d. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "worker/signing.h"
#include "support/check_support.h"

#define TC3_PAYLOAD "{\"Limit\": 1, \"Filters\": [{\"Values\": [\"\\u672a\\u547d\\u540d\"], \"Name\": \"instance-name\"}]}"

static char *tc3_canonical(char *signed_headers, size_t len)
{
    char hash[SHA256_HEX_LEN];
    signing_sha256_hex(TC3_PAYLOAD, strlen(TC3_PAYLOAD), hash);
    ck_assert_str_eq(hash, "35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064");
    /* Given out of order on purpose: the canonical form sorts them. */
    signing_header h[] = {{"host", "cvm.tencentcloudapi.com"}, {"content-type", "application/json; charset=utf-8"}};
    return signing_canonical_request("POST", "/", "", h, 2, true, hash, signed_headers, len);
}

START_TEST(test_tc3_published_example)
{
    char signed_headers[64], auth[512], hash[SHA256_HEX_LEN];
    char *canonical = tc3_canonical(signed_headers, sizeof signed_headers);
    ck_assert_ptr_nonnull(canonical);
    ck_assert_str_eq(canonical, "POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n"
                                "\ncontent-type;host\n"
                                "35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064");
    signing_sha256_hex(canonical, strlen(canonical), hash);
    ck_assert_str_eq(hash, "5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031");
    ck_assert_int_eq(signing_tc3("AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE", "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE", "cvm",
                                 1551113065, canonical, signed_headers, auth, sizeof auth),
                     0);
    ck_assert_str_eq(auth, "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, "
                           "SignedHeaders=content-type;host, "
                           "Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168");
    /* The date is the timestamp's UTC day (1551113065 is 2019-02-26 00:44 in UTC+8). A one-byte change of the key
     * changes the signature. */
    ck_assert_int_eq(signing_tc3("AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE", "Gu5t9xGARNpq86cd98joQYCN3EXAMPLF", "cvm",
                                 1551113065, canonical, signed_headers, auth, sizeof auth),
                     0);
    ck_assert_ptr_null(strstr(auth, "72e494ea809ad7a8"));
    ck_assert_int_eq(signing_tc3("id", "key", "cvm", 1551113065, canonical, signed_headers, auth, 40), -1);
    free(canonical);
}
END_TEST

START_TEST(test_acs3_published_example)
{
    char hash[SHA256_HEX_LEN], signed_headers[160], auth[512];
    signing_sha256_hex("", 0, hash);
    ck_assert_str_eq(hash, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    signing_header h[] = {{"x-acs-version", "2014-05-26"},
                          {"x-acs-signature-nonce", "3156853299f313e23d1673dc12e1703d"},
                          {"x-acs-date", "2023-10-26T10:22:32Z"},
                          {"x-acs-content-sha256", hash},
                          {"x-acs-action", "RunInstances"},
                          {"host", "ecs.cn-shanghai.aliyuncs.com"}};
    char *canonical = signing_canonical_request(
        "POST", "/", "ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai", h, 6, false,
        hash, signed_headers, sizeof signed_headers);
    ck_assert_ptr_nonnull(canonical);
    ck_assert_str_eq(signed_headers,
                     "host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version");
    char hashed[SHA256_HEX_LEN];
    signing_sha256_hex(canonical, strlen(canonical), hashed);
    ck_assert_str_eq(hashed, "7ea06492da5221eba5297e897ce16e55f964061054b7695beedaac1145b1e259");
    ck_assert_int_eq(signing_acs3("YourAccessKeyId", "YourAccessKeySecret", canonical, signed_headers, auth,
                                  sizeof auth),
                     0);
    ck_assert_str_eq(auth, "ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=host;x-acs-action;"
                           "x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,"
                           "Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0");
    free(canonical);
}
END_TEST

START_TEST(test_header_values_trimmed_and_lowered_only_for_tc3)
{
    char signed_headers[64];
    signing_header h[] = {{"host", "  Example.COM "}};
    char *tc3 = signing_canonical_request("GET", "/", "a=1", h, 1, true, "x", signed_headers, sizeof signed_headers);
    char *acs3 = signing_canonical_request("GET", "/", "a=1", h, 1, false, "x", signed_headers, sizeof signed_headers);
    ck_assert_str_eq(tc3, "GET\n/\na=1\nhost:example.com\n\nhost\nx");
    ck_assert_str_eq(acs3, "GET\n/\na=1\nhost:Example.COM\n\nhost\nx");
    free(tc3);
    free(acs3);
    char tiny[3];
    ck_assert_ptr_null(signing_canonical_request("GET", "/", "", h, 1, false, "x", tiny, sizeof tiny));
}
END_TEST

START_TEST(test_percent_encoding_is_rfc3986)
{
    char out[64];
    ck_assert_int_eq(signing_percent_encode("ecs.gn7i-c8g1.2xlarge", out, sizeof out), 0);
    ck_assert_str_eq(out, "ecs.gn7i-c8g1.2xlarge");
    ck_assert_int_eq(signing_percent_encode("a b*~/+=&\xe6\x9c\xaa", out, sizeof out), 0);
    ck_assert_str_eq(out, "a%20b%2A~%2F%2B%3D%26%E6%9C%AA");
    ck_assert_int_eq(signing_percent_encode("abc", out, 3), -1);
    char date[32];
    signing_iso8601(1698315752, date, sizeof date);
    ck_assert_str_eq(date, "2023-10-26T10:22:32Z");
}
END_TEST

static Suite *signing_suite(void)
{
    Suite *s = suite_create("signing");
    TCase *tc = tcase_create("vectors");
    tcase_add_test(tc, test_tc3_published_example);
    tcase_add_test(tc, test_acs3_published_example);
    tcase_add_test(tc, test_header_values_trimmed_and_lowered_only_for_tc3);
    tcase_add_test(tc, test_percent_encoding_is_rfc3986);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(signing_suite());
}
