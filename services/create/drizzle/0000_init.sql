CREATE TYPE "public"."generation_status" AS ENUM('queued', 'processing', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."generation_type" AS ENUM('image', 'video', 'dressup');--> statement-breakpoint
CREATE TABLE "generations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "generation_type" NOT NULL,
	"status" "generation_status" DEFAULT 'queued' NOT NULL,
	"prompt" text,
	"preset_id" text,
	"model" text,
	"aspect_ratio" text,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text,
	"video_url" text,
	"engine" text,
	"cost" integer NOT NULL,
	"error_message" text,
	"provider_ref" jsonb,
	"provider_request_id" text,
	"reserved_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "generations_cost_nonnegative" CHECK ("generations"."cost" >= 0)
);
--> statement-breakpoint
CREATE INDEX "generations_user_created_idx" ON "generations" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generations_status_idx" ON "generations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "generations_provider_request_idx" ON "generations" USING btree ("provider_request_id");