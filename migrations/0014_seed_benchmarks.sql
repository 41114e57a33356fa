-- 0014_seed_benchmarks: the measurements of the benchmarks table (0013_benchmarks.sql describes its columns). Every
-- row names its source; the comment above each group gives the conversion from the published figure to the rate.

-- MLPerf Inference, Datacenter, Closed division, NVIDIA's TensorRT submissions. The rate is the run's "Samples per
-- second" (Offline) or "Scheduled samples per second" (Server) from its mlperf_log_summary.txt, at the path the url
-- names in the round's results repository. ResNet-50 v1.5 classifies ImageNet images (one sample = one image); BERT-Large
-- answers SQuAD v1.1 questions at 99% of the FP32 reference accuracy (bert-99; one sample = one question, 384 tokens).
-- Server runs meet the round's latency bound (ResNet-50 15 ms, BERT 130 ms at the 99th percentile, from the same logs'
-- target_latency). Publication months: v0.7 2020-10, v1.1 2021-09, v3.0 2023-04, v3.1 2023-09.
INSERT INTO benchmarks VALUES
('resnet50-offline--h100-sxm-80gb', 'resnet50-offline', 'mlperf-inference', 'v3.1', 'ResNet-50 v1.5, Offline',
 'h100-sxm-80gb', 8, 704412, 'samples/s', 'image', 704412, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/DGX-H100_H100-SXM-80GBx8_TRT/resnet50/Offline/performance/run_1/mlperf_log_summary.txt',
 'DGX H100, TensorRT, closed division, Offline scenario'),
('resnet50-offline--h100-pcie-80gb', 'resnet50-offline', 'mlperf-inference', 'v3.1', 'ResNet-50 v1.5, Offline',
 'h100-pcie-80gb', 8, 442960, 'samples/s', 'image', 442960, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/H100-PCIe-80GBx8_TRT/resnet50/Offline/performance/run_1/mlperf_log_summary.txt',
 '8x H100 PCIe, TensorRT, closed division, Offline scenario'),
('resnet50-offline--l4', 'resnet50-offline', 'mlperf-inference', 'v3.1', 'ResNet-50 v1.5, Offline',
 'l4', 1, 12881.7, 'samples/s', 'image', 12881.7, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/L4x1_TRT/resnet50/Offline/performance/run_1/mlperf_log_summary.txt',
 '1x L4, TensorRT, closed division, Offline scenario'),
('resnet50-offline--gh200-96gb', 'resnet50-offline', 'mlperf-inference', 'v3.1', 'ResNet-50 v1.5, Offline',
 'gh200-96gb', 1, 93198.3, 'samples/s', 'image', 93198.3, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/GH200-GraceHopper-Superchip_GH200-96GB_aarch64x1_TRT/resnet50/Offline/performance/run_1/mlperf_log_summary.txt',
 '1x GH200 Grace Hopper Superchip 96 GB, TensorRT, closed division, Offline scenario'),
('resnet50-offline--a100-sxm-80gb', 'resnet50-offline', 'mlperf-inference', 'v3.0', 'ResNet-50 v1.5, Offline',
 'a100-sxm-80gb', 8, 324612, 'samples/s', 'image', 324612, '2023-04',
 'https://github.com/mlcommons/inference_results_v3.0/blob/main/closed/NVIDIA/results/DGX-A100_A100-SXM-80GBx8_TRT/resnet50/Offline/performance/run_1/mlperf_log_summary.txt',
 'DGX A100 (8x A100 SXM 80 GB), TensorRT, closed division, Offline scenario'),
('resnet50-offline--a10', 'resnet50-offline', 'mlperf-inference', 'v1.1', 'ResNet-50 v1.5, Offline',
 'a10', 1, 13805.2, 'samples/s', 'image', 13805.2, '2021-09',
 'https://github.com/mlcommons/inference_results_v1.1/blob/main/closed/NVIDIA/results/A10x1_TRT/resnet50/Offline/performance/run_1/mlperf_log_summary.txt',
 '1x A10, TensorRT, closed division, Offline scenario'),
