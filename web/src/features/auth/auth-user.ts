import type { User } from 'oidc-client-ts';

/** The signed-in user as the screens know them. */
export interface AuthUser {
  /** The identity subject, `provider|id`. */
  sub: string;
  email: string | null;
  name: string | null;
}

export function toAuthUser(user: User): AuthUser {
  const { sub, email, name } = user.profile;
  return { sub, email: typeof email === 'string' ? email : null, name: typeof name === 'string' && name ? name : null };
}
