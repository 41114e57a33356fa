-- 0008_seed_price_honesty: says which seeded prices are derived, removes prices copied to regions they were not
-- published for, and fixes shapes that differ from the providers' pages. Figures added or re-read are in 0009.
--
-- Derived rows keep their figure but carry estimated = 1, and their source starts with "rule: " and states the rule
-- (with the factor and the on-demand rate it was applied to), so no derived figure reads as a published one.

-- AWS Reserved Instances (0005): one anchor size per family as recorded on 2025-06-01, every other size and region
-- its on-demand rate times the anchor's ratio.
UPDATE prices SET estimated = 1, source = printf(
    'rule: %.4f x this size''s on-demand rate %s USD/h in %s (the %s Standard No-Upfront Reserved Instance discount '
    || 'recorded for one anchor size of the family on 2025-06-01, applied to every size and region; not a published '
    || 'rate for this row; basis https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/)',
    hourly / (SELECT o.hourly FROM prices o WHERE o.provider_id = prices.provider_id
              AND o.instance_type_id = prices.instance_type_id AND o.region_id = prices.region_id
              AND o.pricing_model = 'on_demand'),
    (SELECT o.hourly FROM prices o WHERE o.provider_id = prices.provider_id
     AND o.instance_type_id = prices.instance_type_id AND o.region_id = prices.region_id
     AND o.pricing_model = 'on_demand'),
    region_id, CASE pricing_model WHEN 'reserved_1y' THEN '1-year' ELSE '3-year' END)
WHERE provider_id = 'aws' AND pricing_model IN ('reserved_1y', 'reserved_3y');

-- AWS Spot (0005): approximate Spot levels per family around 2025-06-01, as a fraction of on-demand.
UPDATE prices SET estimated = 1, source = printf(
    'rule: %.3f x the on-demand rate %s USD/h in %s (the approximate Spot level recorded for the family around '
    || '2025-06-01; Spot prices float per Availability Zone and hour; basis https://aws.amazon.com/ec2/spot/pricing/)',
    hourly / (SELECT o.hourly FROM prices o WHERE o.provider_id = prices.provider_id
              AND o.instance_type_id = prices.instance_type_id AND o.region_id = prices.region_id
              AND o.pricing_model = 'on_demand'),
    (SELECT o.hourly FROM prices o WHERE o.provider_id = prices.provider_id
     AND o.instance_type_id = prices.instance_type_id AND o.region_id = prices.region_id
     AND o.pricing_model = 'on_demand'),
    region_id)
WHERE provider_id = 'aws' AND pricing_model = 'spot';

-- Azure Spot (0005) were levels applied per family; 0009 stores the published Spot meters instead.
DELETE FROM prices WHERE provider_id = 'azure' AND pricing_model = 'spot';

-- Azure reservations (0005): discount levels applied per series, copied to every region of the on-demand rows. Only
-- the rows whose on-demand rate was published for that region (East US, East US 2) are kept, as estimates.
DELETE FROM prices WHERE provider_id = 'azure' AND pricing_model IN ('reserved_1y', 'reserved_3y')
    AND region_id NOT IN ('eastus', 'eastus2');
UPDATE prices SET estimated = 1, source = printf(
    'rule: %.4f x the pay-as-you-go rate %s USD/h in %s (the %s reservation discount level of the series as recorded '
    || 'on 2025-06-01, applied to every size; not a Retail Prices API reservation meter; basis '
    || 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/)',
    hourly / (SELECT o.hourly FROM prices o WHERE o.provider_id = prices.provider_id
              AND o.instance_type_id = prices.instance_type_id AND o.region_id = prices.region_id
              AND o.pricing_model = 'on_demand'),
    (SELECT o.hourly FROM prices o WHERE o.provider_id = prices.provider_id
     AND o.instance_type_id = prices.instance_type_id AND o.region_id = prices.region_id
     AND o.pricing_model = 'on_demand'),
    region_id, CASE pricing_model WHEN 'reserved_1y' THEN '1-year' ELSE '3-year' END)
