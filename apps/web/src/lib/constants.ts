/** Client-side business constants (SPEC §7 and §9). Change them here only. */

/** HTTP request timeout. */
export const HTTP_TIMEOUT_MS = 20_000;
/** The global loading overlay is shown only when more than this has passed since the previous request started. */
export const LOADING_OVERLAY_MIN_GAP_MS = 2_000;
/** The global loading overlay hides this long after the request ends. */
export const LOADING_OVERLAY_HIDE_DELAY_MS = 1_000;
/** Delay before going to the login page after a 401 / expired session. */
export const LOGIN_REDIRECT_DELAY_MS = 2_000;
/** Delay before logging out when the tenant is inactive ("logout shortly"). */
export const TENANT_INACTIVE_LOGOUT_DELAY_MS = 3_000;

/** The user profile is refreshed this often (skipped for the 'user' profile). */
export const PROFILE_REFRESH_INTERVAL_MS = 30_000;

/** Idle timeout: a counter ticks this often… */
export const IDLE_TICK_MS = 30_000;
/** …and the page reloads when it reaches this many ticks; click, mouse move or key press resets it. */
export const IDLE_RELOAD_TICKS = 7_200;

/** Toast durations. */
export const SUCCESS_TOAST_MS = 500;
export const NOTIFIER_TOAST_MS = 1_500;
/** Warnings that precede a redirect stay until the redirect happens. */
export const WARNING_TOAST_MS = 4_000;
/** "This ticket went elsewhere" stays long enough to read where. */
export const TICKET_LEFT_TOAST_MS = 8_000;

/** Search boxes wait this long after the last key stroke. */
export const SEARCH_DEBOUNCE_MS = 400;

/** SPEC §9: ticket lists load their next page at the list end at most this often. */
export const TICKET_LIST_LOAD_MORE_INTERVAL_MS = 3_000;
/** Tickets per page of the ticket list (the server's default page size). */
export const TICKETS_PAGE_SIZE = 40;
/** SPEC §5/§9 forward rules: at most 10 messages, to exactly 1 contact found by at least 2 letters. */
export const FORWARD_MAX_MESSAGES = 10;
export const FORWARD_SEARCH_MIN_LENGTH = 2;
/** Longest message text the server accepts. */
export const MESSAGE_MAX_LENGTH = 4_096;
/** The chat loads older messages when scrolled this close to the top. */
export const CHAT_LOAD_OLDER_THRESHOLD_PX = 200;
/** The chat follows new messages while scrolled this close to the bottom. */
export const CHAT_STICK_TO_BOTTOM_PX = 120;
/** Length and pitch of the new-message beep (WebAudio). */
export const BEEP_DURATION_MS = 180;
export const BEEP_FREQUENCY_HZ = 880;
