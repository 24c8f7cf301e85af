-- A subscription may be SUSPENDED (an operator, or an overdue invoice) and reactivated: why and since when. The
-- reason stays while a cancellation of a suspended subscription is pending, so that a refused cancellation returns it
-- to SUSPENDED; it is cleared on reactivation.
alter table subscription add column suspension_reason varchar(32);
alter table subscription add column suspended_on timestamptz;
