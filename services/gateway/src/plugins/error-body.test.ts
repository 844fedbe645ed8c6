import { describe, expect, it } from 'vitest';
import { MAX_ERROR_BODY_BYTES } from '@ust/schemas';
import { fittedErrorBody } from './error-body.js';

const sentBytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body), 'utf8');
const requestId = '0d1f9a4e-5b7c-4f3e-9a51-6c2d8e7f1a20';

describe('the error body', () => {
  it('is sent as it is when it fits', () => {
    const error = { code: 'BAD_REQUEST', message: 'line 3: latitude is out of range', request_id: requestId };
    expect(fittedErrorBody(error)).toEqual({ error });
  });

  it('keeps as much of the start of a long message as fits, counting bytes as sent', () => {
    for (const unit of ['a', '漢', '😀', '\u0000', '"']) {
      const body = fittedErrorBody({ code: 'BAD_REQUEST', message: `line 1: no reference column (found ${unit.repeat(5_000)})`, request_id: requestId });
      expect(sentBytes(body)).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
      expect(body.error.message.startsWith('line 1: no reference column (found ')).toBe(true);
      expect(body.error.message.endsWith('…')).toBe(true);
      // As much as fits: one more character of the message would not.
      const longer = { error: { ...body.error, message: `${body.error.message.slice(0, -1)}${unit}…` } };
      expect(sentBytes(longer)).toBeGreaterThan(MAX_ERROR_BODY_BYTES);
      expect(body.error.request_id).toBe(requestId);
    }
  });

  it('keeps the first details that fit in what the message leaves', () => {
    const details = Array.from({ length: 40 }, (_, index) => ({ field: `body.logs[${index}].level`, reason: 'must be equal to one of the allowed values' }));
    const message = details.map((detail) => `${detail.field} ${detail.reason}`).join('; ');
    const body = fittedErrorBody({ code: 'VALIDATION_FAILED', message, details, request_id: requestId });
    expect(sentBytes(body)).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(body.error.details!.length).toBeGreaterThan(5);
    expect(body.error.details).toEqual(details.slice(0, body.error.details!.length));
    expect(message.startsWith(body.error.message.slice(0, -1))).toBe(true);
  });
});
