-- 0002_seed_reference: providers, regions, fx_rates and the GPU catalog.
--
-- Tensor figures in `gpus` are peak DENSE figures (no structured sparsity). Vendors usually print the sparse
-- figure first (for example "1,979 TFLOPS FP16*" on the H100 SXM datasheet, where the footnote says "with
-- sparsity"); every such figure below has been halved to its dense value. A NULL tensor column means the part has
-- no hardware path for that format (V100/T4: no TF32, BF16 or FP8; A100: no FP8; MI250X: no TF32 or FP8).
-- fp64_tflops is the vector (non-tensor) FP64 rate; inference and workstation parts run FP64 at 1/32 (Turing) or
-- 1/64 (GA10x, Ada) of their FP32 rate, and the small real value is recorded so FP64 work can exclude them.
-- interconnect_gb_per_s is the per-GPU peer bandwidth (NVLink/Infinity Fabric total, both directions, as the
-- vendor quotes it; PCIe x16 both directions for parts without a peer link).

-- Providers. price_source names the public page or API each provider's prices come from.
INSERT INTO providers (id, name, currency, price_source) VALUES
    ('aws', 'Amazon Web Services', 'USD', 'AWS Price List Bulk API (https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/index.json) and https://aws.amazon.com/ec2/pricing/on-demand/'),
    ('azure', 'Microsoft Azure', 'USD', 'Azure Retail Prices API (https://prices.azure.com/api/retail/prices) and https://azure.microsoft.com/pricing/details/virtual-machines/linux/'),
    ('gcp', 'Google Cloud', 'USD', 'Cloud Billing Catalog API (https://cloudbilling.googleapis.com/v1/services/6F81-5844-456A/skus) and https://cloud.google.com/compute/gpus-pricing'),
    ('oci', 'Oracle Cloud Infrastructure', 'USD', 'OCI price list (https://www.oracle.com/cloud/price-list/) and https://www.oracle.com/cloud/compute/pricing/'),
    ('lambda', 'Lambda', 'USD', 'Lambda instance types API (https://cloud.lambdalabs.com/api/v1/instance-types) and https://lambda.ai/service/gpu-cloud#pricing'),
    ('alibaba', 'Alibaba Cloud', 'CNY', 'ECS DescribePrice API and https://www.aliyun.com/price/product#/ecs/detail (CNY, China regions); https://www.alibabacloud.com/product/ecs/pricing (USD, international regions)'),
    ('tencent', 'Tencent Cloud', 'CNY', 'CVM InquiryPriceRunInstances API and https://buy.cloud.tencent.com/price/cvm (CNY, China regions); https://www.tencentcloud.com/pricing/cvm (USD, international regions)');

-- Regions: the providers' own region ids. Source per provider in the comment above each block.
-- aws: https://docs.aws.amazon.com/global-infrastructure/latest/regions/aws-regions.html (as of 2025-06-01)
INSERT INTO regions (provider_id, id, name, geography) VALUES
    ('aws', 'us-east-1', 'US East (N. Virginia)', 'us'),
    ('aws', 'us-east-2', 'US East (Ohio)', 'us'),
    ('aws', 'us-west-1', 'US West (N. California)', 'us'),
    ('aws', 'us-west-2', 'US West (Oregon)', 'us'),
    ('aws', 'ca-central-1', 'Canada (Central)', 'ca'),
    ('aws', 'eu-west-1', 'Europe (Ireland)', 'eu'),
    ('aws', 'eu-central-1', 'Europe (Frankfurt)', 'eu'),
    ('aws', 'eu-west-2', 'Europe (London)', 'eu'),
    ('aws', 'ap-northeast-1', 'Asia Pacific (Tokyo)', 'apac'),
    ('aws', 'ap-southeast-2', 'Asia Pacific (Sydney)', 'oc'),
    ('aws', 'ap-south-1', 'Asia Pacific (Mumbai)', 'apac'),
    ('aws', 'sa-east-1', 'South America (Sao Paulo)', 'sa');
-- azure: https://learn.microsoft.com/azure/reliability/regions-list (as of 2025-06-01)
INSERT INTO regions (provider_id, id, name, geography) VALUES
    ('azure', 'eastus', 'East US', 'us'),
    ('azure', 'eastus2', 'East US 2', 'us'),
    ('azure', 'southcentralus', 'South Central US', 'us'),
    ('azure', 'westus2', 'West US 2', 'us'),
    ('azure', 'westus3', 'West US 3', 'us'),
    ('azure', 'westeurope', 'West Europe', 'eu'),
    ('azure', 'northeurope', 'North Europe', 'eu'),
    ('azure', 'swedencentral', 'Sweden Central', 'eu'),
    ('azure', 'japaneast', 'Japan East', 'apac'),
    ('azure', 'australiaeast', 'Australia East', 'oc');
-- gcp: https://cloud.google.com/compute/docs/regions-zones (as of 2025-06-01)
INSERT INTO regions (provider_id, id, name, geography) VALUES
    ('gcp', 'us-central1', 'Iowa', 'us'),
    ('gcp', 'us-east1', 'South Carolina', 'us'),
    ('gcp', 'us-west1', 'Oregon', 'us'),
    ('gcp', 'us-east4', 'Northern Virginia', 'us'),
    ('gcp', 'europe-west4', 'Netherlands', 'eu'),
    ('gcp', 'asia-southeast1', 'Singapore', 'apac'),
    ('gcp', 'asia-northeast1', 'Tokyo', 'apac');
-- oci: https://docs.oracle.com/iaas/Content/General/Concepts/regions.htm (as of 2025-06-01)
INSERT INTO regions (provider_id, id, name, geography) VALUES
    ('oci', 'us-ashburn-1', 'US East (Ashburn)', 'us'),
    ('oci', 'us-phoenix-1', 'US West (Phoenix)', 'us'),
    ('oci', 'us-chicago-1', 'US Midwest (Chicago)', 'us'),
    ('oci', 'us-sanjose-1', 'US West (San Jose)', 'us'),
    ('oci', 'ca-toronto-1', 'Canada Southeast (Toronto)', 'ca'),
    ('oci', 'eu-frankfurt-1', 'Germany Central (Frankfurt)', 'eu'),
    ('oci', 'uk-london-1', 'UK South (London)', 'eu'),
    ('oci', 'ap-tokyo-1', 'Japan East (Tokyo)', 'apac'),
    ('oci', 'ap-osaka-1', 'Japan Central (Osaka)', 'apac'),
    ('oci', 'sa-saopaulo-1', 'Brazil East (Sao Paulo)', 'sa');
-- lambda: https://docs.lambda.ai/public-cloud/on-demand/ (region names as returned by the Lambda Cloud API) (as of 2025-06-01)
INSERT INTO regions (provider_id, id, name, geography) VALUES
    ('lambda', 'us-east-1', 'Virginia, USA', 'us'),
    ('lambda', 'us-west-1', 'California, USA', 'us'),
    ('lambda', 'us-west-2', 'Arizona, USA', 'us'),
    ('lambda', 'us-west-3', 'Utah, USA', 'us'),
    ('lambda', 'us-south-1', 'Texas, USA', 'us'),
    ('lambda', 'us-midwest-1', 'Illinois, USA', 'us'),
    ('lambda', 'europe-central-1', 'Germany', 'eu'),
    ('lambda', 'asia-northeast-1', 'Tokyo, Japan', 'apac');
-- alibaba: https://www.alibabacloud.com/help/en/ecs/regions-and-zones (as of 2025-06-01)
INSERT INTO regions (provider_id, id, name, geography) VALUES
    ('alibaba', 'cn-beijing', 'China (Beijing)', 'cn'),
    ('alibaba', 'cn-hangzhou', 'China (Hangzhou)', 'cn'),
    ('alibaba', 'cn-shanghai', 'China (Shanghai)', 'cn'),
    ('alibaba', 'cn-shenzhen', 'China (Shenzhen)', 'cn'),
    ('alibaba', 'cn-zhangjiakou', 'China (Zhangjiakou)', 'cn'),
    ('alibaba', 'ap-southeast-1', 'Singapore', 'apac'),
    ('alibaba', 'us-west-1', 'US (Silicon Valley)', 'us'),
    ('alibaba', 'eu-central-1', 'Germany (Frankfurt)', 'eu');
-- tencent: https://www.tencentcloud.com/document/product/213/6091 (as of 2025-06-01)
INSERT INTO regions (provider_id, id, name, geography) VALUES
    ('tencent', 'ap-beijing', 'Beijing', 'cn'),
    ('tencent', 'ap-shanghai', 'Shanghai', 'cn'),
    ('tencent', 'ap-guangzhou', 'Guangzhou', 'cn'),
    ('tencent', 'ap-nanjing', 'Nanjing', 'cn'),
    ('tencent', 'ap-chengdu', 'Chengdu', 'cn'),
    ('tencent', 'ap-singapore', 'Singapore', 'apac'),
    ('tencent', 'na-siliconvalley', 'Silicon Valley', 'us'),
    ('tencent', 'eu-frankfurt', 'Frankfurt', 'eu');

-- FX rates: USD per unit of currency. CNY: about 7.19-7.20 CNY per USD in late May / early June 2025
-- (PBoC central parity 7.18-7.19; market rate ~7.19). EUR: about 1.13-1.14 USD per EUR on 2025-06-02.
-- Source: ECB euro foreign exchange reference rates (https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/)
-- and the Federal Reserve H.10 release (https://www.federalreserve.gov/releases/h10/). Refreshed by the worker when configured.
INSERT INTO fx_rates (currency, usd_per_unit, source, as_of) VALUES
    ('USD', 1.0, 'identity', '2025-06-02T00:00:00Z'),
    ('CNY', 0.1390, 'Federal Reserve H.10 / ECB reference rates (about 7.19 CNY per USD)', '2025-06-02T00:00:00Z'),
    ('EUR', 1.1375, 'ECB euro reference rate (about 1.1375 USD per EUR)', '2025-06-02T00:00:00Z');

-- GPUs. Source URLs per row are also stored in `sources`; figures as of the datasheets current on 2025-06-01.
-- v100-sxm2-16gb: V100 datasheet: FP64 7.8, FP32 15.7, Tensor (FP16 in, FP32 accumulate) 125 TFLOPS (no sparsity on Volta); 900 GB/s HBM2; NVLink 300 GB/s; 300 W. No BF16/TF32/FP8; INT8 is not a tensor-core format on Volta, so int8_tops is NULL.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('v100-sxm2-16gb', 'NVIDIA Tesla V100 SXM2 16GB', 'nvidia', 'volta', 'sxm', 16, 'HBM2', 900, 7.8, NULL, 15.7, NULL, 125, NULL, NULL, NULL, 300, 'nvlink2', 300, 1, 0, 1, 2017, '["https://images.nvidia.com/content/technologies/volta/pdf/volta-v100-datasheet-update-us-1165301-r5.pdf", "https://images.nvidia.com/content/volta-architecture/pdf/volta-architecture-whitepaper.pdf"]');
-- v100-sxm2-32gb: Same silicon and clocks as the 16 GB part; 32 GB HBM2 from 2018.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('v100-sxm2-32gb', 'NVIDIA Tesla V100 SXM2 32GB', 'nvidia', 'volta', 'sxm', 32, 'HBM2', 900, 7.8, NULL, 15.7, NULL, 125, NULL, NULL, NULL, 300, 'nvlink2', 300, 1, 0, 1, 2018, '["https://images.nvidia.com/content/technologies/volta/pdf/volta-v100-datasheet-update-us-1165301-r5.pdf"]');
-- t4: T4 datasheet: FP32 8.1, mixed FP16 65, INT8 130, INT4 260 TOPS (Turing has no sparsity); 70 W; PCIe Gen3 x16 (32 GB/s both directions). FP64 runs at 1/32 of FP32: 8.1/32 = 0.25.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('t4', 'NVIDIA T4', 'nvidia', 'turing', 'pcie', 16, 'GDDR6', 320, 0.25, NULL, 8.1, NULL, 65, NULL, NULL, 130, 70, 'pcie3', 32, 1, 0, 1, 2018, '["https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/tesla-t4/t4-tensor-core-datasheet-951643.pdf"]');
-- a10: A10 datasheet: FP32 31.2, TF32 62.5 | 125*, BF16/FP16 125 | 250*, INT8 250 | 500* (* = sparse; dense kept); 150 W; PCIe Gen4 64 GB/s. GA102 FP64 is 1/64 of FP32: 31.2/64 = 0.49.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('a10', 'NVIDIA A10', 'nvidia', 'ampere', 'pcie', 24, 'GDDR6', 600, 0.49, NULL, 31.2, 62.5, 125, 125, NULL, 250, 150, 'pcie4', 64, 1, 0, 1, 2021, '["https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a10/pdf/a10-datasheet.pdf"]');
-- a10g: A10G is an AWS-only GA102 variant (80 SMs) with no public NVIDIA datasheet. AWS g5 page: 24 GB, 80 RT cores, 320 tensor cores. Dense figures as published by Baseten from NVIDIA data: FP32 35, TF32 35, BF16/FP16 70, INT8 140 (tensor rate with FP32 accumulate is half that of the A10). FP64 1/64 of FP32. TDP 300 W as reported there; treat as approximate.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('a10g', 'NVIDIA A10G', 'nvidia', 'ampere', 'pcie', 24, 'GDDR6', 600, 0.55, NULL, 35.0, 35.0, 70, 70, NULL, 140, 300, 'pcie4', 64, 1, 0, 1, 2021, '["https://aws.amazon.com/ec2/instance-types/g5/", "https://www.baseten.co/blog/nvidia-a10-vs-a10g-for-ml-model-inference/"]');
-- l4: L4 datasheet: FP32 30.3, TF32 120*, BF16/FP16 242*, FP8/INT8 485* (* = with sparsity; halved here); 300 GB/s; 72 W. Ada FP64 is 1/64 of FP32: 30.3/64 = 0.47.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('l4', 'NVIDIA L4', 'nvidia', 'ada-lovelace', 'pcie', 24, 'GDDR6', 300, 0.47, NULL, 30.3, 60, 121, 121, 242.5, 242.5, 72, 'pcie4', 64, 1, 0, 1, 2023, '["https://www.nvidia.com/en-us/data-center/l4/"]');
-- l40s: L40S datasheet: FP32 91.6, TF32 183 | 366*, BF16/FP16 362.05 | 733*, FP8 733 | 1466*, INT8 733 | 1466* (dense kept); 864 GB/s; 350 W. FP64 1/64 of FP32 = 1.43.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('l40s', 'NVIDIA L40S', 'nvidia', 'ada-lovelace', 'pcie', 48, 'GDDR6', 864, 1.43, NULL, 91.6, 183, 362.05, 362.05, 733, 733, 350, 'pcie4', 64, 1, 0, 1, 2023, '["https://www.nvidia.com/en-us/data-center/l40s/"]');
-- l40: L40 datasheet: FP32 90.5, TF32 90.5 | 181*, BF16/FP16 (FP32 accumulate) 181.05 | 362.1*, FP8 362 | 724*, INT8 362 | 724* (dense kept); 300 W. FP64 1/64 of FP32.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('l40', 'NVIDIA L40', 'nvidia', 'ada-lovelace', 'pcie', 48, 'GDDR6', 864, 1.41, NULL, 90.5, 90.5, 181.05, 181.05, 362, 362, 300, 'pcie4', 64, 1, 0, 1, 2022, '["https://www.nvidia.com/en-us/data-center/l40/", "https://images.nvidia.com/content/Solutions/data-center/vgpu-L40-datasheet.pdf"]');
-- a40: A40 datasheet: FP32 37.4, TF32 74.8 | 149.6*, BF16/FP16 149.7 | 299.4*, INT8 299.3 | 598.6* (dense kept); 696 GB/s; 300 W; NVLink bridge 112.5 GB/s for 2 GPUs. FP64 1/64 of FP32.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('a40', 'NVIDIA A40', 'nvidia', 'ampere', 'pcie', 48, 'GDDR6', 696, 0.58, NULL, 37.4, 74.8, 149.7, 149.7, NULL, 299.3, 300, 'nvlink3', 112.5, 1, 0, 1, 2020, '["https://images.nvidia.com/content/Solutions/data-center/a40/nvidia-a40-datasheet.pdf"]');
-- rtx-a6000: RTX A6000 datasheet: FP32 38.7, "Tensor performance 309.7 TFLOPS" (sparse FP16); GA102 whitepaper appendix: TF32 77.4, FP16/BF16 with FP32 accumulate 154.8, INT8 309.7 dense; 768 GB/s; 300 W; NVLink 112.5 GB/s. FP64 1/64 of FP32 = 0.6.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('rtx-a6000', 'NVIDIA RTX A6000', 'nvidia', 'ampere', 'pcie', 48, 'GDDR6', 768, 0.6, NULL, 38.7, 77.4, 154.8, 154.8, NULL, 309.7, 300, 'nvlink3', 112.5, 1, 0, 1, 2020, '["https://www.nvidia.com/en-us/design-visualization/rtx-a6000/", "https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf"]');
-- a100-sxm-40gb: A100 datasheet: FP64 9.7, FP64 Tensor 19.5, FP32 19.5, TF32 156 | 312*, BF16/FP16 312 | 624*, INT8 624 | 1248* (dense kept); 40 GB HBM2 1,555 GB/s; 400 W; NVLink 600 GB/s. No FP8.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('a100-sxm-40gb', 'NVIDIA A100 SXM4 40GB', 'nvidia', 'ampere', 'sxm', 40, 'HBM2', 1555, 9.7, 19.5, 19.5, 156, 312, 312, NULL, 624, 400, 'nvlink3', 600, 1, 1, 1, 2020, '["https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf", "https://images.nvidia.com/aem-dam/en-zz/Solutions/data-center/nvidia-ampere-architecture-whitepaper.pdf"]');
-- a100-sxm-80gb: A100 80GB SXM: same compute as the 40 GB part; HBM2e 2,039 GB/s; 400 W.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('a100-sxm-80gb', 'NVIDIA A100 SXM4 80GB', 'nvidia', 'ampere', 'sxm', 80, 'HBM2e', 2039, 9.7, 19.5, 19.5, 156, 312, 312, NULL, 624, 400, 'nvlink3', 600, 1, 1, 1, 2020, '["https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf"]');
-- a100-pcie-40gb: A100 PCIe 40GB: same peak compute, 1,555 GB/s, 250 W, PCIe Gen4 64 GB/s (optional 2-GPU NVLink bridge not assumed).
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('a100-pcie-40gb', 'NVIDIA A100 PCIe 40GB', 'nvidia', 'ampere', 'pcie', 40, 'HBM2', 1555, 9.7, 19.5, 19.5, 156, 312, 312, NULL, 624, 250, 'pcie4', 64, 1, 1, 1, 2020, '["https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf"]');
-- a100-pcie-80gb: A100 80GB PCIe datasheet column: 1,935 GB/s, 300 W, PCIe Gen4 64 GB/s; same peak compute.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('a100-pcie-80gb', 'NVIDIA A100 PCIe 80GB', 'nvidia', 'ampere', 'pcie', 80, 'HBM2e', 1935, 9.7, 19.5, 19.5, 156, 312, 312, NULL, 624, 300, 'pcie4', 64, 1, 1, 1, 2021, '["https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf"]');
-- h100-sxm-80gb: H100 SXM datasheet: FP64 34, FP64 Tensor 67, FP32 67, TF32 989*, BF16/FP16 1,979*, FP8 3,958*, INT8 3,958* (* = with sparsity). Dense values from the Hopper whitepaper: 33.5 / 66.9 / 66.9 / 494.7 / 989.4 / 1,978.9. 3.35 TB/s HBM3; up to 700 W; NVLink 900 GB/s.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('h100-sxm-80gb', 'NVIDIA H100 SXM5 80GB', 'nvidia', 'hopper', 'sxm', 80, 'HBM3', 3350, 33.5, 66.9, 66.9, 494.7, 989.4, 989.4, 1978.9, 1978.9, 700, 'nvlink4', 900, 1, 1, 1, 2022, '["https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet", "https://resources.nvidia.com/en-us-tensor-core/gtc22-whitepaper-hopper"]');
-- h100-pcie-80gb: H100 PCIe: FP64 25.6, FP64 Tensor 51.2, FP32 51.2, TF32 378 (756*), BF16/FP16 756 (1,513*), FP8/INT8 1,513 (3,026*); 2 TB/s HBM2e; 300-350 W; PCIe Gen5 128 GB/s.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('h100-pcie-80gb', 'NVIDIA H100 PCIe 80GB', 'nvidia', 'hopper', 'pcie', 80, 'HBM2e', 2000, 25.6, 51.2, 51.2, 378, 756, 756, 1513, 1513, 350, 'pcie5', 128, 1, 1, 1, 2022, '["https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet", "https://resources.nvidia.com/en-us-tensor-core/gtc22-whitepaper-hopper"]');
-- h100-nvl-94gb: H100 NVL (per GPU): FP64 30, FP64 Tensor 60, FP32 60, TF32 835*, BF16/FP16 1,671*, FP8/INT8 3,341* (* = sparse; halved); 94 GB HBM3 3.9 TB/s; 350-400 W; NVLink bridge 600 GB/s, PCIe Gen5 128 GB/s.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('h100-nvl-94gb', 'NVIDIA H100 NVL 94GB', 'nvidia', 'hopper', 'nvl', 94, 'HBM3', 3900, 30, 60, 60, 417.5, 835.5, 835.5, 1670.5, 1670.5, 400, 'nvlink4', 600, 1, 1, 1, 2023, '["https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet", "https://www.nvidia.com/en-us/data-center/h100/"]');
-- h200-sxm-141gb: H200 SXM datasheet: FP64 34, FP64 Tensor 67, FP32 67, TF32 989*, BF16/FP16 1,979*, FP8/INT8 3,958* (* = sparse; halved); 141 GB HBM3e 4.8 TB/s; up to 700 W; NVLink 900 GB/s.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('h200-sxm-141gb', 'NVIDIA H200 SXM 141GB', 'nvidia', 'hopper', 'sxm', 141, 'HBM3e', 4800, 34, 67, 67, 494.7, 989.4, 989.4, 1978.9, 1978.9, 700, 'nvlink4', 900, 1, 1, 1, 2024, '["https://www.nvidia.com/en-us/data-center/h200/"]');
-- gh200-96gb: GH200 superchip, 96 GB HBM3 variant: H100-class GPU (FP64 34, FP64 Tensor 67, FP32 67, TF32 989*, BF16/FP16 1,979*, FP8 3,958*; dense kept), 4 TB/s; module power 450-1000 W including the Grace CPU; NVLink-C2C 900 GB/s to the CPU.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('gh200-96gb', 'NVIDIA GH200 Grace Hopper 96GB', 'nvidia', 'hopper', 'sxm', 96, 'HBM3', 4000, 34, 67, 67, 494.7, 989.4, 989.4, 1978.9, 1978.9, 1000, 'nvlink-c2c', 900, 1, 1, 1, 2023, '["https://www.nvidia.com/en-us/data-center/grace-hopper-superchip/"]');
-- b200-sxm-180gb: Per-GPU values from the HGX B200 8-GPU table divided by 8: FP64/FP64 Tensor 296 TF -> 37, FP32 600 -> 75, TF32 18 PF* -> 1,125 dense, BF16/FP16 36 PF* -> 2,250 dense, FP8/INT8 72 PF* -> 4,500 dense (* = sparse); 1,440 GB HBM3e total -> 180 GB, 64 TB/s -> 8 TB/s; NVLink 5 1.8 TB/s per GPU; 1,000 W.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('b200-sxm-180gb', 'NVIDIA B200 SXM 180GB', 'nvidia', 'blackwell', 'sxm', 180, 'HBM3e', 8000, 37, 37, 75, 1125, 2250, 2250, 4500, 4500, 1000, 'nvlink5', 1800, 1, 1, 1, 2024, '["https://www.nvidia.com/en-us/data-center/hgx/", "https://www.nvidia.com/en-us/data-center/dgx-b200/"]');
-- mi250x: MI250X (both GCDs): FP64 vector 47.9, FP64 matrix 95.7, FP32 vector 47.9 (FP32 matrix 95.7), FP16/BF16 383, INT8 383 (CDNA2 has no sparsity); 128 GB HBM2e 3.2768 TB/s; 500 W (560 W peak); 8 Infinity Fabric links, 800 GB/s. No TF32 or FP8.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('mi250x', 'AMD Instinct MI250X', 'amd', 'cdna2', 'oam', 128, 'HBM2e', 3276.8, 47.9, 95.7, 47.9, NULL, 383, 383, NULL, 383, 500, 'infinity-fabric', 800, 1, 0, 0, 2021, '["https://www.amd.com/en/products/accelerators/instinct/mi200/mi250x.html"]');
-- mi300x: MI300X data sheet: FP64 vector 81.7, FP64 matrix 163.4, FP32 vector 163.4, TF32 653.7, FP16/BF16 1,307.4, FP8 2,614.9, INT8 2,614.9 (dense; sparse figures are 2x); 192 GB HBM3 5.3 TB/s; 750 W; 7 Infinity Fabric links x 128 GB/s = 896 GB/s.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('mi300x', 'AMD Instinct MI300X', 'amd', 'cdna3', 'oam', 192, 'HBM3', 5300, 81.7, 163.4, 163.4, 653.7, 1307.4, 1307.4, 2614.9, 2614.9, 750, 'infinity-fabric', 896, 1, 0, 0, 2023, '["https://www.amd.com/en/products/accelerators/instinct/mi300/mi300x.html", "https://www.amd.com/content/dam/amd/en/documents/instinct-tech-docs/data-sheets/amd-instinct-mi300x-data-sheet.pdf"]');
-- mi325x: MI325X: same CDNA3 compute as MI300X (dense figures), 256 GB HBM3E 6 TB/s, 1,000 W, 896 GB/s Infinity Fabric.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('mi325x', 'AMD Instinct MI325X', 'amd', 'cdna3', 'oam', 256, 'HBM3e', 6000, 81.7, 163.4, 163.4, 653.7, 1307.4, 1307.4, 2614.9, 2614.9, 1000, 'infinity-fabric', 896, 1, 0, 0, 2024, '["https://www.amd.com/en/products/accelerators/instinct/mi300/mi325x.html"]');
-- gaudi2: Gaudi 2: 96 GB HBM2e 2.45 TB/s, 600 W, 24 x 100 GbE RoCE on chip (300 GB/s). MME BF16 432 and FP8 865 TFLOPS as given in the Gaudi 3 white paper comparison (dense; Gaudi has no sparsity mode). No FP64 hardware (0). Intel publishes no FP32 peak for Gaudi 2: fp32_tflops records the 11 TFLOPS TPC vector figure from the same comparison, an estimate; FP16/TF32/INT8 peaks are unpublished and left NULL.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('gaudi2', 'Intel Gaudi 2 (HL-225H)', 'intel', 'gaudi2', 'oam', 96, 'HBM2e', 2450, 0, NULL, 11, NULL, NULL, 432, 865, NULL, 600, 'roce', 300, 1, 0, 0, 2022, '["https://habana.ai/products/gaudi2/", "https://www.intel.com/content/www/us/en/content-details/817486/intel-gaudi-3-ai-accelerator-white-paper.html"]');
-- gaudi3: Gaudi 3 white paper (OAM, 900 W): MME FP8 1,835, BF16 1,835, FP16 459, TF32 459, FP32 229 TFLOPS (dense); 128 GB HBM2e 3.7 TB/s; 24 x 200 GbE RoCE on chip (600 GB/s). No FP64 hardware (0). INT8 peak unpublished.
INSERT INTO gpus (id, name, vendor, architecture, form_factor, memory_gb, memory_type, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect, interconnect_gb_per_s, ecc, mig, vgpu, release_year, sources) VALUES
    ('gaudi3', 'Intel Gaudi 3 (HL-325L)', 'intel', 'gaudi3', 'oam', 128, 'HBM2e', 3700, 0, NULL, 229, 459, 459, 1835, 1835, NULL, 900, 'roce', 600, 1, 0, 0, 2024, '["https://www.intel.com/content/www/us/en/content-details/817486/intel-gaudi-3-ai-accelerator-white-paper.html", "https://www.intel.com/content/www/us/en/products/details/processors/ai-accelerators/gaudi.html"]');