WHERE provider_id = 'azure' AND pricing_model IN ('reserved_1y', 'reserved_3y');

-- GCP committed-use rows (0005): on-demand x (1 - published CUD percentage).
UPDATE prices SET estimated = 1, source = printf(
    'rule: %.2f x the on-demand rate %s USD/h in %s (Google''s published resource-based committed-use discount of '
    || '%s for a %s commitment on GPU, vCPU and memory; https://cloud.google.com/compute/docs/instances/'
    || 'committed-use-discounts-overview, as of 2025-06-01)',
    hourly / (SELECT o.hourly FROM prices o WHERE o.provider_id = prices.provider_id
              AND o.instance_type_id = prices.instance_type_id AND o.region_id = prices.region_id
              AND o.pricing_model = 'on_demand'),
    (SELECT o.hourly FROM prices o WHERE o.provider_id = prices.provider_id
     AND o.instance_type_id = prices.instance_type_id AND o.region_id = prices.region_id
     AND o.pricing_model = 'on_demand'),
    region_id, CASE pricing_model WHEN 'reserved_1y' THEN '37%' ELSE '55%' END,
    CASE pricing_model WHEN 'reserved_1y' THEN '1-year' ELSE '3-year' END)
WHERE provider_id = 'gcp' AND pricing_model IN ('reserved_1y', 'reserved_3y');

-- GCP Spot (0005): per-GPU and per-vCPU Spot levels recorded around 2025-06-01 (N1), or 0.40 x on-demand (A2, G2).
UPDATE prices SET estimated = 1, source = printf(
    'rule: %.3f x the on-demand rate %s USD/h in %s (Spot level recorded around 2025-06-01: N1 rows = vCPUs x 0.01 + '
    || 'GPUs x the GPU Spot rate, T4 0.14 / V100 0.992 USD; A2 and G2 rows = 0.40 x on-demand; Google may change Spot '
    || 'prices every 30 days; basis https://cloud.google.com/spot-vms/pricing)',
    hourly / (SELECT o.hourly FROM prices o WHERE o.provider_id = prices.provider_id
              AND o.instance_type_id = prices.instance_type_id AND o.region_id = prices.region_id
              AND o.pricing_model = 'on_demand'),
    (SELECT o.hourly FROM prices o WHERE o.provider_id = prices.provider_id
     AND o.instance_type_id = prices.instance_type_id AND o.region_id = prices.region_id
     AND o.pricing_model = 'on_demand'),
    region_id)
WHERE provider_id = 'gcp' AND pricing_model = 'spot';

-- Alibaba and Tencent (0005): every CNY row is the output of a per-GPU + per-vCPU model per family.
UPDATE prices SET estimated = 1, source = 'rule: ' || (
    SELECT CASE t.family
        WHEN 'gn6i' THEN '5.58 CNY per T4 + 0.40 per vCPU'
        WHEN 'gn7i' THEN '5.78 CNY per A10 + 0.40 per vCPU'
        WHEN 'gn6v' THEN '19.50 CNY per V100 16GB + 0.375 per vCPU'
        WHEN 'gn6e' THEN '23.00 CNY per V100 32GB + 0.45 per vCPU'
        WHEN 'gn7' THEN '25.50 CNY per A100 40GB + 0.45 per vCPU'
        WHEN 'gn7e' THEN '30.00 CNY per A100 80GB + 0.45 per vCPU'
        WHEN 'GN7' THEN '5.20 CNY per T4 (vGPU sizes pro rata) + 0.35 per vCPU'
        WHEN 'GN10Xp' THEN '18.00 CNY per V100 32GB + 0.40 per vCPU'
        WHEN 'GN10X' THEN '18.00 CNY per V100 32GB + 0.40 per vCPU'
        WHEN 'GT4' THEN '24.00 CNY per A100 40GB + 0.40 per vCPU'
        WHEN 'PNV4' THEN '5.50 CNY per A10 + 0.40 per vCPU'
    END FROM instance_types t WHERE t.provider_id = prices.provider_id AND t.id = prices.instance_type_id)
    || ' (a model per family fitted on 2025-06-01 so that its smallest size matches that size''s mainland list price '
    || 'as recorded, the same for every mainland region listed; indicative, up to about 30% off per row; basis '
    || source || ')'
