/**
 * Signed webhooks (DECISIONS.md 44, docs/decisions/0122-webhooks.md): a POST of a JSON body with
 * `X-UST-Timestamp` (Unix seconds) and `X-UST-Signature: sha256=<hex>`, the HMAC-SHA256 of
 * `timestamp.body` under the webhook's secret, which its receiver checks with
 * `verifyWebhookSignature`. A user names the URL, so it is held to the public internet: https
 * only, and every address its host resolves to must be public (checked when the connection is
 * made, so a name cannot resolve to a public address when checked and a private one when used);
 * redirects are not followed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** A receiver that has not answered in this long has failed this try. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Bytes of a receiver's answer read (for the delivery log), the rest discarded. */
const ANSWER_BYTES_KEPT = 200;
/** A signature older or newer than this is refused by `verifyWebhookSignature`. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Addresses a webhook may not reach unless private networks are allowed. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a webhook may reach on the public internet. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A new webhook's signing secret: shown to its owner once, kept to sign. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver checks: the signature is the body's under the secret, and the timestamp is recent. */
export function verifyWebhookSignature(secret: string, timestamp: string, body: string, signature: string, now = Date.now()): boolean {
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(now / 1000 - seconds) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, seconds, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Why a URL cannot be a webhook, or null: https (http too when private networks are allowed), no credentials, a public host. */
export function webhookUrlProblem(text: string, allowPrivateNetworks: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:' && !(allowPrivateNetworks && url.protocol === 'http:')) return 'must use https';
  if (url.username || url.password) return 'must not carry a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivateNetworks && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && !isPublicAddress(host)))) {
    return 'must be on the public internet';
  }
  return null;
}

export interface WebhookAnswer {
  /** The receiver's HTTP status; null when none came (refused, timed out, not allowed). */
  status: number | null;
  ok: boolean;
  /** Why the delivery failed, for the delivery log. */
  error: string | null;
  durationMs: number;
  /** Not sent at all: the URL or the address it resolves to is not allowed, so trying again cannot help. */
  refused: boolean;
}

/** Resolves like dns.lookup, but fails for a host with any address off the public internet. */
export function publicOnlyLookup(
  hostname: string,
  options: object,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const blocked = addresses.find((address) => !isPublicAddress(address.address));
    if (blocked)
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${blocked.address}, which is not on the public internet`), { code: 'EWEBHOOKBLOCKED' }),
        [],
      );
    const all = (options as { all?: boolean }).all;
    if (all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** POSTs one signed body to a webhook; never throws: a failure is in the answer. */
export function postWebhook(
  url: string,
  secret: string,
  body: string,
  { allowPrivateNetworks, deliveryId, now = Date.now() }: { allowPrivateNetworks: boolean; deliveryId: string; now?: number },
): Promise<WebhookAnswer> {
  const started = performance.now();
  const answer = (status: number | null, error: string | null, refused = false): WebhookAnswer => ({
    refused,
    status,
    ok: status !== null && status >= 200 && status < 300,
    error: error ?? (status !== null && (status < 200 || status >= 300) ? `the receiver answered ${status}` : null),
    durationMs: Math.round(performance.now() - started),
  });
  const problem = webhookUrlProblem(url, allowPrivateNetworks);
  if (problem) return Promise.resolve(answer(null, `the URL ${problem}`, true));
  const timestamp = Math.floor(now / 1000);
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'UST-Risk-Platform-Webhooks/1',
          'x-ust-delivery': deliveryId,
          'x-ust-timestamp': String(timestamp),
          'x-ust-signature': signWebhook(secret, timestamp, body),
        },
        ...(allowPrivateNetworks ? {} : { lookup: publicOnlyLookup as never }),
      },
      (response) => {
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          kept += chunk.length;
          if (kept > ANSWER_BYTES_KEPT) response.destroy();
        });
        response.on('close', () => resolve(answer(response.statusCode ?? null, null)));
        response.on('error', () => resolve(answer(response.statusCode ?? null, null)));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error: NodeJS.ErrnoException) => resolve(answer(null, error.message, error.code === 'EWEBHOOKBLOCKED')));
    request.end(body);
  });
}
