/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the parts this project reads and writes. */
export interface HarNameValue {
  readonly name: string;
  readonly value: string;
}

export interface HarRequest {
  readonly method: string;
  readonly url: string;
  readonly httpVersion: string;
  readonly cookies: readonly HarNameValue[];
  readonly headers: readonly HarNameValue[];
  readonly queryString: readonly HarNameValue[];
  readonly postData?: { readonly mimeType: string; readonly text?: string; readonly params?: readonly HarNameValue[] };
  readonly headersSize: number;
  readonly bodySize: number;
}

export interface HarContent {
  readonly size: number;
  readonly mimeType: string;
  readonly text?: string;
  readonly encoding?: string;
}

export interface HarResponse {
  readonly status: number;
  readonly statusText: string;
  readonly httpVersion: string;
  readonly cookies: readonly HarNameValue[];
  readonly headers: readonly HarNameValue[];
  readonly content: HarContent;
  readonly redirectURL: string;
  readonly headersSize: number;
  readonly bodySize: number;
}

export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: HarRequest;
  readonly response: HarResponse;
  readonly cache: Record<string, never>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
  /** Custom fields start with `_` (HAR 1.2): the mock's session, operation and where the answer came from. */
  readonly [custom: `_${string}`]: unknown;
}

export interface HarLog {
  readonly log: {
    readonly version: '1.2';
    readonly creator: { readonly name: string; readonly version: string };
    readonly entries: readonly HarEntry[];
  };
}
