-- 0022_fp4: the dense FP4 tensor rate of the GPUs that have FP4 tensor cores, for the nvfp4 and mxfp4 precisions
-- (seen 2026-12-03). NULL where a GPU has none, or where no published figure was found to cite.
--
-- b200-sxm-180gb: NVIDIA HGX B200 (https://www.nvidia.com/en-us/data-center/hgx/), 8 GPUs: FP4 Tensor Core 144 PFLOPS
--   with sparsity (the page's asterisk, as for its FP8 72 PF that 0002 halves to 4,500 dense per GPU): 144 / 8 / 2 =
--   9,000 dense TFLOPS per GPU, twice the FP8 rate, as Blackwell's FP4 is.
-- gb200-186gb: NVIDIA GB200 NVL72 (https://www.nvidia.com/en-us/data-center/gb200-nvl72/), 72 GPUs: FP4 Tensor Core
--   1,440 PFLOPS with sparsity: 1,440 / 72 / 2 = 10,000 dense TFLOPS per GPU (twice 0002's 5,000 FP8).
-- Left NULL: b300, gb300, rtx-pro-6000-server and mi355x, whose FP4 figures were not confirmed against a stored copy of
-- the vendor's page.
ALTER TABLE gpus ADD COLUMN fp4_tflops REAL CHECK (fp4_tflops > 0);

UPDATE gpus SET fp4_tflops = 9000 WHERE id = 'b200-sxm-180gb';
UPDATE gpus SET fp4_tflops = 10000 WHERE id = 'gb200-186gb';
