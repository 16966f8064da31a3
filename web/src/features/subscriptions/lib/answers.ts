/**
 * An answer as text, for reading (the amendment's before -> after, the manager's answers view):
 * lists joined, a tick as yes or no, a table as its row count, nothing as a dash. Never HTML.
 */
export interface AnswerWords {
  yes: string;
  no: string;
  empty: string;
  rows: (count: number) => string;
}

export const answerText = (value: unknown, words: AnswerWords): string => {
  if (value === undefined || value === null || value === '') return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) {
    if (value.length === 0) return words.empty;
    if (value.every((v) => typeof v === 'string')) return value.join(', ');
    return words.rows(value.length);
  }
  if (typeof value === 'object') return words.empty;
  return String(value);
};
