-- An Idempotency-Key is the acting user's too (xoauth_requestor_id; '' for a call without a user): with the marketplace
-- and the consumer alone, a user of another company sending the same key and path was answered the first user's stored
-- body. Keys stored before keep '' and reach only calls without a user of the same consumer, as before.
alter table idempotency_key add column requestor varchar(36) not null default '';
alter table idempotency_key drop constraint idempotency_key_pkey;
alter table idempotency_key add primary key (scope, requestor, key);
