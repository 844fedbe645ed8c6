/**
 * The sign-in interaction, as Koa middleware in front of oidc-provider's own routes:
 *   GET  /interaction/:uid        the sign-in form
 *   POST /interaction/:uid/login  checks the e-mail and password (a plain form post, no script)
 *   GET  /interaction/:uid/abort  returns to the application with access_denied
 * Paths are relative to the mount path. Consent never needs a page: provider-configuration.ts
 * grants the first-party client its scopes (the consent branch below is a fallback for claims
 * a request asks for beyond them).
 */
import type { IncomingMessage } from 'node:http';
import type { Logger } from '@ust/platform';
import Provider, { errors, type InteractionResults } from 'oidc-provider';
import { authenticateDemoAccount, type DemoAccount } from './demo-accounts.js';
import { renderErrorPage, renderSignInPage, WRONG_CREDENTIALS_MESSAGE } from './pages.js';

type Middleware = Parameters<Provider['use']>[0];
type Context = Parameters<Middleware>[0];

export interface InteractionOptions {
  provider: Provider;
  mountPath: string;
  accounts: readonly DemoAccount[];
  log: Logger;
}

const ROUTE = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?\/?$/;
const FORM_LIMIT_BYTES = 16 * 1024;

/** Reads an application/x-www-form-urlencoded body; Koa leaves the stream to us. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return new URLSearchParams();
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > FORM_LIMIT_BYTES) throw Object.assign(new Error('form too large'), { status: 413 });
  }
  return new URLSearchParams(text);
}

export function interactionRoutes({ provider, mountPath, accounts, log }: InteractionOptions): Middleware {
  function sendPage(ctx: Context, status: number, html: string): void {
    ctx.status = status;
    ctx.type = 'html';
    // The Content-Security-Policy is set on every answer of the provider (embedded-identity.ts).
    ctx.set('Cache-Control', 'no-store');
    ctx.body = html;
  }

  function signInPage(ctx: Context, uid: string, status: number, email?: string, error?: string): void {
    const base = `${mountPath}/interaction/${uid}`;
    sendPage(ctx, status, renderSignInPage({ action: `${base}/login`, abortUrl: `${base}/abort`, email, error }));
  }

  async function finish(ctx: Context, result: InteractionResults): Promise<void> {
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
    ctx.status = 303;
    ctx.redirect(returnTo);
  }

  return async (ctx, next) => {
    const match = ROUTE.exec(ctx.path);
    if (!match) return next();
    const [, uid = '', action] = match;
    try {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      // The cookie names the interaction this browser started; a URL for another one is stale.
      if (details.uid !== uid) throw new errors.SessionNotFound('interaction mismatch');

      if (action === undefined && ctx.method === 'GET') {
        if (details.prompt.name === 'login') return signInPage(ctx, uid, 200);
        const grant = details.grantId
          ? await provider.Grant.find(details.grantId)
          : new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) });
        if (!grant) throw new errors.SessionNotFound('grant not found');
        const missing = details.prompt.details as {
          missingOIDCScope?: string[];
          missingOIDCClaims?: string[];
          missingResourceScopes?: Record<string, string[]>;
        };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
        return await finish(ctx, { consent: { grantId: await grant.save() } });
      }

      if (action === 'login' && ctx.method === 'POST') {
        const form = await readForm(ctx.req);
        const email = form.get('email') ?? '';
        const account = authenticateDemoAccount(accounts, email, form.get('password') ?? '');
        if (!account) {
          log.warn({ email }, 'sign-in failed: wrong e-mail or password');
          return signInPage(ctx, uid, 401, email, WRONG_CREDENTIALS_MESSAGE);
        }
        log.info({ sub: account.sub, role: account.role }, 'signed in');
        return await finish(ctx, { login: { accountId: account.sub } });
      }

      if (action === 'abort' && ctx.method === 'GET') {
        return await finish(ctx, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' });
      }

      sendPage(ctx, 405, renderErrorPage('Not allowed', `${ctx.method} is not supported here.`));
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        sendPage(
          ctx,
          400,
          renderErrorPage('Sign-in expired', 'This sign-in page has expired or was opened in another browser. Go back to the application and sign in again.'),
        );
        return;
      }
      const status = (error as { status?: number }).status;
      if (status === 413) return sendPage(ctx, 413, renderErrorPage('Request too large', 'The form sent was too large.'));
      log.error({ err: error }, 'sign-in interaction failed');
      sendPage(ctx, 500, renderErrorPage('Something went wrong', 'The sign-in service hit an unexpected error. Try again in a moment.'));
    }
  };
}
