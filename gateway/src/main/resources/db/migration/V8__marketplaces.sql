-- Marketplaces as a resource (the platform operator's API, gateway/README.md "Marketplaces"): a partner code and what a
-- marketplace is known by. Disabling one refuses every consumer of it (enforced from Redis, see DisabledMarketplaces);
-- this row is the record the API lists and Redis is re-seeded from.
create table marketplace (
    partner          varchar(64)  primary key,
    name             varchar(100) not null,
    default_locale   varchar(16)  not null,
    default_currency char(3)      not null,
    enabled          boolean      not null default true,
    created_on       timestamptz  not null default now()
);
create index marketplace_disabled on marketplace (partner) where not enabled;

-- Every partner that has channel consumers today is a marketplace (the bootstrap MARKETPLACE among them)
insert into marketplace (partner, name, default_locale, default_currency, created_on)
select partner, partner, 'en_US', 'USD', min(created_at) from channel_consumer group by partner
on conflict do nothing;

-- A marketplace may have several channel consumers now, each with a name its operator gave it
alter table channel_consumer drop constraint if exists channel_consumer_partner_key;
create index channel_consumer_partner on channel_consumer (partner, created_at);
alter table channel_consumer add column name varchar(100);
