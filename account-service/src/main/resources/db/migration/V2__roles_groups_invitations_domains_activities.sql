-- Users: login name, identity provider, password (hash only), directory-managed flag.
alter table app_user add column username varchar(255);
alter table app_user add column idp_uuid uuid;
alter table app_user add column title varchar(255);
alter table app_user add column password_hash varchar(255);
alter table app_user add column password_temporary boolean not null default false;
alter table app_user add column externally_managed boolean not null default false;
create unique index app_user_external_id on app_user (partner, external_id) where external_id is not null;
create index app_user_partner_modified on app_user (partner, last_modified);

create table company_group (
    uuid          uuid primary key,
    company_uuid  uuid not null references company (uuid) on delete cascade,
    name          varchar(255) not null,
    description   text,
    created_on    timestamptz not null,
    last_modified timestamptz not null
);
create unique index company_group_name on company_group (company_uuid, lower(name));

create table group_member (
    group_uuid uuid not null references company_group (uuid) on delete cascade,
    user_uuid  uuid not null references app_user (uuid) on delete cascade,
    created_on timestamptz not null,
    primary key (group_uuid, user_uuid)
);
create index group_member_user on group_member (user_uuid);

create table invitation (
    uuid          uuid primary key,
    company_uuid  uuid not null references company (uuid) on delete cascade,
    email         varchar(320) not null,
    role          varchar(64) not null,
    token         varchar(64) not null unique,
    inviter_uuid  uuid,
    user_uuid     uuid,
    status        varchar(16) not null,
    created_on    timestamptz not null,
    last_modified timestamptz not null
);
create index invitation_company_email on invitation (company_uuid, lower(email));

create table company_domain (
    uuid               uuid primary key,
    company_uuid       uuid not null references company (uuid) on delete cascade,
    name               varchar(253) not null,
    status             varchar(32) not null,
    verification_token varchar(64) not null,
    verified_by        varchar(16),
    created_on         timestamptz not null,
    verified_on        timestamptz
);
create unique index company_domain_name on company_domain (company_uuid, name);

-- Application assignments of members (a projection of what billing owns): read by the assignments listing and by
-- the delete/disable refusals.
create table user_assignment (
    uuid         uuid primary key,
    company_uuid uuid not null references company (uuid) on delete cascade,
    user_uuid    uuid not null,
    product_id   bigint,
    product_name varchar(255),
    status       varchar(32) not null,
    owner_uuid   uuid,
    created_on   timestamptz not null
);
create index user_assignment_user on user_assignment (company_uuid, user_uuid);
create index user_assignment_owner on user_assignment (company_uuid, owner_uuid);

create table activity (
    uuid          uuid primary key,
    company_uuid  uuid not null references company (uuid) on delete cascade,
    verb          varchar(64) not null,
    actor_uuid    uuid,
    actor_name    varchar(512),
    subject_uuid  uuid,
    subject_name  varchar(512),
    subject_email varchar(320),
    object_type   varchar(16),
    object_uuid   uuid,
    object_name   varchar(512),
    origin        varchar(16) not null,
    created_on    timestamptz not null
);
create index activity_company on activity (company_uuid, created_on desc);
