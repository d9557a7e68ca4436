import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CanvasEditorRemote from '../../../expose/canvas-editor';
import { promptBox, editButton } from '../../../testing/canvas-steps';
import { renderWithHost } from '../../../testing/render-with-host';

const MEDIA = '/media/generations/image/2026/11/0123456789abcdef0123456789abcdef.png';
const at = (imageUrl: string, rest = '') => `/app/canvas?imageUrl=${encodeURIComponent(imageUrl)}${rest}`;

describe('/app/canvas?imageUrl=', () => {
  it('loads our media image, then removes the parameter from the address bar', async () => {
    const { host, user, api } = renderWithHost(<CanvasEditorRemote />, { route: at(MEDIA) });
    expect(await screen.findByRole('img', { name: 'Main image' })).toHaveAttribute('src', MEDIA);
    expect(host.navigate).toHaveBeenCalledWith('/app/canvas', { replace: true });

    // it is the edit's main image, sent as its media URL
    await user.type(promptBox(), 'make it dusk');
    await user.click(editButton());
    await waitFor(() => expect(api.calls('POST /api/canvas/edit')).toHaveLength(1));
    expect((api.calls('POST /api/canvas/edit')[0]!.body as { inputImages: string[] }).inputImages).toEqual([MEDIA]);
  });

  it('takes the same media on this site written as a full URL, and keeps the other parameters', async () => {
    const { host } = renderWithHost(<CanvasEditorRemote />, { route: at(`${window.location.origin}${MEDIA}`, '&from=gallery') });
    expect(await screen.findByRole('img', { name: 'Main image' })).toHaveAttribute('src', MEDIA);
    expect(host.navigate).toHaveBeenCalledWith('/app/canvas?from=gallery', { replace: true });
  });

  it.each([
    ['another site', `https://images.example.com${MEDIA}`],
    ['a protocol-relative URL', `//images.example.com${MEDIA}`],
    ['another path of ours', '/api/download?url=x'],
    ['a path climbing out of /media', '/media/../api/user-limits'],
    ['a data URL', 'data:image/png;base64,iVBORw=='],
    ['a script URL', 'javascript:alert(1)'],
  ])('ignores %s, and still removes the parameter', async (_, imageUrl) => {
    const { host } = renderWithHost(<CanvasEditorRemote />, { route: at(imageUrl) });
    await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/app/canvas', { replace: true }));
    expect(screen.queryByRole('img', { name: 'Main image' })).not.toBeInTheDocument();
    expect(screen.getByText('Upload a photo')).toBeInTheDocument();
  });
});
