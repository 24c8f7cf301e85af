-- Events a consumer could not apply (libs/common inbox): kept for an operator to retry or discard, never dropped.
-- event_id is null for a record that was no event envelope at all; envelope is the record as it came.
create table parked_event (
    id              uuid primary key,
    consumer        varchar(64) not null,
    event_id        uuid,
    event_type      varchar(128),
    partner         varchar(64),
    envelope        text not null,
    error           text not null,
    attempts        integer not null,
    first_failed_at timestamptz not null,
    last_failed_at  timestamptz not null,
    status          varchar(16) not null,
    resolved_at     timestamptz,
    resolution      text,
    resolved_by     varchar(255)
);
create unique index parked_event_once on parked_event (consumer, event_id) where event_id is not null;
create index parked_event_list on parked_event (status, last_failed_at desc);

-- processed_event rows older than the topic's retention are purged (inbox Housekeeping)
create index processed_event_age on processed_event (processed_at);
