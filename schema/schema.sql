-- gpurec's schema: what applying every file of migrations/ produces (tests/test_migrate.c checks they agree).
-- Regenerate after adding a migration: apply them to an empty database and run sqlite3 DB .schema

CREATE TABLE providers (
    id TEXT PRIMARY KEY CHECK (id GLOB '[a-z]*'),
    name TEXT NOT NULL,
    currency TEXT NOT NULL,
    price_source TEXT NOT NULL
);

CREATE TABLE regions (
    provider_id TEXT NOT NULL REFERENCES providers(id),
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    geography TEXT NOT NULL CHECK (geography IN ('us', 'ca', 'sa', 'eu', 'me', 'af', 'apac', 'cn', 'oc')), country TEXT NOT NULL DEFAULT '' CHECK (country = '' OR country GLOB '[A-Z][A-Z]'),
    PRIMARY KEY (provider_id, id)
) WITHOUT ROWID;

CREATE TABLE gpus (
    id TEXT PRIMARY KEY CHECK (id GLOB '[a-z0-9]*'),
    name TEXT NOT NULL,
    vendor TEXT NOT NULL CHECK (vendor IN ('nvidia', 'amd', 'intel')),
    architecture TEXT NOT NULL,
    form_factor TEXT NOT NULL CHECK (form_factor IN ('sxm', 'pcie', 'oam', 'nvl')),
    memory_gb REAL NOT NULL CHECK (memory_gb > 0),
    memory_type TEXT NOT NULL,
    memory_bandwidth_gb_per_s REAL NOT NULL CHECK (memory_bandwidth_gb_per_s > 0),
    fp64_tflops REAL NOT NULL CHECK (fp64_tflops >= 0),
    fp64_tensor_tflops REAL CHECK (fp64_tensor_tflops > 0),
    fp32_tflops REAL NOT NULL CHECK (fp32_tflops > 0),
    tf32_tflops REAL CHECK (tf32_tflops > 0),
    fp16_tflops REAL CHECK (fp16_tflops > 0),
    bf16_tflops REAL CHECK (bf16_tflops > 0),
    fp8_tflops REAL CHECK (fp8_tflops > 0),
    int8_tops REAL CHECK (int8_tops > 0),
    tdp_watts REAL NOT NULL CHECK (tdp_watts > 0),
    interconnect TEXT NOT NULL,
    interconnect_gb_per_s REAL NOT NULL CHECK (interconnect_gb_per_s > 0),
    ecc INTEGER NOT NULL CHECK (ecc IN (0, 1)),
    mig INTEGER NOT NULL CHECK (mig IN (0, 1)),
    vgpu INTEGER NOT NULL CHECK (vgpu IN (0, 1)),
    release_year INTEGER NOT NULL CHECK (release_year BETWEEN 2010 AND 2030),
    sources TEXT NOT NULL CHECK (json_valid(sources) AND json_type(sources) = 'array'),
    fp4_tflops REAL CHECK (fp4_tflops > 0)
);

CREATE TABLE fx_rates (
    currency TEXT PRIMARY KEY CHECK (length(currency) = 3),
    usd_per_unit REAL NOT NULL CHECK (usd_per_unit > 0),
    source TEXT NOT NULL,
    as_of TEXT NOT NULL
);

CREATE TABLE fetch_state (
    provider_id TEXT NOT NULL REFERENCES providers(id),
    url TEXT NOT NULL,
    etag TEXT,
    version TEXT,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (provider_id, url)
) WITHOUT ROWID;

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
    retired_at TEXT CHECK (retired_at IS NULL OR retired_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z'), availability TEXT NOT NULL DEFAULT 'general' CHECK (availability IN ('general', 'reservation_only')),
    PRIMARY KEY (provider_id, id)
) WITHOUT ROWID;

CREATE INDEX instance_types_gpu ON instance_types(gpu_id);

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

CREATE INDEX refresh_runs_provider ON refresh_runs(provider_id, id);

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

CREATE INDEX price_history_key ON price_history(provider_id, instance_type_id, region_id, pricing_model, id);

CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
);