('resnet50-offline--t4', 'resnet50-offline', 'mlperf-inference', 'v0.7', 'ResNet-50 v1.5, Offline',
 't4', 8, 48897.8, 'samples/s', 'image', 48897.8, '2020-10',
 'https://github.com/mlcommons/inference_results_v0.7/blob/master/closed/NVIDIA/results/T4x8_TRT/resnet50/Offline/performance/run_1/mlperf_log_summary.txt',
 '8x T4, TensorRT, closed division, Offline scenario (a 60 s minimum run in this round)'),
('resnet50-server--h100-sxm-80gb', 'resnet50-server', 'mlperf-inference', 'v3.1', 'ResNet-50 v1.5, Server (15 ms p99)',
 'h100-sxm-80gb', 8, 584196.94, 'scheduled samples/s', 'image', 584196.94, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/DGX-H100_H100-SXM-80GBx8_TRT/resnet50/Server/performance/run_1/mlperf_log_summary.txt',
 'DGX H100, TensorRT, closed division, Server scenario, 99th percentile latency 13.95 ms'),
('resnet50-server--h100-pcie-80gb', 'resnet50-server', 'mlperf-inference', 'v3.1', 'ResNet-50 v1.5, Server (15 ms p99)',
 'h100-pcie-80gb', 8, 368073.86, 'scheduled samples/s', 'image', 368073.86, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/H100-PCIe-80GBx8_TRT/resnet50/Server/performance/run_1/mlperf_log_summary.txt',
 '8x H100 PCIe, TensorRT, closed division, Server scenario, 99th percentile latency 10.15 ms'),
('resnet50-server--l4', 'resnet50-server', 'mlperf-inference', 'v3.1', 'ResNet-50 v1.5, Server (15 ms p99)',
 'l4', 1, 12204.35, 'scheduled samples/s', 'image', 12204.35, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/L4x1_TRT/resnet50/Server/performance/run_1/mlperf_log_summary.txt',
 '1x L4, TensorRT, closed division, Server scenario, 99th percentile latency 13.15 ms, median 3.67 ms'),
('resnet50-server--a100-sxm-80gb', 'resnet50-server', 'mlperf-inference', 'v3.0', 'ResNet-50 v1.5, Server (15 ms p99)',
 'a100-sxm-80gb', 8, 300029.49, 'scheduled samples/s', 'image', 300029.49, '2023-04',
 'https://github.com/mlcommons/inference_results_v3.0/blob/main/closed/NVIDIA/results/DGX-A100_A100-SXM-80GBx8_TRT/resnet50/Server/performance/run_1/mlperf_log_summary.txt',
 'DGX A100, TensorRT, closed division, Server scenario, 99th percentile latency 14.49 ms'),
('bert-99-offline--h100-sxm-80gb', 'bert-99-offline', 'mlperf-inference', 'v3.1', 'BERT-Large (99% accuracy), Offline',
 'h100-sxm-80gb', 8, 70169.7, 'samples/s', 'sample', 70169.7, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/DGX-H100_H100-SXM-80GBx8_TRT/bert-99/Offline/performance/run_1/mlperf_log_summary.txt',
 'DGX H100, TensorRT, closed division, Offline scenario'),
('bert-99-offline--h100-pcie-80gb', 'bert-99-offline', 'mlperf-inference', 'v3.1', 'BERT-Large (99% accuracy), Offline',
 'h100-pcie-80gb', 8, 45698.5, 'samples/s', 'sample', 45698.5, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/H100-PCIe-80GBx8_TRT/bert-99/Offline/performance/run_1/mlperf_log_summary.txt',
 '8x H100 PCIe, TensorRT, closed division, Offline scenario'),
