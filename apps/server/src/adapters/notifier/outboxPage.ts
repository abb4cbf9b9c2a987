/**
 * The outbox as a page (it was raw JSON): what the demo "sent", newest first,
 * each message's Arabic and English apart (a paragraph per language, each in its own direction)
 * and its links clickable, so a newcomer follows an e-mail link or reads a code at a glance. The
 * same address answers JSON to anything that does not ask for HTML (the tests' readers).
 */
import { riyadhWallClock } from '@tawqi/domain';
import { escapeHtml, simulatorDocument } from '../simulatorPage.js';
import type { OutgoingMessage } from './outbox.js';

const ARABIC = /[\u0600-\u06FF]/u;
const LINK = /https?:\/\/[^\s<>"']+/gu;
export const OUTBOX_STYLESHEET = '/dev/outbox/style.css';

/** A paragraph's text, escaped, its addresses made links. */
function withLinks(text: string): string {
  let html = '';
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    html += escapeHtml(text.slice(at, match.index));
    const address = escapeHtml(match[0]);
    html += `<a href="${address}" dir="ltr">${address}</a>`;
    at = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(at));
}

/** One paragraph in its language and direction: Arabic right to left, the rest left to right. */
function paragraph(text: string): string {
  const arabic = ARABIC.test(text);
  return `<p lang="${arabic ? 'ar' : 'en'}" dir="${arabic ? 'rtl' : 'ltr'}">${withLinks(text).replace(/\n/gu, '<br>')}</p>`;
}

/** "ar / en" subjects and bodies of blank-line separated paragraphs, each language apart. */
function parts(text: string): string[] {
  return text
    .split(/\n\s*\n|\s+\/\s+(?=[A-Za-z])/u)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function outboxPage(messages: readonly (OutgoingMessage & { createdAt: Date })[]): string {
  const items = messages.map(
    (message) => `<li class="request">
<p class="muted" dir="ltr">${message.channel === 'sms' ? 'SMS' : 'E-mail'} → ${escapeHtml(message.recipient)} · <time datetime="${message.createdAt.toISOString()}">${riyadhWallClock(message.createdAt, 'second')} (Riyadh)</time></p>
${message.subject ? `<h2>${parts(message.subject).map(paragraph).join('')}</h2>` : ''}
${parts(message.body).map(paragraph).join('\n')}
</li>`,
  );
  return simulatorDocument({
    title: 'صندوق الصادر / Outbox',
    stylesheet: OUTBOX_STYLESHEET,
    body: `<header class="bar"><h1>صندوق الصادر / Outbox</h1><p>الرسائل التي أرسلها العرض التجريبي، الأحدث أولًا / What the demo sent, newest first</p></header>
<div class="content">${
      items.length
        ? `<ul>${items.join('\n')}</ul>`
        : '<p class="muted">لا رسائل بعد. / No messages yet.</p>'
    }</div>`,
  });
}
