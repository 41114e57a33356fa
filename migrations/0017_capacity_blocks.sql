-- 0017_capacity_blocks: the capacity_block pricing model and reservation-only instance types (the rates are seeded
-- by 0016).
--
-- prices.pricing_model gains 'capacity_block': capacity reserved ahead for a fixed number of hours at an hourly
--   rate, paid for the whole block whether used or not. prices.min_hours / max_hours: the durations a block is sold
--   for (NULL for every other pricing model).
-- instance_types.availability: 'general', or 'reservation_only' for a type sold only through reservations and
--   capacity blocks; such a type is never served as on-demand or spot.
--
-- SQLite cannot change a CHECK constraint in place, so prices is rebuilt as 0007 did (nothing references it).

ALTER TABLE prices RENAME TO prices_0014;
CREATE TABLE prices (
    provider_id TEXT NOT NULL,
    instance_type_id TEXT NOT NULL,
    region_id TEXT NOT NULL,
    pricing_model TEXT NOT NULL CHECK (pricing_model IN ('on_demand', 'spot', 'reserved_1y', 'reserved_3y',
                                                         'savings_plan_1y', 'savings_plan_3y', 'capacity_block')),
    hourly REAL NOT NULL CHECK (hourly > 0),
    currency TEXT NOT NULL REFERENCES fx_rates(currency),
    source TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    effective_at TEXT NOT NULL,
    spot_interruption TEXT,
    estimated INTEGER NOT NULL DEFAULT 0 CHECK (estimated IN (0, 1)),
    effective_end_at TEXT,
    listed_at TEXT CHECK (listed_at IS NULL OR listed_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z'),
    min_hours REAL CHECK (min_hours > 0),
    max_hours REAL CHECK (max_hours >= min_hours),
    CHECK ((pricing_model = 'capacity_block') = (min_hours IS NOT NULL AND max_hours IS NOT NULL)),
    PRIMARY KEY (provider_id, instance_type_id, region_id, pricing_model),
    FOREIGN KEY (provider_id, instance_type_id) REFERENCES instance_types(provider_id, id),
    FOREIGN KEY (provider_id, region_id) REFERENCES regions(provider_id, id)
) WITHOUT ROWID;
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at,
                    effective_at, spot_interruption, estimated, effective_end_at, listed_at)
    SELECT provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at,
           effective_at, spot_interruption, estimated, effective_end_at, listed_at
    FROM prices_0014;
DROP TABLE prices_0014;

ALTER TABLE instance_types ADD COLUMN availability TEXT NOT NULL DEFAULT 'general' CHECK (availability IN ('general', 'reservation_only'));
