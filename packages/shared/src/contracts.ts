import { z } from 'zod';
import { LOCALES, PROFILES, TENANT_ASSIGNABLE_PROFILES, TENANT_STATUSES } from './enums.js';
import { fieldRule } from './errors.js';
import { EMAIL_MAX_LENGTH } from './email.js';
import { MAX_ID } from './id-list.js';
import { isStrongPassword, isValidCpfCnpj, PASSWORD_MIN_LENGTH } from './validation.js';

/** Zod contracts shared by the server (request/response schemas) and the web app. */

export { MAX_ID, idListQuery } from './id-list.js';
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);
export const idParamSchema = z.object({ id: idSchema });
/** A reference to a row in a JSON body (no coercion): within PostgreSQL's integer range, like every id. */
export const refIdSchema = z.number().int().positive().max(MAX_ID);

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(EMAIL_MAX_LENGTH));

export const passwordSchema = z
  .string()
  .max(200)
  .refine(isStrongPassword, {
    message: `Password must have at least ${PASSWORD_MIN_LENGTH} characters with letters, numbers and a special character.`,
    ...fieldRule('weakPassword'),
  });

export const cpfCnpjSchema = z
  .string()
  .trim()
  .max(20)
  .refine(isValidCpfCnpj, { message: 'Invalid CPF/CNPJ.', ...fieldRule('invalidIdentity') });

export const userConfigsSchema = z.object({
  filtrosAtendimento: z.record(z.string(), z.unknown()).nullable().default(null),
  isDark: z.boolean().default(false),
  /** The interface language the user chose (null: the browser's stored choice, else pt). */
  language: z.enum(LOCALES).nullable().default(null),
  /** The beep of a new customer message. */
  notificationSound: z.boolean().default(true),
});
export type UserConfigs = z.infer<typeof userConfigsSchema>;
/** Free-form attendance filters the web app stores per user; bounded so a user row stays small. */
export const MAX_FILTERS_JSON_LENGTH = 64 * 1024;
export const updateUserConfigsBodySchema = z.object({
  filtrosAtendimento: z
    .record(z.string().max(200), z.unknown())
    .refine((value) => JSON.stringify(value).length <= MAX_FILTERS_JSON_LENGTH, {
      message: `Must be at most ${MAX_FILTERS_JSON_LENGTH / 1024} KiB of JSON.`,
    })
    .nullable()
    .optional(),
  isDark: z.boolean().optional(),
  language: z.enum(LOCALES).nullable().optional(),
  notificationSound: z.boolean().optional(),
});

// ---- auth ----
export const loginBodySchema = z.object({ email: emailSchema, password: z.string().min(1).max(200) });

export const loginResponseSchema = z.object({
  token: z.string(),
  /**
   * Also set as the httpOnly refresh cookie, which is what the web app uses; the body copy is for
   * API clients (whoever reads this answer typed the password).
   */
  refreshToken: z.string(),
  username: z.string(),
  profile: z.enum(PROFILES),
  userId: z.number().int(),
  queues: z.array(z.object({ id: z.number().int(), name: z.string() })),
  blockWavoip: z.boolean(),
  whatsappAllowed: z.boolean(),
  tenantId: z.number().int(),
  email: z.string(),
  configs: userConfigsSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * SPEC §7's client sends no body: the refresh token travels in the httpOnly cookie (with the
 * REFRESH_CSRF_HEADER). API clients may send the token in the body instead.
 */
export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(500).optional() }).nullish();
/** `refreshToken` only for a body-token caller; a cookie caller gets the rotated token as a cookie only. */
export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string().optional() });

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({ token: z.string().min(10).max(200), password: passwordSchema });

// ---- users ----
export const userSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(PROFILES),
  isOnline: z.boolean(),
  lastOnline: z.string().nullable(),
  blockWavoip: z.boolean(),
  configs: userConfigsSchema,
  queues: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userNameSchema = z.string().trim().min(2).max(120);

