import type { LegalDocument } from './types';

// The Terms of Service (SPEC §2: last updated October 5th, 2025, 23 sections plus contact details;
// SPEC §9: allowances, resets, credit expiry, refunds, liability cap, arbitration opt-out, law, age).
// Allowances follow the product's real plans (docs/decisions.md, "Shell").
export const TERMS: LegalDocument = {
  title: 'Terms of Service',
  dateLabel: 'Last updated',
  date: 'October 5th, 2025',
  intro:
    'These Terms of Service ("Terms") govern your use of Atelier, an AI studio for fashion images, videos, virtual try-ons, canvas edits and photoshoots (the "Service"). By creating an account or using the Service you agree to these Terms. If you do not agree, do not use the Service.',
  sections: [
    {
      title: 'Who we are',
      body: [
        'Atelier ("we", "us") operates the Service. References to "you" mean the person who creates an account or otherwise uses the Service.',
      ],
    },
    {
      title: 'Eligibility',
      body: [
        'You must be at least 18 years old to use the Service. By using it you confirm that you are 18 or older and able to enter into a binding contract. We may close accounts that we reasonably believe belong to someone under 18.',
      ],
    },
    {
      title: 'Your account',
      body: [
        'You sign in through a third-party sign-in provider. You are responsible for keeping access to that account secure and for everything done through your Atelier account. Tell us promptly at {email} if you believe your account has been used without your permission.',
      ],
    },
    {
      title: 'What the Service does',
      body: [
        'The Service turns your prompts and uploads into generated content: text-to-image and image-to-video generation, Dress Up (virtual clothing try-on, offered in Beta), Photoshoots (a set of ten photos of a chosen character wearing an uploaded garment), Canvas photo editing and upscaling. Features marked Beta or New may change, be limited or be withdrawn.',
      ],
    },
    {
      title: 'Credits',
      body: [
        'Generations are paid for with credits. An image costs 1 credit, a video 20 credits, a Dress Up try-on 1 credit and a Canvas edit 1 credit. The number of credits a generation will use is shown before you start it. Credits that a failed generation reserved are returned to your balance.',
      ],
    },
    {
      title: 'Free plan',
      body: [
        'Usage allowances: Free: 5 images, 3 videos, 5 canvas edits, 5 dress-up per month; Pro: 1,100 images, 200 videos, unlimited canvas and dress-up. The app shows your current allowance, and the credits a generation will use, before you start it. Unused free allowance does not carry over. Photoshoots are not included in the free plan.',
      ],
    },
    {
      title: 'Paid plans',
      body: [
        'Paid plans renew every month or every year and include monthly credits: Basic 150 credits per month, Advanced 500 credits and Pro 1,100 credits, with the video quality, photoshoots and video models each plan lists on the pricing page. All plans include upscaling, Canvas and Dress Up. Prices are shown on the pricing page in US dollars or, in Indonesia, in rupiah.',
      ],
    },
    {
      title: 'When allowances reset',
      body: [
        'Limits reset on your signup date or billing cycle: free allowances are counted from your signup date, and paid allowances renew on your billing cycle date, counted from the day your subscription started.',
      ],
    },
    {
      title: 'Expiry of credits',
      body: [
        'Credits included in a subscription expire at the end of each billing cycle and do not roll over. Top-up credits bought separately, where offered, do not expire while your account stays open.',
      ],
    },
    {
      title: 'Payments and renewal',
      body: [
        'Payments are processed by our payment provider. A subscription renews automatically at the price then in force until you cancel it. You can cancel at any time from Manage Billing; the plan stays active until the end of the period you have paid for.',
      ],
    },
    {
      title: 'No refunds',
      body: [
        'Payments are non-refundable, including for partly used periods and unused credits, except where the law requires otherwise.',
      ],
    },
    {
      title: 'Your content',
      body: [
        'You keep the rights you have in the prompts, images, videos and garments you upload ("Inputs"). Subject to these Terms and to the rights of others, you may use the content the Service generates for you ("Outputs") for personal and commercial purposes.',
      ],
    },
    {
      title: 'Licence you give us',
      body: [
        'You give us a worldwide, non-exclusive, royalty-free licence to host, process, reproduce and display your Inputs and Outputs to run, secure and improve the Service, including to train and evaluate our AI models, as described in the Privacy Policy.',
      ],
    },
    {
      title: 'Acceptable use',
      body: ['You agree not to use the Service to:'],
      list: [
        'create sexual content involving minors, or any content that sexualises a real person without their consent;',
        'upload images of people without the rights and permissions you need, or impersonate anyone;',
        'harass, threaten, defame or deceive others, or create content that breaks the law;',
        'infringe copyright, trademarks or other rights;',
        'probe, overload, scrape or work around the limits and security of the Service.',
      ],
    },
    {
      title: 'AI outputs',
      body: [
        'Generated content can be inaccurate, unexpected or similar to content made for others. You are responsible for reviewing Outputs before you rely on or publish them, and for how you use them.',
      ],
    },
    {
      title: 'Intellectual property',
      body: [
        'The Service, its software, design, presets and the Atelier name belong to us and our licensors. These Terms do not give you any right to them beyond using the Service as offered.',
      ],
    },
    {
      title: 'Third-party services',
      body: [
        'The Service relies on third parties for sign-in, payments, hosting and some AI models. Their own terms apply to your use of them, and we are not responsible for them.',
      ],
    },
    {
      title: 'Suspension and termination',
      body: [
        'You may stop using the Service and delete your account at any time. We may suspend or close an account that breaks these Terms or puts the Service or others at risk. Sections that by their nature should survive termination will survive it.',
      ],
    },
    {
      title: 'Disclaimers',
      body: [
        'The Service is provided "as is" and "as available". To the fullest extent the law allows, we disclaim all warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement, and we do not promise that the Service will be uninterrupted or error-free.',
      ],
    },
    {
      title: 'Limitation of liability',
      body: [
        'To the fullest extent the law allows, we are not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, data or goodwill. Our total liability for all claims relating to the Service is limited to the greater of US $50 or the amount you paid us in the 12 months before the claim arose.',
      ],
    },
    {
      title: 'Indemnity',
      body: [
        'You agree to defend and indemnify us against claims and costs arising from your Inputs, your use of Outputs or your breach of these Terms.',
      ],
    },
    {
      title: 'Disputes and arbitration',
      body: [
        'Any dispute relating to the Service will be resolved by binding individual arbitration, not in class actions or jury trials, except that either party may bring a claim in small-claims court. You may opt out of this agreement to arbitrate by writing to {email} within 30 days of first accepting these Terms.',
      ],
    },
    {
      title: 'Governing law and changes',
      body: [
        'These Terms are governed by the laws of the State of Georgia, United States, without regard to its conflict-of-laws rules. We may update these Terms; when the changes are material we will tell you in the Service or by email before they take effect, and continuing to use the Service afterwards means you accept them.',
      ],
    },
  ],
  contact: {
    title: 'Contact us',
    body: ['Questions about these Terms: write to {email}.'],
  },
};
