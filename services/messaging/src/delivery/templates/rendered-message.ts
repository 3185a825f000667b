/** What a template produces: the delivery row stores it as is (subject and HTML are null for an SMS). */
export interface RenderedMessage {
  subject: string | null;
  text: string;
  html: string | null;
}

/** Every piece of text that comes from an event goes through this before it reaches a message's HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** "Hola Ana:", or "Hola:" when the event carries no name. */
export function greetingLine(greeting: (name: string) => string, name: string): string {
  return greeting(name).replace(/ :$/, ':');
}

/** The simple HTML of our e-mails around already-escaped parts (inline styles: mail clients drop style sheets). */
export function htmlDocument(parts: readonly string[]): string {
  return [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">',
    ...parts,
    '</body></html>',
  ].join('');
}

/** A link drawn as a button; `href` and `label` are escaped here. */
export function htmlButton(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="background:#1E88E5;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}
