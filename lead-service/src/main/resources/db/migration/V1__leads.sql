create extension if not exists pg_trgm;

-- A sales lead of one marketplace. Participants (creator, referrer, recipient, profile company/product, converted
-- company/user) are kept by id and name as they were when recorded: a lead's history does not change with them.
create table lead (
    id                        uuid primary key,
    partner                   varchar(64)  not null,
    lead_type                 varchar(16)  not null,
    status                    varchar(32)  not null,
    result                    varchar(8),
    customer_company_name     varchar(255) not null,
    customer_street1          varchar(255),
    customer_street2          varchar(255),
    customer_city             varchar(255),
    customer_state            varchar(255),
    customer_zip              varchar(32),
    customer_country          varchar(2),
    customer_size             varchar(32),
    contact_first_name        varchar(255),
    contact_last_name         varchar(255),
    contact_email             varchar(320) not null,
    contact_phone             varchar(64),
    contact_phone_extension   varchar(16),
    notes                     text,
    custom_attributes         text         not null default '{}',
    creator_context           varchar(32)  not null,
    creator_user              uuid,
    creator_company           uuid,
    creator_company_name      varchar(255),
    referrer_type             varchar(16)  not null,
    referrer_company          uuid,
    referrer_company_name     varchar(255),
    recipient_type            varchar(16)  not null,
    recipient_company         uuid,
    recipient_company_name    varchar(255),
    profile_company           uuid,
    profile_company_name      varchar(255),
    profile_product           bigint,
    profile_product_name      varchar(255),
    profile_product_provider  varchar(255),
    profile_edition           varchar(64),
    profile_edition_name      varchar(255),
    developers_see_lead       boolean      not null default false,
    converted_company         uuid,
    converted_company_name    varchar(255),
    converted_user            uuid,
    conversion_key            varchar(80),
    created_on                timestamptz  not null,
    last_modified             timestamptz  not null,
    version                   bigint       not null default 0,
    -- what searchText matches: customer company, contact name and email
    search_text               text generated always as (lower(customer_company_name || ' ' || coalesce(contact_first_name, '')
                                  || ' ' || coalesce(contact_last_name, '') || ' ' || contact_email)) stored
);

-- listings: every visibility branch is one indexed predicate, each sort has the id as tie-breaker
create index lead_partner_created on lead (partner, created_on, id);
create index lead_partner_company_name on lead (partner, lower(customer_company_name), id);
create index lead_partner_status_created on lead (partner, status, created_on, id);
create index lead_partner_type_created on lead (partner, lead_type, created_on, id);
create index lead_profile_company on lead (partner, profile_company, created_on, id) where profile_company is not null;
create index lead_recipient_company on lead (partner, recipient_company, created_on, id) where recipient_company is not null;
create index lead_creator on lead (partner, creator_company, creator_user, created_on, id);
create index lead_search_text on lead using gin (search_text gin_trgm_ops);
create unique index lead_conversion_key on lead (conversion_key) where conversion_key is not null;

-- the product's developers who may see a product-profile lead (when the product lets them)
create table lead_developer (
    lead_id  uuid not null references lead (id) on delete cascade,
    user_id  uuid not null,
    primary key (lead_id, user_id)
);
create index lead_developer_user on lead_developer (user_id, lead_id);

-- what happened to a lead, who did it and when
create table lead_activity (
    id                  uuid primary key,
    lead_id             uuid         not null references lead (id) on delete cascade,
    partner             varchar(64)  not null,
    verb                varchar(48)  not null,
    verb_context        varchar(32)  not null,
    actor_context       varchar(32)  not null,
    actor_consumer      varchar(255),
    actor_user          uuid,
    actor_company       uuid,
    actor_company_name  varchar(255),
    context_company     uuid,
    context_company_name varchar(255),
    created_on          timestamptz  not null
);
create index lead_activity_lead_created on lead_activity (lead_id, created_on, id);
