-- Lists at marketplace scale (see account-service V5 and libs/common paging): an ordering index with its tie-breaker
-- per list, a trigram index for the event log's text search, and each list's unfiltered total kept in list_counter.
create extension if not exists pg_trgm;

-- the event log: newest or oldest first; searchText looks in the type, aggregate, source and payload
alter table event_log add column search_text text generated always as (lower(type || ' ' || coalesce(aggregate_id, '')
    || ' ' || coalesce(source, '') || ' ' || coalesce(payload, ''))) stored;
create index event_log_search_trgm on event_log using gin (search_text gin_trgm_ops);
create index event_log_partner_type_occurred on event_log (partner, type, occurred_on, id);
drop index event_log_partner_type;
create trigger event_log_list_counter after insert or delete or update of partner on event_log
    for each row execute function list_counter_track('events', 'partner');
insert into list_counter (list, scope, n) select 'events', partner, count(*) from event_log where partner is not null
    group by partner;

-- deliveries: newest first, optionally of one event or in one status
create index notification_delivery_list on notification_delivery (partner, created_on, id);
create index notification_delivery_list_status on notification_delivery (partner, status, created_on, id);
create trigger notification_delivery_list_counter after insert or delete or update of partner on notification_delivery
    for each row execute function list_counter_track('deliveries', 'partner');
insert into list_counter (list, scope, n) select 'deliveries', partner, count(*) from notification_delivery
    where partner is not null group by partner;

-- vendor events: newest first, optionally in one status
drop index vendor_event_partner;
create index vendor_event_list on vendor_event (partner, created_on, id);
create index vendor_event_list_status on vendor_event (partner, status, created_on, id);
create trigger vendor_event_list_counter after insert or delete or update of partner on vendor_event
    for each row execute function list_counter_track('vendor-events', 'partner');
insert into list_counter (list, scope, n) select 'vendor-events', partner, count(*) from vendor_event group by partner;
