/* The access log's client address (service/face/http/forwarded.c): the peer's own address written by hand for IPv4 must be
 * the text inet_ntop() gives, for every octet value in every place, plain and IPv4-mapped; IPv6 and the rest as
 * before. */
#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "face/http/forwarded.h"
#include "support/check_support.h"
#include "support/random.h"

static void assert_ipv4_text(const unsigned char octets[4])
{
    char expected[INET_ADDRSTRLEN], actual[64];
    ck_assert_ptr_nonnull(inet_ntop(AF_INET, octets, expected, sizeof expected));
    struct sockaddr_in v4;
    memset(&v4, 0, sizeof v4);
    v4.sin_family = AF_INET;
    memcpy(&v4.sin_addr, octets, 4);
    forwarded_peer_text((const struct sockaddr *)&v4, actual, sizeof actual);
    ck_assert_str_eq(actual, expected);
    struct sockaddr_in6 mapped;
    memset(&mapped, 0, sizeof mapped);
    mapped.sin6_family = AF_INET6;
    mapped.sin6_addr.s6_addr[10] = 0xff;
    mapped.sin6_addr.s6_addr[11] = 0xff;
    memcpy(&mapped.sin6_addr.s6_addr[12], octets, 4);
    forwarded_peer_text((const struct sockaddr *)&mapped, actual, sizeof actual);
    ck_assert_str_eq(actual, expected);
}

START_TEST(ipv4_text_is_inet_ntop_text)
{
    for (unsigned value = 0; value < 256; value++)
        for (int place = 0; place < 4; place++) {
            unsigned char octets[4] = {10, 0, 200, 7};
            octets[place] = (unsigned char)value;
            assert_ipv4_text(octets);
        }
    test_random_seed(0x9E3779B97F4A7C15ULL);
    for (int i = 0; i < 100000; i++) {
        uint64_t bits = test_random_next();
        unsigned char octets[4];
        memcpy(octets, &bits, sizeof octets);
        assert_ipv4_text(octets);
    }
}
END_TEST

START_TEST(other_peers)
{
    char text[64];
    forwarded_peer_text(NULL, text, sizeof text);
    ck_assert_str_eq(text, "-");
    struct sockaddr_in6 v6;
    memset(&v6, 0, sizeof v6);
    v6.sin6_family = AF_INET6;
    ck_assert_int_eq(inet_pton(AF_INET6, "2001:db8::1", &v6.sin6_addr), 1);
    forwarded_peer_text((const struct sockaddr *)&v6, text, sizeof text);
    ck_assert_str_eq(text, "2001:db8::1");
    struct sockaddr_un_like {
        sa_family_t family;
        char rest[32];
    } other = {AF_UNIX, {0}};
    forwarded_peer_text((const struct sockaddr *)&other, text, sizeof text);
    ck_assert_str_eq(text, "-");
    /* a buffer too small for a dotted quad gets inet_ntop()'s own answer: nothing past its room */
    struct sockaddr_in v4;
    memset(&v4, 0, sizeof v4);
    v4.sin_family = AF_INET;
    ck_assert_int_eq(inet_pton(AF_INET, "192.168.100.200", &v4.sin_addr), 1);
    char small[8];
    forwarded_peer_text((const struct sockaddr *)&v4, small, sizeof small);
    ck_assert_uint_lt(strlen(small), sizeof small);
}
END_TEST

static Suite *forwarded_suite(void)
{
    Suite *s = suite_create("forwarded");
    TCase *tc = tcase_create("peer text");
    tcase_add_test(tc, ipv4_text_is_inet_ntop_text);
    tcase_add_test(tc, other_peers);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(forwarded_suite());
}
