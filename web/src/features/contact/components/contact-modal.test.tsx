import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { entry, SEND, SHOP_ID } from '../test/fixtures';
import { ContactButton } from './contact-button';
import { ContactModal } from './contact-modal';

type Handler = (request: Request) => Response | Promise<Response>;
const WAIT = { timeout: 10_000 };
const SHOP = { ref: SHOP_ID, name: 'Bazar de Daniela' };
const SIGNED_IN: Record<string, Handler> = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile({ full_name: 'Ana Pérez', email: 'ana@example.com' })),
};

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const fill = (values: { name?: string; email?: string; phone?: string; message?: string }) => {
  if (values.name !== undefined) type(/^Nombre/, values.name);
  if (values.email !== undefined) type(/^Correo electrónico/, values.email);
  if (values.phone !== undefined) type(/^Teléfono/, values.phone);
  if (values.message !== undefined) type(/^Mensaje/, values.message);
};
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('the contact modal (spec 1 §2: shop-level and product-level enquiries)', { timeout: 30_000 }, () => {
  it('shop-level: says Contacto, checks the fields in Spanish and sends nothing while they are wrong', async () => {
    const api = fakeApi({});
    renderUi(<ContactModal opened onClose={() => {}} shop={SHOP} />);
    const dialog = await screen.findByRole('dialog', { name: 'Contacto' }, WAIT);
    expect(within(dialog).getByText(/Escribe a Bazar de Daniela/)).toBeTruthy();
    send();
    expect(await screen.findByText('Escribe tu nombre')).toBeTruthy();
    expect(screen.getByText('Escribe tu correo electrónico')).toBeTruthy();
    expect(screen.getByText('Escribe tu mensaje')).toBeTruthy();
    fill({ name: 'Ana', email: 'ana@', phone: '123', message: 'Hola' });
    expect(await screen.findByText('Escribe un correo electrónico válido')).toBeTruthy();
    expect(screen.getByText('El teléfono debe tener de 8 a 15 dígitos')).toBeTruthy();
    expect(screen.queryByText('Escribe tu nombre')).toBeNull();
    send();
    expect(api.callsTo(SEND)).toHaveLength(0);
  });

  it('sends the trimmed fields and the phone as digits, shows the sending state, then ¡Gracias!', async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      [SEND]: () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(201, entry(1))))),
    });
    renderUi(<ContactModal opened onClose={() => {}} shop={SHOP} />);
    await screen.findByRole('dialog', { name: 'Contacto' }, WAIT);
    fill({ name: '  Ana  ', email: 'ana@example.com ', phone: '+52 55 1234-5678', message: ' ¿Hacen envíos? ' });
    send();
    const sending = await screen.findByRole('button', { name: /Enviando/ }, WAIT);
    expect(sending.getAttribute('data-loading')).not.toBeNull();
    expect(field(/^Nombre/).disabled).toBe(true);
    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(1), WAIT);
    expect(api.callsTo(SEND)[0]?.body).toEqual({ name: 'Ana', email: 'ana@example.com', phone: '525512345678', message: '¿Hacen envíos?' });
    release();
    expect(await screen.findByText('¡Gracias! Tu mensaje fue enviado.', {}, WAIT)).toBeTruthy();
  });

  it.each([
    [
      jsonResponse(429, { code: 'too_many_contacts', message: 'slow down' }),
      'Enviaste varios mensajes seguidos. Intenta de nuevo en unos minutos.',
    ],
    [jsonResponse(404, { code: 'shop_not_found', message: 'No such shop' }), 'Esta tienda ya no recibe mensajes.'],
    [jsonResponse(400, { code: 'validation_failed', message: 'bad' }), 'Revisa los datos del formulario.'],
    [jsonResponse(500, { code: 'internal_error', message: 'boom' }), 'No pudimos enviar tu mensaje. Intenta de nuevo.'],
  ])('says what went wrong and keeps what was typed (%#)', async (answer, text) => {
    fakeApi({ [SEND]: () => answer.clone() });
    renderUi(<ContactModal opened onClose={() => {}} shop={SHOP} />);
    await screen.findByRole('dialog', { name: 'Contacto' }, WAIT);
    fill({ name: 'Ana', email: 'ana@example.com', message: 'Hola' });
    send();
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toContain(text);
    expect(field(/^Mensaje/).value).toBe('Hola');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
  });

  it('product-level: says Preguntar por este producto with the item’s name, and sends its id', async () => {
    const api = fakeApi({ [SEND]: () => jsonResponse(201, entry(2, { item_id: 'item-9' })) });
    renderUi(<ContactButton shop={SHOP} item={{ id: 'item-9', name: 'Jarrón de Talavera' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Preguntar por este producto' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Preguntar por este producto' }, WAIT);
    expect(within(dialog).getByTestId('contact-item-name').textContent).toBe('Jarrón de Talavera');
    fill({ name: 'Ana', email: 'ana@example.com', message: '¿Qué medidas tiene?' });
    send();
    expect(await screen.findByText('¡Gracias! Tu mensaje fue enviado.', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(SEND)[0]?.body).toMatchObject({ item_id: 'item-9', message: '¿Qué medidas tiene?' });
  });

  it('fills in a signed-in user’s name and e-mail', async () => {
    fakeApi(SIGNED_IN);
    renderUi(<ContactModal opened onClose={() => {}} shop={SHOP} />);
    await screen.findByRole('dialog', { name: 'Contacto' }, WAIT);
    await waitFor(() => expect(field(/^Nombre/).value).toBe('Ana Pérez'), WAIT);
    expect(field(/^Correo electrónico/).value).toBe('ana@example.com');
  });

  it('speaks English in English', async () => {
    fakeApi({});
    renderUi(<ContactModal opened onClose={() => {}} shop={SHOP} />, 'en');
    await screen.findByRole('dialog', { name: 'Contact' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter your name')).toBeTruthy();
  });
});