export const createUserBodySchema = z.object({
  name: userNameSchema,
  email: emailSchema,
  password: passwordSchema,
  profile: z.enum(TENANT_ASSIGNABLE_PROFILES).default('user'),
  blockWavoip: z.boolean().optional(),
  /** The queues the user attends. */
  queueIds: z.array(refIdSchema).max(500).optional(),
});

export const updateUserBodySchema = z.object({
  name: userNameSchema.optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  /** Required to change one's own e-mail or password (not when an admin edits another user). */
  currentPassword: z.string().min(1).max(200).optional(),
  profile: z.enum(TENANT_ASSIGNABLE_PROFILES).optional(),
  blockWavoip: z.boolean().optional(),
  queueIds: z.array(refIdSchema).max(500).optional(),
});

/**
 * The profile page's password form: PUT /users/:id's current password and new one (SPEC §5 rule),
 * both required here, and the confirmation.
 */
export const changePasswordFormSchema = updateUserBodySchema
  .pick({ currentPassword: true, password: true })
  .required()
  .extend({ confirmation: z.string() })
  .refine((value) => value.password === value.confirmation, { path: ['confirmation'], message: 'The passwords do not match.' });

/** The link e-mailed to a new address confirms one's own e-mail change. */
export const confirmEmailChangeBodySchema = z.object({ token: z.string().min(10).max(200) });

export const listUsersQuerySchema = z.object({
  searchParam: z.string().trim().max(120).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  /** Only the members of this team (the users screen's filter). */
  teamId: idSchema.optional(),
});
export const listUsersResponseSchema = z.object({ users: z.array(userSchema), count: z.number().int(), hasMore: z.boolean() });

export const userOnlineBodySchema = z.object({ isOnline: z.boolean() });

