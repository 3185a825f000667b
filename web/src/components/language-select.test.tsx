import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('language selector', () => {
  it('switches the texts to English, writes the locale cookie and sets <html lang>', async () => {
    renderApp('/nope');
    expect(await screen.findByText('¡Página no encontrada!')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Idioma' }), { target: { value: 'en' } });

    expect(await screen.findByRole('heading', { name: 'Page not found!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
    expect(document.cookie).toContain('locale=en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('falls back to neutral Spanish for texts es-AR does not override', async () => {
    renderApp('/', { locale: 'es-AR' });
    expect(await screen.findByRole('link', { name: 'Mirá la tienda de demostración' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Tu tienda en línea, lista para vender' })).toBeTruthy();
  });
});
