-- A FIXED_PRICE or FLAT discount is an amount, so it has a currency: it applies only to orders in that currency
-- (billing-service README, "Discounts"). A PERCENTAGE discount has none: it applies in any currency.
alter table discount add column currency varchar(3);

-- Discounts made before: the currency of the orders that used them when these were all in one currency, else USD (the
-- default marketplace currency; the configured BILLING_CURRENCY is not known to SQL). A marketplace with another
-- currency reviews its FIXED_PRICE and FLAT discounts after the upgrade (README, "Discounts").
update discount d
   set currency = coalesce((select min(s.currency) from subscription s where s.discount_id = d.id
                             having count(distinct s.currency) = 1), 'USD')
 where d.type in ('FIXED_PRICE', 'FLAT');

alter table discount add constraint discount_amount_has_currency
    check ((type in ('FIXED_PRICE', 'FLAT')) = (currency is not null));

