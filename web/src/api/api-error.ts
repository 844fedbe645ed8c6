/** Any failed API call: the gateway's `{ error: { code, message } }` body, a timeout or a network error. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no response arrived (network error, timeout, no token). */
    readonly status: number,
    /** The gateway's code (NOT_FOUND, FORBIDDEN, ...) or TIMEOUT, NETWORK_ERROR, NO_ACCESS_TOKEN. */
    readonly code: string,
    message: string,
    readonly endpoint: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  /** The gateway answers 403 with this message for a deactivated account (docs/decisions/0004-deactivated-accounts.md). */
  get isAccountDeactivated(): boolean {
    return this.status === 403 && /account is deactivated/i.test(this.message);
  }
}
