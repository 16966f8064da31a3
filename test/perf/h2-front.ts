/**
 * An HTTP/2 front for the local stack, so that Lighthouse loads the portal over the protocol its
 * visitors get. CloudFront serves the site over HTTP/2 (the CDK distribution's default; HTTP/3 where
 * the browser offers it); the local gateway speaks HTTP/1.1, and Lighthouse's simulated phone then
 * queues a page's two dozen requests six at a time behind a 150 ms round trip each, which no visitor
 * meets: the fund page measured 0.7 s slower over HTTP/1.1 than through this front (docs/decisions.md,
 * "Lighthouse over HTTP/2"). Browsers speak HTTP/2 over TLS only, so the front holds a self-signed
 * certificate for localhost, made at start and trusted by the Lighthouse browser alone
 * (`--ignore-certificate-errors`). Every request is passed on as it came, every answer (status,
 * headers, compressed body) as the gateway gave it, less the connection headers HTTP/2 forbids.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';

/** Headers that name a hop's connection, not the message: HTTP/2 forbids them (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** A certificate for localhost, valid for a day, signed by its own key. */
const selfSigned = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const name = [{ name: 'commonName', value: 'localhost' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { key: privateKey, cert: forge.pki.certificateToPem(cert) };
};

const passOn = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name, value]) => value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name),
    ),
  ) as OutgoingHttpHeaders;

/** Starts the front on a free port of localhost; `url` is its https origin. */
export const startHttp2Front = async (target: string) => {
  const origin = new URL(target);
  const server = createSecureServer({ ...selfSigned(), allowHTTP1: true }, (req, res) => {
    const upstream = httpRequest(
      {
        host: origin.hostname,
        port: origin.port,
        method: req.method,
        path: req.url,
        headers: { ...passOn(req.headers), host: origin.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, passOn(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    stop: () => void server.close(),
  };
};
