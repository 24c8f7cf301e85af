-- Return URLs of interactive orders find their subscription by the event token.
create index subscription_event_token on subscription (event_token);