CREATE TABLE models (
    id TEXT PRIMARY KEY CHECK (id GLOB '[a-z0-9]*' AND id NOT GLOB '*[^a-z0-9.-]*'),
    name TEXT NOT NULL,
    family TEXT NOT NULL CHECK (family GLOB '[a-z]*' AND family NOT GLOB '*[^a-z0-9-]*'),
    params_b REAL NOT NULL CHECK (params_b > 0),
    active_params_b REAL NOT NULL CHECK (active_params_b > 0 AND active_params_b <= params_b),
    layers INTEGER NOT NULL CHECK (layers > 0),
    hidden_size INTEGER NOT NULL CHECK (hidden_size > 0),
    intermediate_size INTEGER CHECK (intermediate_size > 0),
    moe_intermediate_size INTEGER CHECK (moe_intermediate_size > 0),
    mlp TEXT NOT NULL CHECK (mlp IN ('gated', 'plain')),
    attention_heads INTEGER NOT NULL CHECK (attention_heads > 0),
    kv_heads INTEGER NOT NULL CHECK (kv_heads > 0 AND kv_heads <= attention_heads AND attention_heads % kv_heads = 0),
    head_dim INTEGER NOT NULL CHECK (head_dim > 0),
    attention TEXT NOT NULL CHECK (attention IN ('mha', 'gqa', 'mqa', 'mla')),
    q_lora_rank INTEGER CHECK (q_lora_rank > 0),
    kv_lora_rank INTEGER CHECK (kv_lora_rank > 0),
    qk_nope_head_dim INTEGER CHECK (qk_nope_head_dim > 0),
    qk_rope_head_dim INTEGER CHECK (qk_rope_head_dim > 0),
    v_head_dim INTEGER CHECK (v_head_dim > 0),
    experts INTEGER NOT NULL CHECK (experts >= 0),
    shared_experts INTEGER NOT NULL CHECK (shared_experts >= 0),
    experts_per_token INTEGER NOT NULL CHECK (experts_per_token >= 0 AND experts_per_token <= experts),
    dense_layers INTEGER NOT NULL CHECK (dense_layers >= 0 AND dense_layers < layers),
    tied_embeddings INTEGER NOT NULL CHECK (tied_embeddings IN (0, 1)),
    vocab_size INTEGER NOT NULL CHECK (vocab_size > 0),
    max_context INTEGER NOT NULL CHECK (max_context > 0),
    sliding_window INTEGER CHECK (sliding_window > 0 AND sliding_window < max_context),
    sliding_window_layers INTEGER NOT NULL CHECK (sliding_window_layers >= 0 AND sliding_window_layers <= layers),
    release_year INTEGER NOT NULL CHECK (release_year BETWEEN 2017 AND 2030),
    license TEXT NOT NULL,
    sources TEXT NOT NULL CHECK (json_valid(sources) AND json_type(sources) = 'array' AND json_array_length(sources) > 0),
    CHECK (attention = 'mla' OR (attention = 'mha') = (kv_heads = attention_heads)),
    CHECK (attention <> 'mqa' OR kv_heads = 1),
    CHECK (attention <> 'gqa' OR (kv_heads > 1 AND kv_heads < attention_heads)),
    CHECK (attention <> 'mla' OR (kv_lora_rank IS NOT NULL AND qk_nope_head_dim IS NOT NULL AND qk_rope_head_dim IS NOT NULL
                                  AND v_head_dim IS NOT NULL AND head_dim = qk_nope_head_dim + qk_rope_head_dim)),
    CHECK (attention = 'mla' OR (q_lora_rank IS NULL AND kv_lora_rank IS NULL AND qk_nope_head_dim IS NULL
                                 AND qk_rope_head_dim IS NULL AND v_head_dim IS NULL)),
    CHECK ((experts = 0) = (experts_per_token = 0)),
    CHECK (experts > 0 OR (shared_experts = 0 AND dense_layers = 0 AND moe_intermediate_size IS NULL
                           AND intermediate_size IS NOT NULL AND active_params_b = params_b)),
    CHECK (experts = 0 OR (moe_intermediate_size IS NOT NULL AND active_params_b < params_b
                           AND (dense_layers = 0 OR intermediate_size IS NOT NULL))),
    CHECK ((sliding_window IS NULL) = (sliding_window_layers = 0))
) WITHOUT ROWID;

CREATE TABLE oci_price_parts (
    provider_id TEXT NOT NULL DEFAULT 'oci' CHECK (provider_id = 'oci'),
    instance_type_id TEXT NOT NULL,
    part_number TEXT NOT NULL CHECK (part_number GLOB 'B[0-9]*' AND part_number NOT GLOB 'B*[^0-9]*'),
    gpus REAL NOT NULL CHECK (gpus > 0),
    source TEXT NOT NULL CHECK (length(source) > 0),
    PRIMARY KEY (provider_id, instance_type_id),
    FOREIGN KEY (provider_id, instance_type_id) REFERENCES instance_types(provider_id, id)
) WITHOUT ROWID;

-- Rebuilt by 0026 to allow the suite 'blender' and by 0029 for 'gromacs', 'namd' and 'zprize-msm'; SQLite keeps the
-- renamed table's name quoted.
CREATE TABLE "benchmarks" (
    id TEXT PRIMARY KEY CHECK (id GLOB '[a-z0-9]*' AND id NOT GLOB '*[^a-z0-9.-]*'),
    benchmark TEXT NOT NULL CHECK (benchmark GLOB '[a-z0-9]*' AND benchmark NOT GLOB '*[^a-z0-9.-]*'),
    suite TEXT NOT NULL CHECK (suite IN ('mlperf-inference', 'mlperf-training', 'hpl', 'hpcg', 'amber', 'zprize', 'ssb',
                                         'blender', 'gromacs', 'namd', 'zprize-msm')),
    suite_version TEXT NOT NULL,
    case_name TEXT NOT NULL,
    gpu_id TEXT NOT NULL REFERENCES gpus(id),
    gpu_count INTEGER NOT NULL CHECK (gpu_count > 0),
    published_value REAL NOT NULL CHECK (published_value > 0),
    published_unit TEXT NOT NULL,
    unit TEXT NOT NULL,
    rate REAL NOT NULL CHECK (rate > 0),
    measured_on TEXT NOT NULL CHECK (measured_on GLOB '[0-9][0-9][0-9][0-9]*'),
    url TEXT NOT NULL CHECK (url GLOB 'https://*'),
    settings TEXT NOT NULL,
    UNIQUE (benchmark, gpu_id)
);

CREATE INDEX benchmarks_gpu ON benchmarks(gpu_id);
