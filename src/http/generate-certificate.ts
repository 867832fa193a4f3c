import { generateKeyPair, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import type { pki as Pki } from 'node-forge';

/** A certificate authority made for one server, and the server certificate it signed. */
export interface GeneratedCertificate {
  /** PEM of the CA: what a client trusts (NODE_EXTRA_CA_CERTS, curl --cacert, a browser's store). */
  readonly ca: string;
  readonly cert: string;
  readonly key: string;
}

const DAY_MS = 86_400_000;
/** Long enough for any test run or development session, short enough that a leaked CA soon stops mattering. */
const VALID_DAYS = 30;

/**
 * A fresh CA and a server certificate it signs for `names` (DNS names and IP addresses), through
 * node-forge (loaded only here); `client`: a client certificate instead (tests of mutual TLS use it). The keys come from Node's own generator; a new CA per server, its key
 * never written anywhere, so trusting it trusts nothing else.
 */
export async function generateCertificate(
  names: readonly string[],
  purpose: 'server' | 'client' = 'server',
): Promise<GeneratedCertificate> {
  const { default: forge } = await import('node-forge');
  const { pki } = forge;
  // Node's generator, off the main thread and both at once: RSA key generation is most of the cost.
  const keyPair = async () => {
    const { privateKey } = await promisify(generateKeyPair)('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const key = pki.privateKeyFromPem(privateKey) as Pki.rsa.PrivateKey;
    return { privateKey: key, publicKey: pki.rsa.setPublicKey(key.n, key.e), pem: privateKey };
  };
  const [caKeys, serverKeys] = await Promise.all([keyPair(), keyPair()]);
  const now = Date.now();
  const stamp = (certificate: Pki.Certificate) => {
    certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
    certificate.validity.notBefore = new Date(now - DAY_MS);
    certificate.validity.notAfter = new Date(now + VALID_DAYS * DAY_MS);
  };

  const ca = pki.createCertificate();
  stamp(ca);
  ca.publicKey = caKeys.publicKey;
  const caName = [
    { name: 'commonName', value: `plantstore-mock local CA ${randomBytes(4).toString('hex')}` },
    { name: 'organizationName', value: 'plantstore-mock' },
  ];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const cert = pki.createCertificate();
  stamp(cert);
  cert.publicKey = serverKeys.publicKey;
  cert.setSubject([{ name: 'commonName', value: names[0] ?? 'localhost' }]);
  cert.setIssuer(caName);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: purpose === 'server', clientAuth: purpose === 'client' },
    { name: 'subjectAltName', altNames: names.map((name) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })) },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKeys.privateKey, forge.md.sha256.create());
  return { ca: pki.certificateToPem(ca), cert: pki.certificateToPem(cert), key: serverKeys.pem };
}
