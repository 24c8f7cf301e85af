-- Money features: exchange rates, discounts, invoices, payments, refunds, metered usage; prices and billing dates of
-- subscriptions. Amounts are numeric (never floating point), carried with the currency's fraction digits.

create table exchange_rate (
    uuid                uuid primary key,
    partner             varchar(64)    not null,
    base_currency       varchar(3)     not null,
    counter_currency    varchar(3)     not null,
    rate                numeric(30, 12) not null,
    valid_from          timestamptz    not null,
    active              boolean        not null,
    authentication_type varchar(32),
    oauth_key           varchar(255),
    user_uuid           uuid,
    created_on          timestamptz    not null,
    last_modified       timestamptz    not null,
    version             bigint         not null default 0
);
-- the list's sorts (each with the uuid as tie-breaker) and the conversion's look-up of a pair
create index exchange_rate_by_valid_from on exchange_rate (partner, valid_from, uuid);
create index exchange_rate_by_base on exchange_rate (partner, base_currency, valid_from, uuid);
create index exchange_rate_by_counter on exchange_rate (partner, counter_currency, valid_from, uuid);
create index exchange_rate_pair on exchange_rate (partner, base_currency, counter_currency, valid_from, uuid);

create sequence discount_id_seq start with 1000;
create table discount (
    id                            bigint primary key,
    uuid                          uuid          not null unique,
    partner                       varchar(64)   not null,
    code                          varchar(103),
    description                   varchar(255)  not null,
    type                          varchar(16)   not null,
    percentage                    numeric(5, 2),
    price                         numeric(19, 4),
    discount_value                numeric(19, 4),
    application_id                bigint,
    application_uuid              varchar(64),
    application_name              varchar(255),
    edition_id                    bigint,
    edition_uuid                  varchar(64),
    payment_plan_id               bigint,
    payment_plan_uuid             varchar(64),
    industry_id                   bigint,
    auto_apply                    boolean       not null,
    billing_cycles                integer,
    retainable                    boolean       not null,
    redemption_restriction        varchar(24)   not null,
    redemptions                   integer       not null default 0,
    max_redemptions               integer,
    min_units                     integer,
    max_units                     integer,
    unit                          varchar(64),
    start_date                    timestamptz,
    expiration_date               timestamptz,
    vendor_share_percentage       numeric(5, 2),
    partner_share_percentage      numeric(5, 2),
    base_partner_share_percentage numeric(5, 2),
    created_on                    timestamptz   not null,
    last_modified                 timestamptz   not null,
    deleted_on                    timestamptz,
    version                       bigint        not null default 0
);
-- codes are unique per marketplace whatever their case (buyers type them)
create unique index discount_code on discount (partner, upper(code)) where code is not null and deleted_on is null;
create index discount_by_created on discount (partner, created_on, id) where deleted_on is null;
create index discount_by_code on discount (partner, code, id) where deleted_on is null;
create index discount_by_application on discount (partner, application_id, id) where deleted_on is null;
create index discount_by_end on discount (partner, expiration_date, id) where deleted_on is null;
create index discount_by_start on discount (partner, start_date, id) where deleted_on is null;
create index discount_by_redemptions on discount (partner, redemptions, id) where deleted_on is null;
create index discount_automatic on discount (partner, application_id) where auto_apply and deleted_on is null;

create table discount_redemption (
    id              uuid primary key,
    discount_id     bigint      not null references discount (id),
    partner         varchar(64) not null,
    subscription_id uuid        not null references subscription (id),
    company_uuid    uuid        not null,
    user_uuid       uuid        not null,
    redeemed_on     timestamptz not null
);
create index discount_redemption_company on discount_redemption (discount_id, company_uuid);
create index discount_redemption_user on discount_redemption (discount_id, user_uuid);

alter table subscription
    add column currency          varchar(3)     not null default 'USD',
    -- the plan's price per unit when ordered, in the subscription's currency: [{unit, unitPrice, metered}]
    add column prices            text           not null default '[]',
    -- what one billing period costs after the discount, and the same in the marketplace currency (purchase limits)
    add column amount            numeric(19, 4) not null default 0,
    add column limit_amount      numeric(19, 4) not null default 0,
    add column discount_id       bigint references discount (id),
    -- the discount's terms when it was applied (a later change of the discount does not change sold orders)
    add column discount_terms    text,
    add column discount_invoices integer        not null default 0,
    add column buyer_role        varchar(16)    not null default 'CUSTOMER',
    add column billing_day       integer,
    add column activated_on      timestamptz,
    add column next_invoice_on   date;
create index subscription_spend on subscription (partner, company_uuid, created_on);
create index subscription_due on subscription (next_invoice_on) where status = 'ACTIVE';
create index subscription_account on subscription (partner, product_id, account_identifier);

