// The creation screen's constants, in SPEC.md's words and numbers (sections 2 and 9).

export type CreateTab = 'image' | 'video' | 'dress-up';

export interface CreateTabConfig {
  heading: string;
  tag?: string;
  /** Credits one generation costs (SPEC.md §9: image 1, video 20, dressup 1). */
  creditCost: number;
  promptLabel: string;
  promptPlaceholder: string;
  /** Label of the image the tab starts from (?imageUrl=…), when it takes one. */
  imageLabel?: string;
}

export const CREATE_TABS: Record<CreateTab, CreateTabConfig> = {
  image: {
    heading: 'Generate Images',
    creditCost: 1,
    promptLabel: 'Prompt',
    promptPlaceholder: 'Describe the fashion image you want',
  },
  video: {
    heading: 'Generate Videos',
    creditCost: 20,
    promptLabel: 'Prompt',
    promptPlaceholder: 'Describe the motion: a slow turn, wind in the fabric…',
    imageLabel: 'Start image',
  },
  'dress-up': {
    heading: 'Virtual Try-On',
    tag: 'Beta',
    creditCost: 1,
    promptLabel: 'Prompt',
    promptPlaceholder: 'Describe the outfit to try on',
    imageLabel: 'Person image',
  },
};

export const creditsLabel = (cost: number) => `${cost} ${cost === 1 ? 'credit' : 'credits'}`;
