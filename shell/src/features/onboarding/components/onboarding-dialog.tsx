import { Button, Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@atelier/ui';
import { useRef, useState } from 'react';
import { PRODUCT_NAME } from '../../../constants';

// SPEC §1 "Onboarding dialog": four steps, Skip, Next (Okay on the last), progress dots.
export const ONBOARDING_TITLE = `Welcome to ${PRODUCT_NAME}`;
export const ONBOARDING_STEPS = [
  { title: 'Welcome', text: 'Create high-aesthetic fashion images and videos in seconds.', tint: 'from-accent to-ink' },
  { title: 'Choose your style', text: 'Pick from styles and presets that come alive with dynamic animations.', tint: 'from-[#f2c14e] to-accent' },
  { title: 'AI that redefines style', text: 'Re-dress any character and re-edit any visual with a sentence.', tint: 'from-[#5b2a6e] to-[#1d1a3a]' },
  { title: 'Ready to create', text: 'Your limitless glam AI studio is open. Start with an image, a video or a try-on.', tint: 'from-ink-soft to-ink' },
] as const;

export interface OnboardingDialogProps {
  /** Controlled from outside when given; otherwise a button labelled Onboarding opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Uncontrolled only: open on first render (e.g. a first visit). */
  defaultOpen?: boolean;
}

export function OnboardingDialog({ open: controlledOpen, onOpenChange, defaultOpen = false }: OnboardingDialogProps) {
  const controlled = controlledOpen !== undefined;
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const open = controlled ? controlledOpen : uncontrolledOpen;
  const [step, setStep] = useState(0);
  const primaryRef = useRef<HTMLButtonElement>(null);
  // Opening always restarts at step 1 (adjusting state while rendering, when `open` turns true).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setStep(0);
  }

  const setOpen = (next: boolean) => {
    if (!controlled) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  const last = step === ONBOARDING_STEPS.length - 1;
  const current = ONBOARDING_STEPS[step]!;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {controlled ? null : (
        <DialogTrigger asChild>
          <Button variant="outline" size="sm">
            Onboarding
          </Button>
        </DialogTrigger>
      )}
      <DialogContent
        className="max-w-md gap-0 overflow-hidden p-0"
        hideClose
        onOpenAutoFocus={(event) => {
          event.preventDefault(); // start on Next rather than Skip
          primaryRef.current?.focus();
        }}
      >
        <div key={step} className={`flex h-40 items-end bg-gradient-to-br p-6 text-ivory animate-fade-in ${current.tint}`} aria-hidden="true">
          <span className="font-display text-6xl leading-none">{String(step + 1).padStart(2, '0')}</span>
          <span className="mb-1 ml-2 text-xs uppercase tracking-[0.25em] text-ivory/70">of {String(ONBOARDING_STEPS.length).padStart(2, '0')}</span>
        </div>
        <div className="flex flex-col gap-4 p-6">
          <DialogTitle className="text-sm font-sans font-semibold uppercase tracking-[0.2em] text-accent">{ONBOARDING_TITLE}</DialogTitle>
          <div className="flex flex-col gap-2" aria-live="polite">
            <h3 className="text-3xl leading-tight">{current.title}</h3>
            <DialogDescription className="text-base">{current.text}</DialogDescription>
          </div>
          <div className="mt-2 flex items-center gap-3">
            <ol aria-label={`Step ${step + 1} of ${ONBOARDING_STEPS.length}`} className="flex gap-1.5">
              {ONBOARDING_STEPS.map((s, i) => (
                <li
                  key={s.title}
                  data-testid="onboarding-dot"
                  aria-current={i === step ? 'step' : undefined}
                  className={`h-1.5 rounded-full transition-all ${i === step ? 'w-6 bg-ink' : i < step ? 'w-1.5 bg-ink/60' : 'w-1.5 bg-border'}`}
                />
              ))}
            </ol>
            <div className="ml-auto flex gap-2">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Skip
              </Button>
              <Button ref={primaryRef} onClick={() => (last ? setOpen(false) : setStep((s) => Math.min(s + 1, ONBOARDING_STEPS.length - 1)))}>
                {last ? 'Okay' : 'Next'}
              </Button>
            </div>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
