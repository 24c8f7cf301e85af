create extension if not exists pg_trgm;

-- The directory: what reseller-service knows of account-service's companies, users and memberships, kept current from
-- account-service's domain events (and from account-service's answers when reseller-service creates one). Each row
-- keeps the time of the account-service state it reflects (source_version): an older state never overwrites a newer one.
create table directory_company (
    id             uuid primary key,
    partner        varchar(64)   not null,
    external_id    varchar(255),
    name           varchar(255),
    phone          varchar(64),
    website        varchar(2048),
    company_size   varchar(16),
    enabled        boolean       not null default true,
    allow_login    boolean       not null default true,
    vendor         boolean       not null default false,
    reseller       boolean       not null default false,
    referral       boolean       not null default false,
    channel_admin  boolean       not null default false,
    default_role   varchar(64),
    idp_id         uuid,
    created_on     timestamptz   not null,
    deleted        boolean       not null default false,
    source_version timestamptz   not null
);
-- listing order (CREATED_ON, COMPANY_ID) per partner, and the reseller program (reseller or referral companies)
create index directory_company_created on directory_company (partner, created_on, id);
create index directory_company_partner_id on directory_company (partner, id);
create index directory_company_program_created on directory_company (partner, created_on, id) where reseller or referral;
create index directory_company_program_id on directory_company (partner, id) where reseller or referral;
create index directory_company_external_id on directory_company (partner, external_id);
-- searchText: contains, case-insensitive
create index directory_company_name_trgm on directory_company using gin (lower(name) gin_trgm_ops);
create index directory_company_external_id_trgm on directory_company using gin (lower(external_id) gin_trgm_ops);

create table directory_user (
    id             uuid primary key,
    partner        varchar(64)   not null,
    email          varchar(320),
    first_name     varchar(255),
    last_name      varchar(255),
    external_id    varchar(255),
    status         varchar(16),
    locale         varchar(16),
    created_on     timestamptz   not null,
    source_version timestamptz   not null
);
create index directory_user_email on directory_user (partner, lower(email), id);
create index directory_user_first_name on directory_user (partner, lower(first_name), id);
create index directory_user_external_id on directory_user (partner, external_id);
create index directory_user_created on directory_user (partner, created_on, id);
create index directory_user_email_trgm on directory_user using gin (lower(email) gin_trgm_ops);
create index directory_user_first_name_trgm on directory_user using gin (lower(first_name) gin_trgm_ops);
create index directory_user_last_name_trgm on directory_user using gin (lower(last_name) gin_trgm_ops);

create table directory_membership (
    company_id     uuid          not null,
    user_id        uuid          not null,
    partner        varchar(64)   not null,
    -- the roles, each between commas (",ROLE_SYS_ADMIN,ROLE_RESELLER,"), so that a role is matched whole
    roles          varchar(1024) not null default ',',
    enabled        boolean       not null default true,
    status         varchar(16),
    created_on     timestamptz   not null,
    -- a removed membership stays as a tombstone, so that an older state arriving later cannot bring it back
    deleted        boolean       not null default false,
    source_version timestamptz   not null,
    primary key (company_id, user_id)
);
create index directory_membership_user on directory_membership (user_id, company_id);

-- A customer company linked to a reseller company: LINKED when the reseller created it (POST /companies), ASSOCIATED
-- when a reseller manager associated them (POST /companyAssociations). A reseller sees its linked customers.
create table company_association (
    id                  uuid primary key,
    partner             varchar(64) not null,
    reseller_company_id uuid        not null,
    customer_company_id uuid        not null,
    origin              varchar(16) not null,
    company_access      varchar(16),
    created_on          timestamptz not null,
    unique (reseller_company_id, customer_company_id)
);
create index company_association_reseller_created on company_association (reseller_company_id, created_on, id);
create index company_association_customer_created on company_association (customer_company_id, created_on, id);
create index company_association_reseller_id on company_association (reseller_company_id, id);
create index company_association_customer_id on company_association (customer_company_id, id);

-- A company a reseller asked for that account-service has not confirmed yet: its id is the idempotency key of the
-- creation in account-service. The row leaves when the link is recorded (same transaction) or when account-service
-- refuses the creation; until then a retry, by the client or by the recovery job, completes the same creation.
create table company_creation (
    id                  uuid primary key,
    partner             varchar(64)   not null,
    reseller_company_id uuid          not null,
    external_id         varchar(255),
    company_access      varchar(16)   not null,
    request             text          not null,
    creator             text          not null,
    created_on          timestamptz   not null,
    attempts            integer       not null default 0,
    next_attempt_at     timestamptz   not null
);
create unique index company_creation_external_id on company_creation (partner, external_id) where external_id is not null;
create index company_creation_due on company_creation (next_attempt_at);
