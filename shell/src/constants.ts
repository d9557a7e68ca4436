// The spec's wording and numbers the shell shows or uses (SPEC.md §2, §8, §9), in one place.

export const PRODUCT_NAME = 'Atelier';

export const ROUTES = {
  landing: '/',
  login: '/login',
  pricing: '/pricing',
  pricingAll: '/pricing/all',
  pricingIn: '/pricing/in',
  terms: '/terms',
  privacy: '/privacy',
  app: '/app',
  image: '/app/image',
  video: '/app/video',
  dressUp: '/app/dress-up',
  photoshoots: '/app/photoshoots',
  canvas: '/app/canvas',
  dev: '/app/dev',
} as const;

/** Browser navigations (not client routes): the server answers them with redirects. */
export const NAVIGATIONS = {
  googleSignIn: '/api/auth/google',
  devLogin: '/api/dev-login',
  logout: '/api/logout',
} as const;

export const REMOTES_JSON_URL = '/mf/remotes.json';

export const TEXTS = {
  notFoundTitle: '404 Page Not Found',
  notFoundText: 'Did you forget to add the page to the router?',
  backToGenerator: 'Back to Generator',
  appHomeTitle: 'Start Creating Now',
  limitDialogTitle: 'Not enough credits',
  limitDialogText: "You've hit today's daily free limit. Unlock Unlimited Access.",
  removeLimits: 'Remove Limits',
  subscription: 'Subscription',
  continueWithGoogle: 'Continue with Google',
  devEntry: 'Dev Entry',
  logout: 'Logout',
  login: 'Login',
  signUp: 'Sign up',
  exploreNow: 'Explore Now',
  goBack: 'Go Back',
  retry: 'Retry',
} as const;

export const LEGAL_DATE = 'October 5th, 2025';
