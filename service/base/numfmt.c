/* Number text without printf (see numfmt.h).
 *
 * Why the fast paths give printf's exact text:
 * - "%.Pg" (P <= 15): a decimal D with at most P significant digits is what "%.Pg" prints for a double x exactly when
 *   x is the double nearest D. Decimals of up to 15 digits survive the round trip through a double (C11 5.2.4.2.2,
 *   DBL_DIG), so x lies within half an ulp (< 1.2e-16 x) of D, far inside half a unit of D's last digit
 *   (>= 5e-16 x): no other P-digit decimal is as close, so rounding x to P digits gives D. D = digits / 10^k is one
 *   correctly rounded division of two exact doubles (digits < 2^53, 10^k <= 10^22), so comparing it with x tests
 *   exactly that. Inside [1e-4, 10^P) "%g" prints positional notation without trailing zeros: the smallest k that
 *   matches gives that text.
 * - "%.Nf": x * 10^N = p + e exactly, where p is the rounded product and e = fma(x, 10^N, -p) its error
 *   (|e| <= ulp(p) / 2). While p < 2^52, 0.5 lies on p's grid of ulps, so the fraction f = p - floor(p) is either
 *   clearly above or below 0.5 (by at least an ulp, more than |e|) or exactly 0.5, where the sign of e decides and
 *   e = 0 is a true tie, rounded to even as printf does in the default rounding mode.
 * - "%.Pg" of x >= 10^P: the same holds for a decimal D = whole x 10^E with whole < 10^P and E <= 22, where D's
 *   nearest double is one rounded product of two exact doubles; "%g" then prints D in exponential style.
 * Anything else goes to snprintf. */
#include "base/numfmt.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const double powers_of_ten[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
#define POWERS_OF_TEN_COUNT (sizeof powers_of_ten / sizeof powers_of_ten[0])
#define TWO_POW_52 4503599627370496.0
/* The exact paths' longest text with its NUL: "%.*f" below 2^52 has at most 16 digits before the point and
 * FAST_DECIMALS_MAX after it, with a sign, a point and a "0" before it; "%.*g" to 15 digits at most 15 digits, a
 * sign, a point, "0." and three zeros (above 1e-4), or an exponent "e+22". */
#define FAST_DECIMALS_MAX 20
#define FAST_TEXT_MAX 48

