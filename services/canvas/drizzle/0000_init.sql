CREATE TYPE "public"."canvas_edit_status" AS ENUM('queued', 'processing', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "edits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "canvas_edit_status" DEFAULT 'queued' NOT NULL,
	"prompt" text NOT NULL,
	"model" text NOT NULL,
	"camera" text NOT NULL,
	"shot_type" text NOT NULL,
	"input_images" jsonb NOT NULL,
	"output_url" text,
	"engine" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_ref" jsonb,
	"reserved_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"gallery_image_url" text,
	"gallery_input_url" text,
	"gallery_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "edits_user_created_idx" ON "edits" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "edits_status_idx" ON "edits" USING btree ("status");