import EmailReplyParser from 'email-reply-parser';

// The part of a reply the customer wrote: the quoted history and the signature are cut. The
// library handles '>' quotes and '-- ' signatures; the rule below cuts the quote headers mail
// clients write above the history, which the library misses in most languages.

// A line that opens the quoted history ("On Tue, 3 Mar 2026 at 10:00, Gym <x@y> wrote:").
// Gmail may wrap it over two lines: the matcher is run on each line joined with the next.
/** Mail.ru's '<date> от Name <address>:': a year, then ' от ' within 170 characters, and a final colon. */
const MAIL_RU = {
  test(line: string): boolean {
    const at = line.search(/\sот\s/);
    return at > 0 && at <= 170 && /\d{4}/.test(line.slice(0, at)) && line.trimEnd().endsWith(':');
  },
};

const QUOTE_HEADERS: { test(line: string): boolean }[] = [
  /^On\b.{0,300}\bwrote:\s*$/i, // English (Gmail, Apple Mail, Thunderbird)
  /^Am\b.{0,300}\bschrieb\b.{0,200}:\s*$/i, // German
  /^Le\b.{0,300}\ba écrit\s*:\s*$/i, // French
  /^El\b.{0,300}\bescribió:\s*$/i, // Spanish
  /^Il giorno\b.{0,300}\bha scritto:\s*$/i, // Italian
  /^Op\b.{0,300}\bschreef\b.{0,200}:\s*$/i, // Dutch
  /^.{0,300}\s(пишет|написал|написала|написал\(а\))\s*:\s*$/i, // Russian
  MAIL_RU, // Russian (Mail.ru: '<date> от Name <address>:')
  /^.{0,300}\s写道[:：]\s*$/, // Chinese
  /^เมื่อ.{0,300}เขียนว่า\s*(?::\s*)?$/, // Thai
  /^-{2,}\s*(Original Message|Ursprüngliche Nachricht|Message d'origine|Исходное сообщение|Mensaje original|原始邮件)\s*-{2,}\s*$/i,
  /^_{20,}\s*$/, // Outlook's rule above its header block
];

// Outlook's header block: "From: …" followed within a few lines by "Sent: …" (or localized).
const FROM_LINE = /^\*?(From|De|Von|От|Van|Da|发件人|寄件者)\s*(?:\*\s*)?[:：]/i;
const SENT_LINE = /^\*?(Sent|Date|Envoyé|Gesendet|Отправлено|Verzonden|Inviato|Enviado|发送时间|寄件日期|To|À|An|Кому)\s*(?:\*\s*)?[:：]/i;

// Mobile footers that are not the customer's words.
const FOOTERS =
  /^(Sent from my (iPhone|iPad|Android|phone|mobile)|Envoyé de mon (iPhone|iPad)|Von meinem (iPhone|iPad) gesendet|Get Outlook for (iOS|Android)|Отправлено с iPhone)\b.*$/i;

/** A line longer than this is the customer's text, never a quote header: the rules below read only shorter ones. */
const MAX_HEADER_LINE = 1000;
/** The reply-parsing library's patterns are not all linear: it reads a reply only up to this length. */
const MAX_LIBRARY_CHARS = 16 * 1024;

/** The line trimmed, or '' when it is too long to be a quote header. */
const headerLine = (line: string | undefined): string => (line === undefined || line.length > MAX_HEADER_LINE ? '' : line.trim());

function quoteStart(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = headerLine(lines[i]);
    if (!line) continue;
    const next = headerLine(lines[i + 1]);
    const joined = next ? `${line} ${next}` : line;
    if (QUOTE_HEADERS.some((re) => re.test(line))) return i;
    if (/^(On|Am|Le|El)\b/.test(line) && QUOTE_HEADERS.slice(0, 4).some((re) => re.test(joined))) return i;
    if (FROM_LINE.test(line) && lines.slice(i + 1, i + 5).some((l) => SENT_LINE.test(headerLine(l)))) return i;
  }
  return -1;
}

/** The text the customer wrote above the quoted history, without signature or mobile footer. */
export function visibleReplyText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const cut = quoteStart(lines);
  let kept = (cut >= 0 ? lines.slice(0, cut) : lines).join('\n');
  // A longer reply keeps what the rule above left (the time limit of the parsing thread bounds the rest).
  const parsed = kept.length <= MAX_LIBRARY_CHARS ? new EmailReplyParser().parseReply(kept) : '';
  // The library returns nothing for a mail that is all quote: then keep what the rule left.
  if (parsed.trim()) kept = parsed;
  const out = kept
    .split('\n')
    .filter((l) => !FOOTERS.test(headerLine(l)))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return out;
}
