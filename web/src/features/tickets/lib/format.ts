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

/** An order as people read it (as the order pages write it): `#` and the last 8 characters of its id. */
export function shortOrderId(id: string): string {
  return `#${id.replace(/-/g, '').slice(-8).toUpperCase()}`;
}
