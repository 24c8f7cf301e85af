-- The journal tables only ever receive batch inserts and are emptied by TRUNCATE when their generation comes round
-- again (NonceJournal), so vacuum has nothing to reclaim and nothing lives long enough to need freezing. Autovacuum
-- would still visit the current generation about once a minute (inserts alone trigger it since PostgreSQL 13) and
-- analyze it, a burst of database CPU under steady signed traffic for statistics no query uses: loading the journal
-- scans the tables whole.
alter table oauth_nonce_0 set (autovacuum_enabled = false);
alter table oauth_nonce_1 set (autovacuum_enabled = false);
alter table oauth_nonce_2 set (autovacuum_enabled = false);
