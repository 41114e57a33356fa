/* The Alibaba Cloud ECS adapter on a fuzzed DescribeSpotPriceHistory answer, over the seed catalog's first two
 * alibaba instance types in its first alibaba region: DescribePrice prices both (the recorded answer), so their spot
 * history is asked for; the fuzzed page answers the first spot requests (the pages a NextOffset asks for among them,
 * an error document retried or failing the region's spot part), then an empty page. Both on-demand rows must come
 * through whatever the spot pages say. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

/* Narrows run to the first two alibaba instance types and the first alibaba region (aborts when the seed has fewer). */
static void trim_run(provider_run *run)
{
    size_t i = 0, k = 0;
    while (i < run->instance_count && strcmp(run->instances[i].provider, "alibaba") != 0)
        i++;
    while (k < run->region_count && strcmp(run->regions[k].provider, "alibaba") != 0)
        k++;
    if (i + 2 > run->instance_count || strcmp(run->instances[i + 1].provider, "alibaba") != 0 ||
        k == run->region_count)
        abort();
    run->instances += i;
    run->instance_count = 2;
    run->regions += k;
    run->region_count = 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t price_len;
    const char *price = fuzz_fixture("alibaba/price_gn6i_cn-hangzhou.json", &price_len);
    fuzz_fetch_reset();
    /* Only the spot calls ask for the VPC network type. */
    fuzz_fetch_serve("NetworkType=vpc", (const char *)data, size, 4,
                     "{\"RequestId\":\"fuzz\",\"Currency\":\"CNY\",\"SpotPrices\":{\"SpotPriceType\":[]}}");
    fuzz_fetch_serve("alibaba.fuzz.invalid", price, price_len, 2,
                     "{\"Code\":\"InvalidInstanceType.ValueNotSupported\",\"Message\":\"fuzz\"}");
    provider_run run;
    fuzz_provider_run(&run, provider_alibaba.id);
    trim_run(&run);
    price_batch batch;
    price_batch_init(&batch);
    char err[1024] = "";
    int rc = provider_alibaba.fetch(&run, &batch, err, sizeof err);
    fuzz_check_batch(rc, &batch, err);
    size_t on_demand = 0;
    for (size_t i = 0; i < batch.count; i++)
        on_demand += batch.rows[i].model == PRICING_ON_DEMAND;
    if (rc != 0 || on_demand != 2) {
        fprintf(stderr, "fuzz: a spot answer cost the on-demand prices (rc %d, %zu rows): %s\n", rc, on_demand, err);
        abort();
    }
    price_batch_free(&batch);
    return 0;
}
