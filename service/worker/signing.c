#include "worker/signing.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

void signing_sha256_hex(const void *data, size_t len, char hex[SHA256_HEX_LEN])
{
    unsigned char digest[SHA256_DIGEST_LEN];
    sha256(data, len, digest);
    sha256_hex(digest, hex);
}

static int compare_headers(const void *a, const void *b)
{
    return strcmp(((const signing_header *)a)->name, ((const signing_header *)b)->name);
}

/* Appends text (n bytes) to a growing string. */
static void append(char **buf, size_t *len, size_t *cap, const char *text, size_t n)
{
    if (*len + n + 1 > *cap) {
        while (*len + n + 1 > *cap)
            *cap = *cap ? *cap * 2 : 512;
        *buf = xrealloc(*buf, *cap);
    }
    memcpy(*buf + *len, text, n);
    *len += n;
    (*buf)[*len] = '\0';
}

static void append_str(char **buf, size_t *len, size_t *cap, const char *text)
{
    append(buf, len, cap, text, strlen(text));
}

char *signing_canonical_request(const char *method, const char *uri, const char *query, signing_header *headers,
                                size_t count, bool lower_values, const char *payload_hash, char *signed_buf,
                                size_t signed_len)
{
    qsort(headers, count, sizeof *headers, compare_headers);
    size_t used = 0;
    signed_buf[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        int n = snprintf(signed_buf + used, signed_len - used, "%s%s", i ? ";" : "", headers[i].name);
        if (n < 0 || (size_t)n >= signed_len - used)
            return NULL;
        used += (size_t)n;
    }
    char *buf = NULL;
    size_t len = 0, cap = 0;
    append_str(&buf, &len, &cap, method);
    append_str(&buf, &len, &cap, "\n");
    append_str(&buf, &len, &cap, uri);
    append_str(&buf, &len, &cap, "\n");
    append_str(&buf, &len, &cap, query);
    append_str(&buf, &len, &cap, "\n");
    for (size_t i = 0; i < count; i++) {
        const char *v = headers[i].value;
        size_t n = strlen(v);
        while (n > 0 && isspace((unsigned char)*v)) {
            v++;
            n--;
        }
        while (n > 0 && isspace((unsigned char)v[n - 1]))
            n--;
        append_str(&buf, &len, &cap, headers[i].name);
        append_str(&buf, &len, &cap, ":");
        size_t at = len;
        append(&buf, &len, &cap, v, n);
        if (lower_values)
            for (size_t k = at; k < len; k++)
                buf[k] = (char)tolower((unsigned char)buf[k]);
        append_str(&buf, &len, &cap, "\n");
    }
    append_str(&buf, &len, &cap, "\n");
    append_str(&buf, &len, &cap, signed_buf);
    append_str(&buf, &len, &cap, "\n");
    append_str(&buf, &len, &cap, payload_hash);
    return buf;
}

static void hmac_str(const unsigned char *key, size_t key_len, const char *msg, unsigned char out[SHA256_DIGEST_LEN])
{
    hmac_sha256(key, key_len, msg, strlen(msg), out);
}

int signing_tc3(const char *secret_id, const char *secret_key, const char *service, time_t timestamp,
                const char *canonical_request, const char *signed_headers, char *auth, size_t auth_len)
{
    struct tm tm;
    gmtime_r(&timestamp, &tm);
    char date[16];
    strftime(date, sizeof date, "%Y-%m-%d", &tm);
    char hashed[SHA256_HEX_LEN];
    signing_sha256_hex(canonical_request, strlen(canonical_request), hashed);
    char to_sign[256];
    snprintf(to_sign, sizeof to_sign, "TC3-HMAC-SHA256\n%lld\n%s/%s/tc3_request\n%s", (long long)timestamp, date,
             service, hashed);

    size_t key_len = strlen(secret_key) + 3;
    unsigned char *key = xmalloc(key_len + 1);
    memcpy(key, "TC3", 3);
    memcpy(key + 3, secret_key, key_len - 3);
    unsigned char secret_date[SHA256_DIGEST_LEN], secret_service[SHA256_DIGEST_LEN];
    unsigned char secret_signing[SHA256_DIGEST_LEN], mac[SHA256_DIGEST_LEN];
    hmac_str(key, key_len, date, secret_date);
    memset(key, 0, key_len);
    free(key);
    hmac_str(secret_date, sizeof secret_date, service, secret_service);
    hmac_str(secret_service, sizeof secret_service, "tc3_request", secret_signing);
    hmac_str(secret_signing, sizeof secret_signing, to_sign, mac);
    char signature[SHA256_HEX_LEN];
    sha256_hex(mac, signature);
    int n = snprintf(auth, auth_len, "TC3-HMAC-SHA256 Credential=%s/%s/%s/tc3_request, SignedHeaders=%s, Signature=%s",
                     secret_id, date, service, signed_headers, signature);
    return n < 0 || (size_t)n >= auth_len ? -1 : 0;
}

int signing_acs3(const char *key_id, const char *key_secret, const char *canonical_request, const char *signed_headers,
                 char *auth, size_t auth_len)
{
    char hashed[SHA256_HEX_LEN];
    signing_sha256_hex(canonical_request, strlen(canonical_request), hashed);
    char to_sign[128];
    snprintf(to_sign, sizeof to_sign, "ACS3-HMAC-SHA256\n%s", hashed);
    unsigned char mac[SHA256_DIGEST_LEN];
    hmac_str((const unsigned char *)key_secret, strlen(key_secret), to_sign, mac);
    char signature[SHA256_HEX_LEN];
    sha256_hex(mac, signature);
    int n = snprintf(auth, auth_len, "ACS3-HMAC-SHA256 Credential=%s,SignedHeaders=%s,Signature=%s", key_id,
                     signed_headers, signature);
    return n < 0 || (size_t)n >= auth_len ? -1 : 0;
}

int signing_percent_encode(const char *s, char *out, size_t out_len)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (isalnum(*p) || *p == '-' || *p == '_' || *p == '.' || *p == '~') {
            if (o + 1 >= out_len)
                return -1;
            out[o++] = (char)*p;
        } else {
            if (o + 3 >= out_len)
                return -1;
            out[o++] = '%';
            out[o++] = hex[*p >> 4];
            out[o++] = hex[*p & 15];
        }
    }
    if (o >= out_len)
        return -1;
    out[o] = '\0';
    return 0;
}

void signing_iso8601(time_t t, char *buf, size_t buf_len)
{
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, buf_len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
