import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { banner } from '@/features/storefront/test/fixtures';
import { renderInShop } from '@/features/storefront/test/render-in-shop';
import { bannerTarget, BannerCarousel } from './banner-carousel';

/** Lets the router render (microtasks and zero-delay timers) without moving the carousel's clock. */
async function rendered(): Promise<HTMLElement[]> {
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(0));
  return screen.queryAllByTestId('banner-slide');
}

/** Moves the clock and lets React's updates run. */
async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 3; i++) await act(() => vi.advanceTimersByTimeAsync(0));
}

function activeIndex(): number {
  return screen.getAllByTestId('banner-slide').findIndex((slide) => slide.hasAttribute('data-active'));
}

describe('<BannerCarousel>', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves to the next banner every 5 s and wraps around', async () => {
    renderInShop(<BannerCarousel banners={[banner(1), banner(2), banner(3)]} columns={1} />);
    await rendered();
    expect(activeIndex()).toBe(0);
    act(() => void vi.advanceTimersByTime(4999));
    expect(activeIndex()).toBe(0);
    await advance(1);
    expect(activeIndex()).toBe(1);
    await advance(5000);
    expect(activeIndex()).toBe(2);
    await advance(5000);
    expect(activeIndex()).toBe(0);
  });

  it('pauses while hovered and resumes after', async () => {
    renderInShop(<BannerCarousel banners={[banner(1), banner(2)]} columns={1} />);
    await rendered();
    const region = screen.getByRole('region', { name: 'Promociones' });
    fireEvent.mouseEnter(region);
    await advance(15000);
    expect(activeIndex()).toBe(0);
    fireEvent.mouseLeave(region);
    await advance(5000);
    expect(activeIndex()).toBe(1);
  });

  it('has a visible pause control that stops the autoplay and starts it again', async () => {
    renderInShop(<BannerCarousel banners={[banner(1), banner(2)]} columns={1} />);
    await rendered();
    fireEvent.click(screen.getByRole('button', { name: 'Pausar las promociones' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Reanudar las promociones' }));
    await advance(15000);
    expect(activeIndex()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar las promociones' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pausar las promociones' }));
    await advance(5000);
    expect(activeIndex()).toBe(1);
  });

  it('does not autoplay for a visitor who prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    }));
    renderInShop(<BannerCarousel banners={[banner(1), banner(2)]} columns={1} />);
    await rendered();
    await advance(20000);
    expect(activeIndex()).toBe(0);
    expect(screen.getByRole('button', { name: 'Reanudar las promociones' })).toBeTruthy();
  });

  it('loads only the shown slide and the next; the others when they come up', async () => {
    renderInShop(<BannerCarousel banners={[1, 2, 3, 4, 5].map((n) => banner(n))} columns={1} />);
    await rendered();
    const sources = () => [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources()).toEqual(['/img/banner-1.png', '/img/banner-2.png']);
    expect(screen.getAllByTestId('banner-placeholder')).toHaveLength(3);
    await advance(5000);
    expect(sources()).toEqual(['/img/banner-1.png', '/img/banner-2.png', '/img/banner-3.png']);
  });

  it('has arrows and dots in the 1-column layout, dots only in the 2-column one', async () => {
    const { unmount } = renderInShop(<BannerCarousel banners={[banner(1), banner(2), banner(3)]} columns={1} />);
    await rendered();
    fireEvent.click(screen.getByRole('button', { name: 'Promoción anterior' }));
    await advance(0);
    expect(activeIndex()).toBe(2);
    fireEvent.click(screen.getByRole('tab', { name: 'Ir a la promoción 2' }));
    await advance(0);
    expect(activeIndex()).toBe(1);
    unmount();
    renderInShop(<BannerCarousel banners={[banner(1), banner(2)]} columns={2} />);
    await rendered();
    expect(screen.getByRole('tab', { name: 'Ir a la promoción 1' })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'Elegir una promoción' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Promoción siguiente' })).toBeNull();
  });

  it('follows a touch swipe sideways, springs back from a short or vertical one', async () => {
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    renderInShop(<BannerCarousel banners={[banner(1), banner(2), banner(3)]} columns={1} />);
    await rendered();
    const viewport = screen.getAllByTestId('banner-slide')[0]!.parentElement!.parentElement!;
    const swipe = async (dx: number, dy: number) => {
      fireEvent.pointerDown(viewport, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 100 });
      fireEvent.pointerMove(viewport, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx / 2, clientY: 100 + dy / 2 });
      fireEvent.pointerUp(viewport, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx, clientY: 100 + dy });
      await advance(0);
    };
    await swipe(-100, 5);
    expect(activeIndex()).toBe(1);
    await swipe(20, 0);
    expect(activeIndex()).toBe(1);
    await swipe(10, 120);
    expect(activeIndex()).toBe(1);
    await swipe(100, 0);
    await swipe(100, 0);
    expect(activeIndex()).toBe(2);
    width.mockRestore();
  });

  it('moves with the arrow keys on the dots, as a tablist does', async () => {
    renderInShop(<BannerCarousel banners={[banner(1), banner(2), banner(3)]} columns={2} />);
    await rendered();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Ir a la promoción 1' }), { key: 'ArrowRight' });
    await advance(0);
    expect(activeIndex()).toBe(1);
    const second = screen.getByRole('tab', { name: 'Ir a la promoción 2' });
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(second, { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Ir a la promoción 1' }), { key: 'ArrowLeft' });
    await advance(0);
    expect(activeIndex()).toBe(2);
  });

  it('shows a single banner statically and no banner as nothing', async () => {
    const { unmount } = renderInShop(<BannerCarousel banners={[banner(1)]} columns={1} />);
    await rendered();
    expect(screen.queryByRole('button')).toBeNull();
    await advance(20000);
    expect(activeIndex()).toBe(0);
    unmount();
    renderInShop(<BannerCarousel banners={[]} columns={1} />);
    await rendered();
    expect(document.querySelector('section')).toBeNull();
    expect(screen.queryAllByTestId('banner-slide')).toHaveLength(0);
  });

  it('links product slides to the product and url slides to a new tab when url_target', async () => {
    renderInShop(
      <BannerCarousel
        banners={[
          banner(1, { action_type: 'product', product: 'p1', supplier: 's1' }),
          banner(2, { action_type: 'url', url: 'https://example.com/promo', url_target: true }),
          banner(3, { action_type: 'url', url: 'https://example.com/same', url_target: false }),
        ]}
        columns={1}
      />,
    );
    const links = (await rendered()).map((slide) => slide.querySelector('a'));
    expect(links[0]?.getAttribute('href')).toBe('/tienda/demo/productos/s1/p1');
    expect(links[1]?.getAttribute('href')).toBe('https://example.com/promo');
    expect(links[1]?.getAttribute('target')).toBe('_blank');
    expect(links[1]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[2]?.getAttribute('target')).toBeNull();
  });
});

describe('bannerTarget', () => {
  it('prefers the product when product and supplier are set', () => {
    expect(bannerTarget(banner(1, { product: 'p', supplier: 's', url: 'https://x.y', action_type: 'product' }))).toEqual({
      kind: 'product',
      path: '/productos/s/p',
    });
    expect(bannerTarget(banner(1, { action_type: 'none' }))).toEqual({ kind: 'none' });
    expect(bannerTarget(banner(1, { action_type: 'signup' }))).toEqual({ kind: 'signup' });
  });
});
