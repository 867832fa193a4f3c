// The drift view, beside coverage: where the real service's answers (`--proxy`) broke the document, per
// operation, from GET /__mock/drift; polled while shown. Text from the server is only set as textContent.

(() => {
  const { $, el, api, pollingView, withSpec } = window.mockDashboard;

  function findings(operation) {
    if (operation.findings.length === 0) return el('td', { class: 'fits' }, 'fits the document');
    const list = el('ul', { class: 'drift-findings' });
    for (const f of operation.findings) list.append(el('li', {}, `${f.kind}: ${f.message} (x${f.answers})`));
    return el('td', {}, list);
  }

  function render(report) {
    const { upstreamAnswers, driftingAnswers, operationsDrifting } = report.summary;
    $('drift-summary').textContent =
      upstreamAnswers === 0
        ? 'No answer of the real service yet: drift is measured on the answers the proxy (--proxy) passes on.'
        : `${driftingAnswers} of ${upstreamAnswers} answer(s) of the real service drifted from the document, in ${operationsDrifting} operation(s)`;
    const head = el('tr', {}, el('th', {}, 'operation'), el('th', {}, 'answers'), el('th', {}, 'drifting'), el('th', {}, 'what drifted'));
    const rows = report.operations.map((o) =>
      el(
        'tr',
        { class: o.drifting > 0 ? 'drifting' : 'fitting', 'data-operation': `${o.method} ${o.path}` },
        el('td', {}, `${o.method} ${o.path}`),
        el('td', {}, String(o.answers)),
        el('td', { class: 'count' }, String(o.drifting)),
        findings(o),
      ),
    );
    $('drift-operations').replaceChildren(el('thead', {}, head), el('tbody', {}, ...rows));
  }

  async function refresh() {
    const response = await api(withSpec('/drift'));
    if (response.ok) render(await response.json());
    else $('drift-summary').textContent = `Could not read the drift (${response.status})`;
  }

  pollingView('drift', refresh);
})();
