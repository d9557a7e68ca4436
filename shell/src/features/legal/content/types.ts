export interface LegalSection {
  title: string;
  /** Paragraphs; `{email}` is replaced by the configured contact address. */
  body: readonly string[];
  /** An optional bulleted list after the paragraphs. */
  list?: readonly string[];
}

export interface LegalDocument {
  title: string;
  /** "Last updated" or "Effective", followed by the date. */
  dateLabel: string;
  date: string;
  intro: string;
  sections: readonly LegalSection[];
  contact: LegalSection;
}
