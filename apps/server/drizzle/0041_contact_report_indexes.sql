CREATE INDEX "contacts_tenant_area_code_idx" ON "contacts" USING btree ("tenant_id",substr("number", 3, 2)) WHERE "contacts"."number" ~ '^55[0-9]{10,11}$';
