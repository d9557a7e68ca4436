import { PHOTOSHOOT_SESSION_KEY, USER_LIMITS_KEY } from '@atelier/host';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PhotoshootFlowRemote from '../../../expose/photoshoot-flow';
import { fakeCharacter, installFakeApi, json, type PhotoshootFakeApi } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { button, chooseClothing, elapse, stepTitle, toClothingStep } from '../../../testing/wizard';

const jobCalls = (api: PhotoshootFakeApi) => api.calls('GET /api/avatar/job/:jobId');
const finalProgress = () => screen.getByRole('progressbar', { name: 'Generating final photos...' }).closest('div')!.parentElement!;
const photoButtons = () => within(screen.getByRole('list', { name: 'Photos' })).queryAllByRole('button');

/** Renders the flow at step 4 with clothing chosen, then switches to fake timers and clicks Next. */
async function startGeneration(setup?: (api: PhotoshootFakeApi) => void) {
  const api = installFakeApi();
  const mira = fakeCharacter('Mira');
  api.characters = [mira];
  setup?.(api);
  const view = renderWithHost(<PhotoshootFlowRemote />);
  await toClothingStep(view.user);
  const clothing = await chooseClothing(view.user);
  vi.useFakeTimers();
  await view.user.click(button('Next'));
  await elapse(); // the POST answers and the first poll (at once) is answered
  return { ...view, api, mira, clothing };
}

afterEach(() => vi.useRealTimers());

