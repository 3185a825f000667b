import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRestStylesWhenNeeded } from './load-rest-styles';

function element(html: string): Element {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.firstElementChild!;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loadRestStylesWhenNeeded', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('does not load the rest for what the storefront paints first', async () => {
    const load = vi.fn(() => Promise.resolve());
    loadRestStylesWhenNeeded(document, load);
    document.body.append(
      element(
        '<div class="mantine-Card-root"><button class="mantine-Button-root mantine-focus-auto mantine-active"><span class="mantine-Button-label">x</span></button></div>',
      ),
    );
    await flush();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the rest once when another Mantine component appears, even deep inside what was added', async () => {
    const load = vi.fn(() => Promise.resolve());
    loadRestStylesWhenNeeded(document, load);
    document.body.append(element('<div><section><div class="mantine-Modal-root"></div></section></div>'));
    await flush();
    document.body.append(element('<div class="mantine-Menu-dropdown"></div>'));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the rest on the first interaction', async () => {
    const load = vi.fn(() => Promise.resolve());
    loadRestStylesWhenNeeded(document, load);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
