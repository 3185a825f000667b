import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_RENDERED_MARK, useFirstPaintDone } from './first-paint';

function Page() {
  useFirstPaintDone();
  return <p>página</p>;
}

describe('useFirstPaintDone', () => {
  afterEach(() => {
    document.getElementById('vt-first-paint')?.remove();
    performance.clearMarks(APP_RENDERED_MARK);
  });

  it("removes the server's first paint once the app's page has committed, and marks the moment", async () => {
    const shell = document.createElement('div');
    shell.id = 'vt-first-paint';
    document.body.prepend(shell);
    render(<Page />);
    await waitFor(() => expect(document.getElementById('vt-first-paint')).toBeNull());
    expect(performance.getEntriesByName(APP_RENDERED_MARK)).toHaveLength(1);
  });

  it('does nothing (and marks nothing) on a page that had no first paint', () => {
    render(<Page />);
    expect(performance.getEntriesByName(APP_RENDERED_MARK)).toHaveLength(0);
  });
});
