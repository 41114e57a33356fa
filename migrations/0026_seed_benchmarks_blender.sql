-- 0026_seed_benchmarks_blender: rendering's unit of work. Blender Open Data (opendata.blender.org) medians of the
-- Blender Benchmark on NVIDIA GPUs of the catalogue, Blender 4.5.0, OPTIX device type (the table: 0013_benchmarks.sql).
--
-- The suite: 0013 allowed only the suites it knew, so the table is rebuilt with 'blender' among them (its rows kept).
--
-- Source: Open Data's query grouped by device name, compute type and Blender version
-- (https://opendata.blender.org/benchmarks/query/?group_by=device_name&group_by=compute_type
-- &group_by=blender_version&response_type=datatables), fetched 2026-10-06 and kept in the file the url names:
-- repository KazooKat/ram-price-outlook, data/raw/perf_blender/blender_median_scores.csv at commit
-- f3a891792c9cd5f54f3fdd78603862b3d53439dd (the SOURCE.md beside it gives the date). Each row is that file's
-- "median_score" and "n_benchmarks" for the device name in settings, with compute_type OPTIX and blender_version 4.5.0,
-- read as written.
--
-- The figure: Open Data's score, "the estimated number of samples per minute, summed for all benchmark scenes"
-- (opendata.blender.org/about): the Cycles path-tracing samples per minute of the scenes monster (1024x1024),
-- junkshop (2000x1000) and classroom (1920x1080), each rendered on one device, added together; the median over the
-- user-submitted runs of that device. A sample is one pass over the whole frame (every pixel one sample), so a frame
-- rendered at 256 samples per pixel is 256 samples. The file holds no figure per scene, so this is one case, the three
-- scenes' score, not one per scene. Rate: samples per second = the score / 60. gpu_count 1: a run uses one device.
--
-- Devices: the name Open Data reports is the driver's ("NVIDIA H200" is the SXM part, "NVIDIA H200 NVL" the NVL one).
-- Left out: "NVIDIA H100" (SXM or PCIe cannot be told), the H100 PCIe and SXM names (no 4.5.0 OPTIX median), other
-- Blender versions and CUDA medians (one version and one device type for every row). Runs are users' machines: clocks,
-- drivers and cooling are theirs; settings gives each median's run count.

