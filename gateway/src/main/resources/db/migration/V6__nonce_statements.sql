-- The gateway records nonces with plain statements that name their tables (NonceStatements.java): calling a PL/pgSQL
-- function that chose the table cost PostgreSQL 2.4 times the CPU of the same work as a plain statement.
drop function oauth_nonce_remember_all(varchar[], varchar[], timestamptz[], integer);
