CREATE TABLE "tenant_api_call_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_api_id" uuid NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_api_tenants" (
	"tenant_api_id" uuid NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_api_tenants_tenant_api_id_tenant_id_pk" PRIMARY KEY("tenant_api_id","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_apis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_last4" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_api_call_logs" ADD CONSTRAINT "tenant_api_call_logs_tenant_api_id_tenant_apis_id_fk" FOREIGN KEY ("tenant_api_id") REFERENCES "public"."tenant_apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_api_tenants" ADD CONSTRAINT "tenant_api_tenants_tenant_api_id_tenant_apis_id_fk" FOREIGN KEY ("tenant_api_id") REFERENCES "public"."tenant_apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_api_tenants" ADD CONSTRAINT "tenant_api_tenants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_api_call_logs_api_idx" ON "tenant_api_call_logs" USING btree ("tenant_api_id","id");--> statement-breakpoint
CREATE INDEX "tenant_api_call_logs_created_idx" ON "tenant_api_call_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tenant_api_tenants_tenant_idx" ON "tenant_api_tenants" USING btree ("tenant_id");