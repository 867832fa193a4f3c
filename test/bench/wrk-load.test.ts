import { describe, expect, it } from 'vitest';
import { parseWrkOutput, wrkScript } from '../../scripts/bench/wrk.js';

const REPORT = `Running 5s test @ http://127.0.0.1:40111
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.10ms    1.02ms  31.22ms   91.00%
    Req/Sec    24.32k     1.10k   26.01k    80.00%
  Latency Distribution
     50%    1.95ms
     75%    2.31ms
     90%    2.80ms
     99%  850.00us
  121000 requests in 5.00s, 26.55MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 40
Requests/sec:  24200.00
Transfer/sec:      5.31MB
`;

describe('the wrk load generator of the benches', () => {
  it('reads requests, rate, percentiles in their units, socket errors and non-2xx answers from its report', () => {
    expect(parseWrkOutput(REPORT)).toEqual({ requests: 121000, reqPerSec: 24200, p50: 1.95, p99: 0.85, errors: 3, non2xx: 40 });
  });

  it('writes header names as table keys, not as Lua long strings opened by a doubled bracket', () => {
    const script = wrkScript([{ method: 'POST', path: '/plants', headers: { authorization: 'Bearer t' }, body: '{"a":[1]}' }]);
    expect(script).toContain('{ [ [==[authorization]==] ] = [==[Bearer t]==] }');
    expect(script).toContain('[==[{"a":[1]}]==]');
    expect(script).not.toContain('[[');
  });
});