// ---- tenants ----
export const tenantSchema = z.object({
  id: z.number().int(),
  status: z.enum(TENANT_STATUSES),
  name: z.string(),
  maxUsers: z.number().int(),
  maxConnections: z.number().int(),
  identity: z.string().nullable(),
  /** SECRET_MASK when a payment-provider token is stored (never the token), null when none. */
  paymentToken: z.string().nullable(),
  paymentCustomerId: z.string().nullable(),
  paymentActive: z.boolean(),
  trial: z.boolean(),
  trialDays: z.number().int(),
  hideUnoficial: z.boolean(),
  planId: z.number().int().nullable(),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** GET /tenants/usage/: the caller's company's limits and what it uses (users; channels are its connections). */
export const tenantLimitsUsageSchema = z.object({
  maxUsers: z.number().int(),
  users: z.number().int(),
  maxConnections: z.number().int(),
  connections: z.number().int(),
});
export type TenantLimitsUsage = z.infer<typeof tenantLimitsUsageSchema>;

const tenantFields = {
  status: z.enum(TENANT_STATUSES),
  name: z.string().trim().min(2).max(120),
  maxUsers: z.number().int().min(1).max(100000),
  maxConnections: z.number().int().min(0).max(10000),
  identity: cpfCnpjSchema.nullable(),
  /** Sealed at rest; SECRET_MASK (as answers show a stored one) keeps the stored token. */
  paymentToken: z.string().trim().max(500).nullable(),
  paymentCustomerId: z.string().trim().max(200).nullable(),
  paymentActive: z.boolean(),
  trial: z.boolean(),
  trialDays: z.number().int().min(0).max(3650),
  hideUnoficial: z.boolean(),
  planId: refIdSchema.nullable(),
};

/**
 * A trial switched on lasts at least a day (`trial: true` with 0 days was accepted, a trial that never
 * ran). Checked when the body sends both; `trial: false` stores 0 days whatever is sent. The server
 * checks an edit that sends one of them against the stored other.
 */
export const TRIAL_DAYS_MESSAGE = 'A trial lasts at least 1 day.';

/** The `fields` of a 400 refusing a trial under 1 day (tenants and plans alike), under trialDays with its rule. */
export const trialDaysProblem = () => ({
  trialDays: [{ message: TRIAL_DAYS_MESSAGE, issue: { code: 'custom' as const, rule: 'trialDays' } }],
});

export function refineTrialDays(body: { trial?: boolean; trialDays?: number }, ctx: z.RefinementCtx): void {
  if (body.trial === true && body.trialDays !== undefined && body.trialDays < 1)
    ctx.addIssue({ code: 'custom', path: ['trialDays'], message: TRIAL_DAYS_MESSAGE, ...fieldRule('trialDays') });
}

export const createTenantBodySchema = z
  .object({
    ...tenantFields,
    identity: tenantFields.identity.optional().default(null),
    paymentToken: tenantFields.paymentToken.optional().default(null),
    paymentCustomerId: tenantFields.paymentCustomerId.optional().default(null),
    /** Left out: billed when the plan has a value (issue 15); false exempts the company. */
    paymentActive: tenantFields.paymentActive.optional(),
    /** Left out: the plan's trial; `trial: false` none; `trialDays` the operator's number of days. */
    trial: tenantFields.trial.optional(),
    trialDays: tenantFields.trialDays.optional(),
    hideUnoficial: tenantFields.hideUnoficial.optional().default(false),
    planId: tenantFields.planId.optional().default(null),
    /** Optional first administrator of the new tenant. */
    admin: z.object({ name: userNameSchema, email: emailSchema, password: passwordSchema }).optional(),
  })
  .superRefine(refineTrialDays);
/**
 * PUT /tenants/:id. A new planId without maxUsers/maxConnections gives the company the plan's limits
 * (the ones sent in the same body win); a limit is not lowered below what the company uses.
 */
export const updateTenantBodySchema = z.object(tenantFields).partial().superRefine(refineTrialDays);

// ---- plans ----
export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.number(),
  connections: z.number().int(),
  users: z.number().int(),
  trial: z.boolean(),
  trialDays: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;
/** A plan as the platform administration lists it: with how many companies are on it. */
export const adminPlanSchema = planSchema.extend({ companies: z.number().int() });
export type AdminPlan = z.infer<typeof adminPlanSchema>;
const planFields = {
  name: z.string().trim().min(2).max(120),
  value: z.number().min(0).max(1_000_000),
  connections: z.number().int().min(0).max(10000),
  users: z.number().int().min(1).max(100000),
  trial: z.boolean(),
  trialDays: z.number().int().min(0).max(3650),
};
/** POST /plans: the trial fields default to none. */
export const planBodySchema = z
  .object({
    ...planFields,
    trial: planFields.trial.default(false),
    trialDays: planFields.trialDays.default(0),
  })
  .superRefine(refineTrialDays);
/**
 * PUT /plans/:id: every field optional and WITHOUT defaults (a partial of planBodySchema would fill
 * trial=false, trialDays=0 into an edit that did not send them).
 */
export const updatePlanBodySchema = z.object(planFields).partial().superRefine(refineTrialDays);

// ---- sign-up ----
export const signupBodySchema = z.object({
  name: z.string().trim().min(2).max(120),
  identity: cpfCnpjSchema,
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{8,20}$/, 'Invalid mobile number'),
  password: passwordSchema,
  planId: refIdSchema,
});

// ---- user-tenant links ----
export const userTenantSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  tenantId: z.number().int(),
  createdAt: z.string(),
});
export const createUserTenantBodySchema = z.object({ userId: refIdSchema, tenantId: refIdSchema });
export const updateUserTenantBodySchema = z.object({ tenantId: refIdSchema });
export const deleteUserTenantBodySchema = z.object({ tenantId: refIdSchema });
export const listUserTenantsQuerySchema = z.object({ userId: idSchema.optional() });
