-- 0012_seed_flagships_sources: flagship families with a published price, and sources for shape figures of 0009 that
-- named only a series page (seen 2026-12-01).
--
-- GCP A3 Ultra (a3-ultragpu-8g, 8 x H200 141 GB). 0009 removed it as having no machine rate; the SkyPilot GCP catalog
-- file at commit 2c3d7ea (https://github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7d76bf84cf80d382e946c1609571485fd/catalogs/v9/gcp/vms.csv)
-- lists both halves of its price per region: the machine row "a3-ultragpu-8g,224.0,2952.0" (vCPU and memory, with a
-- Spot column) and the accelerator row "H200,8" (eight H200 GPUs, with a Spot column). Google bills an
-- accelerator-optimized VM as its attached GPUs plus its vCPUs and memory
-- (https://cloud.google.com/compute/docs/accelerator-optimized-machines#pricing), so the VM's hourly price is the sum
-- of the two rows of the same region. Only us-east4 and us-central1 are taken: they are the catalog regions the seed
-- has, and each is read from its own rows.
--
-- Left out, because no published figure for them was found in the public catalogs consulted (SkyPilot's AWS, GCP,
-- Azure and OCI files at the commits named in 0009 and here; Oracle's and Microsoft's own pages as stored copies):
--   * AWS p6e-gb200 (UltraServer): sold only as EC2 Capacity Blocks; a Capacity Block rate is a reservation of its
--     own kind, and the schema's pricing models (on_demand, spot, reserved_*, savings_plan_*) have no place for it.
--   * AWS gr6f.4xlarge: no row in the SkyPilot AWS catalog file of 0009 (only g6f sizes are listed there).
--   * GCP a4-highgpu-8g: the catalog's machine row prices its vCPU and memory at 0.0 (the SKU is missing), so no
--     whole-VM price can be stated; the B200 x 8 accelerator row alone is not the VM's price.
--   * Azure Standard_ND96isr_H200_v5, Standard_ND96is_MI300X_v5 and ND GB200 v6: no row in the SkyPilot Azure file
--     (commit 098741e, catalogs/v6/azure/vms.csv) nor any other public per-region transcription of the Retail Prices
--     API that could be cited.
--   * OCI BM.GPU.B200.8, BM.GPU.GB200.4, BM.GPU.MI355X.8: their price-list part numbers and rates are not in the
--     SkyPilot OCI file (catalogs/v9/oci/vms.csv, commit a5be538, lists GPU shapes up to BM.GPU.H200.8); third-party
--     pages quote rounded, conflicting figures, which are not used.
-- Azure NCC H100 v5 is already priced by 0009 (eastus2). The GPUs these families need (B300, GB200, GB300, MI325X,
-- MI355X, H200 NVL, RTX PRO 6000) were added by 0002/0009.

-- a3-ultragpu-8g: 8 x H200 on NVSwitch, 224 vCPU, 2,952 GB (the catalog's machine row), 8 x 400 Gbps ConnectX-7 RoCE
-- GPU network plus the host NIC, as 0003 had it.
INSERT INTO instance_types (provider_id, id, family, gpu_id, gpu_count, gpu_memory_gb, vcpus, memory_gb, network_gbps, gpu_interconnect, cluster_network, cluster_network_gbps, source) VALUES
    ('gcp', 'a3-ultragpu-8g', 'a3-ultragpu', 'h200-sxm-141gb', 8, 1128, 224, 2952, 3600, 'nvswitch', 'roce', 3200, 'https://cloud.google.com/compute/docs/accelerator-optimized-machines#a3-vms; vCPU and memory per the machine row of https://github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7d76bf84cf80d382e946c1609571485fd/catalogs/v9/gcp/vms.csv');
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, estimated) VALUES
    ('gcp', 'a3-ultragpu-8g', 'us-east4', 'on_demand', 86.75992, 'USD', 'https://cloud.google.com/compute/gpus-pricing and https://cloud.google.com/compute/vm-instance-pricing (us-east4): machine vCPU and memory 12.266 + H200 x 8 GPUs 74.49392 USD/h, the two SKU rows of https://github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7d76bf84cf80d382e946c1609571485fd/catalogs/v9/gcp/vms.csv, seen 2026-12-01', '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z', 0),
    ('gcp', 'a3-ultragpu-8g', 'us-east4', 'spot', 40.48541, 'USD', 'https://cloud.google.com/compute/gpus-pricing and https://cloud.google.com/compute/vm-instance-pricing (us-east4, Spot): machine vCPU and memory 4.77261 + H200 x 8 Spot GPUs 35.7128 USD/h, the two SKU rows of https://github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7d76bf84cf80d382e946c1609571485fd/catalogs/v9/gcp/vms.csv, seen 2026-12-01', '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z', 0),
    ('gcp', 'a3-ultragpu-8g', 'us-central1', 'on_demand', 86.75992, 'USD', 'https://cloud.google.com/compute/gpus-pricing and https://cloud.google.com/compute/vm-instance-pricing (us-central1): machine vCPU and memory 12.266 + H200 x 8 GPUs 74.49392 USD/h, the two SKU rows of https://github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7d76bf84cf80d382e946c1609571485fd/catalogs/v9/gcp/vms.csv, seen 2026-12-01', '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z', 0),
    ('gcp', 'a3-ultragpu-8g', 'us-central1', 'spot', 47.65752, 'USD', 'https://cloud.google.com/compute/gpus-pricing and https://cloud.google.com/compute/vm-instance-pricing (us-central1, Spot): machine vCPU and memory 6.68552 + H200 x 8 Spot GPUs 40.972 USD/h, the two SKU rows of https://github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7d76bf84cf80d382e946c1609571485fd/catalogs/v9/gcp/vms.csv, seen 2026-12-01', '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z', 0);

-- Shape figures of 0009 checked against a second record. 0009 entered these rows from the series pages alone. Their
-- vCPU count, memory and GPU share agree with the rows of the SkyPilot Azure catalog
-- (https://github.com/skypilot-org/skypilot-catalog/blob/098741e70562f65d7af1cceb81e33b284f742604/catalogs/v6/azure/vms.csv:
-- NC8/16/32ads_A10_v4 8/100, 16/200, 32/400; NV4/8/16/32as_v4 4/14, 8/28, 16/56, 32/112; NG8/16/32ads_V620_v1 8/16,
-- 16/32, 32/64; NCC40ads_H100_v5 40/320) and of the SkyPilot Lambda catalog
-- (https://github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7d76bf84cf80d382e946c1609571485fd/catalogs/v9/lambda/vms.csv:
-- gpu_8x_v100_n 8 x V100 16 GB, 88 vCPU, 448 GiB), which now stand in their source. Neither record publishes a
-- front-end network figure for them: their network_gbps stays the 10 Gbps placeholder 0009 gave (40 Gbps for
-- NCC40ads_H100_v5 as its series page lists), and the source says so.
UPDATE instance_types SET source = source || '; vCPU, memory and GPU as in https://github.com/skypilot-org/skypilot-catalog/blob/098741e70562f65d7af1cceb81e33b284f742604/catalogs/v6/azure/vms.csv; network_gbps is a placeholder (no published figure)'
WHERE provider_id = 'azure' AND id IN ('Standard_NC8ads_A10_v4', 'Standard_NC16ads_A10_v4', 'Standard_NC32ads_A10_v4',
    'Standard_NV4as_v4', 'Standard_NV8as_v4', 'Standard_NV16as_v4', 'Standard_NV32as_v4',
    'Standard_NG8ads_V620_v1', 'Standard_NG16ads_V620_v1', 'Standard_NG32ads_V620_v1');
UPDATE instance_types SET source = source || '; vCPU, memory and GPU as in https://github.com/skypilot-org/skypilot-catalog/blob/098741e70562f65d7af1cceb81e33b284f742604/catalogs/v6/azure/vms.csv'
WHERE provider_id = 'azure' AND id = 'Standard_NCC40ads_H100_v5';
UPDATE instance_types SET source = source || '; vCPU, memory and GPU per the Lambda instance-types API as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7d76bf84cf80d382e946c1609571485fd/catalogs/v9/lambda/vms.csv; network_gbps is a placeholder (no published figure)'
WHERE provider_id = 'lambda' AND id = 'gpu_8x_v100_n';
