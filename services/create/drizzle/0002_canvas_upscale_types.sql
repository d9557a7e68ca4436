ALTER TYPE "public"."generation_type" ADD VALUE 'canvas';--> statement-breakpoint
ALTER TYPE "public"."generation_type" ADD VALUE 'upscale';