// What `npm run start:prod` checks before it starts anything: the environment a production run needs
// (and refuses), and the prebuilt output it serves. Pure functions, so they are tested without a product.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The builds a production run serves: each Node process's entry and each static bundle's marker file. */
export const BUILD_OUTPUTS = [
  { what: 'the gateway', file: 'gateway/dist/server.js' },
  { what: 'the account service', file: 'services/account/dist/server.js' },
  { what: 'the create service', file: 'services/create/dist/server.js' },
  { what: 'the photoshoot service', file: 'services/photoshoot/dist/server.js' },
  { what: 'the canvas service', file: 'services/canvas/dist/server.js' },
  { what: 'the billing service', file: 'services/billing/dist/server.js' },
  { what: 'the shell', file: 'shell/dist/index.html' },
  // A remote hosted elsewhere (REMOTE_<NAME>_URL) need not be built here.
  { what: 'the mf-create remote', file: 'mf-create/dist/mf-manifest.json', unless: 'REMOTE_MF_CREATE_URL' },
  { what: 'the mf-photoshoot remote', file: 'mf-photoshoot/dist/mf-manifest.json', unless: 'REMOTE_MF_PHOTOSHOOT_URL' },
  { what: 'the mf-canvas remote', file: 'mf-canvas/dist/mf-manifest.json', unless: 'REMOTE_MF_CANVAS_URL' },
  { what: 'the mf-pricing remote', file: 'mf-pricing/dist/mf-manifest.json', unless: 'REMOTE_MF_PRICING_URL' },
];

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const isOn = (value) => value !== undefined && TRUE.has(String(value).trim().toLowerCase());
const isSet = (value) => value !== undefined && value !== '';

function isUrl(value, protocols) {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The reasons a production run cannot start with `env` (an empty list when it can), and warnings
 * about what will work but probably is not meant. Every message names the variable or file.
 */
export function checkProductionEnvironment(env, { root, exists = existsSync } = {}) {
  const errors = [];
  const warnings = [];

  if (isSet(env.NODE_ENV) && env.NODE_ENV !== 'production') {
    errors.push(`NODE_ENV is "${env.NODE_ENV}": start:prod runs with NODE_ENV=production only (npm start is the development run)`);
  }
  if (!isSet(env.DATABASE_URL)) {
    errors.push('DATABASE_URL is required: the PostgreSQL server every service keeps its schema on (postgres://user:password@host:5432/atelier)');
  } else if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    errors.push('DATABASE_URL must be a postgres:// URL');
  }
  if (!isSet(env.IDENTITY_SECRET)) {
    errors.push('IDENTITY_SECRET is required: the secret that signs sessions and service tokens, at least 32 characters, the same for every process (e.g. `openssl rand -base64 48`)');
  } else if (env.IDENTITY_SECRET.length < 32) {
    errors.push('IDENTITY_SECRET must be at least 32 characters');
  }
  if (isSet(env.IDENTITY_SECRET_PREVIOUS) && env.IDENTITY_SECRET_PREVIOUS.length < 32) {
    errors.push('IDENTITY_SECRET_PREVIOUS must be at least 32 characters');
  }
  if (!isSet(env.PUBLIC_URL)) {
    errors.push('PUBLIC_URL is required: the address users reach the site at (sign-in redirects, secure cookies and the same-origin check use it)');
  } else if (!isUrl(env.PUBLIC_URL, ['http:', 'https:'])) {
    errors.push('PUBLIC_URL must be an http(s):// URL');
  } else if (new URL(env.PUBLIC_URL).protocol !== 'https:') {
    warnings.push('PUBLIC_URL is not https://: session cookies are not marked Secure');
  }
  for (const flag of ['DEV_LOGIN', 'DEV_TOOLS']) {
    if (isOn(env[flag])) {
      errors.push(`${flag}=${env[flag]} is refused in production: development sign-in and developer tools are for npm start only`);
    }
  }
  if (isSet(env.OIDC_CLIENT_ID) && !isSet(env.OIDC_CLIENT_SECRET)) {
    errors.push('OIDC_CLIENT_SECRET is required with OIDC_CLIENT_ID');
  }
  if (isSet(env.STRIPE_SECRET_KEY)) {
    for (const name of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      if (!isSet(env[name])) errors.push(`${name} is required with STRIPE_SECRET_KEY`);
    }
  }

  if (!isSet(env.OIDC_CLIENT_ID)) {
    warnings.push('OIDC_CLIENT_ID is not set: no sign-in provider is configured, so nobody can sign in');
  }
  if (!isSet(env.S3_BUCKET)) {
    warnings.push('S3_BUCKET is not set: media is kept on this machine under DATA_DIR/media (replicas on other machines would not see it)');
  }

  if (root) {
    const missing = BUILD_OUTPUTS.filter((output) => !(output.unless && isSet(env[output.unless])) && !exists(join(root, output.file)));
    if (missing.length) {
      errors.push(
        `the build is missing ${missing.map((m) => `${m.what} (${m.file})`).join(', ')}: run \`npm run build\` first (start:prod builds nothing)`,
      );
    }
  }

  return { errors, warnings };
}
