-- Nonces and bucket states are written on every signed call. Unlogged tables skip the write-ahead log (no fsync per
-- call); what they cost is that PostgreSQL empties them after a crash: buckets start full again and nonces of the last
-- five minutes could be replayed once. Both are short-lived by nature, so the trade is worth it.
alter table oauth_nonce set unlogged;
alter table rate_limit_bucket set unlogged;
