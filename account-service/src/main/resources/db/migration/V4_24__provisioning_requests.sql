-- Idempotency keys of the internal provisioning endpoints (/internal/v1/companies...): another service that creates a
-- company or a member here sends a key; a retry with the same key answers what the first request created.
create table provisioning_request (
    idempotency_key uuid primary key,
    partner         varchar(64) not null,
    kind            varchar(16) not null,
    request_hash    varchar(64) not null,
    company_uuid    uuid        not null,
    user_uuid       uuid,
    created_on      timestamptz not null
);
