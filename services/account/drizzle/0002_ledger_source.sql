CREATE TYPE "public"."credit_source" AS ENUM('image', 'video', 'dressup', 'upscale', 'canvas', 'photoshoot');--> statement-breakpoint
ALTER TABLE "credit_movements" ADD COLUMN "source" "credit_source";--> statement-breakpoint
CREATE INDEX "credit_movements_user_created_idx" ON "credit_movements" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Only photoshoots spend the avatar counter; other older movements do not say what they paid for.
UPDATE "credit_movements" SET "source" = 'photoshoot' WHERE "feature" = 'avatar';