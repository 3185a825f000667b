import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGateway, renderUi, resetNotices } from '@/test/render-ui';
import { OWNER, shopFixture, STORE } from '../test/fixtures';
import { BannerEditorModal } from './banner-editor-modal';

afterEach(resetNotices);

// The modal's first render transforms Mantine's modules: slow on a busy machine.
describe('<BannerEditorModal> form (@mantine/form, spec 1 §5)', { timeout: 30_000 }, () => {
  it('requires both images and a URL for a URL link, and sends nothing until then', async () => {
    const api = fakeGateway({ [`GET ${STORE}/banners`]: () => ({ results: [], matches_estimated: 0 }) });
    renderUi(<BannerEditorModal owner={OWNER} shop={shopFixture()} opened onClose={() => {}} onSaved={() => {}} />);
    fireEvent.click(await screen.findByTestId('banner-add', {}, { timeout: 15_000 }));
    fireEvent.click(await screen.findByTestId('banner-save'));
    expect(await screen.findAllByText('La imagen es obligatoria')).toHaveLength(2);
    expect(api.callsTo(`POST ${STORE}/banners`)).toHaveLength(0);
  });
});
