-- Vendor notification (docs/architecture.md, "Vendor events"): one row per domain event a vendor must hear about, addressed by its token.
create table vendor_event (
    id                  uuid primary key,           -- the domain event's id
    token               varchar(64)  not null unique,
    partner             varchar(64)  not null,
    product_id          bigint       not null,
    product_name        varchar(255),
    company_name        varchar(255),
    event_type          varchar(64)  not null,
    flag                varchar(32),
    subscription_id     varchar(64),
    user_uuid           varchar(64),
    interactive         boolean      not null default false,
    url_template        text,                       -- a ping names its URL; other events use the catalogue's
    event_url           text         not null,      -- {eventUrl}: {baseUrl}/api/integration/v1/events/{token}
    document            text         not null,      -- the event JSON served to the vendor's signed fetch
    status              varchar(24)  not null,
    attempts            integer      not null default 0,
    next_attempt_at     timestamptz  not null,
    last_attempt_on     timestamptz,
    last_error          text,
    last_http_status    integer,
    result_success      boolean,
    account_identifier  varchar(255),
    error_code          varchar(128),
    error_message       text,
    result_source       varchar(16),
    fetched_on          timestamptz,
    created_on          timestamptz  not null,
    completed_on        timestamptz,
    parked_on           timestamptz
);
create index vendor_event_due on vendor_event (next_attempt_at) where status = 'PENDING';
create index vendor_event_sending on vendor_event (last_attempt_on) where status = 'SENDING';
create index vendor_event_partner on vendor_event (partner, status, created_on);

-- The event log shows where the vendor notification of an event stands (PENDING ... PARKED).
alter table event_log add column vendor_status varchar(24);
