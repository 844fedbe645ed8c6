/**
 * The alert digest as an e-mail: a subject, a plain-text body and the same in HTML. Every value a
 * user typed (list names, place labels) or a source gave (facility names) is escaped in the HTML.
 */
import type { WatchAlert } from '@ust/schemas';

export interface DigestMessage {
  subject: string;
  text: string;
  html: string;
}

export interface DigestInput {
  name: string | null;
  /** Newest first. */
  alerts: ReadonlyArray<Omit<WatchAlert, 'unread'>>;
  /** All alerts since the last digest; more than `alerts` when some were left out. */
  total: number;
  publicUrl: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const sourceOf = (alert: Omit<WatchAlert, 'unread'>) =>
  alert.import_label ? `From import ${alert.import_label}` : alert.import_id ? `From import ${alert.import_id}` : 'From a rebuild';

export function renderDigest({ name, alerts, total, publicUrl }: DigestInput): DigestMessage {
  const count = `${total} alert${total === 1 ? '' : 's'}`;
  const subject = `UST Risk Platform: ${count} on what you watch`;
  const greeting = `Hello ${name ?? 'there'},`;
  const intro = `${count} since your last digest:`;
  const more = total > alerts.length ? `${total - alerts.length} more on the alerts page.` : '';
  const footer = `You get this digest because "Email notifications for facility updates" is on in your settings (${publicUrl}/settings). Risk scores and changes come from the EPA and state UST records of each import.`;

  const textLines = [greeting, '', intro, ''];
  for (const alert of alerts) {
    textLines.push(
      `- ${alert.item_label} (${alert.watchlist_name}): ${alert.summary}${alert.high_risk ? ' [High risk]' : ''}`,
      `  ${sourceOf(alert)}, version ${alert.base_version} → ${alert.dataset_version}`,
    );
  }
  textLines.push('', ...(more ? [more] : []), `See every alert: ${publicUrl}/alerts`, '', footer);

  const items = alerts
    .map(
      (alert) =>
        `<li><strong>${escapeHtml(alert.item_label)}</strong> (${escapeHtml(alert.watchlist_name)}): ${escapeHtml(alert.summary)}${alert.high_risk ? ' <strong>[High risk]</strong>' : ''}<br><small>${escapeHtml(sourceOf(alert))}, version ${alert.base_version} → ${alert.dataset_version}</small></li>`,
    )
    .join('');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${items}</ul>`,
    more ? `<p>${escapeHtml(more)}</p>` : '',
    `<p><a href="${escapeHtml(`${publicUrl}/alerts`)}">See every alert</a></p>`,
    `<p><small>${escapeHtml(footer)}</small></p>`,
  ].join('\n');
  return { subject, text: textLines.join('\n'), html };
}