('bert-99-offline--l4', 'bert-99-offline', 'mlperf-inference', 'v3.1', 'BERT-Large (99% accuracy), Offline',
 'l4', 1, 1028.95, 'samples/s', 'sample', 1028.95, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/L4x1_TRT/bert-99/Offline/performance/run_1/mlperf_log_summary.txt',
 '1x L4, TensorRT, closed division, Offline scenario'),
('bert-99-offline--gh200-96gb', 'bert-99-offline', 'mlperf-inference', 'v3.1', 'BERT-Large (99% accuracy), Offline',
 'gh200-96gb', 1, 10163.4, 'samples/s', 'sample', 10163.4, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/GH200-GraceHopper-Superchip_GH200-96GB_aarch64x1_TRT/bert-99/Offline/performance/run_1/mlperf_log_summary.txt',
 '1x GH200 Grace Hopper Superchip 96 GB, TensorRT, closed division, Offline scenario'),
('bert-99-offline--a100-sxm-80gb', 'bert-99-offline', 'mlperf-inference', 'v3.0', 'BERT-Large (99% accuracy), Offline',
 'a100-sxm-80gb', 8, 28275.7, 'samples/s', 'sample', 28275.7, '2023-04',
 'https://github.com/mlcommons/inference_results_v3.0/blob/main/closed/NVIDIA/results/DGX-A100_A100-SXM-80GBx8_TRT/bert-99/Offline/performance/run_1/mlperf_log_summary.txt',
 'DGX A100, TensorRT, closed division, Offline scenario'),
('bert-99-offline--a10', 'bert-99-offline', 'mlperf-inference', 'v1.1', 'BERT-Large (99% accuracy), Offline',
 'a10', 1, 1111.46, 'samples/s', 'sample', 1111.46, '2021-09',
 'https://github.com/mlcommons/inference_results_v1.1/blob/main/closed/NVIDIA/results/A10x1_TRT/bert-99/Offline/performance/run_1/mlperf_log_summary.txt',
 '1x A10, TensorRT, closed division, Offline scenario'),
('bert-99-offline--t4', 'bert-99-offline', 'mlperf-inference', 'v0.7', 'BERT-Large (99% accuracy), Offline',
 't4', 8, 3494.53, 'samples/s', 'sample', 3494.53, '2020-10',
 'https://github.com/mlcommons/inference_results_v0.7/blob/master/closed/NVIDIA/results/T4x8_TRT/bert-99/Offline/performance/run_1/mlperf_log_summary.txt',
 '8x T4, TensorRT, closed division, Offline scenario (a 60 s minimum run in this round)'),
('bert-99-server--h100-sxm-80gb', 'bert-99-server', 'mlperf-inference', 'v3.1', 'BERT-Large (99% accuracy), Server (130 ms p99)',
 'h100-sxm-80gb', 8, 56022.08, 'scheduled samples/s', 'sample', 56022.08, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/DGX-H100_H100-SXM-80GBx8_TRT/bert-99/Server/performance/run_1/mlperf_log_summary.txt',
 'DGX H100, TensorRT, closed division, Server scenario, 99th percentile latency 75.85 ms'),
('bert-99-server--h100-pcie-80gb', 'bert-99-server', 'mlperf-inference', 'v3.1', 'BERT-Large (99% accuracy), Server (130 ms p99)',
 'h100-pcie-80gb', 8, 35373.44, 'scheduled samples/s', 'sample', 35373.44, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/H100-PCIe-80GBx8_TRT/bert-99/Server/performance/run_1/mlperf_log_summary.txt',
 '8x H100 PCIe, TensorRT, closed division, Server scenario, 99th percentile latency 71.61 ms'),
('bert-99-server--l4', 'bert-99-server', 'mlperf-inference', 'v3.1', 'BERT-Large (99% accuracy), Server (130 ms p99)',
 'l4', 1, 898.94, 'scheduled samples/s', 'sample', 898.94, '2023-09',
 'https://github.com/mlcommons/inference_results_v3.1/blob/main/closed/NVIDIA/results/L4x1_TRT/bert-99/Server/performance/run_1/mlperf_log_summary.txt',
 '1x L4, TensorRT, closed division, Server scenario, 99th percentile latency 66.85 ms'),
