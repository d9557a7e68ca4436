import { FAQ, PAGE_TEXTS } from '../../../constants';

export function PricingFaq() {
  return (
    <section aria-labelledby="faq" className="mx-auto flex w-full max-w-3xl flex-col gap-3">
      <h2 id="faq" className="font-display text-2xl">
        {PAGE_TEXTS.faqTitle}
      </h2>
      {FAQ.map(({ question, answer }) => (
        <details key={question} className="rounded-md border border-border bg-card px-4 py-3">
          <summary className="min-h-6 cursor-pointer py-0.5 text-sm font-medium">{question}</summary>
          <p className="mt-2 text-sm text-muted-foreground">{answer}</p>
        </details>
      ))}
    </section>
  );
}
