create sequence subscription_order_seq;

-- Subscriptions (orders) of a company's user to a product edition, and the users assigned to them.
create table subscription (
    id                 uuid primary key,
    order_id           bigint       not null unique,
    partner            varchar(64)  not null,
    company_uuid       uuid         not null,
    user_uuid          uuid         not null,
    product_id         bigint       not null,
    application_uuid   varchar(64),
    product_name       varchar(255),
    vendor_name        varchar(255),
    edition_id         bigint       not null,
    edition_code       varchar(64)  not null,
    edition_name       varchar(255),
    payment_plan_id    bigint,
    pricing_duration   varchar(16),
    items              text         not null default '[]',
    company            text         not null,
    buyer              text         not null,
    status             varchar(40)  not null,
    account_identifier varchar(255),
    error_code         varchar(64),
    error_message      text,
    interactive        boolean      not null default false,
    event_token        varchar(64),
    pending_change     text,
    created_on         timestamptz  not null,
    last_modified      timestamptz  not null,
    version            bigint       not null default 0
);
create index subscription_partner on subscription (partner, order_id);
create index subscription_company on subscription (company_uuid);

create table subscription_assignment (
    id              uuid primary key,
    subscription_id uuid         not null references subscription (id),
    user_uuid       uuid         not null,
    email           varchar(320),
    first_name      varchar(255),
    last_name       varchar(255),
    locale          varchar(16),
    status          varchar(40)  not null,
    error_code      varchar(64),
    error_message   text,
    created_on      timestamptz  not null,
    last_modified   timestamptz  not null,
    version         bigint       not null default 0,
    unique (subscription_id, user_uuid)
);
