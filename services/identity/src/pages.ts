/**
 * The provider's HTML pages: sign-in, sign-out and errors. Self-contained (inline CSS, no
 * scripts, fonts or images) so they work offline and under a strict Content-Security-Policy.
 * Every interpolated value goes through escapeHtml.
 */

/**
 * The pages' Content-Security-Policy: their own inline style and nothing else (no script, image
 * or font), framed by nobody. A form may post to the provider itself and to `formTargets`:
 * browsers check the redirects that follow a post too, and the sign-in and sign-out forms end
 * on the web app.
 */
export function pagePolicy(formTargets: readonly string[] = []): string {
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${formTargets.map((origin) => ` ${origin}`).join('')}; frame-ancestors 'none'; base-uri 'none'`;
}

export const SIGN_IN_TITLE = 'Sign in to UST Risk Platform';
export const WRONG_CREDENTIALS_MESSAGE = 'Incorrect e-mail or password.';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f1f4f8;color:#1b2430;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:100%;max-width:400px;margin:24px;padding:32px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(16,24,40,.1),0 8px 24px rgba(16,24,40,.08)}
.brand{margin:0 0 4px;font-size:13px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:#0b5cad}
h1{margin:0 0 24px;font-size:22px;line-height:1.3}
label{display:block;margin:0 0 6px;font-weight:600;font-size:14px}
input{display:block;width:100%;margin:0 0 18px;padding:10px 12px;font:inherit;color:inherit;border:1px solid #b8c2cc;border-radius:8px;background:#fff}
input:focus{outline:3px solid rgba(11,92,173,.35);outline-offset:1px;border-color:#0b5cad}
button{display:block;width:100%;padding:11px 16px;font:inherit;font-weight:600;color:#fff;background:#0b5cad;border:0;border-radius:8px;cursor:pointer}
button:hover{background:#094a8c}
button:focus-visible{outline:3px solid rgba(11,92,173,.45);outline-offset:2px}
button.secondary{margin-top:10px;color:#0b5cad;background:#fff;border:1px solid #0b5cad}
.alert{margin:0 0 18px;padding:10px 12px;border-radius:8px;background:#fdecec;border:1px solid #f3b4b4;color:#8a1c1c;font-size:14px}
.note{margin:20px 0 0;font-size:13px;color:#5b6776}
a{color:#0b5cad}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">UST Risk Platform</p>
${body}
</main>
</body>
</html>`;
}

export interface SignInPageOptions {
  /** Where the form posts: `${mountPath}/interaction/:uid/login`. */
  action: string;
  /** Cancels the sign-in and returns to the application with access_denied. */
  abortUrl: string;
  /** The e-mail typed before, kept after a failed attempt. */
  email?: string;
  error?: string;
}

export function renderSignInPage({ action, abortUrl, email = '', error }: SignInPageOptions): string {
  const alert = error ? `<p class="alert" role="alert" id="sign-in-error">${escapeHtml(error)}</p>` : '';
  const described = error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : '';
  return page(
    SIGN_IN_TITLE,
    `<h1>${escapeHtml(SIGN_IN_TITLE)}</h1>
${alert}<form method="post" action="${escapeHtml(action)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${described}${email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="note">Local demo sign-in: the accounts and their passwords are printed when the server starts.
<a href="${escapeHtml(abortUrl)}">Cancel</a></p>`,
  );
}

export function renderErrorPage(title: string, message: string, details: Record<string, unknown> = {}): string {
  const rows = Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `<p class="note"><strong>${escapeHtml(key)}:</strong> ${escapeHtml(value)}</p>`)
    .join('\n');
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>\n${rows}`);
}

/** `form` is oidc-provider's hidden logout form (id `op.logoutForm`), which it builds and escapes. */
export function renderLogoutPage(form: string): string {
  return page(
    'Sign out of UST Risk Platform',
    `<h1>Sign out of UST Risk Platform?</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}

export function renderLogoutSuccessPage(): string {
  return page('Signed out', '<h1>You are signed out</h1>\n<p>You can close this window.</p>');
}
