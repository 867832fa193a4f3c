// The state view: the stateful simulator's records of one session (GET /__mock/state), a table per
// collection, polled while shown. Text from the server is only set as textContent.

(() => {
  const { $, el, api, pollingView, withSpec } = window.mockDashboard;

  const text = (value) => (typeof value === 'string' ? value : JSON.stringify(value));

  function collection(path, records) {
    const fields = [...new Set(records.flatMap((r) => Object.keys(r)))];
    const head = el('tr', {}, ...fields.map((f) => el('th', {}, f)));
    const rows = records.map((r) => el('tr', {}, ...fields.map((f) => el('td', {}, f in r ? text(r[f]) : ''))));
    return el(
      'div',
      { class: 'state-collection', 'data-path': path },
      el('h2', {}, `${path} (${records.length})`),
      el('table', {}, el('thead', {}, head), el('tbody', {}, ...rows)),
    );
  }

  function render(state) {
    const who = state.session === null ? 'the default session' : `session ${state.session}`;
    $('state-summary').textContent = state.stateful
      ? `Records of ${who}`
      : `Records of ${who} (the server runs without --stateful: only stateful scenarios keep records)`;
    const parts = Object.entries(state.collections).map(([path, records]) => collection(path, records));
    $('state-collections').replaceChildren(...(parts.length ? parts : [el('p', {}, 'No collection in this document.')]));
  }

  async function refresh() {
    const session = $('state-session').value.trim();
    const query = session ? `?session=${encodeURIComponent(session)}` : '';
    const response = await api(withSpec(`/state${query}`));
    if (response.ok) render(await response.json());
    else $('state-summary').textContent = `Could not read the state (${response.status})`;
  }

  pollingView('state', refresh);
  $('state-session').addEventListener('change', refresh);
})();
