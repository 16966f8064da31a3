/**
 * Reads the OpenSanctions "targets.simple.csv" export: RFC 4180 quoting, one row per target, columns
 * id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,
 * program_ids,dataset,first_seen,last_seen,last_change, multiple values in a cell joined by ";".
 * Columns are found by header name, so an added or reordered column does not break a refresh; a
 * missing required one (id, schema, name) refuses the whole file rather than screening against half.
 */
import { parse } from 'csv-parse/sync';

export interface ListEntry {
  id: string;
  /** The FollowTheMoney schema: Person, Company, Organization, LegalEntity, Vessel, ... */
  schema: string;
  name: string;
  aliases: string[];
  /** Possibly partial dates: "1970", "1970-05", "1970-05-12". */
  birthDates: string[];
  countries: string[];
  /** Sanction descriptions; empty for a PEP or other non-sanctions entry. */
  sanctions: string[];
  dataset: string;
}

export const REQUIRED_COLUMNS = ['id', 'schema', 'name'] as const;

const many = (cell: string | undefined): string[] =>
  (cell ?? '')
    .split(';')
    .map((v) => v.trim())
    .filter(Boolean);

export class ListFormatError extends Error {}

export const parseTargetsSimpleCsv = (text: string): ListEntry[] => {
  const rows: string[][] = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
  const [header, ...body] = rows;
  if (!header) throw new ListFormatError('the list file is empty');
  const col = new Map(header.map((h, i) => [h.trim(), i]));
  const missing = REQUIRED_COLUMNS.filter((c) => !col.has(c));
  if (missing.length > 0) throw new ListFormatError(`the list file has no ${missing.join(', ')} column`);
  const at = (row: string[], name: string): string | undefined => {
    const i = col.get(name);
    return i === undefined ? undefined : row[i];
  };
  const entries: ListEntry[] = [];
  for (const row of body) {
    const id = at(row, 'id')?.trim();
    const name = at(row, 'name')?.trim();
    // A row without an id or a name cannot be matched or cited; skip it rather than fail the list.
    if (!id || !name) continue;
    entries.push({
      id,
      schema: at(row, 'schema')?.trim() || 'LegalEntity',
      name,
      aliases: many(at(row, 'aliases')),
      birthDates: many(at(row, 'birth_date')),
      countries: many(at(row, 'countries')).map((c) => c.toLowerCase()),
      sanctions: many(at(row, 'sanctions')),
      dataset: at(row, 'dataset')?.trim() ?? '',
    });
  }
  return entries;
};
