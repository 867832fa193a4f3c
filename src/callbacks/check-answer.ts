import { isJsonMediaType } from '../openapi/media-type.js';
import type { MockCallback } from '../openapi/operation.js';
import { checkCallbackAnswer } from '../prism/prism-engine.js';
import type { Delivered } from './deliver.js';

/** What is wrong with a consumer's answer to a callback or webhook, against the responses the document lists. */
export function checkAnswer(callback: MockCallback, answer: Delivered): string[] {
  if (answer.truncated) return [`the answer is longer than the ${answer.body.length} bytes read`];
  const contentType = answer.headers['content-type'];
  let body: unknown = answer.body;
  if (contentType !== undefined && isJsonMediaType(contentType) && answer.body !== '') {
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`the answer is labelled ${contentType} but is not JSON`];
    }
  }
  try {
    return checkCallbackAnswer(callback, answer.status, answer.headers, body);
  } catch (error) {
    return [`the answer could not be checked: ${(error as Error).message.split('\n')[0]}`];
  }
}
