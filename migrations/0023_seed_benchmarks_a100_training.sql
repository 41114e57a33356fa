-- 0023_seed_benchmarks_a100_training: MLPerf Training on A100, the second GPU of the mlperf-training suite (the
-- benchmarks table: 0013_benchmarks.sql; the H100 rows: 0014_seed_benchmarks.sql).
--
-- MLPerf Training v2.0, closed division (results published 2022-06), NVIDIA's single-node DGX A100 submissions: one
-- node of 8 NVIDIA A100-SXM4-80GB (NVIDIA/systems/dgxa100_ngc22.04_pytorch.json and _mxnet.json:
-- "number_of_nodes": "1", "accelerators_per_node": "8", "accelerator_model_name": "NVIDIA A100-SXM4-80GB").
-- Each run's time to train is its run_stop time_ms less its run_start time_ms in the run's MLLOG result file; the
-- score is MLPerf's: the mean of the runs left once the fastest and the slowest are dropped (BERT 10 runs, ResNet-50
-- 5 runs, where a run that did not reach the target counts as the slowest).
--   BERT (NVIDIA/results/dgxa100_ngc22.04_pytorch/bert/result_0..9.txt): 18.752, 20.485, 17.659, 16.671, 18.316,
--     15.388, 19.274, 18.603, 18.953, 19.312 minutes, all "success"; score 18.442 minutes.
--   ResNet-50 (NVIDIA/results/dgxa100_ngc22.04_mxnet/resnet/result_0..4.txt): 28.410, 28.639, 30.342 ("aborted"),
--     28.748, 28.669 minutes; score 28.685 minutes.
-- One unit of work is one training run to the MLPerf quality target; rate = 1 / (minutes x 60) runs per second.
-- Not found here: MLPerf Training on other GPUs of the catalogue (L40S, L4, A10 have no closed-division BERT or
-- ResNet-50 submission read here).
INSERT INTO benchmarks VALUES
('mlperf-train-bert--a100-sxm-80gb', 'mlperf-train-bert', 'mlperf-training', 'v2.0',
 'BERT-Large to 0.72 masked-LM accuracy on Wikipedia 2020/01/01', 'a100-sxm-80gb', 8, 18.442, 'minutes to train',
 'training run', 0.00090373, '2022-06',
 'https://github.com/mlcommons/training_results_v2.0/tree/main/NVIDIA/results/dgxa100_ngc22.04_pytorch/bert',
 'DGX A100 (8x A100-SXM4-80GB), PyTorch, NGC 22.04, mixed precision; mean of 8 of 10 runs'),
('mlperf-train-resnet50--a100-sxm-80gb', 'mlperf-train-resnet50', 'mlperf-training', 'v2.0',
 'ResNet-50 v1.5 to 75.90% top-1 on ImageNet', 'a100-sxm-80gb', 8, 28.685, 'minutes to train', 'training run',
 0.00058101, '2022-06',
 'https://github.com/mlcommons/training_results_v2.0/tree/main/NVIDIA/results/dgxa100_ngc22.04_mxnet/resnet',
 'DGX A100 (8x A100-SXM4-80GB), MXNet, NGC 22.04, mixed precision; mean of 3 of 5 runs');
