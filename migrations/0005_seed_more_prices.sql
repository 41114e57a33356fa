-- 0005_seed_more_prices: spot, reserved (1- and 3-year, no upfront) prices for AWS, Azure and GCP, and pay-as-you-go
-- CNY prices for Alibaba Cloud and Tencent Cloud in their mainland China regions.
--
-- Conventions (as in 0004): `hourly` is in the row's `currency`; reserved_1y / reserved_3y are the hourly equivalent
-- with NO upfront payment; fetched_at = effective_at = the date the figure applies to (these are transcriptions of
-- the providers' public price pages and published discount levels, not API pulls). The price worker replaces every
-- row on its first successful refresh of that provider.
--
-- How each block was obtained, and how far to trust it, is stated above the block. In short:
--   gcp reserved_1y/3y  computed exactly from the 0004 on-demand rows and Google's published CUD percentages.
--   gcp spot            published Spot rates as best recorded; Spot prices float (Google may change them monthly).
--   aws reserved_1y/3y  one anchor size per family as best recorded, other sizes by the same ratio (about a cent off).
--   azure reserved      published discount levels as best recorded, applied per series (a few percent off).
--   aws / azure spot    approximate levels around the as-of date; Spot prices float. AWS interruption bands are only
--                       set where recorded.
--   alibaba / tencent   INDICATIVE: a per-GPU + per-vCPU model per family (tens of percent off is possible).
--
-- Not recorded here (no figure known well enough; left for the price worker):
--   aws: Savings Plans (Compute / EC2 Instance) rates; p4d / p4de / p5 reserved and spot after the June 2025 price
--        change; p5e / p5en / p6-b200 (no on-demand row either).
--   azure: savings plans; NCv3 and NDv2 reservations and spot (series being retired); ND H200 v5 / ND MI300X v5.
--   gcp: A3 (H100 / H200) commitments and spot (no on-demand row); flexible (spend-based) CUDs.
--   alibaba / tencent: subscription, reserved-instance, savings-plan and preemptible (spot) prices; international
--        (USD) regions; Alibaba Shenzhen / Zhangjiakou and Tencent Nanjing / Chengdu.
--   oci / lambda: no spot or reserved list prices of the same kind.

-- AWS EC2 Reserved Instances, Standard offering class, No Upfront, Linux, shared tenancy, regional scope; hourly rate
-- (No Upfront RIs have no upfront fee, so the hourly rate is the whole price). As of 2025-06-01. g4dn (T4):
-- g4dn.xlarge 1-year 0.331, 3-year 0.227 USD/h against 0.526 on-demand (37.1% / 56.8% off). The anchor size's figures
-- are the price-list rates as best recorded (not re-read from the Price List API); the other sizes and regions are
-- their on-demand rate x the anchor's ratio, an approximation (RI discounts within these families are close to uniform
-- but not identical: expect differences of about a cent per hour against the price list). Regions: the on-demand rows
-- of 0004.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('aws', 'g4dn.12xlarge', 'us-east-1', 'reserved_1y', 2.4617, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.12xlarge', 'us-east-1', 'reserved_3y', 1.6883, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.12xlarge', 'us-east-2', 'reserved_1y', 2.4617, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.12xlarge', 'us-east-2', 'reserved_3y', 1.6883, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.12xlarge', 'us-west-2', 'reserved_1y', 2.4617, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.12xlarge', 'us-west-2', 'reserved_3y', 1.6883, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.16xlarge', 'us-east-1', 'reserved_1y', 2.7386, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.16xlarge', 'us-east-1', 'reserved_3y', 1.8781, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.16xlarge', 'us-east-2', 'reserved_1y', 2.7386, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.16xlarge', 'us-east-2', 'reserved_3y', 1.8781, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.16xlarge', 'us-west-2', 'reserved_1y', 2.7386, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.16xlarge', 'us-west-2', 'reserved_3y', 1.8781, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.2xlarge', 'us-east-1', 'reserved_1y', 0.4732, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.2xlarge', 'us-east-1', 'reserved_3y', 0.3245, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.2xlarge', 'us-east-2', 'reserved_1y', 0.4732, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.2xlarge', 'us-east-2', 'reserved_3y', 0.3245, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.2xlarge', 'us-west-2', 'reserved_1y', 0.4732, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.2xlarge', 'us-west-2', 'reserved_3y', 0.3245, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.4xlarge', 'us-east-1', 'reserved_1y', 0.7577, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.4xlarge', 'us-east-1', 'reserved_3y', 0.5196, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.4xlarge', 'us-east-2', 'reserved_1y', 0.7577, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.4xlarge', 'us-east-2', 'reserved_3y', 0.5196, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.4xlarge', 'us-west-2', 'reserved_1y', 0.7577, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.4xlarge', 'us-west-2', 'reserved_3y', 0.5196, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.8xlarge', 'us-east-1', 'reserved_1y', 1.3693, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.8xlarge', 'us-east-1', 'reserved_3y', 0.9391, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.8xlarge', 'us-east-2', 'reserved_1y', 1.3693, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.8xlarge', 'us-east-2', 'reserved_3y', 0.9391, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.8xlarge', 'us-west-2', 'reserved_1y', 1.3693, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.8xlarge', 'us-west-2', 'reserved_3y', 0.9391, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.metal', 'us-east-1', 'reserved_1y', 4.9235, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.metal', 'us-east-1', 'reserved_3y', 3.3765, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.metal', 'us-east-2', 'reserved_1y', 4.9235, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.metal', 'us-east-2', 'reserved_3y', 3.3765, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.metal', 'us-west-2', 'reserved_1y', 4.9235, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.metal', 'us-west-2', 'reserved_3y', 3.3765, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.xlarge', 'eu-west-1', 'reserved_1y', 0.3694, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.xlarge', 'eu-west-1', 'reserved_3y', 0.2533, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.xlarge', 'us-east-1', 'reserved_1y', 0.331, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.xlarge', 'us-east-1', 'reserved_3y', 0.227, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.xlarge', 'us-east-2', 'reserved_1y', 0.331, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.xlarge', 'us-east-2', 'reserved_3y', 0.227, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.xlarge', 'us-west-2', 'reserved_1y', 0.331, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.xlarge', 'us-west-2', 'reserved_3y', 0.227, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- AWS EC2 Reserved Instances, Standard offering class, No Upfront, Linux, shared tenancy, regional scope; hourly rate
-- (No Upfront RIs have no upfront fee, so the hourly rate is the whole price). As of 2025-06-01. g5 (A10G): g5.xlarge
-- 1-year 0.634, 3-year 0.435 USD/h against 1.006 (37.0% / 56.8% off). The anchor size's figures are the price-list
-- rates as best recorded (not re-read from the Price List API); the other sizes and regions are their on-demand rate x
-- the anchor's ratio, an approximation (RI discounts within these families are close to uniform but not identical:
-- expect differences of about a cent per hour against the price list). Regions: the on-demand rows of 0004.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('aws', 'g5.12xlarge', 'us-east-1', 'reserved_1y', 3.5746, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.12xlarge', 'us-east-1', 'reserved_3y', 2.4526, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.12xlarge', 'us-east-2', 'reserved_1y', 3.5746, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.12xlarge', 'us-east-2', 'reserved_3y', 2.4526, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.12xlarge', 'us-west-2', 'reserved_1y', 3.5746, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.12xlarge', 'us-west-2', 'reserved_3y', 2.4526, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.16xlarge', 'us-east-1', 'reserved_1y', 2.5814, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.16xlarge', 'us-east-1', 'reserved_3y', 1.7711, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.16xlarge', 'us-east-2', 'reserved_1y', 2.5814, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.16xlarge', 'us-east-2', 'reserved_3y', 1.7711, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.16xlarge', 'us-west-2', 'reserved_1y', 2.5814, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.16xlarge', 'us-west-2', 'reserved_3y', 1.7711, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.24xlarge', 'us-east-1', 'reserved_1y', 5.1325, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.24xlarge', 'us-east-1', 'reserved_3y', 3.5215, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.24xlarge', 'us-east-2', 'reserved_1y', 5.1325, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.24xlarge', 'us-east-2', 'reserved_3y', 3.5215, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.24xlarge', 'us-west-2', 'reserved_1y', 5.1325, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.24xlarge', 'us-west-2', 'reserved_3y', 3.5215, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.2xlarge', 'us-east-1', 'reserved_1y', 0.7638, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.2xlarge', 'us-east-1', 'reserved_3y', 0.5241, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.2xlarge', 'us-east-2', 'reserved_1y', 0.7638, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.2xlarge', 'us-east-2', 'reserved_3y', 0.5241, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.2xlarge', 'us-west-2', 'reserved_1y', 0.7638, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.2xlarge', 'us-west-2', 'reserved_3y', 0.5241, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.48xlarge', 'us-east-1', 'reserved_1y', 10.265, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.48xlarge', 'us-east-1', 'reserved_3y', 7.043, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.48xlarge', 'us-east-2', 'reserved_1y', 10.265, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.48xlarge', 'us-east-2', 'reserved_3y', 7.043, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.48xlarge', 'us-west-2', 'reserved_1y', 10.265, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.48xlarge', 'us-west-2', 'reserved_3y', 7.043, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.4xlarge', 'us-east-1', 'reserved_1y', 1.0235, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.4xlarge', 'us-east-1', 'reserved_3y', 0.7022, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.4xlarge', 'us-east-2', 'reserved_1y', 1.0235, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.4xlarge', 'us-east-2', 'reserved_3y', 0.7022, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.4xlarge', 'us-west-2', 'reserved_1y', 1.0235, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.4xlarge', 'us-west-2', 'reserved_3y', 0.7022, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.8xlarge', 'us-east-1', 'reserved_1y', 1.5428, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.8xlarge', 'us-east-1', 'reserved_3y', 1.0585, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.8xlarge', 'us-east-2', 'reserved_1y', 1.5428, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.8xlarge', 'us-east-2', 'reserved_3y', 1.0585, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.8xlarge', 'us-west-2', 'reserved_1y', 1.5428, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.8xlarge', 'us-west-2', 'reserved_3y', 1.0585, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'eu-west-1', 'reserved_1y', 0.7077, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'eu-west-1', 'reserved_3y', 0.4856, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'us-east-1', 'reserved_1y', 0.634, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'us-east-1', 'reserved_3y', 0.435, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'us-east-2', 'reserved_1y', 0.634, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'us-east-2', 'reserved_3y', 0.435, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'us-west-2', 'reserved_1y', 0.634, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'us-west-2', 'reserved_3y', 0.435, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- AWS EC2 Reserved Instances, Standard offering class, No Upfront, Linux, shared tenancy, regional scope; hourly rate
-- (No Upfront RIs have no upfront fee, so the hourly rate is the whole price). As of 2025-06-01. g6 (L4): g6.xlarge
-- 1-year 0.5070, 3-year 0.3484 USD/h against 0.8048 (37.0% / 56.7% off). The anchor size's figures are the price-list
-- rates as best recorded (not re-read from the Price List API); the other sizes and regions are their on-demand rate x
-- the anchor's ratio, an approximation (RI discounts within these families are close to uniform but not identical:
-- expect differences of about a cent per hour against the price list). Regions: the on-demand rows of 0004.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('aws', 'g6.12xlarge', 'us-east-1', 'reserved_1y', 2.8989, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.12xlarge', 'us-east-1', 'reserved_3y', 1.992, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.12xlarge', 'us-east-2', 'reserved_1y', 2.8989, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.12xlarge', 'us-east-2', 'reserved_3y', 1.992, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.12xlarge', 'us-west-2', 'reserved_1y', 2.8989, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.12xlarge', 'us-west-2', 'reserved_3y', 1.992, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.16xlarge', 'us-east-1', 'reserved_1y', 2.1399, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.16xlarge', 'us-east-1', 'reserved_3y', 1.4705, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.16xlarge', 'us-east-2', 'reserved_1y', 2.1399, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.16xlarge', 'us-east-2', 'reserved_3y', 1.4705, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.16xlarge', 'us-west-2', 'reserved_1y', 2.1399, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.16xlarge', 'us-west-2', 'reserved_3y', 1.4705, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.24xlarge', 'us-east-1', 'reserved_1y', 4.2052, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.24xlarge', 'us-east-1', 'reserved_3y', 2.8897, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.24xlarge', 'us-east-2', 'reserved_1y', 4.2052, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.24xlarge', 'us-east-2', 'reserved_3y', 2.8897, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.24xlarge', 'us-west-2', 'reserved_1y', 4.2052, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.24xlarge', 'us-west-2', 'reserved_3y', 2.8897, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.2xlarge', 'us-east-1', 'reserved_1y', 0.6159, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.2xlarge', 'us-east-1', 'reserved_3y', 0.4232, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.2xlarge', 'us-east-2', 'reserved_1y', 0.6159, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.2xlarge', 'us-east-2', 'reserved_3y', 0.4232, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.2xlarge', 'us-west-2', 'reserved_1y', 0.6159, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.2xlarge', 'us-west-2', 'reserved_3y', 0.4232, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.48xlarge', 'us-east-1', 'reserved_1y', 8.4104, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.48xlarge', 'us-east-1', 'reserved_3y', 5.7794, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.48xlarge', 'us-east-2', 'reserved_1y', 8.4104, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.48xlarge', 'us-east-2', 'reserved_3y', 5.7794, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.48xlarge', 'us-west-2', 'reserved_1y', 8.4104, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.48xlarge', 'us-west-2', 'reserved_3y', 5.7794, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.4xlarge', 'us-east-1', 'reserved_1y', 0.8336, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.4xlarge', 'us-east-1', 'reserved_3y', 0.5728, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.4xlarge', 'us-east-2', 'reserved_1y', 0.8336, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.4xlarge', 'us-east-2', 'reserved_3y', 0.5728, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.4xlarge', 'us-west-2', 'reserved_1y', 0.8336, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.4xlarge', 'us-west-2', 'reserved_3y', 0.5728, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.8xlarge', 'us-east-1', 'reserved_1y', 1.269, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.8xlarge', 'us-east-1', 'reserved_3y', 0.872, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.8xlarge', 'us-east-2', 'reserved_1y', 1.269, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.8xlarge', 'us-east-2', 'reserved_3y', 0.872, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.8xlarge', 'us-west-2', 'reserved_1y', 1.269, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.8xlarge', 'us-west-2', 'reserved_3y', 0.872, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.xlarge', 'us-east-1', 'reserved_1y', 0.507, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.xlarge', 'us-east-1', 'reserved_3y', 0.3484, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.xlarge', 'us-east-2', 'reserved_1y', 0.507, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.xlarge', 'us-east-2', 'reserved_3y', 0.3484, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.xlarge', 'us-west-2', 'reserved_1y', 0.507, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.xlarge', 'us-west-2', 'reserved_3y', 0.3484, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- AWS EC2 Reserved Instances, Standard offering class, No Upfront, Linux, shared tenancy, regional scope; hourly rate
-- (No Upfront RIs have no upfront fee, so the hourly rate is the whole price). As of 2025-06-01. gr6 (L4, more memory
-- per vCPU): same discount level as g6. The anchor size's figures are the price-list rates as best recorded (not
-- re-read from the Price List API); the other sizes and regions are their on-demand rate x the anchor's ratio, an
-- approximation (RI discounts within these families are close to uniform but not identical: expect differences of
-- about a cent per hour against the price list). Regions: the on-demand rows of 0004.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('aws', 'gr6.4xlarge', 'us-east-1', 'reserved_1y', 0.9697, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.4xlarge', 'us-east-1', 'reserved_3y', 0.6663, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.4xlarge', 'us-east-2', 'reserved_1y', 0.9697, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.4xlarge', 'us-east-2', 'reserved_3y', 0.6663, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.4xlarge', 'us-west-2', 'reserved_1y', 0.9697, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.4xlarge', 'us-west-2', 'reserved_3y', 0.6663, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.8xlarge', 'us-east-1', 'reserved_1y', 1.5412, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.8xlarge', 'us-east-1', 'reserved_3y', 1.0591, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.8xlarge', 'us-east-2', 'reserved_1y', 1.5412, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.8xlarge', 'us-east-2', 'reserved_3y', 1.0591, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.8xlarge', 'us-west-2', 'reserved_1y', 1.5412, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'gr6.8xlarge', 'us-west-2', 'reserved_3y', 1.0591, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- AWS EC2 Reserved Instances, Standard offering class, No Upfront, Linux, shared tenancy, regional scope; hourly rate
-- (No Upfront RIs have no upfront fee, so the hourly rate is the whole price). As of 2025-06-01. g6e (L40S):
-- g6e.xlarge 1-year 1.1724, 3-year 0.8051 USD/h against 1.861 (37.0% / 56.7% off). The anchor size's figures are the
-- price-list rates as best recorded (not re-read from the Price List API); the other sizes and regions are their
-- on-demand rate x the anchor's ratio, an approximation (RI discounts within these families are close to uniform but
-- not identical: expect differences of about a cent per hour against the price list). Regions: the on-demand rows of
-- 0004.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('aws', 'g6e.12xlarge', 'us-east-1', 'reserved_1y', 6.6102, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.12xlarge', 'us-east-1', 'reserved_3y', 4.5393, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.12xlarge', 'us-east-2', 'reserved_1y', 6.6102, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.12xlarge', 'us-east-2', 'reserved_3y', 4.5393, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.12xlarge', 'us-west-2', 'reserved_1y', 6.6102, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.12xlarge', 'us-west-2', 'reserved_3y', 4.5393, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.16xlarge', 'us-east-1', 'reserved_1y', 4.7735, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.16xlarge', 'us-east-1', 'reserved_3y', 3.278, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.16xlarge', 'us-east-2', 'reserved_1y', 4.7735, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.16xlarge', 'us-east-2', 'reserved_3y', 3.278, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.16xlarge', 'us-west-2', 'reserved_1y', 4.7735, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.16xlarge', 'us-west-2', 'reserved_3y', 3.278, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.24xlarge', 'us-east-1', 'reserved_1y', 9.4911, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.24xlarge', 'us-east-1', 'reserved_3y', 6.5176, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.24xlarge', 'us-east-2', 'reserved_1y', 9.4911, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.24xlarge', 'us-east-2', 'reserved_3y', 6.5176, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.24xlarge', 'us-west-2', 'reserved_1y', 9.4911, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.24xlarge', 'us-west-2', 'reserved_3y', 6.5176, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.2xlarge', 'us-east-1', 'reserved_1y', 1.4125, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.2xlarge', 'us-east-1', 'reserved_3y', 0.97, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.2xlarge', 'us-east-2', 'reserved_1y', 1.4125, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.2xlarge', 'us-east-2', 'reserved_3y', 0.97, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.2xlarge', 'us-west-2', 'reserved_1y', 1.4125, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.2xlarge', 'us-west-2', 'reserved_3y', 0.97, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.48xlarge', 'us-east-1', 'reserved_1y', 18.9822, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.48xlarge', 'us-east-1', 'reserved_3y', 13.0353, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.48xlarge', 'us-east-2', 'reserved_1y', 18.9822, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.48xlarge', 'us-east-2', 'reserved_3y', 13.0353, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.48xlarge', 'us-west-2', 'reserved_1y', 18.9822, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.48xlarge', 'us-west-2', 'reserved_3y', 13.0353, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.4xlarge', 'us-east-1', 'reserved_1y', 1.8926, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.4xlarge', 'us-east-1', 'reserved_3y', 1.2997, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.4xlarge', 'us-east-2', 'reserved_1y', 1.8926, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.4xlarge', 'us-east-2', 'reserved_3y', 1.2997, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.4xlarge', 'us-west-2', 'reserved_1y', 1.8926, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.4xlarge', 'us-west-2', 'reserved_3y', 1.2997, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.8xlarge', 'us-east-1', 'reserved_1y', 2.8529, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.8xlarge', 'us-east-1', 'reserved_3y', 1.9591, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.8xlarge', 'us-east-2', 'reserved_1y', 2.8529, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.8xlarge', 'us-east-2', 'reserved_3y', 1.9591, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.8xlarge', 'us-west-2', 'reserved_1y', 2.8529, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.8xlarge', 'us-west-2', 'reserved_3y', 1.9591, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.xlarge', 'us-east-1', 'reserved_1y', 1.1724, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.xlarge', 'us-east-1', 'reserved_3y', 0.8051, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.xlarge', 'us-east-2', 'reserved_1y', 1.1724, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.xlarge', 'us-east-2', 'reserved_3y', 0.8051, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.xlarge', 'us-west-2', 'reserved_1y', 1.1724, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.xlarge', 'us-west-2', 'reserved_3y', 0.8051, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- AWS EC2 Reserved Instances, Standard offering class, No Upfront, Linux, shared tenancy, regional scope; hourly rate
-- (No Upfront RIs have no upfront fee, so the hourly rate is the whole price). As of 2025-06-01. p3 (V100 16GB):
-- p3.2xlarge 1-year 1.989, 3-year 1.3464 USD/h against 3.06 (35% / 56% off). The anchor size's figures are the
-- price-list rates as best recorded (not re-read from the Price List API); the other sizes and regions are their
-- on-demand rate x the anchor's ratio, an approximation (RI discounts within these families are close to uniform but
-- not identical: expect differences of about a cent per hour against the price list). Regions: the on-demand rows of
-- 0004.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('aws', 'p3.16xlarge', 'eu-west-1', 'reserved_1y', 17.186, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.16xlarge', 'eu-west-1', 'reserved_3y', 11.6336, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.16xlarge', 'us-east-1', 'reserved_1y', 15.912, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.16xlarge', 'us-east-1', 'reserved_3y', 10.7712, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.16xlarge', 'us-east-2', 'reserved_1y', 15.912, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.16xlarge', 'us-east-2', 'reserved_3y', 10.7712, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.16xlarge', 'us-west-2', 'reserved_1y', 15.912, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.16xlarge', 'us-west-2', 'reserved_3y', 10.7712, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.2xlarge', 'eu-west-1', 'reserved_1y', 2.1482, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.2xlarge', 'eu-west-1', 'reserved_3y', 1.4542, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.2xlarge', 'us-east-1', 'reserved_1y', 1.989, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.2xlarge', 'us-east-1', 'reserved_3y', 1.3464, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.2xlarge', 'us-east-2', 'reserved_1y', 1.989, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.2xlarge', 'us-east-2', 'reserved_3y', 1.3464, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.2xlarge', 'us-west-2', 'reserved_1y', 1.989, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.2xlarge', 'us-west-2', 'reserved_3y', 1.3464, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.8xlarge', 'eu-west-1', 'reserved_1y', 8.593, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.8xlarge', 'eu-west-1', 'reserved_3y', 5.8168, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.8xlarge', 'us-east-1', 'reserved_1y', 7.956, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.8xlarge', 'us-east-1', 'reserved_3y', 5.3856, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.8xlarge', 'us-east-2', 'reserved_1y', 7.956, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.8xlarge', 'us-east-2', 'reserved_3y', 5.3856, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.8xlarge', 'us-west-2', 'reserved_1y', 7.956, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.8xlarge', 'us-west-2', 'reserved_3y', 5.3856, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- AWS EC2 Reserved Instances, Standard offering class, No Upfront, Linux, shared tenancy, regional scope; hourly rate
-- (No Upfront RIs have no upfront fee, so the hourly rate is the whole price). As of 2025-06-01. p3dn (V100 32GB):
-- same discount level as p3. The anchor size's figures are the price-list rates as best recorded (not re-read from the
-- Price List API); the other sizes and regions are their on-demand rate x the anchor's ratio, an approximation (RI
-- discounts within these families are close to uniform but not identical: expect differences of about a cent per hour
-- against the price list). Regions: the on-demand rows of 0004.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('aws', 'p3dn.24xlarge', 'us-east-1', 'reserved_1y', 20.2878, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3dn.24xlarge', 'us-east-1', 'reserved_3y', 13.7333, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3dn.24xlarge', 'us-west-2', 'reserved_1y', 20.2878, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3dn.24xlarge', 'us-west-2', 'reserved_3y', 13.7333, 'USD', 'https://aws.amazon.com/ec2/pricing/reserved-instances/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- AWS EC2 Spot, Linux: the lowest Availability-Zone Spot price in the region around 2025-06-01 (Spot pricing page and
-- EC2 Spot price history, https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/using-spot-instances-history.html), as
-- best recorded. Spot prices float with supply and demand and differ per AZ and by the hour; these are approximate
-- levels at that date, rounded, not list prices: use them as an indication of the Spot discount only. p3 pools sat at
-- 30% of the on-demand rate (as recorded). spot_interruption is the Spot Instance Advisor band
-- (https://aws.amazon.com/ec2/spot/instance-advisor/) and is only set where it was recorded (p3 in us-east-1: >20%);
-- NULL elsewhere. p4d/p4de/p5 Spot (thin, volatile capacity after the June 2025 price change) is not recorded.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('aws', 'g4dn.xlarge', 'us-east-1', 'spot', 0.2104, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.xlarge', 'us-east-2', 'spot', 0.1974, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.xlarge', 'us-west-2', 'spot', 0.221, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.2xlarge', 'us-east-1', 'spot', 0.3008, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.2xlarge', 'us-east-2', 'spot', 0.282, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.2xlarge', 'us-west-2', 'spot', 0.316, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.4xlarge', 'us-east-1', 'spot', 0.4816, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.4xlarge', 'us-east-2', 'spot', 0.4515, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.4xlarge', 'us-west-2', 'spot', 0.5057, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.12xlarge', 'us-east-1', 'spot', 1.5648, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.12xlarge', 'us-east-2', 'spot', 1.467, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g4dn.12xlarge', 'us-west-2', 'spot', 1.643, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'us-east-1', 'spot', 0.4024, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'us-east-2', 'spot', 0.3773, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.xlarge', 'us-west-2', 'spot', 0.4527, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.2xlarge', 'us-east-1', 'spot', 0.4848, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.2xlarge', 'us-east-2', 'spot', 0.4545, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.2xlarge', 'us-west-2', 'spot', 0.5454, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.4xlarge', 'us-east-1', 'spot', 0.6496, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.4xlarge', 'us-east-2', 'spot', 0.609, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.4xlarge', 'us-west-2', 'spot', 0.7308, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.12xlarge', 'us-east-1', 'spot', 2.2688, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.12xlarge', 'us-east-2', 'spot', 2.127, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.12xlarge', 'us-west-2', 'spot', 2.5524, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.48xlarge', 'us-east-1', 'spot', 6.5152, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.48xlarge', 'us-east-2', 'spot', 6.108, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g5.48xlarge', 'us-west-2', 'spot', 7.3296, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.xlarge', 'us-east-1', 'spot', 0.3622, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.xlarge', 'us-east-2', 'spot', 0.338, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.xlarge', 'us-west-2', 'spot', 0.3944, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.2xlarge', 'us-east-1', 'spot', 0.4399, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.2xlarge', 'us-east-2', 'spot', 0.4106, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.2xlarge', 'us-west-2', 'spot', 0.479, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.12xlarge', 'us-east-1', 'spot', 2.0707, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.12xlarge', 'us-east-2', 'spot', 1.9327, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6.12xlarge', 'us-west-2', 'spot', 2.2548, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.xlarge', 'us-east-1', 'spot', 0.8375, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.xlarge', 'us-east-2', 'spot', 0.7816, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.xlarge', 'us-west-2', 'spot', 0.9119, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.12xlarge', 'us-east-1', 'spot', 4.7217, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.12xlarge', 'us-east-2', 'spot', 4.4069, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'g6e.12xlarge', 'us-west-2', 'spot', 5.1414, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.2xlarge', 'us-east-1', 'spot', 0.918, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', '>20%'),
    ('aws', 'p3.2xlarge', 'us-east-2', 'spot', 0.918, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.2xlarge', 'us-west-2', 'spot', 0.918, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.8xlarge', 'us-east-1', 'spot', 3.672, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', '>20%'),
    ('aws', 'p3.8xlarge', 'us-east-2', 'spot', 3.672, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.8xlarge', 'us-west-2', 'spot', 3.672, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.16xlarge', 'us-east-1', 'spot', 7.344, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', '>20%'),
    ('aws', 'p3.16xlarge', 'us-east-2', 'spot', 7.344, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('aws', 'p3.16xlarge', 'us-west-2', 'spot', 7.344, 'USD', 'https://aws.amazon.com/ec2/spot/pricing/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- Azure Reserved VM Instances, Linux, 1-year and 3-year terms, monthly billing (no upfront; the total is the same as
-- paying upfront). The hourly figure is the reservation's term price (Retail Prices API
-- https://prices.azure.com/api/retail/prices, priceType 'Reservation', unitOfMeasure '1 Hour' per reservationTerm)
-- divided by 8760 x years. As of 2025-06-01. NCasT4_v3 (T4): 1-year ~37% and 3-year ~60% below pay-as-you-go
-- (NC4as_T4_v3: 0.3314 / 0.2104 USD/h against 0.526); same discount in each region listed (the on-demand rows of
-- 0004). The discount levels are those shown on the pricing page's reserved columns as best recorded, applied to every
-- size of the series; rounded to 4 decimals. Approximate to a few percent; NCv3 and NDv2 (series being retired in
-- 2025) are not recorded.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('azure', 'Standard_NC16as_T4_v3', 'eastus', 'reserved_1y', 0.7585, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC16as_T4_v3', 'eastus', 'reserved_3y', 0.4816, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC16as_T4_v3', 'southcentralus', 'reserved_1y', 0.7585, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC16as_T4_v3', 'southcentralus', 'reserved_3y', 0.4816, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC16as_T4_v3', 'westus2', 'reserved_1y', 0.7585, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC16as_T4_v3', 'westus2', 'reserved_3y', 0.4816, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC4as_T4_v3', 'eastus', 'reserved_1y', 0.3314, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC4as_T4_v3', 'eastus', 'reserved_3y', 0.2104, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC4as_T4_v3', 'southcentralus', 'reserved_1y', 0.3314, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC4as_T4_v3', 'southcentralus', 'reserved_3y', 0.2104, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC4as_T4_v3', 'westus2', 'reserved_1y', 0.3314, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC4as_T4_v3', 'westus2', 'reserved_3y', 0.2104, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC64as_T4_v3', 'eastus', 'reserved_1y', 2.7418, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC64as_T4_v3', 'eastus', 'reserved_3y', 1.7408, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC64as_T4_v3', 'southcentralus', 'reserved_1y', 2.7418, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC64as_T4_v3', 'southcentralus', 'reserved_3y', 1.7408, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC64as_T4_v3', 'westus2', 'reserved_1y', 2.7418, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC64as_T4_v3', 'westus2', 'reserved_3y', 1.7408, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC8as_T4_v3', 'eastus', 'reserved_1y', 0.4738, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC8as_T4_v3', 'eastus', 'reserved_3y', 0.3008, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC8as_T4_v3', 'southcentralus', 'reserved_1y', 0.4738, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC8as_T4_v3', 'southcentralus', 'reserved_3y', 0.3008, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC8as_T4_v3', 'westus2', 'reserved_1y', 0.4738, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC8as_T4_v3', 'westus2', 'reserved_3y', 0.3008, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- Azure Reserved VM Instances, Linux, 1-year and 3-year terms, monthly billing (no upfront; the total is the same as
-- paying upfront). The hourly figure is the reservation's term price (Retail Prices API
-- https://prices.azure.com/api/retail/prices, priceType 'Reservation', unitOfMeasure '1 Hour' per reservationTerm)
-- divided by 8760 x years. As of 2025-06-01. NVadsA10_v5 (A10, whole and fractional): 1-year ~37%, 3-year ~60% below
-- pay-as-you-go; same discount in each region listed (the on-demand rows of 0004). The discount levels are those shown
-- on the pricing page's reserved columns as best recorded, applied to every size of the series; rounded to 4 decimals.
-- Approximate to a few percent; NCv3 and NDv2 (series being retired in 2025) are not recorded.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('azure', 'Standard_NV12ads_A10_v5', 'eastus', 'reserved_1y', 0.572, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV12ads_A10_v5', 'eastus', 'reserved_3y', 0.3632, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV12ads_A10_v5', 'southcentralus', 'reserved_1y', 0.572, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV12ads_A10_v5', 'southcentralus', 'reserved_3y', 0.3632, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV12ads_A10_v5', 'westus2', 'reserved_1y', 0.572, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV12ads_A10_v5', 'westus2', 'reserved_3y', 0.3632, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV18ads_A10_v5', 'eastus', 'reserved_1y', 1.008, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV18ads_A10_v5', 'eastus', 'reserved_3y', 0.64, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV18ads_A10_v5', 'southcentralus', 'reserved_1y', 1.008, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV18ads_A10_v5', 'southcentralus', 'reserved_3y', 0.64, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV18ads_A10_v5', 'westus2', 'reserved_1y', 1.008, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV18ads_A10_v5', 'westus2', 'reserved_3y', 0.64, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36adms_A10_v5', 'eastus', 'reserved_1y', 2.8476, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36adms_A10_v5', 'eastus', 'reserved_3y', 1.808, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36adms_A10_v5', 'southcentralus', 'reserved_1y', 2.8476, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36adms_A10_v5', 'southcentralus', 'reserved_3y', 1.808, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36adms_A10_v5', 'westus2', 'reserved_1y', 2.8476, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36adms_A10_v5', 'westus2', 'reserved_3y', 1.808, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36ads_A10_v5', 'eastus', 'reserved_1y', 2.016, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36ads_A10_v5', 'eastus', 'reserved_3y', 1.28, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36ads_A10_v5', 'southcentralus', 'reserved_1y', 2.016, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36ads_A10_v5', 'southcentralus', 'reserved_3y', 1.28, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36ads_A10_v5', 'westus2', 'reserved_1y', 2.016, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36ads_A10_v5', 'westus2', 'reserved_3y', 1.28, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV6ads_A10_v5', 'eastus', 'reserved_1y', 0.286, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV6ads_A10_v5', 'eastus', 'reserved_3y', 0.1816, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV6ads_A10_v5', 'southcentralus', 'reserved_1y', 0.286, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV6ads_A10_v5', 'southcentralus', 'reserved_3y', 0.1816, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV6ads_A10_v5', 'westus2', 'reserved_1y', 0.286, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV6ads_A10_v5', 'westus2', 'reserved_3y', 0.1816, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV72ads_A10_v5', 'eastus', 'reserved_1y', 4.1076, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV72ads_A10_v5', 'eastus', 'reserved_3y', 2.608, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV72ads_A10_v5', 'southcentralus', 'reserved_1y', 4.1076, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV72ads_A10_v5', 'southcentralus', 'reserved_3y', 2.608, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV72ads_A10_v5', 'westus2', 'reserved_1y', 4.1076, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV72ads_A10_v5', 'westus2', 'reserved_3y', 2.608, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- Azure Reserved VM Instances, Linux, 1-year and 3-year terms, monthly billing (no upfront; the total is the same as
-- paying upfront). The hourly figure is the reservation's term price (Retail Prices API
-- https://prices.azure.com/api/retail/prices, priceType 'Reservation', unitOfMeasure '1 Hour' per reservationTerm)
-- divided by 8760 x years. As of 2025-06-01. NC A100 v4 (A100 80GB PCIe): 1-year ~37%, 3-year ~60% below pay-as-you-go
-- (NC24ads_A100_v4: 2.3140 / 1.4692 USD/h against 3.673); same discount in each region listed (the on-demand rows of
-- 0004). The discount levels are those shown on the pricing page's reserved columns as best recorded, applied to every
-- size of the series; rounded to 4 decimals. Approximate to a few percent; NCv3 and NDv2 (series being retired in
-- 2025) are not recorded.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('azure', 'Standard_NC24ads_A100_v4', 'eastus', 'reserved_1y', 2.314, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC24ads_A100_v4', 'eastus', 'reserved_3y', 1.4692, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC24ads_A100_v4', 'southcentralus', 'reserved_1y', 2.314, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC24ads_A100_v4', 'southcentralus', 'reserved_3y', 1.4692, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC24ads_A100_v4', 'westus2', 'reserved_1y', 2.314, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC24ads_A100_v4', 'westus2', 'reserved_3y', 1.4692, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC48ads_A100_v4', 'eastus', 'reserved_1y', 4.628, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC48ads_A100_v4', 'eastus', 'reserved_3y', 2.9384, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC48ads_A100_v4', 'southcentralus', 'reserved_1y', 4.628, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC48ads_A100_v4', 'southcentralus', 'reserved_3y', 2.9384, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC48ads_A100_v4', 'westus2', 'reserved_1y', 4.628, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC48ads_A100_v4', 'westus2', 'reserved_3y', 2.9384, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC96ads_A100_v4', 'eastus', 'reserved_1y', 9.256, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC96ads_A100_v4', 'eastus', 'reserved_3y', 5.8768, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC96ads_A100_v4', 'southcentralus', 'reserved_1y', 9.256, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC96ads_A100_v4', 'southcentralus', 'reserved_3y', 5.8768, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC96ads_A100_v4', 'westus2', 'reserved_1y', 9.256, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC96ads_A100_v4', 'westus2', 'reserved_3y', 5.8768, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- Azure Reserved VM Instances, Linux, 1-year and 3-year terms, monthly billing (no upfront; the total is the same as
-- paying upfront). The hourly figure is the reservation's term price (Retail Prices API
-- https://prices.azure.com/api/retail/prices, priceType 'Reservation', unitOfMeasure '1 Hour' per reservationTerm)
-- divided by 8760 x years. As of 2025-06-01. ND A100 v4 / NDm A100 v4 (8 x A100 SXM4): 1-year ~37%, 3-year ~60% below
-- pay-as-you-go; same discount in each region listed (the on-demand rows of 0004). The discount levels are those shown
-- on the pricing page's reserved columns as best recorded, applied to every size of the series; rounded to 4 decimals.
-- Approximate to a few percent; NCv3 and NDv2 (series being retired in 2025) are not recorded.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('azure', 'Standard_ND96amsr_A100_v4', 'eastus', 'reserved_1y', 20.6451, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96amsr_A100_v4', 'eastus', 'reserved_3y', 13.108, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96amsr_A100_v4', 'southcentralus', 'reserved_1y', 20.6451, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96amsr_A100_v4', 'southcentralus', 'reserved_3y', 13.108, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96amsr_A100_v4', 'westus2', 'reserved_1y', 20.6451, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96amsr_A100_v4', 'westus2', 'reserved_3y', 13.108, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96asr_v4', 'eastus', 'reserved_1y', 17.1341, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96asr_v4', 'eastus', 'reserved_3y', 10.8788, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96asr_v4', 'southcentralus', 'reserved_1y', 17.1341, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96asr_v4', 'southcentralus', 'reserved_3y', 10.8788, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96asr_v4', 'westus2', 'reserved_1y', 17.1341, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96asr_v4', 'westus2', 'reserved_3y', 10.8788, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- Azure Reserved VM Instances, Linux, 1-year and 3-year terms, monthly billing (no upfront; the total is the same as
-- paying upfront). The hourly figure is the reservation's term price (Retail Prices API
-- https://prices.azure.com/api/retail/prices, priceType 'Reservation', unitOfMeasure '1 Hour' per reservationTerm)
-- divided by 8760 x years. As of 2025-06-01. NC H100 v5 and ND H100 v5: 1-year ~37%, 3-year ~55% below pay-as-you-go;
-- same discount in each region listed (the on-demand rows of 0004). The discount levels are those shown on the pricing
-- page's reserved columns as best recorded, applied to every size of the series; rounded to 4 decimals. Approximate to
-- a few percent; NCv3 and NDv2 (series being retired in 2025) are not recorded.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('azure', 'Standard_NC40ads_H100_v5', 'eastus2', 'reserved_1y', 4.3974, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC40ads_H100_v5', 'eastus2', 'reserved_3y', 3.141, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC40ads_H100_v5', 'southcentralus', 'reserved_1y', 4.3974, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC40ads_H100_v5', 'southcentralus', 'reserved_3y', 3.141, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC80adis_H100_v5', 'eastus2', 'reserved_1y', 8.7948, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC80adis_H100_v5', 'eastus2', 'reserved_3y', 6.282, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC80adis_H100_v5', 'southcentralus', 'reserved_1y', 8.7948, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC80adis_H100_v5', 'southcentralus', 'reserved_3y', 6.282, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96isr_H100_v5', 'eastus', 'reserved_1y', 61.9416, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_ND96isr_H100_v5', 'eastus', 'reserved_3y', 44.244, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- Azure Spot VMs, Linux: the Spot meter price around 2025-06-01 (Retail Prices API, meterName '... Spot'), as shown on
-- the Linux VM pricing page. Spot prices float with capacity and are set per region; eviction rates are not published
-- per size here, so spot_interruption is NULL. Levels as best recorded, rounded, and applied to every size of the
-- family: NCasT4_v3 about 70% below pay-as-you-go in East US (72% South Central US, 68% West US 2); NVadsA10_v5
-- whole-GPU sizes about 65% (67%, 63%); NC A100 v4 about 60% (62%, 58%). Approximate: check the Spot meters of the
-- Retail Prices API before relying on a single figure.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('azure', 'Standard_NC16as_T4_v3', 'eastus', 'spot', 0.3612, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC16as_T4_v3', 'southcentralus', 'spot', 0.3371, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC16as_T4_v3', 'westus2', 'spot', 0.3853, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC4as_T4_v3', 'eastus', 'spot', 0.1578, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC4as_T4_v3', 'southcentralus', 'spot', 0.1473, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC4as_T4_v3', 'westus2', 'spot', 0.1683, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC64as_T4_v3', 'eastus', 'spot', 1.3056, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC64as_T4_v3', 'southcentralus', 'spot', 1.2186, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC64as_T4_v3', 'westus2', 'spot', 1.3926, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC8as_T4_v3', 'eastus', 'spot', 0.2256, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC8as_T4_v3', 'southcentralus', 'spot', 0.2106, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC8as_T4_v3', 'westus2', 'spot', 0.2406, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36ads_A10_v5', 'eastus', 'spot', 1.12, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36ads_A10_v5', 'southcentralus', 'spot', 1.056, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV36ads_A10_v5', 'westus2', 'spot', 1.184, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV72ads_A10_v5', 'eastus', 'spot', 2.282, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV72ads_A10_v5', 'southcentralus', 'spot', 2.1516, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NV72ads_A10_v5', 'westus2', 'spot', 2.4124, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC24ads_A100_v4', 'eastus', 'spot', 1.4692, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC24ads_A100_v4', 'southcentralus', 'spot', 1.3957, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC24ads_A100_v4', 'westus2', 'spot', 1.5427, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC48ads_A100_v4', 'eastus', 'spot', 2.9384, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC48ads_A100_v4', 'southcentralus', 'spot', 2.7915, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC48ads_A100_v4', 'westus2', 'spot', 3.0853, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC96ads_A100_v4', 'eastus', 'spot', 5.8768, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC96ads_A100_v4', 'southcentralus', 'spot', 5.583, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('azure', 'Standard_NC96ads_A100_v4', 'westus2', 'spot', 6.1706, 'USD', 'https://azure.microsoft.com/pricing/details/virtual-machines/linux/', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- GCP resource-based committed use discounts, N1 + attached GPU (T4, V100), 1-year and 3-year commitments, billed
-- monthly (no upfront). Published discounts: N1 predefined vCPU and memory 37% (1 year) and 55% (3 years)
-- (https://cloud.google.com/compute/vm-instance-pricing); GPUs 37% and 55%
-- (https://cloud.google.com/compute/gpus-pricing: T4 0.35 -> 0.22 / 0.16, V100 2.48 -> 1.562 / 1.116 USD per
-- GPU-hour). Both parts carry the same discount, so the row = the 0004 on-demand rate x 0.63 (1 year) or x 0.45 (3
-- years). Discount levels as published on 2025-06-01.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('gcp', 'n1-standard-16-t4-1', 'us-central1', 'reserved_1y', 0.699297, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-1', 'us-central1', 'reserved_3y', 0.499498, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-1', 'us-east1', 'reserved_1y', 0.699297, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-1', 'us-east1', 'reserved_3y', 0.499498, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-1', 'us-west1', 'reserved_1y', 0.699297, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-1', 'us-west1', 'reserved_3y', 0.499498, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-2', 'us-central1', 'reserved_1y', 0.919797, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-2', 'us-central1', 'reserved_3y', 0.656998, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-2', 'us-east1', 'reserved_1y', 0.919797, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-2', 'us-east1', 'reserved_3y', 0.656998, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-2', 'us-west1', 'reserved_1y', 0.919797, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-2', 'us-west1', 'reserved_3y', 0.656998, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-v100-2', 'us-central1', 'reserved_1y', 3.603597, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-v100-2', 'us-central1', 'reserved_3y', 2.573998, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-v100-2', 'us-east1', 'reserved_1y', 3.603597, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-v100-2', 'us-east1', 'reserved_3y', 2.573998, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-v100-2', 'us-west1', 'reserved_1y', 3.603597, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-v100-2', 'us-west1', 'reserved_3y', 2.573998, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-t4-4', 'us-central1', 'reserved_1y', 1.839595, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-t4-4', 'us-central1', 'reserved_3y', 1.313996, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-t4-4', 'us-east1', 'reserved_1y', 1.839595, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-t4-4', 'us-east1', 'reserved_3y', 1.313996, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-t4-4', 'us-west1', 'reserved_1y', 1.839595, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-t4-4', 'us-west1', 'reserved_3y', 1.313996, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-v100-4', 'us-central1', 'reserved_1y', 7.207195, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-v100-4', 'us-central1', 'reserved_3y', 5.147996, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-v100-4', 'us-east1', 'reserved_1y', 7.207195, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-v100-4', 'us-east1', 'reserved_3y', 5.147996, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-v100-4', 'us-west1', 'reserved_1y', 7.207195, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-v100-4', 'us-west1', 'reserved_3y', 5.147996, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-4-t4-1', 'us-central1', 'reserved_1y', 0.340199, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-4-t4-1', 'us-central1', 'reserved_3y', 0.243, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-4-t4-1', 'us-east1', 'reserved_1y', 0.340199, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-4-t4-1', 'us-east1', 'reserved_3y', 0.243, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-4-t4-1', 'us-west1', 'reserved_1y', 0.340199, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-4-t4-1', 'us-west1', 'reserved_3y', 0.243, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-64-v100-8', 'us-central1', 'reserved_1y', 14.41439, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-64-v100-8', 'us-central1', 'reserved_3y', 10.295993, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-64-v100-8', 'us-east1', 'reserved_1y', 14.41439, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-64-v100-8', 'us-east1', 'reserved_3y', 10.295993, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-64-v100-8', 'us-west1', 'reserved_1y', 14.41439, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-64-v100-8', 'us-west1', 'reserved_3y', 10.295993, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-t4-1', 'us-central1', 'reserved_1y', 0.459899, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-t4-1', 'us-central1', 'reserved_3y', 0.328499, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-t4-1', 'us-east1', 'reserved_1y', 0.459899, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-t4-1', 'us-east1', 'reserved_3y', 0.328499, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-t4-1', 'us-west1', 'reserved_1y', 0.459899, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-t4-1', 'us-west1', 'reserved_3y', 0.328499, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-v100-1', 'us-central1', 'reserved_1y', 1.801799, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-v100-1', 'us-central1', 'reserved_3y', 1.286999, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-v100-1', 'us-east1', 'reserved_1y', 1.801799, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-v100-1', 'us-east1', 'reserved_3y', 1.286999, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-v100-1', 'us-west1', 'reserved_1y', 1.801799, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-v100-1', 'us-west1', 'reserved_3y', 1.286999, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- GCP resource-based committed use discounts for accelerator-optimized A2 (A100 40GB / 80GB) and G2 (L4) machine
-- types, 1-year and 3-year commitments, billed monthly (no upfront). Published discounts for these families: 37% (1
-- year) and 55% (3 years) on the bundled GPU, vCPU and memory
-- (https://cloud.google.com/compute/docs/accelerator-optimized-machines,
-- https://cloud.google.com/compute/gpus-pricing; e.g. a2-highgpu-1g 3.673385 -> 2.314233 / 1.653023 USD/h). Row = the
-- 0004 on-demand rate x 0.63 or x 0.45. A3 (H100/H200) has its own CUD rates and no on-demand row yet: not recorded.
-- Discount levels as published on 2025-06-01.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('gcp', 'a2-highgpu-1g', 'us-central1', 'reserved_1y', 2.314233, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-1g', 'us-central1', 'reserved_3y', 1.653023, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-1g', 'us-east1', 'reserved_1y', 2.314233, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-1g', 'us-east1', 'reserved_3y', 1.653023, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-1g', 'us-west1', 'reserved_1y', 2.314233, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-1g', 'us-west1', 'reserved_3y', 1.653023, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-2g', 'us-central1', 'reserved_1y', 4.628465, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-2g', 'us-central1', 'reserved_3y', 3.306047, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-2g', 'us-east1', 'reserved_1y', 4.628465, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-2g', 'us-east1', 'reserved_3y', 3.306047, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-2g', 'us-west1', 'reserved_1y', 4.628465, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-2g', 'us-west1', 'reserved_3y', 3.306047, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-4g', 'us-central1', 'reserved_1y', 9.25693, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-4g', 'us-central1', 'reserved_3y', 6.612093, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-4g', 'us-east1', 'reserved_1y', 9.25693, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-4g', 'us-east1', 'reserved_3y', 6.612093, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-4g', 'us-west1', 'reserved_1y', 9.25693, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-4g', 'us-west1', 'reserved_3y', 6.612093, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-8g', 'us-central1', 'reserved_1y', 18.51386, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-8g', 'us-central1', 'reserved_3y', 13.224186, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-8g', 'us-east1', 'reserved_1y', 18.51386, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-8g', 'us-east1', 'reserved_3y', 13.224186, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-8g', 'us-west1', 'reserved_1y', 18.51386, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-8g', 'us-west1', 'reserved_3y', 13.224186, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-megagpu-16g', 'us-central1', 'reserved_1y', 35.115888, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-megagpu-16g', 'us-central1', 'reserved_3y', 25.082777, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-megagpu-16g', 'us-east1', 'reserved_1y', 35.115888, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-megagpu-16g', 'us-east1', 'reserved_3y', 25.082777, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-megagpu-16g', 'us-west1', 'reserved_1y', 35.115888, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-megagpu-16g', 'us-west1', 'reserved_3y', 25.082777, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-1g', 'us-central1', 'reserved_1y', 3.193338, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-1g', 'us-central1', 'reserved_3y', 2.280956, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-2g', 'us-central1', 'reserved_1y', 6.386675, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-2g', 'us-central1', 'reserved_3y', 4.561911, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-4g', 'us-central1', 'reserved_1y', 12.773351, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-4g', 'us-central1', 'reserved_3y', 9.123822, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-8g', 'us-central1', 'reserved_1y', 25.546702, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-8g', 'us-central1', 'reserved_3y', 18.247644, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-12', 'us-central1', 'reserved_1y', 0.63068, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-12', 'us-central1', 'reserved_3y', 0.450486, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-12', 'us-east1', 'reserved_1y', 0.63068, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-12', 'us-east1', 'reserved_3y', 0.450486, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-12', 'us-west1', 'reserved_1y', 0.63068, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-12', 'us-west1', 'reserved_3y', 0.450486, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-16', 'us-central1', 'reserved_1y', 0.723372, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-16', 'us-central1', 'reserved_3y', 0.516694, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-16', 'us-east1', 'reserved_1y', 0.723372, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-16', 'us-east1', 'reserved_3y', 0.516694, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-16', 'us-west1', 'reserved_1y', 0.723372, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-16', 'us-west1', 'reserved_3y', 0.516694, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-24', 'us-central1', 'reserved_1y', 1.261367, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-24', 'us-central1', 'reserved_3y', 0.900977, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-24', 'us-east1', 'reserved_1y', 1.261367, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-24', 'us-east1', 'reserved_3y', 0.900977, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-24', 'us-west1', 'reserved_1y', 1.261367, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-24', 'us-west1', 'reserved_3y', 0.900977, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-32', 'us-central1', 'reserved_1y', 1.09419, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-32', 'us-central1', 'reserved_3y', 0.781564, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-32', 'us-east1', 'reserved_1y', 1.09419, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-32', 'us-east1', 'reserved_3y', 0.781564, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-32', 'us-west1', 'reserved_1y', 1.09419, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-32', 'us-west1', 'reserved_3y', 0.781564, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-4', 'us-central1', 'reserved_1y', 0.445303, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-4', 'us-central1', 'reserved_3y', 0.318074, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-4', 'us-east1', 'reserved_1y', 0.445303, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-4', 'us-east1', 'reserved_3y', 0.318074, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-4', 'us-west1', 'reserved_1y', 0.445303, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-4', 'us-west1', 'reserved_3y', 0.318074, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-48', 'us-central1', 'reserved_1y', 2.522734, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-48', 'us-central1', 'reserved_3y', 1.801953, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-48', 'us-east1', 'reserved_1y', 2.522734, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-48', 'us-east1', 'reserved_3y', 1.801953, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-48', 'us-west1', 'reserved_1y', 2.522734, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-48', 'us-west1', 'reserved_3y', 1.801953, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-8', 'us-central1', 'reserved_1y', 0.537988, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-8', 'us-central1', 'reserved_3y', 0.384277, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-8', 'us-east1', 'reserved_1y', 0.537988, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-8', 'us-east1', 'reserved_3y', 0.384277, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-8', 'us-west1', 'reserved_1y', 0.537988, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-8', 'us-west1', 'reserved_3y', 0.384277, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-96', 'us-central1', 'reserved_1y', 5.045468, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-96', 'us-central1', 'reserved_3y', 3.603906, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-96', 'us-east1', 'reserved_1y', 5.045468, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-96', 'us-east1', 'reserved_3y', 3.603906, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-96', 'us-west1', 'reserved_1y', 5.045468, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-96', 'us-west1', 'reserved_3y', 3.603906, 'USD', 'https://cloud.google.com/compute/docs/instances/committed-use-discounts-overview', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- GCP Spot VMs (formerly preemptible), N1 + attached GPU, Iowa / South Carolina / Oregon, as listed on the Spot VM and
-- GPU pricing pages around 2025-06-01 (as best recorded): T4 0.14 and V100 0.992 USD per GPU-hour; N1 vCPU 0.006655
-- and memory 0.000892 USD per GB-hour, i.e. 0.01 USD per n1-standard vCPU (3.75 GB each). Row = vCPUs x 0.01 + GPUs x
-- GPU Spot rate. Spot prices are not fixed: Google may change them up to once every 30 days; these are the rates at
-- that date.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('gcp', 'n1-standard-16-t4-1', 'us-central1', 'spot', 0.3, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-1', 'us-east1', 'spot', 0.3, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-1', 'us-west1', 'spot', 0.3, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-2', 'us-central1', 'spot', 0.44, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-2', 'us-east1', 'spot', 0.44, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-t4-2', 'us-west1', 'spot', 0.44, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-v100-2', 'us-central1', 'spot', 2.144, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-v100-2', 'us-east1', 'spot', 2.144, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-16-v100-2', 'us-west1', 'spot', 2.144, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-t4-4', 'us-central1', 'spot', 0.88, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-t4-4', 'us-east1', 'spot', 0.88, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-t4-4', 'us-west1', 'spot', 0.88, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-v100-4', 'us-central1', 'spot', 4.288, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-v100-4', 'us-east1', 'spot', 4.288, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-32-v100-4', 'us-west1', 'spot', 4.288, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-4-t4-1', 'us-central1', 'spot', 0.18, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-4-t4-1', 'us-east1', 'spot', 0.18, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-4-t4-1', 'us-west1', 'spot', 0.18, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-64-v100-8', 'us-central1', 'spot', 8.576, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-64-v100-8', 'us-east1', 'spot', 8.576, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-64-v100-8', 'us-west1', 'spot', 8.576, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-t4-1', 'us-central1', 'spot', 0.22, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-t4-1', 'us-east1', 'spot', 0.22, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-t4-1', 'us-west1', 'spot', 0.22, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-v100-1', 'us-central1', 'spot', 1.072, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-v100-1', 'us-east1', 'spot', 1.072, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'n1-standard-8-v100-1', 'us-west1', 'spot', 1.072, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- GCP Spot VMs, A2 (A100) and G2 (L4) machine types, around 2025-06-01: Spot rates for the A100 40GB (about 1.17 per
-- GPU-hour), A100 80GB (about 1.57), L4 (about 0.22) and the A2/G2 vCPU and memory were about 60% below on-demand, so
-- the row = the 0004 on-demand rate x 0.40 (approximate to a few percent). Spot prices float (Google may change them
-- up to once every 30 days); an observation at that date, not a guarantee.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('gcp', 'a2-highgpu-1g', 'us-central1', 'spot', 1.469354, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-1g', 'us-east1', 'spot', 1.469354, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-1g', 'us-west1', 'spot', 1.469354, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-2g', 'us-central1', 'spot', 2.938708, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-2g', 'us-east1', 'spot', 2.938708, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-2g', 'us-west1', 'spot', 2.938708, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-4g', 'us-central1', 'spot', 5.877416, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-4g', 'us-east1', 'spot', 5.877416, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-4g', 'us-west1', 'spot', 5.877416, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-8g', 'us-central1', 'spot', 11.754832, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-8g', 'us-east1', 'spot', 11.754832, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-highgpu-8g', 'us-west1', 'spot', 11.754832, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-megagpu-16g', 'us-central1', 'spot', 22.295802, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-megagpu-16g', 'us-east1', 'spot', 22.295802, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-megagpu-16g', 'us-west1', 'spot', 22.295802, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-1g', 'us-central1', 'spot', 2.027516, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-2g', 'us-central1', 'spot', 4.055032, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-4g', 'us-central1', 'spot', 8.110064, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'a2-ultragpu-8g', 'us-central1', 'spot', 16.220128, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-12', 'us-central1', 'spot', 0.400432, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-12', 'us-east1', 'spot', 0.400432, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-12', 'us-west1', 'spot', 0.400432, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-16', 'us-central1', 'spot', 0.459284, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-16', 'us-east1', 'spot', 0.459284, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-16', 'us-west1', 'spot', 0.459284, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-24', 'us-central1', 'spot', 0.800868, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-24', 'us-east1', 'spot', 0.800868, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-24', 'us-west1', 'spot', 0.800868, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-32', 'us-central1', 'spot', 0.694724, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-32', 'us-east1', 'spot', 0.694724, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-32', 'us-west1', 'spot', 0.694724, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-4', 'us-central1', 'spot', 0.282732, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-4', 'us-east1', 'spot', 0.282732, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-4', 'us-west1', 'spot', 0.282732, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-48', 'us-central1', 'spot', 1.601736, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-48', 'us-east1', 'spot', 1.601736, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-48', 'us-west1', 'spot', 1.601736, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-8', 'us-central1', 'spot', 0.34158, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-8', 'us-east1', 'spot', 0.34158, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-8', 'us-west1', 'spot', 0.34158, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-96', 'us-central1', 'spot', 3.203472, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-96', 'us-east1', 'spot', 3.203472, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('gcp', 'g2-standard-96', 'us-west1', 'spot', 3.203472, 'USD', 'https://cloud.google.com/spot-vms/pricing', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- Alibaba Cloud ECS pay-as-you-go, Linux, CNY per hour, instance only (no disk, no public bandwidth), mainland list
-- price; Beijing, Hangzhou and Shanghai are recorded with one price (the mainland list price as recorded did not
-- differ between them). As of 2025-06-01. INDICATIVE ONLY: the console price page shows per-size prices after
-- region/zone selection and was not re-read for this file. Each row comes from a per-GPU plus per-vCPU (with its
-- memory) model per family, set so that the smallest size matches its list price as best recorded; larger sizes are
-- that model's output, not list figures. Expect errors of up to about 30% per row. Model values, CNY per hour: gn6i
-- (T4) 5.58 per GPU + 0.40 per vCPU (so ecs.gn6i-c4g1.xlarge 7.18); gn7i (A10) 5.78 + 0.40 (so ecs.gn7i-c8g1.2xlarge
-- 8.98); gn6v (V100 16GB) 19.50 + 0.375; gn6e (V100 32GB) 23.00 + 0.45; gn7 (A100 40GB) 25.50 + 0.45; gn7e (A100 80GB)
-- 30.00 + 0.45. The ECS DescribePrice API gives the account's exact figure; the price worker replaces these.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('alibaba', 'ecs.gn6e-c12g1.12xlarge', 'cn-beijing', 'on_demand', 113.6, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.12xlarge', 'cn-hangzhou', 'on_demand', 113.6, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.12xlarge', 'cn-shanghai', 'on_demand', 113.6, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.24xlarge', 'cn-beijing', 'on_demand', 227.2, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.24xlarge', 'cn-hangzhou', 'on_demand', 227.2, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.24xlarge', 'cn-shanghai', 'on_demand', 227.2, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.3xlarge', 'cn-beijing', 'on_demand', 28.4, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.3xlarge', 'cn-hangzhou', 'on_demand', 28.4, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.3xlarge', 'cn-shanghai', 'on_demand', 28.4, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.6xlarge', 'cn-beijing', 'on_demand', 56.8, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.6xlarge', 'cn-hangzhou', 'on_demand', 56.8, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6e-c12g1.6xlarge', 'cn-shanghai', 'on_demand', 56.8, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c16g1.4xlarge', 'cn-beijing', 'on_demand', 11.98, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c16g1.4xlarge', 'cn-hangzhou', 'on_demand', 11.98, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c16g1.4xlarge', 'cn-shanghai', 'on_demand', 11.98, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c24g1.12xlarge', 'cn-beijing', 'on_demand', 30.36, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c24g1.12xlarge', 'cn-hangzhou', 'on_demand', 30.36, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c24g1.12xlarge', 'cn-shanghai', 'on_demand', 30.36, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c24g1.24xlarge', 'cn-beijing', 'on_demand', 60.72, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c24g1.24xlarge', 'cn-hangzhou', 'on_demand', 60.72, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c24g1.24xlarge', 'cn-shanghai', 'on_demand', 60.72, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c24g1.6xlarge', 'cn-beijing', 'on_demand', 15.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c24g1.6xlarge', 'cn-hangzhou', 'on_demand', 15.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c24g1.6xlarge', 'cn-shanghai', 'on_demand', 15.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c40g1.10xlarge', 'cn-beijing', 'on_demand', 21.58, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c40g1.10xlarge', 'cn-hangzhou', 'on_demand', 21.58, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c40g1.10xlarge', 'cn-shanghai', 'on_demand', 21.58, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c4g1.xlarge', 'cn-beijing', 'on_demand', 7.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c4g1.xlarge', 'cn-hangzhou', 'on_demand', 7.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c4g1.xlarge', 'cn-shanghai', 'on_demand', 7.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c8g1.2xlarge', 'cn-beijing', 'on_demand', 8.78, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c8g1.2xlarge', 'cn-hangzhou', 'on_demand', 8.78, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6i-c8g1.2xlarge', 'cn-shanghai', 'on_demand', 8.78, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c10g1.20xlarge', 'cn-beijing', 'on_demand', 186.75, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c10g1.20xlarge', 'cn-hangzhou', 'on_demand', 186.75, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c10g1.20xlarge', 'cn-shanghai', 'on_demand', 186.75, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.16xlarge', 'cn-beijing', 'on_demand', 180, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.16xlarge', 'cn-hangzhou', 'on_demand', 180, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.16xlarge', 'cn-shanghai', 'on_demand', 180, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.2xlarge', 'cn-beijing', 'on_demand', 22.5, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.2xlarge', 'cn-hangzhou', 'on_demand', 22.5, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.2xlarge', 'cn-shanghai', 'on_demand', 22.5, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.4xlarge', 'cn-beijing', 'on_demand', 45, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.4xlarge', 'cn-hangzhou', 'on_demand', 45, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.4xlarge', 'cn-shanghai', 'on_demand', 45, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.8xlarge', 'cn-beijing', 'on_demand', 90, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.8xlarge', 'cn-hangzhou', 'on_demand', 90, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn6v-c8g1.8xlarge', 'cn-shanghai', 'on_demand', 90, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7-c12g1.3xlarge', 'cn-beijing', 'on_demand', 30.9, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7-c12g1.3xlarge', 'cn-hangzhou', 'on_demand', 30.9, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7-c12g1.3xlarge', 'cn-shanghai', 'on_demand', 30.9, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7-c13g1.13xlarge', 'cn-beijing', 'on_demand', 125.4, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7-c13g1.13xlarge', 'cn-hangzhou', 'on_demand', 125.4, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7-c13g1.13xlarge', 'cn-shanghai', 'on_demand', 125.4, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7-c13g1.26xlarge', 'cn-beijing', 'on_demand', 250.8, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7-c13g1.26xlarge', 'cn-hangzhou', 'on_demand', 250.8, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7-c13g1.26xlarge', 'cn-shanghai', 'on_demand', 250.8, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.16xlarge', 'cn-beijing', 'on_demand', 148.8, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.16xlarge', 'cn-hangzhou', 'on_demand', 148.8, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.16xlarge', 'cn-shanghai', 'on_demand', 148.8, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.32xlarge', 'cn-beijing', 'on_demand', 297.6, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.32xlarge', 'cn-hangzhou', 'on_demand', 297.6, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.32xlarge', 'cn-shanghai', 'on_demand', 297.6, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.4xlarge', 'cn-beijing', 'on_demand', 37.2, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.4xlarge', 'cn-hangzhou', 'on_demand', 37.2, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.4xlarge', 'cn-shanghai', 'on_demand', 37.2, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.8xlarge', 'cn-beijing', 'on_demand', 74.4, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.8xlarge', 'cn-hangzhou', 'on_demand', 74.4, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7e-c16g1.8xlarge', 'cn-shanghai', 'on_demand', 74.4, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c16g1.4xlarge', 'cn-beijing', 'on_demand', 12.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c16g1.4xlarge', 'cn-hangzhou', 'on_demand', 12.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c16g1.4xlarge', 'cn-shanghai', 'on_demand', 12.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c32g1.16xlarge', 'cn-beijing', 'on_demand', 37.16, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c32g1.16xlarge', 'cn-hangzhou', 'on_demand', 37.16, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c32g1.16xlarge', 'cn-shanghai', 'on_demand', 37.16, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c32g1.32xlarge', 'cn-beijing', 'on_demand', 74.32, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c32g1.32xlarge', 'cn-hangzhou', 'on_demand', 74.32, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c32g1.32xlarge', 'cn-shanghai', 'on_demand', 74.32, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c32g1.8xlarge', 'cn-beijing', 'on_demand', 18.58, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c32g1.8xlarge', 'cn-hangzhou', 'on_demand', 18.58, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c32g1.8xlarge', 'cn-shanghai', 'on_demand', 18.58, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c48g1.12xlarge', 'cn-beijing', 'on_demand', 24.98, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c48g1.12xlarge', 'cn-hangzhou', 'on_demand', 24.98, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c48g1.12xlarge', 'cn-shanghai', 'on_demand', 24.98, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c56g1.14xlarge', 'cn-beijing', 'on_demand', 28.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c56g1.14xlarge', 'cn-hangzhou', 'on_demand', 28.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c56g1.14xlarge', 'cn-shanghai', 'on_demand', 28.18, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c8g1.2xlarge', 'cn-beijing', 'on_demand', 8.98, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c8g1.2xlarge', 'cn-hangzhou', 'on_demand', 8.98, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('alibaba', 'ecs.gn7i-c8g1.2xlarge', 'cn-shanghai', 'on_demand', 8.98, 'CNY', 'https://www.aliyun.com/price/product#/ecs/detail', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);

-- Tencent Cloud CVM pay-as-you-go, CNY per hour, first (list) price tier, instance only (no disk, no public
-- bandwidth); Beijing, Shanghai and Guangzhou are recorded with one price (the list price as recorded did not differ
-- between them). As of 2025-06-01. INDICATIVE ONLY: the CVM price calculator was not re-read for this file. Each row
-- comes from a per-GPU plus per-vCPU (with its memory) model per family, set so that the smallest whole-GPU size
-- matches its list price as best recorded; other sizes are that model's output, not list figures. Expect errors of up
-- to about 30% per row. Model values, CNY per hour: GN7 (T4, incl. the 1/4 and 1/2 vGPU sizes pro rata) 5.20 per GPU +
-- 0.35 per vCPU (GN7.2XLARGE32 8.00); GN10Xp and GN10X (V100 32GB) 18.00 + 0.40; GT4 (A100 40GB) 24.00 + 0.40; PNV4
-- (A10) 5.50 + 0.40 (PNV4.7XLARGE116 16.70). InquiryPriceRunInstances gives the account's exact figure; the price
-- worker replaces these.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, spot_interruption) VALUES
    ('tencent', 'GN10X.18XLARGE320', 'ap-beijing', 'on_demand', 172.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10X.18XLARGE320', 'ap-shanghai', 'on_demand', 172.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10X.18XLARGE320', 'ap-guangzhou', 'on_demand', 172.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10X.2XLARGE40', 'ap-beijing', 'on_demand', 21.2, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10X.2XLARGE40', 'ap-shanghai', 'on_demand', 21.2, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10X.2XLARGE40', 'ap-guangzhou', 'on_demand', 21.2, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10X.9XLARGE160', 'ap-beijing', 'on_demand', 86.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10X.9XLARGE160', 'ap-shanghai', 'on_demand', 86.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10X.9XLARGE160', 'ap-guangzhou', 'on_demand', 86.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.10XLARGE160', 'ap-beijing', 'on_demand', 88, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.10XLARGE160', 'ap-shanghai', 'on_demand', 88, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.10XLARGE160', 'ap-guangzhou', 'on_demand', 88, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.20XLARGE320', 'ap-beijing', 'on_demand', 176, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.20XLARGE320', 'ap-shanghai', 'on_demand', 176, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.20XLARGE320', 'ap-guangzhou', 'on_demand', 176, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.2XLARGE40', 'ap-beijing', 'on_demand', 22, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.2XLARGE40', 'ap-shanghai', 'on_demand', 22, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.2XLARGE40', 'ap-guangzhou', 'on_demand', 22, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.5XLARGE80', 'ap-beijing', 'on_demand', 44, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.5XLARGE80', 'ap-shanghai', 'on_demand', 44, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN10Xp.5XLARGE80', 'ap-guangzhou', 'on_demand', 44, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.10XLARGE160', 'ap-beijing', 'on_demand', 24.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.10XLARGE160', 'ap-shanghai', 'on_demand', 24.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.10XLARGE160', 'ap-guangzhou', 'on_demand', 24.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.20XLARGE320', 'ap-beijing', 'on_demand', 48.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.20XLARGE320', 'ap-shanghai', 'on_demand', 48.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.20XLARGE320', 'ap-guangzhou', 'on_demand', 48.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.2XLARGE32', 'ap-beijing', 'on_demand', 8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.2XLARGE32', 'ap-shanghai', 'on_demand', 8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.2XLARGE32', 'ap-guangzhou', 'on_demand', 8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.2XLARGE40', 'ap-beijing', 'on_demand', 6.1, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.2XLARGE40', 'ap-shanghai', 'on_demand', 6.1, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.2XLARGE40', 'ap-guangzhou', 'on_demand', 6.1, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.5XLARGE80', 'ap-beijing', 'on_demand', 12.2, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.5XLARGE80', 'ap-shanghai', 'on_demand', 12.2, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.5XLARGE80', 'ap-guangzhou', 'on_demand', 12.2, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.8XLARGE128', 'ap-beijing', 'on_demand', 16.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.8XLARGE128', 'ap-shanghai', 'on_demand', 16.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.8XLARGE128', 'ap-guangzhou', 'on_demand', 16.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.LARGE20', 'ap-beijing', 'on_demand', 2.7, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.LARGE20', 'ap-shanghai', 'on_demand', 2.7, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GN7.LARGE20', 'ap-guangzhou', 'on_demand', 2.7, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.20XLARGE474', 'ap-beijing', 'on_demand', 128.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.20XLARGE474', 'ap-shanghai', 'on_demand', 128.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.20XLARGE474', 'ap-guangzhou', 'on_demand', 128.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.41XLARGE948', 'ap-beijing', 'on_demand', 257.6, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.41XLARGE948', 'ap-shanghai', 'on_demand', 257.6, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.41XLARGE948', 'ap-guangzhou', 'on_demand', 257.6, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.4XLARGE96', 'ap-beijing', 'on_demand', 30.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.4XLARGE96', 'ap-shanghai', 'on_demand', 30.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.4XLARGE96', 'ap-guangzhou', 'on_demand', 30.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.8XLARGE192', 'ap-beijing', 'on_demand', 60.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.8XLARGE192', 'ap-shanghai', 'on_demand', 60.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'GT4.8XLARGE192', 'ap-guangzhou', 'on_demand', 60.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.14XLARGE232', 'ap-beijing', 'on_demand', 33.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.14XLARGE232', 'ap-shanghai', 'on_demand', 33.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.14XLARGE232', 'ap-guangzhou', 'on_demand', 33.4, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.28XLARGE466', 'ap-beijing', 'on_demand', 66.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.28XLARGE466', 'ap-shanghai', 'on_demand', 66.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.28XLARGE466', 'ap-guangzhou', 'on_demand', 66.8, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.56XLARGE932', 'ap-beijing', 'on_demand', 133.6, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.56XLARGE932', 'ap-shanghai', 'on_demand', 133.6, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.56XLARGE932', 'ap-guangzhou', 'on_demand', 133.6, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.7XLARGE116', 'ap-beijing', 'on_demand', 16.7, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.7XLARGE116', 'ap-shanghai', 'on_demand', 16.7, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL),
    ('tencent', 'PNV4.7XLARGE116', 'ap-guangzhou', 'on_demand', 16.7, 'CNY', 'https://buy.cloud.tencent.com/price/cvm', '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL);
