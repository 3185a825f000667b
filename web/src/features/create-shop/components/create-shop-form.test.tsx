import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render-app';
import { fakeGateway, renderUi, resetNotices } from '@/test/render-ui';
import { CreateShopForm } from './create-shop-form';

afterEach(resetNotices);

const SLUG_CHECK = 'GET /api/store/shops/slug-availability';
const CREATE = 'POST /api/store/shops';
const WAIT = { timeout: 5_000 };

/** The slug check as the store answers it: 'olga' is taken, 'admin' reserved, anything else free. */
function slugCheck(_request: Request, url: URL) {
  const slug = url.searchParams.get('slug') ?? '';
  if (slug.toLowerCase() === 'olga') return { slug, available: false, reason: 'taken' };
  if (slug.toLowerCase() === 'admin') return { slug, available: false, reason: 'reserved' };
  return { slug, available: true, reason: null };
}

function renderForm(props: { myShopHref?: string | null; ownerId?: string | null } = {}) {
  const onCreated = vi.fn();
  const onAlreadyOwned = vi.fn();
  renderUi(<CreateShopForm origin="https://vitrina.mx" onCreated={onCreated} onAlreadyOwned={onAlreadyOwned} {...props} />);
  return { onCreated, onAlreadyOwned };
}

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Crear mi tienda' });
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
/** What a field says about itself to assistive technology (its description and error, by aria-describedby). */
const describedBy = (testId: string) =>
  (input(testId).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' | ');

