/** Error codes of the platform monitors and maintenance tools (issue 15), merged into ERROR_STATUS / ERROR_MESSAGES. */

/** SPEC §5: the update upload must be named so (it is refused anyway: no verified releases, see the README). */
export const UPDATE_BUNDLE_NAME = 'update_rapido.zip';

export const PLATFORM_OPS_ERROR_STATUS = {
  /** The queue monitor's job id does not exist in that queue (or is not failed). */
  ERR_NO_JOB_FOUND: 404,
  /** No such pg-boss queue. */
  ERR_NO_JOB_QUEUE_FOUND: 404,
  /** A job of a channel's session queue: its sender already had the failure; running it again would act with nobody waiting. */
  ERR_JOB_NOT_RETRYABLE: 409,
  /** A media cleanup is already queued or running. */
  ERR_MAINTENANCE_RUNNING: 409,
  ERR_NO_MAINTENANCE_RUN_FOUND: 404,
  /** SPEC §5: the update upload must be named update_rapido.zip. */
  ERR_UPDATE_FILE_NAME: 400,
  /** Uploaded update bundles are never unpacked or run: there is no verified (signed) release to accept. */
  ERR_UPDATE_NOT_VERIFIED: 400,
  /** The media migration to or from S3 needs the MEDIA_S3_* settings (README "Configuration"). */
  ERR_MEDIA_S3_NOT_CONFIGURED: 409,
  /** A media migration is already queued or running. */
  ERR_MEDIA_MIGRATION_RUNNING: 409,
  ERR_NO_MEDIA_MIGRATION_FOUND: 404,
} as const;

export const PLATFORM_OPS_ERROR_MESSAGES: Record<keyof typeof PLATFORM_OPS_ERROR_STATUS, string> = {
  ERR_NO_JOB_FOUND: 'No failed job with this id in this queue.',
  ERR_NO_JOB_QUEUE_FOUND: 'No queue with this name.',
  ERR_JOB_NOT_RETRYABLE: "A channel session's request cannot be run again: its sender already received the failure.",
  ERR_MAINTENANCE_RUNNING: 'A media cleanup is already running.',
  ERR_NO_MAINTENANCE_RUN_FOUND: 'No maintenance run with this id.',
  ERR_UPDATE_FILE_NAME: `The update file must be named ${UPDATE_BUNDLE_NAME}.`,
  ERR_UPDATE_NOT_VERIFIED:
    'Uploaded update bundles are refused: Conversa runs only verified releases and never unpacks or runs uploaded code. Update by deploying the new release on the server (git pull or the new package, then npm start), which applies pending migrations on start.',
  ERR_MEDIA_S3_NOT_CONFIGURED:
    'S3-compatible storage is not configured: set MEDIA_S3_ENDPOINT, MEDIA_S3_REGION, MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY on the server and restart it.',
  ERR_MEDIA_MIGRATION_RUNNING: 'A media migration is already running.',
  ERR_NO_MEDIA_MIGRATION_FOUND: 'No media migration with this id.',
};
