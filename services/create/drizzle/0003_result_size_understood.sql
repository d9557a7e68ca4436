ALTER TABLE "generations" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "understood" jsonb;