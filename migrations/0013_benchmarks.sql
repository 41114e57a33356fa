-- 0013_benchmarks: the table of measured benchmark rates (its rows: 0014_seed_benchmarks.sql), the unit of work that rendering, science, vision inference, proofs and
-- analytics jobs are priced by (POST /v1/recommend with workload.benchmark; GET /v1/benchmarks).
--
-- One row per published measurement of one benchmark on one system. Columns:
--   id              the row's id: <benchmark>--<gpu_id>
--   benchmark       what a workload names (workload.benchmark): one case of one suite
--   suite           mlperf-inference | mlperf-training | hpl | hpcg | amber | zprize | ssb
--   suite_version   the suite's round or version as published
--   case_name       the case, scene or system in the publisher's words
--   gpu_id          the GPU, as the gpus table names it
--   gpu_count       GPUs of the measured system (the rate is the whole system's)
--   published_value the figure as published, in published_unit
--   unit            the unit of work a job gives (workload.work counts it): image, sample, training run, TFLOP, ns,
--                   proof, GB
--   rate            units of work per second of the whole measured system, from published_value (the conversion is
--                   in the comment above each row where it is not the published figure itself)
--   measured_on     when the figure was published, as precisely as known (YYYY, YYYY-MM or YYYY-MM-DD)
--   url             where the figure is published
--   settings        what the figure depends on: precision, software, scenario, what else the system had
--
-- Rows exist only where a figure was found and read; suites and GPUs without one are left out, never estimated here.
-- Not found (left out): Blender Open Data medians per GPU (the page's per-device tables could not be read here),
-- AMBER's own GPU table (ambermd.org/GPUPerformance.php: only its prose could be read), MLPerf Training on A100, HPL
-- of an H100 system with a published GPU count.

CREATE TABLE benchmarks (
    id TEXT PRIMARY KEY CHECK (id GLOB '[a-z0-9]*' AND id NOT GLOB '*[^a-z0-9.-]*'),
    benchmark TEXT NOT NULL CHECK (benchmark GLOB '[a-z0-9]*' AND benchmark NOT GLOB '*[^a-z0-9.-]*'),
    suite TEXT NOT NULL CHECK (suite IN ('mlperf-inference', 'mlperf-training', 'hpl', 'hpcg', 'amber', 'zprize', 'ssb')),
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