describe('the photo set step', () => {
  it('comes back to a photoshoot after a reload, being made or made (it started over at step 1), and forgets it when closed', async () => {
    const { api, unmount } = await startGeneration();
    api.setJob('job_1', { completedPoses: 3 });
    unmount(); // the page reloads: the tab keeps which photoshoot is being made
    const again = renderWithHost(<PhotoshootFlowRemote />);
    await elapse();
    expect(stepTitle()).toBe('Step 5 of 5');
    expect(finalProgress()).toHaveTextContent('3 / 10');
    api.finishJob('job_1');
    await elapse(2000);
    expect(photoButtons()).toHaveLength(10);
    // Made: a reload still comes back to its photos (Download All, Continue in Image), until the wizard is closed.
    expect(window.sessionStorage.getItem(PHOTOSHOOT_SESSION_KEY)).toBe('job_1');
    again.unmount();
    renderWithHost(<PhotoshootFlowRemote />);
    await elapse();
    expect(stepTitle()).toBe('Step 5 of 5');
    expect(photoButtons()).toHaveLength(10);
    await act(async () => button('Close').click());
    expect(window.sessionStorage.getItem(PHOTOSHOOT_SESSION_KEY)).toBeNull();
  });

  it('shows each photo in its pose\'s place as poses finish out of order', async () => {
    const { api } = await startGeneration();
    const twoDone = [0, 4].map((poseIndex) => ({ poseIndex, imageUrl: `/media/avatar/poses/2026/11/pose-${poseIndex}.jpg` }));
    api.setJob('job_1', { completedPoses: 2, generations: twoDone });
    await elapse(2000);
    const items = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(within(items[0]!).getByRole('button', { name: 'Open pose 1' })).toBeInTheDocument();
    expect(within(items[4]!).getByRole('button', { name: 'Open pose 5' })).toBeInTheDocument();
    for (const slot of [1, 2, 3, 5]) expect(within(items[slot]!).queryByRole('button')).toBeNull();
  });

  it('starts the generation with characterId and clothingImage as multipart, then polls at once and every 2 s', async () => {
    const { api, mira, clothing, host, queryClient } = await startGeneration();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(stepTitle()).toBe('Step 5 of 5');
    const [post] = api.calls('POST /api/avatar/generate');
    expect(post!.body).toBeInstanceOf(FormData);
    expect((post!.body as FormData).get('characterId')).toBe(mira.characterId);
    expect((post!.body as FormData).get('clothingImage')).toBe(clothing);
    expect(host.track).toHaveBeenCalledWith('generation_started', { generation_type: 'photoshoot' });

    expect(jobCalls(api).map((r) => r.params.jobId)).toEqual(['job_1']);
    expect(finalProgress()).toHaveTextContent('Generating final photos...0 / 10');
    expect(screen.getByText('Generating pose 1/10...')).toBeInTheDocument();
    expect(screen.getAllByRole('status', { name: /^Generating photo \d+$/ })).toHaveLength(10);
    // No Back on the photo set; Download All and Continue in Image wait for the 10 photos.
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(button('Download All')).toBeDisabled();
    expect(button('Continue in Image')).toBeDisabled();

    api.setJob('job_1', { completedPoses: 3 });
    await elapse(1999);
    expect(jobCalls(api)).toHaveLength(1);
    await elapse(1);
    expect(jobCalls(api)).toHaveLength(2);
    expect(finalProgress()).toHaveTextContent('3 / 10');
    expect(screen.getByText('Generating pose 4/10...')).toBeInTheDocument();
    expect(photoButtons().map((b) => b.getAttribute('aria-label'))).toEqual(['Open pose 1', 'Open pose 2', 'Open pose 3']);
    expect(button('Download All')).toBeDisabled();

    api.finishJob('job_1');
    await elapse(2000);
    expect(jobCalls(api)).toHaveLength(3);
    expect(screen.getByText('Generation complete!')).toBeInTheDocument();
    // Done: the progress no longer says it is generating.
    expect(screen.queryByText('Generating final photos...')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Your photo set is ready' }).closest('div')!.parentElement!).toHaveTextContent('10 / 10');
    expect(photoButtons()).toHaveLength(10);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/generations'] });
    expect(host.track).toHaveBeenCalledWith('generation_completed', { generation_type: 'photoshoot' });
    expect(button('Download All')).toBeEnabled();
    expect(button('Continue in Image')).toBeEnabled();

    await elapse(10_000);
    expect(jobCalls(api)).toHaveLength(3); // polling stopped
  });

  it('uses the job’s own total once it reports one', async () => {
    const { api } = await startGeneration((api) =>
      api.on('POST /api/avatar/generate', () => {
        api.jobs.set('job_9', { status: 'processing', completedPoses: 2, totalPoses: 12, generations: [], errorMessage: null });
        return json({ jobId: 'job_9' }, 202);
      }),
    );
    expect(jobCalls(api)[0]!.params.jobId).toBe('job_9');
    expect(finalProgress()).toHaveTextContent('2 / 12');
    expect(screen.getByText('Generating pose 3/12...')).toBeInTheDocument();
  });

  it('shows Starting generation... and 0 / 10 until the job answers', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = installFakeApi({ 'POST /api/avatar/generate': () => new Promise((resolve) => (answer = resolve)) });
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toClothingStep(user);
    await chooseClothing(user);
    await user.click(button('Next'));
    expect(stepTitle()).toBe('Step 5 of 5');
    expect(screen.getByText('Starting generation...')).toBeInTheDocument();
    expect(finalProgress()).toHaveTextContent('0 / 10');
    await user.click(button('Close'));
    expect(host.toast).toHaveBeenCalledWith({
      title: 'Generation in Progress',
      description: 'Please wait for the generation to complete before closing.',
      variant: 'destructive',
    });
    expect(host.navigate).not.toHaveBeenCalled();
    await act(async () => answer(json({ error: 'Service unavailable: photoshoot' }, 503)));
  });

  it('refuses to close while the photos are generated (once per run), and closes once they are done', async () => {
    const { api, host, user } = await startGeneration();
    await user.click(button('Close'));
    await user.click(button('Close'));
    expect(host.toast.mock.calls.filter(([t]) => t.title === 'Generation in Progress')).toHaveLength(1);
    expect(host.navigate).not.toHaveBeenCalled();
    api.finishJob('job_1');
    await elapse(2000);
    await user.click(button('Close'));
    expect(host.navigate).toHaveBeenCalledWith('/app');
    expect(stepTitle()).toBe('Step 1 of 5');
  });

  it("refuses the browser's Back (any navigation away) while the photos are generated, as it refuses Close", async () => {
    const { api, host, navigationStopped } = await startGeneration();
    expect(navigationStopped('/app/image')).toBe(true);
    expect(navigationStopped('/app')).toBe(true);
    expect(host.toast.mock.calls.filter(([t]) => t.title === 'Generation in Progress')).toHaveLength(1);
    api.finishJob('job_1');
    await elapse(2000);
    expect(navigationStopped('/app/image')).toBe(false);
  });

  it('stops polling on a failed job: Generation Failed with its message, progress back to 0', async () => {
    const { api, host, queryClient } = await startGeneration();
    api.setJob('job_1', { completedPoses: 4 });
    await elapse(2000);
    expect(finalProgress()).toHaveTextContent('4 / 10');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    api.setJob('job_1', { status: 'failed', errorMessage: 'The engine stopped on pose 5' });
    await elapse(2000);
    expect(host.toast).toHaveBeenLastCalledWith({ title: 'Generation Failed', description: 'The engine stopped on pose 5', variant: 'destructive' });
    // The photoshoot is given back: the allowance is read again (the header's count), not at the next 10 s poll.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [USER_LIMITS_KEY] });
    expect(screen.getByRole('alert')).toHaveTextContent('The engine stopped on pose 5');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(photoButtons()).toHaveLength(0);
    const calls = jobCalls(api).length;
    await elapse(10_000);
    expect(jobCalls(api)).toHaveLength(calls);
    expect(button('Download All')).toBeDisabled();

    // Try again starts a new job with the same choices.
    await act(async () => button('Try again').click());
    await elapse();
    expect(api.calls('POST /api/avatar/generate')).toHaveLength(2);
    expect(jobCalls(api).at(-1)!.params.jobId).toBe('job_2');
    expect(finalProgress()).toHaveTextContent('0 / 10');
  });

  it('falls back to Generation failed for a failed job without a message', async () => {
    const { api, host } = await startGeneration();
    api.setJob('job_1', { status: 'failed', errorMessage: null });
    await elapse(2000);
    expect(host.toast).toHaveBeenLastCalledWith({ title: 'Generation Failed', description: 'Generation failed', variant: 'destructive' });
  });

  it('stops polling when the job cannot be read (Failed to fetch job status), and can check the same job again', async () => {
    const { api, host } = await startGeneration();
    api.on('GET /api/avatar/job/:jobId', () => json({ error: 'Internal error' }, 500));
    await elapse(2000);
    expect(host.toast).toHaveBeenLastCalledWith({ title: 'Generation Failed', description: 'Failed to fetch job status', variant: 'destructive' });
    const calls = jobCalls(api).length;
    await elapse(6000);
    expect(jobCalls(api)).toHaveLength(calls);

    api.on('GET /api/avatar/job/:jobId', ({ params }) => api.jobs.get(params.jobId!));
    api.finishJob('job_1');
    await act(async () => button('Check again').click());
    await elapse();
    expect(screen.getByText('Generation complete!')).toBeInTheDocument();
    expect(api.calls('POST /api/avatar/generate')).toHaveLength(1);
  });

  it('waits out a service restart (status reads answered 503) instead of saying the photos could not be made', async () => {
    const { api, host } = await startGeneration();
    api.on('GET /api/avatar/job/:jobId', () => json({ error: 'Service unavailable: photoshoot' }, 503));
    await elapse(10_000);
    expect(host.toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Generation Failed' }));
    api.on('GET /api/avatar/job/:jobId', ({ params }) => api.jobs.get(params.jobId!));
    api.finishJob('job_1');
    await elapse(2000);
    expect(screen.getByText('Generation complete!')).toBeInTheDocument();
  });

  it('stops after 30 s of unanswered status reads, and can check again', async () => {
    const { api, host } = await startGeneration();
    api.on('GET /api/avatar/job/:jobId', () => json({ error: 'Service unavailable: photoshoot' }, 503));
    await elapse(32_000);
    expect(host.toast).toHaveBeenLastCalledWith({ title: 'Generation Failed', description: 'Failed to fetch job status', variant: 'destructive' });
    const calls = jobCalls(api).length;
    await elapse(6000);
    expect(jobCalls(api)).toHaveLength(calls);
    expect(button('Check again')).toBeInTheDocument();
  });

  it('goes back to the clothing step with Change clothing after a failure', async () => {
    const { api } = await startGeneration();
    api.setJob('job_1', { status: 'failed', errorMessage: 'No' });
    await elapse(2000);
    await act(async () => button('Change clothing').click());
    expect(stepTitle()).toBe('Step 4 of 5');
    expect(screen.getByText('Tap to change image')).toBeInTheDocument(); // the clothing is kept
  });

  describe('when the server refuses to start', () => {
    it('says Paid Plan Required for a 403 with requiresPaidPlan, back on the clothing step', async () => {
      const { api, host } = await startGeneration((api) =>
        api.on('POST /api/avatar/generate', () =>
          json({ error: 'Avatar generation is only available for paid users.', requiresPaidPlan: true }, 403),
        ),
      );
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Paid Plan Required',
        description: 'Avatar generation is only available for paid users.',
        variant: 'destructive',
      });
      expect(stepTitle()).toBe('Step 4 of 5');
      expect(screen.getByText('Tap to change image')).toBeInTheDocument();
      expect(jobCalls(api)).toHaveLength(0);
      expect(host.track).toHaveBeenCalledWith('generation_failed', { generation_type: 'photoshoot' });
    });

    it('says Generation Failed with the server’s message otherwise', async () => {
      const { host } = await startGeneration((api) =>
        api.on('POST /api/avatar/generate', () => json({ error: 'Character not found' }, 404)),
      );
      expect(host.toast).toHaveBeenCalledWith({ title: 'Generation Failed', description: 'Character not found', variant: 'destructive' });
    });

    it('falls back to Failed to start generation', async () => {
      const { host } = await startGeneration((api) => api.on('POST /api/avatar/generate', () => new Response('', { status: 500 })));
      expect(host.toast).toHaveBeenCalledWith({ title: 'Generation Failed', description: 'Failed to start generation', variant: 'destructive' });
    });

    it('does not call the start failed when its answer was lost (the service restarting): it may have started', async () => {
      const { host } = await startGeneration((api) => api.on('POST /api/avatar/generate', () => json({ error: 'Service unavailable: photoshoot' }, 503)));
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Start Not Confirmed',
        description: 'The studio did not answer in time. Your photoshoot may have started: it will be in your creations if it did.',
        variant: 'destructive',
      });
      expect(host.toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Generation Failed' }));
    });

    it('opens the limit dialog (dressup) when no photoshoot is left', async () => {
      const { host } = await startGeneration((api) =>
        api.on('POST /api/avatar/generate', () =>
          json({ error: 'No photoshoots left in this period', limitReached: true, used: 2, limit: 2 }, 402),
        ),
      );
      expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'dressup', feature: 'avatar', used: 2, limit: 2 });
      expect(stepTitle()).toBe('Step 4 of 5');
    });
  });

  it('Continue in Image closes the flow, clears the return path and goes to /app/image', async () => {
    localStorage.setItem('photoshootsReturnPath', '/app/video');
    const { api, host, user } = await startGeneration();
    api.finishJob('job_1');
    await elapse(2000);
    await user.click(button('Continue in Image'));
    expect(host.navigate).toHaveBeenCalledWith('/app/image');
    expect(localStorage.getItem('photoshootsReturnPath')).toBeNull();
    expect(stepTitle()).toBe('Step 1 of 5');
  });

  it('keeps Download All and Continue in Image off unless exactly 10 photos exist', async () => {
    const { api } = await startGeneration();
    api.setJob('job_1', { status: 'completed', completedPoses: 9, totalPoses: 9 });
    await elapse(2000);
    expect(screen.getByText('Generation complete!')).toBeInTheDocument();
    expect(photoButtons()).toHaveLength(9);
    expect(button('Download All')).toBeDisabled();
    expect(button('Continue in Image')).toBeDisabled();
  });
});
