-- Nonces and leaky buckets now live in Redis (NonceReplayCache, RateLimiter), shared by every replica there; the nonce
-- leader, its link and journal are gone. What they kept in PostgreSQL goes with them. (Nonces in the journal were
-- remembered for at most ten minutes, so there is nothing worth carrying over.)
drop table if exists nonce_leader;
drop table if exists oauth_nonce_0;
drop table if exists oauth_nonce_1;
drop table if exists oauth_nonce_2;
drop function if exists oauth_nonce_truncate_next(integer);
drop table if exists rate_limit_bucket;
