-- 0019_seed_published_spot: AWS Spot prices read from Spot price history instead of the per-family levels of 0005
-- (seen 2026-12-03).
--
-- 0005 priced Spot for g4dn, g5, g6 and g6e as a fraction of on-demand per family, recorded around 2025-06-01, and
-- 0008 marked those rows estimated with their rule. The SkyPilot AWS catalog file at commit 00148f2
-- (https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv)
-- records EC2 Spot price history per Availability Zone next to the Price List on-demand rate; the on-demand rates it
-- gives for these types equal the seed's. A row below is the lowest Spot price over the region's zones, as in 0016;
-- each row names the zones and their prices. Local Zones listed under us-west-2 (usw2-lax1-az1, -az2) are not zones
-- of the region and are left out. Spot prices float: fetched_at = effective_at = the day the file was read.
--
-- Still computed after this migration (estimated = 1, with their rule): the Spot rows of p3 (the file was not read
-- for that family), every Reserved Instance row (no per-size, per-region Reserved Instance or Savings Plans rate was
-- found in a public catalog reachable here) and the Azure reservation and GCP committed-use rows.

UPDATE prices SET hourly = 0.2000, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 0.2158, use1-az2 0.2000, use1-az4 0.2039, use1-az5 0.2020, use1-az6 0.2043), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.1901, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 0.1915, use2-az2 0.1915, use2-az3 0.1901), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.2386, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 0.2464, usw2-az2 0.2479, usw2-az3 0.2386), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.3112, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 0.3157, use1-az2 0.3142, use1-az4 0.3145, use1-az5 0.3112, use1-az6 0.3269), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.2xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.2340, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 0.2354, use2-az2 0.2340, use2-az3 0.2397), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.2xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.2950, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 0.3154, usw2-az2 0.3202, usw2-az3 0.2950), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.2xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.4062, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 0.4062, use1-az2 0.4498, use1-az4 0.4540, use1-az5 0.4524, use1-az6 0.4483), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.4xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.4328, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 0.4328, use2-az2 0.4415, use2-az3 0.4641), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.4xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.4307, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 0.4307, usw2-az2 0.4866, usw2-az3 0.4619), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.4xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.2875, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 1.4134, use1-az2 1.3211, use1-az4 1.3260, use1-az5 1.2875, use1-az6 1.3061), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.12xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.1215, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 1.1464, use2-az2 1.1833, use2-az3 1.1215), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.12xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.6658, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 1.6658, usw2-az2 1.7173, usw2-az3 1.7536), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g4dn.12xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.4246, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 0.4507, use1-az2 0.4246, use1-az4 0.4360, use1-az5 0.4259, use1-az6 0.4364), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.3770, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 0.3770, use2-az2 0.3943, use2-az3 0.3841), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.4829, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 0.4857, usw2-az2 0.5134, usw2-az3 0.4829), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.4738, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 0.5218, use1-az2 0.5933, use1-az4 0.5036, use1-az5 0.4738, use1-az6 0.4985), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.2xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.3596, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 0.3617, use2-az2 0.3596, use2-az3 0.3739), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.2xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.3727, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 0.3727, usw2-az2 0.4155, usw2-az3 0.4119), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.2xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.6420, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 0.6603, use1-az2 0.6438, use1-az4 0.7068, use1-az5 0.6420, use1-az6 0.7007), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.4xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.6220, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 0.6471, use2-az2 0.6220, use2-az3 0.6307), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.4xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.5516, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 0.5516, usw2-az2 0.6044, usw2-az3 0.5863), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.4xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 2.0796, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 2.7804, use1-az2 2.0796, use1-az4 2.0813, use1-az5 2.1824, use1-az6 2.2387), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.12xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 2.0199, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 2.0212, use2-az2 2.0392, use2-az3 2.0199), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.12xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 2.7570, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 3.3699, usw2-az2 2.7570, usw2-az3 3.0607), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g5.12xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.3490, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 0.4011, use1-az2 0.3653, use1-az4 0.3490, use1-az6 0.3988), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6.xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.2599, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 0.2756, use2-az2 0.2599, use2-az3 0.2612), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6.xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.3900, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 0.4250, usw2-az2 0.4537, usw2-az3 0.3900, usw2-az4 0.4541), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6.xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.4416, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 0.5772, use1-az2 0.4462, use1-az4 0.5067, use1-az6 0.4416), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6.2xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.3736, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 0.4041, use2-az2 0.3736, use2-az3 0.3943), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6.2xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.4811, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 0.4811, usw2-az2 0.5597, usw2-az3 0.4964, usw2-az4 0.5966), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6.2xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.7552, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 2.0968, use1-az2 1.9631, use1-az4 2.0353, use1-az6 1.7552), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6.12xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.5184, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 1.5184, use2-az2 1.7572, use2-az3 1.6528), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6.12xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 2.3163, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 2.3163, usw2-az2 2.5757, usw2-az3 2.4053, usw2-az4 2.3736), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6.12xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.9154, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 1.1975, use1-az2 0.9154, use1-az4 0.9599, use1-az6 1.0492), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6e.xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.5261, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 0.5315, use2-az2 0.5461, use2-az3 0.5261), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6e.xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.6538, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 0.9228, usw2-az2 0.7201, usw2-az3 0.6538, usw2-az4 1.5145), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6e.xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 3.7887, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-1, Linux): lowest Spot price over the Availability Zones of the region (use1-az1 3.7887, use1-az2 5.6426, use1-az4 4.9101, use1-az6 6.0150), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6e.12xlarge' AND region_id = 'us-east-1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 2.8567, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-east-2, Linux): lowest Spot price over the Availability Zones of the region (use2-az1 2.9165, use2-az2 2.8567, use2-az3 2.8739), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6e.12xlarge' AND region_id = 'us-east-2' AND pricing_model = 'spot';
UPDATE prices SET hourly = 3.1053, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://aws.amazon.com/ec2/spot/pricing/ (us-west-2, Linux): lowest Spot price over the Availability Zones of the region (usw2-az1 6.4585, usw2-az2 3.7322, usw2-az3 4.2304, usw2-az4 3.1053), from EC2 Spot price history as recorded in https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv, seen 2026-12-03'
WHERE provider_id = 'aws' AND instance_type_id = 'g6e.12xlarge' AND region_id = 'us-west-2' AND pricing_model = 'spot';

