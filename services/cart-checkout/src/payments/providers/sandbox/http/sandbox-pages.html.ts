import type { ProviderPaymentStatus } from '../../../domain/payment-provider.js';
import { REDIRECT_METHOD_NAMES, SANDBOX_PUBLIC_PREFIX, paymentView, type SandboxPaymentRecord } from '../domain/sandbox-payment.js';
import type { SandboxEntry } from '../sandbox.books.js';

/**
 * The sandbox's own pages (issue 12), server-rendered in Spanish: what a provider's 3-D Secure challenge, approval
 * page, cash voucher and bank transfer look like, reduced to what a test needs. No script (the route's CSP allows
 * none): plain forms whose buttons carry the choice, inline CSS that fits a phone.
 */

/** The pages' Content-Security-Policy: no scripts, no fetches, inline styles, forms to this site only. */
export const SANDBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'";

const STATUS_LABELS: Record<ProviderPaymentStatus, string> = {
  requires_action: 'Esperando tu confirmación',
  approved: 'Aprobado, pendiente de cobro',
  processing: 'Pendiente de pago',
  succeeded: 'Pagado',
  failed: 'Rechazado',
  expired: 'Vencido',
  canceled: 'Cancelado',
};

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f4f4f6;color:#1d1d22}
main{max-width:28rem;margin:0 auto;padding:1.25rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 1rem}
.note{background:#fff6d6;border:1px solid #e6c75c;border-radius:8px;padding:.5rem .75rem;font-size:.875rem;margin-bottom:1rem}
dl{margin:0 0 1rem;display:grid;grid-template-columns:auto 1fr;gap:.35rem .75rem}
dt{color:#5b5b66}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.big{font-size:1.5rem;font-weight:700;letter-spacing:.05em;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.barcode{font-family:ui-monospace,monospace;letter-spacing:.2em;border:1px dashed #8a8a96;border-radius:6px;padding:.5rem;text-align:center;margin-bottom:1rem}
.status{display:inline-block;border-radius:999px;padding:.15rem .75rem;background:#e8e8ee;font-weight:600}
form{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button,a.button{flex:1 1 10rem;min-height:48px;border-radius:8px;border:1px solid #1d1d22;font:inherit;font-weight:600;cursor:pointer;text-align:center;padding:.65rem 1rem;text-decoration:none}
button.primary{background:#1d1d22;color:#fff}
button.secondary,a.button{background:#fff;color:#1d1d22}
a.button{display:block}
button:focus-visible,a:focus-visible{outline:3px solid #4b6bfb;outline-offset:2px}
ul{margin:.25rem 0 1rem;padding-left:1.25rem}
`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function formatMoney(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('es-MX', { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(date);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<div class="card">
<h1>${escapeHtml(title)}</h1>
<p class="note" role="note">Entorno de pruebas: no se cobra dinero real.</p>
${body}
</div>
</main>
</body>
</html>`;
}

function details(rows: [string, string][]): string {
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

function status(row: SandboxPaymentRecord): string {
  const label = STATUS_LABELS[row.status as ProviderPaymentStatus] ?? row.status;
  return `<p>Estado: <span class="status">${escapeHtml(label)}</span></p>`;
}

function backLink(url: string): string {
  return `<p><a class="button" href="${escapeHtml(url)}">Volver a la tienda</a></p>`;
}

/** Two labelled buttons in one form posting `result` to the page's own URL. */
function choice(yes: [string, string], no: [string, string]): string {
  return `<form method="post">
<button class="primary" type="submit" name="result" value="${yes[0]}">${escapeHtml(yes[1])}</button>
<button class="secondary" type="submit" name="result" value="${no[0]}">${escapeHtml(no[1])}</button>
</form>`;
}

export function threeDsPage({ row, token }: SandboxEntry): string {
  const waiting = row.method === 'card' && row.status === 'requires_action';
  const card = token ? `${token.brand.toUpperCase()} •••• ${token.last4}` : 'Tarjeta';
  return layout(
    'Verificación 3-D Secure (sandbox)',
    `<p>Tu banco pide confirmar este pago.</p>
${details([
  ['Importe', formatMoney(row.amountMinor, row.currency)],
  ['Tarjeta', card],
  ...(token ? ([['Banco', token.bank]] as [string, string][]) : []),
])}
${waiting ? choice(['approve', 'Autorizar'], ['fail', 'Rechazar']) : `${status(row)}${backLink(row.returnUrl)}`}`,
  );
}

export function approvalPage({ row }: SandboxEntry): string {
  const name = REDIRECT_METHOD_NAMES[row.method as keyof typeof REDIRECT_METHOD_NAMES] ?? row.method;
  const waiting = row.status === 'requires_action';
  const rows: [string, string][] = [
    ['Método', name],
    ['Importe', formatMoney(row.amountMinor, row.currency)],
  ];
  if (row.method === 'aplazo' && row.instalments) rows.push(['Pagos', `${row.instalments} pagos mensuales`]);
  return layout(
    'Aprobar pago (sandbox)',
    `<p>${escapeHtml(name)} pide tu aprobación para este pago.</p>
${details(rows)}
${waiting ? choice(['approve', 'Aprobar'], ['cancel', 'Cancelar']) : `${status(row)}${backLink(row.status === 'canceled' ? row.cancelUrl : row.returnUrl)}`}`,
  );
}

function payForm(kind: 'vouchers' | 'transfers', reference: string): string {
  return `<form method="post" action="${SANDBOX_PUBLIC_PREFIX}/${kind}/${escapeHtml(reference)}/pay">
<button class="primary" type="submit">Marcar como pagada</button>
</form>`;
}

export function voucherPage({ row }: SandboxEntry): string {
  const voucher = paymentView(row).voucher!;
  return layout(
    'Ficha de pago en efectivo (sandbox)',
    `<p>Dicta esta referencia en la caja de cualquiera de las tiendas.</p>
<p class="big">${escapeHtml(voucher.reference)}</p>
<div class="barcode">${escapeHtml(voucher.barcode)}</div>
${details([
  ['Importe', formatMoney(row.amountMinor, row.currency)],
  ['Paga antes del', formatDate(voucher.expiresAt)],
])}
<p>Tiendas:</p>
<ul>${voucher.stores.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
${status(row)}
${row.status === 'processing' ? payForm('vouchers', voucher.reference) : ''}`,
  );
}

export function transferPage({ row }: SandboxEntry): string {
  const transfer = paymentView(row).bankTransfer!;
  return layout(
    'Transferencia SPEI (sandbox)',
    `<p>Transfiere el importe exacto desde la app de tu banco a esta CLABE.</p>
<p class="big">${escapeHtml(transfer.clabe)}</p>
${details([
  ['Importe', formatMoney(row.amountMinor, row.currency)],
  ['Referencia', transfer.reference],
  ['Banco', transfer.bank],
  ['Beneficiario', transfer.beneficiary],
  ['Paga antes del', formatDate(transfer.expiresAt)],
])}
${status(row)}
${row.status === 'processing' ? payForm('transfers', transfer.clabe) : ''}`,
  );
}
