import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { SupplierInviteBanner } from './supplier-invite-banner';

/** spec 2 §2 'Supplier-invitation banners' (issue 16): the line banner, and the special shop's 'Proveedor' card. */
describe('SupplierInviteBanner', () => {
  it('invites in one line to the supplier landing', () => {
    renderUi(<SupplierInviteBanner shopName="Bazar Demo" card={false} />);
    expect(screen.getByText('¿Quieres ser proveedor de Bazar Demo?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver más' }).getAttribute('href')).toBe('/proveedores');
    expect(screen.queryByRole('link', { name: 'Regístrate aquí' })).toBeNull();
  });

  it("shows the recruitment shop's 'Proveedor' card, whose 'Regístrate aquí' opens the supplier sign-up", () => {
    renderUi(<SupplierInviteBanner shopName="Bazar Demo" card />);
    const card = screen.getByRole('region', { name: 'Proveedor' });
    expect(card.textContent).toContain('Vende tus productos en Bazar Demo');
    expect(screen.getByRole('link', { name: 'Regístrate aquí' }).getAttribute('href')).toBe('/proveedor/registro');
    expect(screen.getByRole('link', { name: 'Ver más' }).getAttribute('href')).toBe('/proveedores');
  });

  it('speaks es-AR and English', () => {
    const ar = renderUi(<SupplierInviteBanner shopName="Bazar" card />, 'es-AR');
    expect(screen.getByRole('link', { name: 'Registrate acá' })).toBeTruthy();
    ar.unmount();
    renderUi(<SupplierInviteBanner shopName="Bazar" card />, 'en');
    expect(screen.getByRole('region', { name: 'Supplier' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up here' })).toBeTruthy();
  });
});
