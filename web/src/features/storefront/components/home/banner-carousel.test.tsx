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

  it('fades to the next banner every 5 s and wraps around', async () => {
    renderInShop(<BannerCarousel banners={[banner(1), banner(2), banner(3)]} columns={1} />);
    await rendered();
    expect(activeIndex()).toBe(0);
    act(() => void vi.advanceTimersByTime(4999));
    expect(activeIndex()).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(activeIndex()).toBe(1);
    act(() => void vi.advanceTimersByTime(5000));
    expect(activeIndex()).toBe(2);
    act(() => void vi.advanceTimersByTime(5000));
    expect(activeIndex()).toBe(0);
    // The transition lasts 500 ms.
    expect(screen.getAllByTestId('banner-slide')[0]!.style.transitionDuration).toBe('500ms');
  });

  it('pauses while hovered and resumes after', async () => {
    renderInShop(<BannerCarousel banners={[banner(1), banner(2)]} columns={1} />);
    await rendered();
    const region = screen.getByRole('region', { name: 'Promociones' });
    fireEvent.mouseEnter(region);
    act(() => void vi.advanceTimersByTime(15000));
    expect(activeIndex()).toBe(0);
    fireEvent.mouseLeave(region);
    act(() => void vi.advanceTimersByTime(5000));
    expect(activeIndex()).toBe(1);
  });

  it('has arrows and dots in the 1-column layout, dots only in the 2-column one', async () => {
    const { unmount } = renderInShop(<BannerCarousel banners={[banner(1), banner(2), banner(3)]} columns={1} />);
    await rendered();
    fireEvent.click(screen.getByRole('button', { name: 'Promoción anterior' }));
    expect(activeIndex()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la promoción 2' }));
    expect(activeIndex()).toBe(1);
    unmount();
    renderInShop(<BannerCarousel banners={[banner(1), banner(2)]} columns={2} />);
    await rendered();
    expect(screen.getByRole('button', { name: 'Ir a la promoción 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Promoción siguiente' })).toBeNull();
  });

  it('shows a single banner statically and no banner as nothing', async () => {
    const { unmount } = renderInShop(<BannerCarousel banners={[banner(1)]} columns={1} />);
    await rendered();
    expect(screen.queryByRole('button')).toBeNull();
    act(() => void vi.advanceTimersByTime(20000));
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
    expect(bannerTarget(banner(1, { product: 'p', supplier: 's', url: 'https://x.y', action_type: 'product' }))).toEqual({ kind: 'product', path: '/productos/s/p' });
    expect(bannerTarget(banner(1, { action_type: 'none' }))).toEqual({ kind: 'none' });
    expect(bannerTarget(banner(1, { action_type: 'signup' }))).toEqual({ kind: 'signup' });
  });
});
