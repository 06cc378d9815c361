-- Google Ads click ids besides gclid: gbraid (app to web on iOS) and wbraid (web to app),
-- kept with the lead for offline conversion import (the CSV export lists them).
ALTER TABLE leads ADD COLUMN gbraid text NULL;
ALTER TABLE leads ADD COLUMN wbraid text NULL;
