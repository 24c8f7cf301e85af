-- Sent outbox rows are purged after a retention period (OutboxRelay, marketplace.outbox.purge.*): find them by when
-- they were sent without reading the rows still waiting.
create index outbox_event_sent on outbox_event (sent_at) where sent_at is not null;
