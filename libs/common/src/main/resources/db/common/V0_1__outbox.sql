-- Transactional outbox (docs/architecture.md, "Events and the outbox"): rows are written with the change that caused them and relayed to Kafka.
create table outbox_event (
    id           uuid primary key,
    seq          bigint generated always as identity,
    aggregate_id varchar(255) not null,
    type         varchar(128) not null,
    envelope     text not null,
    created_at   timestamptz not null,
    sent_at      timestamptz
);
create index outbox_event_unsent on outbox_event (seq) where sent_at is null;

-- Idempotent consumers: one row per (consumer, event) handled.
create table processed_event (
    consumer     varchar(64) not null,
    event_id     uuid not null,
    processed_at timestamptz not null default now(),
    primary key (consumer, event_id)
);
