/* printf's number conversions without printf. glibc formats a double through multi-precision arithmetic, which made
 * the numbers in an answer (reals in JSON, the figures in a recommendation's reasons) cost more than ranking the
 * catalog. These give the same text as snprintf with the matching conversion, for every value (tests/unit/base/test_numfmt.c
 * compares them), computing the common cases directly and handing the rest to snprintf. Thread-safe: no state. */
#ifndef GPUREC_NUMFMT_H
#define GPUREC_NUMFMT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Room for any text the functions below write for one number. */
#define NUMFMT_MAX 400

/* "%.15g", then jansson's clean-up (its strconv.c): ".0" when the text has neither '.' nor 'e', and no '+' or leading
 * zeros in an exponent. value must be finite. buf holds NUMFMT_MAX bytes; returns the length. */
size_t numfmt_real15(double value, char *buf);
/* "%lld": value in decimal. buf holds at least 24 bytes; returns the length. */
size_t numfmt_integer(long long value, char *buf);
/* [-]digits / 10^decimals in positional notation, exactly decimals digits after the point (none and no point for 0):
 * "%.*f" of that decimal. buf holds at least decimals + 24 bytes; returns the length. */
size_t numfmt_decimal(bool negative, unsigned long long digits, unsigned decimals, char *buf);
/* "%.*f" with decimals digits after the point (any double, NaN and infinities too). */
size_t numfmt_fixed(double value, unsigned decimals, char *buf);
/* "%.*g" with precision significant digits. */
size_t numfmt_general(double value, unsigned precision, char *buf);

/* vsnprintf(buf, size, fmt, args) for formats made of text and the conversions %s %d %u %zu %f %g with an optional
 * precision (".N") and %%: the same text and return value. A format with anything else (flags, widths, other
 * conversions) is handed to vsnprintf whole. */
int numfmt_vformat(char *buf, size_t size, const char *fmt, va_list args);
/* snprintf() the same way. */
int numfmt_format(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
