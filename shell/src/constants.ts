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
  /** The account page (beyond SPEC: plan, period, credits and the ledger; docs/decisions.md "Account page"). */
  account: '/app/account',
} as const;

/** Browser navigations (not client routes): the server answers them with redirects. */
export const NAVIGATIONS = {
  googleSignIn: '/api/auth/google',
  devLogin: '/api/dev-login',
  logout: '/api/logout',
  /** After deleting the account: the login page says it is done (docs/decisions.md, "Deleting an account"). */
  accountDeleted: '/login?account=deleted',
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
  account: 'Account',
  manageBilling: 'Manage Billing',
  seePlans: 'See plans',
} as const;

/** SPEC §8: the billing portal's failure toast (title Error, the server's message or this text). */
export const BILLING_PORTAL_ERROR = { title: 'Error', fallback: 'Failed to open billing portal. Please try again.' } as const;

/**
 * Deleting an account (beyond SPEC, which promises it in the privacy policy: personal data removed within 30 days
 * after account deletion, backups within 90; docs/decisions.md, "Deleting an account").
 */
export const ACCOUNT_DELETION = {
  title: 'Delete account',
  button: 'Delete account',
  what: 'Deleting your account erases your images, videos, photoshoots, characters and edits, and the credits you have left.',
  subscription: 'Your subscription ends at once, with no refund for the rest of the period.',
  final: 'This cannot be undone.',
  confirmTitle: 'Delete your account?',
  word: 'DELETE',
  typeToConfirm: 'Type DELETE to confirm',
  inCapitals: 'In capital letters: DELETE',
  failed: 'Your account was not deleted.',
  failedFallback: 'Please try again.',
  doneTitle: 'Your account is deleted',
  doneText: 'What you made is being erased from Atelier now; copies in our backups go within 90 days.',
} as const;

/**
 * The limit dialog for a paying user (SPEC §8's text speaks to the free plan: "today's daily free limit … Unlock
 * Unlimited Access" is not true of a subscriber whose month's credits are spent; docs/decisions.md).
 */
export const PAID_LIMIT = {
  /** Pro is the biggest plan: it is not offered a bigger one. */
  text: (what: 'credits' | 'photoshoots', biggest: boolean) =>
    `You've used this billing period's ${what}. They renew with the next period${biggest ? '.' : ', or a bigger plan gives more now.'}`,
  button: 'See plans',
} as const;

/** Downloading one's data (beyond SPEC, whose privacy policy names the rights of EU/UK and California residents). */
export const DATA_EXPORT = {
  title: 'Your data',
  what: 'Download a copy of what Atelier keeps about you: your account, plan, credit history, every creation (with a link to its file) and your characters, as one JSON file.',
  button: 'Download your data',
  preparing: 'Preparing…',
  failed: 'Your data could not be prepared.',
  failedFallback: 'Please try again.',
} as const;

/** SPEC §9: a limit of 999 or more is unlimited. */
export const UNLIMITED_LIMIT = 999;

export const LEGAL_DATE = 'October 5th, 2025';
