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

-- The administrative product list: the marketplace's products by id (product_partner, V1), or a developer's. A
-- product's developers are one text ("|a|b|", the entity's), which no ordering index can answer: each is copied to a
-- row of product_developer (kept by trigger), whose key orders a developer's products by id.
create table product_developer (
    product_id bigint      not null references product (id) on delete cascade,
    partner    varchar(64) not null,
    developer  text        not null,
    -- the counter's scope: a developer's list is per marketplace
    scope      text        generated always as (partner || '|' || developer) stored,
    primary key (partner, developer, product_id)
);
create index product_developer_product on product_developer (product_id);
insert into product_developer (product_id, partner, developer)
    select p.id, p.partner, d from product p, unnest(string_to_array(trim(both '|' from p.developers), '|')) d
    where d <> '' on conflict do nothing;

create function product_developer_sync() returns trigger language plpgsql as $$
begin
    if TG_OP = 'UPDATE' and OLD.developers is not distinct from NEW.developers
            and OLD.partner is not distinct from NEW.partner then
        return null;
    end if;
    if TG_OP = 'UPDATE' then
        delete from product_developer where product_id = OLD.id;
    end if;
    if TG_OP in ('UPDATE', 'INSERT') then
        insert into product_developer (product_id, partner, developer)
            select NEW.id, NEW.partner, d from unnest(string_to_array(trim(both '|' from NEW.developers), '|')) d
            where d <> '' on conflict do nothing;
    end if;
    return null;
end $$;
-- (a deleted product's rows go with it: on delete cascade)
create trigger product_developer_sync after insert or update of partner, developers on product
    for each row execute function product_developer_sync();

-- Exact totals of the administrative product list: per marketplace, and per developer of a marketplace (scope
-- "partner|developer"). Products are never deleted today; a delete keeps the counters right all the same.
create trigger product_list_counter after insert or delete or update of partner on product
    for each row execute function list_counter_track('products', 'partner');
insert into list_counter (list, scope, n) select 'products', partner, count(*) from product group by partner
    on conflict (list, scope) do update set n = excluded.n;
create trigger product_developer_list_counter after insert or delete on product_developer
    for each row execute function list_counter_track('developer-products', 'scope');
insert into list_counter (list, scope, n) select 'developer-products', scope, count(*) from product_developer group by scope
    on conflict (list, scope) do update set n = excluded.n;
