import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('theme toggle', () => {
  it('switches to dark and keeps the choice in the theme cookie', async () => {
    document.cookie = 'theme=light; Path=/';
    renderApp('/nope');
    fireEvent.click(await screen.findByRole('button', { name: 'Cambiar a tema oscuro' }));
    expect(await screen.findByRole('button', { name: 'Cambiar a tema claro' })).toBeTruthy();
    expect(document.cookie).toContain('theme=dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
  });
});
