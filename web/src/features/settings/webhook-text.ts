import type { Webhook, WebhookTestResult } from '@ust/schemas';
import { formatDateTime } from '../../components/format';

type Delivery = NonNullable<Webhook['last_delivery']>;

/** Why a delivery failed: the error the server recorded, or the receiver's status. */
function failureOf({ status, error }: Pick<Delivery, 'status' | 'error'>): string {
  return error ?? (status === null ? 'no answer' : `the receiver answered ${status}`);
}

/** 'Last delivery: OK (202) Nov 30, 2026, 2:40 AM', 'Last delivery: failed: the receiver answered 500 (Nov 30, ...)'. */
export function lastDeliveryText(delivery: Webhook['last_delivery']): string {
  if (!delivery) return 'No deliveries yet.';
  const when = formatDateTime(delivery.at);
  if (delivery.ok) return `Last delivery: OK${delivery.status === null ? '' : ` (${delivery.status})`} ${when}`;
  return `Last delivery: failed: ${failureOf(delivery)} (${when})`;
}

/** What a Send test answered: 'Test delivered: the receiver answered 202 in 31 ms.' */
export function testResultText(result: WebhookTestResult): string {
  if (result.ok) return `Test delivered: the receiver answered ${result.status ?? 'OK'} in ${result.duration_ms} ms.`;
  return `Test failed: ${failureOf(result)} (${result.duration_ms} ms).`;
}
