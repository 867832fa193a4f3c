// The coverage view: a matrix of operations x documented statuses (served, never served, undocumented),
// the requests that broke the contract with a link to their journal entries, and the request parts
// never sent. Polled from /__mock/coverage while shown. Text from the server is only set as textContent.

(() => {
  const { $, el, api, pollingView, withSpec, pickedDocument } = window.mockDashboard;

  /** Documented codes in a stable order: exact statuses, then ranges like 4XX, then default. */
  function statusOrder(a, b) {
    const rank = (s) => (/^\d{3}$/.test(s) ? 0 : s === 'default' ? 2 : 1);
    return rank(a) - rank(b) || a.localeCompare(b);
  }

  function cell(operation, status) {
    const response = operation.responses.find((r) => r.status === status);
    if (!response) return el('td', { class: 'cell none' }, '-');
    const media = response.mediaTypes || [];
    const servedTypes = media.filter((m) => m.served > 0).length;
    const kind = !response.documented ? 'undocumented' : servedTypes === media.length ? 'served' : servedTypes > 0 ? 'partial' : 'never';
    const title = response.documented
      ? media.map((m) => `${m.mediaType || 'no content'}: ${m.served}`).join('\n')
      : `undocumented status, answered ${response.served} time(s)`;
    return el('td', { class: `cell ${kind}`, title, 'data-status': status }, String(response.served));
  }

  function showInJournal(operation) {
    // The journal's own filter: the method and the path up to its first template parameter.
    // The journal keeps paths as sent: with several documents, behind the picked one's base path.
    const base = pickedDocument()?.base ?? '/';
    const prefix = (base === '/' ? '' : base) + operation.path.split('{')[0];
    $('filter').value = `${operation.method} ${prefix}`;
    $('only-invalid').checked = true;
    $('filter').dispatchEvent(new Event('input'));
    show(false);
  }

  function render(report) {
    const { summary } = report;
    $('coverage-summary').textContent =
      `${summary.percent}% of documented responses served (${summary.documentedResponsesServed} of ${summary.documentedResponses}), ` +
      `${summary.operationsExercised} of ${summary.operations} operations exercised, ${summary.violations} violation(s), ${summary.requests} request(s)`;
    const documented = [...new Set(report.operations.flatMap((o) => o.responses.filter((r) => r.documented).map((r) => r.status)))];
    const undocumented = [...new Set(report.operations.flatMap((o) => o.responses.filter((r) => !r.documented).map((r) => r.status)))];
    const statuses = [...documented.sort(statusOrder), ...undocumented.filter((s) => !documented.includes(s)).sort()];
    const head = el('tr', {}, el('th', {}, 'operation'), el('th', {}, 'requests'), ...statuses.map((s) => el('th', {}, s)));
    const rows = report.operations.map((o) =>
      el('tr', {}, el('td', {}, `${o.method} ${o.path}`), el('td', {}, String(o.requests)), ...statuses.map((s) => cell(o, s))),
    );
    $('coverage-matrix').replaceChildren(el('thead', {}, head), el('tbody', {}, ...rows));

    const violations = report.operations.filter((o) => o.violations > 0);
    const codes = (rejected) =>
      Object.entries(rejected)
        .map(([code, n]) => `${code} x${n}`)
        .join(', ');
    const items = violations.map((o) => {
      const link = el('a', { href: '#', class: 'journal-link' }, 'show in journal');
      link.addEventListener('click', (event) => {
        event.preventDefault();
        showInJournal(o);
      });
      return el('li', {}, `${o.method} ${o.path}: ${o.violations} (${codes(o.rejected)})`, link);
    });
    if (report.unmatched.violations > 0)
      items.push(el('li', {}, `no operation: ${report.unmatched.violations} (${codes(report.unmatched.rejected)})`));
    $('coverage-violations').replaceChildren(...(items.length ? items : [el('li', { class: 'none' }, 'none')]));
    const neverSent = report.operations.filter((o) => o.neverSent.length > 0);
    $('coverage-never-sent').replaceChildren(
      ...(neverSent.length
        ? neverSent.map((o) => el('li', {}, `${o.method} ${o.path}: ${o.neverSent.join(', ')}`))
        : [el('li', {}, 'none')]),
    );
  }

  async function refresh() {
    const response = await api(withSpec('/coverage'));
    if (response.ok) render(await response.json());
  }

  const show = pollingView('coverage', refresh);
  $('coverage-reset').addEventListener('click', async () => {
    await api(withSpec('/coverage'), { method: 'DELETE' });
    refresh();
  });
})();
