-- W3C trace context of the request that caused a vendor event: the dispatcher's call to the vendor joins that trace.
alter table vendor_event add column traceparent varchar(55);