/* "00" to "99": two digits per division halves the divisions of a long number. */
static const char digit_pairs[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                     "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                     "8081828384858687888990919293949596979899";

/* The two digits of value (< 100) just before end; returns where they start. */
static char *two_digits_backwards(unsigned value, char *end)
{
    const char *pair = digit_pairs + 2 * value;
    end[-1] = pair[1];
    end[-2] = pair[0];
    return end - 2;
}

/* Decimal digits of value, right-aligned ending at end; returns the first digit. */
static char *digits_backwards(unsigned long long value, char *end)
{
    for (; value >= 100; value /= 100)
        end = two_digits_backwards((unsigned)(value % 100), end);
    if (value >= 10)
        return two_digits_backwards((unsigned)value, end);
    *--end = (char)('0' + value);
    return end;
}

/* How many decimal digits value has (1 for 0): the bit length gives the count to within one (a number of b bits has
 * floor((b - 1) x 1233 / 4096) + 1 digits or one more, 1233 / 4096 being just above log10(2)), and one comparison
 * with a power of ten settles which. */
static unsigned digit_count(unsigned long long value)
{
    static const unsigned long long powers[] = {
        1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL, 1000000000ULL,
        10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL, 100000000000000ULL,
        1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL, 1000000000000000000ULL,
        10000000000000000000ULL};
    unsigned bits = 64 - (unsigned)__builtin_clzll(value | 1);
    unsigned count = ((bits - 1) * 1233 >> 12) + 1;
    return count + (count < sizeof powers / sizeof powers[0] && value >= powers[count]);
}

/* Writes [-]whole.frac where digits = whole x 10^decimals + frac, frac padded to decimals digits (no point when
 * decimals is 0), straight into buf: the length is counted first and the digits filled in from the end, so no text
 * is copied. Returns the length. */
static size_t write_scaled(bool negative, unsigned long long digits, unsigned decimals, char *buf)
{
    unsigned count = digit_count(digits);
    unsigned whole_digits = count > decimals ? count - decimals : 1;
    size_t len = (negative ? 1 : 0) + whole_digits + (decimals > 0 ? 1 + decimals : 0);
    char *start = buf + len;
    *start = '\0';
    unsigned d = 0;
    for (; d + 2 <= decimals; d += 2, digits /= 100)
        start = two_digits_backwards((unsigned)(digits % 100), start);
    if (d < decimals) {
        *--start = (char)('0' + digits % 10);
        digits /= 10;
    }
    if (decimals > 0)
        *--start = '.';
    start = digits_backwards(digits, start);
    if (negative)
        *--start = '-';
    return len;
}

size_t numfmt_decimal(bool negative, unsigned long long digits, unsigned decimals, char *buf)
{
    return write_scaled(negative, digits, decimals, buf);
}

size_t numfmt_integer(long long value, char *buf)
{
    unsigned long long magnitude = value < 0 ? 0ULL - (unsigned long long)value : (unsigned long long)value;
    return write_scaled(value < 0, magnitude, 0, buf);
}

static size_t printf_one(char *buf, const char *fmt, unsigned precision, double value)
{
    int len = snprintf(buf, NUMFMT_MAX, fmt, (int)precision, value);
    if (len < 0 || len >= NUMFMT_MAX) { /* cannot happen for these conversions with precision <= 20 */
        buf[0] = '\0';
        return 0;
    }
    return (size_t)len;
}

/* The shortest decimal digits / 10^k (k minimal) with fewer than 10^precision digits whose nearest double is
 * magnitude, for magnitude in [1e-4, 10^precision); false when there is none. */
static bool short_decimal(double magnitude, unsigned precision, unsigned long long *digits, unsigned *decimals)
{
    double limit = powers_of_ten[precision];
    for (unsigned k = 0; k < POWERS_OF_TEN_COUNT; k++) {
        double scaled = magnitude * powers_of_ten[k];
        if (scaled >= limit)
            return false;
        /* scaled < 10^15 < 2^52: adding 2^52 leaves no fraction bits, so the sum is scaled rounded to the nearest
         * integer, ties to even (the default rounding mode, as nearbyint() uses), and subtracting it again is exact */
        double whole = (scaled + TWO_POW_52) - TWO_POW_52;
        if (whole / powers_of_ten[k] == magnitude) {
            *digits = (unsigned long long)whole;
            *decimals = k;
            return true;
        }
    }
    return false;
}

/* The shortest decimal whole x 10^exponent (whole < 10^precision, 1 <= exponent <= 22) whose nearest double is
 * magnitude, for magnitude >= 10^precision; false when there is none. whole and 10^exponent are exact doubles, so
 * their product, rounded once, is the double nearest that decimal; the largest exponent that matches gives the
 * fewest digits. */
static bool short_decimal_large(double magnitude, unsigned precision, unsigned long long *whole_out,
                                unsigned *exponent_out)
{
    double limit = powers_of_ten[precision];
    for (unsigned e = POWERS_OF_TEN_COUNT - 1; e >= 1; e--) {
        double whole = nearbyint(magnitude / powers_of_ten[e]);
        if (whole >= limit)
            return false; /* a smaller exponent needs still more digits */
        if (whole >= 1.0 && whole * powers_of_ten[e] == magnitude) {
            *whole_out = (unsigned long long)whole;
            *exponent_out = e;
            return true;
        }
    }
    return false;
}

/* "%g"'s exponential style of whole x 10^exponent: the first digit, the others after a point without trailing zeros,
 * then e+XX (two digits at least). */
static size_t write_exponential(bool negative, unsigned long long whole, unsigned exponent, char *buf)
{
    char digits[24];
    char *end = digits + sizeof digits;
    char *first = digits_backwards(whole, end);
    size_t count = (size_t)(end - first);
    unsigned decimal_exponent = exponent + (unsigned)count - 1;
    while (count > 1 && first[count - 1] == '0')
        count--;
    size_t len = 0;
    if (negative)
        buf[len++] = '-';
    buf[len++] = first[0];
    if (count > 1) {
        buf[len++] = '.';
        memcpy(buf + len, first + 1, count - 1);
        len += count - 1;
    }
    buf[len++] = 'e';
    buf[len++] = '+';
    char power[8];
    char *power_end = power + sizeof power;
    char *power_first = digits_backwards(decimal_exponent, power_end);
    if (power_end - power_first < 2)
        *--power_first = '0';
    memcpy(buf + len, power_first, (size_t)(power_end - power_first));
    len += (size_t)(power_end - power_first);
    buf[len] = '\0';
    return len;
}

/* The text "%.*g" gives (at most FAST_TEXT_MAX bytes with its NUL) when one of the exact paths above gives it, else 0
 * with nothing written. */
static size_t general_fast(double value, unsigned precision, char *buf)
{
    if (precision == 0)
        precision = 1; /* C11 7.21.6.1: a precision of 0 for %g is taken as 1 */
    if (precision > 15 || !isfinite(value))
        return 0;
    double magnitude = fabs(value);
    unsigned long long digits;
    unsigned decimals;
    if (magnitude == 0.0) {
        const char *zero = signbit(value) ? "-0" : "0";
        size_t len = strlen(zero);
        memcpy(buf, zero, len + 1);
        return len;
    }
    if (magnitude >= 1e-4 && short_decimal(magnitude, precision, &digits, &decimals))
        return write_scaled(signbit(value), digits, decimals, buf);
    /* at or above 10^precision "%g" writes the exponential style, whose digits the same argument gives */
    if (magnitude >= powers_of_ten[precision] && short_decimal_large(magnitude, precision, &digits, &decimals))
        return write_exponential(signbit(value), digits, decimals, buf);
    return 0;
}

size_t numfmt_general(double value, unsigned precision, char *buf)
{
    size_t len = general_fast(value, precision, buf);
    return len > 0 ? len : printf_one(buf, "%.*g", precision == 0 ? 1 : precision, value);
}

/* jansson's clean-up of "%.15g" (its strconv.c): ".0" when the text would read back as an integer, no '+' and no
 * leading zeros in the exponent. */
static size_t tidy_as_jansson(char *buf, size_t len)
{
    if (strchr(buf, '.') == NULL && strchr(buf, 'e') == NULL) {
        buf[len++] = '.';
        buf[len++] = '0';
        buf[len] = '\0';
    }
    char *exponent = strchr(buf, 'e');
    if (exponent != NULL) {
        char *start = exponent + 1;
        char *end = start + 1;
        if (*start == '-')
            start++;
        while (*end == '0')
            end++;
        if (end != start) {
            memmove(start, end, len - (size_t)(end - buf) + 1);
            len -= (size_t)(end - start);
        }
    }
    return len;
}

size_t numfmt_real15(double value, char *buf)
{
    /* numfmt_general()'s positional fast path, where the text has a point exactly when it has decimals: jansson's
     * clean-up is then only the ".0" of a whole number */
    double magnitude = fabs(value);
    unsigned long long digits;
    unsigned decimals;
    if (isfinite(value) && magnitude >= 1e-4 && short_decimal(magnitude, 15, &digits, &decimals)) {
        size_t len = write_scaled(signbit(value), digits, decimals, buf);
        if (decimals == 0) {
            memcpy(buf + len, ".0", 3);
            len += 2;
        }
        return len;
    }
    return tidy_as_jansson(buf, numfmt_general(value, 15, buf));
}

/* The text "%.*f" gives (at most FAST_TEXT_MAX bytes with its NUL) when the exact path above gives it, else 0 with
 * nothing written. */
static size_t fixed_fast(double value, unsigned decimals, char *buf)
{
    double magnitude = fabs(value);
    if (!isfinite(value) || decimals > FAST_DECIMALS_MAX || magnitude * powers_of_ten[decimals] >= TWO_POW_52)
        return 0;
    double scale = powers_of_ten[decimals];
    double product = magnitude * scale;
    double error = fma(magnitude, scale, -product); /* magnitude x scale = product + error, exactly */
    /* 0 <= product < 2^52: the conversion truncates, which is the floor, and both ways are exact */
    unsigned long long whole = (unsigned long long)product;
    double fraction = product - (double)whole;
    bool up;
    if (fraction != 0.5)
        up = fraction > 0.5;
    else if (error != 0.0)
        up = error > 0.0;
    else
        up = (whole & 1) != 0; /* a true tie: to even */
    return write_scaled(signbit(value), whole + (up ? 1 : 0), decimals, buf);
}

size_t numfmt_fixed(double value, unsigned decimals, char *buf)
{
    size_t len = fixed_fast(value, decimals, buf);
    return len > 0 ? len : printf_one(buf, "%.*f", decimals, value);
}

/* ---- formats ---------------------------------------------------------------------------------------------------- */

typedef struct output {
    char *buf;
    size_t size;
    size_t len; /* what the whole text needs, as vsnprintf counts it */
} output;

static void emit(output *out, const char *text, size_t len)
{
    if (out->len < out->size) {
        size_t room = out->size - 1 - out->len;
        memcpy(out->buf + out->len, text, len < room ? len : room);
    }
    out->len += len;
}

/* Where a number's text can be written in place: the output's next byte when FAST_TEXT_MAX bytes are left (the exact
 * paths' longest, NUL included), else NULL. */
static char *room_for_number(const output *out)
{
    return out->len < out->size && out->size - out->len >= FAST_TEXT_MAX ? out->buf + out->len : NULL;
}

int numfmt_vformat(char *buf, size_t size, const char *fmt, va_list args)
{
    va_list untouched;
    va_copy(untouched, args);
    output out = {buf, size, 0};
    const char *cursor = fmt;
    while (*cursor != '\0') {
        const char *percent = strchr(cursor, '%');
        if (percent == NULL) {
            emit(&out, cursor, strlen(cursor));
            break;
        }
        emit(&out, cursor, (size_t)(percent - cursor));
        const char *spec = percent + 1;
        bool has_precision = false;
        unsigned precision = 0;
        if (*spec == '.') {
            has_precision = true;
            spec++;
            while (*spec >= '0' && *spec <= '9' && precision < 100)
                precision = precision * 10 + (unsigned)(*spec++ - '0');
        }
        bool size_t_arg = false;
        if (*spec == 'z') {
            size_t_arg = true;
            spec++;
        }
        char number[NUMFMT_MAX];
        size_t len = 0;
        switch (*spec) {
        case '%':
            if (has_precision || size_t_arg)
                goto whole_format;
            emit(&out, "%", 1);
            break;
        case 's': {
            if (has_precision || size_t_arg)
                goto whole_format;
            const char *text = va_arg(args, const char *);
            if (text == NULL)
                text = "(null)"; /* glibc's text for a null %s */
            emit(&out, text, strlen(text));
            break;
        }
        case 'u':
        case 'd': {
            if (has_precision)
                goto whole_format;
            unsigned long long magnitude;
            bool negative = false;
            if (size_t_arg) {
                if (*spec == 'd')
                    goto whole_format;
                magnitude = va_arg(args, size_t);
            } else if (*spec == 'u') {
                magnitude = va_arg(args, unsigned);
            } else {
                int signed_value = va_arg(args, int);
                negative = signed_value < 0;
                magnitude = negative ? 0ULL - (unsigned long long)(long long)signed_value
                                     : (unsigned long long)signed_value;
            }
            char *at = room_for_number(&out);
            if (at != NULL) {
                out.len += write_scaled(negative, magnitude, 0, at);
                break;
            }
            len = write_scaled(negative, magnitude, 0, number);
            emit(&out, number, len);
            break;
        }
        case 'f':
        case 'g': {
            if (size_t_arg || precision > 20)
                goto whole_format;
            double value = va_arg(args, double);
            if (!has_precision)
                precision = 6; /* C11 7.21.6.1 */
            char *at = room_for_number(&out);
            if (at != NULL && (len = *spec == 'f' ? fixed_fast(value, precision, at)
                                                  : general_fast(value, precision, at)) > 0) {
                out.len += len; /* written in place */
                break;
            }
            len = *spec == 'f' ? numfmt_fixed(value, precision, number) : numfmt_general(value, precision, number);
            emit(&out, number, len);
            break;
        }
        default: goto whole_format;
        }
        cursor = spec + 1;
    }
    if (size > 0)
        buf[out.len < size ? out.len : size - 1] = '\0';
    va_end(untouched);
    return (int)out.len;

whole_format: {
    int whole = vsnprintf(buf, size, fmt, untouched);
    va_end(untouched);
    return whole;
}
}

int numfmt_format(char *buf, size_t size, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    int len = numfmt_vformat(buf, size, fmt, args);
    va_end(args);
    return len;
}
