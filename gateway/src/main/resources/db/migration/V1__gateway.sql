-- Channel consumers (partner-wide OAuth credentials). Vendor credentials are owned by catalog-service.
create table channel_consumer (
    consumer_key varchar(128) primary key,
    secret       text         not null, -- AES-GCM ciphertext, base64(iv || ciphertext+tag)
    partner      varchar(64)  not null unique,
    authorities  text         not null, -- comma-separated
    created_at   timestamptz  not null default now(),
    updated_at   timestamptz  not null default now()
);

-- OAuth 1.0 nonces seen per consumer, remembered until their timestamp leaves the accepted window.
create table oauth_nonce (
    consumer_key varchar(128) not null,
    nonce        varchar(255) not null,
    expires_at   timestamptz  not null,
    primary key (consumer_key, nonce)
);
create index oauth_nonce_expires_at on oauth_nonce (expires_at);

-- Bucket4j leaky-bucket state shared by every gateway replica (PostgreSQLSelectForUpdateBasedProxyManager).
create table rate_limit_bucket (
    id         varchar(512) primary key,
    state      bytea,
    expires_at bigint
);
create index rate_limit_bucket_expires_at on rate_limit_bucket (expires_at);
