import { describe, expect, it } from 'vitest';
import {
  resolveSceneOptions,
  SCENE_DEFAULTS,
  sceneErrorMessage,
  validateSceneOptions,
} from '../utils/scene-options';

const valid = (extra: Parameters<typeof resolveSceneOptions>[0] = {}) => resolveSceneOptions({ projectId: 'p1', ...extra });

describe('scene options', () => {
  it('defaults to scale 1, dpi 1.5, fps 60 and lazy loading', () => {
    expect(SCENE_DEFAULTS).toEqual({ scale: 1, dpi: 1.5, fps: 60, lazyLoad: true });
    expect(resolveSceneOptions({ projectId: 'p1' })).toEqual({ projectId: 'p1', jsonFilePath: undefined, scale: 1, dpi: 1.5, fps: 60, lazyLoad: true });
    expect(validateSceneOptions(valid())).toBeNull();
  });

  it('accepts a scale from 0.25 to 1.0 and rejects anything else', () => {
    expect(validateSceneOptions(valid({ scale: 0.25 }))).toBeNull();
    expect(validateSceneOptions(valid({ scale: 1 }))).toBeNull();
    expect(validateSceneOptions(valid({ scale: 0.2 }))).toBe('Invalid scale: 0.2. Scale must be between 0.25 and 1.0');
    expect(validateSceneOptions(valid({ scale: 1.5 }))).toBe('Invalid scale: 1.5. Scale must be between 0.25 and 1.0');
    expect(validateSceneOptions(valid({ scale: Number.NaN }))).toBe('Invalid scale: NaN. Scale must be between 0.25 and 1.0');
  });

  it('accepts only 15, 24, 30, 60 or 120 fps', () => {
    for (const fps of [15, 24, 30, 60, 120]) expect(validateSceneOptions(valid({ fps }))).toBeNull();
    expect(validateSceneOptions(valid({ fps: 25 }))).toBe('Invalid fps: 25. FPS must be one of: 15, 24, 30, 60, 120');
    expect(validateSceneOptions(valid({ fps: 0 }))).toBe('Invalid fps: 0. FPS must be one of: 15, 24, 30, 60, 120');
  });

  it('needs a project id or a JSON file path', () => {
    expect(validateSceneOptions(resolveSceneOptions({}))).toBe('No project ID or JSON file path provided');
    expect(validateSceneOptions(resolveSceneOptions({ projectId: '' }))).toBe('No project ID or JSON file path provided');
    expect(validateSceneOptions(resolveSceneOptions({ jsonFilePath: '/scene.json' }))).toBeNull();
  });

  it('maps library failures to the messages of the error catalogue', () => {
    expect(sceneErrorMessage(new Error('HTTP 404'))).toBe('Resource not found');
    expect(sceneErrorMessage(new TypeError('Failed to fetch'))).toBe('Resource not found');
    expect(sceneErrorMessage(new Error('A network error happened'))).toBe('Network error occurred');
    expect(sceneErrorMessage(new Error('Loading timeout'))).toBe('Loading timeout');
    expect(sceneErrorMessage(new Error('Failed to load the scene script'))).toBe('Failed to load the scene script');
    expect(sceneErrorMessage(new Error('WebGL context lost'))).toBe('Failed to initialize scene');
    expect(sceneErrorMessage('weird')).toBe('Failed to initialize scene');
  });
});
