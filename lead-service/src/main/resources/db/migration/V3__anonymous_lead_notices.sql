-- Anonymous leads mail each recipient at most once per interval (lead.service.AnonymousLeadNotices): when each address
-- of a marketplace was last written to, and the leads held for it since, which the next message or the digest lists.
create table lead_notice_window (
    partner     varchar(64)  not null,
    recipient   varchar(320) not null,
    last_sent   timestamptz,
    -- when the digest of the held leads is due (the interval after last_sent); null while nothing is held
    digest_due  timestamptz,
    primary key (partner, recipient)
);
create index lead_notice_window_due on lead_notice_window (digest_due) where digest_due is not null;

create table lead_notice_held (
    partner    varchar(64)  not null,
    recipient  varchar(320) not null,
    lead_id    uuid         not null references lead (id) on delete cascade,
    held_on    timestamptz  not null,
    primary key (partner, recipient, lead_id)
);
