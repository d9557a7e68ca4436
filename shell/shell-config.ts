// The shell's build-time configuration: public values baked into the static build (the shell has no server).
// Read by rspack.config.ts (from the environment) and vitest.config.ts (defaults), checked once here so a
// bad value stops the build with a message that names the variable.

export interface ShellConfig {
  /** Address shown on the privacy and terms pages (SPEC §1 "{email}"). */
  contactEmail: string;
  /** Third-party background scene: script URL and project id; both empty means no scene (placeholder only). */
  sceneScriptUrl: string;
  sceneProjectId: string;
  /** Optional analytics tag (gtag) measurement id; empty means no tag is loaded. */
  analyticsMeasurementId: string;
}

export const DEFAULT_SHELL_CONFIG: ShellConfig = {
  contactEmail: 'privacy@atelier.studio',
  sceneScriptUrl: '',
  sceneProjectId: '',
  analyticsMeasurementId: '',
};

function fail(variable: string, message: string): never {
  throw new Error(`Invalid ${variable}: ${message}`);
}

export function readShellConfig(env: Record<string, string | undefined>): ShellConfig {
  const contactEmail = env.ATELIER_CONTACT_EMAIL?.trim() || DEFAULT_SHELL_CONFIG.contactEmail;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail)) fail('ATELIER_CONTACT_EMAIL', `"${contactEmail}" is not an email address`);
  const sceneScriptUrl = env.ATELIER_SCENE_SCRIPT_URL?.trim() ?? '';
  if (sceneScriptUrl && !/^https:\/\/\S+$/.test(sceneScriptUrl)) fail('ATELIER_SCENE_SCRIPT_URL', 'must be an https:// URL');
  const sceneProjectId = env.ATELIER_SCENE_PROJECT_ID?.trim() ?? '';
  if (sceneProjectId && !/^[\w-]{1,100}$/.test(sceneProjectId)) fail('ATELIER_SCENE_PROJECT_ID', 'letters, digits, _ and - only');
  const analyticsMeasurementId = env.ATELIER_GA_MEASUREMENT_ID?.trim() ?? '';
  if (analyticsMeasurementId && !/^G-[A-Z0-9]{4,20}$/.test(analyticsMeasurementId)) fail('ATELIER_GA_MEASUREMENT_ID', 'expected G-XXXXXXX');
  return { contactEmail, sceneScriptUrl, sceneProjectId, analyticsMeasurementId };
}