('bert-99-server--a100-sxm-80gb', 'bert-99-server', 'mlperf-inference', 'v3.0', 'BERT-Large (99% accuracy), Server (130 ms p99)',
 'a100-sxm-80gb', 8, 25403.74, 'scheduled samples/s', 'sample', 25403.74, '2023-04',
 'https://github.com/mlcommons/inference_results_v3.0/blob/main/closed/NVIDIA/results/DGX-A100_A100-SXM-80GBx8_TRT/bert-99/Server/performance/run_1/mlperf_log_summary.txt',
 'DGX A100, TensorRT, closed division, Server scenario, 99th percentile latency 63.51 ms');

-- MLPerf Training v3.0, closed division, single node: NVIDIA's table "NVIDIA Performance on MLPerf 3.0's AI Benchmarks:
-- Single Node, Closed Division" (time to train in minutes, mixed precision). One unit of work is one training run to
-- the MLPerf quality target; rate = 1 / (minutes x 60) runs per second. Training v3.0 results were published
-- in June 2023.
INSERT INTO benchmarks VALUES
('mlperf-train-resnet50--h100-sxm-80gb', 'mlperf-train-resnet50', 'mlperf-training', 'v3.0',
 'ResNet-50 v1.5 to 75.90% top-1 on ImageNet', 'h100-sxm-80gb', 8, 13.466, 'minutes to train', 'training run',
 0.0012376913, '2023-06', 'https://developer.nvidia.com/deep-learning-performance-training-inference/training',
 'MLPerf-ID 3.0-2053, Dell XE9680 8x H100 SXM5 80GB, MXNet, mixed precision'),
('mlperf-train-bert--h100-sxm-80gb', 'mlperf-train-bert', 'mlperf-training', 'v3.0',
 'BERT-Large to 0.72 masked-LM accuracy on Wikipedia 2020/01/01', 'h100-sxm-80gb', 8, 5.349, 'minutes to train',
 'training run', 0.0031158472, '2023-06',
 'https://developer.nvidia.com/deep-learning-performance-training-inference/training',
 'MLPerf-ID 3.0-2055, Gigabyte G593-SD0 8x H100 SXM5 80GB, PyTorch, mixed precision');

-- HPL and HPCG of TOP500 systems, divided by the system's GPUs. The figures are whole-system runs: the host CPUs take
-- part and are a small share next to the GPUs; settings names them. One unit of work is one TFLOP of the benchmark's
-- FP64 arithmetic; rate = Rmax (or the HPCG score) in TFLOP/s.
--   Summit (ORNL): HPL 148.8 PFLOP/s, 4,356 nodes x 6 NVIDIA V100 = 26,136 GPUs, two POWER9 CPUs per node
--     (top500.org highlights, June 2021); HPCG 2.93 PFLOP/s (top500.org HPCG list, June 2021). Summit's V100s are the
--     SXM2 16 GB part (OLCF Summit user guide), the catalog's v100-sxm2-16gb.
--   Frontier (ORNL): HPL 1.206 EFLOP/s (top500.org highlights, June 2024); HPCG 14.05 PFLOP/s (top500.org HPCG list,
--     November 2023); 9,408 nodes x 4 AMD Instinct MI250X = 37,632 GPUs, one 64-core EPYC per node (IEEE Spectrum).
--   JUWELS Booster (Juelich): HPL 44.1 PFLOP/s with 3,744 NVIDIA A100 and AMD EPYC 7402 CPUs (pcwelt.de, November
--     2020 list). The module's A100s are the SXM4 40 GB part, four per node (JSC JUWELS configuration page).
--   JUPITER Booster (Juelich): HPL 1 EFLOP/s as published (rounded), 5,938 nodes x 4 GH200 = 23,752 GH200
--     (hardwareluxx.de); JUPITER's GH200 carries 96 GB HBM3 (JSC JUPITER configuration page).
INSERT INTO benchmarks VALUES
('hpl--v100-sxm2-16gb', 'hpl', 'hpl', 'TOP500 June 2021', 'Summit, ORNL', 'v100-sxm2-16gb', 26136, 148.8,
 'PFLOP/s Rmax', 'TFLOP', 148800, '2021-06', 'https://top500.org/lists/top500/2021/06/highs',
 'whole system: 4,356 nodes of 2 POWER9 + 6 V100 SXM2 16 GB, dual-rail EDR InfiniBand; FP64'),
