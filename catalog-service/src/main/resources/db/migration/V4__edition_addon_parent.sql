-- An edition can be an add-on of another product of the same marketplace (issue #45): billing orders it only against
-- an ACTIVE subscription of that product. Null for an ordinary edition.
alter table edition add column parent_product_id bigint references product (id);
create index edition_by_parent_product on edition (parent_product_id) where parent_product_id is not null;
