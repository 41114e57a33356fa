-- 0015_price_listed_at: when a held price was known to be current, so that an older price list never replaces it.
--
-- prices.listed_at: the publication date of the list the price was read from (ISO 8601 UTC), as the list states it
--   (the AWS offer file's "Publication Date"); NULL when the list states none, and for the seed catalog, whose rows
--   were current on the day they were read (fetched_at). The price was known to be current at
--   coalesce(listed_at, fetched_at). An effective date cannot serve for this: AWS dates a price by the day it began,
--   so a 2024 list and a 2025 list carry the same EffectiveDate for a price that did not change between them.
ALTER TABLE prices ADD COLUMN listed_at TEXT CHECK (listed_at IS NULL OR listed_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z');
