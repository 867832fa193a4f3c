// The lint view: what the mock found wrong in the document itself (GET /__mock/document): invalid
// examples and defaults, unroutable templates, callbacks, patterns; polled while shown, since the
// examples are checked in the background after start-up. Text from the server is only set as textContent.

(() => {
  const { $, el, api, pollingView, withSpec } = window.mockDashboard;

  function render(view) {
    const findings = view.lint.findings;
    const progress = view.lint.complete ? '' : ' (still checking the examples)';
    $('lint-summary').textContent = `${findings.length} finding(s) in ${view.title} ${view.version}${progress}`;
    const rows = findings.map((f) =>
      el(
        'tr',
        { 'data-kind': f.kind },
        el('td', {}, f.kind),
        el('td', {}, f.operation ?? ''),
        el('td', {}, f.pointer),
        el('td', {}, f.message),
      ),
    );
    $('lint-findings').replaceChildren(...rows);
  }

  async function refresh() {
    const response = await api(withSpec('/document'));
    if (response.ok) render(await response.json());
    else $('lint-summary').textContent = `Could not read the document's lint (${response.status})`;
  }

  pollingView('lint', refresh);
})();
