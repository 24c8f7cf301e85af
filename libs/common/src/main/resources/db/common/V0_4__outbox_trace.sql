-- The W3C trace context (traceparent) of the request that wrote the event: the outbox relay copies it into the Kafka
-- record's headers, so the consumer continues the same trace. Null where tracing is off.
alter table outbox_event add column traceparent varchar(55);
