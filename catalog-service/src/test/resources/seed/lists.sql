-- Seeds every list of catalog-service with :rows products in marketplace :partner, plus a tenth as many in another
-- marketplace beside them. Nine in ten are published, nineteen in twenty of those visible on the marketplace (the
-- buyers' storefront), one in a hundred featured, one in ten an ADDON; a thousand developers manage :rows / 1000 products
-- each (developer i is md5(':partner-developer-' || i)::uuid). Used by ListPlansTest and bench/lists. Triggers are off
-- while seeding (session_replication_role = replica), so the developers' rows and the list counters are written here
-- directly.
-- The searchable text (names, emails, descriptions) is drawn from vocabularies, as real data's is. The seeds once gave
-- every row the same words ('Bulk Company ' || md5(i)): each trigram of a realistic term then occurred in every row, and
-- a "contains" filter read trigram posting lists of a million entries (65-100 ms at 1,000,000 rows for 11 matches).
-- pg_temp.word(n) is a pronounceable six-letter word drawn from md5(n), consonants and vowels alternating; each
-- vocabulary is a range of n (bench/lists computes its terms with the same formulas, SeedNames.java): product names
-- word(600000 + i % 4999), word(610000 + i % 7993) (both primes: the two words are one row's alone for i up to
-- 39,956,007) and a kind of product, vendors word(620000 + i % 100) (a hundred of them), blurbs a verb, a word of
-- word(630000 + i % 997) and an object. A few words of a range coincide, as real names do.
-- (one expression, so that the planner inlines it: a function with a FROM is called row by row, several times slower)
create or replace function pg_temp.word(n int) returns text language sql immutable as $$
    select translate(substr(md5(n::text), 1, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 2, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
        || translate(substr(md5(n::text), 3, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 4, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
        || translate(substr(md5(n::text), 5, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 6, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
$$;
create or replace function pg_temp.product_name(i int) returns text language sql immutable as $$
    select initcap(pg_temp.word(600000 + i % 4999)) || ' ' || initcap(pg_temp.word(610000 + i % 7993)) || ' '
           || (array['Cloud', 'Suite', 'Pro', 'Analytics', 'Manager', 'Studio', 'Connect', 'Desk'])[i % 8 + 1]
$$;
set session_replication_role = replica;

insert into product (uuid, partner, name, description, product_type, vendor_name, developers, created_on, last_modified,
                     status, published_on, blurb, featured, tags, visible_on_marketplace)
select md5(':partner-product-' || i)::uuid, ':partner', pg_temp.product_name(i),
       pg_temp.product_name(i) || ' by ' || initcap(pg_temp.word(620000 + i % 100)),
       case when i % 10 = 0 then 'ADDON' else 'WEB_APP' end, initcap(pg_temp.word(620000 + i % 100)),
       '|' || md5(':partner-developer-' || (i % 1000))::uuid || '|',
       now() - make_interval(secs => i), now() - make_interval(secs => i),
       case when i % 10 = 1 then 'DRAFT' else 'PUBLISHED' end,
       case when i % 10 = 1 then null else now() - make_interval(secs => i) end,
       (array['Manage', 'Track', 'Automate', 'Analyze', 'Secure', 'Share', 'Plan', 'Sync'])[i % 8 + 1] || ' your '
           || pg_temp.word(630000 + i % 997) || ' '
           || (array['projects', 'invoices', 'teams', 'documents', 'leads', 'assets', 'tickets', 'contracts'])[i / 8 % 8 + 1],
       i % 100 = 0, (array['["crm"]', '["finance"]', '["security"]', '["analytics"]', '["collaboration"]'])[i % 5 + 1],
       i % 20 <> 2
from generate_series(1, :rows) i;
insert into product (uuid, partner, name, product_type, developers, created_on, last_modified, status, published_on)
select md5(':partner-other-product-' || i)::uuid, ':partner-OTHER', 'Bulk Product ' || md5(i::text), 'WEB_APP', '',
       now(), now(), 'PUBLISHED', now()
from generate_series(1, :rows / 10) i;

insert into list_counter (list, scope, n) values ('products', ':partner', :rows), ('products', ':partner-OTHER', :rows / 10)
on conflict (list, scope) do update set n = list_counter.n + excluded.n;
insert into product_developer (product_id, partner, developer)
select p.id, p.partner, trim(both '|' from p.developers)
from generate_series(1, :rows) i join product p on p.uuid = md5(':partner-product-' || i)::uuid;
insert into list_counter (list, scope, n)
select 'developer-products', ':partner|' || md5(':partner-developer-' || (i % 1000))::uuid, count(*)
from generate_series(1, :rows) i group by i % 1000
on conflict (list, scope) do update set n = list_counter.n + excluded.n;

set session_replication_role = origin;
analyze product;
analyze product_developer;
