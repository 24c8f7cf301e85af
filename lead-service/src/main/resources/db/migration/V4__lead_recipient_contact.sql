-- Where the company a lead is assigned to is written to (issue 45: a lead accepted, denied, won or lost tells its
-- assignee): its address and phone number as account-service had them when the lead was assigned to it. Changes are
-- made in one transaction that asks no other service, so the contact is kept with the assignment. Leads assigned
-- before this migration have none: nobody to write to, no notification.
alter table lead add column recipient_email varchar(320);
alter table lead add column recipient_phone varchar(64);