('hpl--mi250x', 'hpl', 'hpl', 'TOP500 June 2024', 'Frontier, ORNL', 'mi250x', 37632, 1.206, 'EFLOP/s Rmax',
 'TFLOP', 1206000, '2024-06', 'https://top500.org/lists/top500/2024/06/highs',
 'whole system: 9,408 nodes of 1 EPYC 7A53 + 4 MI250X (GPU count from https://spectrum.ieee.org/frontier-exascale-supercomputer), Slingshot-11; FP64'),
('hpl--a100-sxm-40gb', 'hpl', 'hpl', 'TOP500 November 2020', 'JUWELS Booster Module, Juelich', 'a100-sxm-40gb',
 3744, 44.1, 'PFLOP/s Rmax', 'TFLOP', 44100, '2020-11',
 'https://www.pcwelt.de/news/Deutschland-hat-Europas-schnellsten-Supercomputer-10923790.html',
 'whole system: AMD EPYC 7402 hosts, 3,744 A100 SXM4 40 GB (form factor from https://apps.fz-juelich.de/jsc/hps/juwels/configuration.html); FP64'),
('hpl--gh200-96gb', 'hpl', 'hpl', 'TOP500 (as reported by hardwareluxx.de)', 'JUPITER Booster, Juelich', 'gh200-96gb', 23752, 1,
 'EFLOP/s (rounded as published)', 'TFLOP', 1000000, '2025',
 'https://www.hardwareluxx.de/index.php/news/allgemein/wirtschaft/66331-jupiter-am-jsc-deutschland-hat-den-schnellsten-europ%C3%A4ischen-supercomputer.html',
 'whole system: 5,938 nodes x 4 GH200 (96 GB HBM3, https://apps.fz-juelich.de/jsc/hps/jupiter/configuration.html); FP64; the published figure is rounded to 1 EFLOP/s'),
('hpcg--v100-sxm2-16gb', 'hpcg', 'hpcg', 'HPCG June 2021', 'Summit, ORNL', 'v100-sxm2-16gb', 26136, 2.93,
 'HPCG-PFLOP/s', 'TFLOP', 2930, '2021-06', 'https://top500.org/lists/hpcg/2021/06',
 'whole system as for hpl--v100-sxm2-16gb; FP64 conjugate gradient, bound by memory'),
('hpcg--mi250x', 'hpcg', 'hpcg', 'HPCG November 2023', 'Frontier, ORNL', 'mi250x', 37632, 14.05, 'HPCG-PFLOP/s',
 'TFLOP', 14050, '2023-11', 'https://top500.org/lists/hpcg/2023/11',
 'whole system as for hpl--mi250x; FP64 conjugate gradient, bound by memory');

