-- 0029_seed_benchmarks_md_zk_hpcg: molecular dynamics, zero-knowledge MSM and HPCG rows for GPU families of the
-- catalogue that had none (the table: 0013_benchmarks.sql; its conventions: 0014_seed_benchmarks.sql). Every figure
-- was read from the file or page the row's url names; repository urls name the commit.
--
-- The suites: a GROMACS or NAMD run is not an AMBER run (another program, another input of the same virus), and an
-- MSM is not a whole proof, so the table is rebuilt (as 0026 did for 'blender') with three suites more: 'gromacs' and
-- 'namd' (unit ns, as 'amber') and 'zprize-msm' (unit MSM: one multi-scalar multiplication of the case's size).
--
-- Left out, not found in a form that could be read here: ambermd.org's per-GPU table (only its prose, as in 0013),
-- the per-GPU ns/day tables of Kutzner et al. 2019 and 2022 ("GROMACS in the cloud", J. Chem. Inf. Model. 62:1691,
-- only the abstracts), NVIDIA's application performance pages, icicle's MSM figures (its benchmark page holds only a
-- chart of a CPU and an Apple M1 Pro, https://github.com/ingonyama-zk/icicle/blob/625532a624e5aaa6e9d31a1c92587f1fcc30dc76/docs/static/img/BenchmarkImages/MSM_graph_1.png),
-- cuZK's tables (TCHES 2023(3):194), Crystal's SSB query times (SIGMOD 2020, only the abstract), HPCG of a GH200,
-- H100 or MI300X system with a GPU count, and an HPL of a further GPU with a stated GPU count.

CREATE TABLE benchmarks_new (
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
INSERT INTO benchmarks_new SELECT id, benchmark, suite, suite_version, case_name, gpu_id, gpu_count, published_value,
    published_unit, unit, rate, measured_on, url, settings FROM benchmarks;
DROP TABLE benchmarks;
ALTER TABLE benchmarks_new RENAME TO benchmarks;
CREATE INDEX benchmarks_gpu ON benchmarks(gpu_id);

-- HPCG: JUWELS Booster Module (Juelich) on the HPCG list of November 2020, 1.28 HPCG-PFLOP/s as the list's page gives
-- it in its text, the same system and GPUs as 0014's hpl--a100-sxm-40gb (3,744 A100 SXM4 40 GB, four per node, AMD
-- EPYC 7402 hosts). As for 0014's HPCG rows: the whole system's score; rate = the score in TFLOP/s.
INSERT INTO benchmarks VALUES
('hpcg--a100-sxm-40gb', 'hpcg', 'hpcg', 'HPCG November 2020', 'JUWELS Booster Module, Juelich', 'a100-sxm-40gb', 3744,
 1.28, 'HPCG-PFLOP/s (as the page rounds it)', 'TFLOP', 1280, '2020-11', 'https://top500.org/lists/hpcg/hpcg-november-2020/',
 'whole system as for hpl--a100-sxm-40gb; FP64 conjugate gradient, bound by memory');

-- Molecular dynamics on CSCS Alps, one node of four GH200 (https://docs.cscs.ch/alps/hardware/: 2,688 GH200 nodes,
-- 10,752 GPU devices; the page gives no memory size, and gh200-96gb is the catalogue's one GH200): the site's
-- performance references in its regression checks (the check fails below the reference by more than the
-- tolerance given), at the repository commit the url names. One unit of work is one simulated nanosecond; rate =
-- ns/day / 86400, the node's rate (gpu_count 4).
--   GROMACS 2024.3, STMV (stmv2.tpr), 117 ns/day, -2% tolerance, in the file since f9467a65 (2025-02-18):
--   gmx_mpi mdrun -pme gpu -nb gpu -update gpu -npme 1 -dlb no -nstlist 300, 8 MPI ranks x 32 OpenMP threads through an
--   MPS wrapper, GPU-aware MPI and direct GPU communication, 10,000 steps.
--   NAMD 3.0, STMV GPU-resident NVE (stmv_gpures_nve.namd), 86 ns/day, -5% tolerance, in the file since 266c9ab5
--   (2026-03-09): namd3 +p28 +pmepes 5 +devices 0,1,2,3 +setcpuaffinity, one process, 500 steps; the figure is the
--   mean of the run's "PERFORMANCE: ... averaging N ns/day" lines.
INSERT INTO benchmarks VALUES
('gromacs-stmv--gh200-96gb', 'gromacs-stmv', 'gromacs', 'GROMACS 2024.3', 'STMV (satellite tobacco mosaic virus), stmv2.tpr',
 'gh200-96gb', 4, 117, 'ns/day', 'ns', 117.0 / 86400, '2025-02-18',
 'https://github.com/eth-cscs/cscs-reframe-tests/blob/2f813557625e1294b277a698338f82f398bea7b8/checks/apps/gromacs/gromacs_check.py',
 '1 Alps node, 4 GH200; PME, nonbonded and update on the GPUs, 8 ranks x 32 threads, MPS; a site reference value (-2% tolerance), not a published ranking'),
('namd-stmv--gh200-96gb', 'namd-stmv', 'namd', 'NAMD 3.0', 'STMV, GPU-resident NVE (stmv_gpures_nve.namd)',
 'gh200-96gb', 4, 86, 'ns/day', 'ns', 86.0 / 86400, '2026-03-09',
 'https://github.com/eth-cscs/cscs-reframe-tests/blob/2f813557625e1294b277a698338f82f398bea7b8/checks/apps/namd/namd_check_uenv.py',
 '1 Alps node, 4 GH200, GPU-resident mode, one process (+p28 +pmepes 5 +devices 0,1,2,3); a site reference value (-5% tolerance), not a published ranking');

-- Zero-knowledge MSM: ZPrize 2022 Prize 1a ("Accelerating MSM Operations on GPU"): a batch of 4 fixed-base MSMs of 2^26
-- BLS12-377 G1 points on one NVIDIA A40, the competition's target GPU. Matter Labs' submission (a joint winner) gives
-- "usually in the area of 2500 milliseconds" for the batch (README, Performance). One unit of work is one MSM of 2^26
-- points; rate = 4 / 2.5 s = 1.6 MSMs per second. (Yrrid's, the other joint winner, gives 2500 to 2600 ms for the same
-- batch; their combined later version 2200 to 2300 ms.)
INSERT INTO benchmarks VALUES
('zprize22-msm-2p26--a40', 'zprize22-msm-2p26', 'zprize-msm', 'ZPrize 2022 Prize 1a',
 'Fixed-base MSM of 2^26 BLS12-377 G1 points (batch of 4)', 'a40', 1, 2500, 'ms per batch of 4 MSMs', 'MSM', 1.6, '2022',
 'https://github.com/matter-labs/z-prize-msm-gpu/blob/a788c3e1a04f572611ce24907d02d8f917402d1d/README.md',
 'Matter Labs submission, CUDA 11.7, Pippenger with 23-bit windows and precomputed bases (about 46 GB of GPU memory); the copy of the scalars to the GPU is inside the timed batch (overlapped with compute)');
