-- 0028_seed_azure_nd_h200_mi300x: Azure ND H200 v5 and ND MI300X v5 back in the catalog, priced from a committed
-- transcription of the Azure Retail Prices API (seen 2026-12-06). 0008 removed both for want of a per-region price.
--
-- Source: andy-diericks/azure-pricing-radar at commit cf741f2 (2026-08-22), whose scripts/fetch_prices.py queries
-- https://prices.azure.com/api/retail/prices?api-version=2023-01-01-preview with
-- "serviceName eq 'Virtual Machines' and armRegionName eq '<region>' and priceType eq 'Consumption'" and commits every
-- item (keyed by skuId, meterId, type) to data/latest/vm-<region>.json; data/latest/last-checked.json dates the
-- fetch 2026-08-22T20:59:40Z. Of the regions it records (westeurope, northeurope, swedencentral, francecentral,
-- belgiumcentral), the seed has northeurope, swedencentral and westeurope; westeurope lists neither series. A row
-- below is the Linux meter (productName without "Windows") of the region's file, as written there:
--   https://github.com/andy-diericks/azure-pricing-radar/blob/cf741f25c50759745f8eb5dcaf6c3746669c8f31/data/latest/vm-swedencentral.json
--   https://github.com/andy-diericks/azure-pricing-radar/blob/cf741f25c50759745f8eb5dcaf6c3746669c8f31/data/latest/vm-northeurope.json
--   Standard_ND96isr_MI300X_v5 (meterName "ND96isrMI300Xv5", product "Virtual Machines NDMI300Xv5 Srs"):
--     swedencentral on-demand 67.2, Spot 12.41856; northeurope on-demand 57.6, Spot 10.64448 USD/h.
--   Standard_ND96isr_H200_v5 (meterName "ND96isrH200v5", product "Virtual Machines NDsrH200v5 Series"):
--     swedencentral on-demand 110.272; northeurope on-demand 101.76 USD/h.
-- The file records no armSkuName; the meter names map to the ARM sizes Standard_ND96isr_MI300X_v5 and
-- Standard_ND96isr_H200_v5 of https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndmi300xv5-series
-- and .../nd-h200-v5-series. (The file also lists an "ND96isMI300Xv5" meter at the same rates; 0003's id
-- Standard_ND96is_MI300X_v5 is not restored: Microsoft's size page names the isr size.)
-- fetched_at is the day this was read, effective_at the day of the snapshot, listed_at the snapshot's fetch time:
-- the price was known to be current then, so a list older than that never replaces it.
--
-- Shapes as 0003 had them from the series pages: 8 GPUs, 96 vCPU, 1,850 GiB, 8 x 400 Gb/s NDR InfiniBand; H200 on
-- NVSwitch, MI300X on Infinity Fabric (xGMI).
--
-- Left out:
--   * ND H200 v5 Spot: its Spot meter ("ND96isrH200v5 Spot") carries the pay-as-you-go rate itself (110.272 and
--     101.76) in both files, so it is no Spot discount; not entered.
--   * Reservations and savings plans for both series: the snapshot records Consumption items only, without the
--     savingsPlan array for these meters.
--   * Other regions (eastus, eastus2, southcentralus, westus3, ...): no transcription of their rows was found. A
--     third-party table quotes "~$84.80" for ND H200 v5 in East US 2 / West US 3, rounded and undated: not used.
--   * ND GB200 v6 (Standard_ND128isr_NDR_GB200_v6): no recorded price in any file consulted (the only figure seen,
--     108.16 in eastus, is a unit-test fixture of another project).
--   * AWS g4ad: prices are published (SkyPilot's v8 AWS file at commit 00148f2 and the ec2instances.info data of
--     0025 both list all five sizes), but no datasheet for the Radeon Pro V520 was found that states its memory
--     bandwidth, FP64 rate, board power and ECC, which a GPU row needs; without that row the family cannot be seeded.
--   * AWS g7 (not g7e): in neither file. Alibaba gn8v / gn8is / gn9, Tencent GNV4 / GN8 / GN6: no list price found,
--     only figures quoted in personal notes. GPUs L20, H20, A800: NVIDIA publishes no datasheet for these China parts;
--     press figures found lack ECC, vGPU and (L20) the tensor rates, so no row is entered.

INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('azure', 'Standard_ND96isr_H200_v5', 'NDisrH200_v5', 'h200-sxm-141gb', 8, 1128, 96, 1850, 80, 'nvswitch', 'infiniband', 3200, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nd-h200-v5-series'),
    ('azure', 'Standard_ND96isr_MI300X_v5', 'NDisrMI300X_v5', 'mi300x', 8, 1536, 96, 1850, 80, 'xgmi', 'infiniband', 3200, 'https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndmi300xv5-series');

INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, estimated, listed_at) VALUES
    ('azure', 'Standard_ND96isr_MI300X_v5', 'swedencentral', 'on_demand', 67.2, 'USD', 'https://prices.azure.com/api/retail/prices (swedencentral, Linux, type Consumption, meterName "ND96isrMI300Xv5", productName "Virtual Machines NDMI300Xv5 Srs", skuId DZH318Z0FXZW/0015): 67.2 USD/h, as recorded in the Retail Prices API snapshot committed at https://github.com/andy-diericks/azure-pricing-radar/blob/cf741f25c50759745f8eb5dcaf6c3746669c8f31/data/latest/vm-swedencentral.json (fetched 2026-08-22T20:59Z), seen 2026-12-06', '2026-12-06T00:00:00Z', '2026-08-22T00:00:00Z', 0, '2026-08-22T20:59:40Z'),
    ('azure', 'Standard_ND96isr_MI300X_v5', 'swedencentral', 'spot', 12.41856, 'USD', 'https://prices.azure.com/api/retail/prices (swedencentral, Linux, type Consumption, meterName "ND96isrMI300Xv5 Spot", productName "Virtual Machines NDMI300Xv5 Srs", skuId DZH318Z0FXZW/001B): 12.41856 USD/h, as recorded in the Retail Prices API snapshot committed at https://github.com/andy-diericks/azure-pricing-radar/blob/cf741f25c50759745f8eb5dcaf6c3746669c8f31/data/latest/vm-swedencentral.json (fetched 2026-08-22T20:59Z), seen 2026-12-06', '2026-12-06T00:00:00Z', '2026-08-22T00:00:00Z', 0, '2026-08-22T20:59:40Z'),
    ('azure', 'Standard_ND96isr_MI300X_v5', 'northeurope', 'on_demand', 57.6, 'USD', 'https://prices.azure.com/api/retail/prices (northeurope, Linux, type Consumption, meterName "ND96isrMI300Xv5", productName "Virtual Machines NDMI300Xv5 Srs", skuId DZH318Z0FXZW/001Q): 57.6 USD/h, as recorded in the Retail Prices API snapshot committed at https://github.com/andy-diericks/azure-pricing-radar/blob/cf741f25c50759745f8eb5dcaf6c3746669c8f31/data/latest/vm-northeurope.json (fetched 2026-08-22T20:59Z), seen 2026-12-06', '2026-12-06T00:00:00Z', '2026-08-22T00:00:00Z', 0, '2026-08-22T20:59:40Z'),
    ('azure', 'Standard_ND96isr_MI300X_v5', 'northeurope', 'spot', 10.64448, 'USD', 'https://prices.azure.com/api/retail/prices (northeurope, Linux, type Consumption, meterName "ND96isrMI300Xv5 Spot", productName "Virtual Machines NDMI300Xv5 Srs", skuId DZH318Z0FXZW/001P): 10.64448 USD/h, as recorded in the Retail Prices API snapshot committed at https://github.com/andy-diericks/azure-pricing-radar/blob/cf741f25c50759745f8eb5dcaf6c3746669c8f31/data/latest/vm-northeurope.json (fetched 2026-08-22T20:59Z), seen 2026-12-06', '2026-12-06T00:00:00Z', '2026-08-22T00:00:00Z', 0, '2026-08-22T20:59:40Z'),
    ('azure', 'Standard_ND96isr_H200_v5', 'swedencentral', 'on_demand', 110.272, 'USD', 'https://prices.azure.com/api/retail/prices (swedencentral, Linux, type Consumption, meterName "ND96isrH200v5", productName "Virtual Machines NDsrH200v5 Series", skuId DZH318Z0LFX8/0007): 110.272 USD/h, as recorded in the Retail Prices API snapshot committed at https://github.com/andy-diericks/azure-pricing-radar/blob/cf741f25c50759745f8eb5dcaf6c3746669c8f31/data/latest/vm-swedencentral.json (fetched 2026-08-22T20:59Z), seen 2026-12-06', '2026-12-06T00:00:00Z', '2026-08-22T00:00:00Z', 0, '2026-08-22T20:59:40Z'),
    ('azure', 'Standard_ND96isr_H200_v5', 'northeurope', 'on_demand', 101.76, 'USD', 'https://prices.azure.com/api/retail/prices (northeurope, Linux, type Consumption, meterName "ND96isrH200v5", productName "Virtual Machines NDsrH200v5 Series", skuId DZH318Z0LFX8/0012): 101.76 USD/h, as recorded in the Retail Prices API snapshot committed at https://github.com/andy-diericks/azure-pricing-radar/blob/cf741f25c50759745f8eb5dcaf6c3746669c8f31/data/latest/vm-northeurope.json (fetched 2026-08-22T20:59Z), seen 2026-12-06', '2026-12-06T00:00:00Z', '2026-08-22T00:00:00Z', 0, '2026-08-22T20:59:40Z');
