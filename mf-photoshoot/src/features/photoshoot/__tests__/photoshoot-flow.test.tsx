import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PhotoshootFlowRemote from '../../../expose/photoshoot-flow';
import { fakeCharacter, installFakeApi } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { button, chooseClothing, stepItems, stepTitle, toCharacterStep, toClothingStep, toPreviewStep } from '../../../testing/wizard';

const generationInProgress = {
  title: 'Generation in Progress',
  description: 'Please wait for the generation to complete before closing.',
  variant: 'destructive',
};

describe('PhotoshootFlow', () => {
  beforeEach(() => localStorage.clear());

  it('opens at Step 1 of 5 with the five steps, the first current', async () => {
    installFakeApi();
    const { container } = renderWithHost(<PhotoshootFlowRemote />);
    expect(container.querySelector('[data-remote="mf_photoshoot"]')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Step 1 of 5' })).toHaveAttribute('aria-modal', 'true');
    expect(stepItems().map((li) => li.textContent)).toEqual([
      '1Select presets(current)',
      '2Select or create character(pending)',
      '3Generate photos(pending)',
      '4Upload clothing(pending)',
      '5Get your photoset(pending)',
    ]);
    expect(screen.getByRole('heading', { name: 'Select presets' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(button('Next')).toBeEnabled();
    expect(button('Close')).toBeInTheDocument();
    await screen.findByRole('img', { name: 'PLAIN example, pose 9' }); // the example images have loaded
  });

  it('walks forward with Next / Continue and back with Back, marking steps completed, current and pending', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira')];
    const { user } = renderWithHost(<PhotoshootFlowRemote />);

    await toCharacterStep(user);
    expect(stepTitle()).toBe('Step 2 of 5');
    expect(stepItems()[0]).toHaveTextContent('(completed)');
    expect(stepItems()[1]).toHaveAttribute('aria-current', 'step');
    expect(stepItems()[2]).toHaveTextContent('(pending)');
    expect(screen.getByRole('heading', { name: 'Select or create character' })).toHaveFocus();
    expect(button('Continue')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    await user.click(button('Back'));
    expect(stepTitle()).toBe('Step 1 of 5');

    await toClothingStep(user);
    expect(stepTitle()).toBe('Step 4 of 5');
    expect(stepItems().slice(0, 3).every((li) => li.textContent!.endsWith('(completed)'))).toBe(true);

    // Back from 4 keeps the preview (no new generation); back to 2 and on again makes a new one.
    await user.click(button('Back'));
    expect(stepTitle()).toBe('Step 3 of 5');
    expect(screen.getByText('Preview complete!')).toBeInTheDocument();
    expect(api.calls('POST /api/avatar/preview')).toHaveLength(1);
    await user.click(button('Back'));
    await user.click(button('Continue'));
    await screen.findByText('Preview complete!');
    expect(api.calls('POST /api/avatar/preview')).toHaveLength(2);
  });

  it('needs a character to continue from step 2', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toCharacterStep(user);
    await user.click(button('Continue'));
    expect(host.toast).toHaveBeenCalledWith({ title: 'Character Required', description: 'Please select a character', variant: 'destructive' });
    expect(stepTitle()).toBe('Step 2 of 5');
    expect(api.calls('POST /api/avatar/preview')).toHaveLength(0);
  });

  it('closes to the stored return path and clears it', async () => {
    installFakeApi();
    localStorage.setItem('photoshootsReturnPath', '/app/video');
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await user.click(button('Close'));
    expect(host.navigate).toHaveBeenCalledWith('/app/video');
    expect(localStorage.getItem('photoshootsReturnPath')).toBeNull();
  });

  it('closes to /app when no return path is stored, and ignores a stored address of another site', async () => {
    installFakeApi();
    localStorage.setItem('photoshootsReturnPath', '//evil.example/x');
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await user.click(button('Close'));
    expect(host.navigate).toHaveBeenLastCalledWith('/app');
    expect(localStorage.getItem('photoshootsReturnPath')).toBeNull();
    await user.click(button('Close'));
    expect(host.navigate).toHaveBeenLastCalledWith('/app');
  });

  it('resets everything on close: step 1, no character, no clothing, no preview', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toClothingStep(user);
    await chooseClothing(user);
    await user.click(button('Close'));
    expect(host.navigate).toHaveBeenCalledWith('/app');
    // The remote stays mounted in this test (the shell would unmount it): it shows a fresh flow.
    expect(stepTitle()).toBe('Step 1 of 5');
    await toCharacterStep(user);
    expect(await screen.findByRole('button', { name: 'Mira' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(button('Continue'));
    expect(host.toast).toHaveBeenLastCalledWith({ title: 'Character Required', description: 'Please select a character', variant: 'destructive' });
  });

  it('refuses to close while the preview is generated, saying so once per run', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = installFakeApi({ 'POST /api/avatar/preview': () => new Promise((resolve) => (answer = resolve)) });
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toPreviewStep(user);
    expect(button('Back')).toBeDisabled();
    expect(button('Next')).toBeDisabled();

    await user.click(button('Close'));
    await user.click(button('Close'));
    expect(host.toast.mock.calls.filter(([t]) => t.title === 'Generation in Progress')).toEqual([[generationInProgress]]);
    expect(host.navigate).not.toHaveBeenCalled();

    // The run ends: the flag resets, and the flow may close.
    await act(async () => answer({ previewImages: [{ poseIndex: 0, imageUrl: '/media/avatar/previews/2026/11/a.jpg' }] }));
    expect(await screen.findByText('Preview complete!')).toBeInTheDocument();
    await user.click(button('Close'));
    expect(host.navigate).toHaveBeenCalledWith('/app');
  });

  it('warns again in a later run', async () => {
    const answers: Array<(value: unknown) => void> = [];
    const api = installFakeApi({ 'POST /api/avatar/preview': () => new Promise((resolve) => answers.push(resolve)) });
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toPreviewStep(user);
    await user.click(button('Close'));
    await act(async () => answers[0]!({ previewImages: [] }));
    await screen.findByText('Preview complete!');
    await user.click(button('Back'));
    await user.click(button('Continue'));
    await user.click(button('Close'));
    expect(host.toast.mock.calls.filter(([t]) => t.title === 'Generation in Progress')).toHaveLength(2);
    await act(async () => answers[1]!({ previewImages: [] }));
  });

  it('keeps Tab inside the overlay', async () => {
    installFakeApi();
    // jsdom lays nothing out; the trap skips elements without boxes, so give every element one.
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    const { user } = renderWithHost(
      <>
        <a href="/app">Behind the overlay</a>
        <PhotoshootFlowRemote />
      </>,
    );
    await screen.findByRole('img', { name: 'PLAIN example, pose 9' });
    button('Next').focus();
    await user.tab();
    expect(button('Close')).toHaveFocus();
    await user.tab({ shift: true });
    expect(button('Next')).toHaveFocus();
    vi.restoreAllMocks();
  });

  it('keeps Tab inside the overlay while a preview is made, from the heading or the body (Tab went to the header behind it)', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = installFakeApi({ 'POST /api/avatar/preview': () => new Promise((resolve) => (answer = resolve)) });
    api.characters = [fakeCharacter('Mira')];
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    const { user } = renderWithHost(
      <>
        <a href="/app">Behind the overlay</a>
        <PhotoshootFlowRemote />
        <a href="/terms">After the overlay</a>
      </>,
    );
    await toPreviewStep(user);
    expect(button('Next')).toBeDisabled();
    // Focus on the step's heading (the only enabled control, Close, comes before it).
    expect(screen.getByRole('heading', { name: 'Generate photos' })).toHaveFocus();
    await user.tab();
    expect(button('Close')).toHaveFocus();
    await user.tab();
    expect(button('Close')).toHaveFocus();
    // Focus fallen to the body (its control disabled under it).
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await user.tab({ shift: true });
    expect(button('Close')).toHaveFocus();
    await act(async () => answer({ previewImages: [] }));
    vi.restoreAllMocks();
  });

  it('closes on Escape as the Close button does, and not while a preview is made (the toast says why)', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = installFakeApi({ 'POST /api/avatar/preview': () => new Promise((resolve) => (answer = resolve)) });
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toPreviewStep(user);
    await user.keyboard('{Escape}');
    expect(host.toast.mock.calls.filter(([t]) => t.title === 'Generation in Progress')).toEqual([[generationInProgress]]);
    expect(host.navigate).not.toHaveBeenCalled();
    await act(async () => answer({ previewImages: [] }));
    await screen.findByText('Preview complete!');
    await user.keyboard('{Escape}');
    expect(host.navigate).toHaveBeenCalledWith('/app');
  });
});
