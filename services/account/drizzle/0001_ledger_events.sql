CREATE TYPE "public"."credit_feature" AS ENUM('credits', 'avatar');--> statement-breakpoint
CREATE TYPE "public"."credit_movement_kind" AS ENUM('reserve', 'refund');--> statement-breakpoint
CREATE TABLE "credit_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"feature" "credit_feature" NOT NULL,
	"amount" integer NOT NULL,
	"kind" "credit_movement_kind" NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" jsonb,
	CONSTRAINT "credit_movements_amount_nonnegative" CHECK ("credit_movements"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"plan" "plan",
	"event_type" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_period_id_usage_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."usage_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_movements_kind_key_unique" ON "credit_movements" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "credit_movements_user_id_idx" ON "credit_movements" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_daily_active_unique" ON "events" USING btree ("user_id","day") WHERE "events"."event_type" = 'daily_active';--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
-- Existing users started their plan when they signed up.
UPDATE "users" SET "plan_started_at" = "created_at";