-- A marketplace's test clock (sandbox only, marketplace.billing.test-clock.enabled): how far billing time runs ahead of
-- the real time for that marketplace, so that due dates, collection retries and expiries can be tried without waiting.
create table test_clock (
    partner varchar(64) primary key,
    offset_millis bigint not null check (offset_millis >= 0),
    moved_on timestamptz not null
);
