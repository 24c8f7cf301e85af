-- Provisioning keeps its idempotency keys in the shared idempotency_key table (libs/common), as every keyed request of
-- the suite does; its own table goes.
drop table provisioning_request;
