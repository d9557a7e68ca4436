import type { LegalDocument } from './types';

// The Privacy Policy (SPEC §1 topics; §2 date; §9: removal within 30 days, backups up to 90 days).
export const PRIVACY: LegalDocument = {
  title: 'Privacy Policy',
  dateLabel: 'Effective',
  date: 'October 5th, 2025',
  intro:
    'This policy explains what personal data Atelier collects when you use our AI fashion studio, how we use and share it, and the choices and rights you have. The Service is for adults aged 18 and over.',
  sections: [
    {
      title: 'What we collect',
      body: ['We collect:'],
      list: [
        'Account data: your name and email address from your sign-in provider.',
        'Your uploads: images and videos you add, such as people, garments and reference photos.',
        'Prompts and generated content: the text you write and the images and videos the Service creates for you.',
        'Device information: browser type, operating system, screen size and IP address.',
        'Usage data: pages viewed, features used, credits spent, generation results and errors.',
        'Payment data: your plan and subscription status from our payment provider (we never see or store full card numbers).',
      ],
    },
    {
      title: 'How we use it',
      body: ['We use personal data to:'],
      list: [
        'provide the Service: sign you in, run your generations, store your gallery and track your credits;',
        'train, evaluate and improve our AI models and presets, using uploads, prompts and outputs;',
        'keep the Service secure and prevent abuse and fraud;',
        'understand how the Service is used and fix problems;',
        'send you service messages about your account, your plan and changes to our terms.',
      ],
    },
    {
      title: 'Legal bases',
      body: [
        'Where EU or UK law applies, we rely on performing our contract with you, our legitimate interests in running, securing and improving the Service (including model training), your consent where we ask for it, and our legal obligations.',
      ],
    },
    {
      title: 'Sharing',
      body: [
        'We do not sell your personal data. We share it only with service providers who process it for us under contract (hosting, storage, sign-in, payments, analytics and AI model providers), with professional advisers, when the law requires it, and with a buyer if our business is sold, under the same protections.',
      ],
    },
    {
      title: 'Cookies',
      body: [
        'We use a strictly necessary session cookie to keep you signed in. Where enabled, analytics cookies help us count visits and page views, with IP anonymisation on. You can block cookies in your browser; the Service needs the session cookie to sign you in.',
      ],
    },
    {
      title: 'Security',
      body: [
        'We protect data with encryption in transit, access controls, hashed session identifiers and regular review of who can reach what. No system is perfectly secure; if a breach affects you we will tell you as the law requires.',
      ],
    },
    {
      title: 'Retention',
      body: [
        'We keep your data while your account is open. When you delete your account, we remove your personal data within 30 days; copies in backups are deleted within 90 days. We may keep limited records longer where the law requires it.',
      ],
    },
    {
      title: 'International transfers',
      body: [
        'We and our providers may process data outside your country, including in the United States. Where EU or UK data is transferred, we use safeguards such as the European Commission\'s Standard Contractual Clauses and the UK addendum.',
      ],
    },
    {
      title: 'Your rights in the EU and UK',
      body: [
        'You can ask to access, correct, delete or receive a copy of your personal data, to restrict or object to processing (including for model training), and to withdraw consent at any time. You may also complain to your local data protection authority.',
      ],
    },
    {
      title: 'Your rights in California',
      body: [
        'California residents may request to know what personal information we collect, use and disclose, to delete or correct it, and to opt out of its sale or sharing; we do not sell or share personal information for cross-context advertising. We will not treat you differently for using these rights.',
      ],
    },
    {
      title: 'Children',
      body: [
        'The Service is not for anyone under 18, and we do not knowingly collect data from them. If you believe a minor has used the Service, contact us and we will delete the account.',
      ],
    },
    {
      title: 'Changes to this policy',
      body: ['We will post any changes here with a new date, and tell you in the Service or by email when they are material.'],
    },
  ],
  contact: {
    title: 'Contact us',
    body: ['To use your rights or ask about this policy, write to {email}. We answer within 30 days.'],
  },
};
