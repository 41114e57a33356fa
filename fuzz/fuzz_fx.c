/* The ECB euro reference rates reader (the fx adapter) on a fuzzed document: the strict XML reader alone, then the
 * whole adapter, which converts the rates and adds them to a batch. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char date[11], err[160];
    fx_rate rates[FX_MAX_RATES];
    size_t count = 0;
    fx_parse_ecb((const char *)data, size, date, rates, &count, err, sizeof err);
    fuzz_fetch_reset();
    fuzz_fetch_serve("eurofxref-daily.xml", (const char *)data, size, 1, NULL);
    fuzz_run_adapter(&provider_fx);
    return 0;
}
