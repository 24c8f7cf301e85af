-- The company's locale as account-service's company views carry it (companies API `locale`): the fallback language of a
-- member who has none of their own, for RESELLER_LINKED / RESELLER_UNLINKED (user locale, then company, then default).
alter table directory_company add column locale varchar(16);
