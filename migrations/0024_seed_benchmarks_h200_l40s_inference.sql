-- 0024_seed_benchmarks_h200_l40s_inference: MLPerf Inference v4.1 (datacenter, closed division, published 2024-08)
-- rows for two GPUs of the catalogue without one: H200 SXM and L40S (the table: 0013_benchmarks.sql; the other
-- MLPerf rows and their conventions: 0014_seed_benchmarks.sql — Offline is the run's "Samples per second", Server its
-- "Scheduled samples per second", at the round's latency bounds of 15 ms for ResNet-50 and 130 ms for BERT at p99).
--   H200 SXM: NVIDIA's submission on 8x H200-SXM-141GB, TensorRT, each figure read from the run's
--     mlperf_log_summary.txt at the path the url names.
--   L40S: Lenovo's submission on a ThinkSystem SR650 V3 with 3x NVIDIA L40S 48 GB (TensorRT 10.2.0, CUDA 12.5), the
--     figures as its summary page's results table gives them (Server "Queries/s", Offline "Samples/s").
INSERT INTO benchmarks VALUES
('resnet50-offline--h200-sxm-141gb', 'resnet50-offline', 'mlperf-inference', 'v4.1', 'ResNet-50 v1.5, Offline',
 'h200-sxm-141gb', 8, 756960, 'samples/s', 'image', 756960, '2024-08',
 'https://github.com/mlcommons/inference_results_v4.1/blob/main/closed/NVIDIA/results/H200-SXM-141GBx8_TRT/resnet50/Offline/performance/run_1/mlperf_log_summary.txt',
 '8x H200 SXM 141 GB, TensorRT, closed division, Offline scenario'),
('resnet50-server--h200-sxm-141gb', 'resnet50-server', 'mlperf-inference', 'v4.1', 'ResNet-50 v1.5, Server (15 ms p99)',
 'h200-sxm-141gb', 8, 632241.20, 'scheduled samples/s', 'image', 632241.20, '2024-08',
 'https://github.com/mlcommons/inference_results_v4.1/blob/main/closed/NVIDIA/results/H200-SXM-141GBx8_TRT/resnet50/Server/performance/run_1/mlperf_log_summary.txt',
 '8x H200 SXM 141 GB, TensorRT, closed division, Server scenario, 99th percentile latency 12.98 ms'),
('bert-99-offline--h200-sxm-141gb', 'bert-99-offline', 'mlperf-inference', 'v4.1', 'BERT-Large (99% accuracy), Offline',
 'h200-sxm-141gb', 8, 73309.5, 'samples/s', 'sample', 73309.5, '2024-08',
 'https://github.com/mlcommons/inference_results_v4.1/blob/main/closed/NVIDIA/results/H200-SXM-141GBx8_TRT/bert-99/Offline/performance/run_1/mlperf_log_summary.txt',
 '8x H200 SXM 141 GB, TensorRT, closed division, Offline scenario'),
('bert-99-server--h200-sxm-141gb', 'bert-99-server', 'mlperf-inference', 'v4.1', 'BERT-Large (99% accuracy), Server (130 ms p99)',
 'h200-sxm-141gb', 8, 57615.00, 'scheduled samples/s', 'sample', 57615.00, '2024-08',
 'https://github.com/mlcommons/inference_results_v4.1/blob/main/closed/NVIDIA/results/H200-SXM-141GBx8_TRT/bert-99/Server/performance/run_1/mlperf_log_summary.txt',
 '8x H200 SXM 141 GB, TensorRT, closed division, Server scenario, 99th percentile latency 80.79 ms'),
('resnet50-offline--l40s', 'resnet50-offline', 'mlperf-inference', 'v4.1', 'ResNet-50 v1.5, Offline',
 'l40s', 3, 132436.0, 'samples/s', 'image', 132436.0, '2024-08',
 'https://github.com/mlcommons/inference_results_v4.1/blob/main/closed/Lenovo/results/SR650_V3_3xL40S_TRT/summary.html',
 'Lenovo ThinkSystem SR650 V3, 3x L40S, TensorRT 10.2.0, closed division, Offline scenario'),
('resnet50-server--l40s', 'resnet50-server', 'mlperf-inference', 'v4.1', 'ResNet-50 v1.5, Server (15 ms p99)',
 'l40s', 3, 132008.0, 'queries/s', 'image', 132008.0, '2024-08',
 'https://github.com/mlcommons/inference_results_v4.1/blob/main/closed/Lenovo/results/SR650_V3_3xL40S_TRT/summary.html',
 'Lenovo ThinkSystem SR650 V3, 3x L40S, TensorRT 10.2.0, closed division, Server scenario'),
('bert-99-offline--l40s', 'bert-99-offline', 'mlperf-inference', 'v4.1', 'BERT-Large (99% accuracy), Offline',
 'l40s', 3, 9480.82, 'samples/s', 'sample', 9480.82, '2024-08',
 'https://github.com/mlcommons/inference_results_v4.1/blob/main/closed/Lenovo/results/SR650_V3_3xL40S_TRT/summary.html',
 'Lenovo ThinkSystem SR650 V3, 3x L40S, TensorRT 10.2.0, closed division, Offline scenario'),
('bert-99-server--l40s', 'bert-99-server', 'mlperf-inference', 'v4.1', 'BERT-Large (99% accuracy), Server (130 ms p99)',
 'l40s', 3, 9302.0, 'queries/s', 'sample', 9302.0, '2024-08',
 'https://github.com/mlcommons/inference_results_v4.1/blob/main/closed/Lenovo/results/SR650_V3_3xL40S_TRT/summary.html',
 'Lenovo ThinkSystem SR650 V3, 3x L40S, TensorRT 10.2.0, closed division, Server scenario');
