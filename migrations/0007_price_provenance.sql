-- 0007_price_provenance: columns that say how far a price and an instance type can be trusted.
--
-- prices.estimated / price_history.estimated: 1 when the figure was derived by a rule (for example the on-demand rate
--   times a discount level) rather than read as a published figure; `source` then starts with "rule: " and states the
--   rule. 0 for published figures, which is what every adapter stores.
-- prices.effective_end_at / price_history.effective_end_at: the last instant the price applies (ISO 8601 UTC), as
--   published (Azure's effectiveEndDate); NULL when the provider states no end. A price past it is not to be served.
-- instance_types.retired_at: when the provider retired the type (ISO 8601 UTC); NULL for a current type. A retired
--   type keeps its rows and history but is never recommended.
-- instance_types.cluster_network gains 'tcpx': GPUDirect-TCPX / TCPXO, Google Cloud's GPU-to-GPU network for A3
--   High and A3 Mega (not RDMA; https://cloud.google.com/compute/docs/gpus/gpudirect).
-- refresh_runs.status gains 'partial' (some regions or optional sources failed, the rest applied); rows_stale counts
--   offered prices refused because their effective date is older than the stored one; failed_parts is a JSON array
--   naming the parts that failed (NULL when none did).
--
-- SQLite cannot change a CHECK constraint in place, so instance_types and refresh_runs are rebuilt, and with them the
-- tables whose foreign keys name them (prices, price_history): each old table is renamed (the rename rewrites the
-- references to it), its replacement is created under the old name and filled, the referencing table is rebuilt the
-- same way so that its foreign key names the new table, and the old tables are dropped. The migration runs inside one
-- transaction with foreign keys enforced; a failure leaves the database as it was.

ALTER TABLE instance_types RENAME TO instance_types_0006;
DROP INDEX instance_types_gpu;
CREATE TABLE instance_types (
    provider_id TEXT NOT NULL REFERENCES providers(id),
    id TEXT NOT NULL,
    family TEXT NOT NULL,
    gpu_id TEXT NOT NULL REFERENCES gpus(id),
    gpu_count REAL NOT NULL CHECK (gpu_count > 0),
    gpu_memory_gb REAL NOT NULL CHECK (gpu_memory_gb > 0),
    vcpus INTEGER NOT NULL CHECK (vcpus > 0),
    memory_gb REAL NOT NULL CHECK (memory_gb > 0),
    network_gbps REAL NOT NULL CHECK (network_gbps > 0),
    gpu_interconnect TEXT NOT NULL CHECK (gpu_interconnect IN ('nvswitch', 'nvlink', 'xgmi', 'pcie', 'none')),
    cluster_network TEXT NOT NULL CHECK (cluster_network IN ('efa', 'infiniband', 'roce', 'tcpx', 'none')),
    cluster_network_gbps REAL NOT NULL CHECK (cluster_network_gbps >= 0),
    source TEXT NOT NULL,
    retired_at TEXT CHECK (retired_at IS NULL OR retired_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z'),
    PRIMARY KEY (provider_id, id)
) WITHOUT ROWID;
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps,
                            gpu_interconnect, cluster_network, cluster_network_gbps, source, retired_at)
    SELECT provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps,
           gpu_interconnect, cluster_network, cluster_network_gbps, source, NULL
    FROM instance_types_0006;
CREATE INDEX instance_types_gpu ON instance_types(gpu_id);

ALTER TABLE prices RENAME TO prices_0006;
CREATE TABLE prices (
    provider_id TEXT NOT NULL,
    instance_type_id TEXT NOT NULL,
    region_id TEXT NOT NULL,
    pricing_model TEXT NOT NULL CHECK (pricing_model IN ('on_demand', 'spot', 'reserved_1y', 'reserved_3y',
                                                         'savings_plan_1y', 'savings_plan_3y')),
    hourly REAL NOT NULL CHECK (hourly > 0),
    currency TEXT NOT NULL REFERENCES fx_rates(currency),
    source TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    effective_at TEXT NOT NULL,
    spot_interruption TEXT,
    estimated INTEGER NOT NULL DEFAULT 0 CHECK (estimated IN (0, 1)),
    effective_end_at TEXT,
    PRIMARY KEY (provider_id, instance_type_id, region_id, pricing_model),
    FOREIGN KEY (provider_id, instance_type_id) REFERENCES instance_types(provider_id, id),
    FOREIGN KEY (provider_id, region_id) REFERENCES regions(provider_id, id)
) WITHOUT ROWID;
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at,
                    effective_at, spot_interruption, estimated, effective_end_at)
    SELECT provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at,
           effective_at, spot_interruption, 0, NULL
    FROM prices_0006;
DROP TABLE prices_0006;
DROP TABLE instance_types_0006;

ALTER TABLE refresh_runs RENAME TO refresh_runs_0006;
DROP INDEX refresh_runs_provider;
CREATE TABLE refresh_runs (
    id INTEGER PRIMARY KEY,
    provider_id TEXT NOT NULL REFERENCES providers(id),
    started_at TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('ok', 'partial', 'error', 'unchanged')),
    rows_seen INTEGER NOT NULL DEFAULT 0,
    rows_changed INTEGER NOT NULL DEFAULT 0,
    rows_rejected INTEGER NOT NULL DEFAULT 0,
    rows_stale INTEGER NOT NULL DEFAULT 0,
    duration_ms INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    failed_parts TEXT CHECK (failed_parts IS NULL OR (json_valid(failed_parts) AND json_type(failed_parts) = 'array'))
);
INSERT INTO refresh_runs (id, provider_id, started_at, finished_at, status, rows_seen, rows_changed, rows_rejected,
                          rows_stale, duration_ms, error, failed_parts)
    SELECT id, provider_id, started_at, finished_at, status, rows_seen, rows_changed, rows_rejected, 0, duration_ms,
           error, NULL
    FROM refresh_runs_0006;
CREATE INDEX refresh_runs_provider ON refresh_runs(provider_id, id);

ALTER TABLE price_history RENAME TO price_history_0006;
DROP INDEX price_history_key;
CREATE TABLE price_history (
    id INTEGER PRIMARY KEY,
    provider_id TEXT NOT NULL,
    instance_type_id TEXT NOT NULL,
    region_id TEXT NOT NULL,
    pricing_model TEXT NOT NULL,
    hourly REAL NOT NULL,
    currency TEXT NOT NULL,
    source TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    effective_at TEXT NOT NULL,
    run_id INTEGER REFERENCES refresh_runs(id),
    estimated INTEGER NOT NULL DEFAULT 0 CHECK (estimated IN (0, 1)),
    effective_end_at TEXT
);
INSERT INTO price_history (id, provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source,
                           fetched_at, effective_at, run_id, estimated, effective_end_at)
    SELECT id, provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at,
           effective_at, run_id, 0, NULL
    FROM price_history_0006;
CREATE INDEX price_history_key ON price_history(provider_id, instance_type_id, region_id, pricing_model, id);
DROP TABLE price_history_0006;
DROP TABLE refresh_runs_0006;
