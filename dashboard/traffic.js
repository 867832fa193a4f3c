// The traffic chart above the journal: requests per second by status class (and faults), and the p50 and p99
// latency, over the last minute, five or fifteen minutes in sixty steps, for all traffic, one session or one document.
// Plain SVG drawn from the journal entries the page already follows (no extra request, no library).

(() => {
  const { $, el, onEntries } = window.mockDashboard;
  const SVG = 'http://www.w3.org/2000/svg';
  const STEPS = 60;
  const RATE_HEIGHT = 120;
  const LATENCY_HEIGHT = 70;
  /** Answers kept at most: past it, the oldest go (the chart then shows the latest ones). */
  const MAX_KEPT = 20_000;
  const CLASSES = [
    { name: '2xx', test: (e) => !e.fault && e.status >= 200 && e.status < 300 },
    { name: '3xx', test: (e) => !e.fault && e.status >= 300 && e.status < 400 },
    { name: '4xx', test: (e) => !e.fault && e.status >= 400 && e.status < 500 },
    { name: '5xx', test: (e) => !e.fault && e.status >= 500 },
    { name: 'fault', test: (e) => Boolean(e.fault) },
  ];
  /** Answers to the API in the window: time, status, duration, session, document. Callbacks the mock sent are not traffic. */
  let seen = [];

  onEntries((entries, replace) => {
    const answers = entries
      .filter((e) => !e.callback)
      .map((e) => ({
        id: e.id,
        time: typeof e.time === 'number' ? e.time : Date.parse(e.time),
        status: e.response.status,
        fault: e.fault,
        ms: e.durationMs,
        session: e.session || '',
        spec: e.spec || '',
      }));
    if (replace) seen = answers;
    else {
      const newest = seen.length === 0 ? -1 : seen[seen.length - 1].id;
      for (const answer of answers) if (answer.id > newest) seen.push(answer);
    }
    if (seen.length > MAX_KEPT) seen.splice(0, seen.length - MAX_KEPT);
    if (replace) seen.sort((a, b) => a.id - b.id);
  });

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    node.append(...children);
    return node;
  }

  function scopeTest() {
    const [kind, value] = ($('traffic-scope').value || 'all:').split(/:(.*)/s);
    if (kind === 'session') return (e) => e.session === value;
    if (kind === 'document') return (e) => e.spec === value;
    return () => true;
  }

  /** The scope choices: all traffic, each session and each document seen, the chosen one kept. */
  function updateScopes() {
    const select = $('traffic-scope');
    const chosen = select.value;
    const options = [['all:', 'all traffic']];
    for (const session of [...new Set(seen.map((e) => e.session))].sort())
      options.push([`session:${session}`, `session ${session || '(default)'}`]);
    for (const spec of [...new Set(seen.map((e) => e.spec).filter(Boolean))].sort()) options.push([`document:${spec}`, `document ${spec}`]);
    if (select.options.length === options.length && options.every(([value], i) => select.options[i].value === value)) return;
    select.replaceChildren(...options.map(([value, text]) => el('option', { value }, text)));
    select.value = options.some(([value]) => value === chosen) ? chosen : 'all:';
  }

  function percentile(sorted, p) {
    return sorted.length === 0 ? undefined : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  }

  /** Milliseconds of one step: the window picked (60, 300 or 900 seconds) over sixty steps. */
  const stepMs = () => (Number($('traffic-window').value) * 1000) / STEPS;

  function buckets(now, step) {
    const start = now - STEPS * step;
    seen = seen.filter((e) => e.time >= start);
    const inScope = scopeTest();
    const list = Array.from({ length: STEPS }, () => ({ counts: CLASSES.map(() => 0), ms: [] }));
    for (const e of seen) {
      if (!inScope(e)) continue;
      const bucket = list[Math.min(STEPS - 1, Math.floor((e.time - start) / step))];
      bucket.counts[CLASSES.findIndex((c) => c.test(e))]++;
      bucket.ms.push(e.ms);
    }
    for (const bucket of list) bucket.ms.sort((a, b) => a - b);
    return list;
  }

  function draw() {
    updateScopes();
    const step = stepMs();
    // Drawn at the size shown: text and dots keep their shape.
    const WIDTH = Math.max(300, $('traffic-rate').clientWidth || 600);
    $('traffic-rate').setAttribute('viewBox', `0 0 ${WIDTH} ${RATE_HEIGHT + 2}`);
    $('traffic-latency').setAttribute('viewBox', `0 0 ${WIDTH} ${LATENCY_HEIGHT + 2}`);
    // Sixty steps of the window picked; the older answers leave.
    const list = buckets(Date.now(), step);
    const width = WIDTH / STEPS;
    const perSecond = (count) => count / (step / 1000);
    const top = Math.max(1, ...list.map((b) => perSecond(b.counts.reduce((a, c) => a + c, 0))));
    const bars = [];
    list.forEach((bucket, i) => {
      let y = RATE_HEIGHT;
      bucket.counts.forEach((count, c) => {
        if (count === 0) return;
        const h = (perSecond(count) / top) * (RATE_HEIGHT - 10);
        y -= h;
        bars.push(
          svg(
            'rect',
            { class: `c${CLASSES[c].name}`, x: i * width + 1, y, width: width - 2, height: h },
            svg('title', {}, `${CLASSES[c].name}: ${perSecond(count).toFixed(1)} req/s`),
          ),
        );
      });
    });
    const p50 = list.map((b) => percentile(b.ms, 50));
    const p99 = list.map((b) => percentile(b.ms, 99));
    const slowest = Math.max(1, ...p99.filter((v) => v !== undefined));
    const at = (v, i) => [(i + 0.5) * width, LATENCY_HEIGHT - (v / slowest) * (LATENCY_HEIGHT - 12)];
    const line = (values, name) => [
      svg('polyline', {
        class: name,
        points: values
          .map((v, i) => (v === undefined ? '' : at(v, i).join(',')))
          .filter(Boolean)
          .join(' '),
      }),
      // A dot per step: a lone step has no line to show.
      ...values.flatMap((v, i) => (v === undefined ? [] : [svg('circle', { class: name, cx: at(v, i)[0], cy: at(v, i)[1], r: 2 })])),
    ];
    const label = (x, y, text, anchor = 'start') => svg('text', { x, y, 'text-anchor': anchor }, text);
    $('traffic-rate').replaceChildren(
      svg('line', { x1: 0, x2: WIDTH, y1: RATE_HEIGHT, y2: RATE_HEIGHT, class: 'axis' }),
      ...bars,
      label(2, 10, `${top.toFixed(1)} req/s`),
      label(WIDTH - 2, 10, `${step / 1000}-second steps`, 'end'),
    );
    $('traffic-latency').replaceChildren(
      svg('line', { x1: 0, x2: WIDTH, y1: LATENCY_HEIGHT, y2: LATENCY_HEIGHT, class: 'axis' }),
      ...line(p99, 'p99'),
      ...line(p50, 'p50'),
      label(2, 10, `${slowest.toFixed(1)} ms`),
    );
    const last = [...list].reverse().find((b) => b.ms.length > 0);
    const total = list.reduce((sum, b) => sum + b.ms.length, 0);
    $('traffic-now').textContent = last
      ? `${total} requests; latest step: ${perSecond(last.ms.length).toFixed(1)} req/s, p50 ${percentile(last.ms, 50).toFixed(1)} ms, p99 ${percentile(last.ms, 99).toFixed(1)} ms`
      : 'no requests in this window';
  }

  $('traffic-scope').addEventListener('change', draw);
  $('traffic-window').addEventListener('change', draw);
  // Drawn each second (the window moves on), not on every entry: a burst costs one drawing.
  setInterval(draw, 1000);
  draw();
})();
