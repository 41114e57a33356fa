/* The AWS offer file CSV parser as it streams: the input is fed in pieces whose sizes come from its first byte, so
 * records, quoted fields and line ends straddle piece boundaries. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t piece = (size_t)data[0] % 64 + 1;
    data++;
    size--;
    provider_run run;
    fuzz_provider_run(&run, "aws");
    price_batch batch;
    price_batch_init(&batch);
    aws_csv *parser = aws_csv_new(&run, "us-east-1", &batch);
    int rc = 0;
    for (size_t at = 0; at < size && rc == 0; at += piece) {
        size_t n = size - at < piece ? size - at : piece;
        rc = aws_csv_feed(parser, (const char *)data + at, n);
        piece = piece * 7 % 97 + 1;
    }
    if (rc == 0)
        rc = aws_csv_finish(parser);
    const char *why = aws_csv_error(parser);
    fuzz_check_batch(rc, &batch, rc != 0 && why != NULL ? why : "");
    (void)aws_csv_records(parser);
    (void)aws_csv_version(parser);
    aws_csv_free(parser);
    price_batch_free(&batch);
    return 0;
}
