/**
 * The inbox benchmarks' world (issue 15), shared by `run.mjs` (message-send, conversation-list) and
 * `live-delivery.mjs`: the bench shoppers and suppliers signed in (the stack started with SEED_BENCH_SHOPPERS=50:
 * accounts seeds them, messaging seeds their names), and a conversation with one message between every shopper and
 * every supplier. PUT answers the existing conversation, so a second preflight adds nothing.
 */
import { BENCH_SUPPLIERS, benchShopperEmail, benchShopperId, benchSupplierEmail, benchSupplierId } from '@vitrina/contracts';

/**
 * @param {string} target the gateway's base URL
 * @param {{ signIn: (target: string, email: string) => Promise<string>, fail: (message: string) => never, shoppers: number }} o
 */
export async function inboxWorld(target, { signIn, fail, shoppers: count }) {
  const shoppers = [];
  for (let n = 1; n <= count; n++)
    shoppers.push({ id: benchShopperId(n), token: await signIn(target, benchShopperEmail(n)), conversations: [] });
  const suppliers = [];
  for (let n = 1; n <= BENCH_SUPPLIERS; n++) suppliers.push({ id: benchSupplierId(n), token: await signIn(target, benchSupplierEmail(n)) });
  const send = async (method, path, token, body) => {
    const res = await fetch(new URL(path, target), {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok)
      fail(`preflight ${method} ${path} answered ${res.status} ${JSON.stringify(answer)}: start the stack with SEED_BENCH_SHOPPERS=50`);
    return answer;
  };
  await Promise.all(
    shoppers.map(async (s) => {
      for (const supplier of suppliers) {
        const conversation = await send('PUT', `/api/conversation/${s.id}:${s.id}/conversation`, s.token, { peer: supplier.id });
        if (conversation.last_message_date === null)
          await send('POST', `/api/messages/${s.id}:${s.id}/messages/${conversation.id}`, s.token, { body: 'Hola, ¿hacen envíos?' });
        s.conversations.push(conversation.id);
      }
    }),
  );
  return { shoppers, suppliers };
}
