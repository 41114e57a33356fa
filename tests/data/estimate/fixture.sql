-- A small catalog with made-up prices for the estimate tests. It applies over migrations/0001_schema.sql alone or
-- over the seeded catalog (its ids are its own), so every expected figure in tests/test_api_estimate.c is worked out
-- by hand from the numbers here and does not move when the seed catalog's prices are updated.
INSERT INTO providers (id, name, currency, price_source) VALUES
    ('alpha', 'Alpha Cloud', 'USD', 'test fixture'),
    ('beta', 'Beta Cloud', 'CNY', 'test fixture');

INSERT INTO regions (provider_id, id, name, geography) VALUES
    ('alpha', 'r-east', 'East', 'us'),
    ('alpha', 'r-west', 'West', 'us'),
    ('beta', 'cn-test', 'Test (China)', 'cn');

-- An upsert, so the fixture also applies over the seeded catalog (the daemon tests add it to a migrated database).
INSERT INTO fx_rates (currency, usd_per_unit, source, as_of) VALUES
    ('USD', 1, 'identity', '2025-06-02T00:00:00Z'),
    ('CNY', 0.1383, 'fixture rate', '2025-06-02T00:00:00Z')
ON CONFLICT (currency) DO UPDATE SET usd_per_unit = excluded.usd_per_unit, source = excluded.source,
    as_of = excluded.as_of;

INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s,
                  fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops,
                  int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources)
VALUES ('tgpu', 'Test GPU', 'nvidia', 'test', 'sxm', 80, 'HBM3', 3350, 34, 67, 67, 494, 989, 989, 1979, 1979, 700,
        'nvlink4', 900, 1, 1, 0, 2023, '["fixture"]');

INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps,
                            gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('alpha', 'big.8x', 'big', 'tgpu', 8, 640, 192, 2048, 100, 'nvswitch', 'efa', 3200, 'fixture'),
    ('alpha', 'big.4x', 'big', 'tgpu', 4, 320, 96, 1024, 100, 'nvswitch', 'none', 0, 'fixture'),
    ('alpha', 'big.2x', 'big', 'tgpu', 2, 160, 48, 512, 50, 'nvlink', 'none', 0, 'fixture'),
    ('alpha', 'big.1x', 'big', 'tgpu', 1, 80, 24, 256, 25, 'none', 'none', 0, 'fixture'),
    ('alpha', 'small.1x', 'small', 'tgpu', 1, 80, 8, 64, 10, 'none', 'none', 0, 'fixture'),
    ('alpha', 'huge.8x', 'huge', 'tgpu', 8, 640, 192, 2048, 100, 'nvswitch', 'none', 0, 'fixture'),
    ('beta', 'gn.8x', 'gn', 'tgpu', 8, 640, 192, 2048, 100, 'nvswitch', 'none', 0, 'fixture');

INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at,
                    effective_at, spot_interruption) VALUES
    ('alpha', 'big.8x', 'r-east', 'on_demand', 98.32, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alpha', 'big.8x', 'r-east', 'spot', 39.33, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', '<5%'),
    ('alpha', 'big.8x', 'r-east', 'reserved_1y', 57.63, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alpha', 'big.8x', 'r-east', 'reserved_3y', 39.70, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alpha', 'big.8x', 'r-west', 'on_demand', 100.00, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alpha', 'big.4x', 'r-east', 'on_demand', 49.16, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alpha', 'big.4x', 'r-east', 'savings_plan_1y', 30.00, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alpha', 'big.2x', 'r-east', 'spot', 10.00, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alpha', 'big.1x', 'r-east', 'on_demand', 12.29, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alpha', 'small.1x', 'r-east', 'on_demand', 0.004, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alpha', 'huge.8x', 'r-east', 'on_demand', 99999, 'USD', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('beta', 'gn.8x', 'cn-test', 'on_demand', 232, 'CNY', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('beta', 'gn.8x', 'cn-test', 'reserved_1y', 150, 'CNY', 'fixture', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- A derived price: the estimate must say it is estimated and which rule made it.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at,
                    effective_at, spot_interruption, estimated) VALUES
    ('alpha', 'big.1x', 'r-east', 'reserved_1y', 8.00, 'USD', 'rule: 0.65 x the on-demand rate (fixture)',
     '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL, 1);