-- invoice numbers are sequential per marketplace: one counter row per partner, incremented in the invoice's transaction
create table invoice_counter (
    partner     varchar(64) primary key,
    last_number bigint      not null
);

create table invoice (
    id                   uuid primary key,
    partner              varchar(64)    not null,
    invoice_number       bigint         not null,
    company_uuid         uuid           not null,
    user_uuid            uuid           not null,
    subscription_id      uuid references subscription (id),
    order_id             bigint,
    currency             varchar(3)     not null,
    total                numeric(19, 4) not null,
    status               varchar(16)    not null,
    creation_date        timestamptz    not null,
    due_date             timestamptz    not null,
    period_start         timestamptz,
    period_end           timestamptz,
    reference_number     varchar(64),
    delegated_to_invoice bigint,
    buyer_role           varchar(16)    not null,
    company_name         varchar(255),
    buyer_email          varchar(320),
    buyer_first_name     varchar(255),
    buyer_locale         varchar(16),
    voided_on            timestamptz,
    last_modified        timestamptz    not null,
    version              bigint         not null default 0,
    unique (partner, invoice_number)
);
-- one invoice per subscription and billing period, whichever replica's job gets there first
create unique index invoice_period on invoice (subscription_id, period_start) where subscription_id is not null;
create index invoice_by_date on invoice (partner, creation_date, invoice_number);
create index invoice_by_total on invoice (partner, total, invoice_number);
create index invoice_company on invoice (partner, company_uuid, invoice_number);
create index invoice_company_date on invoice (partner, company_uuid, creation_date, invoice_number);
create index invoice_company_total on invoice (partner, company_uuid, total, invoice_number);
create index invoice_user on invoice (partner, company_uuid, user_uuid, invoice_number);
create index invoice_subscription on invoice (subscription_id, status);

create table invoice_line (
    id               bigserial primary key,
    invoice_id       uuid           not null references invoice (id),
    position         integer        not null,
    type             varchar(24)    not null,
    description      varchar(500),
    quantity         numeric(19, 4),
    price            numeric(24, 8),
    percentage       numeric(7, 4),
    total            numeric(19, 4),
    period_start     timestamptz,
    period_end       timestamptz,
    payment_plan_id  bigint,
    edition_id       bigint,
    product_id       bigint,
    pricing_unit     varchar(64),
    included_invoice bigint
);
create index invoice_line_invoice on invoice_line (invoice_id, position);

create sequence payment_id_seq start with 1000;
create table payment (
    id              bigint primary key,
    partner         varchar(64)    not null,
    invoice_id      uuid           not null references invoice (id),
    invoice_number  bigint         not null,
    company_uuid    uuid           not null,
    user_uuid       uuid,
    amount          numeric(19, 4) not null,
    currency        varchar(3)     not null,
    date            timestamptz    not null,
    method          varchar(32)    not null,
    result          varchar(32)    not null,
    transaction_id  varchar(128),
    gateway_avs     boolean,
    gateway_cvv     boolean,
    gateway_code    varchar(64),
    gateway_message varchar(500),
    card_last4      varchar(4)
);
create index payment_invoice on payment (invoice_id, id);
create index payment_partner on payment (partner, id);

create table refund (
    id             uuid primary key,
    partner        varchar(64)    not null,
    invoice_id     uuid           not null references invoice (id),
    payment_id     bigint         not null references payment (id),
    amount         numeric(19, 4) not null,
    currency       varchar(3)     not null,
    transaction_id varchar(128),
    created_on     timestamptz    not null
);
create index refund_invoice on refund (invoice_id);

create table usage_report (
    id              uuid primary key,
    partner         varchar(64)  not null,
    product_id      bigint       not null,
    report_id       varchar(128) not null,
    subscription_id uuid         not null references subscription (id),
    fingerprint     varchar(64)  not null,
    response        text         not null,
    created_on      timestamptz  not null,
    unique (partner, product_id, report_id)
);

create table usage_item (
    id                  bigserial primary key,
    report_id           uuid           not null references usage_report (id),
    subscription_id     uuid           not null references subscription (id),
    position            integer        not null,
    unit                varchar(64)    not null,
    quantity            numeric(19, 4) not null,
    unit_price          numeric(24, 8) not null,
    amount              numeric(19, 4) not null,
    currency            varchar(3)     not null,
    original_currency   varchar(3)     not null,
    original_unit_price numeric(24, 8) not null,
    exchange_rate       numeric(30, 12),
    description         varchar(500),
    recorded_on         timestamptz    not null,
    invoice_id          uuid references invoice (id)
);
create index usage_item_unbilled on usage_item (subscription_id, id) where invoice_id is null;
