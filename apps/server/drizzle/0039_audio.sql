ALTER TABLE "channel_ai_bots" ADD COLUMN "answer_with_voice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_ai_bots" ADD COLUMN "voice" text DEFAULT 'alloy' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_ai_bots" ADD COLUMN "speech_model" text DEFAULT 'tts-1' NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "transcribe_audio" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "audio_transcription" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "transcript_status" text;