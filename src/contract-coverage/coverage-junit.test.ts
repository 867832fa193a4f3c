import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { hostileReport } from '../../test/contract-coverage/hostile-report.js';
import { coverageJunit, xml } from './coverage-junit.js';

describe('coverageJunit', () => {
  const text = coverageJunit(hostileReport());

  it('is well-formed XML whatever the names hold', () => {
    expect(XMLValidator.validate(text)).toBe(true);
  });

  it('has one test case per documented response, one per operation for violations, and one for unmatched requests', () => {
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'testcase'].includes(name),
    }).parse(text);
    const root = parsed.testsuites;
    expect(root).toMatchObject({ tests: '6', failures: '4' });
    const [post, get, unmatched] = root.testsuite;
    expect(post.name).toBe('POST /a|b/<x>');
    expect(post.testcase.map((c: { name: string }) => c.name)).toEqual([
      'answers 200 application/json',
      'answers 4XX application/problem+json',
      'sends nothing the contract forbids',
    ]);
    expect(post.testcase[0].failure).toBeUndefined();
    expect(post.testcase[1].failure.message).toBe('no request was answered 4XX application/problem+json by POST /a|b/<x>');
    expect(post.testcase[2].failure.message).toContain('2 request(s) broke the contract: INVALID_REQUEST x2; never sent: body.a|b');
    expect(get.testcase).toHaveLength(2);
    expect(get.testcase[0].failure.message).toContain('answered 204');
    expect(unmatched.testcase[0].failure.message).toContain('NOT_FOUND x1');
  });

  it('escapes markup and replaces characters XML cannot hold', () => {
    expect(xml('a<b>&"\'\u0000\n')).toBe('a&lt;b&gt;&amp;&quot;&apos;\uFFFD&#10;');
    expect(xml('\uD800x')).toBe('\uFFFDx');
  });
});
