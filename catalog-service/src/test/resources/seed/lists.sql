-- Seeds every list of catalog-service with :rows products in marketplace :partner, plus a tenth as many in another
-- marketplace beside them. Nine in ten are published, nineteen in twenty of those visible on the marketplace (the
-- buyers' storefront), one in a hundred featured, one in ten an ADDON; a thousand developers manage :rows / 1000 products
-- each (developer i is md5(':partner-developer-' || i)::uuid). Used by ListPlansTest and bench/lists. Triggers are off
-- while seeding (session_replication_role = replica), so the developers' rows and the list counters are written here
-- directly.
-- Names, emails and text come from the vocabularies QueryPlans defines first (libs/testkit, vocabulary.sql).
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
