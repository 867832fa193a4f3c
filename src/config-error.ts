/** Bad configuration (an option, a flag, the spec): the message is one line that names the culprit. */
export class MockConfigError extends Error {
  override readonly name = 'MockConfigError';
}
