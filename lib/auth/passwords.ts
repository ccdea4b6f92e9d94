import bcrypt from 'bcryptjs';

// bcrypt with cost 11 (~100 ms here): slow enough to resist guessing, fast enough for a sign-in.
const COST = 11;
// Compared against when the account does not exist, so a wrong email takes as long as a wrong password.
const DUMMY_HASH = '$2b$11$vq51qxy2JwzdwKHIczImWeTvf/Bcpj.B8zIefhbCUsGvXMI38Lp3O';

export { PASSWORD_MIN_LENGTH } from './password-rules';

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return ok && Boolean(hash);
}