WHERE provider_id IN ('alibaba', 'tencent');

-- Regional copies. AWS and GCP rows of 0004 were transcribed for each region named in their block (the providers'
-- pages select the region); their source now names the region it was read for. The AWS rows re-read in 0009 are
-- replaced there.
UPDATE prices SET source = source || ' (' || region_id || ', rate as transcribed on ' || substr(effective_at, 1, 10)
    || ')'
WHERE provider_id IN ('aws', 'gcp') AND estimated = 0;
-- Azure pay-as-you-go rows were one region's figure copied to others (South Central US is about 1.2 x East US). The
-- series re-read per region in 0009 are deleted here and inserted there; the fractional NVadsA10 v5 sizes, which were
-- not re-read, keep only the East US figure they were transcribed from.
DELETE FROM prices WHERE provider_id = 'azure' AND pricing_model = 'on_demand'
    AND instance_type_id IN ('Standard_NV6ads_A10_v5', 'Standard_NV12ads_A10_v5', 'Standard_NV18ads_A10_v5')
    AND region_id <> 'eastus';
DELETE FROM prices WHERE provider_id = 'azure' AND pricing_model IN ('reserved_1y', 'reserved_3y')
    AND instance_type_id IN ('Standard_NV6ads_A10_v5', 'Standard_NV12ads_A10_v5', 'Standard_NV18ads_A10_v5')
    AND region_id <> 'eastus';
UPDATE prices SET source = source || ' (eastus, rate as transcribed on ' || substr(effective_at, 1, 10) || ')'
WHERE provider_id = 'azure' AND pricing_model = 'on_demand'
    AND instance_type_id IN ('Standard_NV6ads_A10_v5', 'Standard_NV12ads_A10_v5', 'Standard_NV18ads_A10_v5');

-- Shapes.
-- Lambda's A6000 sizes have 100 / 200 / 400 GB of RAM (Lambda instance-types API, as recorded in the SkyPilot catalog
-- https://github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7d76bf84cf80d382e946c1609571485fd/catalogs/v9/lambda/vms.csv).
UPDATE instance_types SET memory_gb = 100 * gpu_count,
    source = 'https://lambda.ai/service/gpu-cloud#pricing; RAM per the Lambda instance-types API as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7d76bf84cf80d382e946c1609571485fd/catalogs/v9/lambda/vms.csv'
WHERE provider_id = 'lambda' AND family = 'gpu_a6000';
-- GCP A3 High and A3 Mega: the GPU NICs are a GPUDirect-TCPX (A3 High, 4 x 200 Gbps) / GPUDirect-TCPXO (A3 Mega,
-- 8 x 200 Gbps) network between nodes; the host NIC is 200 Gbps
-- (https://cloud.google.com/compute/docs/accelerator-optimized-machines#a3-vms,
-- https://cloud.google.com/compute/docs/gpus/gpudirect).
UPDATE instance_types SET cluster_network = 'tcpx', cluster_network_gbps = 800, network_gbps = 200
WHERE provider_id = 'gcp' AND id = 'a3-highgpu-8g';
UPDATE instance_types SET cluster_network = 'tcpx', cluster_network_gbps = 1600, network_gbps = 200
WHERE provider_id = 'gcp' AND id = 'a3-megagpu-8g';
-- Azure NC v3 (V100) was retired on 2025-09-30
-- (https://learn.microsoft.com/azure/virtual-machines/sizes/retirement/ncv3-series-retirement).
UPDATE instance_types SET retired_at = '2025-09-30T00:00:00Z' WHERE provider_id = 'azure' AND family = 'NCv3';
-- ND H200 v5 and ND MI300X v5 have no price that could be sourced per region (no public catalog consulted lists
-- them); they are removed until an adapter run supplies one.
DELETE FROM instance_types WHERE provider_id = 'azure'
    AND id IN ('Standard_ND96isr_H200_v5', 'Standard_ND96is_MI300X_v5');
