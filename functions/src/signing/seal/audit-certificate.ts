import { type PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { type PageLayout, PageWriter } from '../../_lib/pdf/page-writer.js';

export type SignerRole = 'LP' | 'GP' | 'WITNESS';

/** What the platform recorded about one signer: who, acting for whom, from where, and when. */
export interface SignerAudit {
  name: string;
  email: string;
  role: SignerRole;
  /** The entity the signer signed for (signing mode ON_BEHALF); absent when signing personally. */
  onBehalfOf?: string;
  ip: string;
  userAgent: string;
  /** ISO 8601 instants: the one-time code verified, the document first opened, the signature given. */
  codeVerifiedAt: string;
  viewedAt: string;
  signedAt: string;
}

export interface AuditFacts {
  tenantName: string;
  projectId: string;
  documentName: string;
  /** SHA-256 (hex) of the document as uploaded, before any field was drawn. */
  sourceSha256: string;
  completedAt: string;
  signers: readonly SignerAudit[];
}

/** The name of the file attachment that carries the same facts exactly, in UTF-8 JSON. */
export const AUDIT_ATTACHMENT = 'audit.json';

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const LAYOUT: PageLayout = { margin: 50, rule: { room: 8, above: 4, below: 4, color: MUTED } };

/** A top-down writer over as many A4 pages as the signers need. */
class Writer extends PageWriter {
  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    super(doc, regular, bold, LAYOUT);
  }

  /** Wraps at the text width; long tokens (hashes, user agents) break anywhere. */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const ch of text) {
      if (font.widthOfTextAtSize(line + ch, size) > width) {
        const space = line.lastIndexOf(' ');
        if (space > 0 && ch !== ' ') {
          lines.push(line.slice(0, space));
          line = line.slice(space + 1) + ch;
        } else {
          lines.push(line);
          line = ch === ' ' ? '' : ch;
        }
      } else line += ch;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  }

  text(raw: string, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number } = {}) {
    const size = opts.size ?? 9;
    const font = opts.bold ? this.bold : this.regular;
    const text = this.encode(font, raw);
    const indent = opts.indent ?? 0;
    for (const line of this.wrap(text, font, size, this.width - indent)) {
      this.line(line, { size, font, color: opts.color ?? INK, lead: size * 1.4, x: LAYOUT.margin + indent });
    }
  }

  row(label: string, value: string) {
    this.text(`${label}: ${value}`, { indent: 12 });
  }
}

const ROLE: Record<SignerRole, string> = { LP: 'Investor (LP)', GP: 'Manager (GP)', WITNESS: 'Witness' };

/**
 * Appends the audit certificate: one or more A4 pages after the signed pages, in English (see
 * docs/signing.md for why not also Chinese), and attaches the same facts as audit.json, in which
 * every name is exact whatever its script. The sealed file's own SHA-256 cannot be printed inside
 * the file it hashes: the platform records it beside the file, and the page says so.
 */
export const appendAuditCertificate = async (doc: PDFDocument, facts: AuditFacts): Promise<void> => {
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  w.text('Certificate of completion', { size: 16, bold: true });
  w.gap(6);
  w.row('Document', facts.documentName);
  w.row('Signing project', facts.projectId);
  w.row('Issued by', facts.tenantName);
  w.row('Completed at', facts.completedAt);
  w.row('SHA-256 of the document before signing', facts.sourceSha256);
  w.row('Signers', String(facts.signers.length));
  w.gap(4);
  facts.signers.forEach((s, i) => {
    w.rule();
    w.text(`Signer ${i + 1}: ${s.name}`, { size: 11, bold: true });
    w.row('Email', s.email);
    w.row('Role', ROLE[s.role]);
    w.row('Signing', s.onBehalfOf ? `on behalf of ${s.onBehalfOf}` : 'personally');
    w.row('One-time code verified at', s.codeVerifiedAt);
    w.row('Document viewed at', s.viewedAt);
    w.row('Signed at', s.signedAt);
    w.row('IP address', s.ip);
    w.row('User agent', s.userAgent);
  });
  w.rule();
  w.gap(4);
  w.text(
    `This document is sealed with ${facts.tenantName}'s certificate. Any change made after sealing invalidates the ` +
      'seal. The SHA-256 of the sealed file is recorded by the platform. All times are UTC.',
    { size: 8, color: MUTED },
  );
  if (w.lossy) {
    w.text(
      `Some characters cannot be shown in this page's font and appear as "?"; the attached ${AUDIT_ATTACHMENT} ` +
        'gives every value exactly.',
      { size: 8, color: MUTED },
    );
  }
  await doc.attach(Buffer.from(JSON.stringify(facts, null, 2), 'utf8'), AUDIT_ATTACHMENT, {
    mimeType: 'application/json',
    description: 'Signing audit facts',
    creationDate: new Date(facts.completedAt),
    modificationDate: new Date(facts.completedAt),
  });
};
