-- a company user's invoices filtered by status: without it the page walks the marketplace's status index filtering
-- on the buyer, and the capped count scans the table until it has 10,001 rows (1,540 pages, 14 ms at a million)
create index invoice_list_user_status on invoice (partner, company_uuid, user_uuid, status, invoice_number) include (id);