-- Molecular dynamics: AMBER pmemd.cuda on one GPU of Piz Daint (CSCS), whose GPU nodes carry one NVIDIA Tesla P100
-- PCIe 16 GB each. The figures are the site's performance references for its AMBER regression check (ns/day, the
-- check fails more than 5% below them), on the AMBER GPU benchmark suite's inputs. One unit of work is one simulated
-- nanosecond; rate = ns/day / 86400.
INSERT INTO benchmarks VALUES
('amber-jac-nve--p100-pcie-16gb', 'amber-jac-nve', 'amber', 'AMBER benchmark suite (Amber 16 inputs)',
 'JAC_production_NVE: DHFR, 23,558 atoms, PME, 2 fs', 'p100-pcie-16gb', 1, 388, 'ns/day', 'ns',
 0.0044907407, '2021-07',
 'https://github.com/reframe-hpc/reframe/blob/master/cscs-checks/apps/amber/amber_check.py',
 'pmemd.cuda.MPI, 1 task, 1 GPU of a Piz Daint XC50 node; a site reference value (-5% tolerance), not a published ranking'),
('amber-cellulose-nve--p100-pcie-16gb', 'amber-cellulose-nve', 'amber', 'AMBER benchmark suite (Amber 16 inputs)',
 'Cellulose_production_NVE: 408,609 atoms, PME', 'p100-pcie-16gb', 1, 30, 'ns/day', 'ns', 0.00034722222, '2021-07',
 'https://github.com/reframe-hpc/reframe/blob/master/cscs-checks/apps/amber/amber_check.py',
 'pmemd.cuda.MPI, 1 task, 1 GPU of a Piz Daint XC50 node; a site reference value (-5% tolerance), not a published ranking');

-- Zero-knowledge proving: ZPrize 2023 Prize 1B (end-to-end PLONK proof of a 15-level Poseidon Merkle tree, BLS12-381),
-- the PNP team's GPU submission on the competition's machine (AMD EPYC 75F3 + one RTX 6000 Ada). gen_proof of its four
-- published runs: 9.543495451, 9.337866544, 9.287114947, 9.309883876 s; mean 9.369590 s; rate = 1 / 9.369590 proofs/s.
-- Circuit synthesis (gadget, about 9.4 s per proof on the CPU) is not in the rate.
INSERT INTO benchmarks VALUES
('zprize23-plonk-merkle15--rtx-6000-ada', 'zprize23-plonk-merkle15', 'zprize', 'ZPrize 2023 Prize 1B',
 'PLONK proof of a 15-level Poseidon Merkle tree', 'rtx-6000-ada', 1, 9.36959, 's per proof (mean of 4 runs)',
 'proof', 0.10672825, '2024',
 'https://github.com/PNP-team/ZPrize23-gpu-submission/blob/main/README.md',
 'sppark MSM/NTT kernels, CUDA 12; proof generation only (the circuit gadget runs on the CPU and is not counted)');

-- GPU analytics: the Star Schema Benchmark at scale factor 999 (875 GB) on PG-Strom v3.3devel with GPU-Direct SQL,
-- one A100 PCIe 40 GB reading four Intel D7-5510 NVMe drives (slide 9 of the talk). The slide gives each of the 13
-- queries' throughput in MB/s; those of the GPU-Direct series: 18915, 18902, 19164, 18351, 17220, 19158, 15995,
-- 16068, 17278, 18317, 15978, 16020, 16410; mean 17521.2 MB/s. One unit of work is one GB of table data scanned;
-- rate = 17.5212 GB/s. The drives bound this rate, not the GPU.
INSERT INTO benchmarks VALUES
('ssb-sf999-pgstrom--a100-pcie-40gb', 'ssb-sf999-pgstrom', 'ssb', 'SSB SF=999, PG-Strom v3.3devel',
 'Star Schema Benchmark Q1.1-Q4.3, 875 GB', 'a100-pcie-40gb', 1, 17521.2, 'MB/s (mean of 13 queries)', 'GB',
 17.5212, '2021-11', 'https://speakerdeck.com/kaigai/postgresqltoarrowtogpudele-da-liang-detachu-li',
 'GPU-Direct SQL from 4x NVMe (Intel D7-5510 3.84 TB), AMD EPYC 7402P host, PostgreSQL 13.4; bound by storage reads');
