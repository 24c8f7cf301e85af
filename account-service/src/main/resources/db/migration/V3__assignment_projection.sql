-- user_assignment becomes a projection of billing-service's subscription and user-assignment events: one row per
-- (subscription, user). The purchaser's row comes from the subscription's life cycle, other users' rows from
-- USER_ASSIGNMENT / USER_UNASSIGNMENT. Each half of the state keeps the time of the event it came from, so an older
-- event never overwrites a newer state.
alter table user_assignment
    add column subscription_id       uuid,
    add column edition_name          varchar(255),
    add column subscription_status   varchar(32),
    add column assignment_status     varchar(32),
    add column subscription_event_on timestamptz,
    add column assignment_event_on   timestamptz,
    add column last_modified         timestamptz;
create unique index user_assignment_subscription_user on user_assignment (subscription_id, user_uuid)
    where subscription_id is not null;
