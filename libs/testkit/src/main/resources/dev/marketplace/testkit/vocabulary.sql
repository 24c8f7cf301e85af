-- The vocabularies every service's list seed (<service>/src/test/resources/seed/lists.sql) draws its searchable text
-- from (names, emails, descriptions), as real data's is drawn from a language. The seeds once gave every row the same
-- words ('Bulk Company ' || md5(i)): each trigram of a realistic term then occurred in every row, and a "contains"
-- filter read trigram posting lists of a million entries (65-100 ms at 1,000,000 rows for 11 matches).
-- QueryPlans defines these functions (session-local, pg_temp) on the connection before it runs a seed; bench/lists
-- computes its search terms with the same formulas (SeedNames.java).
-- pg_temp.word(n) is a pronounceable six-letter word drawn from md5(n), consonants and vowels alternating. Each
-- vocabulary is a range of n; the two words of a company's or a product's name come from prime-sized ranges, so that the
-- pair is one row's alone for i up to 39,956,007 (4,999 x 7,993), and a first and last name pair up to 19,936,027. A
-- few words of a range coincide, as real names do.
--   company names  word(i % 4999), word(5000 + i % 7993) and a suffix
--   first names    word(100000 + i % 1999)          last names  word(200000 + i % 9973)
--   email domains  word(300000 + i % 499)
--   product names  word(600000 + i % 4999), word(610000 + i % 7993) and a kind of product
--   (catalog's seed also uses vendors word(620000 + i % 100) and blurb words word(630000 + i % 997))
-- (each function is one expression, so that the planner inlines it: a function with a FROM is called row by row,
-- several times slower)
create or replace function pg_temp.word(n int) returns text language sql immutable as $$
    select translate(substr(md5(n::text), 1, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 2, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
        || translate(substr(md5(n::text), 3, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 4, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
        || translate(substr(md5(n::text), 5, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 6, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
$$;
create or replace function pg_temp.company_name(i int) returns text language sql immutable as $$
    select initcap(pg_temp.word(i % 4999)) || ' ' || initcap(pg_temp.word(5000 + i % 7993)) || ' '
           || (array['Inc', 'LLC', 'Ltd', 'Corp', 'GmbH', 'Group', 'Labs', 'Systems'])[i % 8 + 1]
$$;
create or replace function pg_temp.first_name(i int) returns text language sql immutable as $$
    select initcap(pg_temp.word(100000 + i % 1999))
$$;
create or replace function pg_temp.last_name(i int) returns text language sql immutable as $$
    select initcap(pg_temp.word(200000 + i % 9973))
$$;
-- first.last<i>@<domain>.example
create or replace function pg_temp.email(i int) returns text language sql immutable as $$
    select pg_temp.word(100000 + i % 1999) || '.' || pg_temp.word(200000 + i % 9973) || i || '@'
           || pg_temp.word(300000 + i % 499) || '.example'
$$;
create or replace function pg_temp.product_name(i int) returns text language sql immutable as $$
    select initcap(pg_temp.word(600000 + i % 4999)) || ' ' || initcap(pg_temp.word(610000 + i % 7993)) || ' '
           || (array['Cloud', 'Suite', 'Pro', 'Analytics', 'Manager', 'Studio', 'Connect', 'Desk'])[i % 8 + 1]
$$;
