-- Lists at marketplace scale (issue #29): every list orders by an index that ends with a unique tie-breaker (the id),
-- reads deep pages through a narrow id select that the index answers alone, answers "contains" filters from trigram
-- indexes, and reads the total of an unfiltered list from list_counter (db/common V0_5) instead of counting.
create extension if not exists pg_trgm;

-- The storefront orders by lower(name): a stored copy lets an index answer the order (and deep pages, index-only)
-- without reading the rows.
alter table product add column sort_name text generated always as (lower(name)) stored;
drop index product_by_name;
drop index product_by_status_name;
drop index product_by_type_name;
drop index product_by_published;
drop index product_by_modified;

-- Channel readers' storefront: every product of the marketplace, in each order, and with each of its filters. The
-- publication date is optional and sorts last in both directions, so the descending order has its own index.
create index product_list_name on product (partner, sort_name, id);
create index product_list_status_name on product (partner, status, sort_name, id);
create index product_list_type_name on product (partner, product_type, sort_name, id);
create index product_list_featured_name on product (partner, featured, sort_name, id);
create index product_list_published on product (partner, published_on, id);
create index product_list_published_desc on product (partner, published_on desc nulls last, id desc);
create index product_list_modified on product (partner, last_modified, id);

-- Buyers' storefront: published products visible on the marketplace only (ProductRepository.STOREFRONT, the very
-- predicate of these partial indexes), in each order and with each filter.
create index product_shop_name on product (partner, sort_name, id)
    where status = 'PUBLISHED' and visible_on_marketplace;
create index product_shop_type_name on product (partner, product_type, sort_name, id)
    where status = 'PUBLISHED' and visible_on_marketplace;
create index product_shop_featured_name on product (partner, featured, sort_name, id)
    where status = 'PUBLISHED' and visible_on_marketplace;
create index product_shop_published on product (partner, published_on, id)
    where status = 'PUBLISHED' and visible_on_marketplace;
create index product_shop_published_desc on product (partner, published_on desc nulls last, id desc)
    where status = 'PUBLISHED' and visible_on_marketplace;
create index product_shop_modified on product (partner, last_modified, id)
    where status = 'PUBLISHED' and visible_on_marketplace;

-- The administrative product list: the marketplace's products by id (product_partner, V1), or a developer's
-- ("developers like '%|uuid|%'"), which a trigram index answers.
create index product_developers_trgm on product using gin (developers gin_trgm_ops);

-- Exact totals of the administrative product list: per marketplace, and per developer of a marketplace (scope
-- "partner|developer", one count per developer the product names). Products are never deleted today; a delete keeps
-- the counters right all the same.
create trigger product_list_counter after insert or delete or update of partner on product
    for each row execute function list_counter_track('products', 'partner');
insert into list_counter (list, scope, n) select 'products', partner, count(*) from product group by partner
    on conflict (list, scope) do update set n = excluded.n;

create function product_developer_counter() returns trigger language plpgsql as $$
declare
    dev text;
begin
    if TG_OP in ('UPDATE', 'DELETE') then
        -- in a fixed order, so that two transactions changing the same developers do not deadlock on their counters
        for dev in select d from unnest(string_to_array(trim(both '|' from OLD.developers), '|')) d where d <> '' order by d
        loop
            update list_counter set n = n - 1 where list = 'developer-products' and scope = OLD.partner || '|' || dev;
        end loop;
    end if;
    if TG_OP in ('UPDATE', 'INSERT') then
        for dev in select d from unnest(string_to_array(trim(both '|' from NEW.developers), '|')) d where d <> '' order by d
        loop
            insert into list_counter (list, scope, n) values ('developer-products', NEW.partner || '|' || dev, 1)
                on conflict (list, scope) do update set n = list_counter.n + 1;
        end loop;
    end if;
    return null;
end $$;
create trigger product_developer_counter after insert or delete or update of partner, developers on product
    for each row execute function product_developer_counter();
insert into list_counter (list, scope, n)
    select 'developer-products', p.partner || '|' || d, count(*)
    from product p, unnest(string_to_array(trim(both '|' from p.developers), '|')) d
    where d <> '' group by p.partner, d
    on conflict (list, scope) do update set n = excluded.n;
