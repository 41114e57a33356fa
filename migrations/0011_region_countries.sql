-- The country of every region (ISO 3166-1 alpha-2), so /v1/providers can say where an offer is and a request can
-- prefer or filter by place. Empty for a region whose country is not recorded (a region a refresh adds later).
-- Sources, read 2026-12-01, each provider's list of regions and their locations:
--   aws:     https://docs.aws.amazon.com/global-infrastructure/latest/regions/aws-regions.html
--   azure:   https://learn.microsoft.com/en-us/azure/reliability/regions-list
--   gcp:     https://cloud.google.com/compute/docs/regions-zones
--   oci:     https://docs.oracle.com/en-us/iaas/Content/General/Concepts/regions.htm
--   alibaba: https://www.alibabacloud.com/help/en/ecs/user-guide/regions-and-zones
--   tencent: https://www.tencentcloud.com/document/product/213/6091
--   lambda:  https://docs.lambda.ai/public-cloud/on-demand/ (regions, named by state and country)
ALTER TABLE regions ADD COLUMN country TEXT NOT NULL DEFAULT '' CHECK (country = '' OR country GLOB '[A-Z][A-Z]');

UPDATE regions SET country = 'US' WHERE id IN ('us-east-1', 'us-east-2', 'us-west-1', 'us-west-2', 'us-west-3',
    'us-midwest-1', 'us-south-1', 'eastus', 'eastus2', 'southcentralus', 'westus2', 'westus3', 'us-central1',
    'us-east1', 'us-east4', 'us-west1', 'us-ashburn-1', 'us-chicago-1', 'us-phoenix-1', 'us-sanjose-1',
    'na-siliconvalley');
UPDATE regions SET country = 'CN' WHERE id IN ('cn-beijing', 'cn-hangzhou', 'cn-shanghai', 'cn-shenzhen',
    'cn-zhangjiakou', 'ap-beijing', 'ap-chengdu', 'ap-guangzhou', 'ap-nanjing', 'ap-shanghai');
UPDATE regions SET country = 'SG' WHERE id IN ('ap-southeast-1', 'asia-southeast1', 'ap-singapore')
    AND provider_id IN ('alibaba', 'gcp', 'tencent');
UPDATE regions SET country = 'JP' WHERE id IN ('ap-northeast-1', 'japaneast', 'asia-northeast1', 'asia-northeast-1',
    'ap-osaka-1', 'ap-tokyo-1');
UPDATE regions SET country = 'DE' WHERE id IN ('eu-central-1', 'europe-central-1', 'eu-frankfurt-1', 'eu-frankfurt');
UPDATE regions SET country = 'IN' WHERE provider_id = 'aws' AND id = 'ap-south-1';
UPDATE regions SET country = 'AU' WHERE id IN ('ap-southeast-2', 'australiaeast');
UPDATE regions SET country = 'CA' WHERE id IN ('ca-central-1', 'ca-toronto-1');
UPDATE regions SET country = 'IE' WHERE id IN ('eu-west-1', 'northeurope');
UPDATE regions SET country = 'GB' WHERE id IN ('eu-west-2', 'uk-london-1');
UPDATE regions SET country = 'BR' WHERE id IN ('sa-east-1', 'sa-saopaulo-1');
UPDATE regions SET country = 'NL' WHERE id IN ('westeurope', 'europe-west4');
UPDATE regions SET country = 'SE' WHERE id = 'swedencentral';
