/**
 * A language's report texts, keyed by the Portuguese text the builders write. A key may hold placeholders:
 * `{n}` a number (written again in the reader's number format), `{s}` a text (translated when it is itself
 * a key, e.g. "Paragem - {s}" with "Ralenti", else kept: names, dates) and `{l}` a comma list (each item
 * translated). A translation holds the same placeholders in the same order.
 */
export type ReportCatalogue = Readonly<Record<string, string>>;

export const PLACEHOLDER = /\{[nsl]\}/g;
