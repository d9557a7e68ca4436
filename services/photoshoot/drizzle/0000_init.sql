CREATE TYPE "public"."photoshoot_status" AS ENUM('processing', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."pose_status" AS ENUM('pending', 'completed');--> statement-breakpoint
CREATE TABLE "characters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"house_key" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"look" jsonb,
	"preview_image_url" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photoshoots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"character_id" uuid NOT NULL,
	"character_name" text NOT NULL,
	"character_image_url" text NOT NULL,
	"character_look" jsonb,
	"garment_url" text NOT NULL,
	"status" "photoshoot_status" DEFAULT 'processing' NOT NULL,
	"total_poses" integer NOT NULL,
	"error_message" text,
	"reserved_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"gallery_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "photoshoots_total_positive" CHECK ("photoshoots"."total_poses" > 0)
);
--> statement-breakpoint
CREATE TABLE "poses" (
	"photoshoot_id" uuid NOT NULL,
	"pose_index" integer NOT NULL,
	"status" "pose_status" DEFAULT 'pending' NOT NULL,
	"image_url" text,
	"engine" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "poses_photoshoot_id_pose_index_pk" PRIMARY KEY("photoshoot_id","pose_index")
);
--> statement-breakpoint
CREATE TABLE "previews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"character_id" uuid NOT NULL,
	"images" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_poses" (
	"pose_index" integer PRIMARY KEY NOT NULL,
	"image_url" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "characters_house_key_idx" ON "characters" USING btree ("house_key");--> statement-breakpoint
CREATE INDEX "characters_user_idx" ON "characters" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "photoshoots_user_idx" ON "photoshoots" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "photoshoots_status_idx" ON "photoshoots" USING btree ("status");--> statement-breakpoint
CREATE INDEX "previews_user_created_idx" ON "previews" USING btree ("user_id","created_at");