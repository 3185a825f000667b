import { SmsSender, PermanentDeliveryError, type OutboundMessage, type SentReceipt } from './delivery-provider.js';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** E.164 sender number, or a Messaging Service SID (MG...). */
  from: string;
  /** https://api.twilio.com, or a stand-in in tests. */
  apiUrl: string;
}

/** SMS through Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth). */
export class TwilioSmsSender extends SmsSender {
  readonly name = 'twilio';

  constructor(private readonly settings: TwilioSettings) {
    super();
  }

  async send(message: OutboundMessage): Promise<SentReceipt> {
    const { accountSid, authToken, from, apiUrl } = this.settings;
    const form = new URLSearchParams({ To: message.to, Body: message.text });
    form.set(from.startsWith('MG') ? 'MessagingServiceSid' : 'From', from);
    const res = await fetch(`${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
    if (res.ok) return { provider: this.name, ...(body.sid ? { messageId: body.sid } : {}) };
    const detail = `Twilio answered ${res.status}${body.code ? ` (${body.code})` : ''}${body.message ? `: ${body.message}` : ''}`;
    // Throttling, server trouble and auth hiccups may pass; a refused number or message will not.
    if (res.status === 429 || res.status >= 500 || res.status === 401) throw new Error(detail);
    throw new PermanentDeliveryError(detail);
  }
}
