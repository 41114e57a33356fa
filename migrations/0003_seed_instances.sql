-- 0003_seed_instances: GPU instance types of the seven providers.
-- gpu_memory_gb is the GPU memory the instance can use (count x card memory, or the partition's frame buffer for
-- fractional sizes, where gpu_count is the share of one card). memory_gb is host RAM (GiB as the provider lists it).
-- network_gbps is the instance's front-end network; cluster_network/_gbps the GPU fabric between nodes (EFA,
-- InfiniBand, RoCE) where the instance has one. gpu_interconnect is 'none' for instances with one GPU (or less).
-- Shapes as published on each provider's instance-type pages listed in `source`, as of 2025-06-01.

-- aws g4dn: source https://aws.amazon.com/ec2/instance-types/g4/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'g4dn.xlarge', 'g4dn', 't4', 1, 16, 4, 16, 25, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g4/'),
    ('aws', 'g4dn.2xlarge', 'g4dn', 't4', 1, 16, 8, 32, 25, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g4/'),
    ('aws', 'g4dn.4xlarge', 'g4dn', 't4', 1, 16, 16, 64, 25, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g4/'),
    ('aws', 'g4dn.8xlarge', 'g4dn', 't4', 1, 16, 32, 128, 50, 'none', 'efa', 50, 'https://aws.amazon.com/ec2/instance-types/g4/'),
    ('aws', 'g4dn.16xlarge', 'g4dn', 't4', 1, 16, 64, 256, 50, 'none', 'efa', 50, 'https://aws.amazon.com/ec2/instance-types/g4/'),
    ('aws', 'g4dn.12xlarge', 'g4dn', 't4', 4, 64, 48, 192, 50, 'pcie', 'efa', 50, 'https://aws.amazon.com/ec2/instance-types/g4/'),
    ('aws', 'g4dn.metal', 'g4dn', 't4', 8, 128, 96, 384, 100, 'pcie', 'efa', 100, 'https://aws.amazon.com/ec2/instance-types/g4/');
-- aws g5: source https://aws.amazon.com/ec2/instance-types/g5/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'g5.xlarge', 'g5', 'a10g', 1, 24, 4, 16, 10, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g5/'),
    ('aws', 'g5.2xlarge', 'g5', 'a10g', 1, 24, 8, 32, 10, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g5/'),
    ('aws', 'g5.4xlarge', 'g5', 'a10g', 1, 24, 16, 64, 25, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g5/'),
    ('aws', 'g5.8xlarge', 'g5', 'a10g', 1, 24, 32, 128, 25, 'none', 'efa', 25, 'https://aws.amazon.com/ec2/instance-types/g5/'),
    ('aws', 'g5.16xlarge', 'g5', 'a10g', 1, 24, 64, 256, 25, 'none', 'efa', 25, 'https://aws.amazon.com/ec2/instance-types/g5/'),
    ('aws', 'g5.12xlarge', 'g5', 'a10g', 4, 96, 48, 192, 40, 'pcie', 'efa', 40, 'https://aws.amazon.com/ec2/instance-types/g5/'),
    ('aws', 'g5.24xlarge', 'g5', 'a10g', 4, 96, 96, 384, 50, 'pcie', 'efa', 50, 'https://aws.amazon.com/ec2/instance-types/g5/'),
    ('aws', 'g5.48xlarge', 'g5', 'a10g', 8, 192, 192, 768, 100, 'pcie', 'efa', 100, 'https://aws.amazon.com/ec2/instance-types/g5/');
-- aws g6: source https://aws.amazon.com/ec2/instance-types/g6/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'g6.xlarge', 'g6', 'l4', 1, 24, 4, 16, 10, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g6/'),
    ('aws', 'g6.2xlarge', 'g6', 'l4', 1, 24, 8, 32, 10, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g6/'),
    ('aws', 'g6.4xlarge', 'g6', 'l4', 1, 24, 16, 64, 25, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g6/'),
    ('aws', 'g6.8xlarge', 'g6', 'l4', 1, 24, 32, 128, 25, 'none', 'efa', 25, 'https://aws.amazon.com/ec2/instance-types/g6/'),
    ('aws', 'g6.16xlarge', 'g6', 'l4', 1, 24, 64, 256, 25, 'none', 'efa', 25, 'https://aws.amazon.com/ec2/instance-types/g6/'),
    ('aws', 'g6.12xlarge', 'g6', 'l4', 4, 96, 48, 192, 40, 'pcie', 'efa', 40, 'https://aws.amazon.com/ec2/instance-types/g6/'),
    ('aws', 'g6.24xlarge', 'g6', 'l4', 4, 96, 96, 384, 50, 'pcie', 'efa', 50, 'https://aws.amazon.com/ec2/instance-types/g6/'),
    ('aws', 'g6.48xlarge', 'g6', 'l4', 8, 192, 192, 768, 100, 'pcie', 'efa', 100, 'https://aws.amazon.com/ec2/instance-types/g6/');
-- aws gr6: source https://aws.amazon.com/ec2/instance-types/g6/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'gr6.4xlarge', 'gr6', 'l4', 1, 24, 16, 128, 25, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g6/'),
    ('aws', 'gr6.8xlarge', 'gr6', 'l4', 1, 24, 32, 256, 25, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g6/');
-- aws g6e: source https://aws.amazon.com/ec2/instance-types/g6e/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'g6e.xlarge', 'g6e', 'l40s', 1, 48, 4, 32, 20, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g6e/'),
    ('aws', 'g6e.2xlarge', 'g6e', 'l40s', 1, 48, 8, 64, 20, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g6e/'),
    ('aws', 'g6e.4xlarge', 'g6e', 'l40s', 1, 48, 16, 128, 20, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/g6e/'),
    ('aws', 'g6e.8xlarge', 'g6e', 'l40s', 1, 48, 32, 256, 25, 'none', 'efa', 25, 'https://aws.amazon.com/ec2/instance-types/g6e/'),
    ('aws', 'g6e.16xlarge', 'g6e', 'l40s', 1, 48, 64, 512, 35, 'none', 'efa', 35, 'https://aws.amazon.com/ec2/instance-types/g6e/'),
    ('aws', 'g6e.12xlarge', 'g6e', 'l40s', 4, 192, 48, 384, 100, 'pcie', 'efa', 100, 'https://aws.amazon.com/ec2/instance-types/g6e/'),
    ('aws', 'g6e.24xlarge', 'g6e', 'l40s', 4, 192, 96, 768, 200, 'pcie', 'efa', 200, 'https://aws.amazon.com/ec2/instance-types/g6e/'),
    ('aws', 'g6e.48xlarge', 'g6e', 'l40s', 8, 384, 192, 1536, 400, 'pcie', 'efa', 400, 'https://aws.amazon.com/ec2/instance-types/g6e/');
-- aws p3: source https://aws.amazon.com/ec2/instance-types/p3/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'p3.2xlarge', 'p3', 'v100-sxm2-16gb', 1, 16, 8, 61, 10, 'none', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/p3/'),
    ('aws', 'p3.8xlarge', 'p3', 'v100-sxm2-16gb', 4, 64, 32, 244, 10, 'nvlink', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/p3/'),
    ('aws', 'p3.16xlarge', 'p3', 'v100-sxm2-16gb', 8, 128, 64, 488, 25, 'nvlink', 'none', 0, 'https://aws.amazon.com/ec2/instance-types/p3/');
-- aws p3dn: source https://aws.amazon.com/ec2/instance-types/p3/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'p3dn.24xlarge', 'p3dn', 'v100-sxm2-32gb', 8, 256, 96, 768, 100, 'nvlink', 'efa', 100, 'https://aws.amazon.com/ec2/instance-types/p3/');
-- aws p4d: source https://aws.amazon.com/ec2/instance-types/p4/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'p4d.24xlarge', 'p4d', 'a100-sxm-40gb', 8, 320, 96, 1152, 400, 'nvswitch', 'efa', 400, 'https://aws.amazon.com/ec2/instance-types/p4/');
-- aws p4de: source https://aws.amazon.com/ec2/instance-types/p4/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'p4de.24xlarge', 'p4de', 'a100-sxm-80gb', 8, 640, 96, 1152, 400, 'nvswitch', 'efa', 400, 'https://aws.amazon.com/ec2/instance-types/p4/');
-- aws p5: source https://aws.amazon.com/ec2/instance-types/p5/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'p5.48xlarge', 'p5', 'h100-sxm-80gb', 8, 640, 192, 2048, 3200, 'nvswitch', 'efa', 3200, 'https://aws.amazon.com/ec2/instance-types/p5/');
-- aws p5e: source https://aws.amazon.com/ec2/instance-types/p5/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'p5e.48xlarge', 'p5e', 'h200-sxm-141gb', 8, 1128, 192, 2048, 3200, 'nvswitch', 'efa', 3200, 'https://aws.amazon.com/ec2/instance-types/p5/');
-- aws p5en: source https://aws.amazon.com/ec2/instance-types/p5/ (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'p5en.48xlarge', 'p5en', 'h200-sxm-141gb', 8, 1128, 192, 2048, 3200, 'nvswitch', 'efa', 3200, 'https://aws.amazon.com/ec2/instance-types/p5/');
-- aws p6-b200: source https://aws.amazon.com/ec2/instance-types/p6/ (as of 2025-06-01)
-- p6-b200.48xlarge: AWS: 8 x B200 with 1,440 GB HBM3e in total (179-180 GB each), EFAv4 3,200 Gbps.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('aws', 'p6-b200.48xlarge', 'p6-b200', 'b200-sxm-180gb', 8, 1440, 192, 2048, 3200, 'nvswitch', 'efa', 3200, 'https://aws.amazon.com/ec2/instance-types/p6/');
-- azure NCasT4_v3: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncast4v3-series (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_NC4as_T4_v3', 'NCasT4_v3', 't4', 1, 16, 4, 28, 8, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncast4v3-series'),
    ('azure', 'Standard_NC8as_T4_v3', 'NCasT4_v3', 't4', 1, 16, 8, 56, 8, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncast4v3-series'),
    ('azure', 'Standard_NC16as_T4_v3', 'NCasT4_v3', 't4', 1, 16, 16, 110, 8, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncast4v3-series'),
    ('azure', 'Standard_NC64as_T4_v3', 'NCasT4_v3', 't4', 4, 64, 64, 440, 32, 'pcie', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncast4v3-series');
-- azure NCv3: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncv3-series (as of 2025-06-01)
-- Standard_NC6s_v3: NCv3: Azure publishes no expected network bandwidth for this older series; network_gbps is a conservative 10 Gbps placeholder.
-- Standard_NC12s_v3: NCv3: Azure publishes no expected network bandwidth for this older series; network_gbps is a conservative 10 Gbps placeholder.
-- Standard_NC24s_v3: NCv3: Azure publishes no expected network bandwidth for this older series; network_gbps is a conservative 10 Gbps placeholder.
-- Standard_NC24rs_v3: NCv3: Azure publishes no expected network bandwidth for this older series; network_gbps is a conservative 10 Gbps placeholder. The r size adds 100 Gb/s EDR InfiniBand.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_NC6s_v3', 'NCv3', 'v100-sxm2-16gb', 1, 16, 6, 112, 10, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncv3-series'),
    ('azure', 'Standard_NC12s_v3', 'NCv3', 'v100-sxm2-16gb', 2, 32, 12, 224, 10, 'nvlink', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncv3-series'),
    ('azure', 'Standard_NC24s_v3', 'NCv3', 'v100-sxm2-16gb', 4, 64, 24, 448, 10, 'nvlink', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncv3-series'),
    ('azure', 'Standard_NC24rs_v3', 'NCv3', 'v100-sxm2-16gb', 4, 64, 24, 448, 10, 'nvlink', 'infiniband', 100, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncv3-series');
-- azure NDv2: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndv2-series (as of 2025-06-01)
-- Standard_ND40rs_v2: NDv2: 8 x V100 32GB SXM2 in an NVLink hybrid cube-mesh, 100 Gb/s EDR InfiniBand.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_ND40rs_v2', 'NDv2', 'v100-sxm2-32gb', 8, 256, 40, 672, 24, 'nvlink', 'infiniband', 100, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndv2-series');
-- azure NCadsA100_v4: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nca100v4-series (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_NC24ads_A100_v4', 'NCadsA100_v4', 'a100-pcie-80gb', 1, 80, 24, 220, 20, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nca100v4-series'),
    ('azure', 'Standard_NC48ads_A100_v4', 'NCadsA100_v4', 'a100-pcie-80gb', 2, 160, 48, 440, 40, 'pcie', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nca100v4-series'),
    ('azure', 'Standard_NC96ads_A100_v4', 'NCadsA100_v4', 'a100-pcie-80gb', 4, 320, 96, 880, 80, 'pcie', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nca100v4-series');
-- azure NDasrA100_v4: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndasra100v4-series (as of 2025-06-01)
-- Standard_ND96asr_v4: 8 x A100 40GB SXM4 on NVSwitch, 8 x 200 Gb/s HDR InfiniBand.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_ND96asr_v4', 'NDasrA100_v4', 'a100-sxm-40gb', 8, 320, 96, 900, 24, 'nvswitch', 'infiniband', 1600, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndasra100v4-series');
-- azure NDamsrA100_v4: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndma100v4-series (as of 2025-06-01)
-- Standard_ND96amsr_A100_v4: 8 x A100 80GB SXM4 on NVSwitch, 8 x 200 Gb/s HDR InfiniBand.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_ND96amsr_A100_v4', 'NDamsrA100_v4', 'a100-sxm-80gb', 8, 640, 96, 1900, 24, 'nvswitch', 'infiniband', 1600, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndma100v4-series');
-- azure NDisrH100_v5: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndh100v5-series (as of 2025-06-01)
-- Standard_ND96isr_H100_v5: 8 x H100 SXM5 on NVSwitch, 8 x 400 Gb/s NDR InfiniBand.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_ND96isr_H100_v5', 'NDisrH100_v5', 'h100-sxm-80gb', 8, 640, 96, 1900, 80, 'nvswitch', 'infiniband', 3200, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndh100v5-series');
-- azure NDisrH200_v5: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nd-h200-v5-series (as of 2025-06-01)
-- Standard_ND96isr_H200_v5: 8 x H200 on NVSwitch, 8 x 400 Gb/s NDR InfiniBand.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_ND96isr_H200_v5', 'NDisrH200_v5', 'h200-sxm-141gb', 8, 1128, 96, 1850, 80, 'nvswitch', 'infiniband', 3200, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nd-h200-v5-series');
-- azure NDisMI300X_v5: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndmi300xv5-series (as of 2025-06-01)
-- Standard_ND96is_MI300X_v5: 8 x MI300X on Infinity Fabric (xGMI), 8 x 400 Gb/s NDR InfiniBand.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_ND96is_MI300X_v5', 'NDisMI300X_v5', 'mi300x', 8, 1536, 96, 1850, 80, 'xgmi', 'infiniband', 3200, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndmi300xv5-series');
-- azure NCadsH100_v5: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncadsh100v5-series (as of 2025-06-01)
-- Standard_NC40ads_H100_v5: Azure names the 1-GPU size NC40ads (no "i"); the 2-GPU size is NC80adis. 1 x H100 NVL 94GB.
-- Standard_NC80adis_H100_v5: 2 x H100 NVL 94GB joined by NVLink bridges.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_NC40ads_H100_v5', 'NCadsH100_v5', 'h100-nvl-94gb', 1, 94, 40, 320, 40, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncadsh100v5-series'),
    ('azure', 'Standard_NC80adis_H100_v5', 'NCadsH100_v5', 'h100-nvl-94gb', 2, 188, 80, 640, 80, 'nvlink', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ncadsh100v5-series');
-- azure NVadsA10_v5: source https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nvadsa10v5-series (as of 2025-06-01)
-- Standard_NV6ads_A10_v5: Fractional A10: gpu_count is the share of one A10 and gpu_memory_gb the partition's frame buffer. Network figures per the size table. 1/6 A10, 4 GB.
-- Standard_NV12ads_A10_v5: 1/3 A10, 8 GB.
-- Standard_NV18ads_A10_v5: 1/2 A10, 12 GB.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_NV6ads_A10_v5', 'NVadsA10_v5', 'a10', 0.1667, 4, 6, 55, 5, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nvadsa10v5-series'),
    ('azure', 'Standard_NV12ads_A10_v5', 'NVadsA10_v5', 'a10', 0.3333, 8, 12, 110, 10, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nvadsa10v5-series'),
    ('azure', 'Standard_NV18ads_A10_v5', 'NVadsA10_v5', 'a10', 0.5, 12, 18, 220, 20, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nvadsa10v5-series'),
    ('azure', 'Standard_NV36ads_A10_v5', 'NVadsA10_v5', 'a10', 1, 24, 36, 440, 40, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nvadsa10v5-series'),
    ('azure', 'Standard_NV36adms_A10_v5', 'NVadsA10_v5', 'a10', 1, 24, 36, 880, 80, 'none', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nvadsa10v5-series'),
    ('azure', 'Standard_NV72ads_A10_v5', 'NVadsA10_v5', 'a10', 2, 48, 72, 880, 80, 'pcie', 'none', 0, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nvadsa10v5-series');
-- gcp n1+t4: source https://cloud.google.com/compute/docs/gpus#t4-gpus (as of 2025-06-01)
-- n1-standard-4-t4-1: GCP attaches T4/V100 GPUs to N1 VMs. Instance ids here are "<n1 machine type>-<gpu>-<count>", a catalog convention, not a GCP machine-type name; network is the N1 default egress cap of 2 Gbps per vCPU, at most 32 Gbps.
-- n1-standard-8-t4-1: GCP attaches T4/V100 GPUs to N1 VMs. Instance ids here are "<n1 machine type>-<gpu>-<count>", a catalog convention, not a GCP machine-type name; network is the N1 default egress cap of 2 Gbps per vCPU, at most 32 Gbps.
-- n1-standard-16-t4-1: GCP attaches T4/V100 GPUs to N1 VMs. Instance ids here are "<n1 machine type>-<gpu>-<count>", a catalog convention, not a GCP machine-type name; network is the N1 default egress cap of 2 Gbps per vCPU, at most 32 Gbps.
-- n1-standard-16-t4-2: GCP attaches T4/V100 GPUs to N1 VMs. Instance ids here are "<n1 machine type>-<gpu>-<count>", a catalog convention, not a GCP machine-type name; network is the N1 default egress cap of 2 Gbps per vCPU, at most 32 Gbps.
-- n1-standard-32-t4-4: GCP attaches T4/V100 GPUs to N1 VMs. Instance ids here are "<n1 machine type>-<gpu>-<count>", a catalog convention, not a GCP machine-type name; network is the N1 default egress cap of 2 Gbps per vCPU, at most 32 Gbps.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('gcp', 'n1-standard-4-t4-1', 'n1+t4', 't4', 1, 16, 4, 15, 8, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/gpus#t4-gpus'),
    ('gcp', 'n1-standard-8-t4-1', 'n1+t4', 't4', 1, 16, 8, 30, 16, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/gpus#t4-gpus'),
    ('gcp', 'n1-standard-16-t4-1', 'n1+t4', 't4', 1, 16, 16, 60, 32, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/gpus#t4-gpus'),
    ('gcp', 'n1-standard-16-t4-2', 'n1+t4', 't4', 2, 32, 16, 60, 32, 'pcie', 'none', 0, 'https://cloud.google.com/compute/docs/gpus#t4-gpus'),
    ('gcp', 'n1-standard-32-t4-4', 'n1+t4', 't4', 4, 64, 32, 120, 32, 'pcie', 'none', 0, 'https://cloud.google.com/compute/docs/gpus#t4-gpus');
-- gcp n1+v100: source https://cloud.google.com/compute/docs/gpus#v100-gpus (as of 2025-06-01)
-- n1-standard-8-v100-1: GCP attaches T4/V100 GPUs to N1 VMs. Instance ids here are "<n1 machine type>-<gpu>-<count>", a catalog convention, not a GCP machine-type name; network is the N1 default egress cap of 2 Gbps per vCPU, at most 32 Gbps.
-- n1-standard-16-v100-2: GCP attaches T4/V100 GPUs to N1 VMs. Instance ids here are "<n1 machine type>-<gpu>-<count>", a catalog convention, not a GCP machine-type name; network is the N1 default egress cap of 2 Gbps per vCPU, at most 32 Gbps.
-- n1-standard-32-v100-4: GCP attaches T4/V100 GPUs to N1 VMs. Instance ids here are "<n1 machine type>-<gpu>-<count>", a catalog convention, not a GCP machine-type name; network is the N1 default egress cap of 2 Gbps per vCPU, at most 32 Gbps.
-- n1-standard-64-v100-8: GCP attaches T4/V100 GPUs to N1 VMs. Instance ids here are "<n1 machine type>-<gpu>-<count>", a catalog convention, not a GCP machine-type name; network is the N1 default egress cap of 2 Gbps per vCPU, at most 32 Gbps.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('gcp', 'n1-standard-8-v100-1', 'n1+v100', 'v100-sxm2-16gb', 1, 16, 8, 30, 16, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/gpus#v100-gpus'),
    ('gcp', 'n1-standard-16-v100-2', 'n1+v100', 'v100-sxm2-16gb', 2, 32, 16, 60, 32, 'nvlink', 'none', 0, 'https://cloud.google.com/compute/docs/gpus#v100-gpus'),
    ('gcp', 'n1-standard-32-v100-4', 'n1+v100', 'v100-sxm2-16gb', 4, 64, 32, 120, 32, 'nvlink', 'none', 0, 'https://cloud.google.com/compute/docs/gpus#v100-gpus'),
    ('gcp', 'n1-standard-64-v100-8', 'n1+v100', 'v100-sxm2-16gb', 8, 128, 64, 240, 32, 'nvlink', 'none', 0, 'https://cloud.google.com/compute/docs/gpus#v100-gpus');
-- gcp a2-highgpu: source https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('gcp', 'a2-highgpu-1g', 'a2-highgpu', 'a100-sxm-40gb', 1, 40, 12, 85, 24, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms'),
    ('gcp', 'a2-highgpu-2g', 'a2-highgpu', 'a100-sxm-40gb', 2, 80, 24, 170, 32, 'nvswitch', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms'),
    ('gcp', 'a2-highgpu-4g', 'a2-highgpu', 'a100-sxm-40gb', 4, 160, 48, 340, 50, 'nvswitch', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms'),
    ('gcp', 'a2-highgpu-8g', 'a2-highgpu', 'a100-sxm-40gb', 8, 320, 96, 680, 100, 'nvswitch', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms');
-- gcp a2-megagpu: source https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('gcp', 'a2-megagpu-16g', 'a2-megagpu', 'a100-sxm-40gb', 16, 640, 96, 1360, 100, 'nvswitch', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms');
-- gcp a2-ultragpu: source https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('gcp', 'a2-ultragpu-1g', 'a2-ultragpu', 'a100-sxm-80gb', 1, 80, 12, 170, 24, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms'),
    ('gcp', 'a2-ultragpu-2g', 'a2-ultragpu', 'a100-sxm-80gb', 2, 160, 24, 340, 32, 'nvswitch', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms'),
    ('gcp', 'a2-ultragpu-4g', 'a2-ultragpu', 'a100-sxm-80gb', 4, 320, 48, 680, 50, 'nvswitch', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms'),
    ('gcp', 'a2-ultragpu-8g', 'a2-ultragpu', 'a100-sxm-80gb', 8, 640, 96, 1360, 100, 'nvswitch', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a2-vms');
-- gcp a3-highgpu: source https://cloud.google.com/compute/docs/accelerator-optimized-machines#a3-vms (as of 2025-06-01)
-- a3-highgpu-8g: GPUDirect-TCPX/TCPXO is a GPU-to-GPU network but not RDMA; the schema has no value for it, so cluster_network is none and network_gbps carries the total. A3 High: 4 x 200 Gbps GPU NICs + 200 Gbps host.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('gcp', 'a3-highgpu-8g', 'a3-highgpu', 'h100-sxm-80gb', 8, 640, 208, 1872, 1000, 'nvswitch', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a3-vms');
-- gcp a3-megagpu: source https://cloud.google.com/compute/docs/accelerator-optimized-machines#a3-vms (as of 2025-06-01)
-- a3-megagpu-8g: GPUDirect-TCPX/TCPXO is a GPU-to-GPU network but not RDMA; the schema has no value for it, so cluster_network is none and network_gbps carries the total. A3 Mega: 8 x 200 Gbps GPU NICs + 200 Gbps host.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('gcp', 'a3-megagpu-8g', 'a3-megagpu', 'h100-sxm-80gb', 8, 640, 208, 1872, 1800, 'nvswitch', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a3-vms');
-- gcp a3-ultragpu: source https://cloud.google.com/compute/docs/accelerator-optimized-machines#a3-vms (as of 2025-06-01)
-- a3-ultragpu-8g: A3 Ultra: 8 x H200, 8 x 400 Gbps ConnectX-7 RoCE GPU network plus 400 Gbps host.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('gcp', 'a3-ultragpu-8g', 'a3-ultragpu', 'h200-sxm-141gb', 8, 1128, 224, 2952, 3600, 'nvswitch', 'roce', 3200, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a3-vms');
-- gcp g2: source https://cloud.google.com/compute/docs/accelerator-optimized-machines#g2-vms (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('gcp', 'g2-standard-4', 'g2', 'l4', 1, 24, 4, 16, 10, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#g2-vms'),
    ('gcp', 'g2-standard-8', 'g2', 'l4', 1, 24, 8, 32, 16, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#g2-vms'),
    ('gcp', 'g2-standard-12', 'g2', 'l4', 1, 24, 12, 48, 16, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#g2-vms'),
    ('gcp', 'g2-standard-16', 'g2', 'l4', 1, 24, 16, 64, 32, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#g2-vms'),
    ('gcp', 'g2-standard-24', 'g2', 'l4', 2, 48, 24, 96, 32, 'pcie', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#g2-vms'),
    ('gcp', 'g2-standard-32', 'g2', 'l4', 1, 24, 32, 128, 32, 'none', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#g2-vms'),
    ('gcp', 'g2-standard-48', 'g2', 'l4', 4, 96, 48, 192, 50, 'pcie', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#g2-vms'),
    ('gcp', 'g2-standard-96', 'g2', 'l4', 8, 192, 96, 384, 100, 'pcie', 'none', 0, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#g2-vms');
-- oci BM.GPU.H100: source https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu (as of 2025-06-01)
-- BM.GPU.H100.8: vcpus = 2 x OCPUs. Cluster network is OCI RDMA (RoCE v2). 112 OCPUs, 8 x 400 Gb/s RDMA.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('oci', 'BM.GPU.H100.8', 'BM.GPU.H100', 'h100-sxm-80gb', 8, 640, 224, 2048, 200, 'nvswitch', 'roce', 3200, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu');
-- oci BM.GPU.H200: source https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu (as of 2025-06-01)
-- BM.GPU.H200.8: vcpus = 2 x OCPUs. Cluster network is OCI RDMA (RoCE v2). 112 OCPUs, 8 x 400 Gb/s RDMA.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('oci', 'BM.GPU.H200.8', 'BM.GPU.H200', 'h200-sxm-141gb', 8, 1128, 224, 3072, 200, 'nvswitch', 'roce', 3200, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu');
-- oci BM.GPU.A100-v2: source https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu (as of 2025-06-01)
-- BM.GPU.A100-v2.8: vcpus = 2 x OCPUs. Cluster network is OCI RDMA (RoCE v2). 128 OCPUs, 16 x 100 Gb/s RDMA.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('oci', 'BM.GPU.A100-v2.8', 'BM.GPU.A100-v2', 'a100-sxm-80gb', 8, 640, 256, 2048, 100, 'nvswitch', 'roce', 1600, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu');
-- oci BM.GPU4: source https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu (as of 2025-06-01)
-- BM.GPU4.8: vcpus = 2 x OCPUs. Cluster network is OCI RDMA (RoCE v2). 64 OCPUs, 16 x 100 Gb/s RDMA.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('oci', 'BM.GPU4.8', 'BM.GPU4', 'a100-sxm-40gb', 8, 320, 128, 2048, 50, 'nvswitch', 'roce', 1600, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu');
-- oci BM.GPU.MI300X: source https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu (as of 2025-06-01)
-- BM.GPU.MI300X.8: vcpus = 2 x OCPUs. Cluster network is OCI RDMA (RoCE v2). 112 OCPUs, 8 x 400 Gb/s RDMA.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('oci', 'BM.GPU.MI300X.8', 'BM.GPU.MI300X', 'mi300x', 8, 1536, 224, 2048, 100, 'xgmi', 'roce', 3200, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu');
-- oci BM.GPU.L40S: source https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu (as of 2025-06-01)
-- BM.GPU.L40S.4: vcpus = 2 x OCPUs. Cluster network is OCI RDMA (RoCE v2). 112 OCPUs, 800 Gb/s RDMA.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('oci', 'BM.GPU.L40S.4', 'BM.GPU.L40S', 'l40s', 4, 192, 224, 1024, 200, 'pcie', 'roce', 800, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu');
-- oci BM.GPU.A10: source https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu (as of 2025-06-01)
-- BM.GPU.A10.4: 64 OCPUs, 2 x 50 Gbps.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('oci', 'BM.GPU.A10.4', 'BM.GPU.A10', 'a10', 4, 96, 128, 1024, 100, 'pcie', 'none', 0, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu');
-- oci VM.GPU.A10: source https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu (as of 2025-06-01)
-- VM.GPU.A10.1: 15 OCPUs.
-- VM.GPU.A10.2: 30 OCPUs.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('oci', 'VM.GPU.A10.1', 'VM.GPU.A10', 'a10', 1, 24, 30, 240, 24, 'none', 'none', 0, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu'),
    ('oci', 'VM.GPU.A10.2', 'VM.GPU.A10', 'a10', 2, 48, 60, 480, 48, 'pcie', 'none', 0, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu');
-- oci VM.GPU3: source https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu (as of 2025-06-01)
-- VM.GPU3.1: 6 OCPUs.
-- VM.GPU3.2: 12 OCPUs.
-- VM.GPU3.4: 24 OCPUs.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('oci', 'VM.GPU3.1', 'VM.GPU3', 'v100-sxm2-16gb', 1, 16, 12, 90, 4, 'none', 'none', 0, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu'),
    ('oci', 'VM.GPU3.2', 'VM.GPU3', 'v100-sxm2-16gb', 2, 32, 24, 180, 8, 'nvlink', 'none', 0, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu'),
    ('oci', 'VM.GPU3.4', 'VM.GPU3', 'v100-sxm2-16gb', 4, 64, 48, 360, 24.6, 'nvlink', 'none', 0, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu');
-- oci BM.GPU3: source https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu (as of 2025-06-01)
-- BM.GPU3.8: 52 OCPUs, 2 x 25 Gbps.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('oci', 'BM.GPU3.8', 'BM.GPU3', 'v100-sxm2-16gb', 8, 128, 104, 768, 50, 'nvlink', 'none', 0, 'https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu');
-- lambda gpu_a10: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_1x_a10: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_1x_a10', 'gpu_a10', 'a10', 1, 24, 30, 200, 10, 'none', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- lambda gpu_a6000: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_1x_a6000: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
-- gpu_2x_a6000: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
-- gpu_4x_a6000: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_1x_a6000', 'gpu_a6000', 'rtx-a6000', 1, 48, 14, 46, 10, 'none', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing'),
    ('lambda', 'gpu_2x_a6000', 'gpu_a6000', 'rtx-a6000', 2, 96, 28, 92, 10, 'pcie', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing'),
    ('lambda', 'gpu_4x_a6000', 'gpu_a6000', 'rtx-a6000', 4, 192, 56, 184, 10, 'pcie', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- lambda gpu_a100: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_1x_a100: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_1x_a100', 'gpu_a100', 'a100-pcie-40gb', 1, 40, 30, 200, 10, 'none', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- lambda gpu_a100_sxm4: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_1x_a100_sxm4: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_1x_a100_sxm4', 'gpu_a100_sxm4', 'a100-sxm-40gb', 1, 40, 30, 200, 10, 'none', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- lambda gpu_a100: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_2x_a100: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
-- gpu_4x_a100: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
-- gpu_8x_a100: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_2x_a100', 'gpu_a100', 'a100-pcie-40gb', 2, 80, 60, 400, 10, 'pcie', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing'),
    ('lambda', 'gpu_4x_a100', 'gpu_a100', 'a100-pcie-40gb', 4, 160, 120, 800, 10, 'pcie', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing'),
    ('lambda', 'gpu_8x_a100', 'gpu_a100', 'a100-sxm-40gb', 8, 320, 124, 1800, 10, 'nvswitch', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- lambda gpu_a100_80gb_sxm4: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_8x_a100_80gb_sxm4: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_8x_a100_80gb_sxm4', 'gpu_a100_80gb_sxm4', 'a100-sxm-80gb', 8, 640, 240, 1800, 10, 'nvswitch', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- lambda gpu_h100_pcie: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_1x_h100_pcie: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_1x_h100_pcie', 'gpu_h100_pcie', 'h100-pcie-80gb', 1, 80, 26, 200, 10, 'none', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- lambda gpu_h100_sxm5: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_1x_h100_sxm5: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
-- gpu_2x_h100_sxm5: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
-- gpu_4x_h100_sxm5: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
-- gpu_8x_h100_sxm5: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_1x_h100_sxm5', 'gpu_h100_sxm5', 'h100-sxm-80gb', 1, 80, 26, 225, 10, 'none', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing'),
    ('lambda', 'gpu_2x_h100_sxm5', 'gpu_h100_sxm5', 'h100-sxm-80gb', 2, 160, 52, 450, 10, 'nvswitch', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing'),
    ('lambda', 'gpu_4x_h100_sxm5', 'gpu_h100_sxm5', 'h100-sxm-80gb', 4, 320, 104, 900, 10, 'nvswitch', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing'),
    ('lambda', 'gpu_8x_h100_sxm5', 'gpu_h100_sxm5', 'h100-sxm-80gb', 8, 640, 208, 1800, 10, 'nvswitch', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- lambda gpu_gh200: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_1x_gh200: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_1x_gh200', 'gpu_gh200', 'gh200-96gb', 1, 96, 64, 432, 10, 'none', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- lambda gpu_v100: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_8x_v100: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_8x_v100', 'gpu_v100', 'v100-sxm2-16gb', 8, 128, 92, 448, 10, 'nvlink', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- lambda gpu_b200_sxm6: source https://lambda.ai/service/gpu-cloud#pricing (as of 2025-06-01)
-- gpu_8x_b200_sxm6: Lambda publishes vCPU, RAM and GPU per instance type but no NIC figure for on-demand VMs; network_gbps is a 10 Gbps placeholder.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('lambda', 'gpu_8x_b200_sxm6', 'gpu_b200_sxm6', 'b200-sxm-180gb', 8, 1440, 208, 2900, 10, 'nvswitch', 'none', 0, 'https://lambda.ai/service/gpu-cloud#pricing');
-- alibaba gn6i: source https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1 (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('alibaba', 'ecs.gn6i-c4g1.xlarge', 'gn6i', 't4', 1, 16, 4, 15, 4, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6i-c8g1.2xlarge', 'gn6i', 't4', 1, 16, 8, 31, 5, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6i-c16g1.4xlarge', 'gn6i', 't4', 1, 16, 16, 62, 6, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6i-c24g1.6xlarge', 'gn6i', 't4', 1, 16, 24, 93, 7.5, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6i-c40g1.10xlarge', 'gn6i', 't4', 1, 16, 40, 155, 10, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6i-c24g1.12xlarge', 'gn6i', 't4', 2, 32, 48, 186, 15, 'pcie', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6i-c24g1.24xlarge', 'gn6i', 't4', 4, 64, 96, 372, 30, 'pcie', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1');
-- alibaba gn6v: source https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1 (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('alibaba', 'ecs.gn6v-c8g1.2xlarge', 'gn6v', 'v100-sxm2-16gb', 1, 16, 8, 32, 2.5, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6v-c8g1.4xlarge', 'gn6v', 'v100-sxm2-16gb', 2, 32, 16, 64, 5, 'nvlink', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6v-c8g1.8xlarge', 'gn6v', 'v100-sxm2-16gb', 4, 64, 32, 128, 10, 'nvlink', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6v-c8g1.16xlarge', 'gn6v', 'v100-sxm2-16gb', 8, 128, 64, 256, 20, 'nvlink', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6v-c10g1.20xlarge', 'gn6v', 'v100-sxm2-16gb', 8, 128, 82, 336, 35, 'nvlink', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1');
-- alibaba gn6e: source https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1 (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('alibaba', 'ecs.gn6e-c12g1.3xlarge', 'gn6e', 'v100-sxm2-32gb', 1, 32, 12, 92, 5, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6e-c12g1.6xlarge', 'gn6e', 'v100-sxm2-32gb', 2, 64, 24, 184, 8, 'nvlink', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6e-c12g1.12xlarge', 'gn6e', 'v100-sxm2-32gb', 4, 128, 48, 368, 16, 'nvlink', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn6e-c12g1.24xlarge', 'gn6e', 'v100-sxm2-32gb', 8, 256, 96, 736, 32, 'nvlink', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1');
-- alibaba gn7i: source https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1 (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('alibaba', 'ecs.gn7i-c8g1.2xlarge', 'gn7i', 'a10', 1, 24, 8, 30, 16, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7i-c16g1.4xlarge', 'gn7i', 'a10', 1, 24, 16, 60, 16, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7i-c32g1.8xlarge', 'gn7i', 'a10', 1, 24, 32, 188, 16, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7i-c32g1.16xlarge', 'gn7i', 'a10', 2, 48, 64, 376, 32, 'pcie', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7i-c32g1.32xlarge', 'gn7i', 'a10', 4, 96, 128, 752, 64, 'pcie', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7i-c48g1.12xlarge', 'gn7i', 'a10', 1, 24, 48, 310, 16, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7i-c56g1.14xlarge', 'gn7i', 'a10', 1, 24, 56, 346, 16, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1');
-- alibaba gn7e: source https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1 (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('alibaba', 'ecs.gn7e-c16g1.4xlarge', 'gn7e', 'a100-sxm-80gb', 1, 80, 16, 125, 8, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7e-c16g1.8xlarge', 'gn7e', 'a100-sxm-80gb', 2, 160, 32, 250, 16, 'nvswitch', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7e-c16g1.16xlarge', 'gn7e', 'a100-sxm-80gb', 4, 320, 64, 500, 32, 'nvswitch', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7e-c16g1.32xlarge', 'gn7e', 'a100-sxm-80gb', 8, 640, 128, 1000, 64, 'nvswitch', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1');
-- alibaba gn7: source https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1 (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('alibaba', 'ecs.gn7-c12g1.3xlarge', 'gn7', 'a100-sxm-40gb', 1, 40, 12, 94, 4, 'none', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7-c13g1.13xlarge', 'gn7', 'a100-sxm-40gb', 4, 160, 52, 378, 16, 'nvswitch', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1'),
    ('alibaba', 'ecs.gn7-c13g1.26xlarge', 'gn7', 'a100-sxm-40gb', 8, 320, 104, 756, 30, 'nvswitch', 'none', 0, 'https://www.alibabacloud.com/help/en/ecs/user-guide/gpu-accelerated-compute-optimized-and-vgpu-accelerated-instance-families-1');
-- tencent GN7: source https://www.tencentcloud.com/document/product/560/19701 (as of 2025-06-01)
-- GN7.LARGE20: GN7 vGPU sizes: a share of one T4 with the stated frame buffer. 1/4 T4, 4 GB.
-- GN7.2XLARGE40: 1/2 T4, 8 GB.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('tencent', 'GN7.LARGE20', 'GN7', 't4', 0.25, 4, 4, 20, 1.5, 'none', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN7.2XLARGE40', 'GN7', 't4', 0.5, 8, 10, 40, 3, 'none', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN7.2XLARGE32', 'GN7', 't4', 1, 16, 8, 32, 3, 'none', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN7.5XLARGE80', 'GN7', 't4', 1, 16, 20, 80, 7, 'none', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN7.8XLARGE128', 'GN7', 't4', 1, 16, 32, 128, 10, 'none', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN7.10XLARGE160', 'GN7', 't4', 2, 32, 40, 160, 13, 'pcie', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN7.20XLARGE320', 'GN7', 't4', 4, 64, 80, 320, 25, 'pcie', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701');
-- tencent GN10Xp: source https://www.tencentcloud.com/document/product/560/19701 (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('tencent', 'GN10Xp.2XLARGE40', 'GN10Xp', 'v100-sxm2-32gb', 1, 32, 10, 40, 3, 'none', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN10Xp.5XLARGE80', 'GN10Xp', 'v100-sxm2-32gb', 2, 64, 20, 80, 6, 'nvlink', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN10Xp.10XLARGE160', 'GN10Xp', 'v100-sxm2-32gb', 4, 128, 40, 160, 12, 'nvlink', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN10Xp.20XLARGE320', 'GN10Xp', 'v100-sxm2-32gb', 8, 256, 80, 320, 24, 'nvlink', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701');
-- tencent GN10X: source https://www.tencentcloud.com/document/product/560/19701 (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('tencent', 'GN10X.2XLARGE40', 'GN10X', 'v100-sxm2-32gb', 1, 32, 8, 40, 3, 'none', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN10X.9XLARGE160', 'GN10X', 'v100-sxm2-32gb', 4, 128, 36, 160, 13, 'nvlink', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GN10X.18XLARGE320', 'GN10X', 'v100-sxm2-32gb', 8, 256, 72, 320, 25, 'nvlink', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701');
-- tencent GT4: source https://www.tencentcloud.com/document/product/560/19701 (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('tencent', 'GT4.4XLARGE96', 'GT4', 'a100-sxm-40gb', 1, 40, 16, 96, 5, 'none', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GT4.8XLARGE192', 'GT4', 'a100-sxm-40gb', 2, 80, 32, 192, 10, 'nvswitch', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GT4.20XLARGE474', 'GT4', 'a100-sxm-40gb', 4, 160, 82, 474, 25, 'nvswitch', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'GT4.41XLARGE948', 'GT4', 'a100-sxm-40gb', 8, 320, 164, 948, 50, 'nvswitch', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701');
-- tencent PNV4: source https://www.tencentcloud.com/document/product/560/19701 (as of 2025-06-01)
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('tencent', 'PNV4.7XLARGE116', 'PNV4', 'a10', 1, 24, 28, 116, 13, 'none', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'PNV4.14XLARGE232', 'PNV4', 'a10', 2, 48, 56, 232, 25, 'pcie', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'PNV4.28XLARGE466', 'PNV4', 'a10', 4, 96, 112, 466, 50, 'pcie', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701'),
    ('tencent', 'PNV4.56XLARGE932', 'PNV4', 'a10', 8, 192, 224, 932, 100, 'pcie', 'none', 0, 'https://www.tencentcloud.com/document/product/560/19701');
