-- Collection and dunning (README "Collection and dunning"): one row per invoice whose due date came while UNPAID. The
-- collection job charges the buyer's default card at next_attempt_at (billing time: the due date, then each retry of
-- marketplace.billing.collection.retry-after), counts definite failures in attempts, and after the last one suspends
-- the invoice's subscriptions (state OVERDUE). lease_until (real time) keeps an attempt to one replica.
create table invoice_collection (
    invoice_id      uuid primary key references invoice (id),
    partner         varchar(64) not null,
    invoice_number  bigint      not null,
    due_date        timestamptz not null,
    state           varchar(16) not null,
    attempts        int         not null default 0,
    next_attempt_at timestamptz,
    lease_until     timestamptz,
    last_outcome    varchar(32),
    last_attempt_on timestamptz,
    updated_on      timestamptz not null
);
create unique index invoice_collection_number on invoice_collection (partner, invoice_number);
create index invoice_collection_due on invoice_collection (next_attempt_at) where state = 'COLLECTING';
-- the collection job looks for UNPAID invoices whose due date came
create index invoice_unpaid_due on invoice (due_date) where status = 'UNPAID';

-- The subscriptions an OVERDUE invoice keeps suspended (suspended by its collection, or already suspended for another
-- overdue invoice): paying it reactivates each one no other OVERDUE invoice still holds.
create table collection_suspension (
    id              bigserial primary key,
    invoice_id      uuid        not null references invoice_collection (invoice_id),
    subscription_id uuid        not null,
    suspended_on    timestamptz not null,
    reactivated_on  timestamptz,
    unique (invoice_id, subscription_id)
);
create index collection_suspension_subscription on collection_suspension (subscription_id);

-- EXPIRED_CREDIT_CARD sent for a card on file (once per card: a new card is a new notice)
create table card_expiry_notice (
    payment_method_id uuid primary key,
    partner           varchar(64) not null,
    recipient         varchar(320),
    notified_on       timestamptz not null
);