-- GCP Spot. 0005 priced Spot for A2, G2 and N1 rows as 0.40 x on-demand (A2, G2) or as a per-vCPU and per-GPU
-- level (N1), recorded around 2025-06-01. Google bills a GPU VM as its machine type plus its attached GPUs
-- (https://cloud.google.com/compute/gpus-pricing, https://cloud.google.com/spot-vms/pricing); the SkyPilot GCP catalog
-- file at commit 006059e
-- (https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv)
-- records, from the Cloud Billing Catalog, the Spot price of each machine type per zone and of each GPU count per
-- zone; its on-demand rates for these machine types and GPUs add up to the seed's on-demand rows. A row below is
-- the machine's Spot price plus its GPUs' Spot price, the same in every zone of the region (each term is named).
-- Left computed: a2-megagpu-16g in us-east1 and us-west1 (the file lists that machine type in us-central1 only, so
-- no Spot price is published there) and the four a2-ultragpu rows (the file's A100 80GB GPU rows disagree with
-- Google's on-demand list price the seed uses, 1.8462 against 3.96917 USD/h per GPU in us-central1, so their Spot
-- figures are not taken).
UPDATE prices SET hourly = 1.80385, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type a2-highgpu-1g (0.36975 USD/h) plus 1 x NVIDIA A100 40GB (1.4341 USD/h) = 1.80385 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-1g' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.80385, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type a2-highgpu-1g (0.36975 USD/h) plus 1 x NVIDIA A100 40GB (1.4341 USD/h) = 1.80385 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-1g' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.80385, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type a2-highgpu-1g (0.36975 USD/h) plus 1 x NVIDIA A100 40GB (1.4341 USD/h) = 1.80385 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-1g' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 3.6077, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type a2-highgpu-2g (0.7395 USD/h) plus 2 x NVIDIA A100 40GB (2.8682 USD/h) = 3.6077 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-2g' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 3.6077, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type a2-highgpu-2g (0.7395 USD/h) plus 2 x NVIDIA A100 40GB (2.8682 USD/h) = 3.6077 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-2g' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 3.6077, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type a2-highgpu-2g (0.7395 USD/h) plus 2 x NVIDIA A100 40GB (2.8682 USD/h) = 3.6077 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-2g' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 7.2154, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type a2-highgpu-4g (1.479 USD/h) plus 4 x NVIDIA A100 40GB (5.7364 USD/h) = 7.2154 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-4g' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 7.2154, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type a2-highgpu-4g (1.479 USD/h) plus 4 x NVIDIA A100 40GB (5.7364 USD/h) = 7.2154 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-4g' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 7.2154, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type a2-highgpu-4g (1.479 USD/h) plus 4 x NVIDIA A100 40GB (5.7364 USD/h) = 7.2154 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-4g' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 14.4308, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type a2-highgpu-8g (2.958 USD/h) plus 8 x NVIDIA A100 40GB (11.4728 USD/h) = 14.4308 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-8g' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 14.4308, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type a2-highgpu-8g (2.958 USD/h) plus 8 x NVIDIA A100 40GB (11.4728 USD/h) = 14.4308 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-8g' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 14.4308, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type a2-highgpu-8g (2.958 USD/h) plus 8 x NVIDIA A100 40GB (11.4728 USD/h) = 14.4308 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-highgpu-8g' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 27.34384, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type a2-megagpu-16g (4.39824 USD/h) plus 16 x NVIDIA A100 40GB (22.9456 USD/h) = 27.34384 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'a2-megagpu-16g' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.28184, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type g2-standard-4 (0.05874 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.28184 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-4' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.28184, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type g2-standard-4 (0.05874 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.28184 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-4' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.28184, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type g2-standard-4 (0.05874 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.28184 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-4' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.34057, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type g2-standard-8 (0.11747 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.34057 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-8' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.34057, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type g2-standard-8 (0.11747 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.34057 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-8' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.34057, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type g2-standard-8 (0.11747 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.34057 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-8' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.39931, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type g2-standard-12 (0.17621 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.39931 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-12' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.39931, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type g2-standard-12 (0.17621 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.39931 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-12' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.39931, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type g2-standard-12 (0.17621 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.39931 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-12' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.45804, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type g2-standard-16 (0.23494 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.45804 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-16' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.45804, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type g2-standard-16 (0.23494 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.45804 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-16' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.45804, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type g2-standard-16 (0.23494 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.45804 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-16' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.79862, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type g2-standard-24 (0.35242 USD/h) plus 2 x NVIDIA L4 (0.4462 USD/h) = 0.79862 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-24' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.79862, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type g2-standard-24 (0.35242 USD/h) plus 2 x NVIDIA L4 (0.4462 USD/h) = 0.79862 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-24' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.79862, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type g2-standard-24 (0.35242 USD/h) plus 2 x NVIDIA L4 (0.4462 USD/h) = 0.79862 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-24' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.69299, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type g2-standard-32 (0.46989 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.69299 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-32' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.69299, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type g2-standard-32 (0.46989 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.69299 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-32' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.69299, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type g2-standard-32 (0.46989 USD/h) plus 1 x NVIDIA L4 (0.2231 USD/h) = 0.69299 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-32' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.59723, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type g2-standard-48 (0.70483 USD/h) plus 4 x NVIDIA L4 (0.8924 USD/h) = 1.59723 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-48' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.59723, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type g2-standard-48 (0.70483 USD/h) plus 4 x NVIDIA L4 (0.8924 USD/h) = 1.59723 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-48' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.59723, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type g2-standard-48 (0.70483 USD/h) plus 4 x NVIDIA L4 (0.8924 USD/h) = 1.59723 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-48' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 3.19446, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type g2-standard-96 (1.40966 USD/h) plus 8 x NVIDIA L4 (1.7848 USD/h) = 3.19446 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-96' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 3.19446, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type g2-standard-96 (1.40966 USD/h) plus 8 x NVIDIA L4 (1.7848 USD/h) = 3.19446 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-96' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 3.19446, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type g2-standard-96 (1.40966 USD/h) plus 8 x NVIDIA L4 (1.7848 USD/h) = 3.19446 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'g2-standard-96' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.22723, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type n1-standard-4 (0.05223 USD/h) plus 1 x NVIDIA T4 (0.175 USD/h) = 0.22723 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-4-t4-1' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.22723, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type n1-standard-4 (0.05223 USD/h) plus 1 x NVIDIA T4 (0.175 USD/h) = 0.22723 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-4-t4-1' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.22723, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type n1-standard-4 (0.05223 USD/h) plus 1 x NVIDIA T4 (0.175 USD/h) = 0.22723 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-4-t4-1' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.27946, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type n1-standard-8 (0.10446 USD/h) plus 1 x NVIDIA T4 (0.175 USD/h) = 0.27946 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-8-t4-1' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.27946, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type n1-standard-8 (0.10446 USD/h) plus 1 x NVIDIA T4 (0.175 USD/h) = 0.27946 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-8-t4-1' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.27946, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type n1-standard-8 (0.10446 USD/h) plus 1 x NVIDIA T4 (0.175 USD/h) = 0.27946 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-8-t4-1' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.38392, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type n1-standard-16 (0.20892 USD/h) plus 1 x NVIDIA T4 (0.175 USD/h) = 0.38392 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-16-t4-1' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.38392, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type n1-standard-16 (0.20892 USD/h) plus 1 x NVIDIA T4 (0.175 USD/h) = 0.38392 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-16-t4-1' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.38392, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type n1-standard-16 (0.20892 USD/h) plus 1 x NVIDIA T4 (0.175 USD/h) = 0.38392 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-16-t4-1' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.55892, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type n1-standard-16 (0.20892 USD/h) plus 2 x NVIDIA T4 (0.35 USD/h) = 0.55892 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-16-t4-2' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.55892, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type n1-standard-16 (0.20892 USD/h) plus 2 x NVIDIA T4 (0.35 USD/h) = 0.55892 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-16-t4-2' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 0.55892, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type n1-standard-16 (0.20892 USD/h) plus 2 x NVIDIA T4 (0.35 USD/h) = 0.55892 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-16-t4-2' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.11784, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type n1-standard-32 (0.41784 USD/h) plus 4 x NVIDIA T4 (0.7 USD/h) = 1.11784 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-32-t4-4' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.11784, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type n1-standard-32 (0.41784 USD/h) plus 4 x NVIDIA T4 (0.7 USD/h) = 1.11784 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-32-t4-4' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.11784, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type n1-standard-32 (0.41784 USD/h) plus 4 x NVIDIA T4 (0.7 USD/h) = 1.11784 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-32-t4-4' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.19296, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type n1-standard-8 (0.10446 USD/h) plus 1 x NVIDIA V100 (1.0885 USD/h) = 1.19296 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-8-v100-1' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.19296, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type n1-standard-8 (0.10446 USD/h) plus 1 x NVIDIA V100 (1.0885 USD/h) = 1.19296 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-8-v100-1' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 1.19296, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type n1-standard-8 (0.10446 USD/h) plus 1 x NVIDIA V100 (1.0885 USD/h) = 1.19296 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-8-v100-1' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 2.38592, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type n1-standard-16 (0.20892 USD/h) plus 2 x NVIDIA V100 (2.177 USD/h) = 2.38592 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-16-v100-2' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 2.38592, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type n1-standard-16 (0.20892 USD/h) plus 2 x NVIDIA V100 (2.177 USD/h) = 2.38592 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-16-v100-2' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 2.38592, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type n1-standard-16 (0.20892 USD/h) plus 2 x NVIDIA V100 (2.177 USD/h) = 2.38592 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-16-v100-2' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 4.77184, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type n1-standard-32 (0.41784 USD/h) plus 4 x NVIDIA V100 (4.354 USD/h) = 4.77184 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-32-v100-4' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 4.77184, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type n1-standard-32 (0.41784 USD/h) plus 4 x NVIDIA V100 (4.354 USD/h) = 4.77184 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-32-v100-4' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 4.77184, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type n1-standard-32 (0.41784 USD/h) plus 4 x NVIDIA V100 (4.354 USD/h) = 4.77184 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-32-v100-4' AND region_id = 'us-west1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 9.54368, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-central1): Spot price of the machine type n1-standard-64 (0.83568 USD/h) plus 8 x NVIDIA V100 (8.708 USD/h) = 9.54368 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-64-v100-8' AND region_id = 'us-central1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 9.54368, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-east1): Spot price of the machine type n1-standard-64 (0.83568 USD/h) plus 8 x NVIDIA V100 (8.708 USD/h) = 9.54368 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-64-v100-8' AND region_id = 'us-east1' AND pricing_model = 'spot';
UPDATE prices SET hourly = 9.54368, estimated = 0, fetched_at = '2026-12-03T00:00:00Z', effective_at = '2026-12-03T00:00:00Z',
    source = 'https://cloud.google.com/spot-vms/pricing (us-west1): Spot price of the machine type n1-standard-64 (0.83568 USD/h) plus 8 x NVIDIA V100 (8.708 USD/h) = 9.54368 USD/h, as recorded from the Cloud Billing Catalog in https://github.com/skypilot-org/skypilot-catalog/blob/006059e0f18acb1341e22a27751e9f80df6ba92f/catalogs/v8/gcp/vms.csv, seen 2026-12-03'
WHERE provider_id = 'gcp' AND instance_type_id = 'n1-standard-64-v100-8' AND region_id = 'us-west1' AND pricing_model = 'spot';
