/**
 * The local hosted UI's TLS certificate. Amplify reaches the hosted UI only over https (it builds
 * `https://<oauth domain>/oauth2/...`), so the local stack serves it over TLS with a self-signed
 * certificate for localhost, made once per data folder and kept there: a browser that was told to
 * trust it keeps trusting it across restarts. The end-to-end browser trusts exactly this key (its
 * SPKI hash); a developer's browser asks once (docs/local-stack.md, "Google sign-in locally").
 */
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface HostedUiCertificate {
  key: string;
  cert: string;
  /** Base64 SHA-256 of the public key (SPKI): what Chromium's --ignore-certificate-errors-spki-list takes. */
  spkiSha256: string;
}

/** Renewed this long before it expires (browsers refuse certificates valid over 398 days). */
const VALID_DAYS = 397;
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;

export function spkiHashOf(certPem: string): string {
  const der = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

export async function hostedUiCertificate(dir: string): Promise<HostedUiCertificate> {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  if (existsSync(keyFile) && existsSync(certFile)) {
    const cert = readFileSync(certFile, 'utf8');
    if (Date.parse(new X509Certificate(cert).validTo) - Date.now() > RENEW_BEFORE_MS)
      return { key: readFileSync(keyFile, 'utf8'), cert, spkiSha256: spkiHashOf(cert) };
  }
  const now = new Date();
  const made = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + VALID_DAYS * 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyFile, made.private, { mode: 0o600 });
  writeFileSync(certFile, made.cert);
  return { key: made.private, cert: made.cert, spkiSha256: spkiHashOf(made.cert) };
}
