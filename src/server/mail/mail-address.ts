// The site's addresses as e-mail needs them, shared by the templates (a calendar event's UID and
// organizer) and by delivery (Message-IDs, the SMTP envelope). Beside both folders so that
// neither imports the other for them.

/** The host name of PUBLIC_URL, for Message-IDs and calendar UIDs ('localhost' when it has none). */
export function messageIdHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** The address part of MAIL_FROM ("Gym <no-reply@example.com>" → no-reply@example.com). */
export function mailFromAddress(mailFrom: string): string {
  const m = /<([^<>\s]+)>\s*$/.exec(mailFrom);
  return (m ? m[1] : mailFrom).trim();
}