CREATE TABLE benchmarks_new (
    id TEXT PRIMARY KEY CHECK (id GLOB '[a-z0-9]*' AND id NOT GLOB '*[^a-z0-9.-]*'),
    benchmark TEXT NOT NULL CHECK (benchmark GLOB '[a-z0-9]*' AND benchmark NOT GLOB '*[^a-z0-9.-]*'),
    suite TEXT NOT NULL CHECK (suite IN ('mlperf-inference', 'mlperf-training', 'hpl', 'hpcg', 'amber', 'zprize', 'ssb',
                                         'blender')),
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
INSERT INTO benchmarks_new SELECT id, benchmark, suite, suite_version, case_name, gpu_id, gpu_count, published_value,
    published_unit, unit, rate, measured_on, url, settings FROM benchmarks;
DROP TABLE benchmarks;
ALTER TABLE benchmarks_new RENAME TO benchmarks;
CREATE INDEX benchmarks_gpu ON benchmarks(gpu_id);

INSERT INTO benchmarks VALUES
('blender-score--a10', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'a10', 1, 3485.0051271317634,
 'samples/min (median score, the three scenes summed)', 'sample', 3485.0051271317634 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA A10"; median of 1 Open Data run'),
('blender-score--a10g', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'a10g', 1, 3100.1451632216254,
 'samples/min (median score, the three scenes summed)', 'sample', 3100.1451632216254 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA A10G"; median of 3 Open Data runs'),
('blender-score--a100-sxm-40gb', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'a100-sxm-40gb', 1, 3616.465535878947,
 'samples/min (median score, the three scenes summed)', 'sample', 3616.465535878947 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA A100-SXM4-40GB"; median of 1 Open Data run'),
('blender-score--a100-sxm-80gb', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'a100-sxm-80gb', 1, 3679.1244027832054,
 'samples/min (median score, the three scenes summed)', 'sample', 3679.1244027832054 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA A100-SXM4-80GB"; median of 2 Open Data runs'),
('blender-score--a40', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'a40', 1, 4077.1952025069486,
 'samples/min (median score, the three scenes summed)', 'sample', 4077.1952025069486 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA A40"; median of 3 Open Data runs'),
('blender-score--h100-nvl-94gb', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'h100-nvl-94gb', 1, 5722.538644713316,
 'samples/min (median score, the three scenes summed)', 'sample', 5722.538644713316 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA H100 NVL"; median of 2 Open Data runs'),
('blender-score--h200-sxm-141gb', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'h200-sxm-141gb', 1, 6173.735534938087,
 'samples/min (median score, the three scenes summed)', 'sample', 6173.735534938087 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA H200"; median of 3 Open Data runs'),
('blender-score--h200-nvl-141gb', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'h200-nvl-141gb', 1, 5760.185786618766,
 'samples/min (median score, the three scenes summed)', 'sample', 5760.185786618766 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA H200 NVL"; median of 9 Open Data runs'),
('blender-score--l4', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'l4', 1, 3446.992207519638,
 'samples/min (median score, the three scenes summed)', 'sample', 3446.992207519638 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA L4"; median of 8 Open Data runs'),
('blender-score--l40', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'l40', 1, 9278.301551156712,
 'samples/min (median score, the three scenes summed)', 'sample', 9278.301551156712 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA L40"; median of 1 Open Data run'),
('blender-score--l40s', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'l40s', 1, 7848.063339807919,
 'samples/min (median score, the three scenes summed)', 'sample', 7848.063339807919 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA L40S"; median of 8 Open Data runs'),
('blender-score--p100-pcie-16gb', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'p100-pcie-16gb', 1, 1073.2481613693944,
 'samples/min (median score, the three scenes summed)', 'sample', 1073.2481613693944 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA Tesla P100-PCIE-16GB"; median of 10 Open Data runs'),
('blender-score--quadro-rtx-6000', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'quadro-rtx-6000', 1, 2611.138387508824,
 'samples/min (median score, the three scenes summed)', 'sample', 2611.138387508824 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA Quadro RTX 6000"; median of 5 Open Data runs'),
('blender-score--rtx-6000-ada', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'rtx-6000-ada', 1, 10655.292240998462,
 'samples/min (median score, the three scenes summed)', 'sample', 10655.292240998462 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA RTX 6000 Ada Generation"; median of 20 Open Data runs'),
('blender-score--rtx-a6000', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'rtx-a6000', 1, 5144.835597250323,
 'samples/min (median score, the three scenes summed)', 'sample', 5144.835597250323 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA RTX A6000"; median of 8 Open Data runs'),
('blender-score--rtx-pro-6000-server', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'rtx-pro-6000-server', 1, 15519.392501560096,
 'samples/min (median score, the three scenes summed)', 'sample', 15519.392501560096 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA RTX PRO 6000 Blackwell Server Edition"; median of 28 Open Data runs'),
('blender-score--t4', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 't4', 1, 1501.578452351841,
 'samples/min (median score, the three scenes summed)', 'sample', 1501.578452351841 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA Tesla T4"; median of 1 Open Data run'),
('blender-score--v100-sxm2-16gb', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'v100-sxm2-16gb', 1, 2123.878842948584,
 'samples/min (median score, the three scenes summed)', 'sample', 2123.878842948584 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA Tesla V100-SXM2-16GB"; median of 16 Open Data runs'),
('blender-score--v100-sxm2-32gb', 'blender-score', 'blender', '4.5.0',
 'Blender Benchmark score: monster + junkshop + classroom, OPTIX', 'v100-sxm2-32gb', 1, 2032.1758969627053,
 'samples/min (median score, the three scenes summed)', 'sample', 2032.1758969627053 / 60, '2026-10-06',
 'https://github.com/KazooKat/ram-price-outlook/blob/f3a891792c9cd5f54f3fdd78603862b3d53439dd/data/raw/perf_blender/blender_median_scores.csv',
 'Blender 4.5.0, Cycles, OPTIX, one device "NVIDIA Tesla V100-SXM2-32GB"; median of 2 Open Data runs');
