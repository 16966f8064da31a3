import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * A tenant's sealing certificate: a self-signed RSA-2048 certificate whose key seals every completed
 * document of the tenant. Made with node-forge, because @signpdf/signer-p12 already depends on it
 * (one library for making and using the certificate, none added for the other); the key pair itself
 * comes from Node's crypto (forge's pure-JS RSA generation takes seconds).
 *
 * Self-signed: readers show the signature as valid and the document as unchanged, and the signer's
 * identity as not trusted until the tenant's certificate (or, later, a CA-issued one) is trusted.
 */
export interface SealingCertificate {
  certPem: string;
  keyPem: string;
  /** SHA-256 of the certificate's DER, hex: how the table and the audit refer to it. */
  fingerprint: string;
  notBefore: string;
  notAfter: string;
}

export const SEALING_CERT_YEARS = 5;
/** Renewed this long before it expires, so no document is sealed with a certificate about to lapse. */
export const SEALING_CERT_RENEW_DAYS = 30;

/** ASN.1 PrintableString cannot hold every name: the subject is UTF8String, as X.509 allows. */
const UTF8 = forge.asn1.Type.UTF8;

export const generateSealingCertificate = (input: {
  tenantId: string;
  tenantName: string;
  now: Date;
}): SealingCertificate => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive 16-byte serial: the first byte's high bit cleared.
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(input.now.getTime() - 60_000);
  cert.validity.notAfter = new Date(input.now);
  cert.validity.notAfter.setUTCFullYear(input.now.getUTCFullYear() + SEALING_CERT_YEARS);
  const subject = [
    { name: 'commonName', value: `${input.tenantName} document seal`, valueTagClass: UTF8 },
    { name: 'organizationName', value: input.tenantName, valueTagClass: UTF8 },
    { name: 'organizationalUnitName', value: `Tranche tenant ${input.tenantId}`, valueTagClass: UTF8 },
  ] as unknown as forge.pki.CertificateField[];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  const key = forge.pki.privateKeyFromPem(privateKey);
  cert.sign(key, forge.md.sha256.create());
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    certPem: forge.pki.certificateToPem(cert),
    keyPem: privateKey,
    fingerprint: createHash('sha256').update(Buffer.from(der, 'binary')).digest('hex'),
    notBefore: cert.validity.notBefore.toISOString(),
    notAfter: cert.validity.notAfter.toISOString(),
  };
};

/** Whether a certificate must be replaced before sealing at `now`. */
export const needsRenewal = (cert: Pick<SealingCertificate, 'notAfter'>, now: Date): boolean =>
  Date.parse(cert.notAfter) - now.getTime() < SEALING_CERT_RENEW_DAYS * 86_400_000;

/**
 * The certificate and key as a PKCS#12 bundle, the form @signpdf/signer-p12 takes. Built in memory
 * at sealing time under a one-off passphrase: the bundle is never stored, the key at rest is only
 * ever the secret box's envelope.
 */
export const toP12 = (cert: Pick<SealingCertificate, 'certPem' | 'keyPem'>): { p12: Buffer; passphrase: string } => {
  const passphrase = randomBytes(18).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(cert.keyPem),
    [forge.pki.certificateFromPem(cert.certPem)],
    passphrase,
    { algorithm: 'aes256', count: 2048 },
  );
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase };
};
