/** A ticket's date and time as the shopper reads it, in their language (the experience's time zone: Mexico City). */
export function formatTicketDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language === 'es-AR' ? 'es-AR' : 'es-MX', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'America/Mexico_City',
  }).format(new Date(iso));
}

/** When a ticket was scanned: short date and time. */
export function formatUsedAt(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language === 'es-AR' ? 'es-AR' : 'es-MX', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
