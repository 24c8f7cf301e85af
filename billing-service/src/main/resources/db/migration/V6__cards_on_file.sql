-- Cards on file: what the provider says of a card a user registered by token. Never the number, the token or a
-- security code: the provider's payment method id, brand, last four digits and expiry.
create table payment_method (
    id                 uuid primary key,
    partner            varchar(64)  not null,
    company_uuid       uuid         not null,
    user_uuid          uuid         not null,
    provider           varchar(32)  not null,
    provider_method_id varchar(255) not null,
    brand              varchar(32)  not null,
    last4              varchar(4)   not null,
    expiration_month   int          not null,
    expiration_year    int          not null,
    is_default         boolean      not null,
    created_on         timestamptz  not null,
    version            bigint       not null default 0
);
create index payment_method_owner on payment_method (partner, company_uuid, user_uuid, created_on);
-- one default card per user in a company
create unique index payment_method_one_default on payment_method (partner, company_uuid, user_uuid) where is_default;

-- Exactly one charge per invoice: a charge's provider key is the invoice's and its attempt's; the attempt moves on only
-- after a definite answer (SUCCEEDED or DECLINED)
alter table invoice add column payment_attempt int not null default 0;

alter table payment add column provider_key varchar(128);
alter table payment add column payment_method_id uuid;
alter table payment add column provider_method_id varchar(255);
-- a PENDING payment is left to its own call until then; the reconciliation job claims it by moving it on (a lease)
alter table payment add column next_check timestamptz;
alter table payment drop column gateway_cvv;
alter table payment drop column gateway_avs;
-- at most one payment of an invoice waits for its provider's answer; the reconciliation job finds them by this index
create unique index payment_one_pending on payment (invoice_id) where result = 'PENDING';
create index payment_pending on payment (next_check) where result = 'PENDING';
