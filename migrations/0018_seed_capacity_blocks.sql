-- 0018_seed_capacity_blocks: reservation-only types and AWS's published Capacity Block rates (seen 2026-12-03), in
-- the pricing model and column 0015 added.

-- p5e.48xlarge is sold through EC2 Capacity Blocks and capacity reservations
-- (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-capacity-blocks.html lists it for Capacity Blocks in
-- US East (Ohio)); the AWS Price List carries no on-demand rate for it (the seed never had one). Its Spot rows of 0009
-- came from Spot price history, not from a capacity one can buy: they are removed, and the type is flagged.
UPDATE instance_types SET availability = 'reservation_only' WHERE provider_id = 'aws' AND id = 'p5e.48xlarge';
DELETE FROM prices WHERE provider_id = 'aws' AND instance_type_id = 'p5e.48xlarge' AND pricing_model IN ('on_demand', 'spot');

-- AWS Capacity Block rates: the "Effective Instance Hourly Rate" of the EC2 Capacity Blocks pricing page
-- (https://aws.amazon.com/ec2/capacityblocks/pricing/, as stored in a copy at
-- http://sibshop.uat.jiralog.com/ec2/capacityblocks/pricing, whose rates were "scheduled to be updated on January 1,
-- 2025", read 2026-12-03): p5.48xlarge US East (N. Virginia) and US East (Ohio) $39.33, p5e.48xlarge US East (Ohio)
-- $43.26, p4d.24xlarge US East (Ohio) and US West (Oregon) $14.75. Durations: 1 to 14 days in 1-day steps, then
-- 7-day steps up to 182 days (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/capacity-blocks-how.html): 24 to
-- 4,368 hours. The page dates its rates to the end of 2024: effective_at 2024-12-31, listed_at the same, so a list
-- published later replaces them.
INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, estimated, listed_at, min_hours, max_hours) VALUES
    ('aws', 'p5.48xlarge', 'us-east-1', 'capacity_block', 39.33, 'USD', 'https://aws.amazon.com/ec2/capacityblocks/pricing/ (US East (N. Virginia), effective instance hourly rate; stored copy http://sibshop.uat.jiralog.com/ec2/capacityblocks/pricing, rates to be updated 2025-01-01), seen 2026-12-03', '2026-12-03T00:00:00Z', '2024-12-31T00:00:00Z', 0, '2024-12-31T00:00:00Z', 24, 4368),
    ('aws', 'p5.48xlarge', 'us-east-2', 'capacity_block', 39.33, 'USD', 'https://aws.amazon.com/ec2/capacityblocks/pricing/ (US East (Ohio), effective instance hourly rate; stored copy http://sibshop.uat.jiralog.com/ec2/capacityblocks/pricing, rates to be updated 2025-01-01), seen 2026-12-03', '2026-12-03T00:00:00Z', '2024-12-31T00:00:00Z', 0, '2024-12-31T00:00:00Z', 24, 4368),
    ('aws', 'p5e.48xlarge', 'us-east-2', 'capacity_block', 43.26, 'USD', 'https://aws.amazon.com/ec2/capacityblocks/pricing/ (US East (Ohio), 8 x H200, effective instance hourly rate; stored copy http://sibshop.uat.jiralog.com/ec2/capacityblocks/pricing, rates to be updated 2025-01-01), seen 2026-12-03', '2026-12-03T00:00:00Z', '2024-12-31T00:00:00Z', 0, '2024-12-31T00:00:00Z', 24, 4368),
    ('aws', 'p4d.24xlarge', 'us-east-2', 'capacity_block', 14.75, 'USD', 'https://aws.amazon.com/ec2/capacityblocks/pricing/ (US East (Ohio), effective instance hourly rate; stored copy http://sibshop.uat.jiralog.com/ec2/capacityblocks/pricing, rates to be updated 2025-01-01), seen 2026-12-03', '2026-12-03T00:00:00Z', '2024-12-31T00:00:00Z', 0, '2024-12-31T00:00:00Z', 24, 4368),
    ('aws', 'p4d.24xlarge', 'us-west-2', 'capacity_block', 14.75, 'USD', 'https://aws.amazon.com/ec2/capacityblocks/pricing/ (US West (Oregon), effective instance hourly rate; stored copy http://sibshop.uat.jiralog.com/ec2/capacityblocks/pricing, rates to be updated 2025-01-01), seen 2026-12-03', '2026-12-03T00:00:00Z', '2024-12-31T00:00:00Z', 0, '2024-12-31T00:00:00Z', 24, 4368);
