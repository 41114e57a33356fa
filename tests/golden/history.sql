-- Price history rows for the golden history cases: the seed catalog has none (history grows with refreshes). The
-- hourly figures and their "test fixture" source are made up for these tests: they are not prices of the provider.
-- Ids are fixed so the answers (newest first, cursors by id) are the same on every run.
INSERT INTO price_history (id, provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source,
                           fetched_at, effective_at, run_id) VALUES
    (1, 'aws', 'p5.48xlarge', 'us-east-1', 'on_demand', 98.32, 'USD', 'test fixture', '2025-01-01T00:00:00Z',
     '2025-01-01T00:00:00Z', NULL),
    (2, 'aws', 'p5.48xlarge', 'us-east-2', 'on_demand', 98.32, 'USD', 'test fixture', '2025-01-01T00:00:00Z',
     '2025-01-01T00:00:00Z', NULL),
    (3, 'aws', 'p5.48xlarge', 'us-east-1', 'spot', 40.5, 'USD', 'test fixture', '2025-02-01T00:00:00Z',
     '2025-02-01T00:00:00Z', NULL),
    (4, 'aws', 'p5.48xlarge', 'us-east-1', 'on_demand', 55.04, 'USD', 'test fixture', '2025-06-01T00:00:00Z',
     '2025-06-01T00:00:00Z', NULL),
    (5, 'aws', 'p5.48xlarge', 'us-east-2', 'on_demand', 55.04, 'USD', 'test fixture', '2025-06-01T00:00:00Z',
     '2025-06-01T00:00:00Z', NULL),
    (6, 'aws', 'p5.48xlarge', 'us-east-1', 'spot', 31.25, 'USD', 'test fixture', '2025-06-15T00:00:00Z',
     '2025-06-15T00:00:00Z', NULL);
