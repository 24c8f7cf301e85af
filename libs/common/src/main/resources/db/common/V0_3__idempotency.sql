-- Idempotency keys (Idempotency-Key header): the first request with a key claims it with a fingerprint of the request
-- and stores its answer in the same transaction; a retry with the same key and request gets that answer again.
create table idempotency_key (
    scope       varchar(320) not null,
    key         varchar(255) not null,
    fingerprint varchar(64)  not null,
    status      integer,
    response    text,
    created_at  timestamptz  not null default now(),
    expires_at  timestamptz  not null,
    primary key (scope, key)
);
create index idempotency_key_expiry on idempotency_key (expires_at);
