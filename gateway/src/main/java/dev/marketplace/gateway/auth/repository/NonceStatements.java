package dev.marketplace.gateway.auth.repository;

/**
 * The statement that records one nonce, chosen by the generation a moment falls in (see V3__nonce_generations.sql).
 * A generation lasts {@code generationSeconds}; its nonces go into table {@code generation % 3} and are looked up in
 * the previous generation's table. In the first seconds of a generation (10 s, or a tenth of a short generation) the
 * nonce is also written into the previous table, so that two copies of a request recorded on either side of the change
 * (by replicas whose clocks differ by a little, or by a statement that waited) still collide on a primary key.
 * <p>
 * Plain statements, one per case, rather than one PL/pgSQL function that picks the table: against PostgreSQL 17 the
 * function call cost 2.4 times the CPU of the same work as a plain statement (280 against 120 microseconds).
 * Each statement returns one row when the nonce was used for the first time (or its old row had expired), none when
 * it is a replay.
 */
public final class NonceStatements {
    private static final String UPSERT = " on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at"
            + " where t.expires_at < now()";
    private static final String[] LOOKUP = new String[3];
    private static final String[] STRADDLING = new String[3];

    static {
        for (int previous = 0; previous < 3; previous++) {
            int current = (previous + 1) % 3;
            LOOKUP[previous] = "insert into oauth_nonce_" + current + " as t select $1::varchar, $2::varchar, $3::timestamptz"
                    + " where not exists (select 1 from oauth_nonce_" + previous + " p where p.consumer_key = $1"
                    + " and p.nonce = $2 and p.expires_at >= now())" + UPSERT + " returning 1";
            STRADDLING[previous] = "with earlier as (insert into oauth_nonce_" + previous + " as t values ($1, $2, $3)"
                    + UPSERT + " returning 1) insert into oauth_nonce_" + current + " as t"
                    + " select $1::varchar, $2::varchar, $3::timestamptz from earlier" + UPSERT + " returning 1";
        }
    }

    private NonceStatements() {
    }

    /**
     * @param epochMillis the moment, on the database's clock, in milliseconds since the epoch
     * @return the statement taking (consumer key, nonce, expiry)
     */
    public static String at(long epochMillis, int generationSeconds) {
        long generationMillis = generationSeconds * 1000L;
        long generation = Math.floorDiv(epochMillis, generationMillis);
        int previous = (int) ((generation + 2) % 3);
        long intoGeneration = epochMillis - generation * generationMillis;
        boolean straddling = intoGeneration < Math.min(10_000L, generationMillis / 10);
        return straddling ? STRADDLING[previous] : LOOKUP[previous];
    }
}
