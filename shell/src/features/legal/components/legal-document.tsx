import { Button } from '@atelier/ui';
import { Fragment } from 'react';
import type { LegalDocument, LegalSection } from '../content/types';

/** Splits text on `{email}` and puts a mailto link in each place. */
function WithEmail({ text, email }: { text: string; email: string }) {
  const parts = text.split('{email}');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <a href={`mailto:${email}`} className="font-medium text-accent underline underline-offset-2">
              {email}
            </a>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}

function Section({ section, heading, email }: { section: LegalSection; heading: string; email: string }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-2xl">{heading}</h2>
      {section.body.map((paragraph) => (
        <p key={paragraph} className="leading-relaxed text-ink-soft">
          <WithEmail text={paragraph} email={email} />
        </p>
      ))}
      {section.list ? (
        <ul className="ml-5 list-disc space-y-1.5 leading-relaxed text-ink-soft">
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export interface LegalDocumentViewProps {
  document: LegalDocument;
  contactEmail: string;
  onBack: () => void;
}

/** A legal page: Go Back, the title and date, numbered sections and the contact details. */
export function LegalDocumentView({ document, contactEmail, onBack }: LegalDocumentViewProps) {
  return (
    <div className="min-h-svh bg-background">
      <main id="main" className="mx-auto flex max-w-3xl flex-col gap-8 px-5 py-8 sm:px-8 sm:py-12">
        <div>
          <Button variant="ghost" size="sm" onClick={onBack} className="-ml-3">
            <span aria-hidden="true">←</span> Go Back
          </Button>
        </div>
        <header className="flex flex-col gap-3 border-b border-border pb-8">
          <h1 className="text-4xl sm:text-5xl">{document.title}</h1>
          <p className="text-sm font-medium text-muted-foreground">
            {document.dateLabel} {document.date}
          </p>
          <p className="text-lg leading-relaxed text-ink-soft">{document.intro}</p>
        </header>
        <ol className="flex flex-col gap-8">
          {document.sections.map((section, i) => (
            <li key={section.title}>
              <Section section={section} heading={`${i + 1}. ${section.title}`} email={contactEmail} />
            </li>
          ))}
        </ol>
        <div className="rounded-lg border border-border bg-card p-6">
          <Section section={document.contact} heading={document.contact.title} email={contactEmail} />
        </div>
      </main>
    </div>
  );
}
