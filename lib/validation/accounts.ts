import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/password-rules';

// One schema per form, used by the client resolver and parsed again by the server action.
const email = z.string().trim().min(1, 'Enter your email address').max(320).email('Enter an email address like name@example.com');
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Use at most 200 characters');

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password').max(200),
});

export const registerSchema = z
  .object({
    name: z.string().trim().min(2, 'Enter your full name').max(120),
    organization: z.string().trim().max(160).optional(),
    email,
    password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'The two passwords do not match' });

// A consultant's own preparer account: the firm's name is part of how owners recognise it.
export const registerPreparerSchema = z
  .object({
    name: z.string().trim().min(2, 'Enter your full name').max(120),
    firm: z.string().trim().min(2, 'Enter your firm’s name').max(160),
    email,
    password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'The two passwords do not match' });
export type RegisterPreparerInput = z.infer<typeof registerPreparerSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ token: z.string().min(10), password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'The two passwords do not match' });

export const acceptInvitationSchema = z
  .object({ token: z.string().min(10), name: z.string().trim().min(2, 'Enter your full name').max(120), password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'The two passwords do not match' });

export const INVITABLE_ROLES = ['department_staff', 'department_supervisor', 'county_official', 'admin', 'preparer'] as const;

export const inviteSchema = z
  .object({
    // The administrator types someone else's address.
    email: z.string().trim().min(1, 'Enter the person’s email address').max(320).email('Enter an email address like name@example.com'),
    name: z.string().trim().min(2, 'Enter the person’s name').max(120),
    role: z.enum(INVITABLE_ROLES, { message: 'Choose a role' }),
    countyFips: z.string().regex(/^19\d{3}$/, 'Choose an Iowa county').optional().or(z.literal('').transform(() => undefined)),
  })
  .refine((v) => v.role !== 'county_official' || Boolean(v.countyFips), { path: ['countyFips'], message: 'A county official needs their county' });

export const changeRoleSchema = z
  .object({
    userId: z.string().uuid(),
    role: z.enum(['owner', 'preparer', 'active_contractor', 'department_staff', 'department_supervisor', 'county_official', 'admin']),
    countyFips: z.string().regex(/^19\d{3}$/).optional().or(z.literal('').transform(() => undefined)),
  })
  .refine((v) => v.role !== 'county_official' || Boolean(v.countyFips), { path: ['countyFips'], message: 'A county official needs their county' });

export const grantAccessSchema = z.object({ operationId: z.string().uuid(), email });

export type SignInInput = z.infer<typeof signInSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type InviteInput = z.infer<typeof inviteSchema>;

/** An administrator disabling or re-enabling an account. */
export const userDisabledSchema = z.object({ userId: z.string().uuid(), disabled: z.boolean() });

// An owner grants a preparer access: all her operations (and future ones) or chosen ones, until a day.
export const grantPreparerSchema = z.object({
  email: z.string().trim().min(1, 'Enter the preparer’s email address').max(320).email('Enter an email address like name@example.com'),
  scope: z.enum(['all', 'chosen'], { message: 'Choose all operations or the ones you pick' }),
  operationIds: z.array(z.string().uuid()).max(500).default([]),
  endsOn: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a date, or leave it empty')
    // Optional before the transform: zod 4 hands a default out as it is, so a missing end date
    // must still become null (no end), never ''.
    .optional()
    .transform((v) => v || null),
});
export const revokePreparerSchema = z.object({ preparerUserId: z.string().uuid() });

/** The token of an emailed link (confirming an address): no one types it, so a malformed one is a bad link. */
export const emailLinkTokenSchema = z.string().min(10).max(200);
