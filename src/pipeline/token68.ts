/** RFC 6750 §2.1 b64token: what a bearer token may consist of. */
export const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
