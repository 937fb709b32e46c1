CREATE TABLE "api_key_signatures" (
	"key_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "api_key_signatures_key_id_signature_pk" PRIMARY KEY("key_id","signature")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"allowed_ips" text[],
	"secret_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_scopes" CHECK (cardinality("api_keys"."scopes") between 1 and 2 and "api_keys"."scopes" <@ array['read', 'trade']::text[])
);
--> statement-breakpoint
ALTER TABLE "api_key_signatures" ADD CONSTRAINT "api_key_signatures_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");