describe('the create-shop form (issue 16)', { timeout: 20_000 }, () => {
  it('labels every field and offers the three store types, each with a line that explains it', () => {
    fakeGateway({ [SLUG_CHECK]: slugCheck });
    renderForm();
    expect(screen.getByRole('textbox', { name: /Nombre de la tienda/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Dominio/ })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: /Tipo de tienda/ })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Tienda propia' }).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Afiliado' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Afinidad' })).toBeTruthy();
    expect(screen.getByText('Revende productos de proveedores y gana comisiones por cada venta.')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it('suggests the slug from the name until the user writes their own, and shows the future address', async () => {
    fakeGateway({ [SLUG_CHECK]: slugCheck });
    renderForm();
    type('create-shop-name', 'Café La Niña');
    expect(input('create-shop-slug').value).toBe('cafe-la-nina');
    expect(screen.getByText('Tu tienda estará en: https://vitrina.mx/tienda/cafe-la-nina')).toBeTruthy();
    type('create-shop-slug', 'mi_cafe');
    type('create-shop-name', 'Café La Niña Dos');
    expect(input('create-shop-slug').value).toBe('mi_cafe');
    // Cleared, the slug follows the name again.
    type('create-shop-slug', '');
    type('create-shop-name', 'Otra Tienda');
    expect(input('create-shop-slug').value).toBe('otra-tienda');
  });

  it('explains a malformed slug at once, without asking the server', async () => {
    const api = fakeGateway({ [SLUG_CHECK]: slugCheck });
    renderForm();
    type('create-shop-name', 'Mi tienda');
    type('create-shop-slug', 'mi tienda');
    expect(describedBy('create-shop-slug')).toContain('Usa solo letras, números, guion (-) y guion bajo (_), sin espacios ni acentos');
    type('create-shop-slug', 'ab');
    expect(describedBy('create-shop-slug')).toContain('Usa al menos 3 caracteres');
    type('create-shop-slug', 'a'.repeat(61));
    expect(describedBy('create-shop-slug')).toContain('Usa como máximo 60 caracteres');
    // said again in the live status line, for screen readers
    expect(screen.getByRole('status').textContent).toBe('Usa como máximo 60 caracteres');
    expect(input('create-shop-slug').getAttribute('aria-invalid')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(api.callsTo(SLUG_CHECK)).toHaveLength(0);
    expect(submitButton().disabled).toBe(true);
  });

  it('checks the slug once the user stops typing: a loader, then Disponible', async () => {
    let answer: (value: object) => void = () => {};
    const api = fakeGateway({
      [SLUG_CHECK]: (request, url) => new Promise<object>((resolve) => (answer = () => resolve(slugCheck(request, url)))),
    });
    renderForm();
    type('create-shop-name', 'T');
    type('create-shop-name', 'Ta');
    type('create-shop-name', 'Tacos Pepe');
    expect(screen.getByTestId('create-shop-slug-checking')).toBeTruthy();
    expect(screen.getByText('Comprobando el dominio…')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    await waitFor(() => expect(api.callsTo(SLUG_CHECK)).toHaveLength(1), WAIT);
    // Debounced: only the last value was asked about.
    expect(api.callsTo(SLUG_CHECK)[0]?.url.searchParams.get('slug')).toBe('tacos-pepe');
    expect(submitButton().disabled).toBe(true);
    answer({});
    expect(await screen.findByTestId('create-shop-slug-available', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Disponible');
    expect(submitButton().disabled).toBe(false);
  });

  it("says 'Este dominio no está disponible' for a taken slug and the reserved text for a reserved one", async () => {
    fakeGateway({ [SLUG_CHECK]: slugCheck });
    renderForm();
    type('create-shop-name', 'Olga');
    await waitFor(() => expect(describedBy('create-shop-slug')).toContain('Este dominio no está disponible'), WAIT);
    expect(input('create-shop-slug').getAttribute('aria-invalid')).toBe('true');
    expect(submitButton().disabled).toBe(true);
    type('create-shop-slug', 'admin');
    await waitFor(
      () => expect(describedBy('create-shop-slug')).toContain('Este dominio está reservado para la plataforma; elige otro'),
      WAIT,
    );
    expect(submitButton().disabled).toBe(true);
  });

  it('still lets the user create when the check itself fails (the server decides)', async () => {
    fakeGateway({ [SLUG_CHECK]: () => jsonResponse(503, { code: 'service_unavailable', message: 'down' }) });
    renderForm();
    type('create-shop-name', 'Tacos Pepe');
    expect(await screen.findByText('No pudimos comprobar el dominio ahora; lo comprobaremos al crear tu tienda', {}, WAIT)).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
  });

  it('creates the shop with the name, slug and type chosen, showing a loading state meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeGateway({
      [SLUG_CHECK]: slugCheck,
      [CREATE]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { onCreated } = renderForm();
    type('create-shop-name', '  Tacos Pepe ');
    fireEvent.click(screen.getByRole('radio', { name: 'Afiliado' }));
    await screen.findByTestId('create-shop-slug-available', {}, WAIT);
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toEqual({ name: 'Tacos Pepe', slug: 'tacos-pepe', store_type: 'affiliate' });
    expect(screen.getByText('Creando tu tienda…')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    expect(input('create-shop-name').disabled).toBe(true);
    answer(jsonResponse(201, { id: 'shop-1', slug: 'tacos-pepe', name: 'Tacos Pepe' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'shop-1', slug: 'tacos-pepe' })));
  });

  it('uploads the chosen logo to the gallery and creates the shop with it; refuses a file the gallery would not take', async () => {
    const GALLERY = 'POST /api/gallery/user-1:user-1';
    const api = fakeGateway({
      [SLUG_CHECK]: slugCheck,
      [GALLERY]: () => jsonResponse(201, { id: 'img-1', url: '/api/gallery/user-1/logo.png', main_colors: [] }),
      [CREATE]: () => jsonResponse(201, { id: 'shop-1', slug: 'tacos-pepe', name: 'Tacos Pepe' }),
    });
    const { onCreated } = renderForm({ ownerId: 'user-1' });
    type('create-shop-name', 'Tacos Pepe');
    await screen.findByTestId('create-shop-slug-available', {}, WAIT);
    const file = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(file, { target: { files: [new File(['gif'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('El logo debe ser JPG, PNG o SVG de hasta 4 MB')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(file, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(api.callsTo(GALLERY)).toHaveLength(1);
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      name: 'Tacos Pepe',
      slug: 'tacos-pepe',
      store_type: 'others',
      photo: '/api/gallery/user-1/logo.png',
    });
  });

  it('an affinity shop names its referrer (the referral cookie), so it hangs from their affinity store', async () => {
    document.cookie = 'referralID=user-9; Path=/';
    const api = fakeGateway({
      [SLUG_CHECK]: slugCheck,
      [CREATE]: () => jsonResponse(201, { id: 'shop-1', slug: 'grupo-ana', name: 'Grupo Ana' }),
    });
    const { onCreated } = renderForm();
    type('create-shop-name', 'Grupo Ana');
    fireEvent.click(screen.getByRole('radio', { name: 'Afinidad' }));
    await screen.findByTestId('create-shop-slug-available', {}, WAIT);
    fireEvent.click(submitButton());
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(api.callsTo(CREATE)[0]?.body).toEqual({ name: 'Grupo Ana', slug: 'grupo-ana', store_type: 'affinity', referral: 'user-9' });
    document.cookie = 'referralID=; Max-Age=0; Path=/';
  });

  it('marks the slug when the server says it was taken meanwhile', async () => {
    fakeGateway({
      [SLUG_CHECK]: slugCheck,
      [CREATE]: () => jsonResponse(409, { code: 'slug_taken', message: 'taken' }),
    });
    const { onCreated } = renderForm();
    type('create-shop-name', 'Tacos Pepe');
    await screen.findByTestId('create-shop-slug-available', {}, WAIT);
    fireEvent.click(submitButton());
    const alert = await screen.findByTestId('create-shop-error');
    expect(alert.textContent).toContain('Este dominio no está disponible');
    expect(describedBy('create-shop-slug')).toContain('Este dominio no está disponible');
    await waitFor(() => expect(document.activeElement).toBe(input('create-shop-slug')));
    expect(submitButton().disabled).toBe(true);
    expect(onCreated).not.toHaveBeenCalled();
    // Another slug can be tried.
    type('create-shop-slug', 'tacos-pepe-2');
    await screen.findByTestId('create-shop-slug-available', {}, WAIT);
    expect(submitButton().disabled).toBe(false);
  });

  it("says 'Ya tienes una tienda' with a link to it, and has the page read the profile again", async () => {
    fakeGateway({
      [SLUG_CHECK]: slugCheck,
      [CREATE]: () => jsonResponse(409, { code: 'shop_already_owned', message: 'owned' }),
    });
    const { onAlreadyOwned } = renderForm({ myShopHref: '/tienda/mia/' });
    type('create-shop-name', 'Tacos Pepe');
    await screen.findByTestId('create-shop-slug-available', {}, WAIT);
    fireEvent.click(submitButton());
    const alert = await screen.findByTestId('create-shop-error');
    expect(alert.textContent).toContain('Ya tienes una tienda');
    expect(screen.getByRole('link', { name: 'Ir a mi tienda' }).getAttribute('href')).toBe('/tienda/mia/');
    expect(onAlreadyOwned).toHaveBeenCalledTimes(1);
  });

  it('offers a retry after any other failure', async () => {
    let calls = 0;
    const api = fakeGateway({
      [SLUG_CHECK]: slugCheck,
      [CREATE]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(500, { code: 'internal_error', message: 'boom' })
          : jsonResponse(201, { id: 'shop-1', slug: 'tacos-pepe', name: 'Tacos Pepe' });
      },
    });
    const { onCreated } = renderForm();
    type('create-shop-name', 'Tacos Pepe');
    await screen.findByTestId('create-shop-slug-available', {}, WAIT);
    fireEvent.click(submitButton());
    const alert = await screen.findByTestId('create-shop-error');
    expect(alert.textContent).toContain('No pudimos crear tu tienda. Inténtalo de nuevo.');
    expect(alert.textContent).not.toContain('boom');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(api.callsTo(CREATE)).toHaveLength(2);
    expect(screen.queryByTestId('create-shop-error')).toBeNull();
  });

  it('asks to sign in again when the session ended', async () => {
    fakeGateway({
      [SLUG_CHECK]: slugCheck,
      [CREATE]: () => jsonResponse(401, { code: 'unauthorized', message: 'no' }),
    });
    renderForm();
    type('create-shop-name', 'Tacos Pepe');
    await screen.findByTestId('create-shop-slug-available', {}, WAIT);
    fireEvent.click(submitButton());
    expect((await screen.findByTestId('create-shop-error')).textContent).toContain('Tu sesión terminó');
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('explains an empty name once the user leaves it', () => {
    fakeGateway({ [SLUG_CHECK]: slugCheck });
    renderForm();
    expect(screen.queryByText('Escribe el nombre de tu tienda')).toBeNull();
    fireEvent.blur(input('create-shop-name'));
    expect(screen.getByText('Escribe el nombre de tu tienda')).toBeTruthy();
  });
});
